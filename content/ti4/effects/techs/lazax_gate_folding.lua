-- Lazax Gate Folding (Winnu). In the player's tactical actions, while it
-- does not control Mecatol Rex, that system counts as holding an alpha and a
-- beta wormhole: from the start of the action to its end the Mecatol Rex
-- system is linked to every system with an alpha or beta wormhole (links
-- `wormhole:alpha` / `wormhole:beta`, removed when the action ends; a failed
-- action is undone whole, links included). ACTION: while the player controls
-- Mecatol Rex, exhaust this card to put 1 infantry from reinforcements there.
local L = game.lib
local MECATOL = "mecatol_rex"

local function mecatol_system()
  local ok, s = pcall(game.planet_system, MECATOL)
  if ok then return s end
  return nil
end

-- Pairs {system, wormhole} to link with the Mecatol Rex system: every other
-- system holding an alpha or beta wormhole, printed on its tile or a token's
-- (L.wormholes_in: the Creuss wormhole tokens), unless the Mecatol Rex system
-- already holds that wormhole itself (then it is linked already).
local function links(mr)
  local out, own = {}, {}
  for _, w in ipairs(L.wormholes_in(mr)) do own[w] = true end
  for s = 1, game.num_systems() do
    if s ~= mr then
      local seen = {}
      for _, w in ipairs(L.wormholes_in(s)) do
        if (w == "alpha" or w == "beta") and not own[w] and not seen[w] then
          seen[w] = true
          out[#out + 1] = { s, w }
        end
      end
    end
  end
  return out
end

return {
  ["before:tactical_action"] = function(ctx, p, def)
    if ctx.player ~= p then return end
    local mr = mecatol_system()
    if not mr or game.planet_owner(MECATOL) == p then return end
    local made = {}
    for _, l in ipairs(links(mr)) do
      game.link(mr, l[1], "wormhole:" .. l[2])
      made[#made + 1] = l[1] .. ":" .. l[2]
    end
    game.put("player", p, "lgf_linked", mr)
    game.put("player", p, "lgf_links", table.concat(made, ","))
    game.log({ key = "ti4.lazax_gate_folding", p = L.pn(p), card = L.name("techs", def.id), system = L.sysname(mr) })
  end,
  ["after:tactical_action"] = function(ctx, p)
    local mr = game.get("player", p, "lgf_linked")
    if ctx.player ~= p or not mr then return end
    -- The links made as the action began (a token may have moved since; one
    -- now in the Mecatol Rex system itself keeps that wormhole's links).
    local own = {}
    for _, w in ipairs(L.wormholes_in(mr)) do own[w] = true end
    for x, w in string.gmatch(game.get("player", p, "lgf_links") or "", "(%d+):(%a+)") do
      if not own[w] then game.unlink(mr, tonumber(x), "wormhole:" .. w) end
    end
    game.put("player", p, "lgf_linked", nil)
    game.put("player", p, "lgf_links", nil)
  end,
  usable = function(p) return mecatol_system() ~= nil and game.planet_owner(MECATOL) == p end,
  component = function(p, def)
    game.spawn("infantry", p, { planet = MECATOL })
    game.log({ key = "ti4.puts_unit_on_planet", p = L.pn(p), unit = "infantry", planet = L.name("planets", MECATOL), card = L.name("techs", def.id) })
  end,
}
