-- Shard of the Throne (law, elect player). The elected player gains 1 vp.
-- When a player wins a combat (space or ground) against the owner, they take
-- the card and gain 1 vp; then the previous owner loses 1 vp.
local L = game.lib

local function owner(def)
  local o = game.get("game", nil, "law:" .. def.id)
  return o and tonumber(o:sub(2))
end

local function take(def, winner, loser)
  local prev = owner(def)
  if not prev or loser ~= prev or not winner or winner == prev or winner == 0 then return end
  game.put("game", nil, "law:" .. def.id, L.pn(winner))
  game.log({ key = "ti4.takes_card_from", p = L.pn(winner), card = L.name("agendas", def.id), q = L.pn(prev) })
  L.gain_vp(winner, 1, L.name("agendas", def.id))
  if game.counter(prev, "vp") > 0 then
    game.add(prev, "vp", -1)
    game.log({ key = "ti4.loses_vp", p = L.pn(prev), card = L.name("agendas", def.id), vp = game.counter(prev, "vp") })
  end
end

return {
  resolve = function(outcome, def, tally)
    L.gain_vp(tonumber(outcome:sub(2)), 1, L.name("agendas", def.id))
  end,
  ["after:space_combat"] = function(ctx, _, def)
    local w = ctx.winner
    if not w then return end
    take(def, w, (w == ctx.player) and ctx.defender or ctx.player)
  end,
  -- A ground combat happens when both sides have ground forces on the planet;
  -- its winner is the side with ground forces left.
  ["before:ground_combat"] = function(ctx, _, def)
    local a, pl = ctx.player, ctx.planet
    local d
    for _, u in ipairs(game.units { planet = pl, not_owner = a }) do
      if L.def(u.owner, u.kind).class == "ground" then d = u.owner end
    end
    ctx.shard_sides = (d and #L.ground(a, pl) > 0) and { a, d } or nil
  end,
  ["after:ground_combat"] = function(ctx, _, def)
    local sides = ctx.shard_sides
    if not sides then return end
    local a, d = sides[1], sides[2]
    local la, ld = #L.ground(a, ctx.planet), #L.ground(d, ctx.planet)
    if la > 0 and ld == 0 then take(def, a, d) elseif ld > 0 and la == 0 then take(def, d, a) end
  end,
}
