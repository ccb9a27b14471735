-- Shattered Ascension v4.5: the Rotation Cycler for strategic actions
-- (integration of rules/k_victory.lua's cycler with ti3's strategic action).
--
-- ti3's `strategic_action` (content/ti3/rules/round.lua) offers the secondary
-- of a strategy card to the other players starting at its holder's clockwise
-- neighbour. In SA every player-to-player order follows the Rotation Cycler
-- (game prop `rotation`, L.next_in_rotation / L.order_from of
-- rules/k_victory.lua), so the innermost strategic action is replaced here by
-- the same steps with the order of the cycler. This file loads before every
-- other sa-en rules file so that their wrappers (d_strategy, m_options1,
-- n_options2) and ti3's setup-time race wrapper (races.lua) all wrap it.
local L = game.lib

local function next_after(p)
  if L.next_in_rotation then return L.next_in_rotation(p) end
  return p % game.num_players() + 1
end

procedure("strategic_action", function(ctx)
  local p, id = ctx.player, ctx.card
  local d = game.data.strategy_cards[id]
  game.log(L.pn(p) .. " plays " .. L.name("strategy_cards", id))
  if d.handler.primary then d.handler.primary(p, d, ctx) end
  -- The others, in rotation after the holder, may use the secondary for a
  -- strategy counter, unless it is free for them.
  for _, q in ipairs(L.order_from(next_after(p))) do
    if q ~= p and d.handler.secondary then
      local free = d.free_secondary or game.get("player", q, "free_secondaries")
      if (free or game.counter(q, "strategy") > 0) and (not d.handler.can_secondary or d.handler.can_secondary(q, d, ctx)) then
        if game.choose(q, "use the secondary of " .. L.name("strategy_cards", id), { "no", "yes" }) == "yes" then
          if not free then game.add(q, "strategy", -1) end
          game.log(L.pn(q) .. " uses the secondary of " .. L.name("strategy_cards", id))
          d.handler.secondary(q, d, ctx)
        end
      end
    end
  end
  game.put("game", nil, "sc_used:" .. id, true)
end)
