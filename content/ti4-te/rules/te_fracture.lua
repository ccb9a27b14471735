-- The Fracture: set aside at set-up; a breakthrough roll of 1 or 10 (or an
-- ability) brings it into play. Its systems are placed off one edge of the
-- board, touching nothing: no system of the board is adjacent to them. An
-- ingress token makes its system adjacent to every Fracture system with an
-- egress; ingress systems are not made adjacent to one another, nor egress
-- systems to one another.
--
-- Its seven systems lie as AsyncTI4 lays them out (the positions frac1-frac7
-- of its tile coordinates, AsyncTI4/ti4_web_new
-- src/entities/data/tileCoordinates.ts at 5dde7ba5, holding fracture1-7): a
-- chain bent in the middle, each system touching the next - Cocytus, egress,
-- void, Styx, void, egress, Lethe/Phlegethon - four in a line one way, four
-- in a line the other way from Styx. Whether the printed three tiles (a
-- three-space one and two two-space ones) lie exactly so is UNCERTAIN.
-- The neutral units printed on the tiles' backs are UNKNOWN: each system's
-- `neutral_units` (empty) says what would be placed.
local L = game.lib

L.TE_FRACTURE = {
  -- system id, offset from the anchor hex (axial q, r)
  { "fracture1", 0, 0 }, { "fracture2", 1, -1 }, { "fracture3", 2, -2 }, { "fracture4", 3, -3 },
  { "fracture5", 4, -3 }, { "fracture6", 5, -3 }, { "fracture7", 6, -3 },
}
--- The edges The Fracture may be placed along, with the anchor hex of each (far from every map, so that no board system touches it).
L.TE_FRACTURE_EDGES = { north = { 20, -30 }, south = { 20, 30 } }

--- Whether The Fracture is in play.
function L.te_fracture_in_play() return game.get("game", nil, "te_fracture") == true end

--- The systems of The Fracture in play (system numbers), in the order of L.TE_FRACTURE.
function L.te_fracture_systems()
  local out = {}
  for _, f in ipairs(L.TE_FRACTURE) do
    local s = game.find_system(f[1])
    if s then out[#out + 1] = s end
  end
  return out
end

--- Whether system s holds an ingress token.
function L.te_has_ingress(s) return game.get("system", s, "te_ingress") == true end

--- Puts an ingress token in system s (at most one per system) and links it to every egress.
function L.te_place_ingress(s)
  if L.te_has_ingress(s) then return false end
  game.put("system", s, "te_ingress", true)
  game.log({ key = "te.ingress_placed", system = L.sysname(s) })
  for _, e in ipairs(L.te_fracture_systems()) do
    if game.data.systems[game.tile_of(e)].egress then game.link(s, e, "ingress") end
  end
  return true
end

-- The specialties of the planets of system s.
local function system_specialties(s)
  local has = {}
  for _, pl in ipairs(game.planets_of(s)) do
    for _, c in ipairs(L.planet_specialties(pl)) do has[c] = true end
  end
  return has
end

local function board_systems()
  local out = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)]
    if d and not d.fracture then out[#out + 1] = s end
  end
  return out
end

--- p places the ingress tokens a breakthrough's synergy asks for: for each colour, up to three systems with a planet of that specialty (six at most).
function L.te_place_synergy_ingress(p, colours)
  local placed = 0
  for _, c in ipairs(colours) do
    for _ = 1, 3 do
      if placed >= 6 then return end
      local opts = {}
      for _, s in ipairs(board_systems()) do
        if system_specialties(s)[c] and not L.te_has_ingress(s) then opts[#opts + 1] = game.system(s).hex end
      end
      table.sort(opts)
      if #opts == 0 then break end
      local pick = game.choose(p, { key = "te.ingress_system", color = L.name("colors", c) }, opts)
      L.te_place_ingress(game.system_at(pick))
      placed = placed + 1
    end
  end
end

--- p chooses four planets of different specialties in different systems and places an ingress in each one's system (fewer when fewer specialties are in play).
function L.te_place_planet_ingress(p)
  local used_colour = {}
  for _ = 1, 4 do
    local opts = {}
    for _, s in ipairs(board_systems()) do
      if not L.te_has_ingress(s) then
        for _, pl in ipairs(game.planets_of(s)) do
          for _, c in ipairs(L.planet_specialties(pl)) do
            if not used_colour[c] then opts[#opts + 1] = pl .. ":" .. c end
          end
        end
      end
    end
    -- a planet showing one colour twice is offered once
    table.sort(opts)
    local uniq = {}
    for _, o in ipairs(opts) do if uniq[#uniq] ~= o then uniq[#uniq + 1] = o end end
    opts = uniq
    if #opts == 0 then return end
    local pick = game.choose(p, { key = "te.ingress_planet" }, opts)
    local pl, c = pick:match("^([%w_]+):(%w+)$")
    used_colour[c] = true
    L.te_place_ingress(game.planet_system(pl))
  end
end

--- The Fracture comes into play, brought by p (`how`: "breakthrough" or "ability").
function L.te_fracture_enter(p, how)
  if L.te_fracture_in_play() then return end
  game.put("game", nil, "te_fracture", true)
  local edges = game.keys(L.TE_FRACTURE_EDGES)
  local edge = game.choose(p, { key = "te.fracture_edge" }, edges)
  local anchor = L.TE_FRACTURE_EDGES[edge]
  for _, f in ipairs(L.TE_FRACTURE) do
    local s = game.add_system(f[1], (anchor[1] + f[2]) .. "," .. (anchor[2] + f[3]))
    for _, pl in ipairs(game.data.systems[f[1]].planets or {}) do game.add_planet(pl, s) end
  end
  game.log({ key = "te.fracture_enters", p = L.pn(p), edge = edge })
  -- Neutral units from the tiles' backs (UNKNOWN numbers: none listed).
  for _, s in ipairs(L.te_fracture_systems()) do
    local d = game.data.systems[game.tile_of(s)]
    for _, kind in ipairs(game.keys(d.neutral_units or {})) do
      L.te_place_neutral(kind, d.neutral_units[kind], s)
    end
  end
  -- Ingress tokens.
  local bt = L.te_breakthrough_of(p)
  local colours = (how == "breakthrough" and bt) and L.te_synergy_colours(bt) or {}
  if #colours > 0 then L.te_place_synergy_ingress(p, colours) else L.te_place_planet_ingress(p) end
  local edge_sys = game.get("game", nil, "te_edge_system")
  if edge_sys then
    L.te_place_ingress(edge_sys)
  elseif game.get("game", nil, "te_expedition") then
    local centre = game.system_at("0,0")
    if centre then L.te_place_ingress(centre) end
  end
  game.window("fracture_entered", { player = p })
end

--- hook: places n neutral units of `kind` in system s (owner 0, rules/te_neutral.lua).
function L.te_place_neutral(kind, n, s) L.te_spawn_neutral(kind, n, s) end
