-- Hope's End Training Ground (directive, For/Against). Discarded as it is
-- revealed when the Hope's End system is not on the board (its data's
-- requires_system; the rule is in rules/politics_seams.lua).
-- For: the player who controls Hope's End may put one ground force and two
-- shock troops on it (shock troops only when the Shock Troops option is in
-- play: without it there are none to place; our reading).
-- Against: every shock troop on the board is replaced by a ground force of
-- its owner.
local L = game.lib
local function NAME() return L.name("political_cards", "hopes_end_training_ground") end
local PL = "hopes_end"
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      local list = game.units { kind = "shock_troop" }
      table.sort(list, function(a, b) return a.id < b.id end)
      for _, u in ipairs(list) do
        local where = u.planet and { planet = u.planet } or (u.carried and { carried = u.carried }) or { system = u.system }
        game.remove_unit(u.id)
        game.spawn("ground_force", u.owner, where)
        game.log({ key = "ti3.shock_troop_replaced", p = L.pn(u.owner), unit = "shock_troop#" .. u.id, card = NAME() })
      end
      return
    end
    local p = game.planet_owner(PL)
    if not p then
      game.log({ key = "ti3.nobody_controls", planet = L.name("planets", PL), card = NAME() })
      return
    end
    if not game.confirm(p, { key = "ti3.train_on", planet = L.name("planets", PL), card = NAME() }) then return end
    game.spawn("ground_force", p, { planet = PL })
    local n = 0
    if game.options.shock_troops then
      for _ = 1, 2 do game.spawn("shock_troop", p, { planet = PL }) end
      n = 2
    end
    game.log({ key = "ti3.trains_on", p = L.pn(p), n = n, planet = L.name("planets", PL), card = NAME() })
  end,
}
