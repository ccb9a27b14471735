-- Military Foresight: after one of the player's ships is lost in a space
-- battle, the ship is set aside on this card. When the next status phase
-- begins it returns, free, into the space area of one of the player's space
-- docks (the player picks), and the card is discarded; with no space dock on
-- the board the ship is lost. The card waits in the zone
-- "foresight:<player>" (out of the discard pile; Touch of Genius, when it
-- copies this card); the ship kinds waiting are
-- the player prop `foresight`. The game's copy brings them back.
-- The set-aside ship is not counted against the player's unit limits while
-- it waits (the limits count units on the board).
local L = game.lib
local SPACE = { ["space combat"] = true, ["anti-fighter barrage"] = true }
local function docks(p)
  local out = {}
  for _, u in ipairs(game.units { owner = p }) do
    if u.planet and L.def(p, u.kind).type == "space_dock" then out[#out + 1] = u end
  end
  return out
end
return {
  when = function(ctx, p)
    if p == nil then return ctx.window == "before:status_phase" end
    if ctx.window ~= "unit_destroyed" or game.get("game", nil, "ac_lock") then return false end
    return ctx.player == p and SPACE[ctx.label] == true and ctx.kind ~= nil and L.def(p, ctx.kind).class == "ship"
  end,
  unit_destroyed = function(ctx, p, def)
    local list = game.get("player", p, "foresight") or {}
    list[#list + 1] = ctx.kind
    game.put("player", p, "foresight", list)
    game.move_card(def.played_as or def.id, "discard:actions", "foresight:" .. p)
    game.grant("game", "action_cards", def.id)
    game.log({ key = "ti3.sets_aside", p = L.pn(p), unit = ctx.kind .. "#" .. ctx.unit, id = ctx.unit })
  end,
  ["before:status_phase"] = function(ctx, _, def)
    for q = 1, game.num_players() do
      local list = game.get("player", q, "foresight") or {}
      for _, kind in ipairs(list) do
        local ds = docks(q)
        if #ds == 0 then
          game.log({ key = "ti3.set_aside_lost_no", p = L.pn(q), unit = kind })
        else
          local opts = {}
          for _, u in ipairs(ds) do opts[#opts + 1] = u.planet end
          table.sort(opts)
          local pl = game.choose(q, { key = "ti3.space_dock_where_returns", unit = kind }, opts)
          local s = game.planet_system(pl)
          local id = game.spawn(kind, q, { system = s })
          game.log({ key = "ti3.returns", p = L.pn(q), unit = kind .. "#" .. id, id = id, system = L.sysname(s) })
          L.enforce_limits(q, s)
        end
      end
      for _, c in ipairs(game.zone("foresight:" .. q)) do game.move_card(c, "foresight:" .. q, "discard:actions") end
      game.put("player", q, "foresight", nil)
    end
    game.revoke("game", "action_cards", def.id)
  end,
}
