-- L1Z1X, Harrow: once a ground combat round is over, the player's ships in
-- the active system can fire BOMBARDMENT at the opposing ground forces on
-- that planet.
-- Resolved in combat_round_end of a ground combat the player is invading
-- (the invader is the active player and its ships are in the planet's
-- system), after both sides assigned their hits, whenever the opponent still
-- has ground forces there (also if the player's own were all destroyed that
-- round: the card asks only for the end of a round). It is a use of
-- BOMBARDMENT: a PLANETARY SHIELD stops it (unless a unit removes shields,
-- LRR 15.1b), Plasma Scoring adds its die once, ti-common's hooks
-- L.bombardment_roll_hits and L.bombarded are asked as in the bombardment
-- step, and the before:/after: windows of the bombardment step are opened
-- around it (with ctx.harrow set) so that effects reacting to a bombardment
-- ("Make an Example of Their World") see it; one of them may cancel it.
-- Only the combat's planet can be bombarded, so the bombardment procedure
-- itself (which offers every planet of the system) is not used.
local L = game.lib

local function bombers(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    local b = L.def(p, u.kind).bombardment
    if b then out[#out + 1] = { u = u, b = b } end
  end
  return out
end

return {
  when = function(ctx, p)
    if not ctx.ground or ctx.attacker ~= p or not ctx.defender or not ctx.planet then return false end
    local s = game.planet_system(ctx.planet)
    -- (A law may forbid bombardment there: Conventions of War, L.bombardment_forbidden.)
    return #L.ground(ctx.defender, ctx.planet) > 0 and #bombers(p, s) > 0 and not L.shielded(ctx.planet, p)
      and not L.bombardment_forbidden(p, ctx.planet)
  end,

  run = function(ctx, p, def)
    local pl, q = ctx.planet, ctx.defender
    local s = game.planet_system(pl)
    local name = L.name("abilities", def.id)
    if game.choose(p, { key = "ti4.harrow_offer", ability = name, planet = L.name("planets", pl) }, { "yes", "no" }) ~= "yes" then return end
    local bctx = { player = p, active = p, system = s, planet = pl, harrow = true }
    game.window("before:bombardment", bctx)
    if bctx.cancel then return end
    game.log({ key = "ti4.uses_on_planet", p = L.pn(p), card = name, planet = L.name("planets", pl) })
    local hits = 0
    local extra = L.extra_dice(p, "bombardment")
    local list = bombers(p, s)
    local gets = 0
    if extra > 0 and #list > 0 then
      local cands = {}
      for _, x in ipairs(list) do cands[#cands + 1] = { unit = x.u, hit = x.b.hit, dice = x.b.dice or 1, where = pl } end
      gets = L.extra_die_unit(p, "bombardment", cands)
    end
    for i, x in ipairs(list) do
      -- What changes a bombardment roll changes these too (L.bombard_roll: Bunker).
      local dice, need = L.bombard_roll(p, x.u, pl, (x.b.dice or 1) + (i == gets and extra or 0), x.b.hit, bctx)
      hits = hits + game.roll({ key = "ti4.harrow_roll", p = L.pn(p), unit = x.u.kind, id = x.u.id }, dice, need)
    end
    hits = L.bombardment_roll_hits(p, q, pl, hits, bctx)
    L.bombarded(p, pl, bctx)
    L.assign_hits(q, L.ground(q, pl), hits * L.bombardment_hit_size(p, q, pl), "bombardment", { source = p })
    game.window("after:bombardment", bctx)
  end,
}
