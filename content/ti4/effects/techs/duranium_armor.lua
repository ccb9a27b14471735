-- Duranium Armor: in each combat round, after hits are assigned to the
-- player's units, the player repairs one of their damaged units that did not
-- use SUSTAIN DAMAGE in that round.
-- The units that sustain damage between the start and the end of a round
-- (window after_sustain) are noted in the player prop `duranium:sustained`;
-- the note is cleared when a round starts and when it ends, so damage taken
-- before the combat (e.g. space cannon offense) does not count as this round.
-- At combat_round_end (after both sides assigned their hits) one damaged unit
-- of the player taking part in that combat is repaired: ships in the system
-- in a space combat, ground forces on the planet in a ground combat (the
-- card does not say so; units elsewhere on the board are left alone, as the
-- common reading of the card has it). The player picks when there are several.
local L = game.lib
local KEY = "duranium:sustained"

local function side(ctx, p)
  return ctx.mods ~= nil and (p == ctx.attacker or p == ctx.defender)
end

local function combatants(ctx, p)
  if ctx.ground then
    return L.ground(p, ctx.planet)
  end
  return L.ships(p, ctx.system)
end

return {
  when = function(ctx, p)
    if ctx.window == "after_sustain" then
      return ctx.player == p and game.get("player", p, KEY) ~= nil
    end
    return side(ctx, p)
  end,

  combat_round_start = function(ctx, p)
    game.put("player", p, KEY, "")
  end,

  after_sustain = function(ctx, p)
    game.put("player", p, KEY, game.get("player", p, KEY) .. "#" .. ctx.unit .. "#")
  end,

  combat_round_end = function(ctx, p, def)
    local marks = game.get("player", p, KEY) or ""
    game.put("player", p, KEY, nil)
    local opts = {}
    for _, u in ipairs(combatants(ctx, p)) do
      if u.damaged and not marks:find("#" .. u.id .. "#", 1, true) then
        opts[#opts + 1] = u.kind .. "#" .. u.id
      end
    end
    if #opts == 0 then return end
    local pick = game.choose(p, { key = "ti4.duranium_pick", card = L.name("techs", def.id) }, opts)
    local id = tonumber(pick:match("#(%d+)$"))
    game.put("unit", id, "damaged", nil)
    game.log({ key = "ti4.repaired_by", p = L.pn(p), unit = pick, id = id, card = L.name("techs", def.id) })
  end,
}
