//! `game` API: units.

use super::{planet_idx, sys_idx, OwnerNo, SystemNo, MAX_ENTITIES};
use crate::pack::ResolvedPack;
use crate::session::{rterr, to_lua, Shared};
use crate::state::{Loc, State};
use mlua::{Lua, Table, Value as LV};
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The most names `game.units` keeps as ready Lua strings.
const MAX_NAME_CACHE: usize = 4096;

/// The filter of `game.units` and `game.count_units`.
struct UnitFilter {
    system: Option<usize>,
    owner: Option<usize>,
    not_owner: Option<usize>,
    kind: Option<String>,
    planet: Option<usize>,
    space: bool,
    carried: Option<u32>,
}

impl UnitFilter {
    /// Reads a filter table; `k` holds its keys as Lua strings (system,
    /// owner, not_owner, kind, planet, space, carried).
    fn read(st: &State, k: &[mlua::String], t: Option<&Table>) -> mlua::Result<Self> {
        let mut f = UnitFilter {
            system: None,
            owner: None,
            not_owner: None,
            kind: None,
            planet: None,
            space: false,
            carried: None,
        };
        if let Some(t) = t {
            if let Some(s) = t.raw_get::<Option<i64>>(&k[0])? {
                f.system = Some(sys_idx(st, s)?);
            }
            f.owner = t.raw_get::<Option<OwnerNo>>(&k[1])?.map(|o| o.0);
            f.not_owner = t.raw_get::<Option<OwnerNo>>(&k[2])?.map(|o| o.0);
            f.kind = match t.raw_get::<Option<mlua::String>>(&k[3])? {
                Some(x) => Some(x.to_str()?.to_string()),
                None => None,
            };
            if let Some(p) = t.raw_get::<Option<mlua::String>>(&k[4])? {
                f.planet = Some(planet_idx(st, &p.to_str()?)?);
            }
            f.space = t.raw_get::<Option<bool>>(&k[5])?.unwrap_or(false);
            f.carried = t.raw_get::<Option<i64>>(&k[6])?.map(|c| c as u32);
        }
        Ok(f)
    }

    /// Whether unit `u` passes: `Some(its system)` (itself `None` for a
    /// unit in no system), or `None` when it does not pass.
    fn matches(&self, st: &State, u: &crate::state::Unit) -> Option<Option<usize>> {
        if self.owner.is_some_and(|o| u.owner != o) || self.not_owner.is_some_and(|o| u.owner == o)
        {
            return None;
        }
        if self.kind.as_ref().is_some_and(|x| *x != u.kind) {
            return None;
        }
        if self.planet.is_some_and(|p| u.loc != Loc::Planet(p)) {
            return None;
        }
        if self.carried.is_some_and(|c| u.loc != Loc::Carried(c)) {
            return None;
        }
        if self.space && matches!(u.loc, Loc::Planet(_)) {
            return None;
        }
        let usys = match u.loc {
            Loc::Space(s) => Some(s),
            _ => st.unit_system(u.id),
        };
        if self.system.is_some() && usys != self.system {
            return None;
        }
        Some(usys)
    }
}

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    _pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    api_fn!($ lua game sh);
    // --- units
    fn loc_from(st: &State, t: &Table) -> mlua::Result<Loc> {
        if let Some(p) = t.get::<Option<String>>("planet")? {
            return Ok(Loc::Planet(planet_idx(st, &p)?));
        }
        if let Some(c) = t.get::<Option<i64>>("carried")? {
            if !st.units.contains_key(&(c as u32)) {
                return Err(rterr(format!("no such unit {c} to carry")));
            }
            return Ok(Loc::Carried(c as u32));
        }
        if let Some(s) = t.get::<Option<i64>>("system")? {
            return Ok(Loc::Space(sys_idx(st, s)?));
        }
        Err(rterr("a location needs system, planet or carried"))
    }
    f!(
        "spawn",
        |_lua, st, (kind, owner, at): (String, OwnerNo, Table)| {
            let loc = loc_from(&st, &at)?;
            if st.units.len() >= MAX_ENTITIES {
                return Err(rterr(format!(
                    "game.spawn: over the limit of {MAX_ENTITIES} units on the board"
                )));
            }
            if owner.0 != crate::state::NEUTRAL && owner.0 >= st.players.len() {
                return Err(rterr(format!("no such player {}", owner.0 + 1)));
            }
            let name: Option<String> = at.get("as")?;
            if let Some(n) = &name {
                if st.names.contains_key(n) {
                    return Err(rterr(format!("a unit is already named `{n}`")));
                }
            }
            let id = st.spawn(&kind, owner.0, loc);
            if let Some(n) = name {
                st.names.insert(n, id);
            }
            Ok(id as i64)
        }
    );
    // name_unit(id, "home_dn"): names a unit already on the board (one of
    // a faction's starting units, say) for a scenario's answers.
    f!("name_unit", |_lua, st, (id, name): (i64, String)| {
        if !st.units.contains_key(&(id as u32)) {
            return Err(rterr(format!("no such unit {id} to name")));
        }
        if st.names.contains_key(&name) {
            return Err(rterr(format!("a unit is already named `{name}`")));
        }
        st.names.insert(name, id as u32);
        Ok(())
    });
    // named("dn1"): the id of the unit a scenario named so (nil if none).
    f!("named", |_lua, st, name: String| {
        Ok(st.names.get(&name).map(|&i| i as i64))
    });
    f!("remove_unit", |lua, st, id: i64| {
        let v: Vec<i64> = st
            .remove_unit(id as u32)
            .into_iter()
            .map(|x| x as i64)
            .collect();
        lua.create_sequence_from(v)
    });
    f!("move_unit", |_lua, st, (id, at): (i64, Table)| {
        let loc = loc_from(&st, &at)?;
        if loc == Loc::Carried(id as u32) {
            return Err(rterr("a unit cannot carry itself"));
        }
        let u = st
            .units
            .get_mut(&(id as u32))
            .ok_or_else(|| rterr(format!("no such unit {id}")))?;
        u.loc = loc;
        Ok(())
    });
    f!("set_unit_owner", |_lua, st, (id, owner): (i64, OwnerNo)| {
        let owner = owner.0;
        if owner != crate::state::NEUTRAL && owner >= st.players.len() {
            return Err(rterr(format!(
                "no such player {} (players are 1..{}, 0 is no player)",
                owner + 1,
                st.players.len()
            )));
        }
        let u = st
            .units
            .get_mut(&(id as u32))
            .ok_or_else(|| rterr(format!("no such unit {id}")))?;
        u.owner = owner;
        Ok(())
    });
    f!("unit_exists", |_lua, st, id: i64| {
        Ok(st.units.contains_key(&(id as u32)))
    });
    f!("removal_count", |_lua, st, (): ()| {
        Ok(st.removals as i64)
    });
    // units{system=, owner=, kind=, planet=, space=true, carried=, not_owner=}
    // count_units{...} (the same filter, only the number) and
    // unit_systems{...} (the systems of those units, each once, in order).
    {
        // Keys made once: building result tables is the hot path of combat.
        let k: Rc<Vec<mlua::String>> = Rc::new(
            [
                "system",
                "owner",
                "not_owner",
                "kind",
                "planet",
                "space",
                "carried",
                "id",
            ]
            .iter()
            .map(|x| lua.create_string(x))
            .collect::<mlua::Result<_>>()?,
        );
        // Lua strings of unit kinds, planet ids and unit prop keys, made once
        // per name (a game names a few hundred at most; the cache is bounded).
        let names: Rc<RefCell<HashMap<String, mlua::String>>> = Rc::default();
        let sh2 = sh.clone();
        let k2 = k.clone();
        game.set(
            "units",
            lua.create_function(move |lua, filter: Option<Table>| {
                let st = sh2.st()?;
                let f = UnitFilter::read(&st, &k2, filter.as_ref())?;
                let mut names = names.borrow_mut();
                let mut name = |x: &str| -> mlua::Result<mlua::String> {
                    if let Some(v) = names.get(x) {
                        return Ok(v.clone());
                    }
                    let v = lua.create_string(x)?;
                    if names.len() < MAX_NAME_CACHE {
                        names.insert(x.to_string(), v.clone());
                    }
                    Ok(v)
                };
                let out = lua.create_table()?;
                let mut n = 0;
                for u in st.units.values() {
                    let Some(usys) = f.matches(&st, u) else {
                        continue;
                    };
                    let t = lua.create_table_with_capacity(0, 5 + u.props.len())?;
                    t.raw_set(&k2[7], u.id as i64)?;
                    t.raw_set(&k2[3], name(&u.kind)?)?;
                    t.raw_set(&k2[1], OwnerNo(u.owner))?;
                    t.raw_set(&k2[0], usys.map(SystemNo))?;
                    match u.loc {
                        Loc::Planet(p) => t.raw_set(&k2[4], name(&st.planets[p].id)?)?,
                        Loc::Carried(c) => t.raw_set(&k2[6], c as i64)?,
                        Loc::Space(_) => {}
                    }
                    for (key, v) in &u.props {
                        let lv = match v {
                            Value::Bool(b) => LV::Boolean(*b),
                            Value::Number(x) if x.as_i64().is_some() => {
                                LV::Integer(x.as_i64().unwrap_or_default())
                            }
                            other => to_lua(lua, other)?,
                        };
                        t.raw_set(name(key)?, lv)?;
                    }
                    n += 1;
                    out.raw_set(n, t)?;
                }
                Ok(out)
            })?,
        )?;
        let sh2 = sh.clone();
        let k3 = k.clone();
        game.set(
            "unit_systems",
            lua.create_function(move |lua, filter: Option<Table>| {
                let st = sh2.st()?;
                let f = UnitFilter::read(&st, &k3, filter.as_ref())?;
                let set: std::collections::BTreeSet<usize> = st
                    .units
                    .values()
                    .filter_map(|u| f.matches(&st, u).flatten())
                    .collect();
                lua.create_sequence_from(set.into_iter().map(SystemNo))
            })?,
        )?;
        let sh2 = sh.clone();
        game.set(
            "count_units",
            lua.create_function(move |_lua, filter: Option<Table>| {
                let st = sh2.st()?;
                let f = UnitFilter::read(&st, &k, filter.as_ref())?;
                Ok(st
                    .units
                    .values()
                    .filter(|u| f.matches(&st, u).is_some())
                    .count() as i64)
            })?,
        )?;
    }
    Ok(())
}
