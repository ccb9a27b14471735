-- The sandbox's Lua side: what the standard library may cost. Runs once per
-- VM, before any pack script; `spent()` gives the budget error once the
-- instruction budget is spent (else nil).
local spent, MAX_STRING, MAX_MOVE, MAX_PATTERN_COST = ...
local error, type, tonumber, tostring, rawget, ipairs = error, type, tonumber, tostring, rawget, ipairs
local string, table, coroutine, math = string, table, coroutine, math

-- A spent budget is fatal to the action: nothing catches it.
local function pass(ok, ...)
  if not ok then
    local e = spent()
    if e then error(e, 0) end
  end
  return ok, ...
end
local pcall_, xpcall_, resume_, close_ = pcall, xpcall, coroutine.resume, coroutine.close
function pcall(f, ...) return pass(pcall_(f, ...)) end
-- The message handler of an error raised by the budget hook would run with
-- hooks off: it is skipped once the budget is spent.
function xpcall(f, h, ...)
  local function handler(e)
    if spent() then return e end
    return h(e)
  end
  return pass(xpcall_(f, handler, ...))
end
coroutine.resume = function(co, ...) return pass(resume_(co, ...)) end
-- Closing a coroutine the budget stopped would run its `__close` handlers
-- with hooks off.
coroutine.close = function(co)
  local e = spent()
  if e then error(e, 0) end
  return pass(close_(co))
end

-- Finalizers would run outside any budget, at any time: refused.
local setmetatable_ = setmetatable
function setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc finalizers are not allowed in pack scripts", 2)
  end
  return setmetatable_(t, mt)
end

local function len(x)
  local t = type(x)
  if t == "string" then return #x end
  if t == "number" then return #tostring(x) end
  return 0
end

-- string.rep: the result is bounded (and so is the number of copies, which
-- costs time even for an empty string).
local rep_ = string.rep
string.rep = function(s, n, sep)
  local k = tonumber(n)
  if k and k > 0 then
    local size = k * (len(s) + len(sep))
    if size > MAX_STRING or k > MAX_STRING then
      error(("string.rep: a result of %.0f bytes (%.0f copies) is over the limit of %d bytes")
        :format(size, k, MAX_STRING), 2)
    end
  end
  return rep_(s, n, sep)
end

-- table.move: the number of elements moved is bounded.
local move_ = table.move
table.move = function(a1, f, e, t, a2)
  local nf, ne = tonumber(f), tonumber(e)
  if nf and ne and ne - nf >= MAX_MOVE then
    error(("table.move: %.0f elements is over the limit of %d"):format(ne - nf + 1, MAX_MOVE), 2)
  end
  return move_(a1, f, e, t, a2)
end

-- Pattern functions backtrack. A repetition item (`*`, `+`, `-`) costs a
-- factor of n (the subject's length) when what follows it may also match
-- what it matches, else it only scans; an optional item (`?`) a factor of 2;
-- an unanchored pattern is tried at n starts. A call whose worst case is
-- over the limit is refused (plain `find` is linear and always allowed).
local find_, match_ = string.find, string.match
local QUANT = { ["*"] = true, ["+"] = true, ["-"] = true, ["?"] = true }
local function parse(p)
  local items, i, m = {}, 1, #p
  local anchored = p:sub(1, 1) == "^"
  if anchored then i = 2 end
  while i <= m do
    local c = p:sub(i, i)
    local cls, j, lit
    if c == "(" or c == ")" then
      items[#items + 1] = { kind = "paren" }
      i = i + 1
    elseif c == "$" and i == m then
      items[#items + 1] = { kind = "end" }
      i = i + 1
    elseif c == "%" then
      local d = p:sub(i + 1, i + 1)
      if d == "b" then
        items[#items + 1] = { kind = "other" }
        i = i + 4
      elseif d == "f" or d:match("%d") then
        return nil -- a frontier or a back reference: estimated as the worst
      else
        cls, j = p:sub(i, i + 1), i + 2
        if not d:match("%w") then lit = d end
      end
    elseif c == "[" then
      local k = i + 1
      if p:sub(k, k) == "^" then k = k + 1 end
      repeat
        if k > m then return nil end
        local e = p:sub(k, k)
        k = k + 1
        if e == "%" then k = k + 1 end
      until p:sub(k, k) == "]" or k > m
      if k > m then return nil end
      cls, j = p:sub(i, k), k + 1
    else
      cls, j = c, i + 1
      if c ~= "." then lit = c end
    end
    if cls then
      local q = p:sub(j, j)
      if QUANT[q] then j = j + 1 else q = nil end
      items[#items + 1] = { kind = "single", cls = cls, q = q, lit = lit }
      i = j
    end
  end
  return items, anchored
end
local function deterministic(items, k)
  local it, nxt = items[k], nil
  for x = k + 1, #items do
    if items[x].kind ~= "paren" then nxt = items[x]; break end
  end
  if nxt == nil or nxt.kind == "end" then return true end
  if nxt.kind == "single" and not nxt.q and nxt.lit then
    return match_(nxt.lit, "^" .. it.cls .. "$") == nil
  end
  return false
end
local function check_pattern(name, s, p, plain, never_anchored)
  if plain or type(p) ~= "string" then return end
  local n = len(s)
  if n < 64 then return end
  local items, anchored = parse(p)
  local rep, opt = #p, 0
  if items then
    rep = 0
    for k, it in ipairs(items) do
      if it.kind == "single" and it.q and not deterministic(items, k) then
        if it.q == "?" then opt = opt + 1 else rep = rep + 1 end
      end
    end
  end
  if never_anchored then anchored = false end
  local cost = (anchored and 1 or n) * n ^ math.max(rep, 1) * 2 ^ opt
  if cost > MAX_PATTERN_COST then
    error(("%s: pattern '%s' is too complex for a subject of %d bytes (worst case %.3g steps, limit %.3g)")
      :format(name, #p > 40 and p:sub(1, 40) .. "..." or p, n, cost, MAX_PATTERN_COST), 3)
  end
end
local gmatch_, gsub_ = string.gmatch, string.gsub
string.find = function(s, p, init, plain)
  check_pattern("string.find", s, p, plain)
  return find_(s, p, init, plain)
end
string.match = function(s, p, init)
  check_pattern("string.match", s, p)
  return match_(s, p, init)
end
string.gmatch = function(s, p, init)
  check_pattern("string.gmatch", s, p, false, true)
  return gmatch_(s, p, init)
end
string.gsub = function(s, p, repl, n)
  check_pattern("string.gsub", s, p)
  return gsub_(s, p, repl, n)
end
