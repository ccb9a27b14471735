-- Diplomats (Xxcha): once per turn, when an opponent activates a system
-- holding a planet the player controls, the player may pay one counter from
-- strategy allocation: the activation counter goes back to the opponent's
-- reinforcements and his action ends at once.
local L = game.lib
local KEY = "diplomats_used"

local controls = L.controls_planet_in

return {
  turn_start = function(ctx, p) game.put("player", p, KEY, nil) end,
  ["after:activation"] = function(ctx, p, def)
    local q, s = ctx.player, ctx.system
    if q == p or not s or ctx.end_turn or game.get("player", p, KEY) then return end
    if game.counter(p, "strategy") <= 0 or not controls(p, s) then return end
    local name = L.name("racial_techs", def.id)
    if game.choose(p, { key = "ti3.pay_strategy_counter_end", name = name, p = L.pn(q) }, { "no", "yes" }) ~= "yes" then return end
    game.add(p, "strategy", -1)
    game.put("player", p, KEY, true)
    game.remove_token(s, "command", q)
    ctx.end_turn = true
    game.log({ key = "ti3.uses_counter_goes_back", p = L.pn(p), name = name, q = L.pn(q) })
  end,
}
