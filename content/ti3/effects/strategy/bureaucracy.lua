-- Bureaucracy (Shattered Empire).
-- When chosen: as many objective cards are revealed as there were bonus
-- counters on it (noted when the strategy phase starts: counters are only
-- added when it ends). UNCERTAIN (strategy.yaml): they are revealed like any
-- public objective (L.reveal_objective).
-- Primary: one command counter from reinforcements; draw the top two cards of
-- the objective deck, reveal one and put the other back on top; then the
-- holder may claim one revealed public objective he meets (besides his
-- status phase claim).
-- Secondary: draw one political card and one action card.
local L = game.lib
local PEEK = "peek:bureaucracy"

return {
  ["before:strategy_phase"] = function()
    game.put("game", nil, "bureaucracy_bonus", game.get("game", nil, "sc_bonus:bureaucracy") or 0)
  end,

  chosen = function(p)
    local n = game.get("game", nil, "bureaucracy_bonus") or 0
    game.put("game", nil, "bureaucracy_bonus", 0)
    for _ = 1, n do L.reveal_objective() end
  end,

  primary = function(p)
    if L.reinforcements(p) > 0 then
      local pool = game.choose(p, "place a command counter", L.POOLS)
      game.add(p, pool, 1)
      game.log(L.pn(p) .. " gains a command counter (" .. pool .. ")")
    end
    local drawn = game.draw("deck:public", PEEK, 2)
    if #drawn > 0 then
      local pick = drawn[1]
      if #drawn > 1 then
        local names = {}
        for _, c in ipairs(drawn) do names[#names + 1] = c end
        pick = game.choose(p, "objective to reveal (the other goes back on top)", names)
      end
      for _, c in ipairs(drawn) do
        if c ~= pick then game.move_card(c, PEEK, "deck:public") end
      end
      game.move_card(pick, PEEK, "deck:public")
      L.reveal_objective()
    end
    local opts = { "none" }
    for _, c in ipairs(game.zone("public")) do
      if not game.get("player", p, "scored:" .. c) and L.can_score(p, c) then opts[#opts + 1] = c end
    end
    local c = game.choose(p, "claim a public objective", opts)
    if c ~= "none" then L.score(p, c) end
  end,

  secondary = function(q)
    L.draw("deck:politics", "discard:politics", "politics:" .. q, 1)
    L.draw("deck:actions", "discard:actions", "actions:" .. q, 1)
    if L.enforce_action_limit then L.enforce_action_limit(q) end
  end,
}
