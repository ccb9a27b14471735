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
