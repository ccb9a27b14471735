-- The kernel's Lua side: decisions as yields, procedures and steps with their
-- windows, the event bus, atomic actions. It knows no game, only these shapes.
local game, PROCS, SUBS, WINDOWS, POLICY = ...
local yield = coroutine.yield

-- A shared table where packs keep helpers; a child pack may replace entries.
game.lib = {}
local sort = table.sort

-- Ask `player` to pick one of `options` (a list of strings). Returns the string.
-- With a single option nothing is asked. A named policy, when set for the
-- player, answers at once without leaving Lua.
function game.choose(player, prompt, options)
  local n = #options
  if n == 0 then error("choose: no options for '" .. tostring(prompt) .. "'", 2) end
  if n == 1 then return options[1] end
  local pol = POLICY[player] or POLICY.all
  if pol then
    local pick = pol(player, prompt, options)
    if pick ~= nil then return pick end
  end
  local i = yield("decision", player, prompt, options)
  return options[i]
end

-- Yes/no convenience.
function game.confirm(player, prompt)
  return game.choose(player, prompt, { "yes", "no" }) == "yes"
end

function game.set_policy(player, fn) POLICY[player] = fn end

-- Defines (or, in a child pack, replaces) a procedure.
function procedure(name, fn)
  if type(name) ~= "string" or type(fn) ~= "function" then
    error("procedure(name, fn) expects a string and a function", 2)
  end
  PROCS[name] = fn
end

function game.has_procedure(name) return PROCS[name] ~= nil end

-- The current function of a procedure: a child pack can wrap its parent's
-- step (`local base = game.procedure_fn("x"); procedure("x", function(ctx) ... base(ctx) end)`).
function game.procedure_fn(name) return PROCS[name] end

-- Calls a procedure directly, without windows.
function game.call(name, ...)
  local f = PROCS[name]
  if not f then error("unknown procedure '" .. tostring(name) .. "'", 2) end
  return f(...)
end

-- Runs a step: its `before:` window (which may cancel it by setting
-- ctx.cancel), the procedure, then its `after:` window.
function game.step(name, ctx)
  local f = PROCS[name]
  if not f then error("unknown step '" .. tostring(name) .. "'", 2) end
  ctx = ctx or {}
  local before = SUBS["before:" .. name]
  if before then
    game.window("before:" .. name, ctx)
    if ctx.cancel then
      -- A cancelled step is skipped; the context stays usable for the next.
      ctx.cancel = nil
      ctx.cancelled = name
      return nil
    end
  end
  local r = f(ctx)
  if SUBS["after:" .. name] then game.window("after:" .. name, ctx) end
  return r
end

local function player_order(ctx)
  if PROCS.window_order then return PROCS.window_order(ctx) end
  local n = game.num_players()
  local first = (ctx and (ctx.active or ctx.player)) or game.get("game", nil, "active") or 1
  local out = {}
  for i = 0, n - 1 do out[#out + 1] = ((first - 1 + i) % n) + 1 end
  return out
end

-- The handler of subscriber `s` for window `name`. A pack may wrap a data
-- entry's script by replacing `game.data.<coll>.<id>.handler`; the new one is
-- taken from then on.
local function handler_of(s, name)
  local dh = s.def.handler
  if dh ~= s.raw then
    local h
    if type(dh) == "function" then
      h = { run = dh }
    elseif type(dh) == "table" then
      h = { run = dh[name] or dh.run, when = dh.when }
    end
    if not h or type(h.run) ~= "function" then
      error(s.coll .. "." .. s.id .. ": its handler has nothing to run at window '" .. name .. "'", 2)
    end
    s.raw, s.handler = dh, h
  end
  return s.handler
end

-- Opens a timing window. Subscribers held by players run in player order
-- (active player first, then rotation; a pack may define `window_order`),
-- then those held by the game itself. A window nobody listens to returns at once.
function game.window(name, ctx)
  local subs = SUBS[name]
  ctx = ctx or {}
  if not subs then
    if not WINDOWS[name] then error("window '" .. tostring(name) .. "' is not declared by any pack", 2) end
    return ctx
  end
  local held = game.window_holders(name)
  if not held then return ctx end
  ctx.window = name
  for _, p in ipairs(player_order(ctx)) do
    for i, s in ipairs(subs) do
      -- Held when the window opened, and still held now.
      local hs = held[i]
      if hs and hs[p] and game.holds(p, s.coll, s.id) then
        local h = handler_of(s, name)
        if not h.when or h.when(ctx, p, s.def) then
          local go = true
          if s.def.optional then
            go = game.choose(p, "play " .. s.coll .. "." .. s.id .. " at " .. name .. "?", { "no", "yes" }) == "yes"
            -- The pack's `play_optional` procedure (if any) runs first: it may
            -- discard the card, open its own windows and return false to stop it.
            if go and PROCS.play_optional then go = PROCS.play_optional(p, s.coll, s.id, ctx) ~= false end
          end
          if go then h.run(ctx, p, s.def) end
        end
        if ctx.cancel then return ctx end
      end
    end
  end
  for i, s in ipairs(subs) do
    local hs = held[i]
    if hs and hs.game and game.holds("game", s.coll, s.id) then
      local h = handler_of(s, name)
      if not h.when or h.when(ctx, nil, s.def) then h.run(ctx, nil, s.def) end
      if ctx.cancel then return ctx end
    end
  end
  return ctx
end

-- Runs fn; if it fails, every change it made is undone and the error goes on.
function game.atomic(fn, ...)
  local cp = game.checkpoint()
  local res = table.pack(pcall(fn, ...))
  if res[1] then
    game.commit(cp)
    return table.unpack(res, 2, res.n)
  end
  -- An error object that asks to keep its changes (e.g. "the game just ended")
  -- commits them before going on up.
  if type(res[2]) == "table" and res[2].commit then game.commit(cp) else game.rollback(cp) end
  error(res[2], 0)
end

-- Sorted keys of a table: iterate maps in a stable order.
function game.keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = k end
  sort(ks, function(a, b)
    if type(a) == type(b) then return a < b end
    return type(a) < type(b)
  end)
  return ks
end

function game.spairs(t)
  local ks, i = game.keys(t), 0
  return function()
    i = i + 1
    local k = ks[i]
    if k ~= nil then return k, t[k] end
  end
end

return function(name, args)
  local f = PROCS[name]
  if not f then error("the pack defines no procedure '" .. tostring(name) .. "'", 0) end
  local res = table.pack(pcall(f, args))
  if res[1] then return table.unpack(res, 2, res.n) end
  local e = res[2]
  -- Error objects (tables) become readable messages.
  if type(e) == "table" then
    local parts = {}
    for _, k in ipairs(game.keys(e)) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(e[k]) end
    e = "error object {" .. table.concat(parts, ", ") .. "} escaped procedure '" .. name .. "'"
  end
  error(e, 0)
end
