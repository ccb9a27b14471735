-- Local Unrest (as an action): a controlled planet outside the home systems
-- is exhausted and loses one ground force (if it has any); with no ground
-- forces left on it, it becomes neutral. Shock troops count as ground forces
-- (our reading of SE). A planet that turns neutral keeps no structures of
-- its former owner: they are destroyed (our reading; the card is silent).
-- A planet holding a ground force of a player with the
-- `local_unrest_immunity` flag (the Winnu) cannot be chosen.
-- The handlers are built by rules/card_scripts.lua, where a variant may
-- build them again with its own steps.
return game.lib.card_scripts.local_unrest()
