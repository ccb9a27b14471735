-- Thugs (Mindstorm): once the agendas are chosen, one other player may not vote this round.
local L = game.lib
return {
  when = function(ctx, p) return #ctx.agendas > 0 and game.num_players() > 1 end,
  run = function(ctx, p)
    local opts = {}
    for q = 1, game.num_players() do if q ~= p and not ctx.barred[q] then opts[#opts + 1] = L.pn(q) end end
    if #opts == 0 then return end
    local q = tonumber(game.choose(p, { key = "tacs.thugs_on" }, opts):sub(2))
    ctx.barred[q] = true
  end,
}
