//! `imperium stubs <pack>`: LuaLS annotation files (`---@meta`) for the
//! scripts of a pack, and a `.luarc.json` so an editor picks them up:
//!
//! - `game.lua`: every function of the `game` API (the names the kernel
//!   registers, the parameters and descriptions of docs/scripting.md's
//!   table), the globals of rules files (`procedure`, `lib`, `PACK`) and
//!   the shape of a card script's returned table;
//! - `lib.lua`: the helpers registered in the pack's chain (`game.lib`,
//!   `L` in the shipped packs) with their doc lines and parameters;
//! - `windows.lua`: one `---@class` per window with its ctx fields.

use crate::pack::ResolvedPack;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The scripting reference, whose `game` API table gives parameters and
/// descriptions.
const REFERENCE: &str = include_str!("../../docs/scripting.md");

/// The folder (inside the output folder) holding the `---@meta` files.
pub const STUB_DIR: &str = ".luals";

/// `name -> (params, description)` from the reference's API table: each
/// `game.name(params)` in a row's first cell.
pub fn documented_api() -> BTreeMap<String, (Option<String>, String)> {
    let mut out: BTreeMap<String, (Option<String>, String)> = BTreeMap::new();
    for line in REFERENCE.lines() {
        if !line.starts_with("| `game.") {
            continue;
        }
        let cells: Vec<&str> = line.split(" | ").collect();
        let first = cells.first().copied().unwrap_or("");
        let desc = cells
            .get(1)
            .map(|d| {
                d.trim_end_matches(" |")
                    .trim_end_matches('|')
                    .trim()
                    .replace('`', "")
            })
            .unwrap_or_default();
        let mut rest = first;
        while let Some(i) = rest.find("game.") {
            let after = &rest[i + 5..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let tail = &after[name.len()..];
            let params = if let Some(inner) = tail.strip_prefix('(') {
                inner.find(')').map(|j| inner[..j].to_string())
            } else if tail.starts_with('{') {
                Some("opts".to_string())
            } else {
                None
            };
            if !name.is_empty() {
                let e = out.entry(name).or_insert((None, desc.clone()));
                if e.0.is_none() {
                    e.0 = params;
                }
            }
            rest = tail;
        }
    }
    out
}

/// A Lua parameter name and its LuaLS type, from the reference's spelling
/// (`p`, `[, sides]`, `{4, 9, 1}`, `p or "all"`...).
fn params(spec: &str) -> Vec<(String, String, bool)> {
    let mut out = vec![];
    let mut optional = false;
    let mut depth = 0;
    let mut quoted = false;
    let mut cur = String::new();
    let mut parts = vec![];
    for c in spec.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            _ if quoted => cur.push(c),
            '{' => {
                depth += 1;
                cur.push(c);
            }
            '}' => {
                depth -= 1;
                cur.push(c);
            }
            ',' if depth == 0 => {
                parts.push(cur.clone());
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    parts.push(cur);
    for (i, raw) in parts.iter().enumerate() {
        let i = i + 1;
        let mut t = raw.trim().to_string();
        if t.starts_with('[') {
            optional = true;
            t = t.trim_start_matches('[').trim().to_string();
        }
        let opens_after = t.ends_with('[');
        let t = t
            .trim_end_matches('[')
            .trim()
            .trim_end_matches(']')
            .trim()
            .to_string();
        if opens_after {
            // `target [, sides]`: this one is required, the next ones not.
            if !t.is_empty() {
                out.push(param(i, &t, optional));
            }
            optional = true;
            continue;
        }
        if t.is_empty() {
            continue;
        }
        out.push(param(i, &t, optional));
    }
    out
}

fn param(i: usize, t: &str, optional: bool) -> (String, String, bool) {
    {
        let (name, ty) = if t.starts_with('{') {
            (
                if i == 0 {
                    "t".to_string()
                } else {
                    format!("t{i}")
                },
                "table".to_string(),
            )
        } else if t.starts_with('"') {
            (format!("a{i}"), "string".to_string())
        } else if t == "..." {
            ("...".to_string(), "any".to_string())
        } else {
            let word: String = t
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let ty = match word.as_str() {
                "p" | "h" | "player" => {
                    if t.contains("or") {
                        "integer|string"
                    } else {
                        "integer"
                    }
                }
                "s" | "a" | "b" | "from" | "to" | "u" | "n" | "d" | "v" | "range" | "target"
                | "sides" | "cp" => "integer",
                "name" | "key" | "kind" | "coll" | "id" | "window" | "tile" | "purpose"
                | "card" | "fallback" => "string",
                "scope" => "integer|string",
                "line" | "label" => "string|table",
                "fn" => "function",
                "ctx" | "result" | "t" | "args" | "opts" | "cards" => "table",
                "options" => "string[]",
                "prompt" => "string|table",
                "bool" | "one_way" | "bottom" => "boolean",
                "at" => "table",
                _ => "any",
            };
            (
                if word.is_empty() {
                    format!("a{i}")
                } else {
                    word
                },
                ty.to_string(),
            )
        };
        (name, ty, optional)
    }
}

fn lua_name(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn ctx_type(kind: &str) -> &'static str {
    match kind {
        "player" | "unit" | "system" | "int" => "integer",
        "planet" | "string" => "string",
        "number" => "number",
        "bool" => "boolean",
        "table" => "table",
        "list" => "any[]",
        _ => "any",
    }
}

/// The `game` API: `names` are the functions the kernel registered.
pub fn game_stub(names: &[String]) -> String {
    let doc = documented_api();
    let mut out = String::from(
        "---@meta\n-- Generated by `imperium stubs`: the kernel's `game` API (docs/scripting.md).\n\n\
         ---@class imperium.game\n---@field data table<string, table<string, table>> merged definitions, by collection and id\n\
         ---@field options table<string, boolean> the pack options in force\n\
         ---@field lib imperium.lib helpers registered by the packs\ngame = {}\n\n",
    );
    for n in names {
        let (ps, desc) = doc.get(n).cloned().unwrap_or((None, String::new()));
        if !desc.is_empty() {
            let _ = writeln!(out, "--- {desc}");
        }
        let ps = ps
            .map(|p| params(&p))
            .unwrap_or_else(|| vec![("...".into(), "any".into(), false)]);
        for (name, ty, opt) in &ps {
            let _ = writeln!(out, "---@param {name}{} {ty}", if *opt { "?" } else { "" });
        }
        let _ = writeln!(out, "---@return any");
        let _ = writeln!(
            out,
            "function game.{n}({}) end\n",
            ps.iter()
                .map(|p| p.0.clone())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    out.push_str(
        "--- Defines or replaces a procedure (rules files, while the pack loads).\n\
         ---@param name string\n---@param fn fun(ctx: table, ...): any\nfunction procedure(name, fn) end\n\n\
         --- Registers a helper (`game.lib.name`) with a doc line, or replaces a parent's.\n\
         ---@param name string\n---@param fn any\n---@param doc? string\nfunction lib(name, fn, doc) end\n\n\
         --- The id of the pack whose file is loading.\n---@type string\nPACK = \"\"\n\n\
         --- What a card or ability script returns (or just a function: the handler).\n\
         ---@class imperium.script\n\
         ---@field when? fun(ctx: table, p: integer, def: table): boolean may it be used now?\n\
         ---@field run? fun(ctx: table, p: integer, def: table) the handler of every window it names\n\
         ---@field [string] any one handler per window name, or fields the pack's procedures read\n",
    );
    out
}

/// The helpers of the pack's chain: `registry` from `Session::registry`.
/// With `only`, just the helpers that pack defines or replaces.
pub fn lib_stub(pack: &ResolvedPack, registry: &Value, only: Option<&str>) -> String {
    let comments = crate::contract_doc::helper_comments(pack);
    // Parameters from `function L.name(a, b)` / `lib("name", function(a, b)`.
    let mut sigs: BTreeMap<String, String> = BTreeMap::new();
    for f in &pack.rules {
        for l in f.source.lines() {
            let t = l.trim_start();
            let found = t
                .strip_prefix("function L.")
                .or_else(|| t.strip_prefix("function game.lib."));
            if let Some(r) = found {
                let name: String = r
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if let Some(ps) = r[name.len()..]
                    .strip_prefix('(')
                    .and_then(|x| x.split(')').next())
                {
                    sigs.insert(name, ps.to_string());
                }
            } else if let Some(r) = t.strip_prefix("lib(\"") {
                let name: String = r.chars().take_while(|c| *c != '"').collect();
                if let Some(i) = r.find("function(") {
                    if let Some(ps) = r[i + 9..].split(')').next() {
                        sigs.insert(name, ps.to_string());
                    }
                }
            }
        }
    }
    let mut out = String::from(
        "---@meta\n-- Generated by `imperium stubs`: the helpers the packs register (`game.lib`, `L` in the shipped packs).\n\n\
         ---@class imperium.lib\nlocal lib = {}\n\n",
    );
    if let Some(m) = registry.get("helpers").and_then(Value::as_object) {
        let sorted: BTreeMap<&String, &Value> = m.iter().collect();
        for (name, v) in sorted {
            let doc = v
                .get("doc")
                .and_then(Value::as_str)
                .or(comments.get(name.as_str()).map(String::as_str))
                .unwrap_or("");
            let packs: Vec<&str> = v
                .get("packs")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if only.is_some_and(|id| !packs.contains(&id)) {
                continue;
            }
            if !doc.is_empty() {
                let _ = writeln!(out, "--- {}", doc.replace('\n', " "));
            }
            let _ = writeln!(out, "--- (defined by {})", packs.join(" -> "));
            match sigs.get(name.as_str()) {
                Some(ps) => {
                    let ps: Vec<&str> = ps
                        .split(',')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .collect();
                    for p in &ps {
                        if *p != "..." {
                            let _ = writeln!(out, "---@param {p} any");
                        }
                    }
                    let _ = writeln!(
                        out,
                        "---@return any\nfunction lib.{name}({}) end\n",
                        ps.join(", ")
                    );
                }
                None => {
                    let _ = writeln!(out, "---@type any\nlib.{name} = nil\n");
                }
            }
        }
    }
    // (game.lua's `---@field lib imperium.lib` ties the class to `game.lib`:
    // a stub assigns nothing to `game`.)
    out
}

/// One class per window with its ctx (with `only`: the windows that pack
/// declares).
pub fn windows_stub(pack: &ResolvedPack, only: Option<&str>) -> String {
    let mut out = String::from(
        "---@meta\n-- Generated by `imperium stubs`: each window's ctx, as declared (`imperium describe <pack> windows`).\n\
         -- Annotate a handler's ctx with its class: `---@param ctx ctx.unit_destroyed`.\n\n",
    );
    for (name, d) in &pack.window_ctx {
        if only.is_some_and(|id| d.origin.pack != id) {
            continue;
        }
        if !d.doc.is_empty() {
            let _ = writeln!(out, "--- {}", d.doc.replace('\n', " "));
        }
        let _ = writeln!(out, "--- (window `{name}`, declared by {})", d.origin.pack);
        let _ = writeln!(out, "---@class ctx.{}", lua_name(name));
        let _ = writeln!(out, "---@field window string the window's name");
        let _ = writeln!(out, "---@field cancel? boolean set by a handler to stop a before: step or a \"when\" window");
        for (f, c) in &d.fields {
            let _ = writeln!(
                out,
                "---@field {f}{} {}",
                if c.optional { "?" } else { "" },
                ctx_type(c.kind.name())
            );
        }
        if !d.typed {
            let _ = writeln!(out, "---@field [string] any (ctx not declared)");
        }
        out.push('\n');
    }
    out
}

/// The `.luarc.json` of a pack folder whose stubs are in `STUB_DIR`, and
/// in the same folder of each of `parents` (beside it).
pub fn luarc(parents: &[String]) -> Value {
    let mut library: Vec<String> = parents
        .iter()
        .map(|id| format!("../{id}/{STUB_DIR}"))
        .collect();
    library.push(STUB_DIR.to_string());
    json!({
        "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
        "runtime.version": "Lua 5.4",
        "runtime.builtin": {"io": "disable", "os": "disable", "debug": "disable", "package": "disable"},
        "workspace.library": library,
        "workspace.checkThirdParty": false,
        "diagnostics.globals": ["game", "procedure", "lib", "PACK"]
    })
}

/// The names of the `game` functions a session of `pack` registers.
pub fn api_names(pack: &Rc<ResolvedPack>) -> Result<Vec<String>, String> {
    let s = super::loaded(pack).map_err(|e| e.to_string())?;
    let v = s
        .exec(
            "=stubs",
            "local t = {} for k, v in pairs(game) do if type(v) == 'function' and k:sub(1, 2) ~= '__' then t[#t + 1] = k end end table.sort(t) return t",
        )
        .map_err(|e| e.to_string())?;
    Ok(v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default())
}

/// The stub files of `pack`: (path relative to the output folder, text).
pub fn files(pack: &Rc<ResolvedPack>) -> Result<Vec<(String, String)>, String> {
    let s = super::loaded(pack).map_err(|e| e.to_string())?;
    let registry = s.registry().map_err(|e| e.to_string())?;
    drop(s);
    Ok(vec![
        (format!("{STUB_DIR}/game.lua"), game_stub(&api_names(pack)?)),
        (
            format!("{STUB_DIR}/lib.lua"),
            lib_stub(pack, &registry, None),
        ),
        (format!("{STUB_DIR}/windows.lua"), windows_stub(pack, None)),
        (
            ".luarc.json".into(),
            serde_json::to_string_pretty(&luarc(&[])).unwrap_or_default() + "\n",
        ),
    ])
}

/// The stubs a pack of the content folder ships: only what it adds (its
/// own helpers and windows; the game API in the pack at the root of the
/// chain), with a `.luarc.json` that also reads the stub folders of its
/// parents beside it, so no stub is kept twice.
pub fn shipped_files(pack: &Rc<ResolvedPack>) -> Result<Vec<(String, String)>, String> {
    let s = super::loaded(pack).map_err(|e| e.to_string())?;
    let registry = s.registry().map_err(|e| e.to_string())?;
    drop(s);
    let ids: Vec<String> = pack.chain.iter().map(|p| p.manifest.id.clone()).collect();
    let (parents, own) = ids.split_at(ids.len().saturating_sub(1));
    let own = own.first().map(String::as_str).unwrap_or(pack.id.as_str());
    let mut out = vec![];
    if parents.is_empty() {
        out.push((format!("{STUB_DIR}/game.lua"), game_stub(&api_names(pack)?)));
    }
    out.push((
        format!("{STUB_DIR}/lib.lua"),
        lib_stub(pack, &registry, Some(own)),
    ));
    out.push((
        format!("{STUB_DIR}/windows.lua"),
        windows_stub(pack, Some(own)),
    ));
    out.push((
        ".luarc.json".into(),
        serde_json::to_string_pretty(&luarc(parents)).unwrap_or_default() + "\n",
    ));
    Ok(out)
}

/// Writes the stubs of `pack` into `out`; returns the files written.
pub fn write(pack: &Rc<ResolvedPack>, out: &Path) -> Result<Vec<PathBuf>, String> {
    write_files(files(pack)?, out)
}

/// Writes `files` (relative path, text) into `out`.
pub fn write_files(files: Vec<(String, String)>, out: &Path) -> Result<Vec<PathBuf>, String> {
    let mut written = vec![];
    for (rel, text) in files {
        let f = out.join(&rel);
        if let Some(d) = f.parent() {
            std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        std::fs::write(&f, text).map_err(|e| format!("{}: {e}", f.display()))?;
        written.push(f);
    }
    Ok(written)
}
