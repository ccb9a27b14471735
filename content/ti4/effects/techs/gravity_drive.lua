-- Gravity Drive: after activating a system, one of the player's ships has
-- +1 move value for the rest of that tactical action.
-- The ship is picked when movement starts: nothing happens between the
-- activation and the movement step that depends on move values, and by then
-- every "after activation" effect (e.g. Spatial Conduit Cylinders) is known.
-- Only ships that the +1 lets reach the active system are offered (for any
-- other ship the bonus changes nothing); with a single such ship nothing is
-- asked. The bonus is the unit prop `move_bonus` read by L.move_value; it is
-- taken back when the movement step ends.
local L = game.lib
local KEY = "gravity_drive:unit"

return {
  when = function(ctx, p) return ctx.player == p end,

  ["before:movement"] = function(ctx, p, def)
    local target = ctx.system
    if not target then return end
    local rules = L.move_rules(p, target)
    local already = {}
    for _, m in ipairs(L.movers(p, target, rules)) do already[m.unit.id] = true end
    local opts = {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and u.system ~= target and not already[u.id]
        and not game.has_token(u.system, "command", p) then
        local d = L.def(p, u.kind)
        if d.class == "ship" and (d.move or 0) > 0 then
          local cost = L.move_cost_of(p, u.system, target, rules)
          if cost and cost <= L.move_value(p, u, u.system) + 1 then
            opts[#opts + 1] = u.kind .. "#" .. u.id
          end
        end
      end
    end
    if #opts == 0 then return end
    local pick = game.choose(p, { key = "ti4.gravity_drive_pick", card = L.name("techs", def.id) }, opts)
    local id = tonumber(pick:match("#(%d+)$"))
    game.put("unit", id, "move_bonus", (game.get("unit", id, "move_bonus") or 0) + 1)
    game.put("player", p, KEY, id)
    game.log({ key = "ti4.gravity_drive_used", p = L.pn(p), card = L.name("techs", def.id), unit = pick, id = id })
  end,

  ["after:movement"] = function(ctx, p)
    local id = game.get("player", p, KEY)
    if not id then return end
    game.put("player", p, KEY, nil)
    if game.unit_exists(id) then
      local b = (game.get("unit", id, "move_bonus") or 0) - 1
      game.put("unit", id, "move_bonus", b ~= 0 and b or nil)
    end
  end,
}
