-- House rules of seed 002 that are not data (see options.yaml, units.yaml and
-- strategy.yaml for the others).
local L = game.lib

-- House rule 7: the n-th command counter bought with Leadership's secondary
-- costs n influence, so n counters together cost 1 + 2 + ... + n.
function L.tacs_leadership_price(n) return n * (n + 1) // 2 end

-- Leadership (ti3's script): n counters cost 1 + 2 + ... + n (house rule 7).
function L.leadership_price(p, n) return L.tacs_leadership_price(n) end
-- Leadership: no cap on the counters bought but reinforcements and influence.
function L.leadership_most(p) return math.maxinteger end
-- Leadership: the prompt names the rising price.
function L.leadership_buy_prompt(p) return { key = "tacs.buy_counters" } end
-- Leadership: the purchase and its price are logged.
function L.leadership_bought(p, n, price)
  game.log({ key = "tacs.buys_counters", p = L.pn(p), n = n, price = price })
end

-- House rule 6: there is no limit to a player's trade goods. ti3 keeps none,
-- so nothing changes here.

-- The goal stays 10 points with the Shattered Empire strategy cards (ti3
-- lowers it by one with them): the sister game run by the same game master
-- with the variant strategy cards plays to 10 (its house rule on two players
-- reaching 10 points in one status phase); TACS's own text on it is lost.
function L.strategy_set_goal_change() return 0 end

-- House rule 1: the public objective deck mixes base and Shattered Empire
-- objectives (ti3 takes one set or the other) without Imperium Rex: 3 stage
-- II cards under 6 stage I cards; the game ends on victory points or when
-- the rounds run out.
function L.public_objective_in_deck(d) return true end

function L.build_objective_deck()
  game.zone_new("deck:public", nil, {})
  game.draw("tmp:stage2", "deck:public", 3)
  game.shuffle("deck:public")
  game.draw("tmp:stage1", "deck:public", 6)
end

-- House rules 2 and 3: the galaxy is drafted. Each player is dealt a hand of
-- tiles, keeps one and passes the rest to the player on his left, until every
-- tile is taken; then the tiles are placed as in ti3's drafted galaxy (from
-- the speaker, innermost ring first). Only systems with a single planet (and
-- systems without planets) are used: the single-planet tiles first, the rest
-- made up with systems without planets, shuffled (UNCERTAIN: the seed does
-- not say how many empty systems; with 7-8 players tiles with more planets
-- make up what is still missing). Mallice stays out (no Wormhole Nexus).
-- Home systems keep their planets (UNCERTAIN): we read house rule 3 as
-- being about the tiles the draft of rule 2 deals; home systems are not
-- drafted, and cutting them to one planet would change every race's start.
local function shuffle(t)
  for i = #t, 2, -1 do
    local j = game.random(i)
    t[i], t[j] = t[j], t[i]
  end
end

-- The n tiles of the galaxy draft: single-planet systems, then systems without planets, then others (shuffled, sorted by id).
function L.tacs_draft_pool(n)
  local one, none, more = {}, {}, {}
  for _, id in ipairs(game.keys(game.data.systems)) do
    local d = game.data.systems[id]
    local home = false
    for _, r in ipairs(game.keys(game.data.races)) do
      if game.data.races[r].home_system == id then home = true end
    end
    if not home and id ~= "mecatol_rex" and id ~= "mallice" and d.expansion ~= "shards_of_the_throne" then
      local k = #(d.planets or {})
      if k == 1 then one[#one + 1] = id elseif k == 0 then none[#none + 1] = id else more[#more + 1] = id end
    end
  end
  shuffle(none)
  shuffle(more)
  local pool = {}
  for _, t in ipairs(one) do if #pool < n then pool[#pool + 1] = t end end
  for _, t in ipairs(none) do if #pool < n then pool[#pool + 1] = t end end
  for _, t in ipairs(more) do if #pool < n then pool[#pool + 1] = t end end
  table.sort(pool)
  return pool
end

local base_hands = L.draft_hands
function L.draft_hands(order, pool, mode, ctx)
  if mode ~= "dealt" then return base_hands(order, pool, mode, ctx) end
  local dealt = base_hands(order, pool, mode, ctx)
  local picked, hands = {}, {}
  for i, p in ipairs(order) do picked[p] = {}; hands[i] = dealt[p] end
  local left = #pool
  while left > 0 do
    for i, p in ipairs(order) do
      local hand = hands[i]
      if #hand > 0 then
        local opts, seen = {}, {}
        for _, t in ipairs(hand) do if not seen[t] then seen[t] = true; opts[#opts + 1] = t end end
        table.sort(opts)
        local t = game.choose(p, { key = "tacs.draft_pick", n = #hand }, opts)
        for k, x in ipairs(hand) do if x == t then table.remove(hand, k); break end end
        table.insert(picked[p], t)
        left = left - 1
      end
    end
    -- every hand goes to the player on the left (the next in order)
    local passed = {}
    for i = 1, #order do passed[i % #order + 1] = hands[i] end
    hands = passed
  end
  for _, p in ipairs(order) do
    game.log({ key = "tacs.drafted_tiles", p = L.pn(p), tiles = picked[p] })
  end
  return picked
end

-- The drafted galaxy is the game's map unless another is asked for.
local base_drafted = game.procedure_fn("build_drafted_galaxy")
procedure("build_drafted_galaxy", function(ctx)
  if not ctx.pool then
    local n = game.num_players()
    local fp = game.data.maps[ctx.footprint or ("standard_" .. n .. "p")]
    local free = 0
    for _, hex in ipairs(game.keys(fp and fp.tiles or {})) do
      if fp.tiles[hex] ~= "mecatol_rex" then free = free + 1 end
    end
    ctx.pool = L.tacs_draft_pool(free)
  end
  return base_drafted(ctx)
end)

local base_game = game.procedure_fn("game")
procedure("game", function(args)
  args.map = args.map or "draft"
  return base_game(args)
end)
