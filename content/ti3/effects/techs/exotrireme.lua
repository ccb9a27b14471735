-- Exotrireme (Sardakk N'orr): at the end of a space battle round, the player
-- may destroy one of his dreadnoughts there to destroy two enemy ships there
-- of his choice.
local L = game.lib

local function destroy(u, owner, source)
  L.destroy_unit({ id = u.id, kind = u.kind, owner = owner },
    { source = source, label = "exotrireme", active = game.get("game", nil, "active"), system = u.system },
    { key = "ti3.unit_destroyed", p = L.pn(owner), unit = u.kind .. "#" .. u.id, id = u.id })
end

return {
  when = function(ctx, p) return not ctx.ground and (p == ctx.attacker or p == ctx.defender) end,
  run = function(ctx, p, def)
    local s = ctx.system
    local opp = (p == ctx.attacker) and ctx.defender or ctx.attacker
    local mine = { "none" }
    for _, u in ipairs(L.ships(p, s)) do
      if L.def(p, u.kind).type == "dreadnought" then mine[#mine + 1] = u.kind .. "#" .. u.id end
    end
    if #mine == 1 or #L.ships(opp, s) == 0 then return end
    local name = L.name("racial_techs", def.id)
    local pick = game.choose(p, { key = "ti3.destroy_dreadnought_destroy_two", name = name }, mine)
    if pick == "none" then return end
    local id = tonumber(pick:match("#(%d+)$"))
    for _, u in ipairs(L.ships(p, s)) do if u.id == id then destroy(u, p, p) end end
    for _ = 1, 2 do
      local opts, by = {}, {}
      for _, u in ipairs(L.ships(opp, s)) do
        local o = u.kind .. "#" .. u.id
        opts[#opts + 1] = o
        by[o] = u
      end
      if #opts == 0 then break end
      destroy(by[game.choose(p, { key = "ti3.choose_destroy", name = name }, opts)], opp, p)
    end
  end,
}
