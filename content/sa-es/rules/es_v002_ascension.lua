-- Shattered Ascension, Spanish rulebook (seed 001 "Opción de Juego:
-- Ascensión"): special objectives.
--
-- 000's Ascendancy spares a player the loss of victory points when he stops
-- qualifying for a special objective; 001's Ascension lists its changes and
-- that one is not among them. So under 001 the ordinary rule stands: a
-- player who no longer qualifies for a special objective loses its points,
-- Ascension or not.
--
-- The specials of this pack change hands by their own rules (the SE
-- artifacts follow control of their planet, the Voice of the Council is
-- elected); sa-en runs those changes through ASC.no_loss
-- (rules/m_options1.lua), which gives the old holder his points back. Here
-- it lets the loss stand and keeps the rest: a new holder counts as having
-- claimed the objective this round, so he does not claim it a second time
-- in this round's objectives step; in later rounds the holder claims it
-- again as sa-en does (001: every objective but the secret ones may be
-- claimed any number of times).
-- UNCERTAIN: the loss is the objective's value once (what the base rule
-- takes away), not once for every round in which the holder claimed it;
-- 001 does not say.
local L = game.lib
local O = L.sa_opt1
local ASC = O and O.asc

local function opt(id) return game.options[id] end

if ASC and ASC.no_loss then
  function ASC.no_loss(fn, ...)
    if not opt("ascendancy") then return fn(...) end
    local round = game.get("game", nil, "round") or 0
    local ids = game.keys(game.data.objectives or {})
    local ctl = {}
    for _, id in ipairs(ids) do ctl[id] = game.get("game", nil, "objective_controller:" .. id) end
    local r = table.pack(pcall(fn, ...))
    for _, id in ipairs(ids) do
      local c = game.get("game", nil, "objective_controller:" .. id)
      if c and c ~= ctl[id] and game.get("player", c, "scored:" .. id) then game.put("player", c, "sa_asc_round:" .. id, round) end
    end
    if not r[1] then error(r[2], 0) end
    return table.unpack(r, 2, r.n)
  end
end
