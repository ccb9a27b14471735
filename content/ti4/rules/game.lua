-- Setup, the round and the end of the game.
local L = game.lib

function L.goal() return game.options.long_war and 14 or 10 end

-- A space dock's capacity holds fighters only, not ground forces (space dock card).
function L.dock_holds_fighters_only(p, s) return true end

--- p's units of `kind` on the board that may go back to reinforcements so that one more can be placed or produced when none is left there (LRR 23.4a, 67.5a): those in a system without one of p's command tokens, by id.
function L.reclaimable_units(p, kind)
  local out = {}
  for _, u in ipairs(game.units { owner = p, kind = kind }) do
    if u.system and not game.has_token(u.system, "command", p) then out[#out + 1] = u end
  end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

-- Producing a unit none of which is left in reinforcements (LRR 67.5a): one
-- of the player's units of that kind in a system without one of their
-- command tokens may go back to reinforcements to be produced at once.
function L.production_reclaimable(ctx, kind, st)
  return L.reclaimable_units(ctx.player, kind)
end

--- Whether none of p's units of `kind` is left in reinforcements (its limit, L.unit_limit, is reached); fighters and infantry never run out (tokens stand in, LRR 23.4b).
function L.unit_at_limit(p, kind)
  local d = L.def(p, kind)
  if not d or d.type == "fighter" or d.type == "infantry" then return false end
  local lim = L.unit_limit(p, kind, d)
  return lim ~= nil and game.count_units { owner = p, kind = kind } >= lim
end

--- Whether p can place a unit of `kind` by an effect: one is left in reinforcements, or one of theirs may come back from the board first (LRR 23.4a, L.reclaimable_units).
function L.can_place_unit(p, kind)
  return not L.unit_at_limit(p, kind) or #L.reclaimable_units(p, kind) > 0
end

--- p places a unit of `kind` at `where` (as game.spawn takes it) by an effect other than production, from reinforcements. With none left there, p may first send one of theirs back from a system without their command token (LRR 23.4a; p may decline, no effect forces it), and its system's capacity is checked. Returns the new unit's id, or nil when none was placed.
function L.place_unit(p, kind, where)
  if L.unit_at_limit(p, kind) then
    local opts = { "none" }
    for _, u in ipairs(L.reclaimable_units(p, kind)) do opts[#opts + 1] = u.kind .. "#" .. u.id end
    local r = #opts > 1 and game.choose(p, { key = "ti4.reclaim_to_place", unit = kind }, opts) or "none"
    if r == "none" then return nil end
    L.reclaim_unit(p, r)
  end
  return game.spawn(kind, p, where)
end

-- Landing on the custodians' planet first costs 6 influence and gives 1 VP
-- (LRR 27); without the influence nobody lands there.
procedure("before_landing", function(ctx)
  local pd = L.pdef(ctx.planet)
  if not (pd.custodians and game.get("game", nil, "custodians")) then return ctx.count end
  if L.spendable(ctx.player, "influence") >= 6 and L.pay(ctx.player, 6, "influence") then
    game.put("game", nil, "custodians", false)
    game.log({ key = "ti4.removes_custodians", p = L.pn(ctx.player) })
    L.gain_vp(ctx.player, 1, "custodians token")
    return ctx.count
  end
  return 0
end)

-- A player's faction: home planets, starting units and techs, tokens.
procedure("setup_player", function(p)
  local fac = L.faction(p)
  local home = L.home(p)
  for _, pl in ipairs(game.planets_of(home)) do
    game.set_owner(pl, p)
  end
  L.place_starting_units(p, fac.starting_units, home)
  for _, t in ipairs(fac.starting_techs or {}) do game.grant(p, "techs", t) end
  for _, a in ipairs(fac.abilities or {}) do game.grant(p, "abilities", a) end
  game.grant(p, "factions", game.get("player", p, "faction"))
  game.set(p, "tactic", 3)
  game.set(p, "fleet", 3)
  game.set(p, "strategy", 2)
  game.set(p, "tg", 0)
  game.set(p, "commodities", 0)
  game.set(p, "vp", 0)
  game.zone_new("actions:" .. p, p)
  game.zone_new("secrets:" .. p, p)
  game.zone_new("scored:" .. p, nil)
  L.reset_cache()
end)

procedure("setup_decks", function()
  L.deck("deck:actions", "action_cards")
  game.zone_new("discard:actions")
  L.deck("deck:agendas", "agendas")
  game.zone_new("discard:agendas")
  L.deck("deck:secrets", "secret_objectives")
  L.deck("deck:stage1", "public_objectives", function(d) return d.stage == 1 end)
  L.deck("deck:stage2", "public_objectives", function(d) return d.stage == 2 end)
  -- 5 of each stage, stage I on top (LRR 61.9).
  local s1 = game.draw("deck:stage1", "tmp:s1", 5)
  local s2 = game.draw("deck:stage2", "tmp:s2", 5)
  game.zone_new("deck:public")
  for _, c in ipairs(s2) do game.move_card(c, "tmp:s2", "deck:public") end
  for _, c in ipairs(s1) do game.move_card(c, "tmp:s1", "deck:public") end
  game.zone_new("public")
  game.zone_new("laws")
  for _, id in ipairs(game.keys(game.data.strategy_cards)) do game.put("game", nil, "sc_tg:" .. id, 0) end
end)

-- Reveals the next public objective.
function L.reveal_objective()
  local c = game.draw("deck:public", "public", 1)[1]
  if c then
    game.log({ key = "ti4.objective_revealed", objective = L.name("public_objectives", c), id = c })
    game.grant("game", "public_objectives", c)
  end
  return c
end

--- hook: set-up once the speaker is known: after the galaxy, the players' set-up and the decks, before the secret objectives (n: the number of players; args: the set-up's). Default: nothing (a galactic event that has the players place systems in speaker order fills it).
function L.setup_speaker_known(n, args) end

--- hook: the factions that may be dealt at set-up, sorted (default: every faction; one that never starts the game is left out by its pack).
function L.setup_factions() return game.keys(game.data.factions) end

--- hook: the map set-up builds for n players when the game names none (default: `standard_<n>p`; a pack whose galaxy differs at some player count, or that offers a premade map as an option, returns its own).
function L.setup_map(n) return "standard_" .. n .. "p" end

procedure("setup", function(args)
  local n = args.players or 6
  if n < 3 or n > 6 then error("ti4 plays with 3 to 6 players, not " .. tostring(n)) end
  -- Factions: given, or dealt at random.
  L.seat_players(n, "factions", L.setup_factions(), args.factions, "faction")
  game.call("build_galaxy", { map = args.map or L.setup_map(n) })
  for p = 1, n do game.call("setup_player", p) end
  game.call("setup_decks")
  local speaker = args.speaker or game.random(n)
  game.put("game", nil, "speaker", speaker)
  game.log({ key = "ti4.is_speaker", p = L.pn(speaker) })
  L.setup_speaker_known(n, args)
  -- Custodians token on the planet of the centre system.
  game.put("game", nil, "custodians", true)
  if not args.no_objectives then
    -- Secret objectives: draw 2, keep 1.
    -- Everyone draws two before anyone returns one (so no one draws a
    -- card another player just put back), then the returned ones are
    -- shuffled into the deck.
    local drawn = {}
    for p = 1, n do drawn[p] = L.draw("deck:secrets", nil, "secrets:" .. p, 2) end
    for p = 1, n do
      local two = drawn[p]
      if #two == 2 then
        local keep = game.choose(p, { key = "ti4.keep_secret" }, two)
        for _, c in ipairs(two) do
          if c ~= keep then game.move_card(c, "secrets:" .. p, "deck:secrets") end
        end
      end
    end
    game.shuffle("deck:secrets")
    L.reveal_objective()
    L.reveal_objective()
  end
end)

-- Entry: a whole game.
procedure("game", function(args)
  game.call("setup", args)
  local ok, err = pcall(function()
    for round = 1, 10 do
      game.put("game", nil, "round", round)
      game.log({ key = "ti4.round", n = round })
      game.step("strategy_phase", { round = round })
      game.step("action_phase", { round = round })
      game.step("status_phase", { round = round })
      if not game.get("game", nil, "custodians") then
        game.step("agenda_phase", { round = round })
      end
    end
  end)
  if not ok and not (type(err) == "table" and err.game_over) then error(err, 0) end
  return game.call("end_game")
end)

-- The end of the game and the scenario entry are ti-common's. At the end of
-- round 10 the most VP win; ties go to the earliest in initiative order (LRR
-- 98.8), or, when nobody holds a strategy card (they are returned in the
-- status phase), to the player nearest the speaker clockwise, the speaker
-- included (LRR 98.7).
function L.final_ranking()
  local held = false
  for _, id in ipairs(game.keys(game.data.strategy_cards or {})) do
    if game.get("game", nil, "sc_owner:" .. id) then held = true end
  end
  local order = (held and L.initiative_order) and L.initiative_order() or L.order_from(L.speaker())
  local best, winner = -1, nil
  for _, p in ipairs(order) do
    local v = game.counter(p, "vp")
    if v > best then best, winner = v, p end
  end
  return { winner }
end
function L.final_how(round)
  -- (The game stops in the status phase when the speaker has no public
  -- objective left to reveal, LRR 61.14: that round never ends.)
  if game.get("game", nil, "objectives_ran_out") then return "has the most vp when no public objective is left to reveal" end
  return "has the most vp at the end of round " .. round
end
