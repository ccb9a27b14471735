-- Imperial: reveal the next public objective, then gain 2 victory points.
-- Secondary: produce at once in one of your systems with a space dock,
-- without activating it. (The production runs as a step, so that its
-- before:/after: windows - Integrated Economy, Yin Spinner - apply.)
local L = game.lib
return {
  primary = function(p)
    L.reveal_objective()
    L.gain_vp(p, 2, "Imperial")
  end,
  secondary = function(q)
    local opts = { "none" }
    local seen = {}
    for _, u in ipairs(game.units { owner = q }) do
      if u.system and not seen[u.system] and L.def(q, u.kind).production then
        seen[u.system] = true
        opts[#opts + 1] = game.system(u.system).hex
      end
    end
    local pick = game.choose(q, { key = "ti3.produce_in" }, opts)
    if pick ~= "none" then game.step("production", { player = q, system = game.system_at(pick) }) end
  end,
}
