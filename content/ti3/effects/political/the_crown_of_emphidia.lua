-- The Crown of Emphidia (law, elect a player). The elected player takes the
-- card and gains one victory point at once. A player who wins an invasion
-- combat (a ground combat) against the holder, attacking or defending, takes
-- the card and gains one victory point; the holder loses one. If the law is
-- discarded by another card (`repeal`), the holder loses his point too.
-- "law:the_crown_of_emphidia" always names the current holder.
-- A ground combat is won by the side that still has ground units on the
-- planet when the other has none. Victory points never go below zero.
local L = game.lib
local ID = "the_crown_of_emphidia"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "the_crown_of_emphidia") end

local function holder()
  local r = game.get("game", nil, "law:" .. ID)
  return r and tonumber(r:match("^p(%d+)$"))
end

local function lose(p)
  local v = math.max(0, game.counter(p, "vp") - 1)
  game.set(p, "vp", v)
  game.log({ key = "ti3.loses_1_vp_loses_card", p = L.pn(p), card = NAME(), v = v })
end

local function ground_of(pl, p)
  local n = 0
  for _, u in ipairs(game.units { planet = pl, owner = p }) do
    if L.def(p, u.kind).class == "ground" then n = n + 1 end
  end
  return n
end

return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if p then L.gain_vp(p, 1, NAME()) end
  end,
  repeal = function(def)
    local p = holder()
    if p then lose(p) end
  end,
  -- Who fights whom is noted before the combat: the defender is the owner
  -- of the other ground units on the planet.
  ["before:ground_combat"] = function(ctx, p, def)
    if p ~= nil then return end
    ctx.crown_defender = nil
    if ground_of(ctx.planet, ctx.player) == 0 then return end
    for _, u in ipairs(game.units { planet = ctx.planet, not_owner = ctx.player }) do
      if L.def(u.owner, u.kind).class == "ground" then ctx.crown_defender = u.owner; break end
    end
  end,
  ["after:ground_combat"] = function(ctx, p, def)
    if p ~= nil then return end
    local a, d, h = ctx.player, ctx.crown_defender, holder()
    if not d or not h or (h ~= a and h ~= d) then return end
    local winner
    if ground_of(ctx.planet, a) > 0 and ground_of(ctx.planet, d) == 0 then winner = a
    elseif ground_of(ctx.planet, d) > 0 and ground_of(ctx.planet, a) == 0 then winner = d end
    if not winner or winner == h then return end
    game.put("game", nil, "law:" .. ID, L.pn(winner))
    game.log({ key = "ti3.claims_card", p = L.pn(winner), card = NAME(), q = L.pn(h) })
    lose(h)
    L.gain_vp(winner, 1, NAME())
  end,
}
