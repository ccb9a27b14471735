-- Inheritance Systems (L1Z1X): when the player researches with a Technology
-- strategy card (the primary or secondary of Technology or Technology II:
-- L.strategy_research, whose research_offer window this is), he may also buy
-- a technology whose prerequisites he lacks, for 2 resources more
-- (ctx.ignore_prerequisites; L.research_price adds it, the offer lists those
-- technologies beside the others, and the purchase is logged). Paying the 2
-- more is the player's choice of such a technology. Racial technologies have
-- no prerequisites.
local EXTRA = 2
return {
  when = function(ctx, p) return ctx.player == p end,
  run = function(ctx, p)
    if not ctx.ignore_prerequisites or ctx.ignore_prerequisites > EXTRA then ctx.ignore_prerequisites = EXTRA end
  end,
}
