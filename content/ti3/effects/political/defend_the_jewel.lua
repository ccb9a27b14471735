-- Defend the Jewel (directive, For/Against). Space mines exist only with
-- Shattered Empire's Space Mines option (options B); without it the card
-- does nothing (our reading: there are no mines to place).
-- For: a space mine nobody owns goes into the Mecatol Rex system.
-- Against: from the speaker clockwise, each player may put one space mine
-- of his own into his home system.
local L = game.lib
local function NAME() return L.name("political_cards", "defend_the_jewel") end
return {
  resolve = function(outcome, def)
    if not game.options.space_mines then
      game.log({ key = "ti3.no_space_mines_in_game", card = NAME() })
      return
    end
    if outcome == "for" then
      local s = game.planet_system("mecatol_rex")
      if s then L.optb.place_mine(s, nil) end
      return
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local home = L.home(p)
      if home and game.confirm(p, { key = "ti3.lay_mine_at_home", card = NAME() }) then
        L.optb.place_mine(home, p)
      end
    end
  end,
}
