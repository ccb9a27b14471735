-- The transfer action of TI3 (001 keeps it; sa-en removes it): the ti3
-- definition, kept in game.lib, is put back as the procedure: two adjacent
-- systems, one counter from the command pool and one from the
-- reinforcements; movement both ways, space cannon fire from adjacent
-- systems, landings on own planets, production in one of the two systems.
local L = game.lib

procedure("transfer_action", function(ctx) return L.ti3_transfer_action(ctx) end)
