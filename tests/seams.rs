//! The kernel's seams: rules on windows in priority order, helpers and
//! procedures registered with their packs and fixed once the game runs,
//! the seal, keyed texts, window ctx checks and loaded dice.

use imperium::pack::Library;
use imperium::session::{GameError, Limits, Session};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Writes packs (id -> files) into a fresh folder and returns it.
fn packs(dir: &str, list: &[(&str, &[(&str, &str)])]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("seams")
        .join(dir);
    let _ = std::fs::remove_dir_all(&root);
    for (id, files) in list {
        let p = root.join(id);
        for (name, text) in *files {
            let f = p.join(name);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, text).unwrap();
        }
    }
    root
}

const BASE_PACK: &str = "id: base\nname: Base\nversion: 0.0.1\nrules: [main.lua]\noptions:\n  big: { implies: [small] }\n  small: {}\n  other: {}\nwindows:\n  ping:\n    doc: A test window.\n    ctx: { player: player, n: int?, order: table? }\n";

const BASE_RULES: &str = r#"
local L = game.lib
lib("greet", function(p) return "base " .. p end, "Says hello to p.")
function L.shout(p) return "BASE " .. p end
game.on("ping", function(ctx) table.insert(ctx.order or {}, "base:0") end)
game.on("ping", function(ctx) table.insert(ctx.order or {}, "base:5") end, { priority = 5 })
game.on("ping", function(ctx) table.insert(ctx.order or {}, "base:-1") end, { priority = -1 })
procedure("main", function(args)
  game.add_player()
  local ctx = game.window("ping", { player = 1, order = {} })
  return { order = table.concat(ctx.order, ","), greet = L.greet(1), shout = L.shout(1) }
end)
-- Wraps whatever the last pack defined, once every pack has loaded.
function L.wave() return "base wave" end
game.when_loaded(function()
  local inner = L.wave
  function L.wave() return inner() .. "!" end
end)
procedure("waves", function() return { wave = L.wave(), big = game.options.big, small = game.options.small, other = game.options.other } end)
procedure("set_option", function() game.options.other = true end)
procedure("player_zero", function() return game.planets_owned(0) end)
procedure("system_text", function() return game.adjacent("north") end)
procedure("late_lib", function() L.greet = function() return "late" end end)
procedure("late_on", function() game.on("ping", function() end) end)
procedure("late_procedure", function() procedure("main", function() end) end)
procedure("bad_ctx", function()
  game.add_player()
  game.window("ping", { player = 1, n = "three" })
end)
procedure("extra_ctx", function()
  game.add_player()
  game.window("ping", { player = 1, colour = "red" })
end)
procedure("swap_kernel", function() game.log = function() end end)
procedure("keyed", function()
  game.add_player()
  game.log({ key = "hello", p = "p1" })
  game.load_dice({ 7, 2 })
  local hits = game.roll({ key = "shot", p = "p1" }, 2, 6)
  local pick = game.choose(1, { key = "pick_one", n = 2 }, { "a", "b" })
  return { hits = hits, pick = pick }
end)
procedure("missing_arg", function() game.log({ key = "hello" }) end)
"#;

const CHILD_RULES: &str = r#"
local L = game.lib
local base = L.greet
lib("greet", function(p) return "child+" .. base(p) end)
game.on("ping", function(ctx) table.insert(ctx.order or {}, "child:5") end, { priority = 5 })
game.on("ping", function(ctx) table.insert(ctx.order or {}, "child:9") end, { priority = 9 })
function L.wave() return "child wave" end
"#;

fn root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(make_root).clone()
}

fn make_root() -> PathBuf {
    packs(
        "seams",
        &[
            (
                "base",
                &[
                    ("pack.yaml", BASE_PACK),
                    ("rules/main.lua", BASE_RULES),
                    (
                        "locale/en.yaml",
                        "keys:\n  hello: \"{p} says hello\"\n  shot: \"{p} shoots\"\n  pick_one: \"pick one of {n}\"\n",
                    ),
                ],
            ),
            (
                "child",
                &[
                    (
                        "pack.yaml",
                        "id: child\nname: Child\nversion: 0.0.1\nextends: [base]\nrules: [more.lua]\n",
                    ),
                    ("rules/more.lua", CHILD_RULES),
                ],
            ),
        ],
    )
}

fn session(id: &str, limits: Limits) -> Session {
    let p = Library::new(root()).resolve(id).expect("loads");
    Session::new(Rc::new(p), 1, &[], limits).expect("session")
}

fn run(id: &str, entry: &str, limits: Limits) -> Result<Value, GameError> {
    let mut s = session(id, limits);
    s.start(entry, json!({}))?;
    Ok(s.result.clone().unwrap_or_default())
}

#[test]
fn rules_on_a_window_run_by_priority_then_pack_order() {
    let r = run("child", "main", Limits::default()).unwrap();
    assert_eq!(r["order"], "child:9,base:5,child:5,base:0,base:-1");
    assert_eq!(r["greet"], "child+base 1");
    assert_eq!(r["shout"], "BASE 1");
}

#[test]
fn the_registry_knows_who_defined_each_helper() {
    let s = session("child", Limits::default());
    let reg = s.registry().unwrap();
    assert_eq!(reg["helpers"]["greet"]["packs"], json!(["base", "child"]));
    assert_eq!(reg["helpers"]["greet"]["doc"], "Says hello to p.");
    assert_eq!(reg["helpers"]["shout"]["packs"], json!(["base"]));
    assert_eq!(reg["procedures"]["main"], json!(["base"]));
    let base = session("base", Limits::default()).registry().unwrap();
    let chain = ["base".to_string()].into_iter().collect();
    let lines = imperium::diff::helper_diff(&base, &reg, &chain);
    assert_eq!(
        lines,
        vec![
            "~ helper greet  (child): Says hello to p.",
            "~ helper wave  (child)"
        ]
    );
}

#[test]
fn helpers_procedures_and_rules_are_fixed_once_the_game_runs() {
    let sealed = Limits {
        seal: true,
        ..Limits::default()
    };
    let e = run("base", "late_lib", sealed).unwrap_err().to_string();
    assert!(
        e.contains("game.lib.greet is assigned while the game runs"),
        "{e}"
    );
    let e = run("base", "late_procedure", sealed)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("procedure 'main' is defined while the game runs"),
        "{e}"
    );
    let e = run("base", "late_on", Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("rules subscribe when a pack loads"), "{e}");
    let e = run("base", "swap_kernel", sealed).unwrap_err().to_string();
    assert!(e.contains("game.log is read-only"), "{e}");
}

#[test]
fn wrappers_registered_for_when_every_pack_has_loaded_wrap_the_last_definition() {
    let r = run("child", "waves", Limits::default()).unwrap();
    assert_eq!(r["wave"], "child wave!");
    let r = run("base", "waves", Limits::default()).unwrap();
    assert_eq!(r["wave"], "base wave!");
}

#[test]
fn an_option_turns_on_what_it_implies_and_options_are_fixed() {
    let p = Library::new(root()).resolve("base").expect("loads");
    let mut s = Session::new(Rc::new(p), 1, &["big".to_string()], Limits::default()).unwrap();
    s.start("waves", json!({})).unwrap();
    let r = s.result.clone().unwrap();
    assert_eq!(
        (r["big"].clone(), r["small"].clone(), r["other"].clone()),
        (json!(true), json!(true), json!(false))
    );
    let sealed = Limits {
        seal: true,
        ..Limits::default()
    };
    let e = run("base", "set_option", sealed).unwrap_err().to_string();
    assert!(e.contains("game.options.other is read-only"), "{e}");
}

#[test]
fn players_and_systems_count_from_one_at_the_lua_boundary() {
    let e = run("base", "player_zero", Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("no such player 0 (players count from 1)"), "{e}");
    let e = run("base", "system_text", Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("error converting"), "{e}");
}

#[test]
fn windows_are_held_to_their_declared_ctx() {
    let strict = Limits {
        check_ctx: true,
        ..Limits::default()
    };
    let e = run("base", "bad_ctx", strict).unwrap_err().to_string();
    assert!(e.contains("field `n` is not a int"), "{e}");
    let e = run("base", "extra_ctx", strict).unwrap_err().to_string();
    assert!(e.contains("field `colour` is not declared"), "{e}");
    // Without the check the same calls pass.
    run("base", "extra_ctx", Limits::default()).unwrap();
}

#[test]
fn keyed_texts_decisions_and_loaded_dice() {
    let mut s = session("base", Limits::default());
    s.log_decisions = true;
    s.start("keyed", json!({})).unwrap();
    let d = s.pending.clone().expect("a decision");
    assert_eq!(d.prompt, "pick_one");
    assert_eq!(d.args.get("n").map(String::as_str), Some("2"));
    assert_eq!(d.text, "pick one of 2");
    s.answer("b").unwrap();
    assert_eq!(s.result.clone().unwrap(), json!({ "hits": 1, "pick": "b" }));
    assert_eq!(
        s.log(),
        vec![
            "p1 says hello",
            "p1 shoots [7,2] vs 6: 1 hit",
            "? p1 pick one of 2 [a, b] -> b",
        ]
    );
    let e = run("base", "missing_arg", Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("uses {p}, which the call does not give"), "{e}");
}
