-- Diversified Income (law, For/Against).
-- For: while the law is in play, no player may hold more trade goods than
-- the planets he controls: the excess is discarded when the law passes and
-- whenever he gains trade goods (tg_gained). (Trade goods gained other than
-- through the shared L.gain_tg are checked at his next gain; our
-- simplification.)
-- Against: every player without trade goods gains three.
local L = game.lib
local function NAME() return L.name("political_cards", "diversified_income") end
local function cap(p)
  local n = game.counter(p, "tg") - #game.planets_owned(p)
  if n > 0 then
    game.add(p, "tg", -n)
    game.log({ key = "ti3.discards_tg", p = L.pn(p), n = n, card = NAME() })
  end
end
return {
  resolve = function(outcome, def)
    for _, p in ipairs(L.order_from(L.speaker())) do
      if outcome == "against" then
        if game.counter(p, "tg") == 0 then L.gain_tg(p, 3, NAME()) end
      else
        cap(p)
      end
    end
  end,
  tg_gained = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    cap(ctx.player)
  end,
}
