-- Last Bastion: starting technology, Liberate, Galvanize, Phoenix Standard,
-- the Helios space docks, Proxima Targeting, The Egeiro and The Icon.
local L = game.lib

local function is_bastion(p) return type(p) == "number" and p ~= 0 and game.get("player", p, "faction") == "bastion" end
local function has_ability(p, id) return type(p) == "number" and p ~= 0 and game.holds(p, "abilities", id) end
-- The two players of a simulated fight (`imperium combat`'s board).
local function fight_players(board) return { board.attacker or 1, board.defender or 2 } end

-- The starting technology: one of four on the sheet; without Prophecy of
-- Kings only Antimass Deflectors and Sarween Tools are in the game.
local BASTION_START = { "antimass_deflectors", "sarween_tools" }
local base_chooses = L.chooses_starting_tech
function L.chooses_starting_tech(p)
  if is_bastion(p) then return true end
  return base_chooses(p)
end
local base_options = L.starting_tech_options
function L.starting_tech_options(p)
  if not is_bastion(p) then return base_options(p) end
  local out = {}
  for _, t in ipairs(BASTION_START) do
    if game.data.techs[t] and not game.holds(p, "techs", t) then out[#out + 1] = t end
  end
  return out
end

-- A station in the home system does not count for controlling it: holding
-- every other home planet is enough; otherwise the parent decides (its
-- exceptions, such as Saar's Nomadic, stand).
local base_controls_home = L.controls_home
function L.controls_home(p)
  local h = L.home(p)
  if h then
    local all = true
    for _, pl in ipairs(game.planets_of(h)) do
      if not L.te_is_station(pl) and game.planet_owner(pl) ~= p then all = false end
    end
    if all then return true end
  end
  return base_controls_home(p)
end

---------------------------------------------------------------------------
-- Galvanize: a token under a unit (8 per player); a galvanized unit rolls
-- one more die in combat, bombardment, anti-fighter barrage and space cannon.
---------------------------------------------------------------------------
L.TE_GALVANIZE_TOKENS = 8
--- Whether unit u (id) is galvanized.
function L.te_galvanized(id) return game.get("unit", id, "galvanized") == true end
--- How many of p's units are galvanized.
function L.te_galvanized_count(p)
  local n = 0
  for _, u in ipairs(game.units { owner = p }) do if L.te_galvanized(u.id) then n = n + 1 end end
  return n
end
--- p galvanizes unit u (a unit table) if a token is left and it has none.
function L.te_galvanize(p, u)
  if L.te_galvanized(u.id) or L.te_galvanized_count(p) >= L.TE_GALVANIZE_TOKENS then return false end
  game.put("unit", u.id, "galvanized", true)
  game.log({ key = "te.galvanizes", p = L.pn(p), unit = u.kind .. "#" .. u.id })
  return true
end

local base_combat_dice = L.combat_dice
function L.combat_dice(p, kind, units, dice, label, rc)
  local n = base_combat_dice(p, kind, units, dice, label, rc)
  for _, u in ipairs(units or {}) do if L.te_galvanized(u.id) then n = n + 1 end end
  return n
end
-- (No galvanized unit in the fight's system: the same dice.)
L.plain_wrapper(L.combat_dice, base_combat_dice, function(board)
  for _, u in ipairs(game.units { system = board.system or 1 }) do
    if L.te_galvanized(u.id) then return false end
  end
  return true
end)

local base_bombard_roll = L.bombard_roll
function L.bombard_roll(p, u, pl, dice, hit, ctx)
  local d, h = base_bombard_roll(p, u, pl, dice, hit, ctx)
  if L.te_galvanized(u.id) then d = d + 1 end
  return d, h
end

-- The other unit abilities that roll dice: a galvanized unit's anti-fighter
-- barrage and space cannon (offense) roll 1 die more.
local function one_more(a)
  local out = {}
  for k, v in pairs(a) do out[k] = v end
  out.dice = (a.dice or 1) + 1
  return out
end
-- A list of shooters ({[unit_field] = unit, [ability_field] = ability}),
-- each galvanized unit's entry copied with one more die.
local function galvanize_shooters(list, unit_field, ability_field)
  for i, x in ipairs(list) do
    if L.te_galvanized(x[unit_field].id) then
      local y = {}
      for k, v in pairs(x) do y[k] = v end
      y[ability_field] = one_more(x[ability_field])
      y.galvanized = true
      list[i] = y
    end
  end
  return list
end
local base_barrage_shooters = L.barrage_shooters
function L.barrage_shooters(p, s)
  local list = base_barrage_shooters(p, s)
  return galvanize_shooters(list, "u", "a")
end
L.plain_wrapper(L.barrage_shooters, base_barrage_shooters, function(board)
  for _, u in ipairs(game.units { system = board.system or 1 }) do
    if L.te_galvanized(u.id) then return false end
  end
  return true
end)
local base_cannon_shooters = L.space_cannon_shooters
function L.space_cannon_shooters(q, t, s)
  local list = base_cannon_shooters(q, t, s)
  return galvanize_shooters(list, "unit", "sc")
end
-- Every other use of Space Cannon goes through L.fire_cannons with a list
-- built elsewhere: space cannon defense against committed ground forces
-- (LRR 77.4), an ally's cannon in the alliance variant, a space dock firing
-- for Experimental Battlestation. A galvanized unit there rolls 1 die more
-- too (entries the shooters above already raised are marked and skipped).
local base_fire_cannons = L.fire_cannons
function L.fire_cannons(q, list, target_player, label)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  for i, x in ipairs(out) do
    if x.unit and not x.galvanized and L.te_galvanized(x.unit.id) then
      local y = {}
      for k, v in pairs(x) do y[k] = v end
      y.sc = one_more(x.sc)
      y.galvanized = true
      out[i] = y
    end
  end
  return base_fire_cannons(q, out, target_player, label)
end
-- (No galvanized unit anywhere: the same dice.)
L.plain_wrapper(L.fire_cannons, base_fire_cannons, function()
  for _, u in ipairs(game.units {}) do
    if L.te_galvanized(u.id) then return false end
  end
  return true
end)

-- Phoenix Standard: at the end of a combat, galvanize one unit that fought.
local function phoenix(p, units)
  if not has_ability(p, "phoenix_standard") then return end
  local opts = { "none" }
  local by = {}
  for _, u in ipairs(units) do
    if not L.te_galvanized(u.id) then
      local o = u.kind .. "#" .. u.id
      opts[#opts + 1] = o
      by[o] = u
    end
  end
  if #opts == 1 or L.te_galvanized_count(p) >= L.TE_GALVANIZE_TOKENS then return end
  local pick = game.choose(p, { key = "te.phoenix_standard" }, opts)
  if pick ~= "none" then L.te_galvanize(p, by[pick]) end
end
game.on("after:space_combat", function(ctx)
  for _, p in ipairs({ ctx.player, ctx.defender }) do
    if p and ctx.system then phoenix(p, L.ships(p, ctx.system)) end
  end
end, { plain = function(board)
  for _, p in ipairs(fight_players(board)) do
    if has_ability(p, "phoenix_standard") then return false end
  end
  return true
end })
game.on("after:ground_combat", function(ctx)
  for _, p in ipairs({ ctx.player, ctx.defender }) do
    if p and ctx.planet then phoenix(p, L.ground(p, ctx.planet)) end
  end
end)

-- Liberate: on gaining a planet, ready it if enough of your infantry are on
-- it (at least its resource value), otherwise put 1 infantry there (unless
-- units may not be placed there: Demilitarized Zone, L.may_place_on).
game.on("planet_gained", function(ctx)
  local p, pl = ctx.player, ctx.planet
  if not has_ability(p, "liberate") or L.te_is_station(pl) then return end
  local n = game.count_units { owner = p, planet = pl, kind = "infantry" }
  if n >= (L.pdef(pl).resources or 0) then
    game.exhaust(pl, false)
    game.log({ key = "te.liberate_ready", p = L.pn(p), planet = L.name("planets", pl) })
  elseif L.may_place_on(pl) and game.count_units { owner = p, kind = "infantry" } < (L.def(p, "infantry").limit or 99) then
    game.spawn("infantry", p, { planet = pl })
    game.log({ key = "te.places_infantry", p = L.pn(p), n = 1, planet = L.name("planets", pl) })
  end
end)

---------------------------------------------------------------------------
-- The Helios space docks raise their planet's resource value (by 1, or 2
-- upgraded), kept as the planet's resource attachment (ti4's attach_res).
---------------------------------------------------------------------------
--- Brings the Helios resource bonus of every planet up to date.
function L.te_helios_refresh()
  local want = {}
  for _, u in ipairs(game.units { kind = "space_dock" }) do
    if u.planet then
      local d = L.def(u.owner, "space_dock")
      if d.id == "bastion_space_dock" then want[u.planet] = 1 elseif d.id == "bastion_space_dock_2" then want[u.planet] = 2 end
    end
  end
  local known = game.get("game", nil, "te_helios_planets") or {}
  local all = {}
  for pl in pairs(known) do all[pl] = true end
  for pl in pairs(want) do all[pl] = true end
  local now = {}
  for _, pl in ipairs(game.keys(all)) do
    local had = game.get("game", nil, "te_helios:" .. pl) or 0
    local w = want[pl] or 0
    if w ~= had then
      local r = (game.get("game", nil, "attach_res:" .. pl) or 0) + (w - had)
      game.put("game", nil, "attach_res:" .. pl, r ~= 0 and r or nil)
      game.put("game", nil, "te_helios:" .. pl, w ~= 0 and w or nil)
    end
    if w ~= 0 then now[pl] = true end
  end
  game.put("game", nil, "te_helios_planets", next(now) and now or nil)
end

local base_setup_player = game.procedure_fn("setup_player")
procedure("setup_player", function(p)
  local r = base_setup_player(p)
  if is_bastion(p) then
    L.te_helios_refresh()
    -- Ordinian's legendary ability card (4X41D "Hyperion" V1) starts with
    -- the player who controls Ordinian from set-up: no planet_gained window
    -- is opened for home planets.
    for _, pl in ipairs(game.planets_owned(p)) do
      local legend = L.te_legend_of(pl)
      if legend and not game.holds(p, "legendary_abilities", legend) then
        game.grant(p, "legendary_abilities", legend)
      end
    end
  end
  return r
end)
game.on("structure_placed", function(ctx) if is_bastion(ctx.player) then L.te_helios_refresh() end end)
-- (a planet taken: the structures there were removed without a
-- unit_destroyed window, LRR 49.6 in ti-common's establish_control)
game.on("planet_gained", function(ctx) if game.get("game", nil, "te_helios_planets") then L.te_helios_refresh() end end)
game.on("tech_gained", function(ctx) if ctx.tech == "helios_v2" then L.te_helios_refresh() end end)
game.on("unit_destroyed", function(ctx) if is_bastion(ctx.player) then L.te_helios_refresh() end end,
  { plain = function(board) return not is_bastion(board.attacker or 1) and not is_bastion(board.defender or 2) end })

---------------------------------------------------------------------------
-- Proxima Targeting V1.
---------------------------------------------------------------------------
local base_bombard_hits = L.bombard_hits
function L.bombard_hits(p, owner, pl, hits, ctx)
  local h = base_bombard_hits(p, owner, pl, hits, ctx)
  if owner and owner ~= 0 and game.holds(owner, "techs", "proxima_targeting_v1") and h > 0 then
    local n = 0
    for _, u in ipairs(game.units { owner = owner, system = game.planet_system(pl) }) do
      if L.te_galvanized(u.id) then n = n + 1 end
    end
    if n > 0 then
      local cut = math.min(n, h)
      game.log({ key = "te.proxima_cancels", p = L.pn(owner), n = cut })
      h = h - cut
    end
  end
  return h
end

-- (Ground combat only: plain fights are space combats.)
game.on("combat_round_start", function(rc)
  if not rc.ground or not rc.planet then return end
  for _, p in ipairs({ rc.attacker, rc.defender }) do
    local q = p == rc.attacker and rc.defender or rc.attacker
    -- It is a use of BOMBARDMENT against the opponent's forces: a planetary
    -- shield there (L.shielded) or a law forbidding bombardment there
    -- (L.bombardment_forbidden) keeps it from being resolved, and with it
    -- the identical roll against one's own forces.
    if p and q and p ~= 0 and game.holds(p, "techs", "proxima_targeting_v1")
      and not L.shielded(rc.planet, p) and not L.bombardment_forbidden(p, rc.planet)
      and game.confirm(p, { key = "te.proxima_offer", planet = L.name("planets", rc.planet) }) then
      -- Both rolls are BOMBARDMENT rolls: the first part of the card (each
      -- galvanized unit present cancels a hit against its owner's ground
      -- forces) applies to them through L.bombard_hits.
      local h1 = game.roll({ key = "te.proxima_roll", p = L.pn(p) }, 3, 8)
      h1 = L.bombard_hits(p, q, rc.planet, h1, rc)
      L.assign_hits(q, L.ground(q, rc.planet), h1, "bombardment", { source = p })
      local h2 = game.roll({ key = "te.proxima_roll_own", p = L.pn(p) }, 3, 8)
      h2 = L.bombard_hits(p, p, rc.planet, h2, rc)
      L.assign_hits(p, L.ground(p, rc.planet), h2, "bombardment", { source = p })
    end
  end
end, { plain = true })

-- The Egeiro: +1 to its combat rolls per non-home system (no player's home,
-- L.is_home_system) with a planet p controls.
game.on("combat_round_start", function(rc)
  for _, p in ipairs({ rc.attacker, rc.defender }) do
    -- (A player without a faction, as in a simulated fight, has no flagship.)
    if p and p ~= 0 and not rc.ground and rc.system
      and game.count_units { owner = p, kind = "flagship", system = rc.system } > 0
      and L.has_flagship_ability(p, "flagship", "bastion_flagship") then
      local systems = {}
      for _, pl in ipairs(game.planets_owned(p)) do
        local s = game.planet_system(pl)
        if s and s ~= L.home(p) and not L.is_home_system(s) then systems[s] = true end
      end
      local n = 0
      for _ in pairs(systems) do n = n + 1 end
      if n > 0 then
        rc.mods[p] = rc.mods[p] or {}
        rc.mods[p].flagship = (rc.mods[p].flagship or 0) + n
      end
    end
  end
end, { plain = function(board)
  for _, p in ipairs(fight_players(board)) do
    if game.count_units { owner = p, kind = "flagship", system = board.system or 1 } > 0
      and L.has_flagship_ability(p, "flagship", "bastion_flagship") then return false end
  end
  return true
end })

-- The Icon (breakthrough): exhausted to put ships just produced in another
-- system with a command token of p, a ground force of p and no other
-- player's ships.
local base_place = L.production_place
function L.production_place(ctx, kind, where, st)
  local p = st.player
  if where.system and game.holds(p, "breakthroughs", "the_icon") then
    if st.te_icon == nil then
      st.te_icon = false
      if L.te_bt_ready(p, "the_icon") then
        local opts = { "none" }
        for s = 1, game.num_systems() do
          if s ~= where.system and game.has_token(s, "command", p) and #L.effect_other_ships(p, s) == 0 then
            local ground = false
            for _, u in ipairs(game.units { system = s, owner = p }) do
              if L.def(p, u.kind).class == "ground" then ground = true end
            end
            if ground and game.system(s).hex then opts[#opts + 1] = game.system(s).hex end
          end
        end
        if #opts > 1 then
          local pick = game.choose(p, { key = "te.the_icon" }, opts)
          if pick ~= "none" then
            L.te_bt_exhaust(p, "the_icon")
            st.te_icon = game.system_at(pick)
            game.log({ key = "te.the_icon_used", p = L.pn(p), system = L.sysname(st.te_icon) })
          end
        end
      end
    end
    if st.te_icon then
      local d = L.def(p, kind)
      if d.class == "ship" then return base_place(ctx, kind, { system = st.te_icon }, st) end
    end
  end
  return base_place(ctx, kind, where, st)
end
