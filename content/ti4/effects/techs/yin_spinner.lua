-- Yin Spinner (Yin): after the player produces units (a production step of
-- the player's that added units), it may put up to 2 infantry from
-- reinforcements, one at a time, on planets it controls or in space areas
-- holding its ships (capacity is then checked there as for any placement).
-- The player's unit count before the step is the player prop `ys_units`.
local L = game.lib

return {
  ["before:production"] = function(ctx, p)
    if ctx.player == p then game.put("player", p, "ys_units", game.count_units { owner = p }) end
  end,
  ["after:production"] = function(ctx, p, def)
    if ctx.player ~= p then return end
    local before = game.get("player", p, "ys_units")
    game.put("player", p, "ys_units", nil)
    if not before or game.count_units { owner = p } <= before then return end
    local name = L.name("techs", def.id)
    for _ = 1, 2 do
      local opts = { "done" }
      local planets = L.drop_planets(p)
      table.sort(planets)
      for _, pl in ipairs(planets) do opts[#opts + 1] = pl end
      local seen = {}
      local spaces = {}
      for _, u in ipairs(game.units { owner = p, space = true }) do
        if u.system and not seen[u.system] and #L.ships(p, u.system) > 0 then
          seen[u.system] = true
          spaces[#spaces + 1] = u.system
        end
      end
      table.sort(spaces)
      for _, s in ipairs(spaces) do opts[#opts + 1] = "space:" .. (game.system(s).hex or tostring(s)) end
      local pick = game.choose(p, { key = "ti4.yin_spinner_place", card = name }, opts)
      if pick == "done" then break end
      local hex = pick:match("^space:(.+)$")
      if hex then
        local s = tonumber(hex) or game.system_at(hex)
        game.spawn("infantry", p, { system = s })
        game.log({ key = "ti4.places_infantry_in", p = L.pn(p), system = L.sysname(s), card = name })
        L.enforce_limits(p, s)
      else
        game.spawn("infantry", p, { planet = pick })
        game.log({ key = "ti4.puts_unit_on_planet", p = L.pn(p), unit = "infantry", planet = L.name("planets", pick), card = name })
      end
    end
  end,
}
