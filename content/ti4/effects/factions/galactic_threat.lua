-- Nekro Virus, Galactic Threat. The player never votes (L.forced_vote,
-- rules/faction_rules_c.lua). Once in each agenda phase, when an agenda is
-- revealed, the player may predict one of its outcomes (player prop
-- `prediction`, with the agenda and the round); if that outcome wins, the
-- player takes one technology owned by a player who voted for it
-- (L.nekro_take_tech). A prediction made on an agenda that is then
-- discarded (Quash) is lost with it.
local L = game.lib

local function round() return game.get("game", nil, "round") or 0 end

return {
  agenda_revealed = function(ctx, p, def)
    if game.get("player", p, "predicted_round") == round() then return end
    -- Not while a Political Secret silences the player (L.note_silenced).
    if L.note_silenced(p) then return end
    local d = game.data.agendas[ctx.agenda]
    if not d then return end
    local opts = { "none" }
    for _, o in ipairs(L.outcomes(d)) do opts[#opts + 1] = o end
    if #opts == 1 then return end
    local pick = game.choose(p, { key = "ti4.predict_outcome", ability = L.name("abilities", def.id), agenda = L.name("agendas", ctx.agenda), id = ctx.agenda }, opts)
    if pick == "none" then return end
    game.put("player", p, "predicted_round", round())
    game.put("player", p, "prediction", pick)
    game.put("player", p, "prediction_agenda", ctx.agenda)
    game.log({ key = "ti4.predicts", p = L.pn(p), outcome = pick, agenda = L.name("agendas", ctx.agenda), ability = L.name("abilities", def.id) })
  end,
  ["after:agenda"] = function(ctx, p, def)
    local pick = game.get("player", p, "prediction")
    if not pick then return end
    local agenda = game.get("player", p, "prediction_agenda")
    game.put("player", p, "prediction", nil)
    game.put("player", p, "prediction_agenda", nil)
    if ctx.agenda ~= agenda or ctx.outcome == nil then return end
    if ctx.outcome ~= pick then
      game.log({ key = "ti4.prediction_wrong", p = L.pn(p), ability = L.name("abilities", def.id) })
      return
    end
    game.log({ key = "ti4.prediction_right", p = L.pn(p), ability = L.name("abilities", def.id) })
    local owners = {}
    for _, v in ipairs(ctx.voters or {}) do
      if v.outcome == pick and v.player ~= p then owners[#owners + 1] = v.player end
    end
    if #owners > 0 then L.nekro_take_tech(p, owners, def.id) end
  end,
}
