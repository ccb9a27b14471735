-- Mass Mobilization (directive, For/Against).
-- For: the votes cast For, divided by 5 and rounded down (the card gives no
-- rounding rule: our reading), is the number of ground forces each player
-- may put on planets he controls (from the speaker clockwise, one planet
-- chosen for each).
-- Against: for the rest of this round nobody may produce ground forces
-- (production_terms: barred).
local L = game.lib
local function NAME() return L.name("political_cards", "mass_mobilization") end
return {
  resolve = function(outcome, def, tally)
    if outcome == "against" then
      L.directive_for_round(def.id)
      game.log({ key = "ti3.no_ground_forces_bought", card = NAME() })
      return
    end
    local n = math.floor(((tally or {})["for"] or 0) / 5)
    game.log({ key = "ti3.mobilization_count", card = NAME(), n = n })
    if n <= 0 then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      local planets = game.planets_owned(p)
      table.sort(planets)
      if #planets > 0 then
        local placed = {}
        for _ = 1, n do
          local opts = { "none" }
          for _, pl in ipairs(planets) do opts[#opts + 1] = pl end
          local pl = game.choose(p, { key = "ti3.place_ground_force", card = NAME() }, opts)
          if pl == "none" then break end
          game.spawn("ground_force", p, { planet = pl })
          placed[pl] = (placed[pl] or 0) + 1
        end
        for _, pl in ipairs(game.keys(placed)) do
          game.log({ key = "ti3.mobilization_places", p = L.pn(p), n = placed[pl], planet = L.name("planets", pl), card = NAME() })
        end
      end
    end
  end,
  production_terms = function(ctx, p, def)
    if p ~= nil or not L.directive_active(def.id) then return end
    ctx.barred.ground_force = true
  end,
}
