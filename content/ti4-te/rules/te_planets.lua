-- Thunder's Edge planets: space stations, legendary planet ability cards,
-- relic planets, Styx, and entropic scars.
local L = game.lib

-- Simulated fights (`imperium combat`: the board's system, attacker and
-- defender): whether the fight is in no entropic scar, and whether neither
-- player holds relic `id`; the replacements below act only otherwise
-- (L.plain_wrapper), so such a fight may run as a plan.
local function not_in_scar(board) return not L.te_is_scar(board.system or 1) end
local function relic_unheld(board, id)
  return not game.holds(board.attacker or 1, "relics", id) and not game.holds(board.defender or 2, "relics", id)
end

---------------------------------------------------------------------------
-- Space stations: no ground forces or structures; a player who is the only
-- one with ships in its system gains its card, exhausted, and keeps it when
-- the ships leave. Each station adds 1 to its holder's commodity value; two
-- station holders may trade even when they are not neighbours; a ready
-- station may be exhausted to turn commodities into trade goods. Stations
-- give no votes (and are not exhausted to vote) and do not count for objectives
-- (L.objective_planets below) or for controlling a home system (rules/te_bastion.lua:
-- Revelation, in Last Bastion's home system).
---------------------------------------------------------------------------
--- Whether planet `pl` is a space station.
function L.te_is_station(pl) return (L.pdef(pl) or {}).space_station == true end

--- The space stations p controls, sorted.
function L.te_stations(p)
  local out = {}
  for _, pl in ipairs(game.planets_owned(p)) do
    if L.te_is_station(pl) then out[#out + 1] = pl end
  end
  table.sort(out)
  return out
end

local base_may_commit = L.may_commit_to
function L.may_commit_to(p, pl, ctx)
  if L.te_is_station(pl) then return false end
  return base_may_commit(p, pl, ctx)
end

local base_may_place = L.may_place_on
function L.may_place_on(pl)
  if L.te_is_station(pl) then return false end
  return base_may_place(pl)
end

-- Nor do abilities put or move ground forces onto them (Orbital Drop, Mitosis, Transit Diodes...).
local base_drop_planets = L.drop_planets
function L.drop_planets(p)
  local out = {}
  for _, pl in ipairs(base_drop_planets(p)) do
    if not L.te_is_station(pl) then out[#out + 1] = pl end
  end
  return out
end

local base_commodity_value = L.commodity_value
function L.commodity_value(p)
  return base_commodity_value(p) + #L.te_stations(p)
end

local base_may_trade = L.may_trade
function L.may_trade(p, q)
  if base_may_trade(p, q) then return true end
  return #L.te_stations(p) > 0 and #L.te_stations(q) > 0
end

-- A station gives no votes (through the per-planet hook, so that laws that
-- set the votes, such as Representative Government, stay as they are).
local base_planet_votes = L.planet_votes
function L.planet_votes(p, pl, ready)
  if L.te_is_station(pl) then return 0 end
  return base_planet_votes(p, pl, ready)
end

-- Nor are they exhausted or picked to cast votes.
local base_votes_with = L.votes_with
function L.votes_with(p, pl)
  if L.te_is_station(pl) then return false end
  return base_votes_with(p, pl)
end

--- p takes every space station in system s when p is the only player with ships there.
function L.te_claim_stations(p, s)
  if #L.ships(p, s) == 0 or #L.other_ships(p, s) > 0 then return end
  for _, pl in ipairs(game.planets_of(s)) do
    if L.te_is_station(pl) and game.planet_owner(pl) ~= p then L.take_control(p, pl, true) end
  end
end

-- After movement and space combat, before landing: the active player's sole ships take the stations.
game.on("before:invasion", function(ctx)
  if ctx.player and ctx.system then L.te_claim_stations(ctx.player, ctx.system) end
end)

--- Every space station whose system holds ships of one player only goes to that player (systems in order): ships that came by retreat, production or any effect, or a defender left alone after a combat (checked after every tactical, strategic and component action).
function L.te_claim_all_stations()
  for s = 1, game.num_systems() do
    local station = false
    for _, pl in ipairs(game.planets_of(s)) do if L.te_is_station(pl) then station = true end end
    if station then
      for p = 1, game.num_players() do
        if #L.ships(p, s) > 0 then L.te_claim_stations(p, s) end
      end
    end
  end
end
-- Checked at the end of every action: tactical, strategic (Construction's or
-- Warfare's production) and component.
for _, w in ipairs({ "after:tactical_action", "after:strategic_action", "after:component_action" }) do
  game.on(w, function(ctx) L.te_claim_all_stations() end)
end

-- At the start of a turn a player may exhaust a ready station to turn all
-- their commodities into trade goods.
game.on("turn_start", function(ctx)
  local p = ctx.player
  if game.counter(p, "commodities") == 0 then return end
  local opts = { "none" }
  for _, pl in ipairs(L.te_stations(p)) do
    if not game.exhausted(pl) then opts[#opts + 1] = pl end
  end
  if #opts == 1 then return end
  local pick = game.choose(p, { key = "te.station_convert", n = game.counter(p, "commodities") }, opts)
  if pick == "none" then return end
  game.exhaust(pick, true)
  local n = game.counter(p, "commodities")
  game.set(p, "commodities", 0)
  game.add(p, "tg", n)
  game.log({ key = "te.station_converts", p = L.pn(p), planet = L.name("planets", pick), n = n })
end)

---------------------------------------------------------------------------
-- Legendary planet ability cards follow the planet: whoever gains control
-- of a legendary planet takes its card, in the state it was in.
---------------------------------------------------------------------------
-- Legendary ability cards with an ACTION (a `component` handler) are offered as component actions.
L.COMPONENT_COLLS = { table.unpack(L.COMPONENT_COLLS) }
L.COMPONENT_COLLS[#L.COMPONENT_COLLS + 1] = "legendary_abilities"

--- The legendary ability card of planet `pl`, or nil.
function L.te_legend_of(pl)
  for _, id in ipairs(game.keys(game.data.legendary_abilities or {})) do
    if game.data.legendary_abilities[id].planet == pl then return id end
  end
  return nil
end
--- Whether legendary ability card `id` is ready.
function L.te_legend_ready(id) return not game.get("game", nil, "legend_exhausted:" .. id) end
--- Exhausts legendary ability card `id` (p uses it).
function L.te_use_legend(p, id)
  game.put("game", nil, "legend_exhausted:" .. id, true)
  game.log({ key = "te.uses_legend", p = L.pn(p), card = L.name("legendary_abilities", id) })
end

--- Relics: p draws the top relic and puts it in their play area.
function L.te_draw_relic(p)
  local c = game.draw("deck:relics", "relics:" .. p, 1)[1]
  if not c then
    game.log({ key = "te.no_relic_left", p = L.pn(p) })
    return nil
  end
  game.grant(p, "relics", c)
  game.log({ key = "te.draws_relic", p = L.pn(p), card = L.name("relics", c) })
  L.te_relic_gained(p, c)
  game.window("relic_gained", { player = p, relic = c })
  return c
end
--- The relics p holds (granted or in their play area), sorted.
function L.te_relics_of(p)
  local seen, out = {}, {}
  for _, c in ipairs(game.holdings(p, "relics")) do if not seen[c] then seen[c] = true; out[#out + 1] = c end end
  for _, c in ipairs(game.zone("relics:" .. p)) do if not seen[c] then seen[c] = true; out[#out + 1] = c end end
  table.sort(out)
  return out
end
--- p purges relic `id`: it leaves the game.
function L.te_purge_relic(p, id)
  game.revoke(p, "relics", id)
  for _, c in ipairs(game.zone("relics:" .. p)) do
    if c == id then game.move_card(id, "relics:" .. p, "purged") break end
  end
  game.log({ key = "te.purges", p = L.pn(p), card = L.name("relics", id) })
end
--- Heart of Ixth on a single die rolled outside combat (The Silver Flame's roll, a breakthrough's roll for The Fracture): its holder, the card ready, may exhaust it to add or take 1 (the result stays within 1-10). Returns the die's result.
function L.te_heart_of_ixth_die(r)
  for q = 1, game.num_players() do
    for _, id in ipairs(L.te_relics_of(q)) do
      if id == "heart_of_ixth" and L.te_bt_ready(q, id) then
        local opts = { "none" }
        if r < 10 then opts[#opts + 1] = "+1" end
        if r > 1 then opts[#opts + 1] = "-1" end
        local pick = game.choose(q, { key = "te.heart_of_ixth_offer", roll = r }, opts)
        if pick ~= "none" then
          L.te_bt_exhaust(q, id)
          r = r + (pick == "+1" and 1 or -1)
          game.log({ key = "te.heart_of_ixth", p = L.pn(q), n = pick, roll = r })
        end
        return r
      end
    end
  end
  return r
end
--- hook: called when p gains relic `id` (a relic that does something at once, e.g. The Quantumcore, acts here); does nothing by default.
function L.te_relic_gained(p, id) end

game.on("planet_gained", function(ctx)
  local p, pl, prev = ctx.player, ctx.planet, ctx.from
  local legend = L.te_legend_of(pl)
  if legend then
    if prev then game.revoke(prev, "legendary_abilities", legend) end
    game.grant(p, "legendary_abilities", legend)
    game.log({ key = "te.takes_legend", p = L.pn(p), card = L.name("legendary_abilities", legend) })
    L.te_legend_gained(p, legend, prev)
  end
  -- A relic planet's card taken from the planet deck draws a relic.
  if not prev and L.pdef(pl).relic and not game.get("game", nil, "relic_drawn:" .. pl) then
    game.put("game", nil, "relic_drawn:" .. pl, true)
    L.te_draw_relic(p)
  end
end)

--- hook: called when p gains legendary card `id` (prev: who lost it, or nil). Styx's card gives and takes a victory point; Thunder's Edge's gives the breakthrough.
function L.te_legend_gained(p, id, prev)
  if id == "song_like_marrow" then
    if prev then
      game.add(prev, "vp", -1)
      game.log({ key = "te.loses_vp", p = L.pn(prev), n = 1, card = L.name("legendary_abilities", id), vp = game.counter(prev, "vp") })
    end
    L.gain_vp(p, 1, L.name("legendary_abilities", id))
  elseif id == "jupiter_brain" then
    L.te_gain_breakthrough(p)
  end
end

-- Legendary cards are readied with the other cards in the status phase.
game.on("after:ready_cards", function(ctx)
  for _, id in ipairs(game.keys(game.data.legendary_abilities or {})) do
    game.put("game", nil, "legend_exhausted:" .. id, nil)
  end
end)

---------------------------------------------------------------------------
-- Entropic scars: no unit abilities by or against units in them (here:
-- production, bombardment and sustain damage; space cannon, planetary shield
-- and anti-fighter barrage further below), and at the start
-- of the status phase a player with ships in one may spend a strategy token
-- to gain one of their faction technologies.
---------------------------------------------------------------------------
--- Whether system s is an entropic scar.
function L.te_is_scar(s)
  local d = game.data.systems[game.tile_of(s)]
  return d ~= nil and d.anomaly == "entropic_scar"
end

local base_production = L.production
function L.production(p, s)
  if s and L.te_is_scar(s) then return 0 end
  return base_production(p, s)
end

local base_bombard_units = L.bombard_units
function L.bombard_units(p, s, ctx)
  if L.te_is_scar(s) then return {} end
  return base_bombard_units(p, s, ctx)
end

local base_hit_options = L.hit_options
function L.hit_options(p, units, opts, gone)
  local out = base_hit_options(p, units, opts, gone)
  local scarred = {}
  for _, u in ipairs(units) do
    if u.system and L.te_is_scar(u.system) then scarred[u.kind .. "#" .. u.id] = true end
  end
  if next(scarred) == nil then return out end
  local kept = {}
  for _, o in ipairs(out) do
    local how, unit = o:match("^(%w+):(.+)$")
    if not (how == "sustain" and scarred[unit]) then kept[#kept + 1] = o end
  end
  return kept
end
L.plain_wrapper(L.hit_options, base_hit_options, not_in_scar)

game.on("before:status_phase", function(ctx)
  for _, p in ipairs(L.order_from(L.speaker())) do
    local in_scar = false
    for s = 1, game.num_systems() do
      if L.te_is_scar(s) and #L.ships(p, s) > 0 then in_scar = true end
    end
    if in_scar and game.counter(p, "strategy") > 0 then
      local fac = L.faction(p)
      local opts = { "none" }
      for _, t in ipairs((fac and fac.techs) or {}) do
        if not game.holds(p, "techs", t) then opts[#opts + 1] = t end
      end
      if #opts > 1 then
        local pick = game.choose(p, { key = "te.scar_faction_tech" }, opts)
        if pick ~= "none" then
          game.add(p, "strategy", -1)
          game.grant(p, "techs", pick)
          L.reset_cache()
          game.log({ key = "te.scar_gains_tech", p = L.pn(p), tech = L.name("techs", pick) })
          game.window("tech_gained", { player = p, tech = pick, gained = true })
        end
      end
    end
  end
end)

-- The Silver Flame's failure: that player scores no public objectives.
local base_can_score = L.can_score
function L.can_score(p, coll, id)
  if coll == "public_objectives" and game.get("player", p, "te_no_public") then return false end
  return base_can_score(p, coll, id)
end

-- An entropic scar: no space cannon fires into it (the anomaly's
-- `no_space_cannon`, read by ti-common's space cannon offense), and none
-- fires from it: units inside one (a PDS II on its planet, the Xxcha
-- flagship) do not shoot into adjacent systems either. Registered on top of
-- every other wrapper of L.space_cannon_shooters (Linkship, Quietus).
game.when_loaded(function()
  local base_shooters = L.space_cannon_shooters
  function L.space_cannon_shooters(q, t, s)
    if L.te_is_scar(t) then return {} end
    return base_shooters(q, t, s)
  end
end)

-- A wormhole that would be placed inside an entropic scar (a Creuss wormhole
-- token) is discarded instead: off the board, its old place empty too.
local base_place_wormhole = L.place_wormhole_token
function L.place_wormhole_token(p, s, w)
  if not L.te_is_scar(s) then return base_place_wormhole(p, s, w) end
  for t = 1, game.num_systems() do game.remove_token(t, "creuss_" .. w) end
  L.relink_wormhole(w)
  game.log({ key = "te.wormhole_discarded_scar", p = L.pn(p), wormhole = w, system = L.sysname(s) })
  return false
end

---------------------------------------------------------------------------
-- Relics whose effects change numbers or movement.
---------------------------------------------------------------------------
-- Lightrail Ordnance: the holder's space docks have space cannon 5 (two
-- dice) that also reaches adjacent systems.
local LIGHTRAIL_CANNON = { hit = 5, dice = 2, range = 1 }
local lightrail_defs = {}
local base_def = L.def
function L.def(p, t)
  local d = base_def(p, t)
  if d.type == "space_dock" and type(p) == "number" and game.holds(p, "relics", "lightrail_ordnance") then
    local c = lightrail_defs[d.id]
    if not c then
      c = {}
      for k, v in pairs(d) do c[k] = v end
      c.space_cannon = LIGHTRAIL_CANNON
      lightrail_defs[d.id] = c
    end
    return c
  end
  return d
end
L.plain_wrapper(L.def, base_def, function(board) return relic_unheld(board, "lightrail_ordnance") end)

-- Circlet of the Void: the holder's ships roll for no gravity rift and
-- ignore what other anomalies do to movement.
local function circlet(p) return type(p) == "number" and game.holds(p, "relics", "circlet_of_the_void") end
local base_move_rules = L.move_rules
function L.move_rules(p, target)
  local r = base_move_rules(p, target)
  if circlet(p) then r.blocked = {} end
  return r
end
local base_rift_check = L.rift_check_cost
function L.rift_check_cost(p, m, from, target, rules)
  if circlet(p) then return 0 end
  return base_rift_check(p, m, from, target, rules)
end
-- (Only what the anomaly it starts in takes from a ship's move comes back:
-- the other changes to its move value, e.g. Slipstream, stay.)
local base_move_value = L.move_value
function L.move_value(p, u, from)
  local m = base_move_value(p, u, from)
  if circlet(p) and from then
    local rule = L.anomaly_rule(from)
    local printed = L.def(p, u.kind).move or 0
    if rule and rule.move_from and printed > rule.move_from then m = m + printed - rule.move_from end
  end
  return m
end

-- Ionian Fuel Refinery's +1 move lasts for the tactical action only.
game.on("after:tactical_action", function(ctx)
  local id = game.get("game", nil, "te_refinery_unit")
  if id and game.unit_exists(id) then
    game.put("unit", id, "move_bonus", math.max(0, (game.get("unit", id, "move_bonus") or 1) - 1))
  end
  game.put("game", nil, "te_refinery_unit", nil)
end)

-- Space stations are not planets for objectives.
local base_objective_planets = L.objective_planets
function L.objective_planets(p)
  local out = {}
  for _, pl in ipairs(base_objective_planets(p)) do
    if not L.te_is_station(pl) then out[#out + 1] = pl end
  end
  return out
end

-- More of the entropic scar: no anti-fighter barrage in one, no planetary
-- shield and no space cannon defense on its planets.
local base_afb = game.procedure_fn("anti_fighter_barrage")
procedure("anti_fighter_barrage", function(ctx)
  if ctx.system and L.te_is_scar(ctx.system) then return end
  return base_afb(ctx)
end)
L.plain_wrapper(game.procedure_fn("anti_fighter_barrage"), base_afb, not_in_scar)
-- (And nobody's ships in one are barrage shooters: an ally's barrage in the
-- alliance variant, rolled after this step, asks L.barrage_shooters too.)
local base_barrage_shooters = L.barrage_shooters
function L.barrage_shooters(p, s)
  if s and L.te_is_scar(s) then return {} end
  return base_barrage_shooters(p, s)
end
L.plain_wrapper(L.barrage_shooters, base_barrage_shooters, not_in_scar)
local base_scd = game.procedure_fn("space_cannon_defense")
procedure("space_cannon_defense", function(ctx)
  if ctx.planet and L.te_is_scar(game.planet_system(ctx.planet)) then return end
  return base_scd(ctx)
end)
local base_shielded = L.shielded
function L.shielded(pl, attacker)
  if L.te_is_scar(game.planet_system(pl)) then return false end
  return base_shielded(pl, attacker)
end

-- Metali Void Armaments: in the anti-fighter barrage step the holder may
-- also roll anti-fighter barrage 6 with three dice.
game.on("after:anti_fighter_barrage", function(ctx)
  local s = ctx.system
  if not s or L.te_is_scar(s) then return end
  for _, p in ipairs({ ctx.player, ctx.defender }) do
    local q = p == ctx.player and ctx.defender or ctx.player
    if p and q and p ~= 0 and game.holds(p, "relics", "metali_void_armaments") and #L.ships(p, s) > 0 and #L.ships(q, s) > 0
      and game.confirm(p, { key = "te.metali_armaments" }) then
      local hits = game.roll({ key = "te.metali_roll", p = L.pn(p) }, 3, 6)
      L.assign_barrage_hits(q, s, hits, p)
    end
  end
end, { plain = function(board) return relic_unheld(board, "metali_void_armaments") end })

-- Metali Void Shielding: each time hits are produced against the holder's
-- ships, one non-fighter ship without sustain damage may sustain as if it had it.
game.on("assign_hits", function(ctx)
  if ctx.player and ctx.player ~= 0 and game.holds(ctx.player, "relics", "metali_void_shielding") then
    game.put("player", ctx.player, "te_void_shield", true)
  end
end, { plain = function(board) return relic_unheld(board, "metali_void_shielding") end })
local base_hit_options_vs = L.hit_options
function L.hit_options(p, units, opts, gone)
  local out = base_hit_options_vs(p, units, opts, gone)
  if type(p) ~= "number" or p == 0 or not game.get("player", p, "te_void_shield") or (opts and opts.no_sustain)
    or not game.holds(p, "relics", "metali_void_shielding") then return out end
  local extra = {}
  for _, u in ipairs(units) do
    local d = L.def(p, u.kind)
    if not (gone and gone[u.id]) and d.class == "ship" and d.type ~= "fighter" and not d.sustain_damage
      and not u.damaged and not (u.system and L.te_is_scar(u.system)) and (not opts or not opts.only or opts.only[d.type]) then
      extra[#extra + 1] = "sustain:" .. u.kind .. "#" .. u.id
    end
  end
  for _, o in ipairs(extra) do out[#out + 1] = o end
  return out
end
L.plain_wrapper(L.hit_options, base_hit_options_vs, function(board) return relic_unheld(board, "metali_void_shielding") end)
local base_on_hit = L.on_hit_assigned
function L.on_hit_assigned(p, id, how, kind, label)
  if how == "sustain" and type(p) == "number" and p ~= 0 and not L.def(p, kind).sustain_damage then
    game.put("player", p, "te_void_shield", nil)
  end
  return base_on_hit(p, id, how, kind, label)
end
L.plain_wrapper(L.on_hit_assigned, base_on_hit, function(board) return relic_unheld(board, "metali_void_shielding") end)

-- Neuraloop: when a public objective is revealed its holder may purge one
-- of their relics to discard it and reveal instead the top card of the
-- stage I or stage II deck (their choice; the decks are shuffled, so it is
-- a random objective). Secret objectives are not offered: a secret made
-- public is not built.
local base_reveal = L.reveal_objective
function L.reveal_objective()
  local c = base_reveal()
  if not c then return c end
  for _, p in ipairs(L.order_from(L.speaker())) do
    if game.holds(p, "relics", "neuraloop") then
      local decks = {}
      for _, z in ipairs({ "deck:stage1", "deck:stage2" }) do
        if game.zone_count(z) > 0 then decks[#decks + 1] = z end
      end
      if #decks > 0 and game.confirm(p, { key = "te.neuraloop_offer", objective = L.name("public_objectives", c) }) then
        local relic = game.choose(p, { key = "te.relic_to_purge" }, L.te_relics_of(p))
        L.te_purge_relic(p, relic)
        game.move_card(c, "public", "purged")
        game.revoke("game", "public_objectives", c)
        local z = game.choose(p, { key = "te.objective_deck" }, decks)
        local n = game.draw(z, "public", 1)[1]
        game.log({ key = "te.neuraloop_replaces", p = L.pn(p), old = L.name("public_objectives", c), objective = L.name("public_objectives", n) })
        game.grant("game", "public_objectives", n)
        return n
      end
    end
  end
  return c
end

---------------------------------------------------------------------------
-- Dok 'N Pic's Salvage Yard (Garbozia's legendary card): action cards lying
-- on the card are kept in zone te_yard:<p> of whoever holds the card, so the
-- bus offers them to that player as if they were in hand; they are not the
-- hand (no hand limit, nothing that takes or looks at a hand sees them).
-- Playing one purges it. When Garbozia changes hands the cards go along.
---------------------------------------------------------------------------
--- The zone of the cards on the Salvage Yard while p holds it (made on first use).
function L.te_yard(p)
  local z = "te_yard:" .. p
  if not game.get("game", nil, "te_yard_zone:" .. p) then
    game.zone_new(z, p)
    game.put("game", nil, "te_yard_zone:" .. p, true)
  end
  return z
end

local function yard_has(p, id)
  if not game.get("game", nil, "te_yard_zone:" .. p) then return false end
  for _, c in ipairs(game.zone("te_yard:" .. p)) do if c == id then return true end end
  return false
end

local function hand_has(p, id)
  for _, c in ipairs(game.zone("actions:" .. p)) do if c == id then return true end end
  return false
end

-- A card played from the yard is purged, never discarded (so no Data
-- Skimmer either: this wrapper sits on top of every other one); with a copy
-- in hand too, the player says which one they play.
game.when_loaded(function()
  local base_discard_action_card = L.discard_action_card
  function L.discard_action_card(p, id)
    if yard_has(p, id) and (not hand_has(p, id)
      or game.confirm(p, { key = "te.salvage_play_from_yard", card = L.name("action_cards", id) })) then
      game.move_card(id, "te_yard:" .. p, "purged")
      game.log({ key = "te.purges", p = L.pn(p), card = L.name("action_cards", id) })
      return
    end
    return base_discard_action_card(p, id)
  end
end)

-- The yard's cards with an ACTION are component actions of their holder.
local base_component_actions = L.component_actions
function L.component_actions(p)
  local out = base_component_actions(p)
  if not game.get("game", nil, "te_yard_zone:" .. p) then return out end
  local have = {}
  for _, o in ipairs(out) do have[o] = true end
  local ids, seen = {}, {}
  for _, c in ipairs(game.zone("te_yard:" .. p)) do
    if not seen[c] then seen[c] = true; ids[#ids + 1] = c end
  end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local d = game.data.action_cards[id]
    local h = d and d.handler
    local o = "component:action_cards." .. id
    if not have[o] and type(h) == "table" and h.component and L.may_play_action_card(p, id)
      and (not h.usable or h.usable(p, d)) and L.component_usable(p, "action_cards", id) then
      out[#out + 1] = o
    end
  end
  return out
end

game.on("planet_gained", function(ctx)
  local p, prev = ctx.player, ctx.from
  if ctx.planet ~= "garbozia" or not prev or not game.get("game", nil, "te_yard_zone:" .. prev) then return end
  for _, c in ipairs(game.zone("te_yard:" .. prev)) do game.move_card(c, "te_yard:" .. prev, L.te_yard(p)) end
end)
