-- Each player gains one more command token in the status phase.
local base = game.procedure_fn("gain_command_tokens")
procedure("gain_command_tokens", function(ctx)
  ctx.extra_tokens = (ctx.extra_tokens or 0) + 1
  return base(ctx)
end)
