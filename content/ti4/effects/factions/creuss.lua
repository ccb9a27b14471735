-- Ghosts of Creuss, faction-wide effects. Flagship Hil Colish: its system
-- holds a delta wormhole (rules/faction_rules_b.lua moves the wormhole with
-- it), and when the Creuss player moves, it may move before or after the
-- other ships. After is what the movement step does anyway: every ship moves
-- from where it was, so the others may use the delta wormhole where the
-- flagship starts. Before: when movement starts, the player may move the
-- flagship first, with what it carries; its delta wormhole is then in the
-- active system, and the other ships may come through it. (Not offered when
-- the flagship would need a gravity rift's bonus: that roll is the movement
-- step's.)
local L = game.lib

local function flagship_mover(p, target, rules)
  for _, m in ipairs(L.movers(p, target, rules)) do
    if L.has_flagship_ability(p, m.unit, "creuss_flagship") then return m end
  end
  return nil
end

-- Units the flagship takes along, asked as the movement step asks: fighters
-- in space first, then ground forces on planets, up to its capacity.
local function cargo(p, u, target)
  local room = L.def(p, u.kind).capacity or 0
  local out = {}
  for _, c in ipairs(game.units { system = u.system, owner = p }) do
    if room <= 0 then break end
    local d = L.def(p, c.kind)
    if d.transported and c.carried == nil then
      local prompt = c.planet and { key = "transport_from", unit = c.kind .. "#" .. c.id, id = c.id, planet = L.name("planets", c.planet) }
        or { key = "transport", unit = c.kind .. "#" .. c.id, id = c.id }
      if game.choose(p, prompt, { "yes", "no" }) == "yes" then
        out[#out + 1] = c
        room = room - 1
      end
    end
  end
  return out
end

return {
  ["before:movement"] = function(ctx, p)
    if ctx.player ~= p or not ctx.system then return end
    local target = ctx.system
    local rules = L.move_rules(p, target)
    local m = flagship_mover(p, target, rules)
    if not m then return end
    local u = m.unit
    local plain = L.rift_check_cost(p, m, u.system, target, rules)
    if #rules.free_exit > 0 and (plain == nil or plain > m.cost) then return end
    local card = L.name("units", "creuss_flagship")
    if game.choose(p, { key = "ti4.hil_colish_first", card = card, unit = u.kind .. "#" .. u.id, id = u.id, system = L.sysname(target) }, { "no", "yes" }) ~= "yes" then return end
    local from = u.system
    local taken = cargo(p, u, target)
    for _, c in ipairs(taken) do game.move_unit(c.id, { system = target }) end
    game.move_unit(u.id, { system = target })
    game.log({ key = "moves", p = L.pn(p), unit = u.kind .. "#" .. u.id, from = L.sysname(from), system = L.sysname(target) })
    L.relink_wormhole("delta")
    ctx.moved_first = (ctx.moved_first or 0) + 1
    L.enforce_limits(p, from)
  end,
}
