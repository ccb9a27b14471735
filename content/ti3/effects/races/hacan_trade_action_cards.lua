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
    local pick = game.choose(p, name .. ": exchange action cards with", opts)
    if pick == "done" then return end
    local q = tonumber(pick:sub(2))
    local give = pick_cards(p, "actions:" .. p, name .. ": offer a card to " .. L.pn(q))
    local back = {}
    if game.choose(q, L.pn(p) .. " offers " .. #give .. " action card(s) for an exchange", { "decline", "answer" }) == "answer" then
      back = pick_cards(q, "actions:" .. q, "give a card to " .. L.pn(p))
      if game.choose(p, L.pn(q) .. " gives " .. #back .. " card(s) for your " .. #give, { "accept", "refuse" }) == "accept" and (#give + #back) > 0 then
        for _, c in ipairs(give) do game.move_card(c, "actions:" .. p, "actions:" .. q) end
        for _, c in ipairs(back) do game.move_card(c, "actions:" .. q, "actions:" .. p) end
        game.log(L.pn(p) .. " and " .. L.pn(q) .. " exchange action cards (" .. #give .. " for " .. #back .. ")")
        if L.enforce_action_limit then
          L.enforce_action_limit(p)
          L.enforce_action_limit(q)
        end
      else
        game.log("no exchange between " .. L.pn(p) .. " and " .. L.pn(q))
      end
    else
      game.log(L.pn(q) .. " declines the exchange")
    end
  end
end
