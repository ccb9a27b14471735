-- Research Agreement: after the Jol-Nar player researches a technology that
-- is not a faction technology, the holder gains it too (if they lack it);
-- not after one they gain without researching it (ctx.gained).
local L = game.lib
return {
  when = function(ctx, p, owner)
    local d = game.data.techs[ctx.tech]
    return ctx.player == owner and not ctx.gained and d ~= nil and d.faction == nil and not game.holds(p, "techs", ctx.tech)
  end,
  run = function(ctx, p, owner, def)
    game.grant(p, "techs", ctx.tech)
    L.reset_cache()
    game.log({ key = "ti4.note_gains_tech", p = L.pn(p), tech = L.name("techs", ctx.tech), note = L.name("promissory_notes", def.id) })
    game.window("tech_gained", { player = p, tech = ctx.tech, gained = true })
  end,
}
