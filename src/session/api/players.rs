//! `game` API: players, counters, props on any entity, holdings.

use super::scope_player;
use crate::pack::ResolvedPack;
use crate::session::{from_lua, json_bytes, rterr, to_lua, Shared};

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 64;
/// The most bytes all props together may hold.
pub const MAX_PROP_BYTES: usize = 64 * 1024 * 1024;
use crate::state::State;
use mlua::{Lua, Table, Value as LV};
use std::rc::Rc;

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    _pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    api_fn!($ lua game sh);
    // --- players, counters, props, holdings
    f!("add_player", |_lua, st, (): ()| {
        if st.players.len() >= MAX_PLAYERS {
            return Err(rterr(format!(
                "game.add_player: over the limit of {MAX_PLAYERS} players"
            )));
        }
        Ok(super::PlayerNo(st.add_player()))
    });
    f!("num_players", |_lua, st, (): ()| {
        Ok(st.players.len() as i64)
    });
    f!("counter", |_lua, st, (scope, name): (LV, String)| {
        let n = st.players.len();
        Ok(match scope_player(&scope, n)? {
            Some(p) => *st.players[p].counters.get(&name).unwrap_or(&0),
            None => *st.counters.get(&name).unwrap_or(&0),
        })
    });
    f!(
        "add",
        |_lua, st, (scope, name, delta): (LV, String, i64)| {
            let n = st.players.len();
            let c = match scope_player(&scope, n)? {
                Some(p) => st.players[p].counters.entry(name).or_insert(0),
                None => st.counters.entry(name).or_insert(0),
            };
            *c += delta;
            Ok(*c)
        }
    );
    f!("set", |_lua, st, (scope, name, v): (LV, String, i64)| {
        let n = st.players.len();
        match scope_player(&scope, n)? {
            Some(p) => st.players[p].counters.insert(name, v),
            None => st.counters.insert(name, v),
        };
        Ok(())
    });
    // get(kind, key, name) / put(kind, key, name, value): props on any entity.
    /// Whose props a (kind, key) pair names, checked against the state.
    enum Owner {
        Game,
        Player(usize),
        System(usize),
        Unit(u32),
        Planet(usize),
    }
    fn locate(st: &State, kind: &str, key: &LV) -> mlua::Result<Owner> {
        let int = |k: &LV| -> mlua::Result<i64> {
            match k {
                LV::Integer(i) => Ok(*i),
                LV::Number(f) => Ok(*f as i64),
                _ => Err(rterr(format!("{kind}: expected a number key"))),
            }
        };
        match kind {
            "game" => Ok(Owner::Game),
            "player" => {
                let i = int(key)?;
                usize::try_from(i - 1)
                    .ok()
                    .filter(|x| *x < st.players.len())
                    .map(Owner::Player)
                    .ok_or_else(|| rterr(format!("no such player {i}")))
            }
            "system" => {
                let i = int(key)?;
                usize::try_from(i - 1)
                    .ok()
                    .filter(|x| *x < st.systems.len())
                    .map(Owner::System)
                    .ok_or_else(|| rterr(format!("no such system {i}")))
            }
            "unit" => {
                let i = int(key)?;
                Some(i as u32)
                    .filter(|x| st.units.contains_key(x))
                    .map(Owner::Unit)
                    .ok_or_else(|| rterr(format!("no such unit {i}")))
            }
            "planet" => {
                let name = match key {
                    LV::String(s) => s.to_str()?.to_string(),
                    _ => return Err(rterr("planet: expected an id")),
                };
                let idx = *st
                    .planet_index
                    .get(&name)
                    .ok_or_else(|| rterr(format!("no such planet `{name}`")))?;
                Ok(Owner::Planet(idx))
            }
            other => Err(rterr(format!("unknown entity kind `{other}`"))),
        }
    }
    /// The props a (kind, key) pair names, to read.
    fn props_ref<'a>(st: &'a State, kind: &str, key: &LV) -> mlua::Result<&'a crate::state::Props> {
        Ok(match locate(st, kind, key)? {
            Owner::Game => &st.props,
            Owner::Player(i) => &st.players[i].props,
            Owner::System(i) => &st.systems[i].props,
            Owner::Unit(i) => &st.units[&i].props,
            Owner::Planet(i) => &st.planets[i].props,
        })
    }
    /// The props a (kind, key) pair names, to change.
    fn props_of<'a>(
        st: &'a mut State,
        kind: &str,
        key: &LV,
    ) -> mlua::Result<&'a mut crate::state::Props> {
        let at = locate(st, kind, key)?;
        let p = match at {
            Owner::Game => &mut st.props,
            Owner::Player(i) => &mut st.players[i].props,
            Owner::System(i) => &mut st.systems[i].props,
            Owner::Unit(i) => st
                .units
                .get_mut(&i)
                .map(|u| &mut u.props)
                .ok_or_else(|| rterr("no such unit"))?,
            Owner::Planet(i) => &mut st.planets[i].props,
        };
        Ok(p)
    }
    f!("get", |lua, st, (kind, key, name): (String, LV, String)| {
        let p = props_ref(&st, &kind, &key)?;
        match p.get(&name) {
            Some(v) => to_lua(lua, v),
            None => Ok(LV::Nil),
        }
    });
    f!(
        "put",
        |lua, st, (kind, key, name, v): (String, LV, String, LV)| {
            let v = from_lua(lua, v).map_err(|e| {
                rterr(format!(
                    "game.put {kind} {name}: props hold JSON-like values (numbers, strings, booleans, lists, tables with string keys): {e}"
                ))
            })?;
            let added = if v.is_null() {
                0
            } else {
                json_bytes(&v) + name.len()
            };
            let total = st.prop_bytes;
            let p = props_of(&mut st, &kind, &key)?;
            let old = p
                .get(&name)
                .map(|o| json_bytes(o) + name.len())
                .unwrap_or(0);
            let total = total - old.min(total) + added;
            if total > MAX_PROP_BYTES {
                return Err(rterr(format!(
                    "game.put {kind} {name}: the props would hold {total} bytes, over the limit of {MAX_PROP_BYTES}"
                )));
            }
            if v.is_null() {
                p.remove(&name);
            } else {
                p.insert(name, v);
            }
            st.prop_bytes = total;
            Ok(())
        }
    );
    {
        let sh2 = sh.clone();
        game.set(
            "holds",
            lua.create_function(move |_, (holder, coll, id): (LV, String, String)| {
                let st = sh2.st()?;
                let n = st.players.len();
                let key = (coll, id);
                Ok(match scope_player(&holder, n)? {
                    Some(p) => {
                        st.players[p].holds.contains(&key)
                            || st
                                .zones
                                .values()
                                .any(|z| z.owner == Some(p) && z.cards.contains(&key.1))
                    }
                    None => st.holds.contains(&key),
                })
            })?,
        )?;
    }
    f!(
        "grant",
        |_lua, st, (holder, coll, id): (LV, String, String)| {
            let n = st.players.len();
            match scope_player(&holder, n)? {
                Some(p) => st.players[p].holds.insert((coll, id)),
                None => st.holds.insert((coll, id)),
            };
            Ok(())
        }
    );
    f!(
        "revoke",
        |_lua, st, (holder, coll, id): (LV, String, String)| {
            let n = st.players.len();
            Ok(match scope_player(&holder, n)? {
                Some(p) => st.players[p].holds.remove(&(coll, id)),
                None => st.holds.remove(&(coll, id)),
            })
        }
    );
    f!("holdings", |lua, st, (holder, coll): (LV, String)| {
        let n = st.players.len();
        let set = match scope_player(&holder, n)? {
            Some(p) => &st.players[p].holds,
            None => &st.holds,
        };
        let v: Vec<String> = set
            .iter()
            .filter(|(c, _)| *c == coll)
            .map(|(_, i)| i.clone())
            .collect();
        lua.create_sequence_from(v)
    });
    Ok(())
}
