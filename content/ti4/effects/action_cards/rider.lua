-- The eight riders: played as an agenda is revealed, the player predicts an
-- outcome and does not vote on it (rules/cards_rules.lua keeps the vote and
-- the prediction, "no_vote:pN" and "rider:<card>"); when the agenda resolves
-- with that outcome, `payout` gives the card's reward.
local L = game.lib

local function pick_system(p, key, list)
  local opts = {}
  for _, s in ipairs(list) do opts[#opts + 1] = game.system(s).hex or tostring(s) end
  local pick = game.choose(p, { key = key }, opts)
  return tonumber(pick) or game.system_at(pick)
end

local PAYOUT = {}

PAYOUT.construction_rider = function(p)
  -- (none left in reinforcements: one may come back from the board, LRR 23.4a)
  if not L.can_place_unit(p, "space_dock") then return end
  local opts = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    local has = false
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      if L.def(p, u.kind).type == "space_dock" then has = true end
    end
    if not has and L.may_place_on(pl) then opts[#opts + 1] = pl end
  end
  table.sort(opts)
  if #opts == 0 then return end
  local pl = game.choose(p, { key = "ti4.planet_for_space_dock" }, opts)
  if L.structure_replaced(p, "space_dock", pl) then return end
  if L.def(p, "space_dock").move then
    -- A space dock that sits in the space area (the Saar's floating
    -- factory) goes into the space area of that planet's system.
    local s = game.planet_system(pl)
    if not L.place_unit(p, "space_dock", { system = s }) then return end
    game.log({ key = "ti4.places_ship_in", p = L.pn(p), unit = "space_dock", system = L.sysname(s) })
  else
    if not L.place_unit(p, "space_dock", { planet = pl }) then return end
    game.log({ key = "ti4.places_unit_on", p = L.pn(p), unit = "space_dock", planet = L.name("planets", pl) })
  end
  game.window("structure_placed", { player = p, kind = "space_dock", planet = pl, system = game.planet_system(pl) })
end

PAYOUT.diplomacy_rider = function(p)
  local set = {}
  for _, pl in ipairs(game.planets_owned(p)) do set[game.planet_system(pl)] = true end
  local list = game.keys(set)
  if #list == 0 then return end
  local s = pick_system(p, "ti4.system_for_diplomacy", list)
  -- (A player without tokens in reinforcements takes one from their
  -- command sheet, LRR 20.3b: L.place_command_token.)
  for q = 1, game.num_players() do
    if q ~= p and not L.eliminated(q) and L.place_command_token(q, s) then
      game.log({ key = "ti4.places_command_token_in", p = L.pn(q), system = L.sysname(s) })
    end
  end
end

PAYOUT.imperial_rider = function(p, def)
  L.gain_vp(p, 1, L.name("action_cards", def.id))
end

PAYOUT.leadership_rider = function(p)
  local n = math.min(3, L.reinforcements(p))
  for _ = 1, n do game.add(p, game.choose(p, { key = "ti4.place_command_token" }, L.token_pools(p)), 1) end
  game.log({ key = n == 1 and "ti4.gains_command_token" or "ti4.gains_command_tokens", p = L.pn(p), n = n,
    tactic = game.counter(p, "tactic"), fleet = game.counter(p, "fleet"), strategy = game.counter(p, "strategy") })
end

PAYOUT.politics_rider = function(p, def)
  local got = L.draw("deck:actions", "discard:actions", "actions:" .. p, 3)
  game.log({ key = "ti4.draws_action_cards_for", p = L.pn(p), n = #got, card = L.name("action_cards", def.id) })
  game.call("hand_limit", p)
  game.put("game", nil, "speaker", p)
  game.log({ key = "ti4.is_speaker", p = L.pn(p) })
end

PAYOUT.technology_rider = function(p)
  local opts = L.researchable(p)
  if #opts == 0 then return end
  L.gain_tech(p, game.choose(p, { key = "ti4.research_technology" }, opts))
end

PAYOUT.trade_rider = function(p, def)
  L.gain_tg(p, 5, L.name("action_cards", def.id))
end

PAYOUT.warfare_rider = function(p)
  -- (none left in reinforcements: one may come back from the board, LRR 23.4a)
  if not L.can_place_unit(p, "dreadnought") then return end
  local list = {}
  for s = 1, game.num_systems() do if #L.ships(p, s) > 0 then list[#list + 1] = s end end
  if #list == 0 then return end
  local s = pick_system(p, "ti4.system_for_dreadnought", list)
  if not L.place_unit(p, "dreadnought", { system = s }) then return end
  game.log({ key = "ti4.places_ship_in", p = L.pn(p), unit = "dreadnought", system = L.sysname(s) })
  L.enforce_limits(p, s)
end

return {
  when = function(ctx, p, def)
    return ctx.agenda ~= nil and not ctx.discard and game.data.agendas[ctx.agenda] ~= nil
      and #L.outcomes(game.data.agendas[ctx.agenda]) > 0 and game.get("game", nil, "rider:" .. def.id) == nil
  end,
  run = function(ctx, p, def)
    local o = game.choose(p, { key = "ti4.rider_predict", card = L.name("agendas", ctx.agenda) }, L.outcomes(game.data.agendas[ctx.agenda]))
    game.put("game", nil, "rider:" .. def.id, L.pn(p) .. "=" .. o .. "@" .. ctx.agenda)
    game.put("game", nil, "no_vote:" .. p, ctx.agenda)
    game.log({ key = "ti4.rider_predicts", p = L.pn(p), outcome = o })
  end,
  payout = function(p, def) return PAYOUT[def.id](p, def) end,
}
