-- Strategic Planning: for the rest of the game round the player uses the
-- secondary abilities of strategy cards without spending a command counter
-- from its strategy allocation (the `free_secondaries` player prop, cleared
-- when strategy cards are returned). Played as the strategy phase begins.
return {
  when = function(ctx, p)
    return not game.get("game", nil, "ac_lock") and not game.get("player", p, "free_secondaries")
  end,
  run = function(ctx, p)
    game.put("player", p, "free_secondaries", true)
    game.log({ key = "ti3.pays_no_secondary_counter", p = p })
  end,
}
