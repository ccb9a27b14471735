-- Ixthian Artifact (directive). For: the speaker rolls one die. 6-10: each
-- player, from the speaker on, may research up to 2 technologies (no cost).
-- 1-5: every unit in the Mecatol Rex system is destroyed, and each player
-- destroys 3 of their own units (of their choice) in each system adjacent to
-- it where they have units. Against: no effect.
local L = game.lib

local function destroy(u)
  L.destroy_unit(u, nil, { key = "ti4.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
end

local function centre()
  for s = 1, game.num_systems() do
    for _, pl in ipairs(game.planets_of(s)) do
      if L.pdef(pl).custodians then return s end
    end
  end
end

return {
  resolve = function(outcome, def, tally)
    if outcome ~= "for" then return end
    local sp = L.speaker()
    local _, rolls = game.roll({ key = "ti4.rolls_for", p = L.pn(sp), card = L.name("agendas", def.id) }, 1, 6)
    if rolls[1] >= 6 then
      for _, p in ipairs(L.order_from(sp)) do
        for _ = 1, 2 do
          local opts = { "none" }
          for _, t in ipairs(L.researchable(p)) do opts[#opts + 1] = t end
          local t = game.choose(p, { key = "ti4.research_technology_for", card = L.name("agendas", def.id) }, opts)
          if t == "none" then break end
          L.gain_tech(p, t)
        end
      end
      return
    end
    local c = centre()
    if not c then return end
    for _, u in ipairs(game.units { system = c }) do
      if game.unit_exists(u.id) then destroy(u) end
    end
    for _, s in ipairs(game.adjacent(c, "adjacency")) do
      if s ~= c then
        for _, p in ipairs(L.order_from(sp)) do
          for _ = 1, 3 do
            local opts = {}
            for _, u in ipairs(game.units { system = s, owner = p }) do
              opts[#opts + 1] = u.kind .. "#" .. u.id .. (u.planet and ("@" .. u.planet) or "")
            end
            if #opts == 0 then break end
            local pick = game.choose(p, { key = "ti4.destroy_unit_in", system = L.sysname(s) }, opts)
            local id = tonumber(pick:match("#(%d+)"))
            destroy({ id = id, owner = p, kind = pick:match("^([%w_]+)#") })
          end
          L.enforce_limits(p, s)
        end
      end
    end
  end,
}
