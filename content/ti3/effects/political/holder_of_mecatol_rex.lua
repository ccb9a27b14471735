-- Holder of Mecatol Rex (directive, For/Against).
-- For: the player who controls Mecatol Rex may at once discard one law in
-- play of his choice.
-- Against: the player who controls Mecatol Rex may put two free ground forces
-- from his reinforcements on it (as many as he has left, up to two).
-- With nobody controlling Mecatol Rex nothing happens.
-- A discarded law runs its `repeal` handler (if any) to undo what it changed
-- (e.g. Emperor takes back its victory point).
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "holder_of_mecatol_rex") end

local function discard_law(id)
  if not game.move_card(id, "laws", "discard:politics") then return false end
  local d = game.data.political_cards[id]
  local h = d and d.handler
  game.log({ key = "ti3.law_discarded", card = L.name("political_cards", id) })
  if type(h) == "table" and h.repeal then h.repeal(d) end
  game.revoke("game", "political_cards", id)
  game.put("game", nil, "law:" .. id, nil)
  return true
end

return {
  resolve = function(outcome, def)
    local p = game.planet_owner("mecatol_rex")
    if not p then
      game.log({ key = "ti3.nobody_controls_mecatol_rex", card = NAME() })
      return
    end
    if outcome == "for" then
      local opts = { "none" }
      for _, id in ipairs(game.zone("laws")) do opts[#opts + 1] = id end
      local pick = game.choose(p, { key = "ti3.discard_law", card = NAME() }, opts)
      if pick ~= "none" then discard_law(pick) end
    else
      local left = (L.def(p, "ground_force").limit or 99) - game.count_units { owner = p, kind = "ground_force" }
      local k = math.min(2, left)
      if k > 0 and game.confirm(p, { key = "ti3.put_free_ground_forces", k = k, card = NAME() }) then
        for _ = 1, k do game.spawn("ground_force", p, { planet = "mecatol_rex" }) end
        game.log({ key = "ti3.puts_ground_forces_mecatol", p = L.pn(p), k = k })
      end
    end
  end,
}
