-- Warfare II (seed 001, "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/warfare_ii.lua) with 001's changes:
--   * primary: after the other players have used the secondary, the holder
--     may take one more tactical action; the command counter it places comes
--     from his reinforcements (it is put in his tactic pool just before the
--     action, so the activation takes it from there). `played` runs after the
--     secondaries (sa-en rules/d_strategy.lua); nobody gets it when nobody
--     holds the card (5-player rule).
--   * High Alert: +1 on all friendly combat rolls in its system, ground
--     combat included (SE: space battles only). Our reading of "combat
--     rolls": space battle and invasion combat rolls, not space cannon or
--     bombardment.
--   * secondary: the only condition on the destination is that it holds no
--     enemy ships (SE: a system with a planet one controls); the ships still
--     come from systems one has not activated and move into an adjacent
--     system. Any cargo within capacity may be picked up, from the space area
--     or the planets of the system left; it stays in space (no landing).
local L = game.lib
local TOKEN = "high_alert"
local KEY = "high_alert_units"

local function token_system(p)
  for s = 1, game.num_systems() do
    if game.has_token(s, TOKEN, p) then return s end
  end
end

local function enemy_ships(q, s)
  for _, u in ipairs(game.units { system = s, not_owner = q, space = true }) do
    if L.def(u.owner, u.kind).class == "ship" then return true end
  end
  return false
end

local function extra_tactical(p)
  if not p or L.reinforcements(p) <= 0 then return end
  if game.choose(p, "take another tactical action (command counter from reinforcements)", { "no", "yes" }) ~= "yes" then return end
  game.log("one more tactical action for " .. L.pn(p) .. " (" .. L.name("strategy_cards", "warfare_ii") .. "), its command counter from reinforcements")
  local c = { player = p, active = p }
  local ok, err = pcall(game.atomic, function()
    game.add(p, "tactic", 1)
    game.step("tactical_action", c)
  end)
  if not ok then
    if type(err) == "table" and err.game_over then error(err, 0) end
    game.log(L.pn(p) .. " cannot take the tactical action")
  end
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

  played = function(p) extra_tactical(p) end,

  secondary = function(q)
    for _ = 1, 2 do
      local opts = { "none" }
      for _, u in ipairs(game.units { owner = q, space = true }) do
        local d = L.def(q, u.kind)
        if u.carried == nil and d.class == "ship" and (d.move or 0) > 0 and not game.has_token(u.system, "command", q) then
          for _, t in ipairs(game.adjacent(u.system, "move")) do
            if not enemy_ships(q, t) then opts[#opts + 1] = u.kind .. "#" .. u.id .. "->" .. game.system(t).hex end
          end
        end
      end
      if #opts == 1 then return end
      local pick = game.choose(q, "Reinforce: move a ship", opts)
      if pick == "none" then return end
      local kind, id, hex = pick:match("^([%w_]+)#(%d+)%->(.+)$")
      id = tonumber(id)
      local origin
      for _, u in ipairs(game.units { owner = q, space = true }) do if u.id == id then origin = u.system end end
      local to = game.system_at(hex)
      game.move_unit(id, { system = to })
      game.log(L.pn(q) .. " moves " .. kind .. "#" .. id .. " " .. L.sysname(origin) .. " -> " .. L.sysname(to) .. " (Reinforce)")
      local room = L.def(q, kind).capacity or 0
      -- Cargo from the space area first, then from the planets (any cargo).
      local cargo = {}
      for _, u in ipairs(game.units { system = origin, owner = q, space = true }) do cargo[#cargo + 1] = u end
      for _, pl in ipairs(game.planets_of(origin)) do
        for _, u in ipairs(game.units { planet = pl, owner = q }) do cargo[#cargo + 1] = u end
      end
      for _, u in ipairs(cargo) do
        if room <= 0 then break end
        if u.id ~= id and L.def(q, u.kind).transported and game.confirm(q, "take " .. u.kind .. "#" .. u.id .. " along") then
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

  -- Every friendly combat roll in the token's system: space battles and
  -- invasion (ground) combat on its planets.
  combat_round_start = function(ctx)
    if not ctx.mods then return end
    local s = ctx.system or (ctx.planet and game.planet_system(ctx.planet))
    if not s then return end
    for _, q in ipairs({ ctx.attacker, ctx.defender }) do
      if q and ctx.mods[q] and game.has_token(s, TOKEN, q) then
        ctx.mods[q].all = (ctx.mods[q].all or 0) + 1
      end
    end
  end,

  ["before:status_phase"] = function()
    if game.clear_tokens(TOKEN) > 0 then game.log("the High Alert token is removed") end
  end,
}
