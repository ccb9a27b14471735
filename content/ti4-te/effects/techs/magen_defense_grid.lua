-- Magen Defense Grid, the Twilight Codex's revised card that Thunder's Edge
-- puts in place of the base one (the base card's script is ti4's).
-- (a) after any player (the holder too) activates a system holding one or
--     more of the holder's structures on planets, the holder puts 1 infantry
--     from reinforcements on the planet of each of those structures (a planet
--     with two of them gets 2). Infantry tokens make up for plastic, so no
--     limit is checked (as ti4's Dacxive Animators).
-- (b) as a ground combat starts (its first round) on a planet holding one of
--     the holder's structures, the holder deals 1 hit to one of the
--     opponent's ground forces there: not optional. The holder picks the unit
--     (one unit: no question) and its owner takes the hit, as with ti4's
--     Dimensional Splicer.
-- Reading: a structure in a system's space area (the Ral Nel's) is on no
-- planet: nothing is placed with it.
local L = game.lib

local function structures_on(p, pl)
  local n = 0
  for _, u in ipairs(game.units { planet = pl, owner = p }) do
    if L.def(p, u.kind).class == "structure" then n = n + 1 end
  end
  return n
end

local function opponent(ctx, p)
  if p == ctx.attacker then return ctx.defender elseif p == ctx.defender then return ctx.attacker end
end

return {
  when = function(ctx, p)
    if ctx.window == "after:activation" then
      if not ctx.system then return false end
      for _, pl in ipairs(game.planets_of(ctx.system)) do
        if structures_on(p, pl) > 0 then return true end
      end
      return false
    end
    if not ctx.ground or ctx.round ~= 1 or not ctx.planet then return false end
    local q = opponent(ctx, p)
    return q ~= nil and q ~= 0 and structures_on(p, ctx.planet) > 0 and #L.ground(q, ctx.planet) > 0
  end,

  ["after:activation"] = function(ctx, p, def)
    local card = L.name("techs", def.id)
    for _, pl in ipairs(game.planets_of(ctx.system)) do
      local n = structures_on(p, pl)
      if n > 0 then
        for _ = 1, n do game.spawn("infantry", p, { planet = pl }) end
        game.log({ key = "te.magen_infantry", p = L.pn(p), n = n, planet = L.name("planets", pl), card = card })
      end
    end
  end,

  combat_round_start = function(ctx, p, def)
    local card = L.name("techs", def.id)
    local q = opponent(ctx, p)
    local theirs = L.ground(q, ctx.planet)
    local opts = {}
    for _, u in ipairs(theirs) do opts[#opts + 1] = u.kind .. "#" .. u.id end
    local pick = game.choose(p, { key = "te.magen_target", card = card, planet = L.name("planets", ctx.planet) }, opts)
    local id = tonumber(pick:match("#(%d+)$"))
    game.log({ key = "ti4.hit_on", p = L.pn(p), unit = pick, id = id, card = card })
    for _, u in ipairs(theirs) do
      if u.id == id then L.assign_hits(q, { u }, 1, "magen defense grid", { source = p }) end
    end
  end,
}
