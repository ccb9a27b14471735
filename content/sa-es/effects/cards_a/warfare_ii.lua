-- Warfare II (seed 001, "Cartas Estratégicas"): the Shattered Empire card
-- (ti3 effects/strategy/warfare_ii.lua) with 001's changes:
--   * primary: after the other players have used the secondary, the holder
--     may take one more tactical action; the command counter it places comes
--     from his reinforcements (it is put in his tactic pool just before the
--     action, so the activation takes it from there). `played` runs after the
--     secondaries (sa-en rules/d_strategy.lua); nobody gets it when nobody
--     holds the card (5-player rule).
--   * High Alert: +1 on all friendly combat rolls in its system, ground
--     combat included (SE: space battles only). Our reading of "combat
--     rolls": space battle and invasion combat rolls, not space cannon or
--     bombardment.
--   * secondary: the only condition on the destination is that it holds no
--     enemy ships (SE: a system with a planet one controls); the ships still
--     come from systems one has not activated and move into an adjacent
--     system. Any cargo within capacity may be picked up, from the space area
--     or the planets of the system left; it stays in space (no landing).
local L = game.lib

local function enemy_ships(q, s)
  for _, u in ipairs(game.units { system = s, not_owner = q, space = true }) do
    if L.def(u.owner, u.kind).class == "ship" then return true end
  end
  return false
end

-- Cargo from the space area first, then from the planets (any cargo).
local function cargo(q, origin)
  local out = {}
  for _, u in ipairs(game.units { system = origin, owner = q, space = true }) do out[#out + 1] = u end
  for _, pl in ipairs(game.planets_of(origin)) do
    for _, u in ipairs(game.units { planet = pl, owner = q }) do out[#out + 1] = u end
  end
  return out
end

local function extra_tactical(p)
  if not p or L.reinforcements(p) <= 0 then return end
  if game.choose(p, { key = "sa_es.extra_tactical" }, { "no", "yes" }) ~= "yes" then return end
  game.log({ key = "sa_es.extra_tactical_taken", p = L.pn(p), card = L.name("strategy_cards", "warfare_ii") })
  local c = { player = p, active = p }
  local ok, err = pcall(game.atomic, function()
    game.add(p, "tactic", 1)
    game.step("tactical_action", c)
  end)
  if not ok then
    if type(err) == "table" and err.game_over then error(err, 0) end
    game.log({ key = "sa_es.cannot_take_tactical", p = L.pn(p) })
  end
end

-- ti3's card (rules/card_scripts.lua) with these steps.
return L.card_scripts.warfare_ii {
  reinforce_to = function(q, t) return not enemy_ships(q, t) end,
  cargo = cargo,
  ground = true,
  played = function(p) extra_tactical(p) end,
}
