-- Spy Net: at the start of the holder's turn, they look at the Yssaril
-- player's action cards and take 1 of them.
local L = game.lib
return {
  when = function(ctx, p, owner) return ctx.player == p and game.zone_count("actions:" .. owner) > 0 end,
  run = function(ctx, p, owner, def)
    local seen, opts = {}, {}
    for _, c in ipairs(game.zone("actions:" .. owner)) do
      if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
    end
    table.sort(opts)
    local c = game.choose(p, { key = "ti4.spy_net_take", q = L.pn(owner), note = L.name("promissory_notes", def.id) }, opts)
    game.move_card(c, "actions:" .. owner, "actions:" .. p)
    game.log({ key = "ti4.takes_action_card", p = L.pn(p), q = L.pn(owner), note = L.name("promissory_notes", def.id) })
    game.call("hand_limit", p)
  end,
}
