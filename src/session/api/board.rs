//! `game` API: the board: systems, the galaxy graph, tokens, planets.

use super::{planet_idx, player_idx, sys_idx, PlayerNo, SystemNo, MAX_ENTITIES};
use crate::hex::Hex;
use crate::pack::ResolvedPack;
use crate::session::{rterr, Shared};
use crate::state::Token;
use mlua::{Lua, Table};
use std::rc::Rc;

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    _pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    api_fn!($ lua game sh);
    // --- systems, galaxy
    f!(
        "add_system",
        |_lua, st, (tile, hex): (String, Option<String>)| {
            if st.systems.len() >= MAX_ENTITIES {
                return Err(rterr(format!(
                    "game.add_system: over the limit of {MAX_ENTITIES} systems"
                )));
            }
            let h = match hex {
                Some(s) => Some(Hex::parse(&s).ok_or_else(|| rterr(format!("bad hex `{s}`")))?),
                None => None,
            };
            if let Some(h) = h {
                if st.hex_index.contains_key(&h) {
                    return Err(rterr(format!("hex {h} already holds a system")));
                }
            }
            Ok(SystemNo(st.add_system(&tile, h)))
        }
    );
    f!("swap_systems", |_lua, st, (a, b): (i64, i64)| {
        let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
        st.swap_positions(a, b);
        Ok(())
    });
    f!("num_systems", |_lua, st, (): ()| {
        Ok(st.systems.len() as i64)
    });
    f!("system", |lua, st, s: i64| {
        let i = sys_idx(&st, s)?;
        let sys = &st.systems[i];
        let t = lua.create_table()?;
        t.set("index", s)?;
        t.set("tile", sys.tile.as_str())?;
        if let Some(h) = sys.hex {
            t.set("hex", h.to_string())?;
        }
        let planets: Vec<String> = sys
            .planets
            .iter()
            .map(|p| st.planets[*p].id.clone())
            .collect();
        t.set("planets", lua.create_sequence_from(planets)?)?;
        Ok(t)
    });
    f!("tile_of", |_lua, st, s: i64| {
        let i = sys_idx(&st, s)?;
        Ok(st.systems[i].tile.clone())
    });
    f!("system_at", |_lua, st, hex: String| {
        let h = Hex::parse(&hex).ok_or_else(|| rterr(format!("bad hex `{hex}`")))?;
        Ok(st.hex_index.get(&h).map(|i| SystemNo(*i)))
    });
    f!("find_system", |_lua, st, tile: String| {
        Ok(st.systems.iter().position(|s| s.tile == tile).map(SystemNo))
    });
    f!("link", |_lua,
                st,
                (a, b, kind, one_way): (
        i64,
        i64,
        String,
        Option<bool>
    )| {
        let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
        st.galaxy.link(
            a,
            b,
            crate::galaxy::LinkKind::parse(&kind),
            one_way.unwrap_or(false),
        );
        Ok(())
    });
    f!("unlink", |_lua, st, (a, b, kind): (i64, i64, String)| {
        let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
        st.galaxy
            .unlink(a, b, &crate::galaxy::LinkKind::parse(&kind));
        Ok(())
    });
    f!("border_token", |_lua,
                        st,
                        (a, b, id, blocks, one_way): (
        i64,
        i64,
        String,
        Option<Vec<String>>,
        Option<bool>
    )| {
        let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
        let tok = crate::galaxy::BorderToken {
            id,
            blocks: blocks.unwrap_or_default().into_iter().collect(),
        };
        Ok(st.galaxy.place_token(a, b, tok, one_way.unwrap_or(false)))
    });
    f!(
        "remove_border_token",
        |_lua, st, (a, b, id): (i64, i64, String)| {
            let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
            st.galaxy.remove_token(a, b, &id);
            Ok(())
        }
    );
    f!(
        "adjacent",
        |lua, st, (s, purpose): (i64, Option<String>)| {
            let i = sys_idx(&st, s)?;
            let v: Vec<SystemNo> = st
                .galaxy
                .adjacent(i, purpose.as_deref().unwrap_or("move"))
                .into_iter()
                .map(SystemNo)
                .collect();
            lua.create_sequence_from(v)
        }
    );
    f!("within", |lua,
                  st,
                  (s, range, purpose): (
        i64,
        u32,
        Option<String>
    )| {
        let i = sys_idx(&st, s)?;
        let v: Vec<SystemNo> = st
            .galaxy
            .within(i, range, purpose.as_deref().unwrap_or("move"))
            .into_iter()
            .map(|(x, _)| SystemNo(x))
            .collect();
        lua.create_sequence_from(v)
    });
    // move_cost(from, to, {blocked={..}, stop={..}, free_exit={..}, no_kinds={..}})
    f!(
        "move_cost",
        |_lua, st, (a, b, rules): (i64, i64, Option<Table>)| {
            let (a, b) = (sys_idx(&st, a)?, sys_idx(&st, b)?);
            let mut r = crate::galaxy::MoveRules::default();
            if let Some(t) = rules {
                let set = |name: &str| -> mlua::Result<std::collections::BTreeSet<usize>> {
                    let v: Option<Vec<SystemNo>> = t.get(name)?;
                    Ok(v.unwrap_or_default().into_iter().map(|x| x.0).collect())
                };
                r.blocked = set("blocked")?;
                r.stop = set("stop")?;
                r.free_exit = set("free_exit")?;
                let nk: Option<Vec<String>> = t.get("no_kinds")?;
                r.no_kinds = nk.unwrap_or_default().into_iter().collect();
            }
            Ok(st.galaxy.move_cost(a, b, &r).map(|c| c as i64))
        }
    );
    f!("hex_distance", |_lua, _st, (a, b): (String, String)| {
        let a = Hex::parse(&a).ok_or_else(|| rterr("bad hex"))?;
        let b = Hex::parse(&b).ok_or_else(|| rterr("bad hex"))?;
        Ok(a.distance(b) as i64)
    });

    // --- command and other tokens on systems
    f!("place_token", |_lua,
                       st,
                       (s, kind, owner): (
        i64,
        String,
        Option<i64>
    )| {
        let i = sys_idx(&st, s)?;
        let owner = owner.map(|o| player_idx(&st, o)).transpose()?;
        st.systems[i].tokens.push(Token { kind, owner });
        Ok(())
    });
    f!("remove_token", |_lua,
                        st,
                        (s, kind, owner): (
        i64,
        String,
        Option<PlayerNo>
    )| {
        let i = sys_idx(&st, s)?;
        let o = owner.map(|o| o.0);
        let toks = &mut st.systems[i].tokens;
        Ok(
            match toks.iter().position(|t| t.kind == kind && t.owner == o) {
                Some(p) => {
                    toks.remove(p);
                    true
                }
                None => false,
            },
        )
    });
    f!("has_token", |_lua,
                     st,
                     (s, kind, owner): (
        i64,
        String,
        Option<PlayerNo>
    )| {
        let i = sys_idx(&st, s)?;
        let o = owner.map(|o| o.0);
        Ok(st.systems[i]
            .tokens
            .iter()
            .any(|t| t.kind == kind && t.owner == o))
    });
    f!("count_tokens", |_lua,
                        st,
                        (kind, owner): (
        String,
        Option<PlayerNo>
    )| {
        let o = owner.map(|o| o.0);
        Ok(st
            .systems
            .iter()
            .map(|s| {
                s.tokens
                    .iter()
                    .filter(|t| t.kind == kind && (o.is_none() || t.owner == o))
                    .count()
            })
            .sum::<usize>() as i64)
    });
    f!("clear_tokens", |_lua, st, kind: String| {
        let mut n = 0;
        for s in &mut st.systems {
            let before = s.tokens.len();
            s.tokens.retain(|t| t.kind != kind);
            n += before - s.tokens.len();
        }
        Ok(n as i64)
    });

    // --- planets
    f!("add_planet", |_lua, st, (id, s): (String, i64)| {
        let i = sys_idx(&st, s)?;
        if st.planets.len() >= MAX_ENTITIES {
            return Err(rterr(format!(
                "game.add_planet: over the limit of {MAX_ENTITIES} planets"
            )));
        }
        if st.planet_index.contains_key(&id) {
            return Err(rterr(format!("planet `{id}` is already on the board")));
        }
        st.add_planet(&id, i);
        Ok(())
    });
    f!("planet", |lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        let p = &st.planets[i];
        let t = lua.create_table()?;
        t.set("id", p.id.as_str())?;
        t.set("system", SystemNo(p.system))?;
        t.set("owner", p.owner.map(PlayerNo))?;
        t.set("exhausted", p.spent)?;
        Ok(t)
    });
    f!("planet_owner", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(st.planets[i].owner.map(PlayerNo))
    });
    f!("planet_system", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(SystemNo(st.planets[i].system))
    });
    f!(
        "set_owner",
        |_lua, st, (id, owner): (String, Option<i64>)| {
            let i = planet_idx(&st, &id)?;
            st.planets[i].owner = owner.map(|o| player_idx(&st, o)).transpose()?;
            Ok(())
        }
    );
    f!("exhausted", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(st.planets[i].spent)
    });
    f!("exhaust", |_lua, st, (id, v): (String, Option<bool>)| {
        let i = planet_idx(&st, &id)?;
        st.planets[i].spent = v.unwrap_or(true);
        Ok(())
    });
    // detach_planet(id): the planet leaves its system's list of planets (and
    // its owner): a system taken off the board keeps no planets in play.
    f!("detach_planet", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        let s = st.planets[i].system;
        st.systems[s].planets.retain(|&x| x != i);
        st.planets[i].owner = None;
        Ok(())
    });
    // move_planet(id, s): a planet on the board moves to system s; units on
    // it go along (they stand on the planet), its owner and cards stay.
    f!("move_planet", |_lua, st, (id, s): (String, i64)| {
        let i = planet_idx(&st, &id)?;
        let to = sys_idx(&st, s)?;
        let from = st.planets[i].system;
        if !st.systems[from].planets.contains(&i) {
            return Err(rterr(format!("planet `{id}` is not on the board")));
        }
        if from != to {
            st.systems[from].planets.retain(|&x| x != i);
            st.systems[to].planets.push(i);
            st.planets[i].system = to;
        }
        Ok(())
    });
    f!("planets_of", |lua, st, s: i64| {
        let i = sys_idx(&st, s)?;
        let v: Vec<String> = st.systems[i]
            .planets
            .iter()
            .map(|p| st.planets[*p].id.clone())
            .collect();
        lua.create_sequence_from(v)
    });
    f!("planets_owned", |lua, st, p: PlayerNo| {
        let o = p.0;
        let v: Vec<String> = st
            .planets
            .iter()
            .filter(|x| x.owner == Some(o))
            .map(|x| x.id.clone())
            .collect();
        lua.create_sequence_from(v)
    });
    Ok(())
}
