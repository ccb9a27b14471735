//! Broken packs and hostile scripts give clear errors, never panics.

mod common;

use imperium::pack::{Library, PackError};
use imperium::session::{GameError, Limits, Session};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Writes a small pack `id` with the given files into a fresh folder.
fn pack(dir: &str, id: &str, files: &[(&str, &str)]) -> PathBuf {
    common::write_pack("bad-input", dir, id, files, &format!("id: {id}\nname: Test\nversion: 0.0.1\nentry: {{ game: main }}\nwindows: [ping]\nrefs:\n  - {{ path: \"factions/*/units/@key\", to: units }}\n"))
}

fn errors(root: &Path, id: &str) -> String {
    match Library::new(root).resolve(id) {
        Err(PackError::Invalid(d)) => d
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => e.to_string(),
        Ok(_) => panic!("pack {id} should not load"),
    }
}

fn session(root: &Path, id: &str, limits: Limits) -> Result<Session, GameError> {
    let p = Library::new(root).resolve(id).expect("loads");
    Session::new(Rc::new(p), 1, &[], limits)
}

fn run_main(root: &Path, id: &str, limits: Limits) -> Result<serde_json::Value, GameError> {
    let mut s = session(root, id, limits)?;
    s.start("main", json!({}))?;
    Ok(s.result.clone().unwrap_or_default())
}

#[test]
fn broken_yaml_names_file_and_line() {
    let root = pack(
        "yaml",
        "p",
        &[("units.yaml", "units:\n  a:\n    cost: [1, 2\n  b: {}\n")],
    );
    let e = errors(&root, "p");
    assert!(e.contains("content/p/units.yaml:"), "{e}");
    assert!(e.contains("[yaml]"), "{e}");
}

#[test]
fn unknown_id_is_pointed_at_with_a_suggestion() {
    let root = pack(
        "unknown-id",
        "p",
        &[
            ("units.yaml", "units:\n  dreadnought: { cost: 4 }\n"),
            (
                "factions.yaml",
                "factions:\n  f:\n    units:\n      dreadnougt: 1\n",
            ),
        ],
    );
    let e = errors(&root, "p");
    assert!(e.contains("content/p/factions.yaml:4:"), "{e}");
    assert!(e.contains("did you mean `dreadnought`"), "{e}");
    assert!(e.contains("factions.f"), "{e}");
}

#[test]
fn missing_script_and_unknown_window() {
    let root = pack(
        "missing-script",
        "p",
        &[(
            "cards.yaml",
            "cards:\n  c:\n    windows: [pong]\n    script: effects/nope.lua\n",
        )],
    );
    let e = errors(&root, "p");
    assert!(
        e.contains("[missing-script]") && e.contains("effects/nope.lua"),
        "{e}"
    );
    assert!(
        e.contains("[unknown-window]") && e.contains("did you mean `ping`"),
        "{e}"
    );
}

#[test]
fn extends_errors() {
    let root = pack(
        "cycle",
        "a",
        &[("pack.yaml", "id: a\nname: A\nversion: '1'\nextends: [b]\n")],
    );
    std::fs::create_dir_all(root.join("b")).unwrap();
    std::fs::write(
        root.join("b/pack.yaml"),
        "id: b\nname: B\nversion: '1'\nextends: [a]\n",
    )
    .unwrap();
    assert!(errors(&root, "a").contains("[extends-cycle]"));
    let root = pack(
        "orphan",
        "a",
        &[(
            "pack.yaml",
            "id: a\nname: A\nversion: '1'\nextends: [nowhere]\n",
        )],
    );
    let e = errors(&root, "a");
    assert!(
        e.contains("[unknown-parent]") && e.contains("content/a/pack.yaml:4"),
        "{e}"
    );
}

#[test]
fn duplicate_ids_and_bad_patches() {
    let root = pack(
        "dupes",
        "p",
        &[
            ("a.yaml", "units:\n  x: { cost: 1 }\n"),
            (
                "b.yaml",
                "units:\n  x: { cost: 2 }\n  y:\n    patch: { cost: 3 }\n",
            ),
        ],
    );
    let e = errors(&root, "p");
    assert!(
        e.contains("[duplicate-id]") && e.contains("see content/p/a.yaml:2"),
        "{e}"
    );
    assert!(e.contains("`patch` of `units.y`"), "{e}");
}

#[test]
fn lua_syntax_error_names_file_and_line() {
    let root = pack(
        "syntax",
        "p",
        &[(
            "rules/main.lua",
            "procedure(\"main\", function()\n  local x = = 1\nend)\n",
        )],
    );
    let Err(e) = session(&root, "p", Limits::default()) else {
        panic!("should fail")
    };
    let e = e.to_string();
    assert!(e.contains("content/p/rules/main.lua:2"), "{e}");
}

#[test]
fn lua_runtime_error_names_file_and_line() {
    let root = pack(
        "runtime",
        "p",
        &[("rules/main.lua", "procedure(\"main\", function()\n  game.add_player()\n  local t = nil\n  return t.field\nend)\n")],
    );
    let e = run_main(&root, "p", Limits::default())
        .expect_err("fails")
        .to_string();
    assert!(e.contains("content/p/rules/main.lua:4"), "{e}");
}

#[test]
fn infinite_loop_hits_the_instruction_budget() {
    let root = pack(
        "loop",
        "p",
        &[(
            "rules/main.lua",
            "procedure(\"main\", function()\n  while true do end\nend)\n",
        )],
    );
    let limits = Limits {
        instructions: 2_000_000,
        ..Limits::default()
    };
    let e = run_main(&root, "p", limits).expect_err("fails").to_string();
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn memory_bomb_hits_the_memory_limit() {
    let root = pack(
        "memory",
        "p",
        &[("rules/main.lua", "procedure(\"main\", function()\n  local t = {}\n  local s = string.rep('x', 1024)\n  for i = 1, 1e9 do t[i] = s .. i end\nend)\n")],
    );
    let limits = Limits {
        memory: 32 * 1024 * 1024,
        instructions: u64::MAX,
        ..Limits::default()
    };
    let e = run_main(&root, "p", limits).expect_err("fails").to_string();
    assert!(e.contains("memory limit"), "{e}");
}

#[test]
fn no_os_or_io_in_the_sandbox() {
    for (name, code) in [
        ("os", "os.execute('true')"),
        ("io", "io.open('/etc/passwd')"),
        ("dofile", "dofile('/etc/passwd')"),
        ("require", "require('os')"),
        ("bytecode", "assert(load(string.dump(function() end)))"),
    ] {
        let src = format!("procedure(\"main\", function()\n  {code}\nend)\n");
        let root = pack(&format!("sandbox-{name}"), "p", &[("rules/main.lua", &src)]);
        let e = run_main(&root, "p", Limits::default())
            .err()
            .unwrap_or_else(|| panic!("{name} should fail"))
            .to_string();
        assert!(e.contains("content/p/rules/main.lua:2"), "{name}: {e}");
    }
}

#[test]
fn a_failing_action_leaves_the_state_unchanged() {
    let root = pack(
        "atomic",
        "p",
        &[(
            "rules/main.lua",
            r#"procedure("main", function()
  local p = game.add_player()
  local s = game.add_system("x", "0,0")
  game.set(p, "tg", 1)
  game.log("before")
  local ok = pcall(game.atomic, function()
    game.set(p, "tg", 5)
    game.spawn("thing", p, { system = s })
    game.log("inside")
    error("boom")
  end)
  return { ok = ok, tg = game.counter(p, "tg"), units = #game.units() }
end)
"#,
        )],
    );
    let mut s = session(&root, "p", Limits::default()).unwrap();
    s.start("main", json!({})).unwrap();
    assert_eq!(s.result, Some(json!({"ok": false, "tg": 1, "units": 0})));
    assert_eq!(s.log(), vec!["before".to_string()]);
}

#[test]
fn cli_check_exits_non_zero_with_the_location() {
    let root = pack("cli", "p", &[("units.yaml", "units:\n  a: [\n")]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_imperium"))
        .args(["--content", root.to_str().unwrap(), "check", "p"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    // The file is named where it is, under the --content folder given.
    let at = format!("{}/p/units.yaml:3:", root.display());
    assert!(err.contains(&at), "{err}");
}

/// A scenario file that is a list (or empty) is refused with a message
/// naming what a scenario is, instead of running with every field left out.
#[test]
fn a_scenario_must_be_a_mapping() {
    let root = pack("scenario-list", "p", &[]);
    for (name, text, want) in [
        ("list.yaml", "- a\n- b\n", "not a list"),
        ("empty.yaml", "", "not an empty file"),
    ] {
        let f = root.join("p").join(name);
        std::fs::write(&f, text).unwrap();
        let e = imperium::scenario::load(&f, "p").unwrap_err().to_string();
        assert!(e.contains(want), "{name}: {e}");
    }
}
