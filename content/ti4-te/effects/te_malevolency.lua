-- Malevolency (Obsidian note): its rules are in rules/te_firmament.lua (it
-- is never played; holding it is what matters).
return {}
