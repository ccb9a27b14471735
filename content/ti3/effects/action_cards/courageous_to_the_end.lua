-- Courageous to the End: right after one of the player's ships is destroyed
-- by another player who has ships in that system, the player rolls 2 dice;
-- each result at or above the lost ship's combat value makes that player
-- take one casualty there, even where the ship could not have fired back.
-- A casualty is read as a hit the opponent assigns to its ships there (so a
-- ship may sustain damage against it), as the TI3 rules use the word for
-- the hits of a combat (our reading).
local L = game.lib
return {
  when = function(ctx, p)
    if game.get("game", nil, "ac_lock") then return false end
    local q, s = ctx.source, ctx.system
    if ctx.player ~= p or q == nil or q == p or s == nil or ctx.kind == nil then return false end
    local d = L.def(p, ctx.kind)
    return d.class == "ship" and d.combat ~= nil and #L.ships(q, s) > 0
  end,
  run = function(ctx, p)
    local q, s = ctx.source, ctx.system
    local value = L.def(p, ctx.kind).combat
    local hits = game.roll({ key = "ti3.courageous_roll", p = L.pn(p), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit }, 2, value)
    L.assign_hits(q, L.ships(q, s), hits, "courageous to the end", { source = p })
  end,
}
