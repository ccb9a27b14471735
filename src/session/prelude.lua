-- The kernel's Lua side: decisions as yields, procedures and steps with their
-- windows, the event bus, atomic actions. It knows no game, only these shapes.
local game, PROCS, SUBS, WINDOWS, POLICY, CHAIN, CTX_DECLS = ...
local yield = coroutine.yield
local sort = table.sort
local tmove = table.move

-- The pack whose files are loading (set by the kernel), and whether loading
-- is over: after that, procedures and helpers can no longer be replaced.
local LOADING, SEALED = nil, false
local PACK_RANK = {}
for i, id in ipairs(CHAIN) do PACK_RANK[id] = i end

-- Who defined what: name -> list of pack ids, in the order they defined it
-- (the first defines, later ones replace). `imperium diff` reads these.
local PROC_ORIGIN, LIB_ORIGIN, LIB_DOC = {}, {}, {}
-- The value each name had as its first pack defined it.
local PROC_FIRST, LIB_FIRST = {}, {}

local function note_origin(origins, name, firsts, value)
  if firsts[name] == nil then firsts[name] = value end
  local list = origins[name]
  if not list then
    list = {}
    origins[name] = list
  end
  local who = LOADING or "(run time)"
  if list[#list] ~= who then list[#list + 1] = who end
end

-- Helpers: registered through the kernel (`lib(name, fn, doc)`, or assigning
-- `game.lib.name = fn` while a pack loads); a child pack replaces one by
-- registering the same name. Once the game runs they are read-only.
local LIB = {}
local function register_lib(name, value, doc, level)
  if type(name) ~= "string" then error("lib: a helper's name is a string", level + 1) end
  if SEALED then
    error("game.lib." .. name .. " is assigned while the game runs: helpers are registered when a pack loads "
      .. "(lib(name, fn)); to change behaviour at run time, give the parent a hook", level + 1)
  end
  LIB[name] = value
  note_origin(LIB_ORIGIN, name, LIB_FIRST, value)
  if doc then LIB_DOC[name] = doc end
end
game.lib = setmetatable({}, {
  __index = LIB,
  __newindex = function(_, k, v) register_lib(k, v, nil, 2) end,
  __pairs = function() return next, LIB, nil end,
  __metatable = "game.lib",
})

-- Registers (or, in a child pack, replaces) a helper, with a doc line.
function lib(name, fn, doc)
  register_lib(name, fn, doc, 2)
  return fn
end

-- The packs that defined helper `name`, first to last (nil if none).
function game.lib_origin(name)
  local l = LIB_ORIGIN[name]
  if not l then return nil end
  return { table.unpack(l) }
end

-- The helper or procedure as the first pack that defined it gave it: a
-- pack compares it with the current one to know whether anything replaced it.
function game.lib_first(name) return LIB_FIRST[name] end
function game.procedure_first(name) return PROC_FIRST[name] end

function game.procedure_origin(name)
  local l = PROC_ORIGIN[name]
  if not l then return nil end
  return { table.unpack(l) }
end

-- Every helper and procedure with the packs that defined it (for the kernel).
function game.__registry()
  local out = { procedures = {}, helpers = {} }
  for _, k in ipairs(game.keys(PROC_ORIGIN)) do out.procedures[k] = PROC_ORIGIN[k] end
  for _, k in ipairs(game.keys(LIB_ORIGIN)) do
    out.helpers[k] = { packs = LIB_ORIGIN[k], doc = LIB_DOC[k] }
  end
  return out
end

-- Functions run once every pack has loaded (still while loading, so they may
-- replace procedures and helpers), in the order they were registered:
-- parent packs first. A rule that applies on top of whatever its child packs
-- define (a race ability changing any variant's strategic action) wraps
-- there instead of when the game is set up.
local WHEN_LOADED = {}
function game.when_loaded(fn)
  if SEALED or not LOADING then error("game.when_loaded is called while the game runs: register it when a pack loads", 2) end
  if type(fn) ~= "function" then error("game.when_loaded(fn) expects a function", 2) end
  WHEN_LOADED[#WHEN_LOADED + 1] = { fn = fn, pack = LOADING }
end
function game.__when_loaded()
  local i = 1
  while WHEN_LOADED[i] do
    LOADING = WHEN_LOADED[i].pack
    WHEN_LOADED[i].fn()
    i = i + 1
  end
  WHEN_LOADED = {}
end

function game.__loading(id) LOADING = id end
-- A read-only view of a data table: reads see the definition, writes are
-- errors. Nested tables are frozen too (one view per table, so identity
-- and shared sub-tables survive).
local FROZEN = setmetatable({}, { __mode = "k" })
-- Where each read-only table sits ({parent, key}, or the root's name),
-- spelled out only when a script tries to write to it.
local FROZEN_AT = setmetatable({}, { __mode = "k" })
local function frozen_path(v)
  local at = FROZEN_AT[v]
  if type(at) ~= "table" then return tostring(at) end
  return frozen_path(at[1]) .. "." .. tostring(at[2])
end
local function frozen_write(t, k)
  error(frozen_path(t) .. "." .. tostring(k) .. " is read-only: a pack changes data with a `patch:` by id, or keeps its own state with game.put", 2)
end
local function frozen_len(t) return #FROZEN[t] end
local function frozen_pairs(t) return next, FROZEN[t], nil end
local function freeze(t, seen, at)
  local v = seen[t]
  if v then return v end
  local inner = {}
  v = setmetatable({}, {
    __index = inner,
    __newindex = frozen_write,
    __len = frozen_len,
    __pairs = frozen_pairs,
    __metatable = "game.data",
  })
  seen[t] = v
  FROZEN[v] = inner
  FROZEN_AT[v] = at
  for k, x in next, t do
    if type(x) == "table" then x = freeze(x, seen, { v, k }) end
    inner[k] = x
  end
  return v
end

-- `next` sees through a read-only table of game.data to what it holds, as
-- `pairs` and `#` do (`next(def.requires)` is how a script asks whether a
-- list is empty).
do
  local raw_next = next
  next = function(t, k) return raw_next(FROZEN[t] or t, k) end
end

-- Scenarios only: changes field `k` of a read-only table of game.data
-- (e.g. to watch a card's handler, or to try a definition with another
-- value). A pack's rules and cards never call it.
local KEYS = setmetatable({}, { __mode = "k" })
function game.test_patch(t, k, v)
  local inner = FROZEN[t]
  if not inner then error("game.test_patch: the table is not one of game.data", 2) end
  inner[k] = v
  KEYS[t] = nil
end

function game.__seal()
  SEALED = true
  LOADING = nil
  -- The data (and each subscriber's view of its definition) is read-only.
  local seen = {}
  rawset(game, "data", freeze(game.data, seen, "game.data"))
  for _, list in pairs(SUBS) do
    for _, s in ipairs(list) do s.def = freeze(s.def, seen, { game.data[s.coll], s.id }) end
  end
  -- The options are fixed for the game too.
  local options = game.options
  game.options = setmetatable({}, {
    __index = options,
    __newindex = function(_, k)
      error("game.options." .. tostring(k) .. " is read-only: an option that turns on another says so with `implies`", 2)
    end,
    __pairs = function() return next, options, nil end,
    __metatable = "game.options",
  })
end

-- The key of a decision prompt or log line: `{key = "x", ...}` or a plain string.
function game.key_of(prompt)
  if type(prompt) == "table" then return prompt.key end
  return prompt
end

-- Ask `player` to pick one of `options` (a list of strings). Returns the string.
-- `prompt` is `{key = "announce_retreat", arg = value...}`: the key and its
-- arguments identify the decision, the locale gives its text. (A plain
-- string prompt is the text itself, for packs that have no keys yet.)
-- With a single option nothing is asked. A named policy, when set for the
-- player, answers at once without leaving Lua.
--
-- A decision asked of owner 0 (units of no player) is made by the player
-- the pack's helper `neutral_decider(prompt)` names; without that helper it
-- is an error naming the decision.
function game.choose(player, prompt, options)
  local n = #options
  if n == 0 then error("choose: no options for '" .. tostring(game.key_of(prompt) or prompt) .. "'", 2) end
  if n == 1 then return options[1] end
  if player == 0 then
    local decider = LIB.neutral_decider
    if type(decider) ~= "function" then
      error("choose: '" .. tostring(game.key_of(prompt) or prompt) .. "' is asked of owner 0 (no player), "
        .. "and the pack registers no helper neutral_decider to say who decides for it", 2)
    end
    player = decider(prompt)
  end
  local pol = POLICY[player] or POLICY.all
  if pol then
    local pick = pol(player, prompt, options)
    if pick ~= nil then
      -- A policy answers like a player: with one of the options.
      for i = 1, n do
        if options[i] == pick then return pick end
      end
      error("choose: the policy of p" .. tostring(player) .. " answered '" .. tostring(pick):sub(1, 80) .. "' to '"
        .. tostring(game.key_of(prompt) or prompt) .. "', which is not one of its options", 2)
    end
  end
  local i = yield("decision", player, prompt, options)
  return options[i]
end

-- Yes/no convenience (prompt as for game.choose).
function game.confirm(player, prompt)
  return game.choose(player, prompt, { "yes", "no" }) == "yes"
end

function game.set_policy(player, fn) POLICY[player] = fn end

-- Defines (or, in a child pack, replaces) a procedure.
function procedure(name, fn)
  if type(name) ~= "string" or type(fn) ~= "function" then
    error("procedure(name, fn) expects a string and a function", 2)
  end
  if SEALED then
    error("procedure '" .. name .. "' is defined while the game runs: procedures are defined when a pack loads", 2)
  end
  PROCS[name] = fn
  note_origin(PROC_ORIGIN, name, PROC_FIRST, fn)
end

-- Rules that react to a window (not cards a player holds): `game.on(window,
-- fn, {priority = n})`. fn(ctx) runs each time the window opens: those with
-- priority >= 0 (the default 0) before the cards held by players, higher
-- first; those below 0 after the cards. Ties: pack order (parent first),
-- then the order of the calls. `plain` (true, or a function of a combat
-- board returning true): the rule does nothing in a plain fight, so a pack
-- may still hand such a fight to the kernel as a plan (see combat plans);
-- handed back by game.rules_on.
local RULES = {}
local rule_seq = 0
function game.on(window, fn, opts)
  if type(window) ~= "string" or type(fn) ~= "function" then
    error("game.on(window, fn [, {priority = n}]) expects a string and a function", 2)
  end
  if SEALED or not LOADING then error("game.on('" .. window .. "') is called while the game runs: rules subscribe when a pack loads", 2) end
  if not WINDOWS[window] then error("game.on: window '" .. window .. "' is not declared by any pack", 2) end
  local prio = (opts and opts.priority) or 0
  if type(prio) ~= "number" then error("game.on: priority is a number", 2) end
  local plain = opts and opts.plain
  if plain ~= nil and plain ~= true and type(plain) ~= "function" then
    error("game.on: plain is true or a function", 2)
  end
  rule_seq = rule_seq + 1
  local list = RULES[window]
  if not list then
    list = {}
    RULES[window] = list
  end
  list[#list + 1] = { fn = fn, priority = prio, rank = PACK_RANK[LOADING] or 0, seq = rule_seq, pack = LOADING, plain = plain }
  sort(list, function(a, b)
    if a.priority ~= b.priority then return a.priority > b.priority end
    if a.rank ~= b.rank then return a.rank < b.rank end
    return a.seq < b.seq
  end)
end

-- The rules subscribed to a window: list of {pack, priority, plain} (for
-- tools and combat plans).
function game.rules_on(window)
  local out = {}
  for _, r in ipairs(RULES[window] or {}) do out[#out + 1] = { pack = r.pack, priority = r.priority, plain = r.plain } end
  return out
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
  local before = SUBS["before:" .. name] or RULES["before:" .. name]
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
  if SUBS["after:" .. name] or RULES["after:" .. name] then game.window("after:" .. name, ctx) end
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
-- With CTX_DECLS (scenarios and strict runs), a window opened with a ctx
-- its declaration does not allow is an error: a field it does not declare,
-- a required field missing, a field of the wrong kind.
local ALWAYS = { window = true, cancel = true, cancelled = true }
local function kind_ok(kind, v)
  if kind == "any" then return true end
  local t = type(v)
  if kind == "player" then return math.type(v) == "integer" and v >= 1 and v <= game.num_players() end
  if kind == "system" then return math.type(v) == "integer" and v >= 1 and v <= game.num_systems() end
  if kind == "unit" or kind == "int" then return math.type(v) == "integer" end
  if kind == "planet" or kind == "string" then return t == "string" end
  if kind == "number" then return t == "number" end
  if kind == "bool" then return t == "boolean" end
  if kind == "table" or kind == "list" then return t == "table" end
  return false
end
local function check_ctx(name, ctx, level)
  local decl = CTX_DECLS[name]
  if not decl then return end
  local bad = {}
  for _, k in ipairs(game.keys(ctx)) do
    local f = decl[k]
    if type(k) ~= "string" then
      bad[#bad + 1] = "a non-string key " .. tostring(k)
    elseif not f then
      if not ALWAYS[k] then bad[#bad + 1] = "field `" .. k .. "` is not declared" end
    elseif not kind_ok(f.kind, ctx[k]) then
      bad[#bad + 1] = "field `" .. k .. "` is not a " .. f.kind .. " (" .. tostring(ctx[k]) .. ")"
    end
  end
  for _, k in ipairs(game.keys(decl)) do
    if not decl[k].optional and ctx[k] == nil then bad[#bad + 1] = "required field `" .. k .. "` is missing" end
  end
  if #bad > 0 then
    error("window '" .. name .. "' opened with a ctx its declaration does not allow: " .. table.concat(bad, "; "), level + 1)
  end
end

local function run_rules(list, ctx, late)
  for _, r in ipairs(list) do
    if (r.priority < 0) == late then
      r.fn(ctx)
      if ctx.cancel then return true end
    end
  end
  return false
end

function game.window(name, ctx)
  local subs = SUBS[name]
  local rules = RULES[name]
  ctx = ctx or {}
  if CTX_DECLS and ctx.window ~= name then check_ctx(name, ctx, 2) end
  if not subs and not rules then
    if not WINDOWS[name] then error("window '" .. tostring(name) .. "' is not declared by any pack", 2) end
    return ctx
  end
  if rules then
    ctx.window = name
    if run_rules(rules, ctx, false) then return ctx end
  end
  local held = subs and game.window_holders(name)
  if not held then
    if rules then run_rules(rules, ctx, true) end
    return ctx
  end
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
            go = game.choose(p, { key = "kernel.play_optional", coll = s.coll, id = s.id, window = name,
              card = game.text("names." .. s.id, s.id), when = game.text("windows." .. name, name) }, { "no", "yes" }) == "yes"
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
  if rules then run_rules(rules, ctx, true) end
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

-- Sorted keys of a table: iterate maps in a stable order. The keys of a
-- read-only table of game.data are sorted once (KEYS; game.test_patch
-- drops them); each call gets its own copy of the list.
function game.keys(t)
  local known = KEYS[t]
  if known then return tmove(known, 1, #known, 1, {}) end
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = k end
  sort(ks, function(a, b)
    if type(a) == type(b) then return a < b end
    return type(a) < type(b)
  end)
  if FROZEN[t] then KEYS[t] = tmove(ks, 1, #ks, 1, {}) end
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
