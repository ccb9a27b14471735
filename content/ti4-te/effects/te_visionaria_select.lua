-- Visionaria Select (Deepwrought breakthrough): as an action, exhausted,
-- each other player may spend 3 trade goods and give the holder one of their
-- promissory notes to research a technology (not a faction technology or a
-- unit upgrade); the holder gains each technology so researched.
local L = game.lib

local function techs(q)
  local out = {}
  for _, t in ipairs(L.researchable(q)) do
    local d = game.data.techs[t]
    if d and not d.faction and not d.unit then out[#out + 1] = t end
  end
  return out
end
local function notes(q, p)
  local out = {}
  for _, c in ipairs(L.notes_in_hand(q)) do
    local _, o = L.note_of(c)
    if o ~= p then out[#out + 1] = c end
  end
  return out
end

return {
  usable = function(p, def) return L.te_bt_ready(p, def.id) end,
  component = function(p, def, ctx)
    L.te_bt_exhaust(p, def.id)
    for _, q in ipairs(L.order_from(p)) do
      if q ~= p and game.counter(q, "tg") >= 3 and #notes(q, p) > 0 and #techs(q) > 0
        and game.confirm(q, { key = "te.visionaria_offer", q = L.pn(p) }) then
        local c = game.choose(q, { key = "te.visionaria_note", q = L.pn(p) }, notes(q, p))
        game.add(q, "tg", -3)
        game.move_card(c, "notes:" .. q, "notes:" .. p)
        L.note_received(p, c)
        local t = game.choose(q, { key = "te.visionaria_tech" }, techs(q))
        game.log({ key = "te.visionaria_pays", p = L.pn(q), q = L.pn(p), note = L.note_label(c) })
        L.gain_tech(q, t)
        if not game.holds(p, "techs", t) then
          game.grant(p, "techs", t)
          L.reset_cache()
          game.log({ key = "te.visionaria_gains", p = L.pn(p), tech = L.name("techs", t) })
          game.window("tech_gained", { player = p, tech = t, gained = true })
        end
      end
    end
  end,
}
