-- Shattered Ascension, Spanish rulebook (seed 001, appendix 3 "Partidas de 2
-- Jugadores", Inicio): a two-player game is won by reaching the victory point
-- goal OR by eliminating the other player. sa-en (seed 000) has no such
-- victory.
--
-- Elimination (UNCERTAIN: 001 does not define it; our reading of the TI3
-- rule): a player who controls no planet and has no unit on the board other
-- than leaders is eliminated. It is checked at the end of every turn of the
-- action phase (ti3's turn_end window), when a battle or an invasion may have
-- taken a player's last planet and units; the other player wins at once.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function duel() return game.num_players() == 2 end

-- Whether p has neither a planet nor a unit (leaders aside) on the board.
function L.sa_es_wiped_out(p)
  if #game.planets_owned(p) > 0 then return false end
  for _, u in ipairs(game.units { owner = p }) do
    if u.kind:sub(1, 7) ~= "leader_" then return false end
  end
  return true
end

-- The 2-player elimination victory, at the end of a turn.
function ES.duel_elimination()
  if not duel() or game.get("game", nil, "winner") then return end
  for p = 1, 2 do
    local q = 3 - p
    if L.sa_es_wiped_out(q) and not L.sa_es_wiped_out(p) then
      game.put("game", nil, "winner", p)
      game.put("game", nil, "won_by", "eliminates the other player")
      game.log({ key = "sa_es.duel_eliminated", p = L.pn(p), q = L.pn(q) })
      error({ game_over = true, commit = true }, 0)
    end
  end
end

game.on("turn_end", function() ES.duel_elimination() end)
