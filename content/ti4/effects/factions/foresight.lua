-- Naalu, Foresight: after another player moves ships into a system holding
-- the holder's ships, the holder may take 1 token from their strategy pool
-- and put it in an adjacent system without other players' ships (and that
-- they could move into: no supernova), then move their ships from the
-- active system there (fleet pool and capacity are checked there).
-- Ships moved by an effect may transport units as in a move (LRR FAQ on
-- Foresight): the player may take along ground forces from the planets of
-- the active system, one by one, while the moving ships have room.
local L = game.lib

-- Capacity left on p's ships in the space area of s.
local function room(p, s)
  local n = 0
  for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
    local d = L.def(p, u.kind)
    if u.carried == nil and d.class == "ship" then n = n + (d.capacity or 0) end
    if d.transported then n = n - 1 end
  end
  return n
end

-- The ground forces p takes from the planets of s, as the movement step asks.
local function pick_up(p, s)
  local left = room(p, s)
  local out = {}
  for _, pl in ipairs(game.planets_of(s)) do
    for _, u in ipairs(game.units { planet = pl, owner = p }) do
      if left <= 0 then return out end
      if L.def(p, u.kind).transported and u.carried == nil then
        local prompt = { key = "transport_from", unit = u.kind .. "#" .. u.id, id = u.id, planet = L.name("planets", pl) }
        if game.choose(p, prompt, { "yes", "no" }) == "yes" then
          out[#out + 1] = u
          left = left - 1
        end
      end
    end
  end
  return out
end

local function targets(p, s)
  local out = {}
  local rules = L.move_rules(p, nil)
  local blocked = {}
  for _, b in ipairs(rules.blocked) do blocked[b] = true end
  for _, t in ipairs(game.adjacent(s, "move")) do
    if not blocked[t] and #L.effect_other_ships(p, t) == 0 then out[#out + 1] = t end
  end
  return out
end

return {
  when = function(ctx, p)
    return ctx.player ~= p and (ctx.moved or 0) + (ctx.moved_first or 0) > 0 and ctx.system ~= nil
      and #L.ships(p, ctx.system) > 0 and game.counter(p, "strategy") > 0
  end,
  run = function(ctx, p, def)
    local s = ctx.system
    local opts = { "no" }
    for _, t in ipairs(targets(p, s)) do opts[#opts + 1] = game.system(t).hex or tostring(t) end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.foresight_to", ability = L.name("abilities", def.id), system = L.sysname(s) }, opts)
    if pick == "no" then return end
    local t = tonumber(pick) or game.system_at(pick)
    game.add(p, "strategy", -1)
    if not game.has_token(t, "command", p) then game.place_token(t, "command", p) end
    -- Moving out of a gravity rift, each ship rolls first (LRR 41.2).
    L.roll_leaving_rift(p, s)
    local taken = pick_up(p, s)
    for _, u in ipairs(game.units { system = s, owner = p, space = true }) do
      game.move_unit(u.id, { system = t })
    end
    for _, u in ipairs(taken) do game.move_unit(u.id, { system = t }) end
    game.log({ key = "ti4.foresight_moves", p = L.pn(p), from = L.sysname(s), system = L.sysname(t), ability = L.name("abilities", def.id) })
    L.enforce_limits(p, t)
  end,
}
