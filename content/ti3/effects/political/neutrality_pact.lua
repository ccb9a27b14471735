-- Neutrality Pact (law, For/Against).
-- For: while the law is in play, activating a system without planets that
-- holds another player's units costs 3 influence (paid in
-- before:activation); a player who cannot pay may not activate it
-- (activation_terms).
-- Against: every player puts a command counter from his reinforcements
-- into one of his systems with a space dock that has none of his command
-- counters (his choice), if he can.
local L = game.lib
local function NAME() return L.name("political_cards", "neutrality_pact") end
local COST = 3
local function neutral_space(p, s)
  if #game.planets_of(s) > 0 then return false end
  return game.count_units { system = s, not_owner = p } > 0
end
return {
  resolve = function(outcome, def)
    if outcome ~= "against" then return end
    for _, p in ipairs(L.order_from(L.speaker())) do
      if L.reinforcements(p) > 0 then
        local opts = {}
        for _, s in ipairs(L.dock_systems(p)) do
          if not game.has_token(s, "command", p) then opts[#opts + 1] = game.system(s).hex end
        end
        if #opts > 0 then
          local pick = game.choose(p, { key = "ti3.system_for_command_counter", card = NAME() }, opts)
          local s = game.system_at(pick)
          game.place_token(s, "command", p)
          game.log({ key = "ti3.places_command_counter_in", p = L.pn(p), system = L.sysname(s), card = NAME() })
        end
      end
    end
  end,
  activation_terms = function(ctx, p, def)
    if p ~= nil or ctx.barred or L.law(def.id) ~= "for" or not neutral_space(ctx.player, ctx.system) then return end
    if L.spendable(ctx.player, "influence") < COST then ctx.barred = NAME() end
  end,
  ["before:activation"] = function(ctx, p, def)
    if p ~= nil or L.law(def.id) ~= "for" or not ctx.system or not neutral_space(ctx.player, ctx.system) then return end
    if L.pay(ctx.player, COST, "influence") then
      game.log({ key = "ti3.pays_influence_for", p = L.pn(ctx.player), n = COST, card = NAME() })
    end
  end,
}
