-- Stymie: after another player moves ships into a system holding units of
-- the holder, the holder may take a command token out of that player's
-- reinforcements and set it in a non-home system free of that player's tokens.
local L = game.lib

local function where(q)
  local home = {}
  for x = 1, game.num_players() do
    local h = L.home(x)
    if h then home[h] = true end
  end
  local out = {}
  for s = 1, game.num_systems() do
    if game.system(s).hex and not home[s] and not game.has_token(s, "command", q) then out[#out + 1] = game.system(s).hex end
  end
  table.sort(out)
  return out
end

return {
  when = function(ctx, p)
    local q = ctx.player
    return q ~= p and (ctx.moved or 0) > 0 and game.count_units { system = ctx.system, owner = p } > 0
      and (L.reinforcements(q) > 0 or game.counter(q, "tactic") + game.counter(q, "fleet") + game.counter(q, "strategy") > 0)
      and #where(q) > 0
  end,
  run = function(ctx, p, owner, def)
    local q = ctx.player
    local name = L.name("promissory_notes", def.id)
    local pick = game.choose(p, { key = "ti4.stymie_where", q = L.pn(q), note = name }, where(q))
    local s = game.system_at(pick)
    -- (from q's command sheet when their reinforcements are empty, LRR 20.3b)
    L.place_command_token(q, s)
    game.log({ key = "ti4.stymie", p = L.pn(p), q = L.pn(q), system = L.sysname(s), note = name })
  end,
}
