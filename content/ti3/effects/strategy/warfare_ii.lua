-- Warfare II (Shattered Empire). Primary: put the High Alert token (a board
-- token "high_alert" owned by the holder) in a system with the holder's
-- ships. His ships there get +1 move and +1 on combat rolls (space battles).
-- When ships of his leave that system in a move, the token may go with them.
-- It is removed when the next status phase starts. These effects are
-- handlers the game holds (rules/races.lua grants the card to the game when
-- the option is on).
-- Secondary: move up to two of your ships from systems you have not
-- activated into adjacent systems holding a planet you control, without
-- activating them; each may take along, within its capacity, fighters and
-- ground forces from its space area.
local L = game.lib
local TOKEN = "high_alert"
local KEY = "high_alert_units"

local function token_system(p)
  for s = 1, game.num_systems() do
    if game.has_token(s, TOKEN, p) then return s end
  end
end

local function controls(p, s)
  for _, pl in ipairs(game.planets_of(s)) do
    if game.planet_owner(pl) == p then return true end
  end
  return false
end

return {
  primary = function(p)
    local seen, opts = {}, {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.system and not seen[u.system] and L.def(p, u.kind).class == "ship" then
        seen[u.system] = true
        opts[#opts + 1] = u.system
      end
    end
    table.sort(opts)
    if #opts == 0 then return end
    local hexes = {}
    for _, s in ipairs(opts) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, "place the High Alert token in", hexes))
    game.clear_tokens(TOKEN)
    game.place_token(s, TOKEN, p)
    game.log(L.pn(p) .. " puts the High Alert token in " .. L.sysname(s))
  end,

  secondary = function(q)
    for _ = 1, 2 do
      local opts = { "none" }
      for _, u in ipairs(game.units { owner = q, space = true }) do
        local d = L.def(q, u.kind)
        if u.carried == nil and d.class == "ship" and (d.move or 0) > 0 and not game.has_token(u.system, "command", q) then
          for _, t in ipairs(game.adjacent(u.system, "move")) do
            if controls(q, t) then opts[#opts + 1] = u.kind .. "#" .. u.id .. "->" .. game.system(t).hex end
          end
        end
      end
      if #opts == 1 then return end
      local pick = game.choose(q, "Reinforce: move a ship", opts)
      if pick == "none" then return end
      local kind, id, hex = pick:match("^([%w_]+)#(%d+)%->(.+)$")
      id = tonumber(id)
      local from = game.units { owner = q, space = true }
      local origin
      for _, u in ipairs(from) do if u.id == id then origin = u.system end end
      local to = game.system_at(hex)
      game.move_unit(id, { system = to })
      game.log(L.pn(q) .. " moves " .. kind .. "#" .. id .. " " .. L.sysname(origin) .. " -> " .. L.sysname(to) .. " (Reinforce)")
      local room = L.def(q, kind).capacity or 0
      for _, u in ipairs(game.units { system = origin, owner = q, space = true }) do
        if room <= 0 then break end
        if L.def(q, u.kind).transported and game.confirm(q, "take " .. u.kind .. "#" .. u.id .. " along") then
          game.move_unit(u.id, { system = to })
          room = room - 1
        end
      end
      L.enforce_limits(q, origin)
      L.enforce_limits(q, to)
    end
  end,

  ["before:movement"] = function(ctx)
    local p = ctx.player
    local s = p and token_system(p)
    if not s or s == ctx.system then return end
    local ids = {}
    for _, u in ipairs(L.ships(p, s)) do
      game.put("unit", u.id, "move_bonus", (game.get("unit", u.id, "move_bonus") or 0) + 1)
      ids[#ids + 1] = u.id
    end
    game.put("game", nil, KEY, { from = s, ids = ids })
  end,

  ["after:movement"] = function(ctx)
    local t = game.get("game", nil, KEY)
    if not t then return end
    game.put("game", nil, KEY, nil)
    local p = ctx.player
    local moved = false
    for _, id in ipairs(t.ids) do
      if game.unit_exists(id) then
        local b = (game.get("unit", id, "move_bonus") or 0) - 1
        game.put("unit", id, "move_bonus", b ~= 0 and b or nil)
        for _, u in ipairs(L.ships(p, ctx.system)) do if u.id == id then moved = true end end
      end
    end
    if moved and game.choose(p, "move the High Alert token with your ships", { "no", "yes" }) == "yes" then
      game.remove_token(t.from, TOKEN, p)
      game.place_token(ctx.system, TOKEN, p)
      game.log(L.pn(p) .. " moves the High Alert token to " .. L.sysname(ctx.system))
    end
  end,

  combat_round_start = function(ctx)
    if ctx.ground or not ctx.system or not ctx.mods then return end
    for _, q in ipairs({ ctx.attacker, ctx.defender }) do
      if q and ctx.mods[q] and game.has_token(ctx.system, TOKEN, q) then
        ctx.mods[q].all = (ctx.mods[q].all or 0) + 1
      end
    end
  end,

  ["before:status_phase"] = function()
    if game.clear_tokens(TOKEN) > 0 then game.log("the High Alert token is removed") end
  end,
}
