-- Promise of Protection: ACTION: face up into the holder's play area, where
-- it keeps the Mentak player from Pillaging them (L.pillage,
-- rules/promissory.lua).
return {
  component = function(p, owner, def) end,
}
