-- Public objectives paid with command tokens from the tactic and/or strategy
-- pools (def.tokens). The `spend` field only knows resources, influence and
-- trade goods, so the cost is paid by a `pay` handler.
local L = game.lib

return {
  check = function(p, def)
    return game.counter(p, "tactic") + game.counter(p, "strategy") >= def.tokens
  end,
  pay = function(p, def)
    local spent = { tactic = 0, strategy = 0 }
    for i = 1, def.tokens do
      local opts = {}
      for _, pool in ipairs({ "tactic", "strategy" }) do
        if game.counter(p, pool) > 0 then opts[#opts + 1] = pool end
      end
      local pool = game.choose(p, { key = "ti4.spend_token", i = i, n = def.tokens }, opts)
      game.add(p, pool, -1)
      spent[pool] = spent[pool] + 1
    end
    game.log({ key = "ti4.spends_tokens", p = L.pn(p), tactic = spent.tactic, strategy = spent.strategy })
  end,
}
