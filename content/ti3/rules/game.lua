-- TI3 setup, the round, and the end of the game.
local L = game.lib

-- Races play the part factions play in the shared procedures.
function L.faction(p)
  local r = game.get("player", p, "faction")
  return r and game.data.races[r]
end

-- The victory points that win: 10, or 14 in the long game (The Long War),
-- each one fewer with Shattered Empire's strategy cards (L.strategy_set_goal_change).
function L.goal() return (game.options.long_game and 14 or 10) - L.strategy_set_goal_change() end

-- hook: how many victory points fewer the game is played to because of the strategy card set in use; default: 1 with Shattered Empire's strategy cards (option se_strategy_cards: 9 points, 13 in the long game), 0 with the base set. A variant that sets its own goal overrides this at load time.
-- (UNCERTAIN: the SE rulebook is not in the public sources. The TI3 fandom
-- wiki's "Objectives (Third Edition)" page gives 9 points, 13 in the long
-- game, with the Bureaucracy card, and an FFG forum post on playing all 16
-- cards keeps the SE option's set-up rules "except play is still to 10".)
function L.strategy_set_goal_change() return game.options.se_strategy_cards and 1 or 0 end

-- Command counters: command pool (tactic), fleet supply (fleet), strategy
-- allocation (strategy). Each player has 16 (from the published TI3 rules as
-- we recall them; not in the public sources).
L.COMMAND_TOKENS = 16

procedure("setup_player", function(p)
  local race = L.faction(p)
  local home = L.home(p)
  for _, pl in ipairs(game.planets_of(home)) do game.set_owner(pl, p) end
  L.place_starting_units(p, race.starting_units, home)
  for _, t in ipairs(race.starting_techs or {}) do game.grant(p, "techs", t) end
  game.grant(p, "races", game.get("player", p, "faction"))
  -- Starting command counters: 3 in the command pool, 3 in fleet supply, 2 in
  -- strategy allocation (published TI3 setup as we recall it).
  game.set(p, "tactic", 3)
  game.set(p, "fleet", 3)
  game.set(p, "strategy", 2)
  game.set(p, "tg", 0)
  game.set(p, "vp", 0)
  -- Both trade contracts start in the owner's hand.
  game.zone_new("contracts:" .. p, p, {})
  for i, v in ipairs(race.trade_agreements or {}) do
    game.put("player", p, "contract" .. i, v)
  end
  game.zone_new("actions:" .. p, p)
  game.zone_new("politics:" .. p, p)
  game.zone_new("secrets:" .. p, p)
  game.zone_new("scored:" .. p, nil)
  L.reset_cache()
end)

-- hook: whether the card d (an entry of a card collection) stays out of its deck in this game; default: when its `out_with_players` lists the number of players (Flawless Strategy with 4 or 8 players: it is discarded as drawn and another card drawn, which is the same as never dealing it).
function L.card_left_out(d)
  for _, n in ipairs(d.out_with_players or {}) do
    if n == game.num_players() then return true end
  end
  return false
end

-- Takes the cards of collection coll that stay out of this game (L.card_left_out)
-- from the shuffled deck zone into the zone "out:<coll>". Done after the shuffle,
-- so the other cards keep their order.
function L.leave_out_of_deck(deck, coll)
  local out = {}
  for _, c in ipairs(game.zone(deck)) do
    if L.card_left_out(game.data[coll][c]) then out[#out + 1] = c end
  end
  if #out == 0 then return end
  game.zone_new("out:" .. coll)
  for _, c in ipairs(out) do game.move_card(c, deck, "out:" .. coll) end
end

procedure("setup_decks", function()
  -- Only cards whose effects are scripted go into the decks.
  local function ready(d) return d.script ~= nil and d.expansion ~= "shards_of_the_throne" and not d.replaced_by end
  L.deck("deck:actions", "action_cards", ready)
  L.leave_out_of_deck("deck:actions", "action_cards")
  game.zone_new("discard:actions")
  L.deck("deck:politics", "political_cards", ready)
  game.zone_new("discard:politics")
  L.deck("deck:secrets", "objectives", function(d) return d.kind == "secret" and ready(d) end)
  -- The objective deck (TI3 setup): Imperium Rex is shuffled with 3 random
  -- stage II cards, and 6 random stage I cards go on top of those 4, so the
  -- game can end after the 7th to 10th objective is revealed (other counts
  -- in the long game and with SE's strategy cards: L.objective_deck_size). (Source: the
  -- step-by-step setup of a published 3-player TI3 walkthrough,
  -- preeminent.org/steve/games/ti3/ti3demo, "Create Public and Secret
  -- Objectives"; it matches our memory of the rulebook. The public sources
  -- do not give it.)
  -- The stage I and stage II cards come from one set only, the base game's or
  -- Shattered Empire's (L.public_objective_in_deck).
  L.deck("tmp:stage1", "objectives", function(d) return d.kind == "stage1" and ready(d) and L.public_objective_in_deck(d) end)
  -- Cards that win the game outright (Domination! and the like) are stage II
  -- cards too; only Imperium Rex is placed separately.
  L.deck("tmp:stage2", "objectives", function(d) return d.kind == "stage2" and d.ends_game ~= "most_points" and ready(d) and L.public_objective_in_deck(d) end)
  L.build_objective_deck()
  -- The game holds the face-down objectives so that objectives counting
  -- events during a round (e.g. "invade a planet this round") can listen.
  for _, c in ipairs(game.zone("deck:public")) do game.grant("game", "objectives", c) end
  game.zone_new("public")
  game.zone_new("laws")
  for _, id in ipairs(game.keys(game.data.strategy_cards)) do game.put("game", nil, "sc_bonus:" .. id, 0) end
end)

-- hook: whether public objective d (a stage I or stage II card) may go into the objective deck; default: the base game's cards, or Shattered Empire's with option se_objectives (the two sets are alternative decks: SE reprints Imperium Rex for its own). A variant that mixes them overrides this.
-- (The TI3 fandom wiki's "Objectives (Third Edition)" page builds the deck
-- from the base set or from the SE set; SE's own Imperium Rex card; the TACS
-- game's house rule 1 mixes the two sets, so mixing is not the rule.)
function L.public_objective_in_deck(d)
  return d.expansion == (game.options.se_objectives and "shattered_empire" or "base")
end

-- hook: how many stage I and how many stage II cards (Imperium Rex not counted) go into the public objective deck; default: 6 and 3, 8 and 5 in the long game, one stage II card more with Shattered Empire's strategy cards.
-- (The long game's 8 and 5 and SE's extra stage II card: the TI3 fandom
-- wiki's "Objectives (Third Edition)" page and our memory of the rulebooks;
-- UNCERTAIN: the rulebooks are not in the public sources, and none of them
-- says how many stage II cards the long game takes with SE's cards: 6 here,
-- both changes together.)
function L.objective_deck_size()
  local stage1, stage2 = 6, 3
  if game.options.long_game then stage1, stage2 = 8, 5 end
  if game.options.se_strategy_cards then stage2 = stage2 + 1 end
  return stage1, stage2
end

-- Builds "deck:public" from the shuffled zones "tmp:stage1" and
-- "tmp:stage2" (see setup_decks).
function L.build_objective_deck()
  local stage1, stage2 = L.objective_deck_size()
  game.zone_new("deck:public", nil, { "imperium_rex" })
  game.draw("tmp:stage2", "deck:public", stage2)
  game.shuffle("deck:public")
  game.draw("tmp:stage1", "deck:public", stage1)
end

-- hook: whether the top card of the public objective deck is turned face up at set-up; default: only with Shattered Empire's strategy cards (with the base set the Imperial card reveals every public objective, the first one included).
-- (The TI3 fandom wiki's "Objectives (Third Edition)" page: the top card is
-- revealed before the game starts when SE's strategy cards are used; a
-- published account of base-game play notes that the game starts with no
-- objective face up and each Imperial primary reveals the next one.
-- UNCERTAIN: the rulebooks are not in the public sources.)
function L.objective_revealed_at_setup() return game.options.se_strategy_cards and true or false end

-- Each player is dealt one secret objective; with Shattered Empire's
-- strategy cards the first public objective is turned face up
-- (L.objective_revealed_at_setup). The top of a full objective deck is a
-- stage I card; while fewer stage I cards have scripts than the deck
-- needs, a game must not start by revealing Imperium Rex, so only a
-- stage I card is revealed here.
procedure("deal_objectives", function()
  for p = 1, game.num_players() do L.draw("deck:secrets", nil, "secrets:" .. p, 1) end
  -- Age of Empire: every public objective of the deck is face up from the
  -- start; Imperium Rex is set aside, so the game ends on points (or at the
  -- round limit). UNCERTAIN: the rulebook's text of the option is not in
  -- the public sources; this is what its name and Imperial II's need say.
  if game.options.age_of_empire then
    game.zone_new("aside:public")
    for _, c in ipairs(game.zone("deck:public")) do
      if game.data.objectives[c].ends_game then game.move_card(c, "deck:public", "aside:public") end
    end
    while game.zone_count("deck:public") > 0 do L.reveal_objective() end
    return
  end
  if not L.objective_revealed_at_setup() then return end
  local deck = game.zone("deck:public")
  local top = deck[#deck]
  if top and game.data.objectives[top].kind == "stage1" then L.reveal_objective() end
end)

-- Reveals the next public objective; Imperium Rex ends the game.
function L.reveal_objective()
  local c = game.draw("deck:public", "public", 1)[1]
  if not c then return nil end
  game.log({ key = "ti3.objective_revealed", card = L.name("objectives", c) })
  local d = game.data.objectives[c]
  if d.ends_game == "most_points" then
    game.log({ key = "ti3.imperium_rex_ends" })
    error({ game_over = true, commit = true }, 0)
  end
  return c
end

-- The player counts the game is played with (a variant that allows others
-- replaces this).
function L.player_counts() return 3, 8 end

procedure("setup", function(args)
  local n = args.players or 6
  local lo, hi = L.player_counts()
  if n < lo or n > hi then error("ti3 plays with " .. lo .. " to " .. hi .. " players, not " .. tostring(n)) end
  local races = {}
  for _, id in ipairs(game.keys(game.data.races)) do
    if game.data.races[id].expansion ~= "shards_of_the_throne" then races[#races + 1] = id end
  end
  L.seat_players(n, "races", races, args.races or args.factions, "race")
  game.call("build_galaxy", { map = args.map or ("standard_" .. n .. "p") })
  for p = 1, n do game.call("setup_player", p) end
  game.call("setup_decks")
  -- SE's Voice of the Council (option): the game holds the special objective
  -- so its handler (cards/objectives.yaml) can call its votes.
  if game.options.voice_of_the_council and game.data.objectives.voice_of_the_council then
    game.grant("game", "objectives", "voice_of_the_council")
  end
  local speaker = args.speaker or game.random(n)
  game.put("game", nil, "speaker", speaker)
  game.log({ key = "ti3.is_speaker", p = L.pn(speaker) })
  if not args.no_objectives then game.call("deal_objectives") end
  game.window("setup_done", { player = speaker })
end)

procedure("game", function(args)
  local ok, err = pcall(function()
    game.call("setup", args)
    for round = 1, args.rounds or 12 do
      game.put("game", nil, "round", round)
      game.log({ key = "ti3.round", n = round })
      game.step("strategy_phase", { round = round })
      game.step("action_phase", { round = round })
      game.step("status_phase", { round = round })
    end
  end)
  if not ok and not (type(err) == "table" and err.game_over) then error(err, 0) end
  return game.call("end_game")
end)

-- The end of the game and the scenario entry are ti-common's; players'
-- factions are races here.
L.FACTION_COLL = "races"
