-- Prospect, the ninth strategy card of Shattered Ascension. Its text is not in
-- the public sources (see strategy.yaml): playing it has no effect.
local L = game.lib
return {
  primary = function(p)
    game.log({ key = "sa.prospect_played", p = L.pn(p) })
  end,
}
