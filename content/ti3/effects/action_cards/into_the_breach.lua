-- Into the Breach: just before a space battle, a player picks one of its
-- dreadnoughts there. For the rest of the battle all its ships in that
-- system roll at +1, and the first two hits scored against them in the
-- battle go to the chosen dreadnought (the player still chooses whether it
-- sustains damage or is destroyed; once it is gone, hits are assigned as
-- usual). Hits cancelled first (Shields Holding, played by the player in the
-- same window) never reach the dreadnought.
-- The played card grants itself to "game"; the game's copy applies the
-- effect (`itb` game prop) and ends it after the battle.
local L = game.lib
local KEY = "into_the_breach"
local function dreadnoughts(p, s)
  local out = {}
  for _, u in ipairs(L.ships(p, s)) do
    if L.def(p, u.kind).type == "dreadnought" then out[#out + 1] = u.kind .. "#" .. u.id end
  end
  return out
end
-- One hit on the dreadnought, as L.assign_hits resolves it.
local function hit(st, ctx, u)
  local p = st.player
  local opts = {}
  if L.def(p, u.kind).sustain_damage and not game.get("unit", u.id, "damaged") then
    opts[#opts + 1] = "sustain:" .. u.kind .. "#" .. u.id
  end
  opts[#opts + 1] = "destroy:" .. u.kind .. "#" .. u.id
  local pick = game.choose(p, { key = "assign_hit", label = "space combat, Into the Breach", id = u.id }, opts)
  local destroy = pick:sub(1, 8) == "destroy:"
  if not destroy then
    game.put("unit", u.id, "damaged", true)
    game.log({ key = "ti3.breach_sustains", p = L.pn(p), unit = u.kind .. "#" .. u.id, id = u.id })
    local sw = game.window("after_sustain", { player = p, unit = u.id, kind = u.kind, active = ctx.active, source = ctx.source, label = ctx.label, cancels = 1 })
    if (sw.cancels or 1) > 1 then return sw.cancels end
    destroy = sw.destroy and game.unit_exists(u.id)
  end
  if destroy then
    L.destroy_unit({ id = u.id, kind = u.kind, owner = p }, { source = ctx.source, label = ctx.label, active = ctx.active, system = st.system })
  end
  return 1
end
return {
  when = function(ctx, p)
    local st = game.get("game", nil, KEY)
    if p == nil then
      if st == nil then return false end
      if ctx.window == "after:space_combat" then return true end
      if ctx.window == "combat_round_start" then return not ctx.ground and ctx.system == st.system and ctx.mods ~= nil end
      if ctx.window == "assign_hits" then
        return ctx.player == st.player and ctx.label == "space combat" and (ctx.hits or 0) > 0 and st.left > 0 and game.unit_exists(st.unit)
      end
      return false
    end
    if ctx.window ~= "before:space_combat" or game.get("game", nil, "ac_lock") or st ~= nil then return false end
    return (p == ctx.player or p == ctx.defender) and #dreadnoughts(p, ctx.system) > 0
  end,
  ["before:space_combat"] = function(ctx, p, def)
    local pick = game.choose(p, { key = "ti3.dreadnought_that_leads_fleet" }, dreadnoughts(p, ctx.system))
    local id = tonumber(pick:match("#(%d+)$"))
    game.put("game", nil, KEY, { player = p, unit = id, system = ctx.system, left = 2 })
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.leads_fleet_into_breach", p = L.pn(p), pick = pick })
  end,
  combat_round_start = function(ctx)
    local st = game.get("game", nil, KEY)
    local m = ctx.mods[st.player]
    if m then m.all = (m.all or 0) + 1 end
  end,
  assign_hits = function(ctx)
    local st = game.get("game", nil, KEY)
    local u
    for _, x in ipairs(L.ships(st.player, st.system)) do if x.id == st.unit then u = x end end
    if not u then return end
    while st.left > 0 and ctx.hits > 0 and game.unit_exists(u.id) do
      local n = hit(st, ctx, u)
      st.left = math.max(0, st.left - 1)
      ctx.hits = math.max(0, ctx.hits - n)
      game.put("game", nil, KEY, st)
    end
    -- The hit step that opened this window listed the ships before these
    -- hits: the hits left are assigned anew, on the ships as they are now
    -- (the window opens again for them; this copy has no hits left to force).
    if ctx.hits > 0 then
      local n = ctx.hits
      ctx.hits = 0
      L.assign_hits(st.player, L.ships(st.player, st.system), n, ctx.label, { source = ctx.source })
    end
  end,
  ["after:space_combat"] = function(ctx, _, def)
    game.put("game", nil, KEY, nil)
    game.revoke("game", "action_cards", def.id)
  end,
}
