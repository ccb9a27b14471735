-- Entries for simulations and scenarios.
local L = game.lib

-- Named policies answer the choices the rules leave to players when a
-- simulation must pick. `default`: assign hits to units that can sustain
-- damage first, then to the cheapest unit (then the weakest in combat,
-- then the newest); never retreat; otherwise the first option.
L.policies = L.policies or {}
local function unit_of(opt)
  local what, kind, id = opt:match("^(%a+):([%w_]+)#(%d+)$")
  return what, kind, tonumber(id)
end
L.policies.default = function(p, prompt, options)
  if prompt:sub(1, 10) == "assign hit" then
    local best, bk
    for _, o in ipairs(options) do
      local what, kind, id = unit_of(o)
      if what == "sustain" then return o end
      local d = L.def(p, kind)
      local key = { d.cost or 0, -(d.combat or 11), -id }
      if not bk or key[1] < bk[1] or (key[1] == bk[1] and (key[2] < bk[2] or (key[2] == bk[2] and key[3] < bk[3]))) then
        best, bk = o, key
      end
    end
    return best
  end
  if prompt == "announce retreat" then return "no" end
  return options[1]
end
-- `random`: leave every choice to the decision source (no policy).
L.policies.random = nil

-- A bare board of two players and one system, for `imperium combat`.
procedure("combat_setup", function(args)
  local a, d = game.add_player(), game.add_player()
  local s = game.add_system("combat")
  for _, p in ipairs({ a, d }) do
    game.set(p, "fleet", 99)
    for _, g in ipairs((p == a) and args.attacker or args.defender) do
      local t = g.kind
      if not game.data.units[t] then error("unknown unit '" .. tostring(t) .. "'") end
      for _ = 1, g.count do game.spawn(t, p, { system = s }) end
    end
  end
  game.put("game", nil, "active", a)
  local pol = L.policies[args.policy or "default"]
  if args.policy and args.policy ~= "random" and not pol then error("unknown policy '" .. args.policy .. "'") end
  if pol then game.set_policy("all", pol) end
  return { system = s, attacker = a, defender = d }
end)

-- One fight with the pack's own space combat step.
procedure("combat_sim", function(args)
  local s = args.system or 1
  local a, d = args.attacker or 1, args.defender or 2
  local ctx = { player = a, active = a, system = s, defender = d }
  game.step("space_cannon_offense", ctx)
  if #L.ships(a, s) > 0 and #L.ships(d, s) > 0 then game.step("space_combat", ctx) end
  local count = function(p)
    local n = {}
    for _, u in ipairs(L.ships(p, s)) do n[u.kind] = (n[u.kind] or 0) + 1 end
    return n
  end
  local na, nd = #L.ships(a, s), #L.ships(d, s)
  local winner = (na > 0 and nd == 0) and "attacker" or ((nd > 0 and na == 0) and "defender" or "draw")
  return { winner = winner, attacker = count(a), defender = count(d) }
end)


-- A bare board for testing the shared procedures on their own: players with
-- command tokens and a row of systems, no edition data.
procedure("bare_scenario", function(args)
  local n = args.players or 2
  for _ = 1, n do
    local p = game.add_player()
    game.set(p, "tactic", 3)
    game.set(p, "fleet", 3)
    game.set(p, "strategy", 2)
  end
  for i = 1, (args.systems or 3) do game.add_system("s" .. i, (i - 1) .. ",0") end
  game.put("game", nil, "speaker", args.speaker or 1)
end)
