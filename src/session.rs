//! A session: one game of one resolved pack, its Lua VM, state, decisions
//! and log.

use crate::hex::Hex;
use crate::keys::KeyTexts;
use crate::pack::{is_script_path, locate_text, ResolvedPack};
use crate::rng::Rng;
use crate::state::{Loc, State, Token};
use mlua::{
    DeserializeOptions, Function, HookTriggers, Lua, LuaOptions, LuaSerdeExt, MultiValue,
    SerializeOptions, StdLib, Table, Thread, ThreadStatus, Value as LV, VmState,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
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
            seal: false,
            check_ctx: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Lua(String),
    #[error("{0}")]
    Usage(String),
}

fn lua_err(e: mlua::Error) -> GameError {
    GameError::Lua(clean_error(&e))
}

/// Turns an mlua error into one readable message (the innermost cause and
/// a short Lua traceback).
pub fn clean_error(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let inner = clean_error(cause);
            let tb: Vec<&str> = traceback
                .lines()
                .filter(|l| l.contains("content/"))
                .take(4)
                .collect();
            if tb.is_empty() {
                inner
            } else {
                format!("{inner}\n{}", tb.join("\n"))
            }
        }
        mlua::Error::RuntimeError(s) => trim_traceback(s),
        mlua::Error::SyntaxError { message, .. } => format!("syntax error: {message}"),
        mlua::Error::MemoryError(_) => "script memory limit exceeded".into(),
        mlua::Error::WithContext { context, cause } => format!("{context}: {}", clean_error(cause)),
        other => trim_traceback(&other.to_string()),
    }
}

fn trim_traceback(s: &str) -> String {
    let mut out = vec![];
    let mut in_tb = false;
    for l in s.lines() {
        if l.starts_with("stack traceback:") {
            in_tb = true;
            continue;
        }
        if in_tb {
            if l.contains("content/") && out.len() < 6 {
                out.push(format!("  at {}", l.trim()));
            }
        } else {
            out.push(l.to_string());
        }
    }
    out.join("\n")
}

/// A choice the game is waiting for.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Decision {
    pub player: i64,
    /// The decision's key (what policies, scenarios and programs match);
    /// for a pack without keys, the prompt as the scripts wrote it.
    pub prompt: String,
    /// The key's arguments, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, String>,
    pub options: Vec<String>,
    /// The prompt as shown to a person: in the pack's language when it has
    /// a locale, else the prompt itself.
    #[serde(default)]
    pub text: String,
}

/// What reproduces a game: pack, options, seed, entry and every answer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    pub pack: String,
    pub version: String,
    pub options: Vec<String>,
    pub seed: u64,
    pub entry: String,
    pub args: Value,
    pub decisions: Vec<String>,
}

pub enum Status {
    Pending(Decision),
    Finished(Value),
}

/// A sink for log lines as they are written.
pub type EchoFn = Box<dyn FnMut(&str)>;
type Echo = Rc<RefCell<Option<EchoFn>>>;

struct Shared {
    st: RefCell<State>,
    log: RefCell<Vec<String>>,
    checkpoints: RefCell<Vec<(State, usize)>>,
    used: Cell<u64>,
    limit: Cell<u64>,
    echo: Echo,
    /// Translates log lines for packs in another language.
    translator: Option<crate::locale::Translator>,
    /// Log lines and prompts no phrase of the locale matched (with a locale).
    untranslated: RefCell<std::collections::BTreeSet<String>>,
    /// The texts of decision and log keys.
    keys: KeyTexts,
    /// Where a scenario's golden log starts (after its set-up).
    golden_from: Cell<usize>,
}

/// A key with its arguments, as a script gave it (`{key = "x", a = 1}`), or
/// a plain text.
struct Keyed {
    key: Option<String>,
    args: BTreeMap<String, String>,
    text: String,
}

impl Shared {
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
                    args.insert(k, self.arg_text(&v)?);
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
    fn arg_text(&self, v: &LV) -> mlua::Result<String> {
        Ok(match v {
            LV::Table(t) if t.contains_key("key")? => self.keyed(v)?.text,
            LV::Table(t) => {
                let mut parts = vec![];
                for x in t.sequence_values::<LV>() {
                    parts.push(self.arg_text(&x?)?);
                }
                parts.join(", ")
            }
            other => lua_to_string(other),
        })
    }

    /// Appends a log line as it is (already in the pack's language).
    fn push_text(&self, line: String) {
        if let Some(e) = self.echo.borrow_mut().as_mut() {
            e(&line);
        }
        self.log.borrow_mut().push(line);
    }

    /// Appends a log line (translated if the pack has phrases) and echoes it.
    fn push_log(&self, line: String) {
        let line = self.translate(line);
        if let Some(e) = self.echo.borrow_mut().as_mut() {
            e(&line);
        }
        self.log.borrow_mut().push(line);
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

fn budget_triggers() -> HookTriggers {
    HookTriggers::new().every_nth_instruction(1000)
}

/// Counts instructions and fails the script past the budget.
fn budget_hook(sh: &Rc<Shared>) -> impl Fn(&Lua, mlua::Debug) -> mlua::Result<VmState> + 'static {
    let sh = sh.clone();
    move |_, _| {
        let u = sh.used.get() + 1000;
        sh.used.set(u);
        if u > sh.limit.get() {
            return Err(rterr(format!(
                "script instruction budget exceeded ({} instructions)",
                sh.limit.get()
            )));
        }
        Ok(VmState::Continue)
    }
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

fn from_lua(lua: &Lua, v: LV) -> mlua::Result<Value> {
    if let LV::Nil = v {
        return Ok(Value::Null);
    }
    lua.from_value_with(v, dopts())
}

fn rterr(msg: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(msg.into())
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
            checkpoints: RefCell::new(vec![]),
            used: Cell::new(0),
            limit: Cell::new(limits.instructions),
            echo: Rc::new(RefCell::new(None)),
            translator: crate::locale::Translator::from_locale(&pack.locale_strings),
            untranslated: RefCell::new(Default::default()),
            keys: KeyTexts::new(&pack.locale, &pack.locale_strings, &pack.locale_langs),
            golden_from: Cell::new(0),
        });
        lua.set_hook(budget_triggers(), budget_hook(&shared));
        let mut opts_sorted: Vec<String> = options.to_vec();
        opts_sorted.sort();
        opts_sorted.dedup();
        let record = Record {
            pack: pack.id.clone(),
            version: pack.version.clone(),
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
        // Options, with defaults.
        let ot = lua.create_table().map_err(lua_err)?;
        for (k, d) in &pack.options {
            ot.set(k.as_str(), d.default || opts_sorted.contains(k))
                .map_err(lua_err)?;
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
        let prelude: Function = lua
            .load(include_str!("prelude.lua"))
            .set_name("@kernel/prelude.lua")
            .set_mode(mlua::ChunkMode::Text)
            .into_function()
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
            let func = lua
                .load(&f.source)
                .set_name(&f.chunk_name)
                .set_mode(mlua::ChunkMode::Text)
                .set_environment(envs[&f.pack].clone())
                .into_function()
                .map_err(lua_err)?;
            shared.used.set(0);
            func.call::<()>(()).map_err(lua_err)?;
        }
        // Data and scripts.
        let data = lua.create_table().map_err(lua_err)?;
        let mut sub_lists: BTreeMap<String, Vec<Table>> = BTreeMap::new();
        for (coll, defs) in &pack.collections {
            let ct = lua.create_table().map_err(lua_err)?;
            for (id, d) in defs {
                let mut v = d.value.clone();
                if let Value::Object(m) = &mut v {
                    m.entry("id").or_insert(Value::String(id.clone()));
                }
                let dt = to_lua(&lua, &v).map_err(lua_err)?;
                let LV::Table(dt) = dt else { continue };
                if let Some(s) = d.value.get("script").and_then(Value::as_str) {
                    loading
                        .call::<()>(d.script_origin.pack.as_str())
                        .map_err(lua_err)?;
                    let handler =
                        compile_script(&lua, &pack, d, coll, id, s, &envs).map_err(lua_err)?;
                    dt.set("handler", handler.clone()).map_err(lua_err)?;
                    if let Some(ws) = d.value.get("windows").and_then(Value::as_array) {
                        for w in ws.iter().filter_map(Value::as_str) {
                            let st = lua.create_table().map_err(lua_err)?;
                            st.set("coll", coll.as_str()).map_err(lua_err)?;
                            st.set("id", id.as_str()).map_err(lua_err)?;
                            st.set("def", dt.clone()).map_err(lua_err)?;
                            let h = handler_for(&lua, &handler, w).map_err(lua_err)?;
                            st.set("handler", h).map_err(lua_err)?;
                            st.set("raw", handler.clone()).map_err(lua_err)?;
                            sub_lists.entry(w.to_string()).or_default().push(st);
                        }
                    }
                }
                ct.set(id.as_str(), dt).map_err(lua_err)?;
            }
            data.set(coll.as_str(), ct).map_err(lua_err)?;
        }
        let mut keys: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        for (w, list) in sub_lists {
            let mut k = vec![];
            for t in &list {
                k.push((
                    t.get::<String>("coll").map_err(lua_err)?,
                    t.get::<String>("id").map_err(lua_err)?,
                ));
            }
            keys.insert(w.clone(), k);
            subs.set(w, lua.create_sequence_from(list).map_err(lua_err)?)
                .map_err(lua_err)?;
        }
        // window_holders(name): for each subscriber of the window, who holds
        // it ({[player] = true, game = true}); nil when nobody holds any. One
        // call per window instead of one per subscriber and player.
        {
            let sh = shared.clone();
            let keys = Rc::new(keys);
            game.set(
                "window_holders",
                lua.create_function(move |lua, name: String| {
                    let Some(list) = keys.get(&name) else {
                        return Ok(LV::Nil);
                    };
                    let st = sh.st.borrow();
                    let zone_cards: Vec<std::collections::BTreeSet<&str>> = (0..st.players.len())
                        .map(|p| {
                            st.zones
                                .values()
                                .filter(|z| z.owner == Some(p))
                                .flat_map(|z| z.cards.iter().map(String::as_str))
                                .collect()
                        })
                        .collect();
                    let mut out: Option<Table> = None;
                    for (i, key) in list.iter().enumerate() {
                        let mut holders: Vec<LV> = vec![];
                        for (p, pl) in st.players.iter().enumerate() {
                            if pl.holds.contains(key) || zone_cards[p].contains(key.1.as_str()) {
                                holders.push(LV::Integer(p as i64 + 1));
                            }
                        }
                        let game_holds = st.holds.contains(key);
                        if holders.is_empty() && !game_holds {
                            continue;
                        }
                        let t = lua.create_table()?;
                        for h in holders {
                            t.raw_set(h, true)?;
                        }
                        if game_holds {
                            t.raw_set("game", true)?;
                        }
                        let o = match &out {
                            Some(o) => o.clone(),
                            None => {
                                let o = lua.create_table()?;
                                out = Some(o.clone());
                                o
                            }
                        };
                        o.raw_set(i + 1, t)?;
                    }
                    Ok(out.map(LV::Table).unwrap_or(LV::Nil))
                })
                .map_err(lua_err)?,
            )
            .map_err(lua_err)?;
        }
        game.set("data", data).map_err(lua_err)?;
        if limits.seal {
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

    pub fn log(&self) -> Vec<String> {
        self.shared.log.borrow().clone()
    }

    /// Log lines and decision prompts (in the scripts' words) that no
    /// phrase of the pack's locale matched, sorted; empty without a locale.
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

    /// Where a scenario's golden log starts: the log length when its set-up
    /// ended (`game.__golden_start()`), else 0.
    pub fn golden_from(&self) -> usize {
        self.shared.golden_from.get()
    }

    pub fn log_len(&self) -> usize {
        self.shared.log.borrow().len()
    }

    pub fn state_dump(&self) -> Value {
        self.shared.st.borrow().dump()
    }

    /// Runs a Lua chunk in the sandbox (scenario setup and expectations).
    pub fn exec(&self, name: &str, code: &str) -> Result<Value, GameError> {
        self.shared.used.set(0);
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
        th.set_hook(budget_triggers(), budget_hook(&self.shared));
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
        th.set_hook(budget_triggers(), budget_hook(&self.shared));
        self.record.entry = entry.to_string();
        self.record.args = args;
        self.thread = Some(th);
        self.pending = None;
        self.shared.used.set(0);
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
        self.shared.used.set(0);
        let res: mlua::Result<MultiValue> = match start {
            Some((name, args)) => {
                let a = to_lua(&self.lua, &args).map_err(lua_err)?;
                th.resume((name, a))
            }
            None => th.resume(answer.unwrap_or(1) as i64),
        };
        self.after_resume(res)
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
                    return Err(GameError::Lua(
                        "a script yielded outside game.choose (coroutine misuse)".into(),
                    ));
                }
                let player = v.get(1).and_then(|x| x.as_i64()).unwrap_or(0);
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
                let prompt = match &k.key {
                    Some(key) => key.clone(),
                    None => lua_to_string(v.get(2).unwrap_or(&LV::Nil)),
                };
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
            if let Some(e) = self.shared.echo.borrow_mut().as_mut() {
                e(&line);
            }
            self.shared.log.borrow_mut().push(line);
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

    /// Calls a procedure outside the coroutine (no decisions may be asked
    /// unless policies answer them): used for fast simulations.
    pub fn call_procedure(&self, name: &str, args: Value) -> Result<Value, GameError> {
        self.shared.used.set(0);
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
        self.shared.log.borrow_mut().truncate(snap.1);
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

/// Where answers come from.
pub trait DecisionSource {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError>;
}

/// Uniform over the legal options, from its own seeded generator (so that
/// the game's dice do not depend on who answers).
pub struct RandomAgent(pub Rng);

impl DecisionSource for RandomAgent {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let i = self.0.index(d.options.len());
        Ok(d.options[i].clone())
    }
}

/// Answers from a list, in order.
pub struct Scripted {
    pub answers: Vec<String>,
    pub next: usize,
}

impl DecisionSource for Scripted {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let a = self.answers.get(self.next).cloned().ok_or_else(|| {
            GameError::Usage(format!(
                "scripted answers ran out at decision {}: p{} `{}` [{}]",
                self.next + 1,
                d.player,
                d.prompt,
                d.options.join(", ")
            ))
        })?;
        self.next += 1;
        Ok(a)
    }
}

/// Replays a record's answers, then hands over to `then` (if any).
pub struct Replay<'a> {
    pub answers: Vec<String>,
    pub next: usize,
    pub then: Option<&'a mut dyn DecisionSource>,
}

impl DecisionSource for Replay<'_> {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        if let Some(a) = self.answers.get(self.next) {
            self.next += 1;
            return Ok(a.clone());
        }
        match self.then.as_mut() {
            Some(t) => t.decide(d),
            None => Err(GameError::Usage("the record ends here".into())),
        }
    }
}

fn sandbox(lua: &Lua, g: &Table, shared: &Rc<Shared>) -> mlua::Result<()> {
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

fn compile_script(
    lua: &Lua,
    pack: &ResolvedPack,
    d: &crate::pack::Def,
    coll: &str,
    id: &str,
    s: &str,
    envs: &BTreeMap<String, Table>,
) -> mlua::Result<LV> {
    let env = envs
        .get(&d.script_origin.pack)
        .cloned()
        .ok_or_else(|| rterr("pack env missing"))?;
    let (code, name) = if is_script_path(s) {
        let dir = pack
            .chain
            .iter()
            .find(|c| c.manifest.id == d.script_origin.pack)
            .map(|c| c.dir.clone())
            .unwrap_or_default();
        let code = std::fs::read_to_string(dir.join(s)).map_err(|e| {
            rterr(format!(
                "content/{}/{}: {coll}.{id}: cannot read script `{s}`: {e}",
                d.script_origin.pack, d.script_origin.file
            ))
        })?;
        (code, format!("@content/{}/{s}", d.script_origin.pack))
    } else {
        // Inline: pad with blank lines so Lua line numbers are YAML line numbers.
        let src = std::fs::read_to_string(
            pack.chain
                .iter()
                .find(|c| c.manifest.id == d.script_origin.pack)
                .map(|c| c.dir.join(&d.script_origin.file))
                .unwrap_or_default(),
        )
        .unwrap_or_default();
        let (line, _) = locate_text(&src, &[coll, id, "script"], None);
        let block = src.lines().nth(line.saturating_sub(1)).is_some_and(|l| {
            let t = l.trim_end();
            t.ends_with('|') || t.ends_with('>') || t.ends_with("|-")
        });
        let pad = if block { line } else { line.saturating_sub(1) };
        (
            format!("{}{s}", "\n".repeat(pad)),
            format!("@content/{}/{}", d.script_origin.pack, d.script_origin.file),
        )
    };
    let f = lua
        .load(code)
        .set_name(name)
        .set_mode(mlua::ChunkMode::Text)
        .set_environment(env)
        .into_function()?;
    let v: LV = f.call(())?;
    match v {
        LV::Function(_) | LV::Table(_) => Ok(v),
        _ => Err(rterr(format!(
            "content/{}/{}:{}: {coll}.{id}: the script must return a function or a table of handlers",
            d.script_origin.pack, d.script_origin.file, d.script_origin.line
        ))),
    }
}

/// A subscriber's handler for one window: {run=fn, when=fn?}.
fn handler_for(lua: &Lua, h: &LV, window: &str) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    match h {
        LV::Function(f) => t.set("run", f.clone())?,
        LV::Table(tab) => {
            let run: LV = tab.get(window)?;
            let run = match run {
                LV::Function(f) => f,
                _ => tab.get::<Function>("run").map_err(|_| {
                    rterr(format!(
                        "the script has no handler for window `{window}` (nor `run`)"
                    ))
                })?,
            };
            t.set("run", run)?;
            let when: LV = tab.get("when")?;
            t.set("when", when)?;
        }
        _ => {}
    }
    Ok(t)
}

fn scope_player(v: &LV, n: usize) -> mlua::Result<Option<usize>> {
    match v {
        LV::Integer(i) if *i >= 1 && (*i as usize) <= n => Ok(Some(*i as usize - 1)),
        LV::Number(f) if *f >= 1.0 && (*f as usize) <= n => Ok(Some(*f as usize - 1)),
        LV::String(s) if s.to_str().map(|s| s == "game").unwrap_or(false) => Ok(None),
        LV::Nil => Ok(None),
        other => Err(rterr(format!("no such player: {other:?}"))),
    }
}

fn install_api(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    macro_rules! f {
        ($name:literal, |$lua:ident, $st:ident, $args:tt : $ty:ty| $body:block) => {{
            let sh = sh.clone();
            game.set(
                $name,
                lua.create_function(move |$lua, $args: $ty| {
                    #[allow(unused_mut)]
                    let mut $st = sh.st.borrow_mut();
                    $body
                })?,
            )?;
        }};
    }
    fn sys_idx(st: &State, s: i64) -> mlua::Result<usize> {
        if s >= 1 && (s as usize) <= st.systems.len() {
            Ok(s as usize - 1)
        } else {
            Err(rterr(format!("no such system index {s}")))
        }
    }
    fn planet_idx(st: &State, p: &str) -> mlua::Result<usize> {
        st.planet_index
            .get(p)
            .copied()
            .ok_or_else(|| rterr(format!("no such planet `{p}` on the board")))
    }

    // --- log, dice, randomness
    {
        let sh2 = sh.clone();
        game.set(
            "log",
            lua.create_function(move |_, line: LV| {
                let quiet = sh2.st.borrow().props.get("__quiet") == Some(&Value::Bool(true));
                if quiet {
                    return Ok(());
                }
                let k = sh2.keyed(&line)?;
                sh2.push_text(k.text);
                Ok(())
            })?,
        )?;
    }
    {
        let sh2 = sh.clone();
        game.set(
            "__golden_start",
            lua.create_function(move |_, ()| {
                sh2.golden_from.set(sh2.log.borrow().len());
                Ok(())
            })?,
        )?;
    }
    {
        let sh2 = sh.clone();
        game.set(
            "quiet",
            lua.create_function(move |_, ()| {
                Ok(sh2.st.borrow().props.get("__quiet") == Some(&Value::Bool(true)))
            })?,
        )?;
    }
    {
        // roll(label, n, target [, sides]) -> hits, {rolls}; one log line.
        let sh2 = sh.clone();
        game.set(
            "roll",
            lua.create_function(
                move |lua, (label, n, target, sides): (LV, i64, i64, Option<u32>)| {
                    let sides = sides.unwrap_or(10);
                    let mut rolls = Vec::with_capacity(n.max(0) as usize);
                    let quiet;
                    {
                        let mut st = sh2.st.borrow_mut();
                        quiet = st.props.get("__quiet") == Some(&Value::Bool(true));
                        for _ in 0..n.max(0) {
                            let d = match st.loaded_dice.pop_front() {
                                Some(d) if d >= 1 && d <= sides => d,
                                Some(d) => {
                                    return Err(rterr(format!(
                                        "a loaded die shows {d}, but this roll uses d{sides}"
                                    )))
                                }
                                None => st.rng().die(sides),
                            };
                            rolls.push(d as i64);
                        }
                    }
                    let hits = rolls.iter().filter(|&&r| r >= target).count() as i64;
                    if !quiet && n > 0 {
                        // A keyed label in the pack's language goes into the
                        // kernel's roll line in that language; a plain label
                        // (or one the locale has no key for) into the English
                        // line, which the locale's phrases may translate whole.
                        let (label_text, in_lang) = match &label {
                            LV::Table(_) => {
                                let (k, ok) = sh2.keyed_in(&label, false)?;
                                (k.text, ok)
                            }
                            other => (lua_to_string(other), false),
                        };
                        let mut args = BTreeMap::new();
                        args.insert("label".to_string(), label_text);
                        args.insert(
                            "rolls".to_string(),
                            rolls
                                .iter()
                                .map(|r| r.to_string())
                                .collect::<Vec<_>>()
                                .join(","),
                        );
                        args.insert("target".to_string(), target.to_string());
                        args.insert("hits".to_string(), hits.to_string());
                        let key = if hits == 1 {
                            "kernel.roll_hit"
                        } else {
                            "kernel.roll_hits"
                        };
                        if in_lang && (sh2.translator.is_none() || sh2.keys.translated(key)) {
                            let line = sh2.keys.render(key, &args).map_err(rterr)?;
                            sh2.push_text(line);
                        } else {
                            let line = KeyTexts::default().render(key, &args).map_err(rterr)?;
                            sh2.push_log(line);
                        }
                    }
                    Ok((hits, lua.create_sequence_from(rolls)?))
                },
            )?,
        )?;
    }
    // load_dice({4, 9, 1}): the next rolls show these numbers (scenarios).
    f!("load_dice", |_lua, st, dice: Vec<i64>| {
        for d in dice {
            if !(1..=100).contains(&d) {
                return Err(rterr(format!("load_dice: {d} is not a die result")));
            }
            st.loaded_dice.push_back(d as u32);
        }
        Ok(())
    });
    f!("loaded_dice_left", |_lua, st, (): ()| {
        Ok(st.loaded_dice.len() as i64)
    });
    // load_draws({2, 1}): the next game.random draws give these (scenarios).
    f!("load_draws", |_lua, st, draws: Vec<i64>| {
        for d in draws {
            if d < 1 {
                return Err(rterr(format!("load_draws: {d} is not a draw")));
            }
            st.loaded_draws.push_back(d as u32);
        }
        Ok(())
    });
    f!("loaded_draws_left", |_lua, st, (): ()| {
        Ok(st.loaded_draws.len() as i64)
    });
    f!("random", |_lua, st, n: i64| {
        if n < 1 {
            return Err(rterr("game.random(n) needs n >= 1"));
        }
        if let Some(d) = st.loaded_draws.pop_front() {
            if d as i64 > n {
                return Err(rterr(format!(
                    "a loaded draw is {d}, but this draw is from 1 to {n}"
                )));
            }
            return Ok(d as i64);
        }
        Ok(st.rng().die(n as u32) as i64)
    });
    f!("finish", |lua, st, v: LV| {
        st.finished = Some(from_lua(lua, v)?);
        Ok(())
    });

    // --- players, counters, props, holdings
    f!("add_player", |_lua, st, (): ()| {
        Ok(st.add_player() as i64 + 1)
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
    fn props_of<'a>(
        st: &'a mut State,
        kind: &str,
        key: &LV,
    ) -> mlua::Result<&'a mut crate::state::Props> {
        let int = |k: &LV| -> mlua::Result<i64> {
            match k {
                LV::Integer(i) => Ok(*i),
                LV::Number(f) => Ok(*f as i64),
                _ => Err(rterr(format!("{kind}: expected a number key"))),
            }
        };
        match kind {
            "game" => Ok(&mut st.props),
            "player" => {
                let i = int(key)?;
                st.players
                    .get_mut((i - 1) as usize)
                    .map(|p| &mut p.props)
                    .ok_or_else(|| rterr(format!("no such player {i}")))
            }
            "system" => {
                let i = int(key)?;
                st.systems
                    .get_mut((i - 1) as usize)
                    .map(|p| &mut p.props)
                    .ok_or_else(|| rterr(format!("no such system {i}")))
            }
            "unit" => {
                let i = int(key)?;
                st.units
                    .get_mut(&(i as u32))
                    .map(|p| &mut p.props)
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
                Ok(&mut st.planets[idx].props)
            }
            other => Err(rterr(format!("unknown entity kind `{other}`"))),
        }
    }
    f!("get", |lua, st, (kind, key, name): (String, LV, String)| {
        let p = props_of(&mut st, &kind, &key)?;
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
            let p = props_of(&mut st, &kind, &key)?;
            if v.is_null() {
                p.remove(&name);
            } else {
                p.insert(name, v);
            }
            Ok(())
        }
    );
    {
        let sh2 = sh.clone();
        game.set(
            "holds",
            lua.create_function(move |_, (holder, coll, id): (LV, String, String)| {
                let st = sh2.st.borrow();
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

    // --- systems, galaxy
    f!(
        "add_system",
        |_lua, st, (tile, hex): (String, Option<String>)| {
            let h = match hex {
                Some(s) => Some(Hex::parse(&s).ok_or_else(|| rterr(format!("bad hex `{s}`")))?),
                None => None,
            };
            if let Some(h) = h {
                if st.hex_index.contains_key(&h) {
                    return Err(rterr(format!("hex {h} already holds a system")));
                }
            }
            Ok(st.add_system(&tile, h) as i64 + 1)
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
        Ok(st.hex_index.get(&h).map(|i| *i as i64 + 1))
    });
    f!("find_system", |_lua, st, tile: String| {
        Ok(st
            .systems
            .iter()
            .position(|s| s.tile == tile)
            .map(|i| i as i64 + 1))
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
            let v: Vec<i64> = st
                .galaxy
                .adjacent(i, purpose.as_deref().unwrap_or("move"))
                .into_iter()
                .map(|x| x as i64 + 1)
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
        let v: Vec<i64> = st
            .galaxy
            .within(i, range, purpose.as_deref().unwrap_or("move"))
            .into_iter()
            .map(|(x, _)| x as i64 + 1)
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
                    let v: Option<Vec<i64>> = t.get(name)?;
                    Ok(v.unwrap_or_default()
                        .into_iter()
                        .map(|x| (x - 1).max(0) as usize)
                        .collect())
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
        st.systems[i].tokens.push(Token {
            kind,
            owner: owner.map(|o| (o - 1) as usize),
        });
        Ok(())
    });
    f!("remove_token", |_lua,
                        st,
                        (s, kind, owner): (
        i64,
        String,
        Option<i64>
    )| {
        let i = sys_idx(&st, s)?;
        let o = owner.map(|o| (o - 1) as usize);
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
        Option<i64>
    )| {
        let i = sys_idx(&st, s)?;
        let o = owner.map(|o| (o - 1) as usize);
        Ok(st.systems[i]
            .tokens
            .iter()
            .any(|t| t.kind == kind && t.owner == o))
    });
    f!(
        "count_tokens",
        |_lua, st, (kind, owner): (String, Option<i64>)| {
            let o = owner.map(|o| (o - 1) as usize);
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
        }
    );
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
        t.set("system", p.system as i64 + 1)?;
        t.set("owner", p.owner.map(|o| o as i64 + 1))?;
        t.set("exhausted", p.exhausted)?;
        Ok(t)
    });
    f!("planet_owner", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(st.planets[i].owner.map(|o| o as i64 + 1))
    });
    f!("planet_system", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(st.planets[i].system as i64 + 1)
    });
    f!(
        "set_owner",
        |_lua, st, (id, owner): (String, Option<i64>)| {
            let i = planet_idx(&st, &id)?;
            st.planets[i].owner = owner.map(|o| (o - 1) as usize);
            Ok(())
        }
    );
    f!("exhausted", |_lua, st, id: String| {
        let i = planet_idx(&st, &id)?;
        Ok(st.planets[i].exhausted)
    });
    f!("exhaust", |_lua, st, (id, v): (String, Option<bool>)| {
        let i = planet_idx(&st, &id)?;
        st.planets[i].exhausted = v.unwrap_or(true);
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
    f!("planets_of", |lua, st, s: i64| {
        let i = sys_idx(&st, s)?;
        let v: Vec<String> = st.systems[i]
            .planets
            .iter()
            .map(|p| st.planets[*p].id.clone())
            .collect();
        lua.create_sequence_from(v)
    });
    f!("planets_owned", |lua, st, p: i64| {
        let o = (p - 1) as usize;
        let v: Vec<String> = st
            .planets
            .iter()
            .filter(|x| x.owner == Some(o))
            .map(|x| x.id.clone())
            .collect();
        lua.create_sequence_from(v)
    });

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
        |_lua, st, (kind, owner, at): (String, i64, Table)| {
            let loc = loc_from(&st, &at)?;
            if owner < 1 || owner as usize > st.players.len() {
                return Err(rterr(format!("no such player {owner}")));
            }
            let name: Option<String> = at.get("as")?;
            if let Some(n) = &name {
                if st.names.contains_key(n) {
                    return Err(rterr(format!("a unit is already named `{n}`")));
                }
            }
            let id = st.spawn(&kind, (owner - 1) as usize, loc);
            if let Some(n) = name {
                st.names.insert(n, id);
            }
            Ok(id as i64)
        }
    );
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
    f!("set_unit_owner", |_lua, st, (id, owner): (i64, i64)| {
        let u = st
            .units
            .get_mut(&(id as u32))
            .ok_or_else(|| rterr(format!("no such unit {id}")))?;
        u.owner = (owner - 1) as usize;
        Ok(())
    });
    f!("unit_exists", |_lua, st, id: i64| {
        Ok(st.units.contains_key(&(id as u32)))
    });
    f!("removal_count", |_lua, st, (): ()| {
        Ok(st.removals as i64)
    });
    // units{system=, owner=, kind=, planet=, space=true, carried=, not_owner=}
    {
        let sh2 = sh.clone();
        game.set("units", {
            // Keys made once: building result tables is the hot path of combat.
            let k: Vec<mlua::String> = [
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
            .collect::<mlua::Result<_>>()?;
            lua.create_function(move |lua, filter: Option<Table>| {
                let st = sh2.st.borrow();
                let mut system: Option<usize> = None;
                let mut owner: Option<usize> = None;
                let mut not_owner: Option<usize> = None;
                let mut kind: Option<mlua::String> = None;
                let mut planet: Option<usize> = None;
                let mut space = false;
                let mut carried: Option<u32> = None;
                if let Some(f) = &filter {
                    if let Some(s) = f.raw_get::<Option<i64>>(&k[0])? {
                        system = Some(sys_idx(&st, s)?);
                    }
                    owner = f.raw_get::<Option<i64>>(&k[1])?.map(|o| (o - 1) as usize);
                    not_owner = f.raw_get::<Option<i64>>(&k[2])?.map(|o| (o - 1) as usize);
                    kind = f.raw_get(&k[3])?;
                    if let Some(p) = f.raw_get::<Option<mlua::String>>(&k[4])? {
                        planet = Some(planet_idx(&st, &p.to_str()?)?);
                    }
                    space = f.raw_get::<Option<bool>>(&k[5])?.unwrap_or(false);
                    carried = f.raw_get::<Option<i64>>(&k[6])?.map(|c| c as u32);
                }
                let kind_str = match &kind {
                    Some(x) => Some(x.to_str()?.to_string()),
                    None => None,
                };
                let out = lua.create_table()?;
                let mut n = 0;
                for u in st.units.values() {
                    if owner.is_some_and(|o| u.owner != o)
                        || not_owner.is_some_and(|o| u.owner == o)
                    {
                        continue;
                    }
                    if kind_str.as_ref().is_some_and(|x| *x != u.kind) {
                        continue;
                    }
                    if let Some(p) = planet {
                        if u.loc != Loc::Planet(p) {
                            continue;
                        }
                    }
                    if let Some(c) = carried {
                        if u.loc != Loc::Carried(c) {
                            continue;
                        }
                    }
                    if space && matches!(u.loc, Loc::Planet(_)) {
                        continue;
                    }
                    let usys = match u.loc {
                        Loc::Space(s) => Some(s),
                        _ => st.unit_system(u.id),
                    };
                    if system.is_some() && usys != system {
                        continue;
                    }
                    let t = lua.create_table_with_capacity(0, 5 + u.props.len())?;
                    t.raw_set(&k[7], u.id as i64)?;
                    t.raw_set(&k[3], u.kind.as_str())?;
                    t.raw_set(&k[1], u.owner as i64 + 1)?;
                    t.raw_set(&k[0], usys.map(|s| s as i64 + 1))?;
                    match u.loc {
                        Loc::Planet(p) => t.raw_set(&k[4], st.planets[p].id.as_str())?,
                        Loc::Carried(c) => t.raw_set(&k[6], c as i64)?,
                        Loc::Space(_) => {}
                    }
                    for (key, v) in &u.props {
                        let lv = match v {
                            Value::Bool(b) => LV::Boolean(*b),
                            Value::Number(x) if x.is_i64() => LV::Integer(x.as_i64().unwrap()),
                            other => to_lua(lua, other)?,
                        };
                        t.raw_set(key.as_str(), lv)?;
                    }
                    n += 1;
                    out.raw_set(n, t)?;
                }
                Ok(out)
            })?
        })?;
    }

    // --- card zones
    f!("zone_new", |_lua,
                    st,
                    (name, owner, cards): (
        String,
        Option<i64>,
        Option<Vec<String>>
    )| {
        st.zones.insert(
            name,
            crate::state::Zone {
                owner: owner.map(|o| (o - 1) as usize),
                cards: cards.unwrap_or_default(),
            },
        );
        Ok(())
    });
    f!("zone", |lua, st, name: String| {
        let v = st
            .zones
            .get(&name)
            .map(|z| z.cards.clone())
            .unwrap_or_default();
        lua.create_sequence_from(v)
    });
    f!("zone_count", |_lua, st, name: String| {
        Ok(st.zones.get(&name).map(|z| z.cards.len()).unwrap_or(0) as i64)
    });
    f!("shuffle", |_lua, st, name: String| {
        let mut cards = std::mem::take(&mut st.zone_mut(&name).cards);
        st.rng().shuffle(&mut cards);
        st.zone_mut(&name).cards = cards;
        Ok(())
    });
    // draw(from, to, n): moves up to n cards from the top (end) of `from`.
    f!(
        "draw",
        |lua, st, (from, to, n): (String, String, Option<i64>)| {
            let mut drawn = vec![];
            for _ in 0..n.unwrap_or(1) {
                match st.zone_mut(&from).cards.pop() {
                    Some(c) => drawn.push(c),
                    None => break,
                }
            }
            st.zone_mut(&to).cards.extend(drawn.iter().cloned());
            lua.create_sequence_from(drawn)
        }
    );
    f!("move_card", |_lua,
                     st,
                     (card, from, to, bottom): (
        String,
        String,
        String,
        Option<bool>
    )| {
        let z = st.zone_mut(&from);
        match z.cards.iter().rposition(|c| *c == card) {
            Some(i) => {
                z.cards.remove(i);
                let t = st.zone_mut(&to);
                if bottom.unwrap_or(false) {
                    t.cards.insert(0, card);
                } else {
                    t.cards.push(card);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    });

    // --- rollback
    {
        let sh2 = sh.clone();
        game.set(
            "checkpoint",
            lua.create_function(move |_, ()| {
                let snap = (sh2.st.borrow().clone(), sh2.log.borrow().len());
                let mut cps = sh2.checkpoints.borrow_mut();
                cps.push(snap);
                Ok(cps.len() as i64)
            })?,
        )?;
        let sh2 = sh.clone();
        game.set(
            "commit",
            lua.create_function(move |_, cp: i64| {
                sh2.checkpoints
                    .borrow_mut()
                    .truncate((cp - 1).max(0) as usize);
                Ok(())
            })?,
        )?;
        let sh2 = sh.clone();
        game.set(
            "rollback",
            lua.create_function(move |_, cp: i64| {
                let mut cps = sh2.checkpoints.borrow_mut();
                let i = (cp - 1).max(0) as usize;
                if i < cps.len() {
                    let (st, n) = cps[i].clone();
                    cps.truncate(i);
                    *sh2.st.borrow_mut() = st;
                    sh2.log.borrow_mut().truncate(n);
                }
                Ok(())
            })?,
        )?;
    }

    // --- locale
    {
        let pk = pack.clone();
        game.set(
            "text",
            lua.create_function(move |_, (key, fallback): (String, Option<String>)| {
                Ok(pk
                    .locale_strings
                    .get(&key)
                    .cloned()
                    .or(fallback)
                    .unwrap_or(key))
            })?,
        )?;
        game.set("locale", pack.locale.as_str())?;
    }
    Ok(())
}
