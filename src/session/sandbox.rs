//! The sandbox: which parts of the Lua standard library a pack sees, the
//! limits on time and memory, and the seal that makes `game` read-only.

use super::error::BUDGET_EXCEEDED;
use super::{clean_error, lua_err, lua_to_string, rterr, GameError, Shared};
use mlua::{ffi, Function, Lua, Table, Value as LV};
use std::cell::{Cell, RefCell};
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

/// The instruction budget of one VM: shared by every thread (the game
/// coroutine, the main state and every coroutine a script creates), and
/// not catchable: once spent, `pcall`, `xpcall`, `coroutine.resume` and
/// `coroutine.close` re-raise the budget error instead of returning it.
#[derive(Default)]
pub(super) struct Budget {
    pub used: Cell<u64>,
    pub limit: Cell<u64>,
    /// The budget error, once the budget is spent (until the next reset).
    pub spent: RefCell<Option<String>>,
    /// Where the instructions go, when a profile was asked for.
    pub profile: RefCell<Option<Profile>>,
}

/// A profile of a pack's scripts by instruction count: at each budget check
/// (every `STEP` Lua instructions) the running function gets a sample of
/// its own, and every function on the coroutine's stack one of its total.
/// Time spent in the kernel's own functions is not counted.
#[derive(Default, Debug, Clone)]
pub struct Profile {
    /// Samples taken (each stands for `STEP` instructions).
    pub samples: u64,
    /// By function (`file:line` where it is defined): samples where it was
    /// running, and samples where it was on the stack.
    pub functions: std::collections::HashMap<String, (u64, u64)>,
}

/// Stack levels a profile sample looks at.
const PROFILE_DEPTH: i32 = 200;

/// Takes one profile sample of the thread `l` (from the count hook).
unsafe fn profile_sample(l: *mut ffi::lua_State, p: &mut Profile) {
    p.samples += 1;
    let mut seen: Vec<String> = Vec::new();
    for level in 0..PROFILE_DEPTH {
        // SAFETY: lua_Debug is plain data; lua_getstack fills its private part.
        let mut ar: ffi::lua_Debug = std::mem::zeroed();
        if ffi::lua_getstack(l, level, &mut ar) == 0 {
            break;
        }
        if ffi::lua_getinfo(l, c"S".as_ptr(), &mut ar) == 0 || ar.linedefined < 0 {
            continue;
        }
        let src = std::ffi::CStr::from_ptr(ar.short_src.as_ptr()).to_string_lossy();
        let key = if ar.linedefined == 0 {
            format!("{src} (main chunk)")
        } else {
            format!("{src}:{}", ar.linedefined)
        };
        if seen.contains(&key) {
            continue;
        }
        let e = p.functions.entry(key.clone()).or_default();
        if level == 0 {
            e.0 += 1;
        }
        e.1 += 1;
        seen.push(key);
    }
}

impl Budget {
    /// A fresh budget for the next script call or decision.
    pub fn reset(&self) {
        self.used.set(0);
        *self.spent.borrow_mut() = None;
    }
}

/// Instructions between two budget checks.
const STEP: i32 = 1000;
/// Where the budget of a VM lives: a registry entry (light userdata).
const BUDGET_KEY: &std::ffi::CStr = c"imperium.budget";

/// The count hook: a raw Lua hook (not mlua's, which serves one thread at
/// a time), so that every coroutine inherits it from the thread that
/// creates it.
unsafe extern "C-unwind" fn budget_hook_raw(l: *mut ffi::lua_State, _ar: *mut ffi::lua_Debug) {
    ffi::lua_getfield(l, ffi::LUA_REGISTRYINDEX, BUDGET_KEY.as_ptr());
    let p = ffi::lua_touserdata(l, -1) as *const Budget;
    ffi::lua_pop(l, 1);
    if p.is_null() {
        return;
    }
    // SAFETY: the budget outlives the VM (it is kept in the VM's app data).
    let b = &*p;
    let u = b.used.get().saturating_add(STEP as u64);
    b.used.set(u);
    if let Ok(mut prof) = b.profile.try_borrow_mut() {
        if let Some(p) = prof.as_mut() {
            profile_sample(l, p);
        }
    }
    if u <= b.limit.get() {
        return;
    }
    // Level 0 in a hook: the function that was running.
    ffi::luaL_where(l, 0);
    {
        let msg = format!("{BUDGET_EXCEEDED} ({} instructions)", b.limit.get());
        ffi::lua_pushlstring(l, msg.as_ptr() as *const _, msg.len());
    }
    ffi::lua_concat(l, 2);
    if let Ok(mut spent) = b.spent.try_borrow_mut() {
        if spent.is_none() {
            let mut len = 0usize;
            let s = ffi::lua_tolstring(l, -1, &mut len);
            let bytes = std::slice::from_raw_parts(s as *const u8, len);
            *spent = Some(String::from_utf8_lossy(bytes).into_owned());
        }
    }
    // No Rust value with a destructor is alive here.
    ffi::lua_error(l);
}

/// Installs the budget on a VM: its main thread now, and on `thread` each
/// time the kernel creates one (coroutines created by scripts inherit it).
pub(super) fn install_budget(lua: &Lua, budget: &Rc<Budget>) -> mlua::Result<()> {
    lua.set_app_data(budget.clone());
    lua.set_named_registry_value(
        BUDGET_KEY.to_str().unwrap_or("imperium.budget"),
        mlua::LightUserData(Rc::as_ptr(budget) as *mut std::ffi::c_void),
    )?;
    hook_thread(&lua.current_thread());
    Ok(())
}

/// Puts the count hook on one thread.
pub(super) fn hook_thread(th: &mlua::Thread) {
    // SAFETY: the pointer of a thread value is its lua_State.
    unsafe {
        ffi::lua_sethook(
            th.to_pointer() as *mut ffi::lua_State,
            Some(budget_hook_raw),
            ffi::LUA_MASKCOUNT,
            STEP,
        );
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
    // `load(text [, name [, mode [, env]]])`: text only; the chunk's globals
    // are `env` when one is given, else the caller's sandbox.
    let gg = g.clone();
    g.set(
        "load",
        lua.create_function(
            move |lua,
                  (chunk, name, mode, env): (
                String,
                Option<String>,
                Option<String>,
                Option<Table>,
            )| {
                if mode.as_deref().is_some_and(|m| !m.contains('t')) {
                    return Ok((
                        None,
                        Some(format!(
                            "load: mode `{}` is refused: only text chunks load",
                            mode.unwrap_or_default()
                        )),
                    ));
                }
                let f = lua
                    .load(chunk)
                    .set_name(name.unwrap_or_else(|| "=load".into()))
                    .set_mode(mlua::ChunkMode::Text)
                    .set_environment(env.unwrap_or_else(|| gg.clone()))
                    .into_function();
                match f {
                    Ok(f) => Ok((Some(f), None)),
                    Err(e) => Ok((None, Some(clean_error(&e)))),
                }
            },
        )?,
    )?;
    // Pure helpers of `os`: none that touch the machine or the clock.
    let os = lua.create_table()?;
    g.set("os", os)?;
    let math: Table = g.get("math")?;
    let sh = shared.clone();
    math.set(
        "random",
        lua.create_function(move |_, (a, b): (Option<i64>, Option<i64>)| {
            let mut st = sh.st_mut()?;
            let r = st.rng();
            // Any interval of 64-bit integers (Lua's math.random takes them all).
            let between = |r: &mut crate::rng::Rng, m: i64, n: i64| {
                let width = (n as i128 - m as i128 + 1) as u128;
                let x = if width > u64::MAX as u128 {
                    r.next_u64()
                } else {
                    r.die64(width as u64) - 1
                };
                LV::Integer((m as i128 + x as i128) as i64)
            };
            match (a, b) {
                (None, _) => Ok(LV::Number(
                    (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64,
                )),
                (Some(m), None) if m >= 1 => Ok(between(r, 1, m)),
                (Some(m), Some(n)) if n >= m => Ok(between(r, m, n)),
                _ => Err(rterr("math.random: empty interval")),
            }
        })?,
    )?;
    math.set("randomseed", LV::Nil)?;
    let string: Table = g.get("string")?;
    string.set("dump", LV::Nil)?;
    // What the standard library may cost: a spent budget is not catchable,
    // no finalizers, bounded strings, moves and patterns.
    let b = shared.budget.clone();
    let spent = lua.create_function(move |_, ()| Ok(b.spent.borrow().clone()))?;
    lua.load(include_str!("sandbox.lua"))
        .set_name("@kernel/sandbox.lua")
        .set_mode(mlua::ChunkMode::Text)
        .call::<()>((spent, MAX_STRING, MAX_MOVE, MAX_PATTERN_COST))?;
    Ok(())
}

/// The longest string `string.rep` may build, in bytes.
pub const MAX_STRING: i64 = 64 * 1024 * 1024;
/// The most elements one `table.move` may move.
pub const MAX_MOVE: i64 = 16 * 1024 * 1024;
/// The worst-case steps a pattern call may take (see sandbox.lua).
pub const MAX_PATTERN_COST: f64 = 4e8;

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
    // pairs(game) still lists the kernel's functions.
    let pairs: Function = lua
        .load("local real = ...; return function() return next, real, nil end")
        .call(game.clone())
        .map_err(lua_err)?;
    mt.set("__pairs", pairs).map_err(lua_err)?;
    mt.set("__metatable", "game").map_err(lua_err)?;
    proxy.set_metatable(Some(mt));
    g.set("game", proxy).map_err(lua_err)?;
    Ok(())
}
