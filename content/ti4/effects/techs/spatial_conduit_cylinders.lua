-- Spatial Conduit Cylinders: after activating a system that holds one or more
-- of the player's units, the player may exhaust this; during this activation
-- that system is adjacent to every other system holding the player's units.
-- Representation: links of kind "conduit" between the active system and each
-- system holding the player's units when the card is used (for every purpose:
-- movement, space cannon range, retreats...). They are removed when the
-- tactical action ends (or, failing that, when the turn ends).
local L = game.lib
local USED = "used:spatial_conduit_cylinders"
local KEY = "conduit:links"

local function held(p, s)
  for _, u in ipairs(game.units { owner = p, system = s }) do return true end
  return false
end

local function unlink(p)
  local list = game.get("player", p, KEY)
  if not list then return end
  local s = tonumber(list:match("^(%d+):"))
  for t in list:match(":(.*)$"):gmatch("%d+") do game.unlink(s, tonumber(t), "conduit") end
  game.put("player", p, KEY, nil)
end

return {
  when = function(ctx, p)
    if ctx.player ~= p then return false end
    if ctx.window == "after:activation" then
      return ctx.system and not game.get("player", p, USED) and held(p, ctx.system)
    end
    return game.get("player", p, KEY) ~= nil
  end,

  ["after:activation"] = function(ctx, p, def)
    local s = ctx.system
    local others = {}
    for t = 1, game.num_systems() do
      if t ~= s and held(p, t) then others[#others + 1] = t end
    end
    if #others == 0 then return end
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.exhaust_card", card = name }, { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    local ids = {}
    for _, t in ipairs(others) do
      game.link(s, t, "conduit")
      ids[#ids + 1] = tostring(t)
    end
    game.put("player", p, KEY, s .. ":" .. table.concat(ids, ","))
    game.log({ key = "ti4.conduit_used", p = L.pn(p), card = name, system = L.sysname(s), n = #others })
  end,

  ["after:tactical_action"] = function(ctx, p) unlink(p) end,
  turn_end = function(ctx, p) unlink(p) end,
}
