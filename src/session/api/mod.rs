//! The `game` table: the kernel's API to scripts, one file per namespace.

use super::{rterr, Shared};
use crate::pack::ResolvedPack;
use crate::state::State;
use mlua::{Lua, Table, Value as LV};
use std::rc::Rc;

/// `api_fn!($ lua game sh)` defines, inside an install function, the macro
/// `f!("name", |lua, st, args: T| { .. })`: it sets `game.name` to a Lua
/// function that runs with the state borrowed mutably as `st`.
macro_rules! api_fn {
    ($d:tt $lua_:ident $game:ident $sh:ident) => {
        #[allow(unused_macros)]
        macro_rules! f {
            ($d name:literal, |$d l:ident, $d st:ident, $d args:tt : $d ty:ty| $d body:block) => {{
                let sh = $sh.clone();
                $game.set(
                    $d name,
                    $lua_.create_function(move |$d l, $d args: $d ty| {
                        #[allow(unused_mut)]
                        let mut $d st = sh.st_mut()?;
                        $d body
                    })?,
                )?;
            }};
        }
    };
}

mod board;
mod dice;
mod locale;
mod players;
mod rollback;
mod units;
mod zones;

pub(super) fn install_api(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    dice::install(lua, game, sh, pack)?;
    players::install(lua, game, sh, pack)?;
    board::install(lua, game, sh, pack)?;
    units::install(lua, game, sh, pack)?;
    zones::install(lua, game, sh, pack)?;
    rollback::install(lua, game, sh, pack)?;
    locale::install(lua, game, sh, pack)?;
    Ok(())
}

/// A player as scripts number them (1..=n), holding the kernel's 0-based
/// index: the one place where the two numberings meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PlayerNo(pub usize);

/// A unit's owner as scripts number them: a player (1..=n), or 0 for a
/// unit that belongs to no player; holds the kernel's index or `NEUTRAL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OwnerNo(pub usize);

impl mlua::FromLua for OwnerNo {
    fn from_lua(v: LV, _lua: &mlua::Lua) -> mlua::Result<Self> {
        match lua_number(&v, "unit owner")? {
            0 => Ok(OwnerNo(crate::state::NEUTRAL)),
            n if n >= 1 => Ok(OwnerNo((n - 1) as usize)),
            n => Err(rterr(format!(
                "no such owner {n} (players count from 1; 0 is no player)"
            ))),
        }
    }
}

impl mlua::IntoLua for OwnerNo {
    fn into_lua(self, _lua: &mlua::Lua) -> mlua::Result<LV> {
        Ok(LV::Integer(if self.0 == crate::state::NEUTRAL {
            0
        } else {
            self.0 as i64 + 1
        }))
    }
}

/// A system as scripts number them (1..=n), holding the kernel's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SystemNo(pub usize);

fn lua_number(v: &LV, what: &str) -> mlua::Result<i64> {
    match v {
        LV::Integer(i) => Ok(*i),
        LV::Number(f) if f.fract() == 0.0 && f.is_finite() => Ok(*f as i64),
        other => Err(rterr(format!(
            "a {what} is a number from 1, not {}",
            other.type_name()
        ))),
    }
}

impl mlua::FromLua for PlayerNo {
    fn from_lua(v: LV, _lua: &mlua::Lua) -> mlua::Result<Self> {
        match lua_number(&v, "player")? {
            n if n >= 1 => Ok(PlayerNo((n - 1) as usize)),
            n => Err(rterr(format!("no such player {n} (players count from 1)"))),
        }
    }
}

impl mlua::IntoLua for PlayerNo {
    fn into_lua(self, _lua: &mlua::Lua) -> mlua::Result<LV> {
        Ok(LV::Integer(self.0 as i64 + 1))
    }
}

impl mlua::FromLua for SystemNo {
    fn from_lua(v: LV, _lua: &mlua::Lua) -> mlua::Result<Self> {
        match lua_number(&v, "system")? {
            n if n >= 1 => Ok(SystemNo((n - 1) as usize)),
            n => Err(rterr(format!(
                "no such system index {n} (systems count from 1)"
            ))),
        }
    }
}

impl mlua::IntoLua for SystemNo {
    fn into_lua(self, _lua: &mlua::Lua) -> mlua::Result<LV> {
        Ok(LV::Integer(self.0 as i64 + 1))
    }
}

pub(super) fn sys_idx(st: &State, s: i64) -> mlua::Result<usize> {
    if s >= 1 && (s as usize) <= st.systems.len() {
        Ok(s as usize - 1)
    } else {
        Err(rterr(format!("no such system index {s}")))
    }
}
/// The most units (on the board at once), systems and planets a game may have.
pub const MAX_ENTITIES: usize = 200_000;

/// A player number given by a script that the kernel stores: 1..=n.
pub(super) fn player_idx(st: &State, p: i64) -> mlua::Result<usize> {
    if p >= 1 && (p as usize) <= st.players.len() {
        Ok(p as usize - 1)
    } else {
        Err(rterr(format!(
            "no such player {p} (players are 1..{})",
            st.players.len()
        )))
    }
}
pub(super) fn planet_idx(st: &State, p: &str) -> mlua::Result<usize> {
    st.planet_index
        .get(p)
        .copied()
        .ok_or_else(|| rterr(format!("no such planet `{p}` on the board")))
}

pub(super) fn scope_player(v: &LV, n: usize) -> mlua::Result<Option<usize>> {
    match v {
        LV::Integer(i) if *i >= 1 && (*i as usize) <= n => Ok(Some(*i as usize - 1)),
        LV::Number(f) if *f >= 1.0 && (*f as usize) <= n => Ok(Some(*f as usize - 1)),
        LV::String(s) if s.to_str().map(|s| s == "game").unwrap_or(false) => Ok(None),
        LV::Nil => Ok(None),
        other => Err(rterr(format!("no such player: {other:?}"))),
    }
}
