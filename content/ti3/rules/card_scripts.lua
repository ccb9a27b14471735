-- Card scripts built here: some card scripts (effects/<kind>/<card>.lua)
-- return game.lib.card_scripts.<card>(), the handler table made here, so
-- that a variant whose card differs in a step builds the same table with its
-- own step (the options each builder takes) instead of copying the script.
-- What each card does is described in its script.
local L = game.lib
local C = {}
L.card_scripts = C

local controls = L.controls_planet_in

---------------------------------------------------------------------------
-- Warfare II. Options (all optional):
--   reinforce_to(q, t)  whether a Reinforce ship of q may move into system t
--                       (default: q controls a planet there);
--   cargo(q, origin)    the units a Reinforce ship may take along from the
--                       system it leaves (default: q's units in its space
--                       area); only transported ones are offered;
--   ground              High Alert's +1 counts in invasion combat on the
--                       planets of its system too (default: space battles);
--   played(p, def, ctx) the card's `played` handler (default: none).
local HIGH_ALERT = "high_alert"
local HIGH_ALERT_KEY = "high_alert_units"

local function high_alert_system(p)
  for s = 1, game.num_systems() do
    if game.has_token(s, HIGH_ALERT, p) then return s end
  end
end

local function space_cargo(q, origin)
  return game.units { system = origin, owner = q, space = true }
end

-- Whether q's ships may end a move in system t (the movement rules of the
-- anomalies: never in a supernova, nor in an asteroid field).
local function may_stop(q, t)
  for _, b in ipairs(L.move_rules(q, t).blocked) do if b == t then return false end end
  return true
end

function C.warfare_ii(o)
  o = o or {}
  local reinforce_to = o.reinforce_to or controls
  local cargo = o.cargo or space_cargo
  return {
    primary = function(p)
      local seen, opts = {}, {}
      for _, u in ipairs(game.units { owner = p, space = true }) do
        if u.system and not seen[u.system] and L.on_board(u.system) and L.def(p, u.kind).class == "ship" then
          seen[u.system] = true
          opts[#opts + 1] = u.system
        end
      end
      table.sort(opts)
      if #opts == 0 then return end
      local hexes = {}
      for _, s in ipairs(opts) do hexes[#hexes + 1] = game.system(s).hex end
      local s = game.system_at(game.choose(p, { key = "ti3.high_alert_place" }, hexes))
      game.clear_tokens(HIGH_ALERT)
      game.place_token(s, HIGH_ALERT, p)
      game.log({ key = "ti3.high_alert_puts", p = L.pn(p), system = L.sysname(s) })
    end,

    played = o.played,

    secondary = function(q)
      -- Up to two ships move, each of them once: a ship Reinforce has
      -- moved is not offered for the second move.
      local moved = {}
      for _ = 1, 2 do
        local opts = { "none" }
        for _, u in ipairs(game.units { owner = q, space = true }) do
          local d = L.def(q, u.kind)
          if u.carried == nil and not moved[u.id] and d.class == "ship" and (d.move or 0) > 0 and not game.has_token(u.system, "command", q) then
            for _, t in ipairs(game.adjacent(u.system, "move")) do
              -- (A system off the board, one a galaxy option left out, is no
              -- destination; nor is one no ship may stop in.)
              if L.on_board(t) and reinforce_to(q, t) and may_stop(q, t) then opts[#opts + 1] = u.kind .. "#" .. u.id .. "->" .. game.system(t).hex end
            end
          end
        end
        if #opts == 1 then return end
        local pick = game.choose(q, { key = "ti3.reinforce_move_ship" }, opts)
        if pick == "none" then return end
        local kind, id, hex = pick:match("^([%w_]+)#(%d+)%->(.+)$")
        id = tonumber(id)
        local origin
        for _, u in ipairs(game.units { owner = q, space = true }) do if u.id == id then origin = u.system end end
        local to = game.system_at(hex)
        game.move_unit(id, { system = to })
        moved[id] = true
        game.log({ key = "ti3.reinforce_moves", p = L.pn(q), unit = kind .. "#" .. id, id = id, from = L.sysname(origin), to = L.sysname(to) })
        local room = L.def(q, kind).capacity or 0
        for _, u in ipairs(cargo(q, origin)) do
          if room <= 0 then break end
          if u.id ~= id and L.def(q, u.kind).transported and game.confirm(q, { key = "ti3.take_along", unit = u.kind .. "#" .. u.id, id = u.id }) then
            game.move_unit(u.id, { system = to })
            room = room - 1
          end
        end
        L.enforce_limits(q, origin)
        L.enforce_limits(q, to)
      end
    end,

    ["before:movement"] = function(ctx)
      local p = ctx.player
      local s = p and high_alert_system(p)
      if not s or s == ctx.system then return end
      local ids = {}
      for _, u in ipairs(L.ships(p, s)) do
        game.put("unit", u.id, "move_bonus", (game.get("unit", u.id, "move_bonus") or 0) + 1)
        ids[#ids + 1] = u.id
      end
      game.put("game", nil, HIGH_ALERT_KEY, { from = s, ids = ids })
    end,

    ["after:movement"] = function(ctx)
      local t = game.get("game", nil, HIGH_ALERT_KEY)
      if not t then return end
      game.put("game", nil, HIGH_ALERT_KEY, nil)
      local p = ctx.player
      local moved = false
      for _, id in ipairs(t.ids) do
        if game.unit_exists(id) then
          local b = (game.get("unit", id, "move_bonus") or 0) - 1
          game.put("unit", id, "move_bonus", b ~= 0 and b or nil)
          for _, u in ipairs(L.ships(p, ctx.system)) do if u.id == id then moved = true end end
        end
      end
      if moved and game.choose(p, { key = "ti3.high_alert_move_with_ships" }, { "no", "yes" }) == "yes" then
        game.remove_token(t.from, HIGH_ALERT, p)
        game.place_token(ctx.system, HIGH_ALERT, p)
        game.log({ key = "ti3.high_alert_moves", p = L.pn(p), system = L.sysname(ctx.system) })
      end
    end,

    combat_round_start = function(ctx)
      if not ctx.mods or (ctx.ground and not o.ground) then return end
      local s = ctx.system or (o.ground and ctx.planet and game.planet_system(ctx.planet))
      if not s then return end
      for _, q in ipairs({ ctx.attacker, ctx.defender }) do
        if q and ctx.mods[q] and game.has_token(s, HIGH_ALERT, q) then
          ctx.mods[q].all = (ctx.mods[q].all or 0) + 1
        end
      end
    end,

    ["before:status_phase"] = function()
      if game.clear_tokens(HIGH_ALERT) > 0 then game.log({ key = "ti3.high_alert_removed" }) end
    end,
  }
end

---------------------------------------------------------------------------
-- Diplomacy II. Options (all optional):
--   annex_systems(p)    the systems whose empty planets p may claim with
--                       Peaceful Annexation (default: the systems adjacent
--                       to a system holding a planet p controls);
--   after_primary(p)    run when the primary ability has been resolved.
-- An empty planet: no units and nobody's control.

local function controlled_systems(p)
  local set = {}
  for _, pl in ipairs(game.planets_owned(p)) do set[game.planet_system(pl)] = true end
  return game.keys(set)
end

local function next_to_controlled(p)
  local out = {}
  for _, s in ipairs(controlled_systems(p)) do
    for _, t in ipairs(game.adjacent(s, "move")) do out[#out + 1] = t end
  end
  return out
end

function C.diplomacy_ii(o)
  o = o or {}
  local annex_systems = o.annex_systems or next_to_controlled

  local function annex_targets(p)
    local out, seen = {}, {}
    for _, t in ipairs(annex_systems(p)) do
      for _, pl in ipairs(game.planets_of(t)) do
        if not seen[pl] and game.planet_owner(pl) == nil and game.count_units { planet = pl } == 0 then
          seen[pl] = true
          out[#out + 1] = pl
        end
      end
    end
    table.sort(out)
    return out
  end

  local function annex(p, pay)
    local opts = annex_targets(p)
    if #opts == 0 or (pay and L.spendable(p, "influence") < 3) then return end
    local pl = game.choose(p, { key = "ti3.claim_planet_annexation" }, opts)
    if pay then L.pay(p, 3, "influence") end
    L.take_control(p, pl, true)
  end

  local function primary(p)
    local opts = {}
    if #controlled_systems(p) > 0 then opts[#opts + 1] = "demilitarized zone" end
    if #annex_targets(p) > 0 then opts[#opts + 1] = "peaceful annexation" end
    if #opts == 0 then return end
    if game.choose(p, { key = "ti3.diplomacy_ii_primary" }, opts) == "peaceful annexation" then
      annex(p, false)
      return
    end
    local hexes = {}
    for _, s in ipairs(controlled_systems(p)) do hexes[#hexes + 1] = game.system(s).hex end
    local s = game.system_at(game.choose(p, { key = "ti3.dmz_in" }, hexes))
    game.log({ key = "ti3.declares_dmz", p = L.pn(p), system = L.sysname(s) })
    for _, q in ipairs(L.order_from(p)) do
      if q ~= p and L.reinforcements(q) > 0 and not game.has_token(s, "command", q) then
        game.place_token(s, "command", q)
        game.log({ key = "ti3.places_own_command_counter", p = L.pn(q), system = L.sysname(s) })
      end
    end
  end

  return {
    primary = function(p)
      primary(p)
      if o.after_primary then o.after_primary(p) end
    end,
    secondary = function(q) annex(q, true) end,
    can_secondary = function(q) return #annex_targets(q) > 0 and L.spendable(q, "influence") >= 3 end,
  }
end

---------------------------------------------------------------------------
-- Bureaucracy. Option:
--   reveal(p)  the primary's objective step (default: the top two cards of
--              the objective deck are drawn, the holder reveals one and puts
--              the other back on top).

local function reveal_one_of_two(p)
  local peek = "peek:bureaucracy"
  local drawn = game.draw("deck:public", peek, 2)
  if #drawn == 0 then return end
  local pick = drawn[1]
  if #drawn > 1 then
    local names = {}
    for _, c in ipairs(drawn) do names[#names + 1] = c end
    pick = game.choose(p, { key = "ti3.objective_to_reveal" }, names)
  end
  for _, c in ipairs(drawn) do
    if c ~= pick then game.move_card(c, peek, "deck:public") end
  end
  game.move_card(pick, peek, "deck:public")
  L.reveal_objective()
end

-- hook: whether Bureaucracy's primary gives its holder p a command counter (default: p has one in reinforcements).
function L.bureaucracy_gives_counter(p) return L.reinforcements(p) > 0 end

function C.bureaucracy(o)
  o = o or {}
  local reveal = o.reveal or reveal_one_of_two
  return {
    ["before:strategy_phase"] = function()
      game.put("game", nil, "bureaucracy_bonus", game.get("game", nil, "sc_bonus:bureaucracy") or 0)
    end,

    chosen = function(p)
      local n = game.get("game", nil, "bureaucracy_bonus") or 0
      game.put("game", nil, "bureaucracy_bonus", 0)
      for _ = 1, n do L.reveal_objective() end
    end,

    primary = function(p)
      if L.bureaucracy_gives_counter(p) then
        local pool = game.choose(p, { key = "ti3.place_command_counter" }, L.POOLS)
        game.add(p, pool, 1)
        game.log({ key = "ti3.gains_command_counter", p = L.pn(p), pool = pool })
      end
      reveal(p)
      local opts = { "none" }
      for _, c in ipairs(game.zone("public")) do
        if not game.get("player", p, "scored:" .. c) and L.can_score(p, c) then opts[#opts + 1] = c end
      end
      local c = game.choose(p, { key = "ti3.claim_public_objective" }, opts)
      if c ~= "none" then L.score(p, c) end
    end,

    secondary = function(q)
      L.draw("deck:politics", "discard:politics", "politics:" .. q, 1)
      L.draw("deck:actions", "discard:actions", "actions:" .. q, 1)
      if L.enforce_action_limit then L.enforce_action_limit(q) end
    end,
  }
end

---------------------------------------------------------------------------
-- Local Unrest (action card). Options (all optional):
--   home                planets in home systems may be chosen too;
--   pick(p, prompt, planets)  how the player picks the planet (nil: none
--                       picked, the card does nothing; default: a choice);
--   aftermath(p, q, pl) what happens to q's planet pl once its ground force
--                       is gone (default: with no ground force left, q's
--                       units there are destroyed and it becomes neutral).

local function is_home_system(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end

local function unrest_destroy(u, p)
  L.destroy_unit(u, { source = p, label = "local unrest", system = u.system },
    { key = "ti3.unit_destroyed", p = L.pn(u.owner), unit = u.kind .. "#" .. u.id, id = u.id })
end

local function unrest_aftermath(p, q, pl)
  if #L.ground(q, pl) == 0 then
    for _, u in ipairs(game.units { planet = pl, owner = q }) do unrest_destroy(u, p) end
    game.set_owner(pl, nil)
    game.log({ key = "ti3.becomes_neutral", planet = L.name("planets", pl) })
  end
end

local function choose_planet(p, prompt, planets) return game.choose(p, prompt, planets) end

function C.local_unrest(o)
  o = o or {}
  local pick = o.pick or choose_planet
  local aftermath = o.aftermath or unrest_aftermath
  local function targets()
    local out = {}
    for s = 1, game.num_systems() do
      if o.home or not is_home_system(s) then
        for _, pl in ipairs(game.planets_of(s)) do
          local q = game.planet_owner(pl)
          if q and not (L.flag(q, "local_unrest_immunity") > 0 and #L.ground(q, pl) > 0) then out[#out + 1] = pl end
        end
      end
    end
    table.sort(out)
    return out
  end
  return {
    usable = function(p) return #targets() > 0 end,
    component = function(p)
      local list = targets()
      if #list == 0 then return end
      local pl = pick(p, { key = "ti3.planet_in_unrest" }, list)
      if not pl then return end
      local q = game.planet_owner(pl)
      game.exhaust(pl, true)
      game.log({ key = "ti3.exhausts", p = L.pn(p), planet = L.name("planets", pl) })
      local g = L.ground(q, pl)
      if #g > 0 then
        local opts, by = {}, {}
        for _, u in ipairs(g) do
          if not by[u.kind] then by[u.kind] = u; opts[#opts + 1] = u.kind end
        end
        unrest_destroy(by[game.choose(p, { key = "ti3.ground_force_to_destroy" }, opts)], p)
      end
      aftermath(p, q, pl)
    end,
  }
end

---------------------------------------------------------------------------
-- Trade II. Options (all optional):
--   title               the card's name in its prompt and log (default
--                       "Trade II");
--   cancel(list, i, label)  cancels agreement list[i] of the game's list,
--                       offered as `label` (default: taken off the list);
--   collect(p)          the trade income step after the choice (default:
--                       every player collects from his agreements, all but
--                       the holder p one trade good less).

local function agreements() return game.get("game", nil, "agreements") or {} end

local function cancellable()
  local out = {}
  for i, a in ipairs(agreements()) do
    if not (L.unbreakable and L.unbreakable(a)) then out[#out + 1] = i end
  end
  return out
end

local function cancel_agreement(list, i, label)
  table.remove(list, i)
  game.put("game", nil, "agreements", list)
  game.log({ key = "ti3.trade_agreement_cancelled", agreement = label })
end

local function collect_less_one(p)
  for _, q in ipairs(L.order_from(p)) do
    local n = L.trade_income(q)
    if q ~= p then n = n - 1 end
    if n > 0 then L.gain_tg(q, n, "trade agreements") end
  end
end

-- hook: the options of Trade's primary (the card named `title`) offered to p (default: opts).
function L.trade_choices(p, title, opts) return opts end

function C.trade_ii(o)
  o = o or {}
  local title = o.title or "Trade II"
  local cancel = o.cancel or cancel_agreement
  local collect = o.collect or collect_less_one
  return {
    primary = function(p)
      local opts = { "gain 3 trade goods" }
      if #cancellable() > 0 then opts[#opts + 1] = "cancel agreements" end
      if game.choose(p, { key = "ti3.trade_primary", card = title }, L.trade_choices(p, title, opts)) == "gain 3 trade goods" then
        L.gain_tg(p, 3, title)
      else
        for _ = 1, 2 do
          local list = agreements()
          local opts2 = { "done" }
          for _, i in ipairs(cancellable()) do opts2[#opts2 + 1] = L.pn(list[i].a) .. "-" .. L.pn(list[i].b) end
          if #opts2 == 1 then break end
          local pick = game.choose(p, { key = "ti3.cancel_trade_agreement" }, opts2)
          if pick == "done" then break end
          for k, i in ipairs(cancellable()) do
            if opts2[k + 1] == pick then
              cancel(list, i, pick)
              break
            end
          end
        end
      end
      collect(p)
      L.negotiate(p)
    end,
  }
end

---------------------------------------------------------------------------
-- Assembly (no options; a variant replaces the primary of the table).

local function assembly_limit(p)
  if L.enforce_action_limit then L.enforce_action_limit(p) end
end

local function play_political(q)
  local hand, seen = {}, {}
  for _, c in ipairs(game.zone("politics:" .. q)) do
    if not seen[c] then seen[c] = true; hand[#hand + 1] = c end
  end
  if #hand == 0 then
    game.log({ key = "ti3.no_political_card_to_play", p = L.pn(q) })
    return
  end
  table.sort(hand)
  local c = game.choose(q, { key = "ti3.play_political_card" }, hand)
  game.log({ key = "ti3.plays_political_card", p = L.pn(q), card = L.name("political_cards", c) })
  game.move_card(c, "politics:" .. q, "deck:politics")
  L.political_vote()
end

local function assembly_others(p)
  local out = {}
  for q = 1, game.num_players() do if q ~= p then out[#out + 1] = L.pn(q) end end
  return out
end

-- hook: the options of Assembly's primary offered to p (default: opts).
function L.assembly_choices(p, opts) return opts end
-- hook: p chose `pick` with Assembly's primary (default: nothing more).
function L.assembly_chosen(p, pick) end
-- hook: the players (as "pN") p may make speaker with Assembly's primary (default: opts).
function L.new_speaker_choices(p, opts) return opts end

function C.assembly()
  return {
    primary = function(p)
      L.draw("deck:politics", "discard:politics", "politics:" .. p, 1)
      L.draw("deck:actions", "discard:actions", "actions:" .. p, 2)
      assembly_limit(p)
      local opts = {}
      if L.speaker() ~= p then opts[#opts + 1] = "take the speaker token" end
      opts[#opts + 1] = "give the speaker token"
      local pick = game.choose(p, { key = "ti3.assembly_primary" }, L.assembly_choices(p, opts))
      L.assembly_chosen(p, pick)
      local others = assembly_others(p)
      if pick ~= "take the speaker token" then others = L.new_speaker_choices(p, others) end
      local q = tonumber(game.choose(p, { key = pick == "take the speaker token" and "ti3.who_plays_political_card" or "ti3.new_speaker" }, others):sub(2))
      if pick == "take the speaker token" then
        game.put("game", nil, "speaker", p)
        game.log({ key = "ti3.is_speaker", p = L.pn(p) })
        play_political(q)
      else
        game.put("game", nil, "speaker", q)
        game.log({ key = "ti3.is_speaker", p = L.pn(q) })
        play_political(p)
      end
    end,
    secondary = function(q)
      local left = 6
      while true do
        local opts = { "done" }
        local planets = game.planets_owned(q)
        table.sort(planets)
        for _, pl in ipairs(planets) do
          local d = L.pdef(pl)
          if game.exhausted(pl) and (d.resources or 0) + (d.influence or 0) <= left then opts[#opts + 1] = pl end
        end
        if #opts == 1 then return end
        local pl = game.choose(q, { key = "ti3.ready_planet_left", n = left }, opts)
        if pl == "done" then return end
        local d = L.pdef(pl)
        left = left - (d.resources or 0) - (d.influence or 0)
        game.exhaust(pl, false)
        game.log({ key = "ti3.readies", p = L.pn(q), planet = L.name("planets", pl) })
      end
    end,
  }
end

---------------------------------------------------------------------------
-- Mentak's Pillage (race ability): p takes one trade good from each of up
-- to two other players holding three or more (a step a variant may run at
-- another time: C.pillage(p, def)).

-- hook: p has picked q to take a trade good from with Pillage (def), before it is taken (default: nothing more).
function L.pillage_picked(p, q, def) end

-- hook: whether Pillage may take from player q (p: the Mentak player); default: any other player.
function L.may_pillage(p, q) return q ~= p end

function C.pillage(p, def)
  local taken = {}
  for _ = 1, 2 do
    local opts = { "none" }
    for q = 1, game.num_players() do
      if L.may_pillage(p, q) and not taken[q] and game.counter(q, "tg") >= 3 then opts[#opts + 1] = L.pn(q) end
    end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti3.pillage_take_from", ability = L.name("race_abilities", def.id) }, opts)
    if pick == "none" then return end
    local q = tonumber(pick:sub(2))
    L.pillage_picked(p, q, def)
    taken[q] = true
    game.add(q, "tg", -1)
    game.add(p, "tg", 1)
    game.log({ key = "ti3.takes_tg_from", p = L.pn(p), q = L.pn(q), ability = L.name("race_abilities", def.id) })
  end
end
