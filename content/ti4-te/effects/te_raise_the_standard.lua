-- Raise the Standard (Last Bastion's note): at the end of a combat its
-- holder took part in, they galvanize 1 of their units that took part
-- (rules/te_bastion.lua: L.te_galvanize); then it goes back.
local L = game.lib

-- p's units that took part in the combat of window context ctx and are not galvanized yet.
local function candidates(ctx, p)
  if p ~= ctx.player and p ~= ctx.defender then return {} end
  local units = ctx.planet and L.ground(p, ctx.planet) or (ctx.system and L.ships(p, ctx.system)) or {}
  local out = {}
  for _, u in ipairs(units) do
    if not L.te_galvanized(u.id) then out[#out + 1] = u end
  end
  return out
end

return {
  when = function(ctx, p, owner)
    return #candidates(ctx, p) > 0 and L.te_galvanized_count(p) < L.TE_GALVANIZE_TOKENS
  end,
  run = function(ctx, p, owner, def)
    local opts, by = {}, {}
    for _, u in ipairs(candidates(ctx, p)) do
      local o = u.kind .. "#" .. u.id
      opts[#opts + 1] = o
      by[o] = u
    end
    local pick = game.choose(p, { key = "te.raise_the_standard" }, opts)
    L.te_galvanize(p, by[pick])
  end,
}
