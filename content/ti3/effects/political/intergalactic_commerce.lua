-- Intergalactic Commerce (directive, For/Against).
-- For: every system with a wormhole that holds ships gives 3 trade goods to
-- the player whose ships are there (to each such player: our reading when
-- two players' ships share it).
-- Against: for the rest of this round every trade contract pays at most 1
-- (game prop contract_value, read by L.contract_value).
local L = game.lib
local function NAME() return L.name("political_cards", "intergalactic_commerce") end
local function has_wormhole(s)
  local t = game.data.systems[game.tile_of(s)] or {}
  return #(t.wormholes or {}) > 0
end
return {
  resolve = function(outcome, def)
    if outcome == "against" then
      game.put("game", nil, "contract_value", { round = game.get("game", nil, "round") or 0, value = 1 })
      game.log({ key = "ti3.contracts_pay_one", card = NAME() })
      return
    end
    local gain = {}
    for s = 1, game.num_systems() do
      if has_wormhole(s) then
        local seen = {}
        for _, u in ipairs(game.units { system = s, space = true }) do
          if L.is_ship(u.owner, u.kind) and not seen[u.owner] then
            seen[u.owner] = true
            gain[u.owner] = (gain[u.owner] or 0) + 3
          end
        end
      end
    end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if gain[p] then L.gain_tg(p, gain[p], NAME()) end
    end
  end,
}
