-- Minister of Peace (law, elect a player).
-- The elected player holds the card. When another player activates a
-- system holding ships of a third player (neither fleet is the holder's)
-- and has ships that could move there, the holder may discard the card
-- (after:activation) to stop that move: the active player's tactical
-- action ends there, the system staying activated. (Our reading of "at any
-- time": the moment the system is activated, before any ship moves.)
local L = game.lib
local function NAME() return L.name("political_cards", "minister_of_peace") end
return {
  resolve = function() end,
  ["after:activation"] = function(ctx, p, def)
    if p ~= nil or not ctx.system then return end
    local h = L.law_player(def.id)
    local a = ctx.player
    if not h or h == a then return end
    local enemy = false
    for _, u in ipairs(game.units { system = ctx.system, space = true }) do
      if u.owner == h then return end
      if u.owner ~= a and L.is_ship(u.owner, u.kind) then enemy = true end
    end
    if not enemy or #L.movers(a, ctx.system, L.move_rules(a, ctx.system)) == 0 then return end
    if not game.confirm(h, { key = "ti3.stop_move", p = L.pn(a), system = L.sysname(ctx.system), card = NAME() }) then return end
    L.discard_law(def.id)
    game.log({ key = "ti3.move_stopped", p = L.pn(h), q = L.pn(a), system = L.sysname(ctx.system), card = NAME() })
    ctx.end_turn = true
  end,
}
