-- The transfer action of TI3 (001 keeps it; sa-en removes it). The ti3
-- procedure (content/ti3/rules/round.lua) is replaced by sa-en, so it is
-- restated here as ti3 has it: two adjacent systems, one counter from the
-- command pool and one from the reinforcements; movement both ways, space
-- cannon fire from adjacent systems, landings on own planets, production in
-- one of the two systems.
local L = game.lib

local function transfer_move(p, from, to)
  local room = 0
  for _, u in ipairs(L.ships(p, from)) do
    local d = L.def(p, u.kind)
    if (d.move or 0) >= 1 and game.confirm(p, "transfer " .. u.kind .. "#" .. u.id .. " to " .. L.sysname(to)) then
      game.move_unit(u.id, { system = to })
      game.log(L.pn(p) .. " moves " .. u.kind .. "#" .. u.id .. " " .. L.sysname(from) .. " -> " .. L.sysname(to))
      room = room + (d.capacity or 0)
    end
  end
  -- Saar floating docks move like ships (races.lua); one that moves cannot
  -- produce in this action (unit prop dock_moved). (A transfer moving them
  -- is our reading: the TI3 rules predate the Saar.)
  if L.floating_docks(p) then
    for _, u in ipairs(game.units { system = from, owner = p, space = true }) do
      if L.is_floating_dock(u) and not u.dock_moved and (L.def(p, u.kind).move or 0) >= 1
        and game.confirm(p, "transfer " .. u.kind .. "#" .. u.id .. " to " .. L.sysname(to)) then
        game.move_unit(u.id, { system = to })
        game.put("unit", u.id, "dock_moved", true)
        game.log(L.pn(p) .. " moves " .. u.kind .. "#" .. u.id .. " " .. L.sysname(from) .. " -> " .. L.sysname(to))
      end
    end
  end
  if room <= 0 then return end
  for _, u in ipairs(game.units { system = from, owner = p }) do
    if room <= 0 then break end
    if u.carried == nil and L.def(p, u.kind).transported and game.unit_exists(u.id)
      and game.confirm(p, "transport " .. u.kind .. "#" .. u.id .. (u.planet and (" from " .. L.name("planets", u.planet)) or "") .. " to " .. L.sysname(to)) then
      game.move_unit(u.id, { system = to })
      room = room - 1
    end
  end
end

procedure("transfer_action", function(ctx)
  local p = ctx.player
  local pairs_ = L.transfer_pairs(p)
  if #pairs_ == 0 then error(L.pn(p) .. " has no two systems to transfer between") end
  if game.counter(p, "tactic") <= 0 then error(L.pn(p) .. " has no command counter in its command pool") end
  local opts = {}
  for _, pr in ipairs(pairs_) do opts[#opts + 1] = game.system(pr[1]).hex .. "<->" .. game.system(pr[2]).hex end
  local pick = game.choose(p, "transfer between", opts)
  local a, b = pick:match("^(.-)<%->(.-)$")
  a, b = game.system_at(a), game.system_at(b)
  ctx.systems = { a, b }
  -- One counter from the command pool, the other from reinforcements.
  game.add(p, "tactic", -1)
  game.place_token(a, "command", p)
  game.place_token(b, "command", p)
  game.log(L.pn(p) .. " transfers between " .. L.sysname(a) .. " and " .. L.sysname(b))
  -- 1. Movement, both ways; limits hold afterwards.
  transfer_move(p, a, b)
  transfer_move(p, b, a)
  L.enforce_limits(p, a)
  L.enforce_limits(p, b)
  -- 2. PDS fire from adjacent systems (range 1) at p's ships in a or b.
  local shots = {} -- shooter -> target system -> list
  for _, q in ipairs(L.order_from(p)) do
    if q ~= p then
      for _, u in ipairs(game.units { not_owner = p }) do
        local sc = u.owner == q and u.system and L.def(q, u.kind).space_cannon
        if sc and (sc.range or 0) >= 1 then
          local targets = {}
          for _, s in ipairs({ a, b }) do
            local rule = L.anomaly_rule(s)
            if #L.ships(p, s) > 0 and not (rule and rule.no_space_cannon) then
              for _, t in ipairs(game.within(s, 1, "space_cannon")) do
                if t == u.system then targets[#targets + 1] = s; break end
              end
            end
          end
          if #targets > 0 then
            local s = targets[1]
            if #targets > 1 then
              local hexes = {}
              for _, t in ipairs(targets) do hexes[#hexes + 1] = game.system(t).hex end
              s = game.system_at(game.choose(q, "fire " .. u.kind .. "#" .. u.id .. " at", hexes))
            end
            shots[q] = shots[q] or {}
            shots[q][s] = shots[q][s] or {}
            table.insert(shots[q][s], { unit = u, sc = sc })
          end
        end
      end
    end
  end
  for _, q in ipairs(L.order_from(p)) do
    for _, s in ipairs({ a, b }) do
      local list = shots[q] and shots[q][s]
      if list and #L.ships(p, s) > 0 then
        local hits = L.fire_cannons(q, list, p, "space cannon")
        local w = game.window("space_cannon_hits", { player = p, shooter = q, hits = hits, system = s })
        L.assign_hits(p, L.ships(p, s), w.hits, "space cannon", { source = q })
        L.enforce_limits(p, s)
      end
    end
  end
  -- 3. Landings: only on planets p controls.
  local landed = {}
  for _, s in ipairs({ a, b }) do
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == p then
        local avail = {}
        for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
          local d = L.def(p, u.kind)
          -- (A floating dock stays in the space area.)
          if u.carried == nil and (d.class == "ground" or d.class == "structure") and not L.is_floating_dock(u) then avail[#avail + 1] = u end
        end
        for _, u in ipairs(avail) do
          if not landed[u.id] and game.confirm(p, "land " .. u.kind .. "#" .. u.id .. " on " .. L.name("planets", pl)) then
            landed[u.id] = true
            game.move_unit(u.id, { planet = pl })
            game.log(L.pn(p) .. " lands " .. u.kind .. "#" .. u.id .. " on " .. L.name("planets", pl))
          end
        end
      end
    end
  end
  -- 4. Production in one of the two systems.
  local prod = { "none" }
  for _, s in ipairs({ a, b }) do
    if L.production(p, s) > 0 then prod[#prod + 1] = game.system(s).hex end
  end
  if #prod > 1 then
    local where = game.choose(p, "produce in", prod)
    if where ~= "none" then game.step("production", { player = p, active = p, system = game.system_at(where), transfer = true }) end
  end
end)

