//! The sandbox: which parts of the Lua standard library a pack sees, the
//! limits on time and memory, and the seal that makes `game` read-only.

use super::error::BUDGET_EXCEEDED;
use super::{clean_error, lua_err, lua_to_string, rterr, GameError, Shared};
use mlua::{Function, HookTriggers, Lua, Table, Value as LV, VmState};
use std::rc::Rc;

/// Limits for scripts.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Lua instructions allowed between two decisions (or per script call).
    pub instructions: u64,
    /// Bytes the VM may allocate.
    pub memory: usize,
    /// After loading, `game`, `game.lib` and the procedures are read-only.
    pub seal: bool,
    /// Hold each window's ctx to its declaration (scenarios, strict runs).
    pub check_ctx: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            instructions: 200_000_000,
            memory: 512 * 1024 * 1024,
            seal: true,
            check_ctx: false,
        }
    }
}

pub(super) fn budget_triggers() -> HookTriggers {
    HookTriggers::new().every_nth_instruction(1000)
}

/// Counts instructions and fails the script past the budget.
pub(super) fn budget_hook(
    sh: &Rc<Shared>,
) -> impl Fn(&Lua, mlua::Debug) -> mlua::Result<VmState> + 'static {
    let sh = sh.clone();
    move |_, _| {
        let u = sh.used.get() + 1000;
        sh.used.set(u);
        if u > sh.limit.get() {
            return Err(rterr(format!(
                "{BUDGET_EXCEEDED} ({} instructions)",
                sh.limit.get()
            )));
        }
        Ok(VmState::Continue)
    }
}

pub(super) fn sandbox(lua: &Lua, g: &Table, shared: &Rc<Shared>) -> mlua::Result<()> {
    for name in [
        "dofile",
        "loadfile",
        "collectgarbage",
        "require",
        "print",
        "load",
        "debug",
        "io",
        "os",
        "package",
    ] {
        g.set(name, LV::Nil)?;
    }
    // `load` of text only, in the caller's sandbox.
    let gg = g.clone();
    g.set(
        "load",
        lua.create_function(move |lua, (chunk, name): (String, Option<String>)| {
            let f = lua
                .load(chunk)
                .set_name(name.unwrap_or_else(|| "=load".into()))
                .set_mode(mlua::ChunkMode::Text)
                .set_environment(gg.clone())
                .into_function();
            match f {
                Ok(f) => Ok((Some(f), None)),
                Err(e) => Ok((None, Some(clean_error(&e)))),
            }
        })?,
    )?;
    // Pure helpers of `os`: none that touch the machine or the clock.
    let os = lua.create_table()?;
    g.set("os", os)?;
    let math: Table = g.get("math")?;
    let sh = shared.clone();
    math.set(
        "random",
        lua.create_function(move |_, (a, b): (Option<i64>, Option<i64>)| {
            let mut st = sh.st.borrow_mut();
            let r = st.rng();
            match (a, b) {
                (None, _) => Ok(LV::Number(
                    (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64,
                )),
                (Some(m), None) if m >= 1 => Ok(LV::Integer(r.die(m as u32) as i64)),
                (Some(m), Some(n)) if n >= m => {
                    Ok(LV::Integer(m + r.die((n - m + 1) as u32) as i64 - 1))
                }
                _ => Err(rterr("math.random: empty interval")),
            }
        })?,
    )?;
    math.set("randomseed", LV::Nil)?;
    let string: Table = g.get("string")?;
    string.set("dump", LV::Nil)?;
    Ok(())
}

/// After loading: the registry is sealed (`game.__seal`) and `game` itself
/// becomes a read-only proxy in the globals.
pub(super) fn seal(lua: &Lua, g: &Table, game: &Table) -> Result<(), GameError> {
    let seal: Function = game.get("__seal").map_err(lua_err)?;
    seal.call::<()>(()).map_err(lua_err)?;
    // `game` itself becomes read-only: scripts call its functions
    // but cannot replace them.
    let proxy = lua.create_table().map_err(lua_err)?;
    let mt = lua.create_table().map_err(lua_err)?;
    mt.set("__index", game.clone()).map_err(lua_err)?;
    mt.set(
            "__newindex",
            lua.create_function(|_, (_t, k, _v): (LV, LV, LV)| -> mlua::Result<()> {
                Err(rterr(format!(
                    "game.{} is read-only: a pack changes its parent through procedures, helpers and windows",
                    lua_to_string(&k)
                )))
            })
            .map_err(lua_err)?,
        )
        .map_err(lua_err)?;
    mt.set("__metatable", "game").map_err(lua_err)?;
    proxy.set_metatable(Some(mt));
    g.set("game", proxy).map_err(lua_err)?;
    Ok(())
}
