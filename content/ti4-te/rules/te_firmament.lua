-- The Firmament and The Obsidian: one player's faction that may flip.
-- Starting technology and units, Nocturne, plots (Plots Within Plots,
-- Marionettes: the players whose control tokens are on a plot are its
-- puppets), Puppets of the Blade and The Blade's Orchestra (the flip), the
-- Planesplitter and Neural Parasite technologies on both sides, Heaven's Eye,
-- The Sowing / The Reaping, Black Ops and Malevolency, and the five plot
-- cards (Assail, Enervate, Extract, Seethe, Syphon): face down with a
-- control token until the flip to The Obsidian reveals them; then each acts
-- against its puppeted player.
local L = game.lib

local function faction_is(p, f) return type(p) == "number" and p ~= 0 and game.get("player", p, "faction") == f end
local function has_ability(p, id) return type(p) == "number" and p ~= 0 and game.holds(p, "abilities", id) end
-- The two players of a simulated fight (`imperium combat`'s board).
local function fight_players(board) return { board.attacker or 1, board.defender or 2 } end

-- Nocturne: The Obsidian is never dealt at set-up.
local base_setup_factions = L.setup_factions
function L.setup_factions()
  local out = {}
  for _, f in ipairs(base_setup_factions()) do
    local never = false
    for _, a in ipairs(game.data.factions[f].abilities or {}) do if a == "nocturne" then never = true end end
    if not never then out[#out + 1] = f end
  end
  return out
end

-- The starting technology: any one green or yellow technology without
-- prerequisites (public transcriptions of the printed sheet, and AsyncTI4's
-- older sheet: Neural Motivator, Psychoarchaeology, Sarween Tools, Scanlink
-- Drone Network; its newer te_factions.json 1a471e1f lists technologies with
-- one prerequisite instead, for The Obsidian's side as well); without
-- Prophecy of Kings, Neural Motivator or Sarween Tools.
local base_chooses = L.chooses_starting_tech
function L.chooses_starting_tech(p)
  if faction_is(p, "firmament") then return true end
  return base_chooses(p)
end
local base_options = L.starting_tech_options
function L.starting_tech_options(p)
  if not faction_is(p, "firmament") then return base_options(p) end
  local out = {}
  for _, t in ipairs(game.keys(game.data.techs)) do
    local d = game.data.techs[t]
    local none = true
    for _, n in pairs(d.requires or {}) do if n > 0 then none = false end end
    if (d.color == "green" or d.color == "yellow") and none and not d.faction and not d.unit
      and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  return out
end

-- The Obsidian's technologies cannot be researched.
local base_can_research = L.can_research
function L.can_research(p, id)
  if id == "planesplitter_obsidian" or id == "neural_parasite_obsidian" then return false end
  return base_can_research(p, id)
end

-- Starting units: the space dock and 2 of the 3 infantry on Tallin (1
-- infantry stays on Cronos); The Obsidian's note set aside.
local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  if faction_is(p, "firmament") then
    local n = 2
    for _, u in ipairs(game.units { owner = p, kind = "infantry", planet = "cronos" }) do
      if n <= 0 then break end
      game.move_unit(u.id, { planet = "tallin" })
      n = n - 1
    end
    for _, u in ipairs(game.units { owner = p, kind = "space_dock", planet = "cronos" }) do
      game.move_unit(u.id, { planet = "tallin" })
    end
    game.zone_new("box:obsidian:" .. p, nil, { L.note_card("malevolency", p) })
  end
  return r
end)

---------------------------------------------------------------------------
-- Plots.
---------------------------------------------------------------------------
--- The control tokens on p's plot cards (one player number per plot), in the order placed.
function L.te_plots(p)
  local out = {}
  for _, q in ipairs(game.get("player", p, "te_plots") or {}) do out[#out + 1] = q end
  return out
end

--- The plot cards p has in play, parallel to L.te_plots(p) (card ids).
function L.te_plot_cards(p)
  local out = {}
  for _, c in ipairs(game.get("player", p, "te_plot_cards") or {}) do out[#out + 1] = c end
  return out
end

--- The plot cards no player has in play, sorted.
function L.te_unused_plot_cards()
  local used = {}
  for x = 1, game.num_players() do
    for _, c in ipairs(L.te_plot_cards(x)) do used[c] = true end
  end
  local out = {}
  for _, c in ipairs(game.keys(game.data.plot_cards or {})) do
    if not used[c] then out[#out + 1] = c end
  end
  return out
end

--- p puts a face-down plot card with player q's control token in their play area: `card` if given, else the one p picks among the unused ones (none left: no plot).
function L.te_add_plot(p, q, card)
  if not card then
    local opts = L.te_unused_plot_cards()
    if #opts == 0 then return false end
    card = game.choose(p, { key = "te.plot_card", q = L.pn(q) }, opts)
  end
  local list, cards = L.te_plots(p), L.te_plot_cards(p)
  list[#list + 1] = q
  cards[#list] = card
  game.put("player", p, "te_plots", list)
  game.put("player", p, "te_plot_cards", cards)
  game.log({ key = "te.plot_placed", p = L.pn(p), q = L.pn(q) })
  return true
end

--- Whether p's plot card `card`, face up (p is The Obsidian), has player q's control token on it.
function L.te_plot_active(p, card, q)
  if type(p) ~= "number" or p == 0 or type(q) ~= "number" or q == 0 or not faction_is(p, "obsidian") then return false end
  -- (an eliminated player's plots went to the box with their other components, LRR 33.2)
  if L.eliminated(p) then return false end
  local list, cards = L.te_plots(p), L.te_plot_cards(p)
  for i, x in ipairs(list) do
    if x == q and cards[i] == card then return true end
  end
  return false
end

--- The players whose face-up plot card `card` puppets q, in order.
function L.te_plot_holders(card, q)
  local out = {}
  for x = 1, game.num_players() do
    if L.te_plot_active(x, card, q) then out[#out + 1] = x end
  end
  return out
end

--- Whether q is puppeted by p (q's control token is on one of p's plots).
function L.te_puppet_of(p, q)
  for _, x in ipairs(L.te_plots(p)) do if x == q then return true end end
  return false
end

-- Plots Within Plots: after scoring, the holder may score one secret
-- objective another player has scored (status-phase ones) that they meet:
-- no point, a plot with that player's control token instead.
local base_score = game.procedure_fn("score_objectives")
procedure("score_objectives", function(ctx)
  local r = base_score(ctx)
  for _, p in ipairs(L.initiative_order()) do
    if has_ability(p, "plots_within_plots") then
      local opts, owner = { "none" }, {}
      for q = 1, game.num_players() do
        if q ~= p then
          for _, c in ipairs(game.zone("scored:" .. q)) do
            local d = game.data.secret_objectives[c]
            if d and (d.phase or "status") == "status" and not game.get("player", p, "te_plotted:" .. c)
              and L.can_score(p, "secret_objectives", c) then
              opts[#opts + 1] = c
              owner[c] = q
            end
          end
        end
      end
      if #opts > 1 then
        local pick = game.choose(p, { key = "te.plots_within_plots" }, opts)
        if pick ~= "none" then
          game.put("player", p, "te_plotted:" .. pick, true)
          game.log({ key = "te.scores_others_secret", p = L.pn(p), card = L.name("secret_objectives", pick) })
          L.te_add_plot(p, owner[pick])
        end
      end
    end
  end
  return r
end)

---------------------------------------------------------------------------
-- Puppets of the Blade / The Blade's Orchestra: the flip to The Obsidian.
---------------------------------------------------------------------------
local OBSIDIAN_HEX = "24,0"
local FLIPS = {
  techs = { planesplitter_firmament = "planesplitter_obsidian", neural_parasite_firmament = "neural_parasite_obsidian" },
  planets = { cronos = "cronoshollow", tallin = "tallinhollow" },
}

--- p (The Firmament) becomes The Obsidian: faction sheet, home system and planet cards, technologies, breakthrough and note flip; the hollows are readied if p controls them.
function L.te_become_obsidian(p)
  local fac = L.faction(p)
  for _, a in ipairs(fac.abilities or {}) do game.revoke(p, "abilities", a) end
  game.revoke(p, "factions", "firmament")
  game.put("player", p, "faction", "obsidian")
  game.grant(p, "factions", "obsidian")
  local obs = L.faction(p)
  for _, a in ipairs(obs.abilities or {}) do game.grant(p, "abilities", a) end
  -- the home system: 96b takes 96a's place; units and control follow planet by planet
  local old = L.home(p)
  local new = game.add_system(obs.home_system, OBSIDIAN_HEX)
  for _, pl in ipairs(game.data.systems[obs.home_system].planets or {}) do game.add_planet(pl, new) end
  game.swap_systems(old, new)
  for _, from in ipairs(game.keys(FLIPS.planets)) do
    local to = FLIPS.planets[from]
    game.set_owner(to, game.planet_owner(from))
    game.exhaust(to, game.exhausted(from))
    game.set_owner(from, nil)
  end
  for _, u in ipairs(game.units { system = old }) do
    if u.planet then game.move_unit(u.id, { planet = FLIPS.planets[u.planet] or u.planet }) else game.move_unit(u.id, { system = new }) end
  end
  game.put("player", p, "home", new)
  for _, t in ipairs(game.keys(FLIPS.techs)) do
    if game.holds(p, "techs", t) then
      game.revoke(p, "techs", t)
      game.grant(p, "techs", FLIPS.techs[t])
    end
  end
  if game.holds(p, "breakthroughs", "the_sowing") then
    game.revoke(p, "breakthroughs", "the_sowing")
    game.grant(p, "breakthroughs", "the_reaping")
    game.put("player", p, "exhausted:the_reaping", game.get("player", p, "exhausted:the_sowing"))
  end
  -- Black Ops is purged wherever it is; Malevolency comes to p's hand.
  local black = L.note_card("black_ops", p)
  for q = 1, game.num_players() do
    for _, z in ipairs({ "notes:" .. q, "notes_area:" .. q }) do
      for _, c in ipairs(game.zone(z)) do
        if c == black then game.move_card(c, z, "purged") end
      end
    end
  end
  local box = "box:obsidian:" .. p
  for _, c in ipairs(game.zone(box)) do game.move_card(c, box, "notes:" .. p) end
  L.reset_cache()
  game.log({ key = "te.becomes_obsidian", p = L.pn(p), faction = L.name("factions", "obsidian") })
  -- The Blade's Orchestra: the hollows are readied.
  for _, pl in ipairs(game.planets_of(new)) do
    if game.planet_owner(pl) == p then game.exhaust(pl, false) end
  end
  -- Nocturne: the plot cards flip face up.
  L.te_reveal_plots(p)
end

---------------------------------------------------------------------------
-- The technologies.
---------------------------------------------------------------------------
game.on("tech_gained", function(ctx)
  if ctx.tech == "planesplitter_firmament" and not L.te_fracture_in_play() then L.te_fracture_enter(ctx.player, "ability") end
end)

game.on("before:status_phase", function()
  for _, p in ipairs(L.order_from(L.speaker())) do
    -- Neural Parasite (Firmament): 1 infantry onto a home planet.
    if game.holds(p, "techs", "neural_parasite_firmament") and L.home(p)
      and game.count_units { owner = p, kind = "infantry" } < (L.def(p, "infantry").limit or 99) then
      local opts = { "none" }
      for _, pl in ipairs(game.planets_of(L.home(p))) do
        if game.planet_owner(pl) == p then opts[#opts + 1] = pl end
      end
      if #opts > 1 then
        local pick = game.choose(p, { key = "te.neural_parasite_place" }, opts)
        if pick ~= "none" then
          game.spawn("infantry", p, { planet = pick })
          game.log({ key = "te.places_infantry", p = L.pn(p), n = 1, planet = L.name("planets", pick) })
        end
      end
    end
    -- The Sowing: up to 3 of p's trade goods onto it.
    if game.holds(p, "breakthroughs", "the_sowing") then L.te_sow(p) end
    -- The Reaping: the trade goods on it, and as many from the supply.
    if game.holds(p, "breakthroughs", "the_reaping") then
      local n = game.get("player", p, "te_bt_tg") or 0
      if n > 0 then
        game.put("player", p, "te_bt_tg", nil)
        game.add(p, "tg", 2 * n)
        game.log({ key = "te.reaping", p = L.pn(p), n = 2 * n })
      end
    end
  end
end)

--- The Sowing: p may put up to 3 of their trade goods on it.
function L.te_sow(p)
  local most = math.min(3, game.counter(p, "tg"))
  if most <= 0 then return end
  local opts = {}
  for i = 0, most do opts[#opts + 1] = tostring(i) end
  local n = tonumber(game.choose(p, { key = "te.sowing" }, opts))
  if n > 0 then
    game.add(p, "tg", -n)
    game.put("player", p, "te_bt_tg", (game.get("player", p, "te_bt_tg") or 0) + n)
    game.log({ key = "te.sows", p = L.pn(p), n = n })
  end
end
game.on("breakthrough_gained", function(ctx)
  if ctx.breakthrough == "the_sowing" then L.te_sow(ctx.player) end
end)

-- Neural Parasite (Obsidian): at the start of the holder's turn, one of
-- another player's infantry in or next to a system with their infantry is destroyed.
game.on("turn_start", function(ctx)
  local p = ctx.player
  if not game.holds(p, "techs", "neural_parasite_obsidian") then return end
  local near = {}
  for _, u in ipairs(game.units { owner = p, kind = "infantry" }) do
    if u.system then
      near[u.system] = true
      for _, t in ipairs(game.adjacent(u.system, "move")) do near[t] = true end
    end
  end
  local opts, by = {}, {}
  for _, s in ipairs(game.keys(near)) do
    for _, u in ipairs(game.units { system = s, not_owner = p, kind = "infantry" }) do
      if L.counts_as_other(p, u.owner) then
        local o = u.kind .. "#" .. u.id
        opts[#opts + 1] = o
        by[o] = u
      end
    end
  end
  if #opts == 0 then return end
  table.sort(opts)
  local pick = game.choose(p, { key = "te.neural_parasite_destroy" }, opts)
  L.destroy_unit(by[pick], { source = p, label = "neural_parasite" })
end)

-- Planesplitter (Obsidian): after a strategic action, an ingress token may
-- move into a system holding or next to the holder's units.
game.on("after:strategic_action", function(ctx)
  local p = ctx.player
  if not (game.holds(p, "techs", "planesplitter_obsidian") and L.te_fracture_in_play()) then return end
  local from, to = {}, {}
  local near = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.system then
      near[u.system] = true
      for _, t in ipairs(game.adjacent(u.system, "move")) do near[t] = true end
    end
  end
  for s = 1, game.num_systems() do
    local hex = game.system(s).hex
    if hex and L.te_has_ingress(s) then from[#from + 1] = hex end
    if hex and near[s] and not L.te_has_ingress(s) and not game.data.systems[game.tile_of(s)].fracture then to[#to + 1] = hex end
  end
  if #from == 0 or #to == 0 then return end
  table.insert(from, 1, "none")
  local a = game.choose(p, { key = "te.planesplitter_from" }, from)
  if a == "none" then return end
  local b = game.choose(p, { key = "te.planesplitter_to" }, to)
  local sa = game.system_at(a)
  game.put("system", sa, "te_ingress", nil)
  for _, e in ipairs(L.te_fracture_systems()) do game.unlink(sa, e, "ingress") end
  L.te_place_ingress(game.system_at(b))
end)

---------------------------------------------------------------------------
-- Heaven's Eye: +1 move and a repair at the end of every combat round
-- while the active system holds units of a player puppeted by its owner.
---------------------------------------------------------------------------
local function puppet_units_in(p, s)
  if not s then return false end
  for _, q in ipairs(L.te_plots(p)) do
    if game.count_units { owner = q, system = s } > 0 then return true end
  end
  return false
end
local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if u.kind == "flagship" and type(p) == "number" and p ~= 0 and L.has_flagship_ability(p, "flagship", "firmament_flagship")
    and puppet_units_in(p, game.get("game", nil, "te_active_system")) then
    m = m + 1
  end
  return m
end
game.on("combat_round_end", function(rc)
  for _, p in ipairs({ rc.attacker, rc.defender }) do
    if type(p) == "number" and p ~= 0 and L.has_unit(p, "flagship") and L.has_flagship_ability(p, "flagship", "firmament_flagship")
      and puppet_units_in(p, game.get("game", nil, "te_active_system")) then
      for _, u in ipairs(game.units { owner = p, kind = "flagship" }) do
        if u.damaged then
          game.put("unit", u.id, "damaged", nil)
          game.log({ key = "te.repairs_unit", p = L.pn(p), unit = u.kind .. "#" .. u.id })
        end
      end
    end
  end
end, { plain = function(board)
  for _, p in ipairs(fight_players(board)) do
    if L.has_unit(p, "flagship") and L.has_flagship_ability(p, "flagship", "firmament_flagship") then return false end
  end
  return true
end })

-- The Reaping: a trade good on it for each combat won against a puppet.
local function reaped(ctx)
  local w = ctx.winner
  if not (type(w) == "number" and w ~= 0 and game.holds(w, "breakthroughs", "the_reaping")) then return end
  local loser = (w == ctx.player) and ctx.defender or ctx.player
  if type(loser) == "number" and L.te_puppet_of(w, loser) then
    game.put("player", w, "te_bt_tg", (game.get("player", w, "te_bt_tg") or 0) + 1)
    game.log({ key = "te.reaping_gains", p = L.pn(w) })
  end
end
game.on("after:space_combat", reaped, { plain = function(board)
  for _, p in ipairs(fight_players(board)) do
    if game.holds(p, "breakthroughs", "the_reaping") then return false end
  end
  return true
end })
game.on("after:ground_combat", reaped)

---------------------------------------------------------------------------
-- Malevolency: at the end of the holder's tactical action they may spend 1
-- influence to give it to a neighbour; at the end of the status phase a
-- holder other than the Obsidian player loses a fleet token.
---------------------------------------------------------------------------
local function malevolency_holder()
  for p = 1, game.num_players() do
    for _, c in ipairs(game.zone("notes:" .. p)) do
      if L.note_of(c) == "malevolency" then return p, c end
    end
  end
  return nil
end
game.on("after:tactical_action", function(ctx)
  local p, card = malevolency_holder()
  if p ~= ctx.player or L.spendable(p, "influence") < 1 then return end
  local opts = { "none" }
  for q = 1, game.num_players() do
    if q ~= p and L.neighbours(p, q) then opts[#opts + 1] = L.pn(q) end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "te.malevolency_give" }, opts)
  if pick == "none" then return end
  local q = tonumber(pick:match("^p(%d+)$"))
  L.pay(p, 1, "influence")
  game.move_card(card, "notes:" .. p, "notes:" .. q)
  game.log({ key = "te.malevolency_given", p = L.pn(p), q = L.pn(q) })
end)
game.on("after:status_phase", function()
  local p = malevolency_holder()
  if p and not faction_is(p, "obsidian") and game.counter(p, "fleet") > 0 then
    game.add(p, "fleet", -1)
    game.log({ key = "te.malevolency_fleet", p = L.pn(p) })
    -- Ships over the smaller fleet pool are removed (LRR 37.3).
    for s = 1, game.num_systems() do
      if #L.ships(p, s) > 0 then L.enforce_fleet_pool(p, s) end
    end
  end
end)

---------------------------------------------------------------------------
-- The plot cards, face up (The Obsidian): each acts against its puppeted
-- player. Texts: AsyncTI4/ti4_web_new src/entities/data/plots.ts.
---------------------------------------------------------------------------
--- The non-faction technologies q owns that p does not, sorted.
local function extractable(p, q)
  local out = {}
  for _, t in ipairs(game.holdings(q, "techs")) do
    local d = game.data.techs[t]
    if d and not d.faction and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  table.sort(out)
  return out
end

local function gain_tech_card(p, t, card)
  game.grant(p, "techs", t)
  game.log({ key = "te.plot_gains_tech", p = L.pn(p), tech = L.name("techs", t), card = L.name("plot_cards", card) })
  game.window("tech_gained", { player = p, tech = t, gained = true })
end

--- p's plot cards flip face up (The Obsidian's Nocturne); Extract and Seethe act as they are revealed.
function L.te_reveal_plots(p)
  local list, cards = L.te_plots(p), L.te_plot_cards(p)
  for i, q in ipairs(list) do
    local c = cards[i]
    if c then
      game.log({ key = "te.plot_revealed", p = L.pn(p), card = L.name("plot_cards", c), q = L.pn(q) })
      if c == "extract" then
        local opts = extractable(p, q)
        if #opts > 0 then gain_tech_card(p, game.choose(p, { key = "te.extract_tech", q = L.pn(q) }, opts), c) end
      elseif c == "seethe" then
        local opts = {}
        for _, pl in ipairs(game.planets_owned(q)) do
          local s = game.planet_system(pl)
          if not (s and L.is_home_system(s)) and game.count_units { planet = pl } > 0 then opts[#opts + 1] = pl end
        end
        table.sort(opts)
        if #opts > 0 then
          local pl = game.choose(p, { key = "te.seethe_planet", q = L.pn(q) }, opts)
          game.log({ key = "te.seethe_destroys", p = L.pn(p), planet = L.name("planets", pl) })
          for _, u in ipairs(game.units { planet = pl }) do
            if game.unit_exists(u.id) then L.destroy_unit(u, { source = p }) end
          end
        end
      end
    end
  end
end

-- Assail: +1 to the holder's combat rolls against the puppeted player.
game.on("combat_round_start", function(rc)
  if not rc.mods then return end
  for _, pair in ipairs({ { rc.attacker, rc.defender }, { rc.defender, rc.attacker } }) do
    local x, y = pair[1], pair[2]
    if rc.mods[x] and L.te_plot_active(x, "assail", y) then
      rc.mods[x].all = (rc.mods[x].all or 0) + 1
    end
  end
end, { plain = function(board)
  for _, p in ipairs(fight_players(board)) do
    if #L.te_plot_cards(p) > 0 then return false end
  end
  return true
end })

-- Assail: +1 to the holder's unit ability rolls against the puppeted player.
local base_ability_bonus = L.unit_ability_roll_bonus
function L.unit_ability_roll_bonus(p, ability, q)
  local n = base_ability_bonus(p, ability, q)
  if L.te_plot_active(p, "assail", q) then n = n + 1 end
  return n
end
local base_bombard_roll = L.bombard_roll
function L.bombard_roll(p, u, pl, dice, hit, ctx)
  dice, hit = base_bombard_roll(p, u, pl, dice, hit, ctx)
  local q = pl and game.planet_owner(pl)
  if q and L.te_plot_active(p, "assail", q) then hit = hit - 1 end
  return dice, hit
end

-- Enervate: the puppeted player's secondaries without a command token; Leadership's primary instead of its secondary.
local base_secondary_free = L.secondary_free
function L.secondary_free(q, d, ctx)
  if ctx and L.te_plot_active(q, "enervate", ctx.player) then return true end
  return base_secondary_free(q, d, ctx)
end
local base_resolve_secondary = L.resolve_secondary
function L.resolve_secondary(q, d, ctx)
  if ctx and ctx.card == "leadership" and d.handler.primary and L.te_plot_active(q, "enervate", ctx.player) then
    game.log({ key = "te.enervate_primary", p = L.pn(q), card = L.name("strategy_cards", ctx.card) })
    return d.handler.primary(q, d, ctx)
  end
  return base_resolve_secondary(q, d, ctx)
end

-- Extract: when the puppeted player gains a non-faction technology, the holder may pay 4 resources to gain it too.
game.on("tech_gained", function(ctx)
  local q, t = ctx.player, ctx.tech
  local d = t and game.data.techs[t]
  if not d or d.faction then return end
  for _, p in ipairs(L.te_plot_holders("extract", q)) do
    if not game.holds(p, "techs", t) and L.spendable(p, "resources") >= 4
      and game.confirm(p, { key = "te.extract_pay", q = L.pn(q), tech = L.name("techs", t) }) then
      if L.pay(p, 4, "resources") then gain_tech_card(p, t, "extract") end
    end
  end
end)

-- Syphon: trade goods as the puppeted player gains commodities.
game.on("commodities_replenished", function(ctx)
  local n = ctx.gained or 0
  if n <= 0 then return end
  for _, p in ipairs(L.te_plot_holders("syphon", ctx.player)) do
    game.add(p, "tg", n)
    game.log({ key = "te.syphon_gains", p = L.pn(p), n = n, q = L.pn(ctx.player) })
  end
end)

-- Seethe: at the start of the status phase, one of the puppeted player's infantry is destroyed.
game.on("before:status_phase", function()
  for p = 1, game.num_players() do
    local list, cards = L.te_plots(p), L.te_plot_cards(p)
    for i, q in ipairs(list) do
      if cards[i] == "seethe" and L.te_plot_active(p, "seethe", q) then
        local opts, by = {}, {}
        for _, u in ipairs(game.units { owner = q, kind = "infantry" }) do
          local k = u.kind .. "#" .. u.id
          opts[#opts + 1] = k
          by[k] = u
        end
        table.sort(opts)
        if #opts > 0 then
          local pick = game.choose(p, { key = "te.seethe_infantry", q = L.pn(q) }, opts)
          L.destroy_unit(by[pick], { source = p })
        end
      end
    end
  end
end)
