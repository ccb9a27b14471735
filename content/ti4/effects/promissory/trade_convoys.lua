-- Trade Convoys: ACTION: face up into the holder's play area, where it lets
-- them trade with players who are not neighbours (L.may_trade,
-- rules/promissory.lua).
return {
  component = function(p, owner, def) end,
}
