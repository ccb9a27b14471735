-- Graviton Laser System: before some of the player's units use SPACE CANNON,
-- the player may exhaust this; the hits of those units must then go to
-- non-fighter ships if able.
-- Asked in the window `space_cannon_volley`, before the dice of each of the
-- player's space cannon volleys (all of the player's units that fire
-- together: putting every one of them under the card is never worse for the
-- player). It sets ctx.prefer_non_fighters, which the volley passes to the
-- hit assignment; the window `assign_hits` also sets it for the next
-- assignment of that volley's hits (label "space cannon"), so a card firing
-- SPACE CANNON on its own (Experimental Battlestation) is covered too.
-- Not asked when it cannot change anything: against space cannon defense
-- (the hits go to ground forces), or when the target has no fighters or no
-- non-fighter ships in the active system (noted after activation and before
-- space cannon offense; a volley whose system is not known is always asked).
local L = game.lib
local USED = "used:graviton_laser_system"
local MARK = "graviton:volley"   -- player prop: the hits of this volley go to non-fighter ships
local SYS = "graviton:system"    -- game prop: the active system of the tactical action

local function mixed_fleet(q, s)
  local fighters, others = false, false
  for _, u in ipairs(L.ships(q, s)) do
    if L.def(q, u.kind).type == "fighter" then fighters = true else others = true end
  end
  return fighters and others
end

local function note_system(ctx)
  if ctx.system then game.put("game", nil, SYS, ctx.system) end
end

return {
  when = function(ctx, p)
    local w = ctx.window
    if w == "space_cannon_volley" then return ctx.player == p end
    if w == "assign_hits" then
      return ctx.source == p and ctx.label == "space cannon" and game.get("player", p, MARK) ~= nil
    end
    return true
  end,

  ["after:activation"] = function(ctx) note_system(ctx) end,
  ["before:space_cannon_offense"] = function(ctx) note_system(ctx) end,
  ["after:tactical_action"] = function() game.put("game", nil, SYS, nil) end,

  space_cannon_volley = function(ctx, p, def)
    game.put("player", p, MARK, nil)
    local q = ctx.target
    if not q or game.get("player", p, USED) or ctx.label == "space cannon defense" then return end
    local s = game.get("game", nil, SYS)
    if s and not mixed_fleet(q, s) then return end
    local name = L.name("techs", def.id)
    if game.choose(p, { key = "ti4.graviton_offer", card = name, label = ctx.label, q = L.pn(q) }, { "no", "yes" }) ~= "yes" then return end
    game.put("player", p, USED, true)
    game.put("player", p, MARK, true)
    ctx.prefer_non_fighters = true
    game.log({ key = "ti4.graviton_used", p = L.pn(p), card = name })
  end,

  assign_hits = function(ctx, p)
    game.put("player", p, MARK, nil)
    ctx.prefer_non_fighters = true
  end,
}
