-- Prospect, the ninth strategy card of Shattered Ascension. Its text is not in
-- the public sources (see strategy.yaml): playing it has no effect.
local L = game.lib
return {
  primary = function(p)
    game.log(L.pn(p) .. " plays Prospect: its ability is not known to this pack, nothing happens")
  end,
}
