//! Hostile packs, saves and inputs: whatever a script or a file does, the
//! program ends the action with a clear error, never a hang, a panic, an
//! abort or unbounded memory.

mod common;

use imperium::pack::{Library, PackError};
use imperium::session::{GameError, Limits, Session};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::mpsc;
use std::time::Duration;

/// Writes a small pack `id` with the given files into a fresh folder.
fn pack(dir: &str, id: &str, files: &[(&str, &str)]) -> PathBuf {
    common::write_pack(
        "hostile",
        dir,
        id,
        files,
        &format!(
            "id: {id}\nname: Test\nversion: 0.0.1\nentry: {{ game: main }}\nwindows: [ping]\n"
        ),
    )
}

/// A pack whose `main` procedure runs `body` (after adding two players).
fn main_pack(dir: &str, body: &str) -> PathBuf {
    let src = format!(
        "procedure(\"main\", function(args)\n  game.add_player()\n  game.add_player()\n{body}\nend)\n"
    );
    pack(dir, "p", &[("rules/main.lua", &src)])
}

fn small_limits() -> Limits {
    Limits {
        instructions: 5_000_000,
        memory: 64 * 1024 * 1024,
        ..Limits::default()
    }
}

fn run_main(root: &Path, limits: Limits) -> Result<serde_json::Value, GameError> {
    let p = Library::new(root).resolve("p").expect("loads");
    let mut s = Session::new(Rc::new(p), 1, &[], limits)?;
    s.start("main", json!({}))?;
    Ok(s.result.clone().unwrap_or_default())
}

/// Runs `f` on its own thread and fails the test if it takes longer than
/// `secs` (a hang) or panics.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("still running after {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("panicked"),
    }
}

/// The error of running `body` in a fresh pack's `main`, within 20 s.
fn main_error(dir: &'static str, body: &'static str) -> String {
    within(20, move || {
        let root = main_pack(dir, body);
        match run_main(&root, small_limits()) {
            Ok(v) => format!("no error: {v}"),
            Err(e) => e.to_string(),
        }
    })
}

fn assert_budget(e: &str) {
    assert!(e.contains("instruction budget exceeded"), "{e}");
    assert!(e.contains("content/p/rules/main.lua:"), "{e}");
}

// --- 1. the instruction budget covers the whole VM

#[test]
fn a_coroutine_a_script_creates_is_budgeted() {
    assert_budget(&main_error(
        "co-wrap",
        "  coroutine.wrap(function() while true do end end)()",
    ));
    assert_budget(&main_error(
        "co-resume",
        "  local co = coroutine.create(function() while true do end end)\n  local ok, e = coroutine.resume(co)\n  return { swallowed = e }",
    ));
}

#[test]
fn the_main_state_stays_budgeted_once_the_game_runs() {
    let e = within(20, || {
        let root = main_pack("main-state", "  return 1");
        let p = Library::new(&root).resolve("p").unwrap();
        let mut s = Session::new(Rc::new(p), 1, &[], small_limits()).unwrap();
        s.start("main", json!({})).unwrap();
        s.exec("=x", "while true do end").unwrap_err().to_string()
    });
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn pcall_cannot_swallow_the_budget() {
    assert_budget(&main_error(
        "pcall",
        "  while true do pcall(function() while true do end end) end",
    ));
    assert_budget(&main_error(
        "xpcall",
        "  while true do xpcall(function() while true do end end, function() return 'fine' end) end",
    ));
    assert_budget(&main_error(
        "xpcall-handler",
        "  while true do xpcall(error, function() while true do end end) end",
    ));
}

#[test]
fn finalizers_are_refused() {
    let e = main_error(
        "gc",
        "  setmetatable({}, { __gc = function() while true do end end })",
    );
    assert!(e.contains("__gc"), "{e}");
    assert!(e.contains("content/p/rules/main.lua:4"), "{e}");
}

#[test]
fn single_library_calls_are_bounded() {
    for (dir, body) in [
        ("rep-empty", "  string.rep('', 1 << 62)"),
        ("rep-big", "  local s = ('x'):rep(1 << 40)"),
        ("pattern", "  string.find(string.rep('a', 50000), '.-.-b')"),
        ("move", "  table.move({}, 1, 1 << 50, 2)"),
    ] {
        let e = main_error(dir, body);
        assert!(
            e.contains("limit") || e.contains("too complex"),
            "{dir}: {e}"
        );
        assert!(e.contains("content/p/rules/main.lua:4"), "{dir}: {e}");
    }
}

#[test]
fn to_be_closed_variables_cannot_outlive_the_budget() {
    assert_budget(&main_error(
        "close",
        "  local co = coroutine.create(function()\n    local x <close> = setmetatable({}, { __close = function() while true do end end })\n    while true do end\n  end)\n  coroutine.resume(co)\n  coroutine.close(co)",
    ));
}

#[test]
fn ordinary_library_calls_still_work() {
    let v = within(20, || {
        let root = main_pack(
            "ordinary",
            "  local n = 0\n  for _ in (('ab,'):rep(5000)):gmatch('[^,]+') do n = n + 1 end\n  local head = (('x'):rep(100000) .. ';y'):match('^([^;]*);')\n  local ok = pcall(error, 'x')\n  return { n = n, head = #head, ok = ok, rep = #string.rep('ab', 3, '-') }",
        );
        run_main(&root, small_limits()).map_err(|e| e.to_string())
    });
    assert_eq!(
        v.unwrap(),
        json!({"n": 5000, "head": 100000, "ok": false, "rep": 8})
    );
}

#[test]
fn kernel_work_is_bounded_too() {
    // A 100,000-deep chain of carried units goes in one pass.
    let v = within(20, || {
        let root = main_pack(
            "carried-chain",
            "  local s = game.add_system('x', '0,0')\n  local u = game.spawn('t', 1, { system = s })\n  local first = u\n  for i = 1, 100000 do u = game.spawn('t', 1, { carried = u }) end\n  local gone = game.remove_unit(first)\n  return { gone = #gone, left = #game.units(), last = gone[#gone] == u }",
        );
        let limits = Limits {
            instructions: 50_000_000,
            ..small_limits()
        };
        run_main(&root, limits).map_err(|e| e.to_string())
    });
    assert_eq!(v.unwrap(), json!({"gone": 100001, "left": 0, "last": true}));
    // A keyed text that contains itself.
    let e = main_error(
        "text-cycle",
        "  local t = { key = 'x' }\n  t.a = { t }\n  game.log(t)",
    );
    assert!(e.contains("nests deeper"), "{e}");
    // A combat plan of four billion rounds.
    let plan = |rounds: u64, dice: u64| {
        json!({"rounds": rounds, "sides": [
            {"units": [{"id": 1, "kind": "a", "hit": 5, "dice": dice, "priority": 1}]},
            {"units": [{"id": 2, "kind": "b", "hit": 5, "dice": 1, "priority": 1}]},
        ]})
    };
    use imperium::combat::fight::Plan;
    let e = Plan::from_value(&plan(4294967295, 1)).err().unwrap();
    assert!(e.contains("`rounds`") && e.contains("limit"), "{e}");
    let e = Plan::from_value(&plan(10, 4294967295)).err().unwrap();
    assert!(e.contains("dice") && e.contains("limit"), "{e}");
    assert!(Plan::from_value(&plan(100, 3)).is_ok());
}

// --- 2. no panics

#[test]
fn bad_arguments_are_errors_not_panics() {
    for (dir, body, want) in [
        ("roll-sides", "  game.roll('x', 1, 5, 0)", "sides"),
        ("roll-many", "  game.roll('x', 1 << 62, 5)", "limit"),
        ("roll-billion", "  game.roll('x', 1e9, 5)", "limit"),
        ("yield", "  coroutine.yield('decision', 1, 'x', {})", "at least two"),
        ("yield-player", "  coroutine.yield('decision', 9, 'x', {'a', 'b'})", "does not exist"),
        ("choose-neutral", "  game.choose(0, 'pick', {'a', 'b'})", "no helper neutral_decider"),
        ("owner", "  local s = game.add_system('x', '0,0')\n  game.add_planet('pl', s)\n  game.set_owner('pl', 99)", "no such player 99"),
        ("unit-owner", "  local s = game.add_system('x', '0,0')\n  game.set_unit_owner(game.spawn('t', 1, { system = s }), 9)", "no such player 9"),
        ("unit-owner-negative", "  local s = game.add_system('x', '0,0')\n  game.spawn('t', -1, { system = s })", "no such owner -1"),
        ("token-owner", "  game.place_token(game.add_system('x', '0,0'), 'cc', 7)", "no such player 7"),
        (
            "reentrant",
            "  local s = game.add_system('x', '0,0')\n  game.spawn('t', 1, setmetatable({}, { __index = function(_, k) game.set('game', 'n', 1); return s end }))",
            "from inside another",
        ),
    ] {
        let e = main_error(dir, body);
        assert!(e.contains(want), "{dir}: {e}");
    }
    // Wide random ranges.
    let v = within(20, || {
        let root = main_pack(
            "random",
            "  local a = game.random(4294967296)\n  local b = math.random(1 << 40)\n  local c = math.random(math.mininteger, math.maxinteger)\n  local d = math.random(-5, 5)\n  return { a >= 1 and a <= 4294967296, b >= 1, math.type(c) == 'integer', d >= -5 and d <= 5 }",
        );
        run_main(&root, small_limits()).map_err(|e| e.to_string())
    });
    assert_eq!(v.unwrap(), json!([true, true, true, true]));
}

#[test]
fn a_dump_survives_any_state() {
    // The API now refuses owners that are no player; the dump does not
    // rely on it.
    use imperium::state::{Loc, State};
    let mut st = State::new(1);
    st.add_player();
    let sy = st.add_system("x", None);
    let pl = st.add_planet("pl", sy);
    st.planets[pl].owner = Some(98);
    st.spawn("t", 41, Loc::Planet(7));
    let d = st.dump();
    assert_eq!(d["planets"][0]["owner"], "p99?");
}

#[test]
fn a_bad_manifest_is_an_error_for_its_pack_only() {
    let root = pack("manifests", "good", &[]);
    for (folder, text) in [
        (
            "path",
            "id: path\nname: P\nversion: '1'\nextends: [\"../good\"]\n",
        ),
        (
            "abs",
            "id: abs\nname: P\nversion: '1'\nextends: [\"/etc\"]\n",
        ),
        (
            "renamed",
            "id: other\nname: P\nversion: '1'\nextends: [good]\n",
        ),
        (
            "child",
            "id: child\nname: P\nversion: '1'\nextends: [other]\n",
        ),
    ] {
        std::fs::create_dir_all(root.join(folder)).unwrap();
        std::fs::write(root.join(folder).join("pack.yaml"), text).unwrap();
    }
    let lib = Library::new(&root);
    let msg = |id: &str| match lib.resolve(id) {
        Err(PackError::Invalid(d)) => d
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => e.to_string(),
        Ok(_) => panic!("{id} should not load"),
    };
    assert!(msg("path").contains("[bad-extends]"), "{}", msg("path"));
    assert!(
        msg("path").contains("content/path/pack.yaml:4"),
        "{}",
        msg("path")
    );
    assert!(msg("abs").contains("[bad-extends]"), "{}", msg("abs"));
    assert!(
        msg("renamed").contains("[id-mismatch]"),
        "{}",
        msg("renamed")
    );
    assert!(
        msg("child").contains("[unknown-parent]"),
        "{}",
        msg("child")
    );
    assert!(lib.resolve("good").is_ok());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_imperium"))
        .args(["--content", root.to_str().unwrap(), "packs"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("good") && text.contains("renamed"), "{text}");
}

// --- 3. what the kernel keeps for scripts is bounded

#[test]
fn what_the_kernel_keeps_is_bounded() {
    for (dir, body, want) in [
        (
            "deep-put",
            "  local t = {}\n  for i = 1, 20000 do t = { t } end\n  game.put('game', nil, 'deep', t)",
            "nested deeper",
        ),
        (
            "deep-finish",
            "  local t = {}\n  for i = 1, 20000 do t = { x = t } end\n  game.finish(t)",
            "nested deeper",
        ),
        ("cycle-put", "  local t = {}\n  t.t = t\n  game.put('game', nil, 'c', t)", "containing itself"),
        (
            "wide-dag",
            "  local t = {}\n  for i = 1, 40 do t = { t, t } end\n  game.put('game', nil, 'dag', t)",
            "values",
        ),
        ("big-log", "  local s = ('x'):rep(1 << 20)\n  for i = 1, 200 do game.log(s) end", "log line"),
        (
            "many-log",
            "  local s = ('x'):rep(60000)\n  for i = 1, 1e6 do game.log(s) end",
            "limit",
        ),
        (
            "props",
            "  local s = ('x'):rep(8 << 20)\n  for i = 1, 200 do game.put('game', nil, 'p' .. i, s) end",
            "limit",
        ),
        (
            "checkpoints",
            "  game.put('game', nil, 'big', ('x'):rep(8 << 20))\n  for i = 1, 200 do game.checkpoint() end",
            "limit",
        ),
        ("players", "  for i = 1, 1e9 do game.add_player() end", "limit"),
        (
            "units",
            "  local s = game.add_system('x', '0,0')\n  for i = 1, 1e9 do game.spawn('t', 1, { system = s }) end",
            "limit",
        ),
    ] {
        let e = within(60, move || {
            let root = main_pack(dir, body);
            let limits = Limits {
                instructions: 100_000_000,
                memory: 256 * 1024 * 1024,
                ..Limits::default()
            };
            match run_main(&root, limits) {
                Ok(v) => format!("no error: {v}"),
                Err(e) => e.to_string(),
            }
        });
        assert!(e.contains(want), "{dir}: {e}");
        assert!(e.contains("content/p/rules/main.lua:"), "{dir}: {e}");
    }
}

#[test]
fn combat_counts_are_bounded() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_imperium"))
        .args([
            "combat",
            "--pack",
            "ti4",
            "--attacker",
            "4294967295 fighter",
            "--defender",
            "1 cruiser",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("limit"), "{err}");
}

// --- 4. nothing lost

fn imperium(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_imperium"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn a_failing_game_still_saves_its_record() {
    let root = main_pack(
        "save-on-error",
        "  for i = 1, 5 do game.choose(1, 'pick', { 'a', 'b' }) end\n  error('boom')",
    );
    let save = root.join("game.json");
    let (code, _, err) = imperium(&[
        "--content",
        root.to_str().unwrap(),
        "play",
        "--pack",
        "p",
        "--seed",
        "3",
        "--quiet",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("boom"), "{err}");
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(rec["decisions"].as_array().unwrap().len(), 5, "{rec}");
    assert_eq!(rec["pack_hash"].as_str().unwrap().len(), 16, "{rec}");
}

#[test]
fn replay_refuses_a_record_it_cannot_honour() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-saves");
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.json");
    let (code, _, err) = imperium(&[
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "2",
        "--quiet",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let variant = |name: &str, f: &dyn Fn(&mut serde_json::Value)| {
        let mut r = rec.clone();
        f(&mut r);
        let p = dir.join(format!("{name}.json"));
        std::fs::write(&p, r.to_string()).unwrap();
        let (code, _, err) = imperium(&["replay", p.to_str().unwrap()]);
        (code, err)
    };
    type Tamper = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Tamper, &str)> = vec![
        (
            "other-content",
            Box::new(|r| r["pack_hash"] = json!("0000000000000000")),
            "other content",
        ),
        (
            "unknown-field",
            Box::new(|r| r["cheat"] = json!(1)),
            "unknown field `cheat`",
        ),
        (
            "entry",
            Box::new(|r| r["entry"] = json!("combat_setup")),
            "`entry`",
        ),
        (
            "path",
            Box::new(|r| r["pack"] = json!("../content/ti4")),
            "not a path",
        ),
        (
            "extra",
            Box::new(|r| r["decisions"].as_array_mut().unwrap().push(json!("more"))),
            "1 more",
        ),
    ];
    for (name, f, want) in cases {
        let (code, err) = variant(name, &*f);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
    }
    // A byte-order mark is not an error.
    let bom = dir.join("bom.json");
    std::fs::write(&bom, format!("\u{feff}{rec}")).unwrap();
    let (code, _, err) = imperium(&["replay", bom.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn the_state_dump_is_the_same_for_the_same_seed() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-dumps");
    std::fs::create_dir_all(&dir).unwrap();
    let mut dumps = vec![];
    for i in 0..3 {
        let f = dir.join(format!("d{i}.json"));
        let (code, _, err) = imperium(&[
            "play",
            "--pack",
            "ti4",
            "--players",
            "3",
            "--seed",
            "5",
            "--quiet",
            "--dump-state",
            f.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{err}");
        dumps.push(std::fs::read(&f).unwrap());
    }
    assert!(dumps.windows(2).all(|w| w[0] == w[1]));
}

// --- 5. packs stay in their folder

#[cfg(unix)]
#[test]
fn a_pack_reads_nothing_outside_its_folder() {
    use std::os::unix::fs::symlink;
    let root = pack(
        "outside",
        "p",
        &[(
            "cards.yaml",
            "cards:\n  c:\n    windows: [ping]\n    script: ../../secret.lua\n",
        )],
    );
    std::fs::write(root.join("secret.lua"), "return 'SECRET'").unwrap();
    std::fs::write(root.join("secret.yaml"), "units:\n  SECRET: {}\n").unwrap();
    symlink(root.join("secret.yaml"), root.join("p/linked.yaml")).unwrap();
    // A folder linked to itself, and two files linked to each other.
    symlink(root.join("p"), root.join("p/loop")).unwrap();
    symlink(root.join("p/b.yaml"), root.join("p/a.yaml")).unwrap();
    symlink(root.join("p/a.yaml"), root.join("p/b.yaml")).unwrap();
    let e = within(20, move || match Library::new(&root).resolve("p") {
        Err(PackError::Invalid(d)) => d
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => e.to_string(),
        Ok(_) => "loaded".into(),
    });
    assert!(e.contains("[outside-pack]"), "{e}");
    assert!(e.contains("../../secret.lua"), "{e}");
    assert!(e.contains("linked.yaml"), "{e}");
    assert!(e.contains("a.yaml") && e.contains("b.yaml"), "{e}");
    assert!(!e.contains("SECRET"), "{e}");
}

// --- 6. clear errors

#[test]
fn a_protocol_line_that_is_not_utf8_is_named() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_imperium"))
        .args(["play", "--pack", "ti4", "--players", "3", "--agent", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("not UTF-8"), "{err}");
}

/// error() with nil, a table without a message or a function names what it
/// was given, with no address that changes from run to run (a table out of a
/// scenario's own code reads "error() was called with a table ...").
#[test]
fn odd_error_values_are_named() {
    for (i, (value, want)) in [
        ("nil", "without a message"),
        ("{ a = 1 }", "error object {a=1} escaped procedure 'main'"),
        ("function() end", "a function instead of a message"),
    ]
    .into_iter()
    .enumerate()
    {
        let root = main_pack(&format!("odd-error-{i}"), &format!("  error({value})"));
        let e = run_main(&root, small_limits()).unwrap_err().to_string();
        assert!(e.contains(want), "{value}: {e}");
        assert!(!e.contains("0x"), "{value}: {e}");
    }
}

/// Runs `main` with an echo and returns the echoed lines and the result.
fn echoed(dir: &str, body: &str, answers: &[&str]) -> (Vec<String>, serde_json::Value) {
    let root = main_pack(dir, body);
    let p = Library::new(&root).resolve("p").expect("loads");
    let mut s = Session::new(Rc::new(p), 1, &[], small_limits()).expect("session");
    let seen = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let sink = seen.clone();
    s.set_echo(Some(Box::new(move |l: &str| {
        sink.borrow_mut().push(l.to_string())
    })));
    s.start("main", json!({})).expect("starts");
    for a in answers {
        s.answer(a).expect("answers");
    }
    let out = seen.borrow().clone();
    (out, s.result.clone().unwrap_or_default())
}

#[test]
fn a_failed_action_is_never_shown_and_its_dice_are_not_rolled_again() {
    let (lines, result) = echoed(
        "atomic_hidden",
        r#"
  game.log("before")
  local inside
  local ok = pcall(game.atomic, function()
    game.log("secret")
    inside = game.random(1000000000)
    error("the action fails")
  end)
  local again = game.random(1000000000)
  game.log("after")
  return { ok = ok, same = (inside == again) }
"#,
        &[],
    );
    assert_eq!(lines, vec!["before", "after"], "echo: {lines:?}");
    assert_eq!(result["ok"], json!(false));
    assert_eq!(
        result["same"],
        json!(false),
        "the rolled-back draw came again"
    );
}

#[test]
fn lines_a_decision_showed_are_withdrawn_when_the_action_fails() {
    let (lines, _) = echoed(
        "atomic_withdrawn",
        r#"
  pcall(game.atomic, function()
    game.log("inside")
    game.choose(1, "pick", { "a", "b" })
    error("the action fails")
  end)
  game.log("after")
"#,
        &["a"],
    );
    assert_eq!(lines.len(), 3, "echo: {lines:?}");
    assert_eq!(lines[0], "inside");
    assert!(
        lines[1].contains("undone") && lines[1].contains('1'),
        "{lines:?}"
    );
    assert_eq!(lines[2], "after");
}

#[test]
fn game_data_is_read_only_once_the_game_runs() {
    let root = pack(
        "data_read_only",
        "p",
        &[
            (
                "units.yaml",
                "units:\n  scout:\n    name: Scout\n    moves: { range: 1 }\n",
            ),
            (
                "rules/main.lua",
                r#"
procedure("main", function(args)
  local ok1, e1 = pcall(function() game.data.units.scout.name = "x" end)
  local ok2, e2 = pcall(function() game.data.units.scout.moves.range = 9 end)
  local ok3, e3 = pcall(function() game.data.units.spy = {} end)
  local ok4 = pcall(function() table.insert(game.data.units.scout.moves, 1) end)
  return { writes = (ok1 or ok2 or ok3 or ok4) and "allowed" or "refused",
           e = tostring(e2), name = game.data.units.scout.name,
           range = game.data.units.scout.moves.range, n = #game.keys(game.data.units),
           -- next() sees what a read-only table holds, as pairs does.
           first = next(game.data.units.scout.moves), empty = next({}) == nil }
end)
"#,
            ),
        ],
    );
    let r = run_main(&root, small_limits()).expect("runs");
    assert_eq!(r["writes"], json!("refused"), "{r}");
    assert!(
        r["e"]
            .as_str()
            .unwrap_or("")
            .contains("game.data.units.scout.moves.range is read-only"),
        "{r}"
    );
    assert_eq!(r["name"], json!("Scout"));
    assert_eq!(r["range"], json!(1));
    assert_eq!(r["n"], json!(1));
    assert_eq!(r["first"], json!("range"));
    assert_eq!(r["empty"], json!(true));
}

#[test]
fn a_unit_may_belong_to_no_player() {
    let root = main_pack(
        "neutral-units",
        r#"
  local s = game.add_system('x', '0,0')
  local n = game.spawn('t', 0, { system = s })
  local mine = game.spawn('t', 1, { system = s })
  local neutral = game.units { owner = 0 }
  local others = game.units { not_owner = 0 }
  game.set_unit_owner(mine, 0)
  return { n = #neutral, owner = neutral[1].owner, id = neutral[1].id == n,
           others = #others, now = #game.units { owner = 0 } }
"#,
    );
    let v = run_main(&root, small_limits()).unwrap();
    assert_eq!(
        v,
        json!({"n": 1, "owner": 0, "id": true, "others": 1, "now": 2})
    );
}

#[test]
fn load_honours_its_environment() {
    let root = main_pack(
        "load-env",
        r#"
  local env = { x = 41 }
  local f = load("y = x + 1; return y", "chunk", "t", env)
  local r = f()
  local g, err = load("return 1", "chunk", "b")
  local h = load("return game ~= nil")
  return { r = r, y = env.y, leaked = rawget(_G, "y") ~= nil, binary = g == nil and err ~= nil, sandbox = h() }
"#,
    );
    let v = run_main(&root, small_limits()).unwrap();
    assert_eq!(
        v,
        json!({"r": 42, "y": 42, "leaked": false, "binary": true, "sandbox": true})
    );
}

/// An error raised deep in nested coroutines names its place once, not
/// once per coroutine it passed through.
#[test]
fn an_error_from_nested_coroutines_is_named_once() {
    let e = main_error(
        "nested-coroutines",
        "  local f = function() error('deep trouble') end\n  for _ = 1, 40 do local g = f; f = function() return coroutine.wrap(g)() end end\n  f()",
    );
    assert!(
        e.contains("content/p/rules/main.lua:4: deep trouble"),
        "{e}"
    );
    assert!(
        e.contains("passed up 40 times through content/p/rules/main.lua:5"),
        "{e}"
    );
    assert!(e.len() < 300, "{} bytes: {e}", e.len());
    // A message that carries its own traceback keeps only the pack's lines.
    let e = main_error(
        "own-traceback",
        "  error('odd\\nstack traceback:\\n\\t[C]: in ?\\n\\tcontent/p/rules/main.lua:1: in x')",
    );
    assert!(!e.contains("[C]"), "{e}");
    assert!(!e.contains("stack traceback"), "{e}");
}

#[test]
fn a_policy_answers_only_with_one_of_the_options() {
    let e = main_error(
        "policy-answer",
        "  game.set_policy(1, function() return 'c' end)\n  local pick = game.choose(1, { key = 'pick_one' }, { 'a', 'b' })\n  return pick",
    );
    assert!(e.contains("not one of its options"), "{e}");
    assert!(e.contains("content/p/rules/main.lua:5"), "{e}");
}
