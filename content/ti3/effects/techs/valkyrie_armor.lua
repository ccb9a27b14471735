-- Valkyrie Armor (Sardakk N'orr): at the end of each invasion combat round,
-- roll a die for each casualty the player took in it; each 10 makes the
-- opponent take one more casualty at once.
local L = game.lib
local KEY = "valkyrie"
return {
  combat_round_start = function(ctx, p)
    if ctx.ground and (p == ctx.attacker or p == ctx.defender) then
      game.put("player", p, KEY, 0)
    end
  end,
  unit_destroyed = function(ctx, p)
    local n = game.get("player", p, KEY)
    if n and ctx.player == p then game.put("player", p, KEY, n + 1) end
  end,
  combat_round_end = function(ctx, p, def)
    local n = game.get("player", p, KEY)
    if not ctx.ground or not n then return end
    game.put("player", p, KEY, nil)
    if n == 0 then return end
    local opp = (p == ctx.attacker) and ctx.defender or ctx.attacker
    local hits = game.roll({ key = "ti3.tech_roll", p = L.pn(p), tech = L.name("racial_techs", def.id) }, n, 10)
    if hits > 0 then L.assign_hits(opp, L.ground(opp, ctx.planet), hits, "valkyrie armor", { source = p }) end
  end,
}
