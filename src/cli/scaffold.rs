//! `imperium new <id> --extends <parent>`: a new pack folder that already
//! passes `imperium test`. It holds one example of each seam a variant
//! uses, picked from the parent's own declarations (the kernel names no
//! collection, card or step of any edition):
//!
//! - `data.yaml`: a `patch:` of one number of one definition (from the
//!   collection with the most number fields), and a new definition in a
//!   collection whose entries carry a `script:` and `windows:` (a card);
//! - `effects/example_card.lua`: that card's script, run after a step;
//! - `rules/example.lua`: the step wrapped (`game.procedure_fn`);
//! - `locale/en.yaml`: the texts of the two log lines they write;
//! - `tests/example.yaml` and its golden `tests/snapshots/example.snap`;
//! - editor files: `.luarc.json` and the `---@meta` stubs (`imperium stubs`).
//!
//! The step is one a seeded game of the parent runs with a plain ctx; the
//! scaffold tries such steps in turn until the example scenario passes.

use super::describe::{first_runs, FirstRun};
use crate::pack::{Library, ResolvedPack};
use crate::scenario::{self, Verdict};
use crate::schema::{Field, Ty};
use serde_json::{json, Map, Value};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// How many steps to try as the example override.
const TRIES: usize = 16;

/// Whether `id` may name a pack: lower-case letters, digits, `-` and `_`.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && id.starts_with(|c: char| c.is_ascii_lowercase())
}

fn required(f: &Field) -> Vec<(&String, &Field)> {
    match &f.ty {
        Ty::Object(o) => o.fields.iter().filter(|(_, f)| !f.optional).collect(),
        _ => vec![],
    }
}

fn fields(f: &Field) -> Vec<(&String, &Field)> {
    match &f.ty {
        Ty::Object(o) => o.fields.iter().collect(),
        _ => vec![],
    }
}

/// The data override: `(collection, id, field, old value)`, the first
/// definition with an integer in the first required int field of the
/// collection that has the most required int fields.
fn pick_override(p: &ResolvedPack) -> Option<(String, String, String, i64)> {
    let mut best: Option<(usize, &String)> = None;
    for (c, cs) in &p.schemas.collections {
        let n = required(&cs.def)
            .iter()
            .filter(|(_, f)| f.ty == Ty::Int)
            .count();
        let has_defs = p.collections.get(c).is_some_and(|d| !d.is_empty());
        if n > 0 && has_defs && best.is_none_or(|(b, _)| n > b) {
            best = Some((n, c));
        }
    }
    let (_, coll) = best?;
    let cs = &p.schemas.collections[coll];
    // The int field whose values differ the most between definitions.
    let mut pick: Option<(usize, &String)> = None;
    for (field, f) in required(&cs.def) {
        if f.ty != Ty::Int {
            continue;
        }
        let mut vals: Vec<i64> = p.collections[coll]
            .values()
            .filter_map(|d| d.value.get(field).and_then(Value::as_i64))
            .collect();
        vals.sort();
        vals.dedup();
        if pick.is_none_or(|(n, _)| vals.len() > n) {
            pick = Some((vals.len(), field));
        }
    }
    let (_, field) = pick?;
    for (id, d) in &p.collections[coll] {
        if let Some(v) = d.value.get(field).and_then(Value::as_i64) {
            return Some((coll.clone(), id.clone(), field.clone(), v));
        }
    }
    None
}

/// The collection for the example card: entries with `script` and
/// `windows`; the fewest required references, then the largest share of
/// definitions that carry a script, then the fewest required fields.
fn pick_card_collection(p: &ResolvedPack) -> Option<String> {
    let mut best: Option<((usize, i64, usize), &String)> = None;
    for (c, cs) in &p.schemas.collections {
        let fs = fields(&cs.def);
        let has = |n: &str| fs.iter().any(|(k, _)| k.as_str() == n);
        if !has("script") || !has("windows") {
            continue;
        }
        let req = required(&cs.def);
        let refs = req
            .iter()
            .filter(|(_, f)| matches!(f.ty, Ty::Ref(_)))
            .count();
        let defs = p.collections.get(c);
        let total = defs.map_or(0, |d| d.len());
        let scripted = defs.map_or(0, |d| {
            d.values()
                .filter(|d| d.value.get("script").is_some())
                .count()
        });
        let share = (scripted * 100).checked_div(total).unwrap_or(0) as i64;
        let score = (refs, -share, req.len());
        if best.is_none_or(|(b, _)| score < b) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c.clone())
}

/// A value of type `t` for a required field of the example card.
fn filler(p: &ResolvedPack, name: &str, f: &Field) -> Value {
    match &f.ty {
        Ty::Int | Ty::Number => json!(1),
        Ty::Bool => json!(false),
        Ty::String | Ty::Any => json!(format!("Example {name}")),
        Ty::Enum(v) => json!(v.first().cloned().unwrap_or_default()),
        Ty::Ref(c) => {
            let first = match c.as_str() {
                "options" => p.options.keys().next().cloned(),
                "windows" => p.windows.iter().next().cloned(),
                _ => p.collections.get(c).and_then(|d| d.keys().next().cloned()),
            };
            json!(first.unwrap_or_default())
        }
        Ty::List(_) | Ty::AnyList => json!([]),
        Ty::Map(_) | Ty::AnyMap | Ty::Null => json!({}),
        Ty::Object(_) => {
            let mut m = Map::new();
            for (k, f) in required(f) {
                m.insert(k.clone(), filler(p, k, f));
            }
            Value::Object(m)
        }
        Ty::Union(v) => filler(
            p,
            name,
            &Field {
                ty: v.first().cloned().unwrap_or(Ty::Any),
                optional: false,
                doc: String::new(),
            },
        ),
    }
}

fn yaml_scalar(v: &Value) -> String {
    // JSON text is a YAML scalar too (strings quoted).
    v.to_string()
}

fn lua_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

/// The Lua table of a captured ctx, fields sorted.
fn lua_ctx(ctx: &Map<String, Value>) -> String {
    let mut keys: Vec<&String> = ctx.keys().collect();
    keys.sort();
    if keys.is_empty() {
        return "{}".into();
    }
    let parts: Vec<String> = keys
        .iter()
        .map(|k| format!("{k} = {}", lua_value(&ctx[*k])))
        .collect();
    format!("{{ {} }}", parts.join(", "))
}

/// The files of the new pack, by path relative to its folder.
struct Plan {
    files: Vec<(String, String)>,
}

fn plan(id: &str, parent: &ResolvedPack, step: &FirstRun, players: u32) -> Plan {
    let parent_id = &parent.id;
    let mut files = vec![];
    let pack_yaml = format!(
        "# {id}: a variant of {parent_id}, made by `imperium new`. It changes its parent\n\
         # only through declared seams: data patched by id (data.yaml), a new card\n\
         # on a window (data.yaml + effects/), a step wrapped by name (rules/).\n\
         # `imperium describe {parent_id}` lists what there is to change;\n\
         # `imperium diff {parent_id} {id}` shows what this pack changes.\n\
         id: {id}\n\
         name: \"{id}: a variant of {parent_id}\"\n\
         version: 0.1.0\n\
         extends: [{parent_id}]\n\
         # The rules/*.lua files, in load order.\n\
         rules:\n  - example.lua\n"
    );
    files.push(("pack.yaml".to_string(), pack_yaml));

    let mut data = format!(
        "# Data of {id}. A definition with a parent's id replaces it; `patch:` changes\n\
         # some of its fields; `remove: [collection.id]` drops one.\n\
         # `imperium describe {parent_id} collections` lists the collections and fields.\n"
    );
    let mut expect = vec![];
    if let Some((coll, oid, field, old)) = pick_override(parent) {
        let _ = write!(
            data,
            "{coll}:\n  # {oid}.{field} was {old} in {parent_id}.\n  {oid}:\n    patch: {{ {field}: {} }}\n",
            old + 1
        );
        expect.push(format!(
            "game.data.{coll}[\"{oid}\"].{field} == {}",
            old + 1
        ));
    }
    let card_coll = pick_card_collection(parent);
    let counter = format!("{}_example_card", id.replace('-', "_"));
    let card_id = format!("{}_example", id.replace('-', "_"));
    if let Some(cc) = &card_coll {
        let cs = &parent.schemas.collections[cc];
        let mut m: Vec<(String, Value)> = vec![];
        for (k, f) in required(&cs.def) {
            let v = match k.as_str() {
                "name" => json!(format!("Example card of {id}")),
                "script" => json!("effects/example_card.lua"),
                "windows" => json!([format!("after:{}", step.name)]),
                "text" => json!(format!(
                    "After {}, its holder counts one more use of this card.",
                    step.name
                )),
                _ => filler(parent, k, f),
            };
            m.push((k.clone(), v));
        }
        for k in ["windows", "script"] {
            if !m.iter().any(|(x, _)| x == k) {
                m.push((
                    k.to_string(),
                    if k == "windows" {
                        json!([format!("after:{}", step.name)])
                    } else {
                        json!("effects/example_card.lua")
                    },
                ));
            }
        }
        let same = data.contains(&format!("\n{cc}:\n")) || data.starts_with(&format!("{cc}:\n"));
        if !same {
            let _ = writeln!(data, "{cc}:");
        }
        let _ = writeln!(
            data,
            "  # A new definition: its script runs on the windows it names, for the players\n  # who hold it (a scenario grants it with game.grant(p, \"{cc}\", \"{card_id}\")).\n  {card_id}:"
        );
        for (k, v) in &m {
            let _ = writeln!(data, "    {k}: {}", yaml_scalar(v));
        }
        files.push((
            "effects/example_card.lua".into(),
            format!(
                "-- The example card's script. It returns a table: one function per window\n\
                 -- name (or `run`, with an optional `when` filter). Each gets the window's\n\
                 -- ctx, the holding player and the card's definition.\n\
                 -- `imperium describe {parent_id} windows` lists the windows and their ctx.\n\
                 return {{\n\
                 \x20 run = function(ctx, p, def)\n\
                 \x20   game.add(p, \"{counter}\", 1)\n\
                 \x20   game.log({{ key = \"{id}.example_card\", p = \"p\" .. p, n = game.counter(p, \"{counter}\") }})\n\
                 \x20 end,\n\
                 }}\n"
            ),
        ));
        expect.push(format!("game.counter(1, \"{counter}\") >= 1"));
    }
    files.push(("data.yaml".into(), data));

    let runs = format!("{}_example_step", id.replace('-', "_"));
    files.push((
        "rules/example.lua".into(),
        format!(
            "-- An example step override: {parent_id}'s `{name}`, wrapped. A pack replaces a\n\
             -- step by defining a procedure of the same name; game.procedure_fn gives\n\
             -- the parent's, to call from the new one.\n\
             -- `imperium describe {parent_id} procedures` lists the steps in the order they run.\n\
             local base = game.procedure_fn(\"{name}\")\n\
             procedure(\"{name}\", function(ctx)\n\
             \x20 game.add(\"game\", \"{runs}\", 1)\n\
             \x20 game.log({{ key = \"{id}.example_step\", step = \"{name}\" }})\n\
             \x20 return base(ctx)\n\
             end)\n",
            name = step.name
        ),
    ));
    expect.push(format!("game.counter(\"game\", \"{runs}\") >= 1"));

    files.push((
        "locale/en.yaml".into(),
        format!(
            "# The texts of {id}'s decisions and log lines, by key (`game.log({{key = ..}})`).\n\
             keys:\n\
             \x20 {id}.example_card: \"{{p}} uses the example card ({{n}} so far)\"\n\
             \x20 {id}.example_step: \"the example wrapper of {{step}} runs\"\n"
        ),
    ));

    let ctx = lua_ctx(step.ctx.as_ref().unwrap_or(&Map::new()));
    let mut sc = format!(
        "# A scenario: a board from {parent_id}'s scenario entry, a set-up, Lua that acts,\n\
         # answers to the decisions, and expectations. `imperium test {id}` compares\n\
         # its log (from `run:` on) with tests/snapshots/example.snap;\n\
         # `imperium test {id} --accept` rewrites that after a change you meant.\n\
         # `imperium record {id} --out tests/x.yaml` writes a scenario from a game played.\n\
         name: the example card and the wrapped {step}\n\
         seed: 1\n\
         args: {{ players: {players} }}\n",
        step = step.name
    );
    if let Some(cc) = &card_coll {
        let _ = write!(
            sc,
            "setup: |\n  -- Player 1 holds the example card.\n  game.grant(1, \"{cc}\", \"{card_id}\")\n"
        );
    }
    let _ = write!(
        sc,
        "run: |\n  game.step(\"{}\", {ctx})\n\
         # Decisions not answered here are answered at random (from the seed);\n\
         # answer them by key instead: `- {{player: 1, key: <key>, pick: <option>}}`.\n\
         then_random: true\n\
         expect:\n",
        step.name
    );
    for e in &expect {
        let _ = writeln!(sc, "  - {e}");
    }
    files.push(("tests/example.yaml".into(), sc));
    Plan { files }
}

fn write_plan(dir: &Path, plan: &Plan) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![];
    for (rel, text) in &plan.files {
        let f = dir.join(rel);
        if let Some(parent) = f.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&f, text).map_err(|e| format!("{}: {e}", f.display()))?;
        out.push(f);
    }
    Ok(out)
}

/// Makes pack `id` extending `parent` in `content`; returns the files
/// written (the golden last). The new pack passes `imperium test`.
pub fn new_pack(content: &Path, id: &str, parent: &str) -> Result<Vec<PathBuf>, String> {
    if !valid_id(id) {
        return Err(format!(
            "`{id}` cannot name a pack: use lower-case letters, digits, `-` and `_`"
        ));
    }
    let dir = content.join(id);
    if dir.exists() {
        return Err(format!("{} exists already", dir.display()));
    }
    let lib = Library::new(content);
    let parent = Rc::new(lib.resolve(parent).map_err(|e| {
        match e {
            crate::pack::PackError::Invalid(d) => d
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            other => other.to_string(),
        }
    })?);
    let players = parent.manifest().perft.as_ref().map_or(3, |p| p.players);
    let runs = first_runs(&parent);
    // Plain steps, the deepest (smallest) first, then in the order they ran.
    let mut candidates: Vec<&FirstRun> =
        runs.iter().filter(|r| r.step && r.ctx.is_some()).collect();
    candidates.sort_by_key(|r| std::cmp::Reverse(r.depth.min(3)));
    let mut last_problem = String::from("the parent's game runs no step with a plain ctx");
    for step in candidates.into_iter().take(TRIES) {
        let plan = plan(id, &parent, step, players);
        let _ = std::fs::remove_dir_all(&dir);
        let mut files = write_plan(&dir, &plan)?;
        match verify(&lib, id) {
            Ok(golden) => {
                files.push(golden);
                // Editor files: Lua stubs and .luarc.json.
                let p = Rc::new(lib.resolve(id).map_err(|e| e.to_string())?);
                files.extend(super::stubs::write(&p, &dir)?);
                return Ok(files);
            }
            Err(e) => last_problem = format!("with step `{}`: {e}", step.name),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Err(format!(
        "could not make a passing example pack on `{}` ({last_problem})",
        parent.id
    ))
}

/// Resolves the new pack, writes its golden, and runs its tests again.
fn verify(lib: &Library, id: &str) -> Result<PathBuf, String> {
    let p = Rc::new(lib.resolve(id).map_err(|e| e.to_string())?);
    crate::session::Session::new(p.clone(), 0, &[], crate::session::Limits::default())
        .map_err(|e| e.to_string())?;
    let first = scenario::test_pack(&p, true)?;
    if let Some(bad) = first.iter().find(|r| !r.problems.is_empty()) {
        return Err(bad.problems.join("; "));
    }
    let again = scenario::test_pack(&p, false)?;
    if let Some(bad) = again.iter().find(|r| r.verdict != Verdict::Ok) {
        return Err(format!("{} is not stable: {:?}", bad.name, bad.diff));
    }
    Ok(scenario::snapshot_path(p.dir(), "example"))
}
