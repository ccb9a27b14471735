-- Technological Jihad (law, For/Against).
-- For: each time a player gains a technology (tech_gained), he rolls one die;
-- on 9 or 10 he destroys one of his destroyers or cruisers (his choice, if he
-- has any).
-- Against: each player exhausts one of his ready planets (his choice) for
-- each technology he has beyond his race's starting technologies, as far as
-- he has ready planets. Racial technologies are not counted (they are a
-- separate deck in TI3 and do not open tech_gained here; our reading).
local L = game.lib
local ID = "technological_jihad"
-- The card's name in the game's language.
local function NAME() return game.lib.name("political_cards", "technological_jihad") end

return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local start = {}
      local race = L.faction(p)
      for _, t in ipairs(race and race.starting_techs or {}) do start[t] = true end
      local n = 0
      for _, t in ipairs(game.holdings(p, "techs")) do if not start[t] then n = n + 1 end end
      for _ = 1, n do
        local ready = L.ready_planets(p)
        if #ready == 0 then break end
        table.sort(ready)
        local pl = game.choose(p, { key = "ti3.exhaust_planet_for", card = NAME() }, ready)
        game.exhaust(pl, true)
        game.log({ key = "ti3.exhausts_for", p = L.pn(p), planet = L.name("planets", pl), card = NAME() })
      end
    end
  end,
  tech_gained = function(ctx, p, def)
    if p ~= nil or game.get("game", nil, "law:" .. ID) ~= "for" then return end
    local q = ctx.player
    local hits = game.roll({ key = "ti3.card_roll_of", p = L.pn(q), card = NAME() }, 1, 9)
    if hits == 0 then return end
    local opts = {}
    for _, u in ipairs(game.units { owner = q }) do
      local t = L.def(q, u.kind).type
      if t == "destroyer" or t == "cruiser" then opts[#opts + 1] = u.kind .. "#" .. u.id end
    end
    if #opts == 0 then return end
    local pick = game.choose(q, { key = "ti3.destroy_destroyer_or_cruiser", card = NAME() }, opts)
    local id = tonumber(pick:match("#(%d+)$"))
    local s = nil
    for _, u in ipairs(game.units { owner = q }) do if u.id == id then s = u.system end end
    L.destroy_unit({ id = id, kind = pick:match("^([%w_]+)#"), owner = q }, { system = s, label = NAME() },
      { key = "ti3.unit_destroyed_by", p = L.pn(q), unit = pick, card = NAME() })
    if s then L.enforce_limits(q, s) end
  end,
}
