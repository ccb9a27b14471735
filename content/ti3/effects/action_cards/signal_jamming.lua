-- Signal Jamming: during the strategy phase (played as it begins), the
-- player puts a command counter from another player's reinforcements into
-- any system that is not a home system.
local L = game.lib
local function is_home(s)
  local d = game.data.systems[game.tile_of(s)]
  if d and d.home_of then return true end
  for q = 1, game.num_players() do if L.home(q) == s then return true end end
  return false
end
local function players_for(p, s)
  local out = {}
  for q = 1, game.num_players() do
    if q ~= p and L.reinforcements(q) > 0 and not game.has_token(s, "command", q) then out[#out + 1] = L.pn(q) end
  end
  return out
end
local function systems(p)
  local out = {}
  for s = 1, game.num_systems() do
    if L.on_board(s) and not is_home(s) and #players_for(p, s) > 0 then out[#out + 1] = game.system(s).hex or tostring(s) end
  end
  return out
end
return {
  when = function(ctx, p) return not game.get("game", nil, "ac_lock") and #systems(p) > 0 end,
  run = function(ctx, p)
    local pick = game.choose(p, { key = "ti3.system_jam" }, systems(p))
    local s = tonumber(pick) or game.system_at(pick)
    local q = tonumber(game.choose(p, { key = "ti3.player_whose_counter_placed" }, players_for(p, s)):sub(2))
    game.place_token(s, "command", q)
    game.log({ key = "ti3.places_command_counter", p = L.pn(p), q = L.pn(q), system = L.sysname(s) })
  end,
}
