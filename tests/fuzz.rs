//! Fuzzing every door untrusted input comes in by: pack files and
//! manifests, saved games and replay, the JSON-lines protocol, scenario
//! files, combat arguments, and scripts calling the `game` API with
//! generated arguments. Whatever the input, the program answers with a
//! result or an error: never a panic, a hang or an abort.
//!
//! Each target runs a few hundred generated inputs in the test suite. For a
//! long run, scale every target's count:
//!
//! ```text
//! IMPERIUM_FUZZ_SCALE=100 cargo test --release --test fuzz -- --nocapture
//! ```
//!
//! Each target prints how many inputs it ran. Inputs are made by proptest
//! from a fixed seed (`IMPERIUM_FUZZ_SEED` picks another), and a failing one
//! is shrunk to a small case before it is shown; a crash found this way
//! becomes a regression test in `tests/hostile.rs`.

use imperium::pack::Library;
use imperium::scenario;
use imperium::session::{
    json_answer, Decision, DecisionSource, GameError, Limits, RandomAgent, Session,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::mpsc;
use std::time::Duration;

// --- running a target

/// `base` inputs, times `IMPERIUM_FUZZ_SCALE` when set.
fn cases(base: u32) -> u32 {
    let scale: u32 = std::env::var("IMPERIUM_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    base.saturating_mul(scale.max(1))
}

/// A runner with a fixed seed, so that the suite runs the same inputs every
/// time, and no failure file written into the source tree.
fn runner(n: u32) -> TestRunner {
    let seed: u64 = std::env::var("IMPERIUM_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRunner::new_with_rng(
        Config {
            cases: n,
            failure_persistence: None,
            max_shrink_iters: 2000,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// Runs `target` over `n` inputs of `strategy` on a thread of its own; a
/// panic, an abort or an input that takes over a minute (a hang: every
/// input here is small) fails the test.
fn fuzz<S>(name: &'static str, n: u32, make: fn() -> S, target: fn(&S::Value) -> &'static str)
where
    S: Strategy + 'static,
    S::Value: std::fmt::Debug,
{
    let (tx, rx) = mpsc::channel::<Result<(), String>>();
    let beat = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = beat.clone();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let mut r = runner(n);
            let tally = std::cell::RefCell::new(std::collections::BTreeMap::new());
            let res = r.run(&make(), |v| {
                *tally.borrow_mut().entry(target(&v)).or_insert(0u64) += 1;
                seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok(())
            });
            let how: Vec<String> = tally
                .borrow()
                .iter()
                .map(|(k, n)| format!("{n} {k}"))
                .collect();
            let total: u64 = tally.borrow().values().sum();
            eprintln!("{name}: {total} inputs ({})", how.join(", "));
            let _ = tx.send(res.map_err(|e| e.to_string()));
        })
        .expect("a thread");
    let mut last = 0;
    loop {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(Ok(())) => break,
            Ok(Err(e)) => panic!("{name}: {e}"),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = beat.load(std::sync::atomic::Ordering::Relaxed);
                assert!(now != last, "{name}: one input ran for over a minute");
                last = now;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{name}: the runner died"),
        }
    }
}

/// Limits small enough that a generated loop or table ends quickly.
fn limits() -> Limits {
    Limits {
        instructions: 2_000_000,
        memory: 48 * 1024 * 1024,
        ..Limits::default()
    }
}

// --- mutating a text

/// Fragments of YAML, JSON and Lua that inputs are made of.
const TOKENS: &[&str] = &[
    "~",
    "null",
    "[]",
    "{}",
    "[",
    "{",
    "]",
    "}",
    "- ",
    ": ",
    "::",
    "&a ",
    "*a",
    "<<: *a",
    "!!binary ",
    "!x ",
    "1e999",
    "-1",
    "0",
    "1",
    "7",
    "18446744073709551616",
    "-9223372036854775809",
    "3.5",
    ".nan",
    "true",
    "\"\"",
    "'",
    "\"",
    "\t",
    "\n",
    "\n  ",
    "\n    - ",
    "#",
    "../x",
    "/etc",
    "..",
    "é",
    "\u{feff}",
    "\0",
    "%YAML 1.2\n",
    "---\n",
    "...\n",
    "? ",
    "|\n  ",
    ">",
    ",",
    "mini",
    "kid",
    "ti-common",
    "game",
    "units",
    "options",
    "windows",
    "rules",
    "extends",
    "entry",
    "kind",
    "count",
    "player",
    "key",
    "pick",
    "seed",
    "answers",
    "expect",
    "run",
    "setup",
    "args",
    "players",
    "decisions",
    "choice",
    "index",
    "pack_hash",
    "patch",
    "schemas",
    "fields",
    "int",
    "string?",
    "ref<units>",
    "list<int>",
    "map<string>",
    "script",
    "main.lua",
    "ship",
    "function() end",
    "while true do end",
    "game.",
    "(",
    ")",
    "nil",
    "{ key = 'x' }",
    "1 << 62",
    "math.huge",
    "coroutine.wrap(function() end)()",
    "string.rep('ab', 1 << 20)",
    "error()",
    "setmetatable({}, { __gc = print })",
    "game.finish({})",
    "return",
    "local ",
    "..",
    "%s",
    "{p}",
    "{n}",
    "{missing}",
    "mini.pick",
    "then_random: true",
    "yes_no: no",
];

/// One change to a text: (kind, where, how much, which token).
type Edit = (u8, u32, u32, u16);

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((0u8..9, any::<u32>(), any::<u32>(), any::<u16>()), 0..6)
}

/// `text` with `edits` applied, as bytes (an edit may break UTF-8).
fn mutate(text: &str, edits: &[Edit]) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for &(kind, at, n, tok) in edits {
        let len = b.len();
        let at = if len == 0 { 0 } else { at as usize % (len + 1) };
        let token = TOKENS[tok as usize % TOKENS.len()].as_bytes();
        let line_start = |b: &[u8], i: usize| {
            b[..i]
                .iter()
                .rposition(|&c| c == b'\n')
                .map_or(0, |p| p + 1)
        };
        let line_end = |b: &[u8], i: usize| {
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p + 1)
        };
        match kind {
            // delete a few bytes
            0 => {
                let end = (at + 1 + n as usize % 8).min(len);
                b.drain(at..end);
            }
            // insert a token
            1 => {
                b.splice(at..at, token.iter().copied());
            }
            // replace the word at `at` by a token
            2 => {
                let word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
                let s = b[..at].iter().rposition(|c| !word(c)).map_or(0, |p| p + 1);
                let e = b[at..]
                    .iter()
                    .position(|c| !word(c))
                    .map_or(len, |p| at + p);
                b.splice(s..e, token.iter().copied());
            }
            // duplicate a line
            3 => {
                let (s, e) = (line_start(&b, at), line_end(&b, at));
                let line = b[s..e].to_vec();
                b.splice(s..s, line);
            }
            // delete a line
            4 => {
                let (s, e) = (line_start(&b, at), line_end(&b, at));
                b.drain(s..e);
            }
            // move a line elsewhere
            5 => {
                let (s, e) = (line_start(&b, at), line_end(&b, at));
                let line: Vec<u8> = b.drain(s..e).collect();
                let to = if b.is_empty() {
                    0
                } else {
                    line_start(&b, n as usize % (b.len() + 1))
                };
                b.splice(to..to, line);
            }
            // cut the text short
            6 => b.truncate(at),
            // one byte becomes another
            7 => {
                if at < len {
                    b[at] = n as u8;
                }
            }
            // a number becomes another
            _ => {
                if let Some(p) = b[at..].iter().position(u8::is_ascii_digit) {
                    let s = at + p;
                    let e = b[s..]
                        .iter()
                        .position(|c| !c.is_ascii_digit())
                        .map_or(len, |q| s + q);
                    let num =
                        [0u64, 1, 2, 6, 255, 65536, u32::MAX as u64, u64::MAX][n as usize % 8];
                    b.splice(s..e, num.to_string().bytes());
                }
            }
        }
    }
    b
}

// --- the packs inputs are made from

const MINI_MANIFEST: &str = r#"id: mini
name: Mini
version: 0.1.0
entry: { game: main }
options:
  short: { description: "Two rounds instead of three." }
windows:
  ping:
    doc: A ping.
    ctx: { player: player, n: int? }
rules: [main.lua]
"#;

const MINI_SCHEMA: &str = r#"schemas:
  units:
    doc: Units.
    fields:
      name: string
      dice: int
      hit: 'int?'
      tags: 'list<string>?'
      upgrade: 'ref<units>?'
"#;

const MINI_UNITS: &str = r#"units:
  ship: { name: Ship, dice: 1, hit: 6, tags: [ship] }
  big: { name: Big ship, dice: 2, hit: 4, upgrade: ship }
"#;

const MINI_LOCALE: &str = r#"keys:
  mini.pick: "round {n}: what now?"
  mini.roll: "{p} rolls"
  mini.did: "{p} chose {what}"
"#;

const MINI_MAIN: &str = r#"-- A tiny game: each round every player rolls, passes or takes the rock.
function game.lib.score(p) return game.counter(p, "score") end
game.on("ping", function(ctx) game.set(ctx.player, "pinged", 1) end)
procedure("main", function(args)
  local n = math.min(math.max(tonumber(args.players) or 2, 1), 6)
  for _ = 1, n do game.add_player() end
  local s = game.add_system("home", "0,0")
  game.add_planet("rock", s)
  for p = 1, n do game.spawn("ship", p, { system = s }) end
  local rounds = game.options.short and 2 or 3
  for round = 1, rounds do
    for p = 1, n do
      local pick = game.choose(p, { key = "mini.pick", n = round }, { "roll", "pass", "take" })
      if pick == "roll" then
        local hits = game.roll({ key = "mini.roll", p = "p" .. p }, game.data.units.big.dice, 4)
        game.set(p, "score", game.lib.score(p) + hits)
      elseif pick == "take" then
        game.set_owner("rock", p)
      end
      game.window("ping", { player = p, n = round })
      game.log({ key = "mini.did", p = "p" .. p, what = pick })
    end
  end
  local best, top = 1, -1
  for p = 1, n do
    if game.lib.score(p) > top then best, top = p, game.lib.score(p) end
  end
  game.finish({ winner = best })
end)
"#;

const KID_MANIFEST: &str = r#"id: kid
name: Kid
version: 0.2.0
extends: [mini]
rules: [more.lua]
"#;

const KID_UNITS: &str = r#"units:
  big:
    patch: { dice: 3 }
  small: { name: Small, dice: 1, tags: [ship, small] }
"#;

const KID_MORE: &str = r#"-- Scores count double.
local old = game.lib.score
function game.lib.score(p) return 2 * old(p) end
"#;

/// The files of `mini` and `kid`.
fn pack_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("mini/pack.yaml", MINI_MANIFEST),
        ("mini/schema.yaml", MINI_SCHEMA),
        ("mini/units.yaml", MINI_UNITS),
        ("mini/locale/en.yaml", MINI_LOCALE),
        ("mini/rules/main.lua", MINI_MAIN),
        ("kid/pack.yaml", KID_MANIFEST),
        ("kid/units.yaml", KID_UNITS),
        ("kid/rules/more.lua", KID_MORE),
    ]
}

/// A fresh folder for one target's inputs (each test its own).
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fuzz")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes the packs into `root`, file `which` replaced by `bytes`.
fn write_packs(root: &Path, which: Option<(usize, &[u8])>) {
    let _ = std::fs::remove_dir_all(root);
    for (i, (name, text)) in pack_files().into_iter().enumerate() {
        let f = root.join(name);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        match which {
            Some((w, b)) if w == i => std::fs::write(f, b).unwrap(),
            _ => std::fs::write(f, text).unwrap(),
        }
    }
}

/// Plays a game of `pack` to its end with random answers (at most 200).
fn play(
    pack: Rc<imperium::pack::ResolvedPack>,
    seed: u64,
    args: serde_json::Value,
) -> &'static str {
    let Ok(mut s) = Session::new(pack, seed, &[], limits()) else {
        return "loaded, scripts refused";
    };
    if s.start("main", args).is_err() {
        return "loaded, failed at the start";
    }
    let mut agent = Capped(RandomAgent(imperium::rng::Rng::new(seed)), 200);
    match s.run(&mut agent) {
        Ok(_) => "played to the end",
        Err(_) => "loaded, failed in play",
    }
}

/// A source that stops answering after a number of decisions.
struct Capped<D>(D, usize);
impl<D: DecisionSource> DecisionSource for Capped<D> {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        if self.1 == 0 {
            return Err(GameError::RecordEnded);
        }
        self.1 -= 1;
        self.0.decide(d)
    }
}

/// The record of a random game of the unchanged `mini`.
fn mini_record(root: &Path) -> serde_json::Value {
    write_packs(root, None);
    let p = Rc::new(Library::new(root).resolve("mini").expect("mini loads"));
    let mut s = Session::new(p.clone(), 4, &[], limits()).expect("a session");
    s.start("main", json!({"players": 2})).expect("starts");
    s.run(&mut RandomAgent(imperium::rng::Rng::new(4)))
        .expect("plays");
    let mut rec = s.record.clone();
    rec.pack_hash = p.content_hash();
    serde_json::to_value(&rec).expect("a record")
}

// --- 1. pack files and manifests

#[test]
fn fuzz_pack_files() {
    fn inputs() -> impl Strategy<Value = (usize, Vec<Edit>, u64, bool)> {
        (
            0..pack_files().len(),
            edits(),
            any::<u64>(),
            prop::bool::ANY,
        )
    }
    // The unchanged packs load and play to the end.
    let root = scratch("packs");
    write_packs(&root, None);
    for id in ["mini", "kid"] {
        let p = Rc::new(Library::new(&root).resolve(id).expect("loads"));
        assert!(imperium::schema::lint(&p).is_empty(), "{id}");
        let mut s = Session::new(p, 2, &["short".to_string()], limits()).expect("a session");
        s.start("main", json!({"players": 3})).expect("starts");
        s.run(&mut RandomAgent(imperium::rng::Rng::new(2)))
            .expect("plays");
        assert!(s.result.is_some(), "{id} ends");
    }
    fuzz(
        "pack files",
        cases(300),
        inputs,
        |(which, e, seed, child)| {
            let root = scratch_once("packs");
            let (_, text) = pack_files()[*which];
            let bytes = mutate(text, e);
            write_packs(&root, Some((*which, &bytes)));
            let lib = Library::new(&root);
            let _ = lib.list();
            let id = if *child { "kid" } else { "mini" };
            let _ = lib.load_manifest(id);
            match lib.resolve(id) {
                Ok(p) => {
                    let p = Rc::new(p);
                    let _ = imperium::schema::lint(&p);
                    let _ = p.content_hash();
                    play(p, *seed, json!({"players": 1 + seed % 4}))
                }
                Err(_) => "refused at loading",
            }
        },
    );
}

/// The same folder for every input of one test (made once per process).
fn scratch_once(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fuzz")
        .join(name)
}

// --- 2. saved games and replay

/// A change to a record's fields, keeping it a record.
#[derive(Debug, Clone)]
enum RecordEdit {
    Seed(u64),
    Players(i64),
    Decision(usize, String),
    Cut(usize),
    Extra(String),
    Options(Vec<String>),
    Entry(String),
    Args(String),
}

fn record_edits() -> impl Strategy<Value = Vec<RecordEdit>> {
    let word = prop_oneof![
        Just("roll".to_string()),
        Just("pass".to_string()),
        Just("take".to_string()),
        "[a-z ]{0,8}",
        ".{0,4}",
    ];
    prop::collection::vec(
        prop_oneof![
            any::<u64>().prop_map(RecordEdit::Seed),
            (-3i64..9).prop_map(RecordEdit::Players),
            (any::<usize>(), word.clone()).prop_map(|(i, w)| RecordEdit::Decision(i, w)),
            any::<usize>().prop_map(RecordEdit::Cut),
            word.clone().prop_map(RecordEdit::Extra),
            prop::collection::vec(prop_oneof![Just("short".to_string()), "[a-z]{0,5}"], 0..3)
                .prop_map(RecordEdit::Options),
            prop_oneof![Just("main".to_string()), "[a-z./]{0,6}"].prop_map(RecordEdit::Entry),
            prop_oneof![
                Just("{}".to_string()),
                Just("[]".to_string()),
                Just("{\"players\": 99}".to_string()),
                Just("{\"players\": \"x\"}".to_string()),
                Just("null".to_string())
            ]
            .prop_map(RecordEdit::Args),
        ],
        0..4,
    )
}

#[test]
fn fuzz_saved_games() {
    let root = scratch("saves");
    let rec = mini_record(&root);
    let text = serde_json::to_string_pretty(&rec).unwrap();
    std::fs::write(root.join("record.json"), &text).unwrap();
    // The unchanged record replays to the end.
    let (p, r) =
        imperium::cli::replay::check(&Library::new(&root), "save", &text, &mut |w| panic!("{w}"))
            .expect("a good record");
    let ended = imperium::cli::replay::replay("save", p, &r, None, limits(), None, &mut |_| Ok(()));
    assert!(matches!(ended, Ok(imperium::cli::replay::Replayed::Ended)));
    fn inputs() -> impl Strategy<Value = (Vec<RecordEdit>, Vec<Edit>, Option<usize>)> {
        (record_edits(), edits(), prop::option::of(0usize..12))
    }
    fuzz("saved games", cases(300), inputs, |(fields, e, until)| {
        let root = scratch_once("saves");
        let text = std::fs::read_to_string(root.join("record.json")).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        for f in fields {
            let d = v["decisions"].as_array_mut().unwrap();
            match f {
                RecordEdit::Seed(s) => v["seed"] = json!(s),
                RecordEdit::Players(n) => {
                    if let Some(a) = v["args"].as_object_mut() {
                        a.insert("players".into(), json!(n));
                    }
                }
                RecordEdit::Decision(i, w) if !d.is_empty() => {
                    let i = i % d.len();
                    d[i] = json!(w)
                }
                RecordEdit::Decision(..) => {}
                RecordEdit::Cut(i) => {
                    let i = i % (d.len() + 1);
                    d.truncate(i)
                }
                RecordEdit::Extra(w) => d.push(json!(w)),
                RecordEdit::Options(o) => v["options"] = json!(o),
                RecordEdit::Entry(e) => v["entry"] = json!(e),
                RecordEdit::Args(a) => v["args"] = serde_json::from_str(a).unwrap(),
            }
        }
        let bytes = mutate(&serde_json::to_string_pretty(&v).unwrap(), e);
        let Ok(text) = String::from_utf8(bytes) else {
            return "not UTF-8";
        };
        let lib = Library::new(&root);
        let checked = imperium::cli::replay::check(&lib, "save", &text, &mut |_| {});
        let Ok((p, rec)) = checked else {
            return "refused before replaying";
        };
        let mut dump = |s: &Session| {
            let _ = s.state_dump();
            Ok(())
        };
        match imperium::cli::replay::replay("save", p, &rec, *until, limits(), None, &mut dump) {
            Ok(imperium::cli::replay::Replayed::Ended) => "replayed to the end",
            Ok(imperium::cli::replay::Replayed::Stopped(_)) => "replayed, stopped early",
            Err(_) => "replayed, refused in play",
        }
    });
}

// --- 3. the JSON-lines protocol

/// Answers from a list of protocol lines, read as the JSON agent reads them.
struct Lines(Vec<Vec<u8>>, usize);
impl DecisionSource for Lines {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let line = self.0.get(self.1).ok_or(GameError::RecordEnded)?;
        self.1 += 1;
        json_answer(line, d)
    }
}

fn protocol_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => (0usize..3).prop_map(|i| format!("{{\"index\": {i}}}").into_bytes()),
        4 => prop_oneof![Just("roll"), Just("pass"), Just("take")]
            .prop_map(|c| format!("{{\"choice\": \"{c}\"}}").into_bytes()),
        1 => (
            prop_oneof![
                Just("{\"index\": 2}\n"),
                Just("{\"choice\": \"roll\"}\n"),
                Just("{\"index\": 18446744073709551615}"),
                Just("{\"index\": -1}"),
                Just("{\"index\": 1.5}"),
                Just("{\"choice\": null}"),
                Just("[1]"),
            ],
            edits()
        )
            .prop_map(|(l, e)| mutate(l, &e)),
        1 => prop::collection::vec(any::<u8>(), 0..40),
    ]
}

#[test]
fn fuzz_protocol_lines() {
    let root = scratch("protocol");
    write_packs(&root, None);
    fn inputs() -> impl Strategy<Value = (Vec<Vec<u8>>, Vec<String>, u64)> {
        (
            prop::collection::vec(protocol_line(), 0..16),
            prop::collection::vec(".{0,6}", 0..4),
            any::<u64>(),
        )
    }
    fuzz(
        "protocol lines",
        cases(400),
        inputs,
        |(lines, options, seed)| {
            // One line against a decision of any options.
            let d = Decision {
                player: 1,
                prompt: "x".into(),
                args: Default::default(),
                options: options.clone(),
                text: "x".into(),
            };
            for l in lines {
                if let Ok(a) = json_answer(l, &d) {
                    assert!(
                        d.options.contains(&a) || l.windows(6).any(|w| w == b"choice"),
                        "{a}"
                    );
                }
            }
            // A whole game answered by the lines.
            thread_local! {
                static MINI: Rc<imperium::pack::ResolvedPack> = Rc::new(
                    Library::new(scratch_once("protocol")).resolve("mini").expect("mini loads"));
            }
            let p = MINI.with(|p| p.clone());
            let mut s = Session::new(p, *seed, &[], limits()).expect("a session");
            s.start("main", json!({"players": 2})).expect("starts");
            match s.run(&mut Lines(lines.clone(), 0)) {
                Ok(_) => "played to the end",
                Err(GameError::RecordEnded) => "ran out of lines",
                Err(_) => "an answer refused",
            }
        },
    );
}

// --- 4. scenario files

const SCENARIO: &str = r#"name: the rock changes hands and dice are scripted
seed: 3
args: { players: 3, systems: 2 }
setup: |
  local s = game.system_at("0,0")
  game.add_planet("rock", s)
  game.spawn("ship", 1, { system = s, as = "first" })
  game.load_dice({ 6, 2, 9 })
run: |
  local pick = game.choose(2, { key = "redistribute_tokens" }, { "a", "b", "done" })
  game.put("game", nil, "pick", pick)
  game.set_owner("rock", 2)
  local hits = game.roll({ key = "roll_unit", p = "p1", label = "space combat", unit = "ship" }, 3, 5)
  game.put("game", nil, "hits", hits)
answers:
  - { player: 2, key: redistribute_tokens, pick: b }
then_random: true
expect:
  - game.get("game", nil, "pick") == "b"
  - game.planet_owner("rock") == 2
  - game.get("game", nil, "hits") == 2
"#;

#[test]
fn fuzz_scenario_files() {
    let root = scratch("scenarios");
    std::fs::create_dir_all(&root).unwrap();
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let pack = Rc::new(
        Library::new(&content)
            .resolve("ti-common")
            .expect("ti-common"),
    );
    // The unchanged scenario passes (the inputs start from a good one).
    let f = root.join("good.yaml");
    std::fs::write(&f, SCENARIO).unwrap();
    let out = scenario::run_limited(&pack, &f, false, limits()).expect("runs");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    fuzz("scenario files", cases(300), edits, |e| {
        thread_local! {
            static PACK: Rc<imperium::pack::ResolvedPack> = Rc::new(
                Library::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("content"))
                    .resolve("ti-common").expect("ti-common"));
        }
        let pack = PACK.with(|p| p.clone());
        let f = scratch_once("scenarios").join("case.yaml");
        std::fs::write(&f, mutate(SCENARIO, e)).unwrap();
        match scenario::run_limited(&pack, &f, false, limits()) {
            Ok(o) if o.failures.is_empty() => "passed",
            Ok(_) => "ran, failed",
            Err(_) => "refused",
        }
    });
}

// --- 5. combat arguments

fn fleet() -> impl Strategy<Value = String> {
    let count = prop_oneof![
        Just(""),
        Just("0 "),
        Just("1 "),
        Just("3 "),
        Just("10000 "),
        Just("10001 "),
        Just("-1 "),
        Just("4294967296 "),
        Just("x "),
    ];
    let kind = prop_oneof![
        prop_oneof![
            Just("ship"),
            Just("big"),
            Just("small"),
            Just("nothing"),
            Just(""),
            Just("ship ship"),
        ]
        .prop_map(str::to_string),
        "[a-z_]{1,8}",
    ];
    let sep = prop_oneof![Just(","), Just(", "), Just(",,"), Just(" ,\t")];
    prop::collection::vec((count, kind, sep), 0..4).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(c, k, s)| format!("{c}{k}{s}"))
            .collect()
    })
}

#[test]
fn fuzz_combat_arguments() {
    // The fleets a person types: parsed, never a panic, counts bounded.
    fn typed() -> impl Strategy<Value = (String, String)> {
        (fleet(), ".{0,12}")
    }
    fuzz("combat fleets", cases(2000), typed, |(f, junk)| {
        let mut good = 0;
        for s in [f.as_str(), junk.as_str()] {
            if let Ok(v) = imperium::combat::sim::parse_fleet(s) {
                good += 1;
                for u in v {
                    assert!(u["count"].as_u64().unwrap() <= 10_000);
                }
            }
        }
        ["both refused", "one read", "both read"][good]
    });
    // Whole simulations of a pack's combat, plan and procedure paths.
    fn fights() -> impl Strategy<Value = (String, String, u32, u64, bool)> {
        // Fleets of a real pack's units (and a few that are not), small
        // enough that a fight is quick.
        fn ti4_fleet() -> impl Strategy<Value = String> {
            let kind = prop_oneof![
                Just("fighter"),
                Just("destroyer"),
                Just("cruiser"),
                Just("carrier"),
                Just("dreadnought"),
                Just("war_sun"),
                Just("infantry"),
                Just("pds"),
                Just("space_dock"),
                Just("flagship"),
                Just("nothing"),
            ];
            prop::collection::vec((0u32..4, kind), 0..4).prop_map(|v| {
                v.iter()
                    .map(|(n, k)| format!("{n} {k}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
        }
        (
            ti4_fleet(),
            ti4_fleet(),
            0u32..4,
            any::<u64>(),
            prop::bool::weighted(0.2),
        )
    }
    fuzz(
        "combat simulations",
        cases(12),
        fights,
        |(a, d, sims, seed, slow)| {
            thread_local! {
                static PACK: Rc<imperium::pack::ResolvedPack> = Rc::new(
                    Library::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("content"))
                        .resolve("ti4").expect("ti4"));
            }
            let a = imperium::combat::sim::parse_fleet(a).expect("a fleet");
            let d = imperium::combat::sim::parse_fleet(d).expect("a fleet");
            let p = PACK.with(|p| p.clone());
            match imperium::combat::sim::simulate_with(p, &a, &d, *sims, *seed, "default", *slow) {
                Ok(_) => "simulated",
                Err(_) => "refused by the pack",
            }
        },
    );
}

// --- 6. scripts calling the game API

/// A Lua expression for an argument: plain values, edge numbers, long
/// strings, tables (nested), functions, values earlier calls returned.
fn lua_arg() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("nil".to_string()),
        Just("true".to_string()),
        Just("false".to_string()),
        (-3i64..12).prop_map(|n| n.to_string()),
        prop_oneof![
            Just("1 << 62"),
            Just("math.maxinteger"),
            Just("math.mininteger"),
            Just("0.5"),
            Just("1e308"),
            Just("-0.0"),
            Just("0/0"),
            Just("math.huge"),
            Just("-math.huge"),
            Just("2^53"),
        ]
        .prop_map(str::to_string),
        prop_oneof![
            Just("'x'"),
            Just("''"),
            Just("'0,0'"),
            Just("'1,0'"),
            Just("'command'"),
            Just("'tactic'"),
            Just("'ship'"),
            Just("'game'"),
            Just("'rock'"),
            Just("'first'"),
            Just("'p1'"),
            Just("'roll_unit'"),
            Just("'redistribute_tokens'"),
            Just("string.rep('a', 100000)"),
            Just("'\\0\\255'"),
            Just("'{p}'"),
        ]
        .prop_map(str::to_string),
        (0usize..10).prop_map(|i| format!("R[{}]", i + 1)),
        prop_oneof![
            Just("function() return 1 end"),
            Just("function(...) return game.units({}) end"),
            Just("function() error('inside') end"),
            Just("function() while true do end end"),
            Just("coroutine.create(function() end)"),
            Just("setmetatable({}, { __index = function() error('no') end })"),
            Just("setmetatable({}, { __index = function(_, k) return game.num_players() end })"),
            Just("(function() local t = {} for _ = 1, 1000 do t = { t } end return t end)()"),
            Just("(function() local t = {} t.t = t return t end)()"),
        ]
        .prop_map(str::to_string),
    ];
    let keys = prop_oneof![
        Just("key"),
        Just("system"),
        Just("player"),
        Just("owner"),
        Just("not_owner"),
        Just("carried"),
        Just("as"),
        Just("kind"),
        Just("planet"),
        Just("space"),
        Just("id"),
        Just("n"),
        Just("p"),
        Just("[1]"),
        Just("[2]"),
    ];
    leaf.prop_recursive(3, 24, 4, move |inner| {
        prop::collection::vec((keys.clone(), inner), 0..4).prop_map(|kv| {
            let body: Vec<String> = kv.into_iter().map(|(k, v)| format!("{k} = {v}")).collect();
            format!("{{ {} }}", body.join(", "))
        })
    })
}

/// A call: which function (by its place among the sorted names of `game`'s
/// and `game.lib`'s functions) and its arguments.
fn lua_calls() -> impl Strategy<Value = Vec<(u16, bool, Vec<String>)>> {
    prop::collection::vec(
        (
            any::<u16>(),
            prop::bool::weighted(0.8),
            prop::collection::vec(lua_arg(), 0..5),
        ),
        1..8,
    )
}

/// The scenario whose `run` makes the calls: each one protected, its
/// results kept for later calls; the game answers at random after.
fn api_scenario(calls: &[(u16, bool, Vec<String>)]) -> String {
    let mut run = String::from(
        "local names, lib = {}, {}\n\
         for k, v in pairs(game) do if type(v) == 'function' then names[#names + 1] = k end end\n\
         for k, v in pairs(game.lib) do if type(v) == 'function' then lib[#lib + 1] = k end end\n\
         table.sort(names) table.sort(lib)\n\
         local s = game.system_at('0,0')\n\
         R = { 1, 2, s, game.spawn('ship', 1, { system = s, as = 'first' }), 'rock' }\n\
         game.add_planet('rock', s)\n",
    );
    for (f, from_game, args) in calls {
        let (list, table) = if *from_game {
            ("names", "game")
        } else {
            ("lib", "game.lib")
        };
        run.push_str(&format!(
            "do local f = {table}[{list}[{f} % #{list} + 1]]\n  local ok, a = pcall(f{})\n  R[#R + 1] = a end\n",
            args.iter().map(|a| format!(", {a}")).collect::<String>()
        ));
    }
    let indented: String = run.lines().map(|l| format!("  {l}\n")).collect();
    format!(
        "name: generated calls\nseed: 1\nargs: {{ players: 3, systems: 3 }}\nrun: |\n{indented}then_random: true\n"
    )
}

#[test]
fn fuzz_game_api_calls() {
    let root = scratch("api");
    std::fs::create_dir_all(&root).unwrap();
    fuzz("game API calls", cases(300), lua_calls, |calls| {
        thread_local! {
            static PACK: Rc<imperium::pack::ResolvedPack> = Rc::new(
                Library::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("content"))
                    .resolve("ti-common").expect("ti-common"));
        }
        let pack = PACK.with(|p| p.clone());
        let f = scratch_once("api").join("calls.yaml");
        std::fs::write(&f, api_scenario(calls)).unwrap();
        match scenario::run_limited(&pack, &f, false, limits()) {
            Ok(o) if o.failures.is_empty() => "ran to the end",
            Ok(o) => {
                if std::env::var("IMPERIUM_FUZZ_SHOW").is_ok() {
                    eprintln!("{:?}", o.failures);
                }
                "stopped by an error a script raised"
            }
            Err(e) => {
                assert!(!e.to_string().trim().is_empty());
                "refused"
            }
        }
    });
}
