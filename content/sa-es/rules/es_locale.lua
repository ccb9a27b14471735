-- Spanish texts (locale/es.yaml). The log names a system by its hex and its
-- planets, or, without planets, by the system's name: here that name comes
-- from the locale too (ti-common's L.sysname prints the data name).
local L = game.lib

function L.sysname(s)
  local sys = game.system(s)
  local d = game.data.systems[sys.tile]
  if d and #(d.planets or {}) > 0 then
    local names = {}
    for _, pl in ipairs(d.planets) do names[#names + 1] = L.name("planets", pl) end
    return (sys.hex or sys.tile) .. " (" .. table.concat(names, "/") .. ")"
  end
  return (sys.hex or sys.tile) .. " (" .. (d and L.name("systems", sys.tile) or ("Sistema " .. tostring(sys.tile))) .. ")"
end

-- A few ids name two things (the Muaat, Winnu and Creuss races and their
-- planets): names.<collection>.<id> comes first, then names.<id>.
local MISSING = "\0"
function L.name(coll, id)
  local d = game.data[coll] and game.data[coll][id]
  local v = game.text("names." .. tostring(coll) .. "." .. tostring(id), MISSING)
  if v ~= MISSING then return v end
  return game.text("names." .. tostring(id), d and d.name or id)
end

-- Some scripts of the parent packs print a card's or counter's English name
-- written into the script (e.g. `local NAME = "Emperor"`) instead of asking
-- for it by id. Before a line reaches the log those names are put in
-- Spanish: the English names (of two words or more, or a political card's)
-- of political and action cards, objectives, domain counters and systems.
local fixes
local function build_fixes()
  fixes = {}
  local seen = {}
  for _, coll in ipairs({ "political_cards", "action_cards", "objectives", "se_counters_b", "systems", "strategy_cards" }) do
    for _, id in ipairs(game.keys(game.data[coll] or {})) do
      local d = game.data[coll][id]
      local en = type(d.name) == "string" and d.name or nil
      if en and not seen[en] and (en:find(" ", 1, true) or coll == "political_cards") then
        local es = L.name(coll, id)
        if es ~= en then
          seen[en] = true
          fixes[#fixes + 1] = { en = en, es = es }
        end
      end
    end
  end
  table.sort(fixes, function(a, b) return #a.en > #b.en or (#a.en == #b.en and a.en < b.en) end)
end

local function plain(s) return (s:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")) end

function L.sa_es_fix_names(line)
  if type(line) ~= "string" then return line end
  if not fixes then build_fixes() end
  for _, f in ipairs(fixes) do
    if line:find(f.en, 1, true) then
      line = line:gsub(plain(f.en), (f.es:gsub("%%", "%%%%")))
    end
  end
  return line
end

local real_log = game.log
game.log = function(line) return real_log(L.sa_es_fix_names(line)) end
local real_roll = game.roll
game.roll = function(label, ...) return real_roll(L.sa_es_fix_names(label), ...) end
