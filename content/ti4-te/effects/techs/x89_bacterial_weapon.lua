-- X-89 Bacterial Weapon, the Twilight Codex's revised card that Thunder's
-- Edge puts in place of the base one: passive, nothing to exhaust, no window.
-- Its flags (techs.yaml) are read by ti4-te's hooks (rules/te_codex_techs.lua):
-- the hits of the holder's BOMBARDMENT rolls and ground combat rolls are
-- doubled, and every planet the holder bombards is exhausted. (The galactic
-- event Conventions of War Abandoned gives its holder an action that
-- exhausts it: rules/te_event_conventions.lua.)
return {}
