-- The wormhole cards; the card is told apart by def.id.
--
-- Closing the Wormholes (law, For/Against).
--   For: wormholes are closed to fleet movement. Every pair of wormhole
--   systems gets a border token ("closing_the_wormholes") that blocks the
--   `move` purpose on the links between them, so movement and retreats can
--   no longer use a wormhole. Pairs that are hex neighbours are left alone
--   (their border link joins them without any wormhole). Other uses of
--   adjacency (space cannon range) are not touched. `repeal` lifts the tokens.
--   Against: each player with a fleet in a system with a wormhole discards
--   one non-fighter ship of his choice from each such fleet.
-- Wormhole Reconstruction (law, For/Against).
--   For: every system with a wormhole is adjacent to every other one: a link
--   of kind "wormhole_reconstruction" joins each pair (for every purpose);
--   `repeal` removes those links. Against: no effect.
-- Wormhole Research (directive, For/Against).
--   For: roll one die. 1-3: every ship in a system with a wormhole is
--   destroyed. 4-7: each player who controls at least one wormhole gains 2
--   trade goods. UNCERTAIN: "controls a wormhole" is read as having ships in
--   a wormhole system or controlling a planet in one (Intergalactic Commerce
--   calls the player with ships in a system its controller). 8-10: from the
--   speaker clockwise, each player who voted For gains one blue technology
--   whose prerequisites he meets.
--   Against: wormholes may not be used for the rest of this round: border
--   tokens ("wormhole_research") block every purpose between wormhole
--   systems until the end of the status phase.
-- New wormhole links (Reconstruction) get the tokens of the blocking cards
-- in force.
local L = game.lib

local function wormhole_systems()
  local out = {}
  for s = 1, game.num_systems() do
    local d = game.data.systems[game.tile_of(s)] or {}
    if #(d.wormholes or {}) > 0 then out[#out + 1] = s end
  end
  return out
end

local function far(a, b)
  local ha, hb = game.system(a).hex, game.system(b).hex
  return not ha or not hb or game.hex_distance(ha, hb) > 1
end

local function pairs_of_wormholes(fn)
  local ws = wormhole_systems()
  for i = 1, #ws do
    for j = i + 1, #ws do fn(ws[i], ws[j]) end
  end
end

local function block(id, purposes)
  pairs_of_wormholes(function(a, b) if far(a, b) then game.border_token(a, b, id, purposes) end end)
end

local function unblock(id)
  pairs_of_wormholes(function(a, b) game.remove_border_token(a, b, id) end)
end

local function reblock()
  if game.get("game", nil, "law:closing_the_wormholes") then block("closing_the_wormholes", { "move" }) end
  if game.get("game", nil, "pending:wormhole_research") then block("wormhole_research", {}) end
end

-- Destroyed units open unit_destroyed; a discarded ship is only removed.
local function destroy(u, why, discard)
  if not game.unit_exists(u.id) then return end
  game.remove_unit(u.id)
  game.log({ key = discard and "ti3.unit_discarded_why" or "ti3.unit_destroyed_why", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id, why = why })
  if not discard then L.unit_destroyed(u, { system = u.system, label = why }) end
end

local resolve = {}

resolve.closing_the_wormholes = function(outcome, def)
  local name = L.name("political_cards", def.id)
  if outcome == "for" then
    block(def.id, { "move" })
    game.log({ key = "ti3.fleets_may_no_longer", name = name })
    return
  end
  for _, s in ipairs(wormhole_systems()) do
    for _, p in ipairs(L.order_from(L.speaker())) do
      local opts = {}
      for _, u in ipairs(L.ships(p, s)) do
        if L.def(p, u.kind).type ~= "fighter" then opts[#opts + 1] = u.kind .. "#" .. u.id end
      end
      if #opts > 0 then
        local pick = game.choose(p, { key = "ti3.discard_ship", system = L.sysname(s), name = name }, opts)
        local id = tonumber(pick:match("#(%d+)$"))
        destroy({ id = id, owner = p, kind = pick:match("^([%w_]+)#"), system = s }, name, true)
        L.enforce_limits(p, s)
      end
    end
  end
end

resolve.wormhole_reconstruction = function(outcome, def)
  if outcome ~= "for" then return end
  pairs_of_wormholes(function(a, b) game.link(a, b, "wormhole_reconstruction") end)
  reblock()
  game.log({ key = "ti3.all_wormhole_systems_are", card = L.name("political_cards", def.id) })
end

local function controls_wormhole(p)
  for _, s in ipairs(wormhole_systems()) do
    if #L.ships(p, s) > 0 then return true end
    for _, pl in ipairs(game.planets_of(s)) do
      if game.planet_owner(pl) == p then return true end
    end
  end
  return false
end

resolve.wormhole_research = function(outcome, def, tally, voters)
  local name = L.name("political_cards", def.id)
  if outcome ~= "for" then
    block(def.id, {})
    game.put("game", nil, "pending:" .. def.id, true)
    game.grant("game", "political_cards", def.id)
    game.log({ key = "ti3.wormholes_may_not_be", name = name })
    return
  end
  local _, rolls = game.roll({ key = "ti3.card_roll", card = name }, 1, 1)
  local r = rolls[1]
  game.log({ key = r <= 3 and "ti3.wormhole_roll_ships_destroyed" or r <= 7 and "ti3.wormhole_roll_controllers_gain" or "ti3.wormhole_roll_voters_gain", name = name, roll = r })
  if r <= 3 then
    local doomed = {}
    for _, s in ipairs(wormhole_systems()) do
      for _, u in ipairs(game.units { system = s, space = true }) do
        if u.carried == nil and L.def(u.owner, u.kind).class == "ship" then doomed[#doomed + 1] = u end
      end
    end
    for _, u in ipairs(doomed) do destroy(u, name) end
    for _, s in ipairs(wormhole_systems()) do
      for p = 1, game.num_players() do L.enforce_limits(p, s) end
    end
  elseif r <= 7 then
    for _, p in ipairs(L.order_from(L.speaker())) do
      if controls_wormhole(p) then L.gain_tg(p, 2, name) end
    end
  else
    local voted = {}
    for _, v in ipairs(voters or {}) do if v.outcome == "for" then voted[v.player] = true end end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if voted[p] then
        local opts = {}
        for _, t in ipairs(L.researchable(p)) do
          if game.data.techs[t].color == "blue" then opts[#opts + 1] = t end
        end
        if #opts > 0 then L.gain_tech(p, game.choose(p, { key = "ti3.gain_blue_technology", name = name }, opts)) end
      end
    end
  end
end

return {
  resolve = function(outcome, def, tally, voters) return resolve[def.id](outcome, def, tally, voters) end,
  repeal = function(def)
    if def.id == "closing_the_wormholes" then
      unblock(def.id)
    elseif def.id == "wormhole_reconstruction" then
      pairs_of_wormholes(function(a, b) game.unlink(a, b, "wormhole_reconstruction") end)
    end
  end,
  -- Wormhole Research (Against) ends with the round.
  ["after:status_phase"] = function(ctx, p, def)
    if p ~= nil or def.id ~= "wormhole_research" or not game.get("game", nil, "pending:" .. def.id) then return end
    unblock(def.id)
    game.put("game", nil, "pending:" .. def.id, nil)
    game.revoke("game", "political_cards", def.id)
    game.log({ key = "ti3.wormholes_may_be_used", card = L.name("political_cards", def.id) })
  end,
}
