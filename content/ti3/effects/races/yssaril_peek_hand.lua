-- Yssaril: once each strategy phase, look at another player's action cards.
-- With Mageon Implants (racial technology), take one of them.
local L = game.lib
return function(ctx, p, def)
  local opts = { "none" }
  for q = 1, game.num_players() do
    if q ~= p and game.zone_count("actions:" .. q) > 0 then opts[#opts + 1] = L.pn(q) end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, L.name("race_abilities", def.id) .. ": look at the action cards of", opts)
  if pick == "none" then return end
  local q = tonumber(pick:sub(2))
  game.log(L.pn(p) .. " looks at the action cards of " .. L.pn(q) .. " (" .. L.name("race_abilities", def.id) .. ")")
  if game.holds(p, "racial_techs", "mageon_implants") then
    local cards = { "none" }
    for _, c in ipairs(game.zone("actions:" .. q)) do cards[#cards + 1] = c end
    local c = game.choose(p, L.name("racial_techs", "mageon_implants") .. ": take a card", cards)
    if c ~= "none" then
      game.move_card(c, "actions:" .. q, "actions:" .. p)
      game.log(L.pn(p) .. " takes an action card from " .. L.pn(q) .. " (" .. L.name("racial_techs", "mageon_implants") .. ")")
    end
  end
end
