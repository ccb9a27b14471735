-- Multiculturalism: during the strategy phase (played as it begins), the
-- player picks one racial special ability another player has (a race
-- ability it holds) and has it too for the rest of the round; the game's
-- copy of the card takes it back once the status phase is over (player prop
-- `multiculturalism`).
local L = game.lib
local KEY = "multiculturalism"
local function choices(p)
  local out, seen = {}, {}
  for q = 1, game.num_players() do
    if q ~= p then
      for _, id in ipairs(game.holdings(q, "race_abilities")) do
        if not seen[id] and not game.holds(p, "race_abilities", id) then seen[id] = true; out[#out + 1] = id end
      end
    end
  end
  table.sort(out)
  return out
end
local function borrowers()
  local out = {}
  for q = 1, game.num_players() do
    if game.get("player", q, KEY) then out[#out + 1] = q end
  end
  return out
end
return {
  when = function(ctx, p)
    if p == nil then return ctx.window == "after:status_phase" and #borrowers() > 0 end
    return ctx.window == "before:strategy_phase" and not game.get("game", nil, "ac_lock") and #choices(p) > 0
  end,
  ["before:strategy_phase"] = function(ctx, p, def)
    local id = game.choose(p, { key = "ti3.racial_ability_you_borrow" }, choices(p))
    game.grant(p, "race_abilities", id)
    local list = game.get("player", p, KEY) or {}
    list[#list + 1] = id
    game.put("player", p, KEY, list)
    L.reset_cache()
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.has_this_round", p = L.pn(p), ability = L.name("race_abilities", id) })
  end,
  ["after:status_phase"] = function(ctx, _, def)
    for _, q in ipairs(borrowers()) do
      for _, id in ipairs(game.get("player", q, KEY)) do game.revoke(q, "race_abilities", id) end
      game.put("player", q, KEY, nil)
    end
    L.reset_cache()
    game.revoke("game", "action_cards", def.id)
  end,
}
