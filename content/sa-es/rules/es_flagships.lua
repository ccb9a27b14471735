-- Flagships in the Spanish SA rulebook (seed 001, "APÉNDICE 5"; data in
-- flagships.yaml, the shared rules in ti3's u_flagships.lua and sa-en's
-- o_flagships.lua). Each piece runs only with the option `flagships`.
--   * the Saar flagship may be built in any system where its owner produces
--     (F.may_build_at); every other flagship only at a space dock in its
--     owner's home system, as in Shards of the Throne (000 frees them all);
--   * the Yssaril flagship and its fleet: other players' space cannon do not
--     fire at the player's ships in a system holding that flagship (no dice
--     are rolled at them), and space mines are not set off by a move in which
--     the flagship takes part (the whole moving fleet crosses them freely).
--     UNCERTAIN: "its fleet" read as the player's ships in the flagship's
--     system / moving with it.
-- (Every flagship taking 2 of a production capacity is data:
-- production_cost in flagships.yaml.)
local L = game.lib
local F = L.flagships

-- Every other flagship is built at a space dock of its owner's home system
-- (the SotT rule: 001 frees only the Saar's; 000 frees them all, sa-en's
-- F.may_build_at: any system with his dock).
local base_may_build = F.may_build_at
function F.may_build_at(p, s)
  if s ~= nil and F.id(p) and L.def(p, "flagship").build_anywhere then return true end
  if s == nil or s ~= L.home(p) then return false end
  return base_may_build(p, s)
end

-- PDS fire at ships: the system being fired into.
local into
local base_sco = game.procedure_fn("space_cannon_offense")
procedure("space_cannon_offense", function(ctx)
  local prev = into
  into = ctx.system
  return F.guarded(function() into = prev end, base_sco, ctx)
end)

local base_fire = L.fire_cannons
function L.fire_cannons(q, list, target, label)
  if F.on() and into and label == "space cannon" and type(target) == "number"
    and F.has(target, into, "fleet_ignores_mines_and_pds") then
    game.log({ key = "sa_es.ships_not_targeted_by_pds", p = L.pn(target), system = L.sysname(into), unit = F.name(target) })
    L.combat_state.last_volley = { source = q }
    return 0
  end
  return base_fire(q, list, target, label)
end

-- Space mines: sa-es replaces the crossing of mined borders when the game
-- is set up; the wrapper goes on top of it then.
local function wrap_mines()
  local G = L.sa_general
  if not G or not G.cross_mines or G.es_flagship_wrapped then return end
  local base_cross = G.cross_mines
  G.cross_mines = function(p, target, moved, rules)
    if F.on() then
      for _, x in ipairs(moved or {}) do
        if x.unit.kind == "flagship" and game.unit_exists(x.unit.id) and L.def(p, x.unit.kind).fleet_ignores_mines_and_pds then
          if #L.sa_mines() > 0 then
            game.log({ key = "sa_es.fleet_crosses_mines_freely", p = L.pn(p), unit = F.name(p) })
          end
          return
        end
      end
    end
    return base_cross(p, target, moved, rules)
  end
  G.es_flagship_wrapped = true
end

game.when_loaded(wrap_mines)
