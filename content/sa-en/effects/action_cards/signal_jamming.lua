-- Signal Jamming (SA): ti3's card (as the strategy phase begins, a command
-- counter from another player's reinforcements goes into a system) with SA's
-- home system rule: another player's home system may be picked if he allows
-- it (L.sa_pick_with_home_permission, rules/g_cards.lua).
local L = game.lib
local function players_for(p, s)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and L.reinforcements(q) > 0 and not game.has_token(s, "command", q) then out[#out + 1] = L.pn(q) end
  end
  return out
end
local function sys(pick) return tonumber(pick) or game.system_at(pick) end
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if L.on_board(s) and #players_for(p, s) > 0 then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and #systems(p) > 0 end,
  run = function(ctx, p)
    local pick = L.sa_pick_with_home_permission(p, { key = "sa.system_to_jam" }, systems(p), sys, "Signal Jamming")
    if not pick then return end
    local s = sys(pick)
    local q = tonumber(game.choose(p, { key = "sa.jam_player" }, players_for(p, s)):sub(2))
    game.place_token(s, "command", q)
    game.log({ key = "sa.jam_places", p = L.pn(p), q = L.pn(q), system = L.sysname(s) })
  end,
}
