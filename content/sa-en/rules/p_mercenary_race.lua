-- Shattered Ascension v4.5 (seed 000, appendix 5, Mercenaries): a loyalty bid
-- takes a mercenary away only if it beats the owner's counter-bid by 2 trade
-- goods, or by 3 when the mercenary is of the owner's own race.
--
-- The mercenary cards of our sources have no race, so a mercenary has one
-- only if its entry in sa_mercenaries gives `race:` (a race id); without it
-- the margin is always 2 and rules/n_options2.lua's O.loyalty_bids runs as it
-- is. UNCERTAIN: which mercenaries belong to which race (not in our sources).
-- When a mercenary in play is of its owner's race, the loyalty bids are run
-- here instead, the same way with AU.loyalty_margin.
local L = game.lib
local AU = L.sa_more or {}
L.sa_more = AU
local O = L.sa_opt2

AU.LOYALTY_MARGIN = 2
AU.LOYALTY_MARGIN_SAME_RACE = 3

-- The overbid a loyalty bid needs against the owner of mercenary id.
function AU.loyalty_margin(owner, id)
  local d = game.data.sa_mercenaries and game.data.sa_mercenaries[id]
  if d and d.race and d.race == game.get("player", owner, "faction") then return AU.LOYALTY_MARGIN_SAME_RACE end
  return AU.LOYALTY_MARGIN
end

if O and O.loyalty_bids then
  local base_loyalty = O.loyalty_bids

  -- What p can bid: trade goods plus, for each ready planet, its resources or
  -- influence (the larger), as the mercenary auction counts it.
  local function bid_cap(p)
    local n = game.counter(p, "tg")
    for _, pl in ipairs(L.ready_planets(p)) do
      local d = L.pdef(pl)
      n = n + math.max(d.resources or 0, d.influence or 0)
    end
    return n
  end

  local function move_merc(id, from, to)
    for _, c in ipairs(game.zone(from)) do
      if c == id then game.move_card(id, from, to); return true end
    end
    return false
  end

  local function any_same_race()
    for _, m in ipairs(O.mercs_in_play()) do
      if AU.loyalty_margin(m.unit.owner, m.merc) ~= AU.LOYALTY_MARGIN then return true end
    end
    return false
  end

  function O.loyalty_bids()
    if not any_same_race() then return base_loyalty() end
    local order = L.order_from(L.speaker())
    for _, m in ipairs(O.mercs_in_play()) do
      local u, id = m.unit, m.merc
      if game.unit_exists(u.id) then
        local owner = u.owner
        local best, bidder = 0, nil
        local paid = {}
        for _, q in ipairs(order) do
          if q ~= owner then
            local low = math.max(2, best + 1)
            local cap = bid_cap(q)
            if cap >= low then
              local opts = { "no" }
              for v = low, cap do opts[#opts + 1] = tostring(v) end
              local pick = game.choose(q, "loyalty bid for " .. L.pn(owner) .. "'s mercenary " .. L.name("sa_mercenaries", id), opts)
              if pick ~= "no" then
                best, bidder = tonumber(pick), q
                paid[q] = tonumber(pick)
                game.log(L.pn(q) .. " bids " .. pick .. " for the loyalty of " .. L.name("sa_mercenaries", id))
              end
            end
          end
        end
        if bidder then
          local margin = AU.loyalty_margin(owner, id)
          local opts = {}
          for v = 0, bid_cap(owner) do opts[#opts + 1] = tostring(v) end
          local counter = tonumber(game.choose(owner, "counter-bid to keep " .. L.name("sa_mercenaries", id) .. " (" .. L.pn(bidder) .. " bids " .. best .. ")", opts))
          game.log(L.pn(owner) .. " counter-bids " .. counter .. (margin ~= AU.LOYALTY_MARGIN and (" (same race: an overbid of " .. margin .. " is needed)") or ""))
          for _, q in ipairs(game.keys(paid)) do O.pay_bid(q, paid[q]) end
          O.pay_bid(owner, counter)
          if best >= counter + margin then
            game.remove_unit(u.id)
            game.log(L.name("sa_mercenaries", id) .. " changes sides: " .. L.pn(owner) .. " -> " .. L.pn(bidder))
            move_merc(id, "sa_mercs:placed", "sa_mercs:hand")
            if O.place_merc(bidder, id) then move_merc(id, "sa_mercs:hand", "sa_mercs:placed") end
          else
            game.log(L.name("sa_mercenaries", id) .. " stays with " .. L.pn(owner))
          end
        end
      end
    end
  end
end
