-- Shattered Ascension, Spanish rulebook (seed 001): strategy cards, trade,
-- galaxy creation, domain counters, gravity rifts and Surrender, where they
-- differ from sa-en (seed 000; rules/d_strategy.lua = L.sa_strategy,
-- rules/j_tokens.lua = L.sa_tokens, rules/n_options2.lua = L.sa_opt2).
--
-- Strategy cards (001 "Cartas Estratégicas", initiation step 9):
--   * Prospect, the ninth card, is in play with 4, 7 or 8 players (001's
--     strategy card list names the three counts; step 9's "when every card
--     is picked, 4 or 8 players" asks for it there and does not rule out 7),
--     as sa-en's card table has it.
--   * No card is played by no player in 5-player games (000's special rule).
--   * The Voice of the Council election may be called in any round, round 1
--     too, except in 2-player games (001 appendix 3); 000 never in round 1.
-- Transfer actions: 001 keeps the TI3 transfer action (its Simultaneous
-- Action System "generalizes and extends" it, as an option); 000 removes it.
-- Here it is back unless the Simultaneous Action System is in play.
-- Galactic trade: players may trade with themselves in 3- and 4-player
-- games (one of their agreements), and with both in 2-player games (000: 4
-- players one, 2-3 players both). ES.self_trades(n) gives the 001 numbers;
-- rules/es_trade.lua replaces sa-en's self-trade offers (d_strategy.lua's
-- S.self_trade_offers) with 001's.
-- Galaxy creation (001 "Creación de Galaxia"): at most 4 resources next to a
-- home system and 8 per player on the board (000: 3 and 10).
-- Domain counters (001 "Soles Distantes", appendix 5):
--   * deep space probing vessels probe a planet in a system next to each
--     friendly space dock (000: up to two systems away);
--   * the Supernova counter is taken out of the game (es_data.yaml).
-- Gravity rifts (001 appendix 5): +1 movement through a rift in a
-- non-straight line (as 000); every ship passing through rolls one die (no
-- Maneuvering Jets exception), and on 1-3 it ends its move in the rift (no
-- command counter is placed); if other players' ships are there, a space
-- battle is fought at once (000: the ship is destroyed). Ships in a rift do
-- not block movement (as in 000: 001 does not say so, but a fleet could not
-- pass through a rift holding enemy ships and be stopped among them if they
-- blocked it).
-- Surrender (option sa_surrender; 001 "Opción de Jugador: Rendición"):
--   * a player may surrender after he has passed (here: when the action phase
--     ends, every player having passed, each may surrender, in rotation from
--     the speaker; 000 lets him surrender instead of passing);
--   * at once his control markers leave the special objectives (he loses
--     their points) and he loses one more victory point (000: the 2-point home
--     system penalty instead);
--   * after the planets are refreshed in the status phase: his leaders go,
--     and his space docks outside his home system; up to three ground forces
--     (to at most five) join the highest-resource planet of his home system,
--     which stays as a passive neutral garrison; then the speaker and the
--     players after him pick his other planets and fleets in turn, each
--     auctioned for influence. (sa-en's end-of-round procedure does this with
--     its "capital planet": here the capital is that home planet, which
--     becomes neutral once the auctions are over; his docks in his home
--     system stay, and go with their planets.)
local L = game.lib
local ES = L.sa_es or {}
L.sa_es = ES

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end

---------------------------------------------------------------------------
-- Strategy rules: every strategy card is played whatever the player count
-- (es_data.yaml patches sa-en's list of counts with an unpicked card away),
-- and a Voice of the Council election may be called from round 1, from
-- round 2 in a two-player game.
function L.sa_voice_first_round() return (game.num_players() == 2) and 2 or 1 end

---------------------------------------------------------------------------
-- Transfer actions (the ti3 rule, round.lua), unless the Simultaneous Action
-- System is in play (ti3's hook, which sa-en turns off).
function L.transfers_allowed(p) return not opt("sa_simultaneous_actions") end

---------------------------------------------------------------------------
-- Trade with oneself: how many of his agreements a player may make with
-- himself.
function ES.self_trades(n)
  if n <= 2 then return 2 end
  if n <= 4 then return 1 end
  return 0
end

---------------------------------------------------------------------------
-- Galaxy creation limits and domain counters.
ES.HOME_RESOURCES = 4
ES.RESOURCES_PER_PLAYER = 8
local T = L.sa_tokens
if T then
  T.HOME_RESOURCES = ES.HOME_RESOURCES
  T.RESOURCES_PER_PLAYER = ES.RESOURCES_PER_PLAYER
  T.DEEP_SPACE_PROBE_RANGE = 1
end

---------------------------------------------------------------------------
-- Gravity rifts: sa-en's hooks (n_options2.lua), set after setup.
function ES.install_rifts()
  local O = L.sa_opt2
  if not (O and O.after_rift_movement and O.rift_arrivals) then return end
  -- Where p's units were as the movement began: his units on planets too
  -- (ground forces lifted off planets on the way ride with the ships that
  -- started in their system).
  function O.rift_start(p)
    local start = {}
    for _, u in ipairs(game.units { owner = p }) do start[u.id] = u.system end
    return start
  end
  function O.after_rift_movement(p, target, paths, before, start)
    -- (The fleet limits of the system moved into are checked before the rift
    -- rolls too, as they were when this rule wrapped sa-en's movement.)
    if #L.enemies_in(p, target) == 0 then L.enforce_limits(p, target) end
    local arrived, cargo = O.rift_arrivals(p, target, before, start)
    local battles = {}
    for _, u in ipairs(arrived) do
      for _, rs in ipairs(paths and paths[u.id] or {}) do
        local hits = game.roll({ key = "sa.rift_roll", p = pn(p), unit = u.kind, id = u.id, hex = game.system(rs).hex or rs }, 1, 4)
        if hits == 0 then
          for _, c in ipairs(O.rift_cargo(p, u, cargo, start)) do game.move_unit(c.id, { system = rs }) end
          game.move_unit(u.id, { system = rs })
          game.log({ key = "sa.rift_caught", unit = u.kind, id = u.id, system = L.sysname(rs) })
          if #L.other_ships(p, rs) > 0 then battles[rs] = true end
          break
        end
      end
    end
    for _, rs in ipairs(game.keys(battles)) do
      if #L.ships(p, rs) > 0 and #L.enemies_in(p, rs) > 0 then
        game.log({ key = "sa_es.rift_battle_at_once", system = L.sysname(rs) })
        game.step("space_combat", { player = p, active = p, system = rs, defender = L.enemies_in(p, rs)[1] })
      end
      if #L.enemies_in(p, rs) == 0 then L.enforce_limits(p, rs) end
    end
    if #arrived > 0 and #L.enemies_in(p, target) == 0 then L.enforce_limits(p, target) end
  end
end

---------------------------------------------------------------------------
-- Surrender.
function ES.install_surrender()
  local O = L.sa_opt2
  if not (O and O.surrender) then return end
  -- Not instead of passing.
  local base_ao = game.procedure_fn("action_options")
  procedure("action_options", function(p)
    local opts = base_ao(p)
    local out = {}
    for _, o in ipairs(opts) do if o ~= "surrender" then out[#out + 1] = o end end
    return out
  end)
  -- After passing: at the end of the action phase.
  local base_ap = game.procedure_fn("action_phase")
  procedure("action_phase", function(ctx)
    local r = base_ap(ctx)
    if opt("sa_surrender") then
      for _, p in ipairs(L.order_from(L.speaker())) do
        if not O.surrendered(p) and game.choose(p, { key = "sa_es.surrender" }, { "no", "yes" }) == "yes" then
          ES.surrender(p)
        end
      end
    end
    return r
  end)
  -- The capital: the highest-resource planet of his home system.
  local base_capital = O.capital_planet
  O.capital_planet = function(p)
    local home = L.home(p)
    local best, bv
    for _, pl in ipairs(home and game.planets_of(home) or {}) do
      if game.planet_owner(pl) == p then
        local d = L.pdef(pl)
        local v = (d.resources or 0) * 100 + (d.influence or 0)
        if not bv or v > bv then best, bv = pl, v end
      end
    end
    return best or base_capital(p)
  end
  -- Only his leaders leave the board (001 l.284 names leaders and space
  -- docks; 000 also his flagship): a flagship stays with its fleet, which is
  -- auctioned like any other.
  O.surrender_removes_unit = function(p, u) return u.kind:sub(1, 7) == "leader_" end
  -- Only his space docks outside his home system go (001 l.284): one on
  -- another planet of his home system stays, and goes with that planet's
  -- auction.
  O.surrender_removes_dock = function(p, u, capital)
    local home = L.home(p)
    local s = u.planet and game.planet_system(u.planet) or u.system
    return s ~= home
  end
  -- The capital becomes a neutral planet (001 l.285-287: the neutral
  -- planet of the home system); its garrison stays on it as passive defenders
  -- (they keep his colour on the board, and nobody moves them). With no
  -- planet left he is eliminated: his trade agreements end.
  O.surrender_settled = function(p, capital)
    if capital and game.planet_owner(capital) == p then
      game.set_owner(capital, nil)
      game.log({ key = "sa_es.capital_neutral", planet = L.name("planets", capital) })
    end
  end
end

function ES.surrender(p)
  local O = L.sa_opt2
  -- The specials' points go, and one more.
  local lost = 0
  for _, id in ipairs(game.keys(game.data.objectives or {})) do
    local d = game.data.objectives[id]
    if d.kind == "special" then
      local held = game.get("player", p, "scored:" .. id)
      local ctl = game.get("game", nil, "objective_controller:" .. id) == p
      if held or ctl then
        game.put("player", p, "scored:" .. id, nil)
        if ctl then game.put("game", nil, "objective_controller:" .. id, nil) end
        -- (A Voice of the Council elected but not yet claimed in an
        -- objectives step gave no points; under Ascension a claimed one is
        -- marked sa_asc_round:<id>.)
        if held or game.get("player", p, "sa_asc_round:" .. id) then lost = lost + L.objective_points(d) end
        game.log({ key = "sa_es.gives_up", p = pn(p), card = L.name("objectives", id) })
      end
    end
  end
  O.surrender(p)
  local v = game.add(p, "vp", -(lost + 1))
  game.log({ key = "sa_es.loses_vp_surrendering", p = pn(p), n = lost + 1, vp = v })
end

-- The end-of-round part of a surrender takes place right after the planets
-- are refreshed in the status phase (001 l.283: once the planets are
-- readied in the status phase), before the action and political cards
-- are drawn; sa-en (000: "at the end of the round") does it once the status
-- phase is over, and finds nothing left pending then.
local base_ready = game.procedure_fn("ready_cards")
procedure("ready_cards", function(ctx)
  local r = base_ready(ctx)
  local O = L.sa_opt2
  if opt("sa_surrender") and O and O.resolve_surrender then
    for q = 1, game.num_players() do
      if game.get("player", q, "sa_surrender_pending") then
        game.put("player", q, "sa_surrender_pending", nil)
        O.resolve_surrender(q)
      end
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- Setup.
game.when_loaded(function()
  ES.install_rifts()
  ES.install_surrender()
end)
