-- Cultural Crisis: during the strategy phase (played as it begins), the
-- player names a player (itself allowed) who loses every racial special
-- ability, good and bad, for the rest of the round: the race abilities that
-- player holds (race_abilities, granted at setup) are taken away and given
-- back once the status phase is over (the game's copy of the card, player
-- prop `cultural_crisis`). Racial technologies are not abilities and stay.
local L = game.lib
local KEY = "cultural_crisis"
local function affected()
  local out = {}
  for q = 1, game.num_players() do
    if game.get("player", q, KEY) then out[#out + 1] = q end
  end
  return out
end
return {
  when = function(ctx, p)
    if p == nil then return ctx.window == "after:status_phase" and #affected() > 0 end
    if ctx.window ~= "before:strategy_phase" or game.get("game", nil, "ac_lock") then return false end
    for q = 1, game.num_players() do
      if #game.holdings(q, "race_abilities") > 0 then return true end
    end
    return false
  end,
  ["before:strategy_phase"] = function(ctx, p, def)
    local opts = {}
    for q = 1, game.num_players() do
      if #game.holdings(q, "race_abilities") > 0 then opts[#opts + 1] = L.pn(q) end
    end
    local q = tonumber(game.choose(p, { key = "ti3.player_who_loses_racial" }, opts):sub(2))
    local ids = game.holdings(q, "race_abilities")
    table.sort(ids)
    local kept = game.get("player", q, KEY) or {}
    for _, id in ipairs(ids) do
      game.revoke(q, "race_abilities", id)
      kept[#kept + 1] = id
    end
    game.put("player", q, KEY, kept)
    L.reset_cache()
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.loses_its_racial_abilities", p = L.pn(q) })
  end,
  ["after:status_phase"] = function(ctx, _, def)
    for _, q in ipairs(affected()) do
      for _, id in ipairs(game.get("player", q, KEY)) do game.grant(q, "race_abilities", id) end
      game.put("player", q, KEY, nil)
      game.log({ key = "ti3.has_its_racial_abilities", p = L.pn(q) })
    end
    L.reset_cache()
    game.revoke("game", "action_cards", def.id)
  end,
}
