-- Bioptic Recyclers (Winnu) in TACS: at any time (here: at the start of each
-- of his turns, as often as he likes), the owner may trade an action card
-- for 2 trade goods or 1 command counter (each use: ti3's
-- L.bioptic_recycle, which lets him stop with "none"). No component action.
return {
  when = function(ctx, p) return ctx.player == p and game.zone_count("actions:" .. p) > 0 end,
  run = function(ctx, p, def)
    while game.zone_count("actions:" .. p) > 0 and game.lib.bioptic_recycle(p, def, true) do end
  end,
}
