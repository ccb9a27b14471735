-- Fantastic Rhetoric (Mindstorm): 10 more votes on one agenda the player votes on.
local L = game.lib
return {
  when = function(ctx, p) return ctx.player == p and #ctx.ballot > 0 end,
  run = function(ctx, p)
    local opts = {}
    for _, v in ipairs(ctx.ballot) do opts[#opts + 1] = v.card end
    local pick = game.choose(p, { key = "tacs.rhetoric_on" }, opts)
    for _, v in ipairs(ctx.ballot) do
      if v.card == pick then v.votes = v.votes + 10; break end
    end
  end,
}
