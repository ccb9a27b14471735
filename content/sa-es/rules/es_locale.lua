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
