-- Target Their Flagship!: just before a space battle, the player picks one of
-- its ships there and one of the opponent's, and rolls one die: at or above
-- its ship's combat value, the enemy ship takes a hit at once (its owner
-- assigns it to that ship: sustain damage or destroyed) and does not fire
-- back. The chosen ship does not roll in the first combat round: the game's
-- copy of the card strikes that ship's dice from the player's first-round
-- roll (its first die or dice of that kind; dice are alike, so which ones
-- does not matter). Dreadnoughts and war suns of an opponent with Nano
-- Technology cannot be the enemy ship (races.lua's L.ac_immune).
local L = game.lib
local KEY = "target_their_flagship"
local function ships(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).combat then out[#out + 1] = u.kind .. "#" .. u.id end
  end
  return out
end
local function opponent(ctx, p) return (p == ctx.player) and ctx.defender or ctx.player end
-- The opponent's ships the card may target.
local function targets(p, q, s)
  local out = {}
  for _, u in ipairs(L.ships(q, s)) do
    if not (L.ac_immune and L.ac_immune(q, u.kind, p)) then out[#out + 1] = u.kind .. "#" .. u.id end
  end
  return out
end
return {
  when = function(ctx, p)
    local st = game.get("game", nil, KEY)
    if p == nil then
      if st == nil then return false end
      if ctx.window == "after:space_combat" then return true end
      return ctx.window == "combat_rolled" and not ctx.ground and ctx.round == 1 and ctx.system == st.system
    end
    if ctx.window ~= "before:space_combat" or game.get("game", nil, "ac_lock") then return false end
    if not (p == ctx.player or p == ctx.defender) then return false end
    local q = opponent(ctx, p)
    return q ~= nil and #ships(p, ctx.system) > 0 and #targets(p, q, ctx.system) > 0
  end,
  ["before:space_combat"] = function(ctx, p, def)
    local s, q = ctx.system, opponent(ctx, p)
    local mine = game.choose(p, { key = "ti3.your_ship_that_takes" }, ships(p, s))
    local target = game.choose(p, { key = "ti3.enemy_ship_targeted" }, targets(p, q, s))
    local kind, id = mine:match("^([%w_]+)#(%d+)$")
    local tid = tonumber(target:match("#(%d+)$"))
    local st = game.get("game", nil, KEY) or { system = s, skip = {} }
    st.skip[#st.skip + 1] = { player = p, kind = kind, unit = tonumber(id) }
    game.put("game", nil, KEY, st)
    game.grant("game", "action_cards", def.id)
    local hits = game.roll({ key = "ti3.targets_with", p = L.pn(p), target = target, unit = mine }, 1, L.def(p, kind).combat)
    if hits > 0 then
      local u
      for _, x in ipairs(L.ships(q, s)) do if x.id == tid then u = x end end
      L.assign_hits(q, { u }, 1, "target their flagship", { source = p })
    end
  end,
  combat_rolled = function(ctx)
    local st = game.get("game", nil, KEY)
    for _, x in ipairs(st.skip) do
      if x.player == ctx.player and game.unit_exists(x.unit) then
        for _, g in ipairs(ctx.groups or {}) do
          if g.kind == x.kind then
            local n = L.def(x.player, x.kind).dice or 1
            local lost = 0
            for _ = 1, n do
              local r = table.remove(g.rolls, 1)
              if r and r >= g.target then lost = lost + 1 end
            end
            g.hits = (g.hits or 0) - lost
            ctx.hits = (ctx.hits or 0) - lost
            game.log({ key = lost == 1 and "ti3.flagship_does_not_roll_one" or "ti3.flagship_does_not_roll_many", unit = x.kind .. "#" .. x.unit, id = x.unit, lost = lost })
            break
          end
        end
      end
    end
  end,
  ["after:space_combat"] = function(ctx, _, def)
    game.put("game", nil, KEY, nil)
    game.revoke("game", "action_cards", def.id)
  end,
}
