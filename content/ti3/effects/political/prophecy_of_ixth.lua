-- Prophecy of Ixth (directive, elect a player).
-- For the rest of the game the elected player's fighters get +1 on their
-- combat rolls (combat_round_start), until a round in which he produces
-- fewer than 2 fighters ends (after:production counts them;
-- after:status_phase checks): then he loses the bonus for good. The game
-- holds the card while the bonus lasts (game prop pending:prophecy_of_ixth:
-- the player). The round the card is resolved in counts too (our reading
-- of "any game round").
local L = game.lib
local ID = "prophecy_of_ixth"
local function NAME() return L.name("political_cards", ID) end
return {
  resolve = function(outcome, def)
    local p = tonumber(outcome:match("^p(%d+)$"))
    if not p then return end
    game.put("game", nil, "pending:" .. ID, p)
    game.put("game", nil, "prophecy_fighters", 0)
    game.grant("game", "political_cards", ID)
    game.log({ key = "ti3.fighters_bonus", p = L.pn(p), card = NAME() })
  end,
  combat_round_start = function(rc, p, def)
    if p ~= nil or rc.ground then return end
    local h = game.get("game", nil, "pending:" .. ID)
    if not h or not rc.mods or not rc.mods[h] then return end
    for _, id in ipairs(game.keys(game.data.units)) do
      if game.data.units[id].type == "fighter" then rc.mods[h][id] = (rc.mods[h][id] or 0) + 1 end
    end
  end,
  ["after:production"] = function(ctx, p, def)
    if p ~= nil or game.get("game", nil, "pending:" .. ID) ~= ctx.player then return end
    local new = {}
    for _, id in ipairs(ctx.new_units or {}) do new[id] = true end
    local n = 0
    for _, x in ipairs(game.units { owner = ctx.player }) do
      if new[x.id] and L.def(ctx.player, x.kind).type == "fighter" then n = n + 1 end
    end
    if n > 0 then game.put("game", nil, "prophecy_fighters", (game.get("game", nil, "prophecy_fighters") or 0) + n) end
  end,
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil then return end
    local h = game.get("game", nil, "pending:" .. ID)
    if not h then return end
    if (game.get("game", nil, "prophecy_fighters") or 0) < 2 then
      game.put("game", nil, "pending:" .. ID, nil)
      game.put("game", nil, "prophecy_fighters", nil)
      game.revoke("game", "political_cards", ID)
      game.log({ key = "ti3.fighters_bonus_lost", p = L.pn(h), card = NAME() })
    else
      game.put("game", nil, "prophecy_fighters", 0)
    end
  end,
}
