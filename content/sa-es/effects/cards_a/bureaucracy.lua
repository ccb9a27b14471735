-- Bureaucracy (seed 001, "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/bureaucracy.lua) with 001's primary: three stage I
-- public objectives are revealed to all; the holder puts one face up in the
-- common play area and each of the other two on top of the deck or at its
-- bottom (his choice for each card: 001 says "on top or at the bottom").
-- Unchanged (001 does not mention them): one command counter from
-- reinforcements first, and the claim of one public objective he meets
-- afterwards; the 1-influence turn of the Rotation Cycler is added by sa-en
-- (rules/d_strategy.lua) around this primary, and the Ascension option's
-- changes (sa-en rules/m_options1.lua) wrap it as they wrap the SE card.
-- The stage I cards come from the stage I pile: "deck:public" in stage I,
-- "deck:stage1" once stage II has begun (sa-en rules/a_setup.lua).
local L = game.lib
local PEEK = "peek:bureaucracy_es"

local function stage1_deck()
  return (L.sa_stage and L.sa_stage() >= 2) and "deck:stage1" or "deck:public"
end

local function reveal_three(p)
  local deck = stage1_deck()
  local drawn = game.draw(deck, PEEK, 3)
  if #drawn == 0 then
    game.log({ key = "sa_es.no_stage1_left" })
    return
  end
  local names = {}
  for _, c in ipairs(drawn) do names[#names + 1] = L.name("objectives", c) end
  game.log({ key = "sa_es.reveals_stage1", p = L.pn(p), cards = names })
  local ids = {}
  for _, c in ipairs(drawn) do ids[#ids + 1] = c end
  local pick = #ids > 1 and game.choose(p, { key = "sa_es.objective_face_up" }, ids) or ids[1]
  for _, c in ipairs(ids) do
    if c ~= pick then
      local where = game.choose(p, { key = "sa_es.objective_top_or_bottom", card = L.name("objectives", c), id = c }, { "top", "bottom" })
      game.move_card(c, PEEK, deck, where == "bottom")
      game.log({ key = where == "bottom" and "sa_es.objective_to_bottom" or "sa_es.objective_to_top", card = L.name("objectives", c) })
    end
  end
  if deck == "deck:public" then
    game.move_card(pick, PEEK, "deck:public")
    L.reveal_objective()
  else
    game.move_card(pick, PEEK, "public")
    game.log({ key = "sa.objective_revealed", card = L.name("objectives", pick), stage = "I" })
  end
end

-- ti3's card (rules/card_scripts.lua) with this objective step.
return L.card_scripts.bureaucracy { reveal = reveal_three }
