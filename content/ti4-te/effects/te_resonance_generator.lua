-- Resonance Generator (Crimson breakthrough): its move bonus is in
-- rules/te_crimson.lua (L.move_value); as an action, exhausted, it flips a
-- breach or puts an active breach in a non-home system with the holder's units.
local L = game.lib

local function targets(p)
  local out = {}
  for s = 1, game.num_systems() do
    local hex = game.system(s).hex
    if hex then
      if L.te_breach(s) then
        out[#out + 1] = "flip@" .. hex
      elseif game.count_units { system = s, owner = p } > 0 and not L.is_home_system(s) then
        out[#out + 1] = "place@" .. hex
      end
    end
  end
  return out
end

return {
  usable = function(p, def) return L.te_bt_ready(p, def.id) and #targets(p) > 0 end,
  component = function(p, def, ctx)
    L.te_bt_exhaust(p, def.id)
    local pick = game.choose(p, { key = "te.resonance_target" }, targets(p))
    local how, hex = pick:match("^(%a+)@(.+)$")
    local s = game.system_at(hex)
    if how == "flip" then L.te_flip_breach(s, p) else L.te_set_breach(s, "active", p) end
  end,
}
