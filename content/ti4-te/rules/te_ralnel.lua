-- The Ral Nel Consortium: starting technology and units, Survival Instinct,
-- Miniaturization, the Linkships, Last Dispatch (flagship). Nanomachines and
-- the Nano-Link Permit are scripts in effects/. Data Skimmer (breakthrough)
-- catches every action card other players would discard: played, over the
-- hand limit or by an effect (all of them go through ti-common's
-- L.discard_action_card).
local L = game.lib

local function is_ralnel(p) return type(p) == "number" and p ~= 0 and game.get("player", p, "faction") == "ralnel" end
local function has_ability(p, id) return type(p) == "number" and p ~= 0 and game.holds(p, "abilities", id) end

-- The starting technology: one of four on the sheet; Psychoarchaeology and
-- AI Development Algorithm belong to Prophecy of Kings, so without it the
-- choice is between Neural Motivator and Plasma Scoring.
local RALNEL_START = { "neural_motivator", "plasma_scoring", "psychoarchaeology", "ai_development_algorithm" }
local base_chooses = L.chooses_starting_tech
function L.chooses_starting_tech(p)
  if is_ralnel(p) then return true end
  return base_chooses(p)
end
local base_options = L.starting_tech_options
function L.starting_tech_options(p)
  if not is_ralnel(p) then return base_options(p) end
  local out = {}
  for _, t in ipairs(RALNEL_START) do
    if game.data.techs[t] and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  return out
end

-- Starting units: the sheet puts 2 infantry and a PDS on each planet, the
-- space dock on Mez Lo Orz Fei Zsha (L.place_starting_units puts all on the first).
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  if is_ralnel(p) then
    for _, kind in ipairs({ "infantry", "pds" }) do
      local n = kind == "infantry" and 2 or 1
      for _, u in ipairs(game.units { owner = p, kind = kind, planet = "mez" }) do
        if n <= 0 then break end
        game.move_unit(u.id, { planet = "rep" })
        n = n - 1
      end
    end
  end
  return r
end)

--- Whether unit u (a unit table) of player p is a structure in a space area (Miniaturization: no unit abilities there).
function L.te_structure_in_space(p, u)
  return u.planet == nil and L.def(p, u.kind).class == "structure"
end

--- Moves p's ship u to system `to` (leaving a gravity rift, it first rolls for it and may be lost), taking along the fighters and ground forces in its space area that the ships staying behind cannot hold (up to its capacity); with `transport`, p may then load more of what L.transport_candidates offers in the system it left (fighters, ground forces on its planets) up to the capacity left. `path`, for a ship that moves along a path ({m = its L.movers entry, rules = the L.move_rules it moved by}): it rolls whenever the movement step would (leaving a rift, or needing a rift's bonus to arrive).
function L.te_move_ship_along(p, u, to, transport, path)
  local from = u.system
  -- Leaving a gravity rift: a die before it exits, 1-3 removes it (LRR 41.2),
  -- as in ti4's retreats; nothing is loaded onto a ship that is lost. A
  -- ship moving along a path rolls too when it passes through a rift (the
  -- movement step's test: it reaches `to` only with a rift's bonus).
  local rule = L.anomaly_rule(from)
  local rolls = rule and rule.exit_bonus
  local m = { unit = u, cost = 1 }
  if path then
    m = path.m
    local plain = L.rift_check_cost(p, m, from, to, path.rules)
    rolls = rolls or (#(path.rules.free_exit or {}) > 0 and (plain == nil or plain > m.cost))
  end
  if rolls then
    local hits = game.roll({ key = "roll_gravity_rift", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id }, 1, L.rift_survival(p, m))
    if hits == 0 then
      game.remove_unit(u.id)
      game.log({ key = "lost_in_rift", unit = u.kind .. "#" .. u.id })
      return
    end
  end
  game.move_unit(u.id, { system = to })
  game.log({ key = "moves", p = L.pn(p), unit = u.kind .. "#" .. u.id, from = L.sysname(from), system = L.sysname(to) })
  local room = L.def(p, u.kind).capacity or 0
  local cap, used = L.capacity(p, from)
  if used > cap and room > 0 then
    for _, c in ipairs(game.units { system = from, owner = p, space = true }) do
      if used <= cap or room <= 0 then break end
      if L.def(p, c.kind).transported then
        game.move_unit(c.id, { system = to })
        used, room = used - 1, room - 1
      end
    end
  end
  if not transport then return end
  -- The ship may transport (AsyncTI4's note on Survival Instinct, te_abilities.json 959c49db).
  for _, c in ipairs(L.transport_candidates(p, from, to, nil)) do
    local free = not L.transport_uses_capacity(p, c)
    if game.unit_exists(c.id) and (room > 0 or free) then
      local prompt = c.planet and { key = "transport_from", unit = c.kind .. "#" .. c.id, id = c.id, planet = L.name("planets", c.planet) }
        or { key = "transport", unit = c.kind .. "#" .. c.id, id = c.id }
      if game.choose(p, prompt, { "yes", "no" }) == "yes" then
        game.move_unit(c.id, { system = to })
        if not free then room = room - 1 end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Survival Instinct: after any player activates a system holding your
-- ships, up to 2 of your ships come in from adjacent systems without your
-- command tokens; they may transport fighters and ground forces.
---------------------------------------------------------------------------
game.on("after:activation", function(ctx)
  local s = ctx.system
  if not s then return end
  for _, p in ipairs(L.order_from(ctx.player)) do
    if has_ability(p, "survival_instinct") and #L.ships(p, s) > 0 then
      for _ = 1, 2 do
        local opts, by = { "none" }, {}
        for _, t in ipairs(game.adjacent(s, "move")) do
          if not game.has_token(t, "command", p) then
            for _, u in ipairs(L.ships(p, t)) do
              if (L.def(p, u.kind).move or 0) > 0 then
                local o = u.kind .. "#" .. u.id
                opts[#opts + 1] = o
                by[o] = u
              end
            end
          end
        end
        if #opts == 1 then break end
        local pick = game.choose(p, { key = "te.survival_instinct", system = L.sysname(s) }, opts)
        if pick == "none" then break end
        L.te_move_ship_along(p, by[pick], s, true)
      end
    end
  end
end)

---------------------------------------------------------------------------
-- Miniaturization.
---------------------------------------------------------------------------
local base_candidates = L.transport_candidates
function L.transport_candidates(p, s, target, ctx)
  local cands = base_candidates(p, s, target, ctx)
  if has_ability(p, "miniaturization") then
    for _, u in ipairs(game.units { system = s, owner = p }) do
      if L.def(p, u.kind).class == "structure" then cands[#cands + 1] = u end
    end
  end
  return cands
end

local base_uses_capacity = L.transport_uses_capacity
function L.transport_uses_capacity(p, u)
  if has_ability(p, "miniaturization") and L.def(p, u.kind).class == "structure" then return false end
  return base_uses_capacity(p, u)
end

-- A structure in a space area produces nothing.
local base_production = L.production
function L.production(p, s)
  local n = base_production(p, s)
  if is_ralnel(p) then
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      if L.te_structure_in_space(p, u) then
        local prod = L.def(p, u.kind).production
        if type(prod) == "number" then n = n - prod
        elseif type(prod) == "table" then n = n - (prod.plus_resources or 0) end
      end
    end
  end
  return math.max(n, 0)
end

--- Whether p may put structure u on planet pl (a planet p controls; at most 2 PDS and 1 space dock there).
function L.te_structure_fits(p, u, pl)
  -- (no unit is placed under Demilitarized Zone: ti4's L.may_place_on; no
  -- PDS cap while Homeland Defense Act is in play, "for", LRR 85.5)
  if game.planet_owner(pl) ~= p or L.te_is_station(pl) or not L.may_place_on(pl) then return false end
  local d = L.def(p, u.kind)
  local hda = game.get("game", nil, "law:homeland_defense_act") == "for"
  local most = (d.type == "pds" and not hda and 2) or (d.type == "space_dock" and 1) or nil
  return most == nil or game.count_units { owner = p, planet = pl, kind = u.kind } < most
end

--- p may put each of their structures in the space area of system(s) `systems` (a list), or coming from them onto `to`, onto a planet p controls in `to` (or in its own system when `to` is nil). Returns how many were placed.
function L.te_place_structures(p, systems, to, key)
  local n = 0
  for _, s in ipairs(systems) do
    for _, u in ipairs(game.units { system = s, owner = p }) do
      local from_space = u.planet == nil
      if L.def(p, u.kind).class == "structure" and (to ~= nil or from_space) then
        local opts = { "none" }
        for _, pl in ipairs(game.planets_of(to or s)) do
          if L.te_structure_fits(p, u, pl) then opts[#opts + 1] = pl end
        end
        if #opts > 1 then
          local pick = game.choose(p, { key = key, unit = u.kind .. "#" .. u.id, id = u.id }, opts)
          if pick ~= "none" then
            game.move_unit(u.id, { planet = pick })
            game.log({ key = "te.structure_placed", p = L.pn(p), unit = u.kind .. "#" .. u.id, planet = L.name("planets", pick) })
            n = n + 1
          end
        end
      end
    end
  end
  return n
end

game.on("after:tactical_action", function(ctx)
  local p = ctx.player
  if not has_ability(p, "miniaturization") then return end
  local systems, seen = {}, {}
  for _, u in ipairs(game.units { owner = p, space = true }) do
    if L.te_structure_in_space(p, u) and not seen[u.system] then
      seen[u.system] = true
      systems[#systems + 1] = u.system
    end
  end
  table.sort(systems)
  L.te_place_structures(p, systems, nil, "te.miniaturization_place")
end)

---------------------------------------------------------------------------
-- Space cannon: a structure in space fires nothing itself; each Linkship
-- fires the space cannon of one of p's structures in its space area (Linkship
-- I: each structure once; Linkship II: several may use the same one).
---------------------------------------------------------------------------
local base_shooters = L.space_cannon_shooters
function L.space_cannon_shooters(q, t, s)
  local list = base_shooters(q, t, s)
  if not is_ralnel(q) then return list end
  local kept, sources = {}, {}
  for _, x in ipairs(list) do
    if L.te_structure_in_space(q, x.unit) then
      sources[#sources + 1] = x
    else
      kept[#kept + 1] = x
    end
  end
  -- structures in space whose cannon does not reach s are not sources either
  if #sources == 0 then
    for _, u in ipairs(game.units { system = t, owner = q, space = true }) do
      local d = L.def(q, u.kind)
      if L.te_structure_in_space(q, u) and d.space_cannon and (t == s or (d.space_cannon.range or 0) >= 1) then
        sources[#sources + 1] = { unit = u, sc = d.space_cannon, def = d }
      end
    end
  end
  if #sources == 0 then return kept end
  local i = 0
  for _, u in ipairs(L.ships(q, t)) do
    local d = L.def(q, u.kind)
    if d.id == "ralnel_destroyer" or d.id == "ralnel_destroyer_2" then
      local src
      if d.id == "ralnel_destroyer_2" then src = sources[1] else i = i + 1; src = sources[i] end
      if src then kept[#kept + 1] = { unit = u, sc = src.sc, def = src.def } end
    end
  end
  return kept
end

---------------------------------------------------------------------------
-- Last Dispatch: when it retreats, the Ral Nel player may destroy one ship
-- without sustain damage in the system it leaves (our reading: another
-- player's ship).
---------------------------------------------------------------------------
local base_retreat_cargo = L.retreat_cargo
function L.retreat_cargo(p, s, t)
  if p ~= 0 and L.has_unit(p, "flagship") and game.count_units { owner = p, kind = "flagship", system = s } > 0 and L.has_flagship_ability(p, "flagship", "ralnel_flagship") then
    local opts, by = { "none" }, {}
    for _, u in ipairs(L.effect_other_ships(p, s)) do
      if not L.def(u.owner, u.kind).sustain_damage then
        local o = u.kind .. "#" .. u.id
        opts[#opts + 1] = o
        by[o] = u
      end
    end
    if #opts > 1 then
      local pick = game.choose(p, { key = "te.last_dispatch", system = L.sysname(s) }, opts)
      if pick ~= "none" then L.destroy_unit(by[pick], { source = p, system = s, label = "last_dispatch" }) end
    end
  end
  return base_retreat_cargo(p, s, t)
end

---------------------------------------------------------------------------
-- Data Skimmer (breakthrough): in the action phase, until its holder passes,
-- action cards other players discard go onto it (zone skimmer:<p>); when the
-- holder passes they take one into their hand and discard the rest.
---------------------------------------------------------------------------
game.on("before:action_phase", function() game.put("game", nil, "te_action_phase", true) end)
game.on("after:action_phase", function() game.put("game", nil, "te_action_phase", nil) end)

--- The player whose Data Skimmer takes the action cards p discards now, or nil.
function L.te_skimmer_of(p)
  if not game.get("game", nil, "te_action_phase") then return nil end
  for q = 1, game.num_players() do
    if q ~= p and game.holds(q, "breakthroughs", "data_skimmer") and not game.get("game", nil, "passed:" .. q) then return q end
  end
  return nil
end

local base_discard = L.discard_action_card
function L.discard_action_card(p, id)
  local q = L.te_skimmer_of(p)
  if not q then return base_discard(p, id) end
  if game.get("game", nil, "te_skimmer_zone:" .. q) == nil then
    game.zone_new("skimmer:" .. q, q)
    game.put("game", nil, "te_skimmer_zone:" .. q, true)
  end
  game.move_card(id, "actions:" .. p, "skimmer:" .. q)
  game.log({ key = "te.data_skimmer_takes", p = L.pn(q), card = L.name("action_cards", id) })
end

game.on("turn_end", function(ctx)
  local p = ctx.player
  if not (game.get("game", nil, "passed:" .. p) and game.get("game", nil, "te_skimmer_zone:" .. p)) then return end
  local zone = "skimmer:" .. p
  if game.zone_count(zone) == 0 then return end
  local cards, seen = {}, {}
  for _, c in ipairs(game.zone(zone)) do
    if not seen[c] then seen[c] = true; cards[#cards + 1] = c end
  end
  table.sort(cards)
  local keep = game.choose(p, { key = "te.data_skimmer_keep" }, cards)
  game.move_card(keep, zone, "actions:" .. p)
  game.log({ key = "te.data_skimmer_keeps", p = L.pn(p), card = L.name("action_cards", keep) })
  local rest = {}
  for _, c in ipairs(game.zone(zone)) do rest[#rest + 1] = c end
  for _, c in ipairs(rest) do game.move_card(c, zone, "discard:actions") end
  game.call("hand_limit", p)
end)

-- The action cards on an eliminated player's Data Skimmer are discarded,
-- as those in their hand (LRR 33.5).
local base_eliminate = L.eliminate
function L.eliminate(p)
  local zone = "skimmer:" .. p
  if game.get("game", nil, "te_skimmer_zone:" .. p) then
    local rest = {}
    for _, c in ipairs(game.zone(zone)) do rest[#rest + 1] = c end
    for _, c in ipairs(rest) do game.move_card(c, zone, "discard:actions") end
  end
  return base_eliminate(p)
end
