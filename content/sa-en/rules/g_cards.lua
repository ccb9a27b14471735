-- Shattered Ascension v4.5 (seed 000, Appendix I 4/5 "Action Cards and
-- Political Cards"): the effect location of action cards. Data and the other
-- card rules of the seed: cards.yaml.
--
-- L.sa_effect_location(card, ctx) -> {at =, scattered =, systems = {...} or
-- nil}. `systems` are the systems where an Agent may sabotage the card now:
--   mecatol_rex    the Mecatol Rex system
--   home_system    every home system but the card player's (the race sheet
--                  it aims at is not chosen yet when the card is revealed; an
--                  Agent in its owner's home system may answer it)
--   event_system   the system of the event the card was played on (the
--                  window's system, or its planet's system)
--   target_system  nil: the system is the one the card's player picks
--   anywhere       nil: wherever the card it answers/copies happens
-- L.sa_agent_may_sabotage(card, ctx, q, s): whether an Agent of player q in
-- system s may sabotage the card (nil when it cannot be told before the card
-- resolves; then the Leaders rules decide).
-- While a card is being played (window action_card_played) the window that
-- let it be played is L.sa_card_in_play() (kept by the wrapper of
-- L.play_action_card below), so the location can be read in that window.
local L = game.lib

-- The card being played: the ctx of the window that let it be played, and
-- its player (set while L.play_action_card runs).
local playing = { ctx = nil, player = nil }

-- The ctx of the window that let the action card being played be played, and its player (nil, nil outside a card).
function L.sa_card_in_play() return playing.ctx, playing.player end

function L.sa_effect_location(card, ctx)
  local data = game.data.sa_card_locations and game.data.sa_card_locations[card]
  if not data then return nil end
  local out = { at = data.at, scattered = data.scattered and true or false }
  ctx = ctx or playing.ctx or {}
  local player = ctx.player
  if data.at == "mecatol_rex" then
    local s = game.find_system("mecatol_rex")
    out.systems = s and { s } or {}
  elseif data.at == "home_system" then
    out.systems = {}
    for q = 1, game.num_players() do
      if q ~= playing.player and L.home(q) then out.systems[#out.systems + 1] = L.home(q) end
    end
  elseif data.at == "event_system" then
    local s = ctx.system or (ctx.planet and game.planet_system(ctx.planet))
    out.systems = s and { s } or nil
  end
  return out
end

function L.sa_agent_may_sabotage(card, ctx, q, s)
  local loc = L.sa_effect_location(card, ctx)
  if not loc or not loc.systems then return nil end
  if loc.at == "home_system" then return s == L.home(q) end
  for _, x in ipairs(loc.systems) do if x == s then return true end end
  return false
end

local base_play = L.play_action_card
if base_play then
  function L.play_action_card(p, id, ctx)
    local prev_ctx, prev_p = playing.ctx, playing.player
    playing.ctx, playing.player = ctx, p
    local ok, r = pcall(base_play, p, id, ctx)
    playing.ctx, playing.player = prev_ctx, prev_p
    if not ok then error(r, 0) end
    return r
  end
end

-- Action cards whose effect is barred from home systems (ti3: Local Unrest,
-- Uprising, Secret Industrial Agent, Signal Jamming; this pack's copies of
-- their scripts in effects/action_cards/): in SA the effect may be used in
-- another player's home system if he allows it (rules/b_general.lua,
-- L.sa_home_permission). p picks among all targets; a target in another
-- player's home system asks that player; refused, it is struck from the list
-- and p picks again. Returns the pick, or nil when nothing is left (the card
-- then does nothing). `system_of(option)` gives an option's system.
-- UNCERTAIN: a home system of a race not in the game (no player to ask) is
-- open like any other system.
function L.sa_pick_with_home_permission(p, prompt, options, system_of, what)
  local left = {}
  for _, o in ipairs(options) do left[#left + 1] = o end
  while #left > 0 do
    local pick = game.choose(p, prompt, left)
    local s = system_of(pick)
    if not s or L.sa_home_permission(p, s, what) then return pick end
    local keep = {}
    for _, o in ipairs(left) do if o ~= pick then keep[#keep + 1] = o end end
    left = keep
  end
  game.log({ key = "sa.no_permitted_target", p = L.pn(p), card = L.sa_general.card_label(what, { key = "sa.the_action_card" }) })
  return nil
end
