//! A session: one game of one resolved pack, its Lua VM, state, decisions
//! and log.
//!
//! Rooms: `error` (GameError), `agents` (decisions, the record, decision
//! sources), `sandbox` (what scripts may touch, limits, the seal), `bus`
//! (data scripts as window subscribers), `api` (the `game` table, one file
//! per namespace).

mod agents;
mod api;
mod bus;
mod error;
mod sandbox;

pub use agents::{
    json_answer, Decision, DecisionSource, Human, JsonLines, RandomAgent, Record, Replay, Scripted,
    Status,
};
pub use error::{clean_error, GameError};
pub use sandbox::{Limits, Profile};

use crate::keys::KeyTexts;
use crate::pack::ResolvedPack;
use crate::rng::Rng;
use crate::state::State;
use api::install_api;
use error::lua_err;
use mlua::{
    DeserializeOptions, Function, Lua, LuaOptions, LuaSerdeExt, MultiValue, SerializeOptions,
    StdLib, Table, Thread, ThreadStatus, Value as LV,
};
use sandbox::{hook_thread, install_budget, sandbox};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// A sink for log lines as they are written.
pub type EchoFn = Box<dyn FnMut(&str)>;
type Echo = Rc<RefCell<Option<EchoFn>>>;

struct Shared {
    st: RefCell<State>,
    log: RefCell<Vec<String>>,
    /// The key and arguments of each log line (None for a line written
    /// without a key), kept only when asked (`Session::track_keys`).
    line_keys: RefCell<Option<Vec<Option<KeyedLine>>>>,
    checkpoints: RefCell<Vec<(State, usize)>>,
    /// Bytes in `log`.
    log_bytes: Cell<usize>,
    /// How many lines of `log` have been echoed. Lines written while a
    /// checkpoint is open are held until it commits (or a decision needs
    /// them), so a rolled-back action is never shown.
    echoed: Cell<usize>,
    budget: Rc<sandbox::Budget>,
    echo: Echo,
    /// Translates log lines for packs in another language.
    translator: Option<crate::locale::Translator>,
    /// Log lines and prompts no phrase of the locale matched (with a locale).
    untranslated: RefCell<std::collections::BTreeSet<String>>,
    /// Prompts, log lines and roll labels a script gave as plain text
    /// instead of a key.
    unkeyed: RefCell<std::collections::BTreeSet<String>>,
    /// The texts of decision and log keys.
    keys: KeyTexts,
    /// Where a scenario's golden log starts (after its set-up).
    golden_from: Cell<usize>,
}

/// How deep keyed texts and their argument lists may nest.
pub const MAX_TEXT_DEPTH: usize = 16;
/// The longest log line, prompt or option, in bytes.
pub const MAX_LOG_LINE: usize = 64 * 1024;
/// The most bytes the whole log may hold.
pub const MAX_LOG_BYTES: usize = 256 * 1024 * 1024;
/// How many checkpoints (`game.checkpoint`, `game.atomic`) may be open at once.
pub const MAX_CHECKPOINTS: usize = 64;
/// The most bytes of props all open checkpoints together may copy.
pub const MAX_CHECKPOINT_BYTES: usize = 512 * 1024 * 1024;

/// A log line's key and arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyedLine {
    pub key: String,
    pub args: BTreeMap<String, String>,
}

/// A key with its arguments, as a script gave it (`{key = "x", a = 1}`), or
/// a plain text.
struct Keyed {
    key: Option<String>,
    args: BTreeMap<String, String>,
    text: String,
}

impl Shared {
    /// The state, read; an error (not a panic) when a call into the kernel
    /// is already changing it (a metamethod that calls `game` from inside
    /// a kernel call).
    fn st(&self) -> mlua::Result<std::cell::Ref<'_, State>> {
        self.st.try_borrow().map_err(|_| reentrant())
    }

    /// The state, to change it; an error when another kernel call holds it.
    fn st_mut(&self) -> mlua::Result<std::cell::RefMut<'_, State>> {
        self.st.try_borrow_mut().map_err(|_| reentrant())
    }

    /// The line in the pack's language; notes lines no phrase matched.
    fn translate(&self, line: String) -> String {
        match &self.translator {
            Some(t) => {
                let (out, matched) = t.translate(&line);
                if !matched {
                    self.untranslated.borrow_mut().insert(line);
                }
                out
            }
            None => line,
        }
    }

    /// Reads a prompt, log line or roll label: a plain string, or a table
    /// with `key` and named arguments rendered by the locale.
    fn keyed(&self, v: &LV) -> mlua::Result<Keyed> {
        self.keyed_in(v, true).map(|(k, _)| k)
    }

    /// As `keyed`; also says whether the text is in the pack's language
    /// (always, without a locale). With `record` false, a text left in
    /// English is not noted as untranslated (the caller may still
    /// translate the line it goes into).
    fn keyed_in(&self, v: &LV, record: bool) -> mlua::Result<(Keyed, bool)> {
        self.keyed_at(v, record, 0)
    }

    fn keyed_at(&self, v: &LV, record: bool, depth: usize) -> mlua::Result<(Keyed, bool)> {
        let mut in_lang = true;
        let k = match v {
            LV::Table(t) => {
                let key: String = t
                    .get::<Option<String>>("key")?
                    .ok_or_else(|| rterr("a keyed text is a table with a `key` field"))?;
                let mut args = BTreeMap::new();
                for pair in t.pairs::<LV, LV>() {
                    let (k, v) = pair?;
                    let Some(k) = k.as_str().map(|s| s.to_string()) else {
                        continue;
                    };
                    if k == "key" {
                        continue;
                    }
                    args.insert(k, self.arg_text(&v, depth + 1)?);
                }
                let text = self.keys.render(&key, &args).map_err(rterr)?;
                let text = if self.translator.is_some() && !self.keys.translated(&key) {
                    // Not translated by key: the locale's phrases may still
                    // match the whole line.
                    let (out, matched) = self
                        .translator
                        .as_ref()
                        .map(|t| t.translate(&text))
                        .unwrap_or((text.clone(), false));
                    if matched {
                        out
                    } else {
                        in_lang = false;
                        if record {
                            self.untranslated.borrow_mut().insert(format!("key {key}"));
                            out
                        } else {
                            // Left as it is: the caller's line may match.
                            text
                        }
                    }
                } else if let Some(t) = &self.translator {
                    t.words(&text)
                } else {
                    text
                };
                Keyed {
                    key: Some(key),
                    args,
                    text,
                }
            }
            other => {
                let s = lua_to_string(other);
                self.unkeyed.borrow_mut().insert(s.clone());
                Keyed {
                    key: None,
                    args: BTreeMap::new(),
                    text: self.translate(s),
                }
            }
        };
        Ok((k, in_lang))
    }

    /// An argument of a keyed text as text: numbers without a needless
    /// fraction, lists joined with ", ", a nested key rendered.
    /// Arguments nest (keyed texts in lists in keyed texts) at most
    /// `MAX_TEXT_DEPTH` deep, and a text is at most `MAX_LOG_LINE` bytes.
    fn arg_text(&self, v: &LV, depth: usize) -> mlua::Result<String> {
        if depth > MAX_TEXT_DEPTH {
            return Err(rterr(format!(
                "a keyed text nests deeper than {MAX_TEXT_DEPTH} levels (or contains itself)"
            )));
        }
        Ok(match v {
            LV::Table(t) if t.contains_key("key")? => self.keyed_at(v, true, depth)?.0.text,
            LV::Table(t) => {
                let mut parts = vec![];
                let mut len = 0;
                for x in t.sequence_values::<LV>() {
                    let p = self.arg_text(&x?, depth + 1)?;
                    len += p.len() + 2;
                    if len > MAX_LOG_LINE {
                        return Err(rterr(format!(
                            "a keyed text's argument is over the limit of {MAX_LOG_LINE} bytes"
                        )));
                    }
                    parts.push(p);
                }
                parts.join(", ")
            }
            other => lua_to_string(other),
        })
    }

    /// Appends a log line as it is (already in the pack's language). A
    /// line is at most `MAX_LOG_LINE` bytes, the log `MAX_LOG_BYTES`.
    fn push_text(&self, line: String) -> mlua::Result<()> {
        if line.len() > MAX_LOG_LINE {
            return Err(rterr(format!(
                "a log line of {} bytes is over the limit of {MAX_LOG_LINE}",
                line.len()
            )));
        }
        let total = self.log_bytes.get() + line.len();
        if total > MAX_LOG_BYTES {
            return Err(rterr(format!(
                "the log is over the limit of {MAX_LOG_BYTES} bytes"
            )));
        }
        self.log_bytes.set(total);
        self.log.borrow_mut().push(line);
        if let Some(v) = self.line_keys.borrow_mut().as_mut() {
            v.push(None);
        }
        if self.checkpoints.borrow().is_empty() {
            self.flush_echo();
        }
        Ok(())
    }

    /// Echoes the lines written since the last echo.
    fn flush_echo(&self) {
        let log = self.log.borrow();
        let from = self.echoed.get().min(log.len());
        if let Some(e) = self.echo.borrow_mut().as_mut() {
            for line in &log[from..] {
                e(line);
            }
        }
        self.echoed.set(log.len());
    }

    /// Appends a log line (translated if the pack has phrases) and echoes it.
    fn push_log(&self, line: String) -> mlua::Result<()> {
        let line = self.translate(line);
        self.push_text(line)
    }

    /// Notes the key and arguments of the line just written.
    fn note_key(&self, key: Option<String>, args: BTreeMap<String, String>) {
        if let (Some(v), Some(key)) = (self.line_keys.borrow_mut().as_mut(), key) {
            if let Some(last) = v.last_mut() {
                *last = Some(KeyedLine { key, args });
            }
        }
    }

    /// Cuts the log back to `n` lines.
    fn truncate_log(&self, n: usize) {
        if let Some(v) = self.line_keys.borrow_mut().as_mut() {
            v.truncate(n);
        }
        let mut log = self.log.borrow_mut();
        let cut: usize = log.iter().skip(n).map(|l| l.len()).sum();
        log.truncate(n);
        self.log_bytes
            .set(self.log_bytes.get() - cut.min(self.log_bytes.get()));
        drop(log);
        let shown = self.echoed.get();
        if shown > n {
            // Lines a decision had to show are withdrawn: say so to whoever
            // reads the echo (the log itself simply no longer has them).
            self.echoed.set(n);
            let args = [("n".to_string(), (shown - n).to_string())].into();
            let notice = self
                .keys
                .render("kernel.undone", &args)
                .unwrap_or_else(|_| format!("({} lines undone)", shown - n));
            if let Some(e) = self.echo.borrow_mut().as_mut() {
                e(&notice);
            }
        }
    }
}

pub struct Session {
    pub lua: Lua,
    shared: Rc<Shared>,
    pub pack: Rc<ResolvedPack>,
    thread: Option<Thread>,
    entry_fn: Function,
    pub pending: Option<Decision>,
    pub record: Record,
    pub result: Option<Value>,
    /// Write each decision and its answer into the log (scenario goldens).
    pub log_decisions: bool,
}

fn sopts() -> SerializeOptions {
    SerializeOptions::new()
        .serialize_none_to_null(false)
        .serialize_unit_to_null(false)
        .set_array_metatable(false)
}

fn dopts() -> DeserializeOptions {
    DeserializeOptions::new().deny_unsupported_types(false)
}

fn to_lua(lua: &Lua, v: &Value) -> mlua::Result<LV> {
    lua.to_value_with(v, sopts())
}

/// A Lua value as JSON, for what the kernel keeps (props, results): at
/// most `MAX_JSON_DEPTH` tables deep (a table that contains itself is too
/// deep), `MAX_JSON_NODES` values and `MAX_JSON_BYTES` bytes of strings;
/// object keys sorted, so no `pairs()` order reaches a dump.
pub(crate) use crate::state::json_bytes;

fn from_lua(lua: &Lua, v: LV) -> mlua::Result<Value> {
    if let LV::Nil = v {
        return Ok(Value::Null);
    }
    let mut size = (0usize, 0usize);
    json_shape(&v, 0, &mut size)?;
    let mut out: Value = lua.from_value_with(v, dopts())?;
    sort_keys(&mut out);
    Ok(out)
}

/// How deep tables handed to the kernel may nest.
pub const MAX_JSON_DEPTH: usize = 64;
/// How many values one table handed to the kernel may hold, nested ones included.
pub const MAX_JSON_NODES: usize = 1_000_000;
/// How many bytes of strings one value handed to the kernel may hold.
pub const MAX_JSON_BYTES: usize = 16 * 1024 * 1024;

fn json_shape(v: &LV, depth: usize, size: &mut (usize, usize)) -> mlua::Result<()> {
    size.0 += 1;
    if size.0 > MAX_JSON_NODES {
        return Err(rterr(format!(
            "a table of more than {MAX_JSON_NODES} values is over the limit of what the kernel keeps"
        )));
    }
    match v {
        LV::Table(t) => {
            if depth >= MAX_JSON_DEPTH {
                return Err(rterr(format!(
                    "a table nested deeper than {MAX_JSON_DEPTH} levels (or containing itself) is over the limit of what the kernel keeps"
                )));
            }
            for pair in t.pairs::<LV, LV>() {
                let (k, x) = pair?;
                json_shape(&k, depth + 1, size)?;
                json_shape(&x, depth + 1, size)?;
            }
        }
        LV::String(s) => {
            size.1 += s.as_bytes().len();
            if size.1 > MAX_JSON_BYTES {
                return Err(rterr(format!(
                    "a value of more than {MAX_JSON_BYTES} bytes is over the limit of what the kernel keeps"
                )));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Sorts the keys of every object (iteratively: values are bounded, but
/// the walk need not be recursive).
fn sort_keys(v: &mut Value) {
    let mut stack = vec![v];
    while let Some(x) = stack.pop() {
        match x {
            Value::Object(m) => {
                m.sort_keys();
                stack.extend(m.values_mut());
            }
            Value::Array(a) => stack.extend(a.iter_mut()),
            _ => {}
        }
    }
}

fn reentrant() -> mlua::Error {
    rterr("a game.* call was made from inside another one (from a metamethod of an argument): not allowed")
}

fn rterr(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
}

/// The declared ctx of every typed window: name -> {field = {kind, optional}}.
fn ctx_decls(lua: &Lua, pack: &ResolvedPack) -> mlua::Result<Table> {
    let out = lua.create_table()?;
    for (name, d) in &pack.window_ctx {
        if !d.typed {
            continue;
        }
        let fields = lua.create_table()?;
        for (f, c) in &d.fields {
            let t = lua.create_table()?;
            t.set("kind", c.kind.name())?;
            t.set("optional", c.optional)?;
            fields.set(f.as_str(), t)?;
        }
        out.set(name.as_str(), fields)?;
    }
    Ok(out)
}

/// The function of a pack's chunk `key`, named `name` in errors: loaded
/// from the bytecode a session of the same pack compiled before, or
/// compiled from `source()` and its bytecode kept.
/// Either way the same function, with the same chunk name and lines in its
/// errors.
pub(crate) fn load_chunk(
    lua: &Lua,
    pack: &ResolvedPack,
    key: &str,
    name: &str,
    env: Option<Table>,
    source: impl FnOnce() -> mlua::Result<String>,
) -> mlua::Result<Function> {
    let cached = pack.chunks.with(key, |b| {
        b.map(|b| {
            let chunk = lua.load(b).set_name(name).set_mode(mlua::ChunkMode::Binary);
            match &env {
                Some(e) => chunk.set_environment(e.clone()).into_function(),
                None => chunk.into_function(),
            }
        })
    });
    if let Some(f) = cached {
        return f;
    }
    let code = source()?;
    let chunk = lua
        .load(code)
        .set_name(name)
        .set_mode(mlua::ChunkMode::Text);
    let f = match env {
        Some(e) => chunk.set_environment(e).into_function()?,
        None => chunk.into_function()?,
    };
    pack.chunks.insert(key, f.dump(false));
    Ok(f)
}

impl Session {
    /// Builds the VM for a pack: sandbox, kernel API, pack scripts.
    pub fn new(
        pack: Rc<ResolvedPack>,
        seed: u64,
        options: &[String],
        limits: Limits,
    ) -> Result<Session, GameError> {
        for o in options {
            if !pack.options.contains_key(o) {
                let known: Vec<&String> = pack.options.keys().collect();
                return Err(GameError::Usage(format!(
                    "pack `{}` has no option `{o}` (options: {})",
                    pack.id,
                    known
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        let lua = Lua::new_with(
            StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::COROUTINE | StdLib::UTF8,
            LuaOptions::default(),
        )
        .map_err(lua_err)?;
        lua.set_memory_limit(limits.memory).map_err(lua_err)?;
        let shared = Rc::new(Shared {
            st: RefCell::new(State::new(seed)),
            log: RefCell::new(vec![]),
            line_keys: RefCell::new(None),
            checkpoints: RefCell::new(vec![]),
            log_bytes: Cell::new(0),
            echoed: Cell::new(0),
            budget: Rc::new(sandbox::Budget::default()),
            echo: Rc::new(RefCell::new(None)),
            translator: crate::locale::Translator::from_locale(&pack.locale_strings),
            untranslated: RefCell::new(Default::default()),
            unkeyed: RefCell::new(Default::default()),
            keys: KeyTexts::new(&pack.locale, &pack.locale_strings, &pack.locale_langs),
            golden_from: Cell::new(0),
        });
        shared.budget.limit.set(limits.instructions);
        install_budget(&lua, &shared.budget).map_err(lua_err)?;
        let mut opts_sorted: Vec<String> = options.to_vec();
        opts_sorted.sort();
        opts_sorted.dedup();
        let record = Record {
            pack: pack.id.clone(),
            version: pack.version.clone(),
            pack_hash: String::new(),
            options: opts_sorted.clone(),
            seed,
            entry: String::new(),
            args: Value::Null,
            decisions: vec![],
        };
        let g = lua.globals();
        sandbox(&lua, &g, &shared).map_err(lua_err)?;
        let game: Table = lua.create_table().map_err(lua_err)?;
        install_api(&lua, &game, &shared, &pack).map_err(lua_err)?;
        // Options, with defaults and what the chosen ones imply.
        let mut on: std::collections::BTreeSet<String> = pack
            .options
            .iter()
            .filter(|(k, d)| d.default || opts_sorted.contains(k))
            .map(|(k, _)| k.clone())
            .collect();
        loop {
            let more: Vec<String> = on
                .iter()
                .filter_map(|k| pack.options.get(k))
                .flat_map(|d| d.implies.iter())
                .filter(|i| !on.contains(*i) && pack.options.contains_key(*i))
                .cloned()
                .collect();
            if more.is_empty() {
                break;
            }
            on.extend(more);
        }
        let ot = lua.create_table().map_err(lua_err)?;
        for k in pack.options.keys() {
            ot.set(k.as_str(), on.contains(k)).map_err(lua_err)?;
        }
        game.set("options", ot).map_err(lua_err)?;
        game.set("pack", pack.id.as_str()).map_err(lua_err)?;
        g.set("game", game.clone()).map_err(lua_err)?;

        let procs = lua.create_table().map_err(lua_err)?;
        let subs = lua.create_table().map_err(lua_err)?;
        let windows = lua.create_table().map_err(lua_err)?;
        for w in &pack.windows {
            windows.set(w.as_str(), true).map_err(lua_err)?;
        }
        let policy = lua.create_table().map_err(lua_err)?;
        let prelude: Function =
            load_chunk(&lua, &pack, "kernel", "@kernel/prelude.lua", None, || {
                Ok(include_str!("prelude.lua").to_string())
            })
            .map_err(lua_err)?;
        let chain: Vec<String> = pack.chain.iter().map(|p| p.manifest.id.clone()).collect();
        let entry_fn: Function = prelude
            .call((
                game.clone(),
                procs.clone(),
                subs.clone(),
                windows,
                policy,
                lua.create_sequence_from(chain).map_err(lua_err)?,
                if limits.check_ctx {
                    LV::Table(ctx_decls(&lua, &pack).map_err(lua_err)?)
                } else {
                    LV::Nil
                },
            ))
            .map_err(lua_err)?;
        let loading: Function = game.get("__loading").map_err(lua_err)?;
        // `procedure` lives in the sandbox globals; each pack gets its own env.
        let mut envs: BTreeMap<String, Table> = BTreeMap::new();
        for p in &pack.chain {
            let env = lua.create_table().map_err(lua_err)?;
            let mt = lua.create_table().map_err(lua_err)?;
            mt.set("__index", g.clone()).map_err(lua_err)?;
            env.set_metatable(Some(mt));
            env.set("PACK", p.manifest.id.as_str()).map_err(lua_err)?;
            envs.insert(p.manifest.id.clone(), env);
        }
        for f in &pack.rules {
            loading.call::<()>(f.pack.as_str()).map_err(lua_err)?;
            let func = load_chunk(
                &lua,
                &pack,
                &f.chunk_name,
                &f.chunk_name,
                Some(envs[&f.pack].clone()),
                || Ok(f.source.clone()),
            )
            .map_err(lua_err)?;
            shared.budget.reset();
            func.call::<()>(()).map_err(lua_err)?;
        }
        bus::load_data(&lua, &game, &subs, &shared, &pack, &loading, &envs)?;
        let when_loaded: Function = game.get("__when_loaded").map_err(lua_err)?;
        when_loaded.call::<()>(()).map_err(lua_err)?;
        // Loading is over: whatever registers from now on does so while the
        // game runs (an error once sealed).
        loading.call::<()>(LV::Nil).map_err(lua_err)?;
        if limits.seal {
            sandbox::seal(&lua, &g, &game)?;
        }
        Ok(Session {
            lua,
            shared,
            pack,
            thread: None,
            entry_fn,
            pending: None,
            record,
            result: None,
            log_decisions: false,
        })
    }

    /// Prints (or collects) each log line as it is written.
    pub fn set_echo(&self, f: Option<EchoFn>) {
        *self.shared.echo.borrow_mut() = f;
    }

    /// From now on, keep the key and arguments of every keyed log line
    /// (for tools and tests that count what happened without reading text).
    pub fn track_keys(&self) {
        let n = self.shared.log.borrow().len();
        let mut k = self.shared.line_keys.borrow_mut();
        if k.is_none() {
            *k = Some(vec![None; n]);
        }
    }

    /// The keyed log lines written since `track_keys`, in order.
    pub fn keyed_lines(&self) -> Vec<KeyedLine> {
        self.shared
            .line_keys
            .borrow()
            .iter()
            .flatten()
            .flatten()
            .cloned()
            .collect()
    }

    pub fn log(&self) -> Vec<String> {
        self.shared.log.borrow().clone()
    }

    /// Log lines and decision prompts (in the scripts' words) that no
    /// phrase of the pack's locale matched, sorted; empty without a locale.
    /// The prompts, log lines and roll labels given as plain text rather
    /// than a key, so far.
    pub fn unkeyed(&self) -> Vec<String> {
        self.shared.unkeyed.borrow().iter().cloned().collect()
    }

    pub fn untranslated(&self) -> Vec<String> {
        self.shared.untranslated.borrow().iter().cloned().collect()
    }

    /// Every helper and procedure with the packs that defined it, first to
    /// last, and the helpers' doc lines: `{procedures: {name: [pack..]},
    /// helpers: {name: {packs: [..], doc}}}`.
    pub fn registry(&self) -> Result<Value, GameError> {
        self.exec("=registry", "return game.__registry()")
    }

    /// The id and kind of the unit a scenario named `name` (if it still exists).
    pub fn named_unit(&self, name: &str) -> Option<(u32, String)> {
        let st = self.shared.st.borrow();
        let id = *st.names.get(name)?;
        st.units.get(&id).map(|u| (id, u.kind.clone()))
    }

    /// The owner (0-based) and kind of a unit on the board.
    pub fn unit_owner_kind(&self, id: u32) -> Option<(usize, String)> {
        let st = self.shared.st.borrow();
        st.units.get(&id).map(|u| (u.owner, u.kind.clone()))
    }

    /// Names the unit `id` for a scenario's answers (`game.name_unit`);
    /// false when there is no such unit yet.
    pub fn name_unit(&self, name: &str, id: u32) -> Result<bool, GameError> {
        let mut st = self.shared.st.borrow_mut();
        if !st.units.contains_key(&id) {
            return Ok(false);
        }
        if let Some(other) = st.names.get(name) {
            if *other != id {
                return Err(GameError::Usage(format!(
                    "a unit is already named `{name}`"
                )));
            }
        }
        st.names.insert(name.to_string(), id);
        Ok(true)
    }

    /// Where a scenario's golden log starts: the log length when its set-up
    /// ended (`game.__golden_start()`), else 0.
    pub fn golden_from(&self) -> usize {
        self.shared.golden_from.get()
    }

    pub fn log_len(&self) -> usize {
        self.shared.log.borrow().len()
    }

    /// A game-wide number: the counter `name`, else the game property
    /// `name` when it is an integer (`game.set("game", nil, name, n)`).
    pub fn game_number(&self, name: &str) -> Option<i64> {
        let st = self.shared.st.borrow();
        st.counters
            .get(name)
            .copied()
            .or_else(|| st.props.get(name).and_then(Value::as_i64))
    }

    pub fn state_dump(&self) -> Value {
        self.shared.st.borrow().dump()
    }

    /// Runs a Lua chunk in the sandbox (scenario setup and expectations).
    pub fn exec(&self, name: &str, code: &str) -> Result<Value, GameError> {
        self.shared.budget.reset();
        let f = self
            .lua
            .load(code)
            .set_name(name)
            .set_mode(mlua::ChunkMode::Text)
            .into_function()
            .map_err(lua_err)?;
        let v: LV = f.call(()).map_err(lua_err)?;
        from_lua(&self.lua, v).map_err(lua_err)
    }

    /// Starts the pack procedure `entry` with `args` as a coroutine.
    pub fn start(&mut self, entry: &str, args: Value) -> Result<(), GameError> {
        let body = self.entry_fn.clone();
        let th = self.lua.create_thread(body).map_err(lua_err)?;
        hook_thread(&th);
        self.record.entry = entry.to_string();
        self.record.args = args.clone();
        self.thread = Some(th);
        self.pending = None;
        self.resume_with(Some((entry.to_string(), args)), None)
    }

    /// Starts `entry` and then runs the given chunks (name, code) in the same
    /// coroutine, so they may ask for decisions too. Used by scenarios.
    pub fn start_with_chunks(
        &mut self,
        entry: &str,
        args: Value,
        chunks: &[(String, String)],
    ) -> Result<(), GameError> {
        let mut funcs = vec![];
        for (name, code) in chunks {
            let f = self
                .lua
                .load(code.as_str())
                .set_name(name.as_str())
                .set_mode(mlua::ChunkMode::Text)
                .into_function()
                .map_err(lua_err)?;
            funcs.push(f);
        }
        let wrap: Function = self
            .lua
            .load(
                "local entry, name, args, fs = ...\n\
                 return function()\n\
                   local r = entry(name, args)\n\
                   for _, f in ipairs(fs) do local x = f(); if x ~= nil then r = x end end\n\
                   return r\n\
                 end",
            )
            .set_name("=scenario")
            .call((
                self.entry_fn.clone(),
                entry,
                to_lua(&self.lua, &args).map_err(lua_err)?,
                self.lua.create_sequence_from(funcs).map_err(lua_err)?,
            ))
            .map_err(lua_err)?;
        let th = self.lua.create_thread(wrap).map_err(lua_err)?;
        hook_thread(&th);
        self.record.entry = entry.to_string();
        self.record.args = args;
        self.thread = Some(th);
        self.pending = None;
        self.shared.budget.reset();
        let vals = th_resume(&self.thread, ());
        self.after_resume(vals)
    }

    fn resume_with(
        &mut self,
        start: Option<(String, Value)>,
        answer: Option<usize>,
    ) -> Result<(), GameError> {
        let th = self
            .thread
            .clone()
            .ok_or_else(|| GameError::Usage("no game started".into()))?;
        self.shared.budget.reset();
        let res: mlua::Result<MultiValue> = match start {
            Some((name, args)) => {
                let a = to_lua(&self.lua, &args).map_err(lua_err)?;
                th.resume((name, a))
            }
            None => th.resume(answer.unwrap_or(1) as i64),
        };
        self.after_resume(res)
    }

    /// Starts profiling the pack's scripts by instruction count (see
    /// [`Profile`]); `profile` returns what was counted so far.
    pub fn start_profile(&self) {
        *self.shared.budget.profile.borrow_mut() = Some(Profile::default());
    }

    /// The profile since `start_profile` (None when none was started).
    pub fn profile(&self) -> Option<Profile> {
        self.shared.budget.profile.borrow().clone()
    }

    fn after_resume(&mut self, res: mlua::Result<MultiValue>) -> Result<(), GameError> {
        let th = self
            .thread
            .clone()
            .ok_or_else(|| GameError::Usage("no game started".into()))?;
        let vals = match res {
            Ok(v) => v,
            Err(e) => {
                self.thread = None;
                return Err(lua_err(e));
            }
        };
        match th.status() {
            ThreadStatus::Resumable => {
                let v: Vec<LV> = vals.into_iter().collect();
                let tag = v.first().and_then(|x| x.as_str().map(|s| s.to_string()));
                if tag.as_deref() != Some("decision") {
                    return Err(GameError::Lua {
                        message: "a script yielded outside game.choose (coroutine misuse)".into(),
                    });
                }
                // A decision from a script that yielded by hand is held to
                // what game.choose would have asked. (Set-up may ask before
                // the players are added.)
                let n = self.shared.st.borrow().players.len() as i64;
                let player = match v.get(1) {
                    Some(LV::Integer(p)) if *p >= 1 && (n == 0 || *p <= n) => *p,
                    other => {
                        self.thread = None;
                        return Err(GameError::Lua {
                            message: format!(
                                "a decision for player {}, who does not exist (players are 1..{n})",
                                other.map(lua_to_string).unwrap_or_else(|| "nil".into())
                            ),
                        });
                    }
                };
                let k = self
                    .shared
                    .keyed(v.get(2).unwrap_or(&LV::Nil))
                    .map_err(lua_err)?;
                let mut options = vec![];
                if let Some(LV::Table(t)) = v.get(3) {
                    for o in t.sequence_values::<LV>() {
                        let o = o.map_err(lua_err)?;
                        options.push(lua_to_string(&o));
                    }
                }
                if options.len() < 2 {
                    self.thread = None;
                    return Err(GameError::Lua {
                        message: format!(
                            "decision `{}` for p{player} has {} option{}: a decision needs at least two (game.choose asks nothing with one)",
                            k.key.as_deref().unwrap_or(&k.text),
                            options.len(),
                            if options.len() == 1 { "" } else { "s" }
                        ),
                    });
                }
                let prompt = match &k.key {
                    Some(key) => key.clone(),
                    None => lua_to_string(v.get(2).unwrap_or(&LV::Nil)),
                };
                // Whoever answers sees what led to the decision, even
                // inside an action that has not committed yet.
                self.shared.flush_echo();
                self.pending = Some(Decision {
                    player,
                    prompt,
                    args: k.args,
                    options,
                    text: k.text,
                });
            }
            _ => {
                let v: Vec<LV> = vals.into_iter().collect();
                let r = match v.into_iter().next() {
                    Some(x) => from_lua(&self.lua, x).map_err(lua_err)?,
                    None => Value::Null,
                };
                self.pending = None;
                self.result = Some(r);
                self.thread = None;
                self.shared.flush_echo();
            }
        }
        Ok(())
    }

    /// Answers the pending decision with an option (by its text).
    pub fn answer(&mut self, choice: &str) -> Result<(), GameError> {
        let d = self
            .pending
            .clone()
            .ok_or_else(|| GameError::Usage("no decision is pending".into()))?;
        let idx = d.options.iter().position(|o| o == choice).ok_or_else(|| {
            GameError::Usage(format!(
                "`{choice}` is not an option of p{} `{}` (options: {})",
                d.player,
                d.prompt,
                d.options.join(", ")
            ))
        })?;
        self.record.decisions.push(choice.to_string());
        if self.log_decisions {
            let line = format!(
                "? p{} {} [{}] -> {choice}",
                d.player,
                d.text,
                d.options.join(", ")
            );
            self.shared.push_text(line).map_err(lua_err)?;
        }
        self.pending = None;
        self.resume_with(None, Some(idx + 1))
    }

    pub fn status(&self) -> Option<Status> {
        if let Some(d) = &self.pending {
            return Some(Status::Pending(d.clone()));
        }
        self.result.clone().map(Status::Finished)
    }

    /// Plays on, answering with `source`, until the entry procedure returns.
    pub fn run(&mut self, source: &mut dyn DecisionSource) -> Result<Value, GameError> {
        loop {
            if let Some(r) = &self.result {
                return Ok(r.clone());
            }
            let d = self.pending.clone().ok_or_else(|| {
                GameError::Usage("the game is neither waiting nor finished".into())
            })?;
            let a = source.decide(&d)?;
            self.answer(&a)?;
        }
    }

    /// An agent that answers with the pack's named policy
    /// (`game.lib.policies[name]`, the same table `combat --policy` reads)
    /// wherever it returns one of the options, and at random (from `seed`)
    /// where it returns nothing. The record holds every answer, so a replay
    /// needs no policy.
    pub fn policy_agent(&self, name: &str, seed: u64) -> Result<PolicyAgent, GameError> {
        let game: Table = self.lua.globals().get("game").map_err(lua_err)?;
        let lib: Table = game.get("lib").map_err(lua_err)?;
        let policies: Option<Table> = lib.get("policies").map_err(lua_err)?;
        let mut names = vec![];
        if let Some(t) = &policies {
            for pair in t.pairs::<String, LV>() {
                names.push(pair.map_err(lua_err)?.0);
            }
        }
        names.sort();
        let f: Option<Function> = match &policies {
            Some(t) => t.get(name).map_err(lua_err)?,
            None => None,
        };
        let f = f.ok_or_else(|| {
            GameError::Usage(format!(
                "unknown agent `{name}`: random, human, json, or a policy of the pack ({})",
                names.join(", ")
            ))
        })?;
        Ok(PolicyAgent {
            lua: self.lua.clone(),
            budget: self.shared.budget.clone(),
            policy: f,
            name: name.to_string(),
            random: RandomAgent(Rng::new(seed ^ 0xA6E7)),
        })
    }

    /// Calls a procedure outside the coroutine (no decisions may be asked
    /// unless policies answer them): used for fast simulations.
    pub fn call_procedure(&self, name: &str, args: Value) -> Result<Value, GameError> {
        self.shared.budget.reset();
        let a = to_lua(&self.lua, &args).map_err(lua_err)?;
        let v: LV = self.entry_fn.call((name, a)).map_err(lua_err)?;
        from_lua(&self.lua, v).map_err(lua_err)
    }

    /// Saves the whole state (for cheap repeated simulations).
    pub fn snapshot(&self) -> (State, usize) {
        (
            self.shared.st.borrow().clone(),
            self.shared.log.borrow().len(),
        )
    }

    pub fn restore(&self, snap: &(State, usize)) {
        *self.shared.st.borrow_mut() = snap.0.clone();
        self.shared.truncate_log(snap.1);
    }

    pub fn reseed(&self, seed: u64) {
        self.shared.st.borrow_mut().rng = Some(Rng::new(seed));
    }

    pub fn set_logging(&self, on: bool) {
        self.shared
            .st
            .borrow_mut()
            .props
            .insert("__quiet".into(), Value::Bool(!on));
    }
}

fn th_resume(th: &Option<Thread>, args: ()) -> mlua::Result<MultiValue> {
    match th {
        Some(t) => t.resume(args),
        None => Err(rterr("no thread")),
    }
}

fn lua_to_string(v: &LV) -> String {
    match v {
        LV::String(s) => s.to_string_lossy().to_string(),
        LV::Integer(i) => i.to_string(),
        LV::Number(n) => n.to_string(),
        LV::Boolean(b) => b.to_string(),
        LV::Table(t) => t.get::<String>("id").unwrap_or_else(|_| "?".into()),
        _ => "?".into(),
    }
}

/// Answers with a pack's policy, or at random where it has no preference
/// (see `Session::policy_agent`).
pub struct PolicyAgent {
    lua: Lua,
    budget: Rc<sandbox::Budget>,
    policy: Function,
    name: String,
    random: RandomAgent,
}

impl DecisionSource for PolicyAgent {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let prompt = self.lua.create_table().map_err(lua_err)?;
        prompt.set("key", d.prompt.as_str()).map_err(lua_err)?;
        for (k, v) in &d.args {
            prompt.set(k.as_str(), v.as_str()).map_err(lua_err)?;
        }
        let options = self
            .lua
            .create_sequence_from(d.options.iter().map(String::as_str))
            .map_err(lua_err)?;
        self.budget.reset();
        let pick: LV =
            self.policy
                .call((d.player, prompt, options))
                .map_err(|e| GameError::Lua {
                    message: format!("policy `{}`: {}", self.name, lua_err(e)),
                })?;
        match pick {
            LV::String(s) => {
                let s = s.to_string_lossy();
                if d.options.contains(&s) {
                    Ok(s)
                } else {
                    Err(GameError::Lua {
                        message: format!(
                            "policy `{}` answered `{s}` to p{} `{}`, which is not an option ({})",
                            self.name,
                            d.player,
                            d.prompt,
                            d.options.join(", ")
                        ),
                    })
                }
            }
            LV::Nil => self.random.decide(d),
            other => Err(GameError::Lua {
                message: format!(
                    "policy `{}` answered a {} to p{} `{}`",
                    self.name,
                    other.type_name(),
                    d.player,
                    d.prompt
                ),
            }),
        }
    }
}
