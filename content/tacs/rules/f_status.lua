-- The status phase in TACS (seed 002, "Status phase"): damaged ships are
-- repaired in full in the repair step (UNCERTAIN: the seed keeps TI3's step
-- "repair damaged ships" and says no more; Nano Technology and Emergency
-- Repairs restore up to half, after a battle), and a new step "redeploy
-- fleets" comes between the repairs and the removal of command counters:
-- each player may put the ships of each of his fleets in other D zones.
local L = game.lib

local base_repair = game.procedure_fn("repair_units")
procedure("repair_units", function(ctx)
  base_repair(ctx)
  for _, u in ipairs(game.units()) do
    if game.get("unit", u.id, "tacs_hp") or game.get("unit", u.id, "tacs_cannons") then
      L.tacs_repair(u, L.tacs_unit_max_hp(u))
      L.tacs_set_cannons(u, nil)
    end
  end
end)

-- p chooses a D zone for each of his ships in s (the status phase's
-- redeployment, Strategic Redeployment).
function L.tacs_redeploy(p, s)
  local ships = L.ships(p, s)
  local zones = {}
  for _, z in ipairs(L.tacs_zones(s, p)) do if L.tacs_is_defence_zone(z) then zones[#zones + 1] = z end end
  for _, u in ipairs(ships) do
    L.tacs_set_zone(u, game.choose(p, { key = "tacs.rearrange", unit = u.kind .. "#" .. u.id, id = u.id, zone = L.tacs_zone(u) or "-" }, zones))
  end
  local list = {}
  for _, u in ipairs(ships) do list[#list + 1] = u.kind .. "#" .. u.id .. " " .. L.tacs_zone(u) end
  if #list > 0 then game.log({ key = "tacs.positions", p = L.pn(p), list = list }) end
end

-- Each player, in order from the speaker, for each system with his ships (in
-- system order): keep the fleet as it stands, or choose a D zone for each ship.
procedure("redeploy_fleets", function(ctx)
  local speaker = game.get("game", nil, "speaker") or 1
  for _, p in ipairs(L.order_from(speaker)) do
    local systems = {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.carried == nil and L.def(p, u.kind).class == "ship" then systems[u.system] = true end
    end
    for _, s in ipairs(game.keys(systems)) do
      local ships = L.ships(p, s)
      if #ships > 0 and game.confirm(p, { key = "tacs.redeploy_fleet", system = L.sysname(s) }) then
        L.tacs_redeploy(p, s)
      end
    end
  end
end)

local base_remove = game.procedure_fn("remove_command_tokens")
procedure("remove_command_tokens", function(ctx)
  game.step("redeploy_fleets", ctx)
  return base_remove(ctx)
end)
