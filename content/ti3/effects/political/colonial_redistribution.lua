-- Colonial Redistribution (directive, For/Against).
-- For: the player with the most victory points (a random one if several are
-- tied) chooses one of his planets (any planet, home planets included: the
-- card makes no exception), and every ground force on it is destroyed. He
-- then chooses one of the players with the fewest victory points. That player
-- may at once put three free ground forces from his reinforcements on the
-- planet (as many as he has left, up to three) and take control of it.
-- UNCERTAIN (the card does not say; our reading of the TI3 change of control):
-- the previous owner's other units on the planet (PDS, space dock) are
-- destroyed when the planet changes hands, as after a successful invasion.
-- Shock troops are counted as ground forces (SE treats them as ground forces
-- that hit on 5; from memory of the SE rules).
-- Against: no effect.
local L = game.lib
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "colonial_redistribution") end

local function destroy(u)
  L.destroy_unit(u, { label = NAME() },
    { key = "ti3.unit_destroyed_by", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, card = NAME() })
end

local function ground_left(p)
  local d = L.def(p, "ground_force")
  return (d.limit or 99) - game.count_units { owner = p, kind = "ground_force" }
end

return {
  resolve = function(outcome, def)
    if outcome ~= "for" then return end
    local n = game.num_players()
    local best, tied = -1, {}
    for p = 1, n do
      local v = game.counter(p, "vp")
      if v > best then best, tied = v, { p } elseif v == best then tied[#tied + 1] = p end
    end
    local leader = tied[1]
    if #tied > 1 then
      leader = tied[game.random(#tied)]
      game.log({ key = "ti3.drawn_random_among_leaders", card = NAME(), p = L.pn(leader) })
    end
    local planets = game.planets_owned(leader)
    table.sort(planets)
    if #planets == 0 then
      game.log({ key = "ti3.controls_no_planet", card = NAME(), p = L.pn(leader) })
      return
    end
    local pl = game.choose(leader, { key = "ti3.choose_one_your_planets", card = NAME() }, planets)
    for _, u in ipairs(game.units { planet = pl }) do
      if L.def(u.owner, u.kind).class == "ground" then destroy(u) end
    end
    local low, lows = nil, {}
    for p = 1, n do
      local v = game.counter(p, "vp")
      if not low or v < low then low, lows = v, { p } elseif v == low then lows[#lows + 1] = p end
    end
    local opts = {}
    for _, p in ipairs(lows) do opts[#opts + 1] = L.pn(p) end
    local q = tonumber(game.choose(leader, { key = "ti3.choose_player_fewest_victory", card = NAME() }, opts):sub(2))
    local k = math.min(3, ground_left(q))
    if k <= 0 then
      game.log({ key = "ti3.has_no_ground_force", card = NAME(), p = L.pn(q) })
      return
    end
    if not game.confirm(q, { key = "ti3.place_ground_forces_take", k = k, planet = L.name("planets", pl), card = NAME() }) then
      game.log({ key = "ti3.declines", p = L.pn(q), card = NAME() })
      return
    end
    for _ = 1, k do game.spawn("ground_force", q, { planet = pl }) end
    game.log({ key = "ti3.places_ground_forces", p = L.pn(q), k = k, planet = L.name("planets", pl) })
    local prev = game.planet_owner(pl)
    if prev ~= q then
      for _, u in ipairs(game.units { planet = pl, not_owner = q }) do destroy(u) end
      L.take_control(q, pl)
    end
  end,
}
