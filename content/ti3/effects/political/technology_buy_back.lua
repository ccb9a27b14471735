-- Technology Buy-back. For (law): as each status phase begins, every player
-- in order from the speaker may give up one of his technologies that is no
-- prerequisite of another he holds, for 6 trade goods (handlers with
-- p == nil are the law's). Against: nobody may acquire or buy a technology
-- for the rest of the round (L.bar_technology).
local L = game.lib
local function sellable(p)
  local held, needed = game.holdings(p, "techs"), {}
  for _, t in ipairs(held) do
    local d = game.data.techs[t] or {}
    for _, r in ipairs(d.requires or {}) do needed[r] = true end
    for _, r in ipairs(d.requires_any or {}) do needed[r] = true end
  end
  local out = {}
  for _, t in ipairs(held) do if game.data.techs[t] and not needed[t] then out[#out + 1] = t end end
  table.sort(out)
  return out
end
return {
  resolve = function(outcome)
    if outcome == "against" then
      L.bar_technology(nil, nil)
      game.log({ key = "ti3.no_technology_this_round_all" })
    end
  end,
  ["before:status_phase"] = function(ctx, p, def)
    if p ~= nil then return end
    for _, q in ipairs(L.order_from(L.speaker())) do
      local opts = sellable(q)
      if #opts > 0 then
        table.insert(opts, 1, "none")
        local t = game.choose(q, { key = "ti3.technology_to_sell", card = L.name("political_cards", def.id) }, opts)
        if t ~= "none" then
          game.revoke(q, "techs", t)
          L.reset_cache()
          game.log({ key = "ti3.sells_technology", p = L.pn(q), tech = L.name("techs", t), card = L.name("political_cards", def.id) })
          L.gain_tg(q, 6, L.name("political_cards", def.id))
        end
      end
    end
  end,
}
