-- Determine Policy (Mindstorm): when an Assembly is played, the player
-- replaces his proposed agenda with any card of the political deck, and that
-- agenda must be among those voted on.
local L = game.lib
return {
  when = function(ctx, p) return game.zone_count("deck:politics") > 0 and game.zone("proposed:" .. p) ~= nil end,
  run = function(ctx, p)
    local opts, seen = {}, {}
    for _, c in ipairs(game.zone("deck:politics")) do
      if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
    end
    table.sort(opts)
    local pick = game.choose(p, { key = "tacs.determine_policy_card" }, opts)
    local old = game.zone("proposed:" .. p)[1]
    if old then game.move_card(old, "proposed:" .. p, "discard:politics") end
    game.move_card(pick, "deck:politics", "proposed:" .. p)
    game.log({ key = "tacs.proposes", p = L.pn(p), card = L.name("political_cards", pick) })
    ctx.forced[p] = pick
  end,
}
