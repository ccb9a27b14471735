-- Hacan: during the status phase (here, once action cards are drawn) the
-- player may exchange action cards with other players. Each exchange: the
-- Hacan player names a partner and the cards he offers; the partner picks
-- the cards he gives back (possibly none) or declines; the Hacan player then
-- accepts or not. Repeated until the Hacan player is done.
local L = game.lib

local function pick_cards(p, zone, prompt)
  local chosen, taken = {}, {}
  while true do
    local opts = { "done" }
    for _, c in ipairs(game.zone(zone)) do
      if not taken[c] then opts[#opts + 1] = c end
    end
    if #opts == 1 then break end
    local c = game.choose(p, prompt, opts)
    if c == "done" then break end
    taken[c] = true
    chosen[#chosen + 1] = c
  end
  return chosen
end

return function(ctx, p, def)
  local name = L.name("race_abilities", def.id)
  for _ = 1, game.num_players() * 2 do
    local opts = { "done" }
    for q = 1, game.num_players() do
      if q ~= p and (game.zone_count("actions:" .. q) > 0 or game.zone_count("actions:" .. p) > 0) then opts[#opts + 1] = L.pn(q) end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti3.exchange_action_cards_with", name = name }, opts)
    if pick == "done" then return end
    local q = tonumber(pick:sub(2))
    local give = pick_cards(p, "actions:" .. p, { key = "ti3.offer_card_to", name = name, p = L.pn(q) })
    local back = {}
    if game.choose(q, { key = "ti3.offers_action_card_exchange", p = L.pn(p), n = #give }, { "decline", "answer" }) == "answer" then
      back = pick_cards(q, "actions:" .. q, { key = "ti3.give_card_to", p = L.pn(p) })
      if game.choose(p, { key = "ti3.gives_card_your", p = L.pn(q), n = #back, n2 = #give }, { "accept", "refuse" }) == "accept" and (#give + #back) > 0 then
        for _, c in ipairs(give) do game.move_card(c, "actions:" .. p, "actions:" .. q) end
        for _, c in ipairs(back) do game.move_card(c, "actions:" .. q, "actions:" .. p) end
        game.log({ key = "ti3.exchange_action_cards_2", p = L.pn(p), q = L.pn(q), n = #give, n2 = #back })
        if L.enforce_action_limit then
          L.enforce_action_limit(p)
          L.enforce_action_limit(q)
        end
      else
        game.log({ key = "ti3.no_exchange_between", p = L.pn(p), q = L.pn(q) })
      end
    else
      game.log({ key = "ti3.declines_exchange", p = L.pn(q) })
    end
  end
end
