-- Fighter Tax (law, For/Against).
-- For: while the law is in play, one resource buys one fighter instead of
-- two (production_terms: per_pick).
-- Against: every player destroys three of his fighters (all of them if he
-- has fewer; his choice which).
local L = game.lib
local function NAME() return L.name("political_cards", "fighter_tax") end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      for k = 1, 3 do
        local opts, at = {}, {}
        for _, u in ipairs(game.units { owner = p }) do
          if L.def(p, u.kind).type == "fighter" then
            local o = u.kind .. "#" .. u.id
            opts[#opts + 1] = o
            at[o] = u
          end
        end
        if #opts == 0 then break end
        -- (No choice when all that are left must go.)
        local pick = #opts <= 4 - k and opts[1] or game.choose(p, { key = "ti3.fighter_to_destroy", card = NAME() }, opts)
        local u = at[pick]
        L.destroy_unit(u, { system = u.system, label = NAME() },
          { key = "ti3.unit_destroyed_by", p = L.pn(p), unit = pick, card = NAME() })
      end
    end
  end,
  production_terms = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" then return end
    ctx.per_pick.fighter = 1
  end,
}
