-- Minister of Exploration (law, elect a player). The elected player gains one
-- trade good each time another player lands on a neutral planet and takes
-- control of it (the establish_control step of an invasion turning a planet
-- nobody controlled into that player's).
local L = game.lib
local ID = "minister_of_exploration"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "minister_of_exploration") end

local function holder()
  local r = game.get("game", nil, "law:" .. ID)
  return r and tonumber(r:match("^p(%d+)$"))
end

return {
  resolve = function() end,
  ["before:establish_control"] = function(ctx, p, def)
    if p ~= nil then return end
    ctx.was_neutral = game.planet_owner(ctx.planet) == nil
  end,
  ["after:establish_control"] = function(ctx, p, def)
    if p ~= nil then return end
    local h = holder()
    if h and ctx.was_neutral and ctx.player ~= h and game.planet_owner(ctx.planet) == ctx.player then
      L.gain_tg(h, 1, NAME() .. ": " .. L.pn(ctx.player) .. " lands on " .. L.name("planets", ctx.planet))
    end
  end,
}
