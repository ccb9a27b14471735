-- Puppets of the Blade (Firmament): with a plot card in play, an action that
-- turns the player into The Obsidian (rules/te_firmament.lua).
local L = game.lib
return {
  usable = function(p) return #L.te_plots(p) > 0 end,
  component = function(p) L.te_become_obsidian(p) end,
}
