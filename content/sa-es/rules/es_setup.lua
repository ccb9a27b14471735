-- Shattered Ascension, Spanish rulebook (seed 001): the initiation ("INICIO",
-- steps 1-10) where it differs from sa-en (seed 000, rules/a_setup.lua).
--
--   * Step 5: the galaxy tiles are placed in alternating order: as sa-en
--     (000 l.25 says the same; sa-en's L.draft_placer).
--   * Step 9: only the special objectives and 3 stage I objectives are laid
--     face up (000 also lays out 3 stage II objectives and a preliminary one;
--     data: sa_setup.public_objectives in es_data.yaml).
--   * Stage II begins when eight stage I objectives are face up in the common
--     play area (001, objectives: eight face-up stage I public objectives start
--     stage II), whatever the goal (000: as many as the victory points
--     needed to win).
--   * Preliminary objectives are neither implemented nor used (001 appendix 5,
--     "Cartas de Objetivo Preliminar: No implementadas ni usadas"): none is
--     dealt, none can be claimed.
--   * Imperium Rex (001 "Variables de Juego" leaves it to the players whether it
--     goes into the objective deck, and advises against it): option
--     sa_imperium_rex shuffles it into the stage II deck; revealing it ends the
--     game (the ti3 card). 000 leaves it out.
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

-- Step 5 (001 l.25): the alternating placing order of the galaxy is sa-en's
-- (000 l.25 asks the same; sa-en's L.draft_placer).

ES.STAGE2_AT = 8

-- Stage II starts with eight stage I objectives face up.
function L.sa_check_stage()
  if L.sa_stage() >= 2 then return false end
  local up = L.sa_stage1_face_up()
  if up < ES.STAGE2_AT then return false end
  game.put("game", nil, "objective_stage", 2)
  for _, c in ipairs(game.zone("deck:public")) do game.move_card(c, "deck:public", "deck:stage1") end
  for _, c in ipairs(game.zone("deck:stage2")) do game.move_card(c, "deck:stage2", "deck:public") end
  game.shuffle("deck:public")
  game.log({ key = "sa_es.stage2_begins", n = up })
  return true
end

-- No preliminary objectives; Imperium Rex only with its option.
local base_ok = L.sa_objective_ok
if base_ok then
  function L.sa_objective_ok(d, kind)
    if kind == "preliminary" or d.kind == "preliminary" then return false end
    if kind == "stage2" and d.kind == "stage2" and d.ends_game == "most_points" then
      -- One Imperium Rex card (the base game's).
      return (game.options.sa_imperium_rex and d.id == "imperium_rex") and true or false
    end
    return base_ok(d, kind)
  end
end
