-- Regressive Rhetoric (law, For/Against).
-- For: while the law is in play, every technology bought costs 2 resources
-- more (research_offer of a purchase, ctx.cost above 0: one gained free with
-- the Technology card's primary has no cost to raise), and after a strategic action of the Technology card
-- (or Technology II) each other player who did not use its secondary may
-- draw an action card (after:strategic_action, ctx.secondary_users).
-- Against: every player discards one action card of his choice, if he has
-- one.
local L = game.lib
local function NAME() return L.name("political_cards", "regressive_rhetoric") end
local TECH = { technology = true, technology_ii = true }
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local hand = "actions:" .. p
      if game.zone_count(hand) > 0 then
        local opts = {}
        local seen = {}
        for _, c in ipairs(game.zone(hand)) do if not seen[c] then seen[c] = true; opts[#opts + 1] = c end end
        table.sort(opts)
        local c = game.choose(p, { key = "ti3.action_card_to_discard", card = NAME() }, opts)
        game.move_card(c, hand, "discard:actions")
        game.log({ key = "ti3.discards_action_card_for", p = L.pn(p), action = L.name("action_cards", c), card = NAME() })
      end
    end
  end,
  research_offer = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or (ctx.cost or 0) <= 0 then return end
    ctx.discount = ctx.discount or {}
    for _, c in ipairs({ "blue", "green", "red", "yellow" }) do ctx.discount[c] = (ctx.discount[c] or 0) - 2 end
  end,
  ["after:strategic_action"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not TECH[ctx.card] then return end
    local users = ctx.secondary_users or {}
    for _, q in ipairs(L.order_from(L.next_in_rotation(ctx.player))) do
      if q ~= ctx.player and not users[q] and game.confirm(q, { key = "ti3.draw_action_card", name = NAME() }) then
        local got = L.draw("deck:actions", "discard:actions", "actions:" .. q, 1)
        if #got > 0 then
          game.log({ key = "ti3.draws_an_action_card", p = L.pn(q) })
          L.enforce_action_limit(q)
        end
      end
    end
  end,
}
