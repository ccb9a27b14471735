-- Core Stability (law, For/Against).
-- For: while the law is in play, the status phase's action cards are not
-- drawn one by one: as many as the players would draw in all are turned
-- face up, and the players take them one at a time, the player with the
-- most unexhausted influence first, then the next most, and so on (ties:
-- initiative order, our reading), each taking as many as he would have
-- drawn (before:draw_action_cards).
-- Against: nobody draws action cards in this round's status phase.
local L = game.lib
local function NAME() return L.name("political_cards", "core_stability") end
local function influence(p)
  local n = 0
  for _, pl in ipairs(L.ready_planets(p)) do n = n + (L.pdef(pl).influence or 0) end
  return n
end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    L.directive_for_round(def.id)
    game.log({ key = "ti3.no_action_cards_this_round", card = NAME() })
  end,
  ["before:draw_action_cards"] = function(ctx, p, def)
    if p ~= nil then return end
    if L.directive_active(def.id) then
      ctx.cancel = true
      game.log({ key = "ti3.no_action_cards_drawn", card = NAME() })
      return
    end
    if L.law(def.id) ~= "for" then return end
    ctx.cancel = true
    local order = L.initiative_order()
    local rank = {}
    for i, q in ipairs(order) do rank[q] = i end
    local inf = {}
    for _, q in ipairs(order) do inf[q] = influence(q) end
    table.sort(order, function(a, b)
      if inf[a] ~= inf[b] then return inf[a] > inf[b] end
      return rank[a] < rank[b]
    end)
    local owed, total = {}, 0
    for _, q in ipairs(order) do
      owed[q] = 1 + L.flag(q, "extra_action_cards")
      total = total + owed[q]
    end
    game.zone_new("face_up:actions", nil, {})
    local got = L.draw("deck:actions", "discard:actions", "face_up:actions", total)
    if #got == 0 then return end
    local names = {}
    for _, c in ipairs(got) do names[#names + 1] = L.name("action_cards", c) end
    game.log({ key = "ti3.action_cards_face_up", cards = names, card = NAME() })
    while game.zone_count("face_up:actions") > 0 do
      local any = false
      for _, q in ipairs(order) do
        if owed[q] > 0 and game.zone_count("face_up:actions") > 0 then
          local opts = {}
          local seen = {}
          for _, c in ipairs(game.zone("face_up:actions")) do
            if not seen[c] then seen[c] = true; opts[#opts + 1] = c end
          end
          table.sort(opts)
          local c = game.choose(q, { key = "ti3.take_face_up_action_card", card = NAME() }, opts)
          game.move_card(c, "face_up:actions", "actions:" .. q)
          game.log({ key = "ti3.takes_face_up_action_card", p = L.pn(q), action = L.name("action_cards", c), card = NAME() })
          owed[q] = owed[q] - 1
          any = true
        end
      end
      if not any then break end
    end
    for _, c in ipairs(game.zone("face_up:actions")) do game.move_card(c, "face_up:actions", "discard:actions") end
    for _, q in ipairs(L.initiative_order()) do L.enforce_action_limit(q) end
  end,
}
