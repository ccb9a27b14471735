-- Warfare: take one of your command counters back from the board into the
-- command pool. Secondary: move one or two of your destroyers or cruisers
-- each into an adjacent empty system that is not a home system, with a
-- command counter from reinforcements there. The ordinary movement rules
-- for anomalies hold: no patrol ends in a system a ship of the player may not
-- stop in (a supernova; an asteroid field, which Antimass Deflectors only lets
-- ships pass through).
local L = game.lib
local function may_stop(q, s)
  for _, b in ipairs(L.move_rules(q, s).blocked) do if b == s then return false end end
  return true
end
return {
  primary = function(p)
    local opts = { "none" }
    for s = 1, game.num_systems() do
      if game.has_token(s, "command", p) then opts[#opts + 1] = game.system(s).hex end
    end
    local pick = game.choose(p, { key = "ti3.take_back_command_counter" }, opts)
    if pick ~= "none" then
      local s = game.system_at(pick)
      game.remove_token(s, "command", p)
      game.add(p, "tactic", 1)
      game.log({ key = "ti3.takes_back_its_counter", p = L.pn(p), system = L.sysname(s) })
    end
  end,
  secondary = function(q)
    local moved = {}  -- each ship patrols once
    for _ = 1, 2 do
      if L.reinforcements(q) <= 0 then return end
      local opts = { "none" }
      for _, u in ipairs(game.units { owner = q, space = true }) do
        local t = L.def(q, u.kind).type
        if u.carried == nil and not moved[u.id] and (t == "destroyer" or t == "cruiser") then
          for _, s in ipairs(game.adjacent(u.system, "move")) do
            local home = false
            for r = 1, game.num_players() do if L.home(r) == s then home = true end end
            if not home and game.count_units { system = s } == 0 and #game.planets_of(s) == 0 and may_stop(q, s) then
              opts[#opts + 1] = u.kind .. "#" .. u.id .. "->" .. game.system(s).hex
            end
          end
        end
      end
      local pick = game.choose(q, { key = "ti3.patrol" }, opts)
      if pick == "none" then return end
      local id, hex = pick:match("#(%d+)%->(.+)$")
      local s = game.system_at(hex)
      moved[tonumber(id)] = true
      game.move_unit(tonumber(id), { system = s })
      game.place_token(s, "command", q)
      game.log({ key = "ti3.patrols_into", p = L.pn(q), system = L.sysname(s) })
    end
  end,
}
