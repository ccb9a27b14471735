-- Shattered Ascension, Spanish rulebook (seed 001): leaders, home systems
-- and mercenaries where 001 differs from sa-en (seed 000).
--
--   * Admirals (001 "Líderes" says nothing of them, so the TI3 rule stands):
--     a fleet attacked by a fleet with an admiral may not retreat unless it
--     has an admiral too (ti3 options_a.lua A.on_retreat_announced, which
--     sa-en's f_leaders.lua empties: 000 "Admirals do no longer prevent
--     opponent retreats"). Here it is put back, with sa-en's captive-aware
--     lookup (a captive admiral counts for nobody). sa-en's retreat step
--     opens the same retreat_announced window for both sides; as in TI3 only
--     the defender is held. (es_leaders.lua already takes away 000's free
--     retreat with an admiral.)
--   * Captives may be handed to other players in the status phase, but only
--     to a fleet or planet next to the captive's place (001 "Líderes";
--     000 has no hand-over). The captor picks a planet or a non-fighter ship
--     of another player in an adjacent system (UNCERTAIN: we count the
--     captive's own system as well); that player accepts or not. Handed to
--     its own owner the leader is back in play there ("vuelve al juego
--     dentro de ese Sistema"); handed to a third player it stays a captive,
--     now his. Then sa-en's keep / free / execute choice follows.
--   * Home systems and action cards (001 "General"): for action cards a home
--     system is one only while its own race controls it (here: holds every
--     planet in it; UNCERTAIN, 001 does not say how a system is controlled).
--     001 has no 000 rule letting the owner permit a barred card there: a
--     barred effect is simply barred in a home system its race holds, and
--     allowed in one it does not (nobody is asked). The race's own player is
--     no exception (TI3 "not in a home system" means any).
--   * Mercenaries (option sa_mercenaries, 001 "Mercenarios"): the upkeep of 1
--     trade good is paid right after the Trade strategy card has been
--     carried out (after that round's mercenary and loyalty bids), not at the
--     end of the status phase; mercenaries gained this round pay none. 001
--     also draws a mercenary after every Trade, round 1 included (000: not
--     in the first round).
--     Loyalty bids on a mercenary of its owner's race (001 l.397): 001 says
--     the owner's counter-bid must then be at least 3 trade goods, where
--     000 asks an overbid of 3. UNCERTAIN: whether 001 means a minimum
--     counter-bid of the owner (what happens when he offers less is not
--     said), a counter-bid that counts as 3 at least, or is 000's rule
--     translated loosely; sa-en's overbid of 3 stays (sa-en's
--     p_mercenary_race.lua). No mercenary in our sources has a race, so the
--     rule only acts on data that gives one.
local L = game.lib
local ESB = {}
L.sa_es_b = ESB

local function pn(p) return L.pn(p) end
local function pname(pl) return L.name("planets", pl) end
local function round_no() return game.get("game", nil, "round") or 0 end

---------------------------------------------------------------------------
-- Admirals bar enemy retreats again.
local A = L.opta
local F = L.sa_leaders
if A and F then
  function A.on_retreat_announced(ctx)
    local p, s, a = ctx.player, ctx.system, ctx.attacker
    if not p or not s or not a or p ~= ctx.defender or p == a then return end
    if F.fleet_has(a, s, "admiral") and not F.fleet_has(p, s, "admiral") then
      game.log({ key = "ti3.admiral_keeps_from_retreating", p = pn(a), q = pn(p) })
      ctx.cancel = true
    end
  end
end

---------------------------------------------------------------------------
-- Captives handed over in the status phase.

-- Places of players other than `not_p` in system s or next to it: planets,
-- then non-fighter ships.
local function handover_places(not_p, s)
  local systems = { s }
  for _, t in ipairs(game.adjacent(s, "move")) do if t ~= s then systems[#systems + 1] = t end end
  local opts, seen = {}, {}
  for _, t in ipairs(systems) do
    local pls = game.planets_of(t)
    table.sort(pls)
    for _, pl in ipairs(pls) do
      local o = game.planet_owner(pl)
      if o and o ~= not_p and not seen[pl] then seen[pl] = true; opts[#opts + 1] = { who = o, where = pl } end
    end
  end
  for _, t in ipairs(systems) do
    for _, u in ipairs(game.units { system = t, space = true }) do
      local d = u.carried == nil and u.owner ~= not_p and L.def(u.owner, u.kind)
      if d and d.class == "ship" and d.type ~= "fighter" then opts[#opts + 1] = { who = u.owner, where = u.kind .. "#" .. u.id } end
    end
  end
  return opts
end

local function place(rec, holder, where, captive_of)
  local id = tonumber(where:match("#(%d+)$") or "")
  local loc = id and { carried = id } or { planet = where }
  rec.unit = game.spawn("leader_" .. rec.type, holder, loc)
  if captive_of then game.put("unit", rec.unit, "sa_captive", captive_of) end
  rec.ship = id
  rec.planet = (not id) and where or nil
  local u = F.unit_of(rec)
  rec.system = u and u.system or nil
end

local function where_name(where)
  if game.data.planets[where] then return pname(where) end
  return where
end

function ESB.hand_over_captives()
  local list, changed = A.records(), false
  for _, rec in ipairs(list) do
    local u = rec.status == "captive" and F.unit_of(rec)
    if u and u.system then
      local q = rec.captor
      local who = pn(rec.owner) .. " " .. rec.type .. " " .. rec.name
      local places = handover_places(q, u.system)
      if #places > 0 then
        local opts, by = { "no" }, {}
        for _, x in ipairs(places) do
          local o = pn(x.who) .. " " .. x.where
          opts[#opts + 1] = o
          by[o] = x
        end
        local pick = game.choose(q, { key = "sa_es.hand_captive_to", p = pn(rec.owner), kind = rec.type, name = rec.name, id = u.id }, opts)
        local x = by[pick]
        if x and game.choose(x.who, { key = "sa_es.accept_captive", p = pn(rec.owner), kind = rec.type, name = rec.name, q = pn(q), id = u.id }, { "yes", "no" }) == "yes" then
          changed = true
          if game.unit_exists(u.id) then game.remove_unit(u.id) end
          if x.who == rec.owner then
            place(rec, rec.owner, x.where)
            rec.status, rec.captor = "board", nil
            game.log({ key = "sa_es.captive_handed_back", leader = who, place = where_name(x.where), p = pn(q) })
          else
            place(rec, x.who, x.where, rec.owner)
            rec.captor = x.who
            game.log({ key = "sa_es.captive_handed_over", leader = who, q = pn(x.who), place = where_name(x.where), p = pn(q) })
          end
        elseif x then
          game.log({ key = "sa_es.refuses_captive", p = pn(x.who), leader = who })
        end
      end
    end
  end
  if changed then game.put("game", nil, "se_leaders", list) end
end

if A and F and A.captives then
  local base_captives = A.captives
  function A.captives()
    A.sync()
    F.flush()
    ESB.hand_over_captives()
    return base_captives()
  end
end

---------------------------------------------------------------------------
-- Home systems for action cards.

-- The race (player) whose home system s is, if that player holds every
-- planet in it; nil otherwise.
function ESB.home_holder(s)
  for q = 1, game.num_players() do
    if L.home(q) == s then
      local pls = game.planets_of(s)
      if #pls == 0 then return q end
      for _, pl in ipairs(pls) do
        if game.planet_owner(pl) ~= q then return nil end
      end
      return q
    end
  end
  return nil
end

function L.sa_home_permission(p, s, what)
  local q = ESB.home_holder(s)
  if not q then return true end
  game.log({ key = "sa_es.home_system_barred", system = L.sysname(s), p = pn(q), card = L.sa_general.card_label(what, { key = "sa.the_action_card" }) })
  return false
end

---------------------------------------------------------------------------
-- Mercenaries: upkeep after Trade; no round-1 exception.
local O = L.sa_opt2
if O and O.merc_upkeep and O.after_trade and O.place_merc then
  local base_upkeep = O.merc_upkeep
  local base_place = O.place_merc
  local function opt(id) return game.options[id] end

  function O.place_merc(p, id)
    local r = base_place(p, id)
    if r then game.put("game", nil, "es_merc_round:" .. id, round_no()) end
    return r
  end

  -- The status phase pays nothing any more.
  function O.merc_upkeep() end

  function ESB.merc_upkeep()
    local now = round_no()
    -- Mercenaries gained this round are left out; the others pay.
    local list = {}
    for _, m in ipairs(O.mercs_in_play()) do
      if game.get("game", nil, "es_merc_round:" .. m.merc) ~= now then list[#list + 1] = m end
    end
    base_upkeep(list)
  end

  function O.after_trade(ctx)
    if not opt("sa_mercenaries") then return end
    local id = ctx.card
    if id ~= "trade" and id ~= "trade_ii" then return end
    O.merc_auction()
    O.loyalty_bids()
    ESB.merc_upkeep()
  end
end
