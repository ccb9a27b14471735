-- Parts of the Mindstorm Assembly (seed 002, house rule 8) that stand on
-- their own: the Voice of the Council is worth 5 votes to its holder besides
-- its victory point; each status phase every player receives one political
-- card and may discard two of his political cards for one new one.
-- Not done: proposed agendas, the altered Assembly primary and the
-- simultaneous private vote over several agendas (ti3's vote stays), so
-- political cards in hand have no use yet. ti3 never lets political cards be
-- spent as trade goods, so that rule holds as it is.
local L = game.lib

-- hook: the votes the Voice of the Council adds to its holder's (5).
function L.tacs_voice_votes() return 5 end

local base_votes = L.votes
function L.votes(p)
  local v = base_votes(p)
  if v > 0 or L.flag(p, "no_votes") == 0 then
    if game.options.voice_of_the_council and game.get("game", nil, "objective_controller:voice_of_the_council") == p then
      v = v + L.tacs_voice_votes()
    end
  end
  return v
end

local base_draw = game.procedure_fn("draw_action_cards")
procedure("draw_action_cards", function(ctx)
  base_draw(ctx)
  for _, p in ipairs(L.initiative_order()) do
    local got = L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
    if #got > 0 then game.log({ key = "tacs.draws_political_card", p = L.pn(p) }) end
    local hand = game.zone("politics:" .. p)
    if #hand >= 2 and game.confirm(p, { key = "tacs.swap_political_cards" }) then
      for _ = 1, 2 do
        local opts = {}
        for _, c in ipairs(game.zone("politics:" .. p)) do opts[#opts + 1] = c end
        table.sort(opts)
        local c = game.choose(p, { key = "tacs.discard_political_card" }, opts)
        game.move_card(c, "politics:" .. p, "discard:politics")
      end
      L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
      game.log({ key = "tacs.swaps_political_cards", p = L.pn(p) })
    end
  end
end)
