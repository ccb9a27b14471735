-- Imperial Containment (directive, For/Against).
-- For: the player(s) with the most planets outside their own home system (as
-- counted when the card is resolved) must, for the rest of this round,
-- discard one command counter from their command pool for each command
-- counter they place during a tactical action (as far as the pool holds
-- any). The counters a player places on the board during a tactical action
-- (the activation counter, a retreat counter, in his own or another player's
-- tactical action) are counted when it ends, and that many are then taken
-- from his command pool. (Taking them when the tactical action ends rather
-- than at the moment each counter is placed is our simplification.)
-- Against: no effect.
local L = game.lib
local ID = "imperial_containment"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "imperial_containment") end

local function contained()
  return game.get("game", nil, "pending:" .. ID)
end

return {
  resolve = function(outcome, def)
    if outcome ~= "for" then return end
    local best, who = -1, {}
    for p = 1, game.num_players() do
      local n = 0
      for _, pl in ipairs(game.planets_owned(p)) do
        if game.planet_system(pl) ~= L.home(p) then n = n + 1 end
      end
      if n > best then best, who = n, { p } elseif n == best then who[#who + 1] = p end
    end
    local names = {}
    for _, p in ipairs(who) do names[#names + 1] = L.pn(p) end
    game.put("game", nil, "pending:" .. ID, who)
    game.grant("game", "political_cards", ID)
    game.log({ key = "ti3.contained_planets", card = NAME(), planets = table.concat(names, ", "), best = best })
  end,
  ["before:tactical_action"] = function(ctx, p, def)
    if p ~= nil or not contained() then return end
    local placed = {}
    for _, q in ipairs(contained()) do placed[q] = game.count_tokens("command", q) end
    ctx.containment = placed
  end,
  ["after:tactical_action"] = function(ctx, p, def)
    if p ~= nil or not contained() or not ctx.containment then return end
    for _, q in ipairs(contained()) do
      local n = game.count_tokens("command", q) - (ctx.containment[q] or 0)
      n = math.min(n, game.counter(q, "tactic"))
      if n > 0 then
        game.add(q, "tactic", -n)
        game.log({ key = n > 1 and "ti3.discards_command_counters_many" or "ti3.discards_command_counters_one", p = L.pn(q), n = n, card = NAME() })
      end
    end
  end,
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil or not contained() then return end
    game.put("game", nil, "pending:" .. ID, nil)
    game.revoke("game", "political_cards", ID)
  end,
}
