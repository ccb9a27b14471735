-- Yssaril: once each strategy phase, look at another player's action cards.
-- With Mageon Implants (racial technology), take one of them.
local L = game.lib
return function(ctx, p, def)
  local opts = { "none" }
  for q = 1, game.num_players() do
    if q ~= p and game.zone_count("actions:" .. q) > 0 then opts[#opts + 1] = L.pn(q) end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "ti3.look_action_cards", ability = L.name("race_abilities", def.id) }, opts)
  if pick == "none" then return end
  local q = tonumber(pick:sub(2))
  game.log({ key = "ti3.looks_action_cards", p = L.pn(p), q = L.pn(q), ability = L.name("race_abilities", def.id) })
  if game.holds(p, "racial_techs", "mageon_implants") then
    local cards = { "none" }
    for _, c in ipairs(game.zone("actions:" .. q)) do cards[#cards + 1] = c end
    local c = game.choose(p, { key = "ti3.take_card", tech = L.name("racial_techs", "mageon_implants") }, cards)
    if c ~= "none" then
      game.move_card(c, "actions:" .. q, "actions:" .. p)
      game.log({ key = "ti3.takes_action_card", p = L.pn(p), q = L.pn(q), tech = L.name("racial_techs", "mageon_implants") })
    end
  end
end
