-- Shattered Ascension v4.5 (seed 000, Appendix I 5/5): objectives and
-- victory, progression feedback, the Rotation Cycler, and the "increased
-- plastic & CC limit" option with its fleet-supply upkeep.
--
--   * Claiming (procedure score_objectives, owned here): in the objectives
--     step every player claims at the same time. Players answer in rotation
--     order from the speaker, but nobody wins until all claims are made; then
--     the game ends if anybody has reached the goal. Claim limits: one public
--     objective, one secret objective, the preliminary objective (zone
--     "preliminary", if a pack deals one) and every special objective a player
--     qualifies for (zone "specials"). The limits are the TI3 ones the seed
--     leaves standing (its Ascendancy option lifts the public one, so the
--     ordinary game keeps it); preliminary and special objectives as the later
--     SA rulebooks count them (SA_Rulebook.md "Claiming Limit").
--   * A special objective's points are lost again in a later objectives step
--     when its holder no longer qualifies (the seed's Ascendancy option spares
--     players this loss when they stop qualifying for a special objective,
--     so the ordinary game has it; when the loss happens is our
--     reading). The Voice of the Council (elected by a vote) and the SE
--     artifacts' objectives (held with the artifact) change hands by their
--     own rules; their holder claims the points in the objectives step
--     (V.elected) and loses them at once when he loses control.
--   * Victory is immediate (L.check_win) the moment anybody reaches the goal.
--     With several players at or over it, the most victory points win, then
--     the most planets controlled outside the home system; a tie after that is
--     a split victory (game props winner = the first of them, winners = all).
--     The same ranking decides a game that ends without a winner (round limit,
--     Imperium Rex).
--   * A player who does not control every planet of his home system may still
--     claim objectives, but his victory points are 2 lower until he controls
--     it again. The counter "vp" holds the reduced value; player prop
--     sa_home_penalty remembers how much was taken off, so points gained
--     meanwhile are kept. UNCERTAIN: the seed says "reduced by 2"; we never
--     take a player below 0 (the later rulebook's floor), so a player with 1
--     point loses 1. Checked on planet_gained and turn_end (game-held
--     sa_victory_rules.home_penalty) and before every scoring and victory check.
--   * Progression feedback: as each strategy phase begins the player with the
--     most victory points gains trade goods equal to his lead over the second
--     (nothing on a tie for the lead). With the Ascendancy option (if a pack
--     declares `ascendancy`) half the lead, rounded up.
--   * The Rotation Cycler: game prop `rotation` = "cw" (default) | "ccw". Every
--     player-to-player order (L.order_from: strategy card picks, secondaries,
--     votes...) runs in its direction. In a full game (procedure `game`) the
--     speaker sets it as the first strategy phase begins; scenarios keep
--     clockwise unless they set it (setup args.rotation or L.set_rotation).
--     L.set_rotation / L.flip_rotation are for cards that turn it (the seed's
--     Bureaucracy changes). Steps that go "left of" someone are turned too:
--     the secondaries of a strategy card by rules/a0_rotation.lua (ti3's
--     hook L.secondary_first, asking L.next_in_rotation when the
--     secondaries begin, so after a Bureaucracy flip they follow the new
--     direction), the votes of an agenda through the same helper, the
--     Twilight Council's votes by rules/m_options1.lua.
--   * Surrender (another part of the pack, player prop sa_surrendered) counts
--     as a lost home system here, so the two 2-point losses never add up.
--   * A home planet turned neutral (not only one held by an enemy) counts as
--     not controlling the home system. UNCERTAIN: the seed says "occupied".
--   * Option increased_limits: 24 command counters, the recommended unit
--     limits, and as each strategy phase begins an upkeep of 1 resource per
--     fleet-supply counter over 8; counters not paid for go back to the
--     reinforcements. Objectives that count "all" of a unit keep the printed
--     limits (L.sa_printed_limit).
local L = game.lib
local V = {}
L.sa_victory = V

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end

---------------------------------------------------------------------------
-- Home system penalty.
function V.home_penalty()
  -- With the Ascendancy option (rules/m_options1.lua) it is 6 (seed: "6
  -- Victory Points (instead of 3)").
  return opt("ascendancy") and 6 or 2
end

function V.home_lost(p)
  if game.get("player", p, "sa_surrendered") then return true end
  return L.home(p) ~= nil and not L.controls_home(p)
end

function V.raw_vp(p)
  return game.counter(p, "vp") + (game.get("player", p, "sa_home_penalty") or 0)
end

function V.sync_home(p)
  local applied = game.get("player", p, "sa_home_penalty") or 0
  local raw = game.counter(p, "vp") + applied
  local want = 0
  if V.home_lost(p) then want = math.min(V.home_penalty(), math.max(raw, 0)) end
  if want == applied then return end
  game.set(p, "vp", raw - want)
  game.put("player", p, "sa_home_penalty", want > 0 and want or nil)
  if want > applied then
    game.log({ key = "sa.home_lost_vp", p = pn(p), vp = raw - want, raw = raw, n = want })
  else
    game.log({ key = "sa.home_regained_vp", p = pn(p), vp = raw - want })
  end
end

function V.sync_all()
  for p = 1, game.num_players() do V.sync_home(p) end
end

---------------------------------------------------------------------------
-- Ranking and victory.
function V.planets_abroad(p)
  local home = L.home(p)
  local n = 0
  for _, pl in ipairs(game.planets_owned(p)) do
    if game.planet_system(pl) ~= home then n = n + 1 end
  end
  return n
end

-- The players of `cands` who win: most vp, then most planets outside their
-- home system; several left = a split victory.
function V.rank(cands)
  local best = {}
  local bv, bp = nil, nil
  for _, p in ipairs(cands) do
    local v, n = game.counter(p, "vp"), V.planets_abroad(p)
    if bv == nil or v > bv or (v == bv and n > bp) then
      best, bv, bp = { p }, v, n
    elseif v == bv and n == bp then
      best[#best + 1] = p
    end
  end
  table.sort(best)
  return best
end

function V.declare(winners, how)
  game.put("game", nil, "winner", winners[1])
  game.put("game", nil, "winners", #winners > 1 and winners or nil)
  game.put("game", nil, "won_by", how)
  local names = {}
  for _, p in ipairs(winners) do names[#names + 1] = pn(p) end
  game.log({ key = #winners > 1 and "sa.split_victory" or "sa.victory", players = names, how = how })
end

local function all_players()
  local out = {}
  for p = 1, game.num_players() do out[#out + 1] = p end
  return out
end

-- Ends the game if anybody has reached the goal.
function V.end_if_reached()
  if game.get("game", nil, "winner") then return end
  local goal = L.goal()
  local any = false
  for p = 1, game.num_players() do
    if game.counter(p, "vp") >= goal then any = true end
  end
  if not any then return end
  local w = V.rank(all_players())
  V.declare(w, "reaches " .. goal .. " vp")
  error({ game_over = true, commit = true }, 0)
end

-- While objectives are being claimed nobody wins yet.
V.defer = 0
function L.check_win(p)
  if V.defer > 0 or game.get("game", nil, "winner") then return end
  V.sync_all()
  V.end_if_reached()
end

---------------------------------------------------------------------------
-- Claiming objectives.
local function scored(p, id)
  local d = game.data.objectives[id]
  if d and d.kind == "secret" then
    for _, c in ipairs(game.zone("scored:" .. p)) do if c == id then return true end end
    return false
  end
  return game.get("player", p, "scored:" .. id) and true or false
end
V.scored = scored

-- Scores one objective; an objective that wins outright (Domination! and the
-- like) is remembered instead of ending the game in the middle of the step.
local function claim(p, id, st)
  local ok, err = pcall(L.score, p, id)
  if ok then return end
  if type(err) == "table" and err.game_over and game.get("game", nil, "winner") == p then
    st.instant[#st.instant + 1] = p
    st.instant_how = game.get("game", nil, "won_by")
    game.put("game", nil, "winner", nil)
    game.put("game", nil, "won_by", nil)
    return
  end
  error(err, 0)
end

local function choose_from(p, prompt, zone, filter)
  local opts = { "none" }
  local seen = {}
  for _, c in ipairs(game.zone(zone)) do
    if not seen[c] and not scored(p, c) and (not filter or filter(c)) and L.can_score(p, c) then
      seen[c] = true
      opts[#opts + 1] = c
    end
  end
  if #opts == 1 then return nil end
  local pick = game.choose(p, prompt, opts)
  if pick == "none" then return nil end
  return pick
end

-- Other packs' extra claims (race objectives, covert objectives...):
-- functions fn(p, state) run after p's secret objective; state.secret is the
-- secret objective p claimed (or nil), state.claim(id) scores one.
V.claim_hooks = {}

function V.claim_for(p, st)
  local state = { player = p }
  state.claim = function(id) claim(p, id, st) end
  local pub = choose_from(p, { key = "sa.claim_public" }, "public", function(c)
    local k = game.data.objectives[c] and game.data.objectives[c].kind
    return k ~= "special" and k ~= "preliminary"
  end)
  if pub then claim(p, pub, st) end
  local sec = choose_from(p, { key = "sa.claim_secret" }, "secrets:" .. p)
  if sec then claim(p, sec, st) end
  state.secret = sec
  local pre = choose_from(p, { key = "sa.claim_preliminary" }, "preliminary")
  if pre then
    claim(p, pre, st)
    st.preliminary[pre] = true
  end
  for _, fn in ipairs(V.claim_hooks) do fn(p, state) end
end

-- Special objectives face up in zone "specials": claimed by everybody who
-- qualifies, lost by a holder who no longer does.
function V.specials(st)
  local seen = {}
  for _, id in ipairs(game.zone("specials")) do
    local d = game.data.objectives[id]
    local h = d and d.handler
    -- (Specials whose holder is settled elsewhere, with the game prop
    -- objective_controller:<id> - the Voice of the Council, the artifacts -
    -- are left to their own rules.)
    local managed = game.get("game", nil, "objective_controller:" .. id) ~= nil or (d and d.elect)
    if not seen[id] and type(h) == "table" and h.check and not managed then
      seen[id] = true
      for _, p in ipairs(L.order_from(L.speaker())) do
        local has = scored(p, id)
        local ok = L.can_score(p, id)
        if ok and not has then
          claim(p, id, st)
        elseif has and not h.check(p, d) then
          local pts = L.objective_points(d)
          game.put("player", p, "scored:" .. id, nil)
          local v = game.add(p, "vp", -pts)
          game.log({ key = "sa.no_longer_qualifies", p = pn(p), card = L.name("objectives", id), n = pts, vp = v })
        end
      end
    end
  end
end

-- Special objectives held by control (game prop objective_controller:<id>):
-- the Voice of the Council, won by election, and the artifacts' objectives,
-- held with the artifact. Their holder only qualifies; like every
-- objective, special ones included, they are claimed in the objectives step
-- (seed, "Objective Cards and Victory"; the Voice "is able to claim the
-- Special Objective"). A holder who loses control loses the points if he
-- had claimed them (the ti3 rules). Under Ascendancy the holder claims them
-- every round through rules/m_options1.lua (ASC.claim_held_specials), so
-- not here.
function L.elected_objective_gained(q, def) end
function L.artifact_objective_gained(p, obj, pts, name) end

function V.elected(st)
  if opt("ascendancy") then return end
  for _, id in ipairs(game.keys(game.data.objectives or {})) do
    local d = game.data.objectives[id]
    if d.kind == "special" and game.get("game", nil, "objective_controller:" .. id) then
      local c = game.get("game", nil, "objective_controller:" .. id)
      if c and not scored(c, id) and (not L.sa_in_game or L.sa_in_game(c)) then claim(c, id, st) end
    end
  end
end

procedure("score_objectives", function(ctx)
  V.sync_all()
  local st = { instant = {}, preliminary = {} }
  V.defer = V.defer + 1
  local ok, err = pcall(function()
    for _, p in ipairs(L.order_from(L.speaker())) do V.claim_for(p, st) end
    V.specials(st)
    V.elected(st)
  end)
  V.defer = V.defer - 1
  if not ok then error(err, 0) end
  -- A preliminary objective claimed by anybody leaves play.
  for _, id in ipairs(game.keys(st.preliminary)) do
    game.move_card(id, "preliminary", "discard:preliminary")
    game.log({ key = "sa.claimed_leaves_play", card = L.name("objectives", id) })
  end
  V.sync_all()
  if #st.instant > 0 then
    V.declare(V.rank(st.instant), st.instant_how or "claims an objective that wins the game")
    error({ game_over = true, commit = true }, 0)
  end
  V.end_if_reached()
end)

---------------------------------------------------------------------------
-- The end of the game.
-- ti-common's end_game with SA's ranking: tie-breaks and shared victories
-- (V.rank), after the special objectives are brought up to date.
L.before_end_game = function() V.sync_all() end
L.final_ranking = function() return V.rank(all_players()) end

---------------------------------------------------------------------------
-- Progression feedback.
function V.feedback()
  local n = game.num_players()
  if n < 2 then return end
  local order = all_players()
  table.sort(order, function(a, b)
    local va, vb = game.counter(a, "vp"), game.counter(b, "vp")
    if va ~= vb then return va > vb end
    return a < b
  end)
  local first, second = order[1], order[2]
  local lead = game.counter(first, "vp") - game.counter(second, "vp")
  if lead <= 0 then return end
  local tg = opt("ascendancy") and math.ceil(lead / 2) or lead
  L.gain_tg(first, tg, "progression feedback: " .. lead .. " vp ahead")
end

---------------------------------------------------------------------------
-- The Rotation Cycler.
function L.rotation() return game.get("game", nil, "rotation") or "cw" end
function L.set_rotation(dir)
  if dir ~= "cw" and dir ~= "ccw" then error("rotation must be cw or ccw, not " .. tostring(dir)) end
  if L.rotation() == dir then return end
  game.put("game", nil, "rotation", dir)
  game.log({ key = dir == "cw" and "sa.rotation_turns_cw" or "sa.rotation_turns_ccw" })
end
function L.flip_rotation() L.set_rotation(L.rotation() == "cw" and "ccw" or "cw") end

-- The next player in rotation after p.
function L.next_in_rotation(p)
  local n = game.num_players()
  if L.rotation() == "ccw" then return (p - 2) % n + 1 end
  return p % n + 1
end

local base_order_from = L.order_from
function L.order_from(first)
  if L.rotation() ~= "ccw" then return base_order_from(first) end
  local n, out = game.num_players(), {}
  for i = 0, n - 1 do out[#out + 1] = ((first - 1 - i) % n) + 1 end
  return out
end

-- The votes of an agenda start after the speaker in rotation: ti-common's
-- agenda step asks L.next_in_rotation (above). (The secondaries of a
-- strategy card: rules/a0_rotation.lua sets ti3's hook L.secondary_first,
-- which asks L.next_in_rotation directly.)

---------------------------------------------------------------------------
-- Increased plastic & command counter limits (option increased_limits).
V.LIMITS = { cruiser = 12, destroyer = 16, dreadnought = 7, carrier = 8, war_sun = 3, pds = 10, space_dock = 5, mechanized_unit = 8 }
V.COMMAND_COUNTERS = 24
V.UPKEEP_FREE = 8

-- The printed limit, for objectives that count "all" of a unit.
function L.sa_printed_limit(t)
  local d = game.data.units[t]
  return d and d.limit
end

local base_def = L.def
local lcache = {}
local base_reset = L.reset_cache
function L.reset_cache()
  lcache = {}
  base_reset()
end
function L.def(p, t)
  local d = base_def(p, t)
  if not opt("increased_limits") then return d end
  local ty = d.type or t
  local lim = V.LIMITS[ty]
  if not lim or d.limit == nil or d.limit >= lim then return d end
  -- (lcache[p][t]: a table per player, not a "p:t" string built per call;
  -- a player-less p is filed under "nil" or its own value.)
  local pk = p == nil and "nil" or p
  local pc = lcache[pk]
  if not pc then pc = {}; lcache[pk] = pc end
  local c = pc[t]
  if c and c.src == d then return c.def end
  local cp = {}
  for k, v in pairs(d) do cp[k] = v end
  cp.limit = lim
  pc[t] = { src = d, def = cp }
  return cp
end

function V.upkeep(p)
  local over = game.counter(p, "fleet") - V.UPKEEP_FREE
  if over <= 0 then return end
  local can = math.min(over, L.spendable(p, "resources"))
  local opts = {}
  for i = can, 0, -1 do opts[#opts + 1] = tostring(i) end
  local paid = tonumber(game.choose(p, { key = "sa.fleet_upkeep", n = over, free = V.UPKEEP_FREE }, opts))
  if paid > 0 then L.pay(p, paid, "resources") end
  local lost = over - paid
  local key
  if lost == 0 then key = paid == 1 and "sa.pays_upkeep_1" or "sa.pays_upkeep"
  elseif lost == 1 then key = paid == 1 and "sa.pays_upkeep_1_returned_1" or "sa.pays_upkeep_returned_1"
  else key = paid == 1 and "sa.pays_upkeep_1_returned" or "sa.pays_upkeep_returned" end
  game.log({ key = key, p = pn(p), n = paid, lost = lost })
  if lost > 0 then
    game.add(p, "fleet", -lost)
    local seen = {}
    for _, u in ipairs(game.units { owner = p, space = true }) do
      if u.system and not seen[u.system] then
        seen[u.system] = true
        L.enforce_limits(p, u.system)
      end
    end
  end
end

-- Before the first strategy phase: in a full game the speaker orients the
-- Rotation Cycler (setup step 6b; done here so that whatever setup decides
-- the speaker has run), then Native Knowledge (rules/j_tokens.lua).
local full_game = false
function V.before_first_round()
  if game.get("game", nil, "sa_started") then return end
  game.put("game", nil, "sa_started", true)
  if full_game and not game.get("game", nil, "rotation") then
    local s = L.speaker()
    local dir = game.choose(s, { key = "sa.orient_rotation" }, { "clockwise", "counter-clockwise" })
    game.put("game", nil, "rotation", dir == "clockwise" and "cw" or "ccw")
    game.log({ key = "sa.orients_rotation", p = pn(s), dir = dir })
  end
  if L.sa_tokens then L.sa_tokens.native_knowledge() end
end

local base_strategy = game.procedure_fn("strategy_phase")
procedure("strategy_phase", function(ctx)
  V.before_first_round()
  V.sync_all()
  V.feedback()
  if opt("increased_limits") then
    for _, p in ipairs(L.order_from(L.speaker())) do V.upkeep(p) end
  end
  return base_strategy(ctx)
end)

---------------------------------------------------------------------------
-- Setup: the game holds the home-system watcher; with increased limits
-- every player has 24 command counters.
local base_game = game.procedure_fn("game")
procedure("game", function(args)
  full_game = true
  return base_game(args)
end)

local base_command_tokens = L.command_tokens
function L.command_tokens(p)
  if opt("increased_limits") then return V.COMMAND_COUNTERS end
  return base_command_tokens(p)
end

local base_setup = game.procedure_fn("setup")
procedure("setup", function(args)
  if args and args.rotation then game.put("game", nil, "rotation", args.rotation) end
  local r = base_setup(args)
  for _, id in ipairs(game.keys(game.data.sa_victory_rules or {})) do
    game.grant("game", "sa_victory_rules", id)
  end
  return r
end)

-- The greedy policy claims whenever it may.
L.GREEDY_TAKE["sa.claim_public"] = true
L.GREEDY_TAKE["sa.claim_secret"] = true
L.GREEDY_TAKE["sa.asc_claim_another"] = true
L.GREEDY_PREFER["sa.choose_strategy_card"] = { "imperial", "bureaucracy" }
