-- Voice of the Council (SE special objective, option voice_of_the_council).
-- It is never claimed: right before the primary ability of one of the
-- strategy cards in def.strategy_cards (Political, Assembly) is used, the
-- player using it may call a vote on who takes control of the objective.
-- The vote is the game's ordinary political vote (the shared `agenda` step:
-- planets exhausted for their influence, the speaker breaks ties) with the
-- card itself as an "elect player" agenda. The player elected controls the
-- objective and has its victory point; a player who loses control loses the
-- point. How control changes hands is our reading of the card and of the SE
-- rules as we recall them (the public sources have only the card text).
--
-- The handler runs while the game holds the card: rules/game.lua has to
-- grant it to the game when the option is on.
local L = game.lib
local KEY = "objective_controller:voice_of_the_council"

return {
  check = function(p, def) return false end,

  when = function(ctx, p, def)
    if not game.options.voice_of_the_council then return false end
    for _, c in ipairs(def.strategy_cards or {}) do
      if c == ctx.card then return true end
    end
    return false
  end,

  ["before:strategic_action"] = function(ctx, p, def)
    local owner = ctx.player
    if game.choose(owner, { key = "ti3.call_vote", objective = L.name("objectives", def.id) }, { "no", "yes" }) ~= "yes" then return end
    game.log({ key = "ti3.calls_vote", p = L.pn(owner), objective = L.name("objectives", def.id) })
    game.zone_new("deck:voice_of_the_council", nil, { def.id })
    game.step("agenda", { coll = "objectives", deck = "deck:voice_of_the_council", discard_zone = "discard:voice_of_the_council", laws = "laws" })
  end,

  -- Called by the agenda step with the elected player ("pN").
  resolve = function(result, def)
    local q = tonumber(tostring(result):match("^p(%d+)$"))
    if not q then return end
    local old = game.get("game", nil, KEY)
    if old == q then
      game.log({ key = "ti3.keeps", p = L.pn(q), objective = L.name("objectives", def.id) })
      return
    end
    local pts = L.objective_points(def)
    if old and game.get("player", old, "scored:" .. def.id) then
      local v = game.add(old, "vp", -pts)
      game.put("player", old, "scored:" .. def.id, nil)
      game.log({ key = "ti3.loses_vp_objective", p = L.pn(old), pts = pts, objective = L.name("objectives", def.id), v = v })
    end
    game.put("game", nil, KEY, q)
    -- Scored at once, unless a variant claims it later (round.lua).
    L.elected_objective_gained(q, def)
  end,
}
