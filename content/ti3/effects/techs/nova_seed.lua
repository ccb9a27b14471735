-- Nova Seed (Muaat): as an action the player removes this card from the game
-- (revoked; player prop racial_removed:nova_seed, so it is never offered
-- again) to replace a system he controls with a supernova tile.
--
-- Our readings (UNCERTAIN where said):
--   * "a system he controls": a system holding a planet he controls, the
--     pack's reading for the other racial technologies;
--   * not Mecatol Rex, not a home system (of anyone), and not a system
--     adjacent (game.adjacent "move": neighbours and wormholes) to a
--     red-bordered system (any anomaly);
--   * the tile put in is a supernova tile of the box not on the board, or
--     else another copy of supernova_1 (the sources give no count of the
--     tiles; UNCERTAIN);
--   * everything in the system is lost: every unit there (anyone's) is
--     destroyed, command counters there go back to their owners'
--     reinforcements, and its planets leave the game with the tile (they
--     lose their owner). The card does not say what becomes of them;
--     UNCERTAIN.
-- The system taken out stays in the game off the board (system prop
-- nova_seeded), as game.swap_systems leaves it, adjacent to nothing.
local L = game.lib

local controls = L.controls_planet_in

local function red_bordered(s)
  local d = game.data.systems[game.tile_of(s)] or {}
  return d.anomaly ~= nil
end

local function is_home(s)
  local d = game.data.systems[game.tile_of(s)] or {}
  if d.kind == "home" or d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end

local function targets(p)
  local out = {}
  for s = 1, game.num_systems() do
    if game.system(s).hex and controls(p, s) and game.tile_of(s) ~= "mecatol_rex" and not is_home(s) and not red_bordered(s) then
      local ok = true
      for _, t in ipairs(game.adjacent(s, "move")) do
        if red_bordered(t) then ok = false; break end
      end
      if ok then out[#out + 1] = s end
    end
  end
  return out
end

local function supernova_tile()
  local used = {}
  for s = 1, game.num_systems() do used[game.tile_of(s)] = true end
  local first
  for _, id in ipairs(game.keys(game.data.systems)) do
    if game.data.systems[id].anomaly == "supernova" then
      first = first or id
      if not used[id] then return id end
    end
  end
  return first
end

return {
  usable = function(p) return #targets(p) > 0 and supernova_tile() ~= nil end,
  component = function(p, def)
    local name = L.name("racial_techs", def.id)
    local opts = {}
    for _, s in ipairs(targets(p)) do opts[#opts + 1] = game.system(s).hex end
    table.sort(opts)
    local s = game.system_at(game.choose(p, { key = "ti3.nova_seed_system", tech = name }, opts))
    local where = L.sysname(s)
    game.revoke(p, "racial_techs", def.id)
    game.put("player", p, "racial_removed:" .. def.id, true)
    L.reset_cache()
    game.log({ key = "ti3.nova_seed", p = L.pn(p), tech = name, system = where })
    local units = game.units { system = s }
    table.sort(units, function(a, b) return a.id < b.id end)
    for _, u in ipairs(units) do
      if game.unit_exists(u.id) then
        L.destroy_unit(u, { source = p, label = name, active = p, system = s })
      end
    end
    for q = 1, game.num_players() do
      while game.has_token(s, "command", q) do game.remove_token(s, "command", q) end
    end
    local n = game.add_system(supernova_tile())
    game.swap_systems(s, n)
    for _, pl in ipairs(game.planets_of(s)) do game.detach_planet(pl) end
    -- Its wormholes leave with the tile (a supernova has none): the links
    -- that made it adjacent to other wormhole systems (the Wormhole Nexus's
    -- among them) go, so nothing reaches the system off the board.
    local kinds = {}
    for _, id in ipairs(game.keys(game.data.systems)) do
      for _, w in ipairs(game.data.systems[id].wormholes or {}) do kinds[w] = true end
    end
    for _, w in ipairs(game.get("system", s, "se_wormholes") or {}) do kinds[w] = true end
    for _, t in ipairs(game.adjacent(s, "move")) do
      for _, w in ipairs(game.keys(kinds)) do game.unlink(s, t, "wormhole:" .. w) end
    end
    game.put("system", s, "nova_seeded", true)
    L.reset_cache()
  end,
}
