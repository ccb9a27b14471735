-- First Strike: right after the strategy phase, the player will take his
-- first action of the action phase before everyone else; then the turns go
-- in initiative order as usual (the rules' L.action_turn_order reads the
-- game props first_strike / first_strike_round). One per round.
local L = game.lib
local function round_no() return game.get("game", nil, "round") or 0 end
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and game.get("game", nil, "first_strike_round") ~= round_no()
  end,
  run = function(ctx, p)
    game.put("game", nil, "first_strike", p)
    game.put("game", nil, "first_strike_round", round_no())
    game.log({ key = "ti3.acts_first", p = L.pn(p) })
  end,
}
