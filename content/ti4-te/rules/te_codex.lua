-- Twilight Codex action cards whose effect reaches a later point of the
-- rules (cards/action_cards.yaml): they mark the step's ctx or a game prop,
-- and the hooks here read the mark.
local L = game.lib

-- War Machine: the production step it was played in (ctx.te_war_machine)
-- has more production value (the card's `bonus`, 4) and costs less in all
-- (its `discount`, 1), both read through L.card_value.
local function war_machine(ctx, field)
  return L.card_value(game.data.action_cards.war_machine, field, ctx.player)
end
local base_production_value = L.production_value
function L.production_value(ctx)
  return base_production_value(ctx) + (ctx.te_war_machine and war_machine(ctx, "bonus") or 0)
end
local base_production_discount = L.production_discount
function L.production_discount(ctx)
  return base_production_discount(ctx) + (ctx.te_war_machine and war_machine(ctx, "discount") or 0)
end

-- Solar Flare: "te_solar_flare:<p>" set after p activated a system; other
-- players' space cannons do not fire at p's ships in the space cannon
-- offense of that tactical action.
local base_offense_reaches = L.space_cannon_offense_reaches
function L.space_cannon_offense_reaches(q, p, ctx)
  if game.get("game", nil, "te_solar_flare:" .. p) then return false end
  return base_offense_reaches(q, p, ctx)
end
game.on("after:tactical_action", function(ctx)
  for p = 1, game.num_players() do
    if game.get("game", nil, "te_solar_flare:" .. p) then game.put("game", nil, "te_solar_flare:" .. p, nil) end
  end
end)

-- Hack Election: "te_hack_election" = the agenda whose vote starts right of
-- the speaker and goes counterclockwise (the speaker still votes last).
local base_voting_order = L.voting_order
function L.voting_order(speaker, id)
  local order = base_voting_order(speaker, id)
  if game.get("game", nil, "te_hack_election") ~= id then return order end
  local out = {}
  for i = #order, 1, -1 do
    if order[i] ~= speaker then out[#out + 1] = order[i] end
  end
  for _, p in ipairs(order) do
    if p == speaker then out[#out + 1] = p end
  end
  return out
end

-- Sanction: "te_sanction:<p>" = "<outcome>@<agenda>"; once the agenda is
-- resolved with that outcome, each player who voted for it loses 1 fleet
-- pool token (to reinforcements), then removes the ships over the smaller
-- fleet pool (LRR 37.3).
game.on("after:agenda", function(ctx)
  for p = 1, game.num_players() do
    local pred = game.get("game", nil, "te_sanction:" .. p)
    if pred then
      game.put("game", nil, "te_sanction:" .. p, nil)
      local o, id = pred:match("^(.*)@([^@]*)$")
      if ctx.agenda == id and ctx.outcome == o then
        local seen = {}
        for _, v in ipairs(ctx.voters or {}) do
          if v.outcome == o and not seen[v.player] then
            seen[v.player] = true
            if game.counter(v.player, "fleet") > 0 then
              game.add(v.player, "fleet", -1)
              game.log({ key = "te.sanctioned", p = L.pn(v.player), q = L.pn(p) })
              -- Ships over the smaller fleet pool are removed (LRR 37.3).
              for s = 1, game.num_systems() do
                if #L.ships(v.player, s) > 0 then L.enforce_fleet_pool(v.player, s) end
              end
            end
          end
        end
      end
    end
  end
  if game.get("game", nil, "te_hack_election") then game.put("game", nil, "te_hack_election", nil) end
end)

-- Blitz: in the invasion it was played in (ctx.te_blitz = the player), that
-- player's non-fighter ships without Bombardment bombard with 1 die at 6.
local base_bombardment_of = L.bombardment_of
function L.bombardment_of(o, u, ctx)
  local b = base_bombardment_of(o, u, ctx)
  if b or not (ctx and ctx.te_blitz == o) then return b end
  local d = L.def(o, u.kind)
  if d.class == "ship" and d.type ~= "fighter" then return { dice = 1, hit = 6 } end
  return nil
end
