//! `imperium describe`: the reference of one loaded pack, for a modder who
//! wants to know what to override or listen to without reading another
//! pack's source. Everything comes from the pack's declarations and its
//! registry (`game.__registry()`), the same data as `imperium docs`:
//! procedures (in the order a seeded game first runs them), windows with
//! their ctx and the sites that open them, helpers with their doc lines,
//! collections with their fields, options, and the decision and log keys.

use crate::pack::ResolvedPack;
use crate::rng::Rng;
use crate::schema::{describe as ty_name, Field, Ty};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::rc::Rc;

/// The sections, in the order `describe` prints them.
pub const SECTIONS: &[&str] = &[
    "procedures",
    "windows",
    "helpers",
    "collections",
    "options",
    "keys",
];

/// How many decisions the seeded game that orders the procedures may take.
const ORDER_DECISIONS: usize = 4000;

/// The whole description of `pack`: one JSON object with a member per
/// section.
pub fn gather(pack: &Rc<ResolvedPack>) -> Result<Value, String> {
    let session = super::loaded(pack).map_err(|e| e.to_string())?;
    let registry = session.registry().map_err(|e| e.to_string())?;
    drop(session);
    let mut out = Map::new();
    out.insert("pack".into(), json!(pack.id));
    out.insert(
        "chain".into(),
        json!(pack
            .chain
            .iter()
            .map(|p| p.manifest.id.clone())
            .collect::<Vec<_>>()),
    );
    out.insert("procedures".into(), procedures(pack, &registry));
    out.insert("windows".into(), windows(pack));
    out.insert("helpers".into(), helpers(pack, &registry));
    out.insert("collections".into(), collections(pack));
    out.insert("options".into(), options(pack));
    out.insert("keys".into(), keys(pack));
    Ok(Value::Object(out))
}

/// One procedure as a seeded game first ran it.
#[derive(Debug, Clone)]
pub struct FirstRun {
    pub name: String,
    /// How many procedures were running around it.
    pub depth: usize,
    /// Run with `game.step` (with its windows), not `game.call`.
    pub step: bool,
    /// A step's ctx when every field was a string, number or bool.
    pub ctx: Option<Map<String, Value>>,
    /// The names of the fields of its first argument (a step's ctx) that
    /// first time, when it was a table; sorted.
    pub fields: Vec<String>,
}

/// The order in which a seeded random game (of the pack's `game` entry)
/// first runs each procedure. Empty when the pack has no game to play.
pub fn first_runs(pack: &Rc<ResolvedPack>) -> Vec<FirstRun> {
    let Ok(mut s) = super::loaded(pack) else {
        return vec![];
    };
    s.set_logging(false);
    let entry = super::game_entry(pack);
    let spy = r#"
      local seen, order, depth = {}, {}, 0
      local step, call = game.step, game.call
      local function plain(ctx)
        if type(ctx) ~= "table" then return nil end
        local c = {}
        for k, v in pairs(ctx) do
          local t = type(v)
          if type(k) ~= "string" then return nil end
          if t == "number" or t == "string" or t == "boolean" then c[k] = v
          elseif k ~= "window" then return nil end
        end
        return c
      end
      local function wrap(f, kind)
        return function(name, ...)
          if not seen[name] then
            seen[name] = true
            local fields = {}
            if type((...)) == "table" then
              for k in pairs((...)) do if type(k) == "string" and k ~= "window" then fields[#fields + 1] = k end end
              table.sort(fields)
            end
            order[#order + 1] = { name = name, depth = depth, kind = kind, fields = fields, ctx = kind == "step" and plain((...)) or nil }
          end
          depth = depth + 1
          local r = table.pack(pcall(f, name, ...))
          depth = depth - 1
          if not r[1] then error(r[2], 0) end
          return table.unpack(r, 2, r.n)
        end
      end
      game.step = wrap(step, "step")
      game.call = wrap(call, "call")
      function game.__describe_order() return order end
    "#;
    if s.exec("=describe", spy).is_err() {
        return vec![];
    }
    let players = pack.manifest().perft.as_ref().map_or(3, |p| p.players);
    let mut agent = Rng::new(7);
    let mut n = 0;
    if s.start(&entry, json!({ "players": players })).is_ok() {
        while let Some(d) = s.pending.clone() {
            if n >= ORDER_DECISIONS || s.result.is_some() {
                break;
            }
            n += 1;
            let pick = d.options[agent.index(d.options.len())].clone();
            if s.answer(&pick).is_err() {
                break;
            }
        }
    }
    let order = s
        .exec("=describe", "return game.__describe_order()")
        .unwrap_or(Value::Null);
    order
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|e| {
                    Some(FirstRun {
                        name: e.get("name")?.as_str()?.to_string(),
                        depth: e.get("depth")?.as_u64()? as usize,
                        step: e.get("kind").and_then(Value::as_str) == Some("step"),
                        fields: e
                            .get("fields")
                            .and_then(Value::as_array)
                            .map(|a| {
                                a.iter()
                                    .filter_map(Value::as_str)
                                    .map(String::from)
                                    .collect()
                            })
                            .unwrap_or_default(),
                        ctx: match e.get("ctx") {
                            Some(Value::Object(m)) => Some(m.clone()),
                            Some(Value::Array(a)) if a.is_empty() => Some(Map::new()),
                            _ => None,
                        },
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// `(name, depth)` of [`first_runs`].
pub fn run_order(pack: &Rc<ResolvedPack>) -> Vec<(String, usize)> {
    first_runs(pack)
        .into_iter()
        .map(|f| (f.name, f.depth))
        .collect()
}

fn procedures(pack: &Rc<ResolvedPack>, registry: &Value) -> Value {
    let reg = registry
        .get("procedures")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    // Where each pack defines it (the loader's scan of `procedure("x"`).
    let mut sites: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (pid, name, o) in &pack.procedures {
        sites
            .entry(name.as_str())
            .or_default()
            .push(format!("{pid}/{}:{}", o.file, o.line));
    }
    let runs = first_runs(pack);
    let order: Vec<(String, usize)> = runs.iter().map(|f| (f.name.clone(), f.depth)).collect();
    let mut names: Vec<(String, Option<usize>, Option<usize>)> = vec![];
    for (i, (n, depth)) in order.iter().enumerate() {
        if reg.contains_key(n) {
            names.push((n.clone(), Some(i + 1), Some(*depth)));
        }
    }
    let seen = |n: &str| runs.iter().find(|f| f.name == n);
    let mut rest: Vec<&String> = reg
        .keys()
        .filter(|k| !order.iter().any(|(n, _)| n == *k))
        .collect();
    rest.sort();
    names.extend(rest.into_iter().map(|k| (k.clone(), None, None)));
    Value::Array(
        names
            .into_iter()
            .map(|(name, first_run, depth)| {
                json!({
                    "name": name,
                    "packs": reg.get(&name).cloned().unwrap_or(json!([])),
                    "defined_at": sites.get(name.as_str()).cloned().unwrap_or_default(),
                    "first_run": first_run,
                    "depth": depth,
                    "step": seen(&name).map(|f| f.step),
                    "ctx_seen": seen(&name).filter(|f| f.step || !f.fields.is_empty()).map(|f| f.fields.clone()),
                })
            })
            .collect(),
    )
}

/// `window("name"` sites in the pack's rules, script files and data files.
fn opening_sites(pack: &ResolvedPack) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut scan = |pid: &str, rel: &str, text: &str| {
        for (i, line) in text.lines().enumerate() {
            let code = line.split("--").next().unwrap_or("");
            let mut rest = code;
            while let Some(at) = rest.find("window(") {
                let after = &rest[at + 7..];
                let q = after.chars().next();
                if let Some(q @ ('"' | '\'')) = q {
                    if let Some(end) = after[1..].find(q) {
                        out.entry(after[1..1 + end].to_string())
                            .or_default()
                            .push(format!("{pid}/{rel}:{}", i + 1));
                    }
                }
                rest = after;
            }
        }
    };
    for f in &pack.rules {
        scan(&f.pack, &f.rel, &f.source);
    }
    for ((pid, rel), text) in pack.scripts.iter().chain(pack.sources.iter()) {
        scan(pid, rel, text);
    }
    out
}

fn windows(pack: &ResolvedPack) -> Value {
    let sites = opening_sites(pack);
    // Definitions that listen (`windows: [..]` of a data entry).
    let mut listeners: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (coll, defs) in &pack.collections {
        for (id, d) in defs {
            if let Some(ws) = d.value.get("windows").and_then(Value::as_array) {
                for w in ws.iter().filter_map(Value::as_str) {
                    listeners
                        .entry(w.to_string())
                        .or_default()
                        .push(format!("{coll}.{id}"));
                }
            }
        }
    }
    let mut out = vec![];
    let mut names: Vec<&String> = pack
        .windows
        .iter()
        .filter(|w| !w.starts_with("before:") && !w.starts_with("after:"))
        .collect();
    names.extend(
        pack.window_ctx
            .keys()
            .filter(|k| !pack.windows.contains(*k)),
    );
    names.sort();
    names.dedup();
    for name in names {
        let d = pack.window_ctx.get(name);
        let ctx: Map<String, Value> = d
            .filter(|d| d.typed)
            .map(|d| {
                d.fields
                    .iter()
                    .map(|(f, c)| {
                        (
                            f.clone(),
                            json!(format!(
                                "{}{}",
                                c.kind.name(),
                                if c.optional { "?" } else { "" }
                            )),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.push(json!({
            "name": name,
            "declared_by": d.map(|d| d.origin.pack.clone()),
            "doc": d.map(|d| d.doc.clone()).unwrap_or_default(),
            "typed": d.is_some_and(|d| d.typed),
            "ctx": ctx,
            "opened_at": sites.get(name).cloned().unwrap_or_default(),
            "listeners": listeners.get(name).cloned().unwrap_or_default(),
        }));
    }
    Value::Array(out)
}

fn helpers(pack: &ResolvedPack, registry: &Value) -> Value {
    let comments = crate::contract_doc::helper_comments(pack);
    let mut out = vec![];
    if let Some(m) = registry.get("helpers").and_then(Value::as_object) {
        let sorted: BTreeMap<&String, &Value> = m.iter().collect();
        for (name, v) in sorted {
            let doc = v
                .get("doc")
                .and_then(Value::as_str)
                .or(comments.get(name.as_str()).map(String::as_str))
                .unwrap_or("");
            out.push(json!({
                "name": name,
                "packs": v.get("packs").cloned().unwrap_or(json!([])),
                "doc": doc,
            }));
        }
    }
    Value::Array(out)
}

fn field_json(name: &str, f: &Field) -> Value {
    let mut v = json!({
        "name": name,
        "type": ty_name(&f.ty),
        "optional": f.optional,
        "doc": f.doc,
    });
    if let Ty::Object(o) = &f.ty {
        v["fields"] = Value::Array(o.fields.iter().map(|(k, f)| field_json(k, f)).collect());
    }
    v
}

fn collections(pack: &ResolvedPack) -> Value {
    let mut names: Vec<&String> = pack.schemas.collections.keys().collect();
    names.extend(
        pack.collections
            .keys()
            .filter(|k| !pack.schemas.collections.contains_key(*k)),
    );
    names.sort();
    names.dedup();
    Value::Array(
        names
            .into_iter()
            .map(|name| {
                let cs = pack.schemas.collections.get(name);
                let fields: Vec<Value> = match cs.map(|c| &c.def.ty) {
                    Some(Ty::Object(o)) => o.fields.iter().map(|(k, f)| field_json(k, f)).collect(),
                    _ => vec![],
                };
                json!({
                    "name": name,
                    "doc": cs.map(|c| c.def.doc.clone()).unwrap_or_default(),
                    "declared_by": cs.map(|c| c.origins.iter().map(|o| o.pack.clone()).collect::<Vec<_>>()).unwrap_or_default(),
                    "type": cs.map(|c| match &c.def.ty { Ty::Object(_) => "record".to_string(), t => ty_name(t) }),
                    "open": matches!(cs.map(|c| &c.def.ty), Some(Ty::Object(o)) if o.open),
                    "fields": fields,
                    "definitions": pack.collections.get(name).map_or(0, |c| c.len()),
                })
            })
            .collect(),
    )
}

fn options(pack: &ResolvedPack) -> Value {
    Value::Array(
        pack.options
            .iter()
            .map(|(k, o)| json!({"name": k, "description": o.description, "default": o.default}))
            .collect(),
    )
}

fn keys(pack: &ResolvedPack) -> Value {
    let mut keys: Vec<(String, String)> = crate::keys::KERNEL_KEYS
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    for (k, v) in &pack.locale_strings {
        if let Some(key) = k.strip_prefix("keys.") {
            keys.retain(|(x, _)| x != key);
            keys.push((key.to_string(), v.clone()));
        }
    }
    keys.sort();
    Value::Array(
        keys.into_iter()
            .map(|(k, t)| {
                let args = placeholders(&t);
                json!({"key": k, "text": t, "args": args})
            })
            .collect(),
    )
}

/// The `{name}` placeholders of a key's text, in order, once each.
fn placeholders(t: &str) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    let mut rest = t;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let n = &after[..j];
                if !n.is_empty()
                    && n.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && !out.iter().any(|x| x == n)
                {
                    out.push(n.to_string());
                }
                rest = &after[j + 1..];
            }
            None => break,
        }
    }
    out
}

fn strs(v: &Value) -> Vec<&str> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The description as text, one section or all.
pub fn text(d: &Value, section: Option<&str>) -> String {
    let mut out = String::new();
    let show = |s: &str| section.is_none_or(|x| x == s);
    let chain = strs(&d["chain"]);
    if section.is_none() {
        let _ = writeln!(
            out,
            "pack {} (chain: {})",
            d["pack"].as_str().unwrap_or(""),
            chain.join(" <- ")
        );
    }
    let head = |out: &mut String, title: &str, note: &str| {
        if section.is_none() {
            let _ = writeln!(out, "\n== {title} ==");
        }
        if !note.is_empty() {
            let _ = writeln!(out, "{note}");
        }
    };
    if show("procedures") {
        head(
            &mut out,
            "procedures",
            "# in the order a seeded game first runs them (indent: how deep it ran then); then the rest by name.\n\
             # name(the ctx fields a step got that first time)  [packs that define it]  where.\n\
             # replace one with procedure(name, fn); wrap it with game.procedure_fn(name); run one with game.step(name, ctx).",
        );
        let mut ran = true;
        for p in d["procedures"].as_array().into_iter().flatten() {
            let first = p["first_run"].as_u64();
            if first.is_none() && ran {
                ran = false;
                let _ = writeln!(out, "# not reached by that game:");
            }
            let depth = p["depth"].as_u64().unwrap_or(0) as usize;
            let ctx = match p["ctx_seen"].as_array() {
                Some(a) => format!(
                    "({})",
                    a.iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "{}{}{ctx}  [{}]  {}",
                "  ".repeat(depth.min(12)),
                p["name"].as_str().unwrap_or(""),
                strs(&p["packs"]).join(" -> "),
                strs(&p["defined_at"]).last().copied().unwrap_or("")
            );
        }
    }
    if show("windows") {
        head(
            &mut out,
            "windows",
            "# name(ctx) — declared by; doc. Listen with `windows: [name]` on a card, or game.on(name, fn) in rules.\n\
             # every step x also opens before:x and after:x with the step's ctx.",
        );
        for w in d["windows"].as_array().into_iter().flatten() {
            let ctx: Vec<String> = w["ctx"]
                .as_object()
                .map(|m| {
                    m.iter()
                        .map(|(k, v)| format!("{k}: {}", v.as_str().unwrap_or("")))
                        .collect()
                })
                .unwrap_or_default();
            let ctx = if w["typed"].as_bool() == Some(true) {
                format!("({})", ctx.join(", "))
            } else {
                "(ctx not declared)".into()
            };
            let _ = writeln!(
                out,
                "{}{}  — {}{}",
                w["name"].as_str().unwrap_or(""),
                ctx,
                w["declared_by"].as_str().unwrap_or("undeclared"),
                match w["doc"].as_str() {
                    Some(s) if !s.is_empty() => format!("; {s}"),
                    _ => String::new(),
                }
            );
            let opened = strs(&w["opened_at"]);
            if !opened.is_empty() {
                let more = if opened.len() > 4 {
                    format!(" (+{})", opened.len() - 4)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "    opened at {}{more}",
                    opened
                        .iter()
                        .take(4)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            let ls = strs(&w["listeners"]);
            if !ls.is_empty() {
                let _ = writeln!(
                    out,
                    "    {} listener{}",
                    ls.len(),
                    if ls.len() == 1 { "" } else { "s" }
                );
            }
        }
    }
    if show("helpers") {
        head(
            &mut out,
            "helpers",
            "# game.lib.<name> (L.<name>) [packs that define it]: doc. Replace with lib(name, fn, \"doc\").",
        );
        for h in d["helpers"].as_array().into_iter().flatten() {
            let doc = h["doc"].as_str().unwrap_or("");
            let _ = writeln!(
                out,
                "{}  [{}]{}",
                h["name"].as_str().unwrap_or(""),
                strs(&h["packs"]).join(" -> "),
                if doc.is_empty() {
                    String::new()
                } else {
                    format!(": {doc}")
                }
            );
        }
    }
    if show("collections") {
        head(
            &mut out,
            "collections",
            "# collection (definitions) — doc; then its fields (`?`: may be absent). Override an id, or `patch:` its fields.",
        );
        for c in d["collections"].as_array().into_iter().flatten() {
            let doc = c["doc"].as_str().unwrap_or("");
            let _ = writeln!(
                out,
                "{} ({}){}{}",
                c["name"].as_str().unwrap_or(""),
                c["definitions"],
                match c["type"].as_str() {
                    Some("record") | None => String::new(),
                    Some(t) => format!(" : {t}"),
                },
                if doc.is_empty() {
                    String::new()
                } else {
                    format!(" — {doc}")
                }
            );
            fn fields(out: &mut String, fs: &Value, indent: usize) {
                for f in fs.as_array().into_iter().flatten() {
                    let doc = f["doc"].as_str().unwrap_or("");
                    let _ = writeln!(
                        out,
                        "{}{}: {}{}{}",
                        "  ".repeat(indent),
                        f["name"].as_str().unwrap_or(""),
                        f["type"].as_str().unwrap_or(""),
                        if f["optional"].as_bool() == Some(true) {
                            "?"
                        } else {
                            ""
                        },
                        if doc.is_empty() {
                            String::new()
                        } else {
                            format!("  # {doc}")
                        }
                    );
                    if f.get("fields").is_some() {
                        fields(out, &f["fields"], indent + 1);
                    }
                }
            }
            fields(&mut out, &c["fields"], 1);
        }
    }
    if show("options") {
        head(
            &mut out,
            "options",
            "# turn on with --options a,b (or `options:` in a scenario).",
        );
        for o in d["options"].as_array().into_iter().flatten() {
            let _ = writeln!(
                out,
                "{}{}: {}",
                o["name"].as_str().unwrap_or(""),
                if o["default"].as_bool() == Some(true) {
                    " (on by default)"
                } else {
                    ""
                },
                o["description"].as_str().unwrap_or("")
            );
        }
    }
    if show("keys") {
        head(
            &mut out,
            "keys",
            "# key {args}: text. Scenarios answer decisions by key: `- {player: 1, key: <key>, pick: <option>}`.",
        );
        for k in d["keys"].as_array().into_iter().flatten() {
            let _ = writeln!(
                out,
                "{} {{{}}}: {}",
                k["key"].as_str().unwrap_or(""),
                strs(&k["args"]).join(", "),
                k["text"].as_str().unwrap_or("")
            );
        }
    }
    out
}
