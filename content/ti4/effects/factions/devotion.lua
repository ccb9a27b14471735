-- Yin Brotherhood, Devotion: after each round of space combat, the player
-- may destroy one of its cruisers or destroyers in the active system to make
-- 1 hit, put on one of the opponent's ships there that the player picks
-- (its owner may still have it sustain damage).
local L = game.lib

local function sacrifices(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    local t = L.def(p, u.kind).type
    if t == "cruiser" or t == "destroyer" then out[#out + 1] = u end
  end
  return out
end

return {
  when = function(ctx, p)
    return not ctx.ground and ctx.system ~= nil and (ctx.attacker == p or ctx.defender == p)
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local q = (ctx.attacker == p) and ctx.defender or ctx.attacker
    local mine, theirs = sacrifices(p, s), L.opponent_hit_targets(p, q, s)
    if #mine == 0 or #theirs == 0 then return end
    local name = L.name("abilities", def.id)
    if not L.offer_sacrifice(p, mine, { key = "ti4.devotion_offer", ability = name }, { label = name, active = ctx.active, system = s }) then return end
    local topts = {}
    for _, u in ipairs(theirs) do topts[#topts + 1] = u.kind .. "#" .. u.id end
    local tpick = game.choose(p, { key = "ti4.devotion_target", ability = name, q = L.pn(q) }, topts)
    local tid = tonumber(tpick:match("#(%d+)$"))
    for _, u in ipairs(theirs) do
      if u.id == tid then
        game.log({ key = "ti4.devotion_hit", p = L.pn(p), unit = tpick, id = tid, card = name })
        L.assign_hits(u.owner, { u }, 1, name, { source = p })
      end
    end
  end,
}
