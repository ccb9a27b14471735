-- The Deepwrought Scholarate: two starting technologies, Research Team,
-- Oceanbound and the ocean cards, Hydrothermal Mining, Radical Advancement,
-- D.W.S. Luminous (flagship). Share Knowledge and Visionaria Select are
-- scripts in effects/.
local L = game.lib

local function is_deepwrought(p) return type(p) == "number" and p ~= 0 and game.get("player", p, "faction") == "deepwrought" end
local function has_ability(p, id) return type(p) == "number" and p ~= 0 and game.holds(p, "abilities", id) end

-- Two starting technologies: the sheet has its owner research technology
-- twice during set-up, so each is one the player could research then (its
-- prerequisites met by the technologies already taken: the second may build
-- on the first, a Deepwrought technology included).
local base_chooses = L.chooses_starting_tech
function L.chooses_starting_tech(p)
  if is_deepwrought(p) then return true end
  return base_chooses(p)
end

--- How many prerequisites technology `id` has in all.
function L.te_prereq_count(id)
  local d = game.data.techs[id]
  local n = 0
  for _, c in ipairs(game.keys(d.requires or {})) do n = n + d.requires[c] end
  return n
end

local base_options = L.starting_tech_options
function L.starting_tech_options(p)
  if not is_deepwrought(p) then return base_options(p) end
  return L.researchable(p)
end

local OCEANS = "deck:oceans"
local function oceans(p) return "oceans:" .. p end

local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  if is_deepwrought(p) then
    -- the second starting technology (the first was asked by ti4's set-up)
    L.choose_starting_tech(p)
    -- the ocean cards, in a fixed order
    game.zone_new(OCEANS, nil, game.keys(game.data.ocean_cards or {}))
    game.zone_new(oceans(p), p)
  end
  return r
end)

--- The ocean cards p holds, sorted.
function L.te_oceans(p)
  if not is_deepwrought(p) then return {} end
  local out = {}
  for _, c in ipairs(game.zone(oceans(p))) do out[#out + 1] = c end
  table.sort(out)
  return out
end

--- How many ocean cards are in play (held by any player).
function L.te_oceans_in_play()
  local n = 0
  for q = 1, game.num_players() do n = n + #L.te_oceans(q) end
  return n
end

--- How many planets hold p's coexisting units.
function L.te_coexist_planet_count(p)
  local n = 0
  for _, pl in ipairs(L.te_coexist_planets()) do
    if L.te_coexisting(p, pl) and game.count_units { owner = p, planet = pl } > 0 then n = n + 1 end
  end
  return n
end

--- Oceanbound: p discards ocean cards until they hold no more than planets with their coexisting units.
function L.te_trim_oceans(p)
  if not has_ability(p, "oceanbound") then return end
  local limit = L.te_coexist_planet_count(p)
  while #L.te_oceans(p) > limit do
    local c = game.choose(p, { key = "te.ocean_to_discard" }, L.te_oceans(p))
    game.move_card(c, oceans(p), OCEANS)
    game.log({ key = "te.discards_ocean", p = L.pn(p), card = L.name("ocean_cards", c) })
  end
end

-- Oceanbound: an ocean card, readied, when p's units begin to coexist.
game.on("coexistence_started", function(ctx)
  local p = ctx.player
  if not has_ability(p, "oceanbound") or game.zone_count(OCEANS) == 0 then return end
  local c = game.zone(OCEANS)[1]
  game.move_card(c, OCEANS, oceans(p))
  game.put("player", p, "exhausted_ocean:" .. c, nil)
  game.log({ key = "te.gains_ocean", p = L.pn(p), card = L.name("ocean_cards", c) })
end)
--- The ready ocean cards p holds, sorted.
function L.te_ready_oceans(p)
  local out = {}
  for _, c in ipairs(L.te_oceans(p)) do
    if not game.get("player", p, "exhausted_ocean:" .. c) then out[#out + 1] = c end
  end
  return out
end

--- What p's ready ocean cards are worth together in `kind` (resources or influence).
function L.te_ocean_value(p, kind)
  if kind ~= "resources" and kind ~= "influence" then return 0 end
  local n = 0
  for _, c in ipairs(L.te_ready_oceans(p)) do n = n + ((game.data.ocean_cards[c] or {})[kind] or 0) end
  return n
end

-- The ocean cards are spent like planet cards: they count among what p can
-- spend, and are exhausted (in card order) only when p's planets and trade
-- goods cannot pay without them, before those pay the rest.
local base_spendable = L.spendable
function L.spendable(p, kind)
  return base_spendable(p, kind) + L.te_ocean_value(p, kind)
end

local base_pay = L.pay
function L.pay(p, amount, kind)
  local v = L.te_ocean_value(p, kind)
  if v == 0 or amount <= 0 or base_spendable(p, kind) >= amount then return base_pay(p, amount, kind) end
  if base_spendable(p, kind) + v < amount then return false end
  local left = amount - base_spendable(p, kind)
  for _, c in ipairs(L.te_ready_oceans(p)) do
    if left <= 0 then break end
    local worth = game.data.ocean_cards[c][kind] or 0
    if worth > 0 then
      game.put("player", p, "exhausted_ocean:" .. c, true)
      game.log({ key = "te.ocean_spent", p = L.pn(p), card = L.name("ocean_cards", c), n = worth, kind = kind })
      left = left - worth
      amount = amount - worth
    end
  end
  return base_pay(p, amount, kind)
end

-- Ocean cards are readied with the planets in the status phase.
game.on("after:ready_cards", function(ctx)
  for p = 1, game.num_players() do
    for _, c in ipairs(L.te_oceans(p)) do game.put("player", p, "exhausted_ocean:" .. c, nil) end
  end
end)

for _, w in ipairs({ "unit_destroyed", "after:movement", "after:invasion", "after:tactical_action",
  "after:component_action", "after:strategic_action" }) do
  game.on(w, function()
    for p = 1, game.num_players() do
      if has_ability(p, "oceanbound") then L.te_trim_oceans(p) end
    end
  end, { plain = function()
    -- (Nobody with Oceanbound: nothing to trim, a simulated fight may run as a plan.)
    for p = 1, game.num_players() do
      if has_ability(p, "oceanbound") then return false end
    end
    return true
  end })
end

---------------------------------------------------------------------------
-- Research Team: when ground forces are committed to a planet holding the
-- Deepwrought player's units that do not coexist (theirs committed beside
-- another player's units, or another player's committed beside theirs),
-- they may make their units coexist: no ground combat between them.
---------------------------------------------------------------------------
local base_commit = game.procedure_fn("commit_ground_forces")
procedure("commit_ground_forces", function(ctx)
  local r = base_commit(ctx)
  local p = ctx.player
  local kept = {}
  for _, pl in ipairs(ctx.targets or {}) do
    local coexist = false
    local players = { p }
    for _, u in ipairs(game.units { planet = pl, not_owner = p }) do
      if players[#players] ~= u.owner then players[#players + 1] = u.owner end
    end
    for _, q in ipairs(players) do
      if not coexist and has_ability(q, "research_team") and not L.te_coexisting(q, pl)
        and game.count_units { planet = pl, owner = q } > 0 and game.count_units { planet = pl, not_owner = q } > 0
        and game.confirm(q, { key = "te.research_team", planet = L.name("planets", pl), planet_id = pl }) then
        coexist = L.te_begin_coexisting(q, pl)
      end
    end
    if not coexist then kept[#kept + 1] = pl end
  end
  if ctx.targets then
    for i = #ctx.targets, 1, -1 do table.remove(ctx.targets, i) end
    for _, pl in ipairs(kept) do ctx.targets[#ctx.targets + 1] = pl end
  end
  return r
end)

---------------------------------------------------------------------------
-- Hydrothermal Mining and Radical Advancement, at the start of the status phase.
---------------------------------------------------------------------------
local prereqs = L.te_prereq_count

game.on("before:status_phase", function()
  for _, p in ipairs(L.order_from(L.speaker())) do
    if game.holds(p, "techs", "hydrothermal_mining") then
      local n = L.te_oceans_in_play()
      if n > 0 then
        game.add(p, "tg", n)
        game.log({ key = "te.hydrothermal_mining", p = L.pn(p), n = n })
      end
    end
    if game.holds(p, "techs", "radical_advancement") then
      local opts = {}
      for _, old in ipairs(game.holdings(p, "techs")) do
        local d = game.data.techs[old]
        if d and d.color and not d.unit then
          for _, new in ipairs(game.keys(game.data.techs)) do
            local e = game.data.techs[new]
            if e.color == d.color and not e.unit and not game.holds(p, "techs", new)
              and (e.faction == nil or e.faction == game.get("player", p, "faction"))
              and prereqs(new) == prereqs(old) + 1 then
              opts[#opts + 1] = old .. ">" .. new
            end
          end
        end
      end
      table.sort(opts)
      table.insert(opts, 1, "none")
      if #opts > 1 then
        local pick = game.choose(p, { key = "te.radical_advancement" }, opts)
        if pick ~= "none" then
          local old, new = pick:match("^([%w_]+)>([%w_]+)$")
          game.revoke(p, "techs", old)
          game.grant(p, "techs", new)
          L.reset_cache()
          game.log({ key = "te.radical_swap", p = L.pn(p), old = L.name("techs", old), tech = L.name("techs", new) })
          game.window("tech_gained", { player = p, tech = new, gained = true })
        end
      end
    end
  end
end)

---------------------------------------------------------------------------
-- D.W.S. Luminous: it may pass through systems with p's units even with
-- other players' units there, and each such system it passes through costs
-- no move (our reading of "+1 move per such system"). The path search here
-- ignores laws that close wormholes and the gravity-rift bonus.
---------------------------------------------------------------------------
--- The fewest moves D.W.S. Luminous of p needs from `from` to `target` (rules: L.move_rules), or nil.
function L.te_luminous_cost(p, from, target, rules)
  local blocked, stop = {}, {}
  for _, s in ipairs(rules.blocked or {}) do blocked[s] = true end
  for _, s in ipairs(rules.stop or {}) do stop[s] = true end
  local dist = { [from] = 0 }
  local queue = { from }
  local i = 1
  while i <= #queue do
    local s = queue[i]
    i = i + 1
    local mine = s ~= from and game.count_units { system = s, owner = p } > 0
    if s == from or (not stop[s] or mine) then
      for _, t in ipairs(game.adjacent(s, "move")) do
        if not blocked[t] or t == target then
          local step = (t ~= target and game.count_units { system = t, owner = p } > 0) and 0 or 1
          local d = dist[s] + step
          if dist[t] == nil or d < dist[t] then
            dist[t] = d
            queue[#queue + 1] = t
          end
        end
      end
    end
  end
  return dist[target]
end

local base_movers = L.movers
function L.movers(p, target, rules)
  local out = base_movers(p, target, rules)
  if not (L.has_unit(p, "flagship") and L.has_flagship_ability(p, "flagship", "deepwrought_flagship")) then return out end
  local have = {}
  for _, m in ipairs(out) do have[m.unit.id] = true end
  for _, u in ipairs(game.units { owner = p, kind = "flagship", space = true }) do
    if not have[u.id] and u.carried == nil and u.system ~= target and not game.has_token(u.system, "command", p) then
      local cost = L.te_luminous_cost(p, u.system, target, rules)
      if cost and cost <= L.move_value(p, u, u.system) then out[#out + 1] = { unit = u, cost = cost, te_luminous = true } end
    end
  end
  return out
end

-- Share Knowledge: at the end of the status phase its holder loses the
-- technology on it and the note goes back to the Deepwrought player.
game.on("after:status_phase", function()
  for p = 1, game.num_players() do
    for _, c in ipairs(L.notes_in_play(p)) do
      local id = L.note_of(c)
      if id == "share_knowledge" then
        local t = game.get("player", p, "te_share_knowledge")
        if t then
          game.revoke(p, "techs", t)
          L.reset_cache()
          game.put("player", p, "te_share_knowledge", nil)
          game.log({ key = "te.share_knowledge_loses", p = L.pn(p), tech = L.name("techs", t) })
        end
        L.return_note(c, "notes_area:" .. p, p)
      end
    end
  end
end)

-- Its path uses no gravity-rift bonus, so the rift check sees its own cost.
local base_rift_check_cost = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  if m.te_luminous then return m.cost end
  return base_rift_check_cost(p, m, from, target, rules)
end
