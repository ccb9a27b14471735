-- SA nomenclature: landing ground units on another player's planet is a
-- hostile act against him (rules/b_general.lua, L.sa_hostile_act).
local L = game.lib
return {
  ["after:commit_ground_forces"] = function(ctx)
    local p = ctx.player
    local done = {}
    for _, pl in ipairs(ctx.targets or {}) do
      local q = game.planet_owner(pl)
      if q and q ~= p and not done[q] then
        done[q] = true
        L.sa_hostile_act(p, q, "invaded " .. L.name("planets", pl))
      end
    end
  end,
}
