-- The Triad (relic): its holder spends and readies it like a planet card
-- worth 3 resources and 3 influence, plus the number of kinds of relic
-- fragments they own. Relic fragments come from exploration (Prophecy of
-- Kings): here they are none (L.te_relic_fragment_kinds). The card is
-- spent only when the player's planets and trade goods cannot pay without
-- it, and then first; it is readied with the relics in the status phase.
-- (Its influence for votes is not counted.)
local L = game.lib

--- Prophecy of Kings hook: how many kinds of relic fragments p owns (none without exploration).
function L.te_relic_fragment_kinds(p) return 0 end

--- The value of The Triad for p, or 0 when p does not hold it ready.
function L.te_triad_value(p)
  if p == 0 then return 0 end
  local held = false
  for _, id in ipairs(L.te_relics_of(p)) do if id == "the_triad" then held = true end end
  if not held or game.get("player", p, "exhausted:the_triad") then return 0 end
  return 3 + L.te_relic_fragment_kinds(p)
end

local base_spendable = L.spendable
function L.spendable(p, kind)
  local n = base_spendable(p, kind)
  if kind == "resources" or kind == "influence" then n = n + L.te_triad_value(p) end
  return n
end

local base_pay = L.pay
function L.pay(p, amount, kind)
  local v = (kind == "resources" or kind == "influence") and L.te_triad_value(p) or 0
  if v == 0 or amount <= 0 or base_spendable(p, kind) >= amount then return base_pay(p, amount, kind) end
  if base_spendable(p, kind) + v < amount then return false end
  game.put("player", p, "exhausted:the_triad", true)
  game.log({ key = "te.triad_spent", p = L.pn(p), n = v, kind = kind })
  return base_pay(p, amount - v, kind)
end
