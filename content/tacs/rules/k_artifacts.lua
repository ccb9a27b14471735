-- Artifacts (seed 002, house rule 4): the Shattered Empire artifact tokens go
-- into systems without planets (empty systems and special systems such as
-- anomalies and wormholes) instead of onto planets, under the usual
-- placement rules (not in or next to a home system, not on Mecatol Rex, one
-- per system; the last two relaxed when no system qualifies). A token is
-- turned up when, at the end of a turn, one player alone has ships in its
-- system; an empty token is then removed. That player holds the artifact's
-- special objective and its victory point until, at the end of a turn,
-- another player alone has ships there (UNCERTAIN: our reading of holding an
-- artifact in a system without planets).
local L = game.lib

local function is_home(s)
  for p = 1, game.num_players() do
    if L.home(p) == s then return true end
  end
  local d = game.data.systems[game.tile_of(s)]
  return d ~= nil and (d.kind == "home" or d.home_of ~= nil)
end

local function artifact_systems() return game.get("game", nil, "tacs_artifact_systems") or {} end

function L.place_artifact_tokens(first)
  local tokens = {}
  for _, id in ipairs(game.keys(game.data.se_artifacts_b)) do
    for _ = 1, (game.data.se_artifacts_b[id].copies or 1) do tokens[#tokens + 1] = id end
  end
  for i = #tokens, 2, -1 do
    local j = game.random(i)
    tokens[i], tokens[j] = tokens[j], tokens[i]
  end
  local near_home = {}
  for s = 1, game.num_systems() do
    if is_home(s) then
      near_home[s] = true
      for _, t in ipairs(game.adjacent(s, "move")) do near_home[t] = true end
    end
  end
  local function legal(strict_near, strict_one)
    local out = {}
    for s = 1, game.num_systems() do
      local hex = game.system(s).hex
      if hex and #game.planets_of(s) == 0 and not is_home(s) and game.tile_of(s) ~= "mecatol_rex"
        and game.tile_of(s) ~= "mallice" and not (strict_near and near_home[s])
        and not (strict_one and game.get("system", s, "tacs_artifact")) then
        out[#out + 1] = hex
      end
    end
    table.sort(out)
    return out
  end
  local order = L.order_from(first)
  for i, token in ipairs(tokens) do
    local p = order[(i - 1) % #order + 1]
    local opts = legal(true, true)
    if #opts == 0 then opts = legal(false, true) end
    if #opts == 0 then break end
    local hex = game.choose(p, { key = "tacs.place_artifact" }, opts)
    local s = game.system_at(hex)
    game.put("system", s, "tacs_artifact", token)
    local list = artifact_systems()
    list[#list + 1] = s
    table.sort(list)
    game.put("game", nil, "tacs_artifact_systems", list)
    game.log({ key = "tacs.places_artifact", p = L.pn(p), system = L.sysname(s) })
  end
end

-- The one player with ships in s, or nil.
local function sole_fleet(s)
  local who
  for _, u in ipairs(game.units { system = s, space = true }) do
    if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then
      if who and who ~= u.owner then return nil end
      who = u.owner
    end
  end
  return who
end

-- Brings artifact holders in line with the fleets in their systems.
function L.tacs_sync_artifacts()
  if not game.options.artifacts then return end
  for _, s in ipairs(artifact_systems()) do
    local token = game.get("system", s, "tacs_artifact")
    local p = token and sole_fleet(s)
    local holder = game.get("system", s, "tacs_artifact_holder")
    if p and p ~= holder then
      local d = game.data.se_artifacts_b[token]
      if not game.get("system", s, "tacs_artifact_revealed") then
        game.put("system", s, "tacs_artifact_revealed", true)
        game.log({ key = "tacs.reveals_artifact", p = L.pn(p), system = L.sysname(s), name = L.name("se_artifacts_b", token) })
      end
      if not d.objective then
        game.put("system", s, "tacs_artifact", nil)
        game.log({ key = "tacs.empty_artifact_removed", system = L.sysname(s) })
      else
        local obj = d.objective
        local o = game.data.objectives and game.data.objectives[obj]
        local pts = (o and o.points) or 1
        local name = L.name("se_artifacts_b", token)
        game.put("system", s, "tacs_artifact_holder", p)
        game.put("game", nil, "objective_controller:" .. obj, p)
        if holder then
          game.put("player", holder, "scored:" .. obj, nil)
          local v = game.add(holder, "vp", -pts)
          game.log({ key = "ti3.loses_vp", p = L.pn(holder), pts = pts, name = name, v = v })
        end
        game.put("player", p, "scored:" .. obj, true)
        L.gain_vp(p, pts, name)
      end
    end
  end
end

game.on("turn_end", function(ctx) L.tacs_sync_artifacts() end)
