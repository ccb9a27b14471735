-- Shattered Ascension, Spanish rulebook (seed 001): Assembly, 2-player
-- Assembly and Trade, and Prospect, where 001 differs from sa-en (seed 000).
--
--   * Assembly's speaker restrictions (001 "Cartas Estratégicas" changes only
--     the random agenda and the Voice of the Council; it has nothing like
--     000's "no restriction on option a), the token need not move", so the SE
--     card stands): option (a), taking the speaker token, is not open to the
--     speaker; with option (b) the token goes to another player, not to the
--     Assembly holder himself (as ti3's card: "another player" than the
--     holder; the current speaker, when that is someone else, may get it).
--     The rest of sa-en's primary stays (draws, random agenda, Voice). With
--     the Twilight Council option the council's primary applies instead
--     (es_options.lua).
--   * 2-player games (001 appendix 3): any player may receive the speaker
--     token whoever holds it now ("no existen restricciones"), so the two
--     restrictions above are off in duels. 001's duel Assembly has none of
--     000's extras: the holder who took the token does not also put his own
--     agenda to the vote (asked by sa-en: answered "no" here, nobody is
--     asked); the +3 votes for option (b) are already gone with sa-es's
--     duel vote script (effects/options/duel_votes.lua reads no bonus).
--   * 2-player Trade (001 appendix 3): Trade II keeps its option (b), which
--     cancels EVERY trade agreement in the game (both of the players' own),
--     and for the rest of that round no agreement may be made and no trade
--     goods come in from agreements. Only Trade III loses its option (b)
--     (000: every Trade card loses it); no pack has a Trade III, so the
--     Trade card (ti3's Trade II under its SA name) keeps option (b) in
--     duels. Game prop es_trade_freeze holds the round. UNCERTAIN: the trade
--     goods lying on the cancelled agreements are settled as for any other
--     cancellation (es_trade.lua / sa-en); 001 speaks only of the income.
--   * Prospect (001 "Cartas Estratégicas"): when the number of players
--     changes, the ninth card is taken out at the next status phase (000:
--     the picks and the ninth card are worked out again every strategy
--     phase). Under 001 the card is in play with 4, 7 or 8 players (see
--     es_misc); a change of the player count only ever removes it, at the
--     status phase after the change.
local L = game.lib
local O = L.sa_opt2
local V1 = L.sa_es_v001 or {}
L.sa_es_v001 = V1
local ES2 = {}
V1.strategy = ES2

local function opt(id) return game.options[id] end
local function pn(p) return L.pn(p) end
local function round_no() return game.get("game", nil, "round") or 0 end
local function duel() return game.num_players() == 2 end

local function is_card(id, want)
  if id == want then return true end
  local d = id and game.data.strategy_cards[id]
  return d ~= nil and type(d.name) == "string" and d.name:lower() == want
end

---------------------------------------------------------------------------
-- Assembly: the SE speaker restrictions (not in duels, not under the
-- Twilight Council).
-- The player whose Assembly is restricted so (while its strategic action runs).
local restricted = nil

local base_assembly_choices = L.assembly_choices
function L.assembly_choices(p, options)
  if p == restricted and L.speaker() == p then
    local keep = {}
    for _, o in ipairs(options) do if o ~= "take the speaker token" then keep[#keep + 1] = o end end
    if #keep < #options and #keep > 0 then
      game.log({ key = "sa_es.speaker_no_assembly_a", p = pn(p) })
      options = keep
    end
  end
  return base_assembly_choices(p, options)
end

local base_new_speaker = L.new_speaker_choices
function L.new_speaker_choices(p, options)
  if p == restricted then
    local keep = {}
    for _, o in ipairs(options) do if o ~= pn(p) then keep[#keep + 1] = o end end
    if #keep < #options and #keep > 0 then options = keep end
  end
  return base_new_speaker(p, options)
end

---------------------------------------------------------------------------
-- 2-player Trade.
function ES2.trade_frozen() return duel() and game.get("game", nil, "es_trade_freeze") == round_no() end

function ES2.install()
  if not O then return end
  local base_sa = game.procedure_fn("strategic_action")
  procedure("strategic_action", function(ctx)
    local p, id = ctx.player, ctx.card
    if not p or duel() or opt("twilight_council") or not is_card(id, "assembly") then return base_sa(ctx) end
    local outer = restricted
    restricted = p
    local ok, r = pcall(base_sa, ctx)
    restricted = outer
    if not ok then error(r, 0) end
    return r
  end)

  local base_own_agenda = O.duel_own_agenda_asked
  function O.duel_own_agenda_asked(p)
    if duel() then return false end
    return base_own_agenda(p)
  end

  -- 2-player Trade: option (b) cancels every agreement and freezes trade
  -- for the round; option (a) is sa-en's primary (whose duel filter leaves
  -- only the 3 trade goods).
  local S = L.sa_strategy
  local tr = game.data.strategy_cards and game.data.strategy_cards.trade_ii
  local h = tr and tr.handler
  if S and type(h) == "table" and h.primary then
    -- The card's primary, wrapped for the strategic actions of Trade II
    -- (ctx.card) in duels.
    local orig = h.primary
    h.primary = function(q, def, c)
      local id = c and c.card
      if not (duel() and q and id and is_card(id, "trade_ii")) then return orig(q, def, c) end
      local list = game.get("game", nil, "agreements") or {}
      if #list == 0 or game.choose(q, { key = "sa_es.duel_trade" }, { "gain 3 trade goods", "cancel every trade agreement" }) ~= "cancel every trade agreement" then
        return orig(q, def, c)
      end
      local copy = {}
      for _, a in ipairs(list) do copy[#copy + 1] = a end
      for _, a in ipairs(copy) do S.break_agreement(a, nil, { key = "sa_es.cancelled_by_duel", card = L.name("strategy_cards", id) }) end
      game.put("game", nil, "es_trade_freeze", round_no())
      game.log({ key = "sa_es.trade_frozen", card = L.name("strategy_cards", id) })
    end
  end

  local base_neg = L.negotiate
  function L.negotiate(holder)
    if ES2.trade_frozen() then
      game.log({ key = "sa_es.no_agreements_this_round" })
      return
    end
    return base_neg(holder)
  end
  if S and S.place_trade_goods then
    local base_place = S.place_trade_goods
    function S.place_trade_goods(...)
      if ES2.trade_frozen() then return end
      return base_place(...)
    end
  end
end

game.when_loaded(ES2.install)


---------------------------------------------------------------------------
-- Prospect: decided by the first strategy phase's player count; once that
-- count has changed, the card leaves at the end of the next status phase
-- (UNCERTAIN: the end, so that a player leaving during the status phase,
-- e.g. by Surrender, counts for that status phase) and does not come back.
local S = L.sa_strategy

-- The ninth card for n players now (`ninth`: what the table says for n).
function ES2.ninth(n, ninth)
  local st = game.get("game", nil, "es_ninth_start")
  if st == nil then
    game.put("game", nil, "es_ninth_start", { n = n, ninth = ninth and true or false })
    return ninth
  end
  if game.get("game", nil, "es_ninth_removed") then return false end
  return st.ninth
end

-- Status phase: the card goes if the player count is not the starting one.
function ES2.check_prospect()
  local st = game.get("game", nil, "es_ninth_start")
  if not S or st == nil or not st.ninth or game.get("game", nil, "es_ninth_removed") then return end
  local n = #S.players()
  if n == st.n then return end
  game.put("game", nil, "es_ninth_removed", true)
  local name = { key = "sa_es.the_ninth_card" }
  for _, id in ipairs(game.keys(game.data.strategy_cards)) do
    if game.data.strategy_cards[id].ninth then name = L.name("strategy_cards", id) end
  end
  game.log({ key = "sa_es.ninth_card_removed", card = name, a = st.n, b = n })
end

if S and S.counts then
  -- The picks and the ninth card, as sa-en's strategy phase reads them
  -- (while it runs; other readers get the table's numbers).
  local in_phase = false
  local real = S.counts
  S.counts = function(n)
    local picks, ninth = real(n)
    if not in_phase then return picks, ninth end
    return picks, ES2.ninth(n, ninth)
  end
  local base_sp = game.procedure_fn("strategy_phase")
  procedure("strategy_phase", function(ctx)
    local outer = in_phase
    in_phase = true
    local ok, r = pcall(base_sp, ctx)
    in_phase = outer
    if not ok then error(r, 0) end
    return r
  end)

  local base_status = game.procedure_fn("status_phase")
  procedure("status_phase", function(ctx)
    local r = base_status(ctx)
    ES2.check_prospect()
    return r
  end)
end

---------------------------------------------------------------------------
-- 2-player games (001 appendix 3, l.309): the player who was the speaker and
-- chose Assembly in the previous round may not take Assembly with his first
-- pick. 001 puts the speakership in the previous round ("fue el Narrador"),
-- where 000 (sa-en) bars the present speaker who held Assembly: so the bar
-- also falls on a speaker who picked Assembly and then gave the token away.
-- UNCERTAIN: 001 does not say when in the previous round he was the speaker;
-- read here as either when he picked Assembly or at the round's end (a
-- player who picked it and took the token with it, which is 000's case).
-- Game prop es_duel_assembly_speaker_pick: who picked Assembly while he was
-- the speaker (false when its chooser was not).
game.on("strategy_card_chosen", function(ctx)
  if not duel() or not is_card(ctx.card, "assembly") then return end
  game.put("game", nil, "es_duel_assembly_speaker_pick", ctx.player == L.speaker() and ctx.player or false)
end)

function O.duel_first_pick_no_assembly(last)
  if not last then return nil end
  if last == L.speaker() or game.get("game", nil, "es_duel_assembly_speaker_pick") == last then return last end
  return nil
end
