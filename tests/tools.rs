//! The modder's tools: `describe`, `new`, `record`, `map`, `stubs`.

use imperium::pack::Library;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use std::rc::Rc;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn imperium(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_imperium"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn find<'a>(v: &'a Value, name: &str) -> &'a Value {
    v.as_array()
        .unwrap()
        .iter()
        .find(|x| x["name"] == name)
        .unwrap_or_else(|| panic!("no `{name}`"))
}

/// A scratch folder under the target dir, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn describe_gives_the_contract_of_a_loaded_pack() {
    let lib = Library::new(root().join("content"));
    let p = Rc::new(lib.resolve("ti4-heavy").unwrap());
    let d = imperium::cli::describe::gather(&p).unwrap();
    // Procedures: the overridden step with both packs, run by a seeded game.
    let g = find(&d["procedures"], "gain_command_tokens");
    assert_eq!(g["packs"], serde_json::json!(["ti4", "ti4-heavy"]));
    assert!(g["first_run"].as_u64().is_some(), "{g}");
    assert!(g["defined_at"][0]
        .as_str()
        .unwrap()
        .starts_with("ti4/rules/"));
    let order: Vec<&str> = d["procedures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["first_run"].is_u64())
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let at = |n: &str| order.iter().position(|x| *x == n).unwrap();
    assert!(at("strategy_phase") < at("action_phase") && at("action_phase") < at("status_phase"));
    // Windows with their ctx and where they open.
    let w = find(&d["windows"], "unit_destroyed");
    assert_eq!(w["ctx"]["unit"], "unit");
    assert!(!w["opened_at"].as_array().unwrap().is_empty());
    // Helpers with doc lines, collections with fields, options, keys.
    assert!(!find(&d["helpers"], "activatable")["doc"]
        .as_str()
        .unwrap()
        .is_empty());
    let units = find(&d["collections"], "units");
    assert!(units["definitions"].as_u64().unwrap() > 5);
    assert_eq!(find(&units["fields"], "cost")["type"], "int");
    assert_eq!(find(&d["options"], "long_war")["default"], false);
    let k = d["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["key"] == "activates")
        .unwrap();
    assert_eq!(k["args"], serde_json::json!(["p", "system"]));

    // The CLI: text and JSON, one section or all.
    let (ok, text, err) = imperium(&["describe", "ti4-heavy"]);
    assert!(ok, "{err}");
    for s in imperium::cli::describe::SECTIONS {
        assert!(text.contains(&format!("== {s} ==")), "{s}");
    }
    assert!(text.contains("gain_command_tokens"), "{text}");
    assert!(text.contains("[ti4 -> ti4-heavy]"), "{text}");
    // A step every game's first tactical actions reach.
    let sc = find(&d["procedures"], "movement");
    assert!(
        sc["ctx_seen"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "system"),
        "{sc}"
    );
    let (ok, json, err) = imperium(&["describe", "ti4-heavy", "windows", "--json"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(find(&v, "unit_destroyed")["ctx"]["unit"], "unit");
    let (ok, _, err) = imperium(&["describe", "ti4-heavy", "nonsense"]);
    assert!(!ok && err.contains("procedures, windows"), "{err}");
}

/// A content folder holding links to the shipped packs `ids`.
fn content_with(name: &str, ids: &[&str]) -> PathBuf {
    let dir = scratch(name);
    for id in ids {
        std::os::unix::fs::symlink(root().join("content").join(id), dir.join(id)).unwrap();
    }
    dir
}

#[test]
fn a_new_pack_passes_its_tests_at_once() {
    let content = content_with("new_pack", &["ti-common", "ti4"]);
    let c = content.to_str().unwrap();
    let (ok, out, err) = imperium(&["--content", c, "new", "my-variant", "--extends", "ti4"]);
    assert!(ok, "{out}\n{err}");
    let dir = content.join("my-variant");
    for f in [
        "pack.yaml",
        "data.yaml",
        "effects/example_card.lua",
        "rules/example.lua",
        "locale/en.yaml",
        "tests/example.yaml",
        "tests/snapshots/example.snap",
        ".luarc.json",
        ".luals/game.lua",
        ".luals/lib.lua",
        ".luals/windows.lua",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing:\n{out}");
    }
    let data = std::fs::read_to_string(dir.join("data.yaml")).unwrap();
    assert!(data.contains("patch:"), "{data}");
    let rules = std::fs::read_to_string(dir.join("rules/example.lua")).unwrap();
    assert!(rules.contains("game.procedure_fn("), "{rules}");
    let (ok, out, err) = imperium(&["--content", c, "check", "my-variant", "--strict"]);
    assert!(ok, "{out}\n{err}");
    let (ok, out, err) = imperium(&["--content", c, "test", "my-variant"]);
    assert!(ok && out.contains("1 scenario, 0 failed"), "{out}\n{err}");
    let golden = std::fs::read_to_string(dir.join("tests/snapshots/example.snap")).unwrap();
    assert!(golden.contains("uses the example card"), "{golden}");
    assert!(golden.contains("the example wrapper of"), "{golden}");
    // The diff from the parent names the patch, the card and the step.
    let (ok, out, err) = imperium(&["--content", c, "diff", "ti4", "my-variant"]);
    assert!(ok, "{err}");
    assert!(out.contains("my_variant_example"), "{out}");
    // An existing folder or a bad id is refused.
    let (ok, _, err) = imperium(&["--content", c, "new", "my-variant", "--extends", "ti4"]);
    assert!(!ok && err.contains("exists"), "{err}");
    let (ok, _, err) = imperium(&["--content", c, "new", "Bad Id", "--extends", "ti4"]);
    assert!(!ok && err.contains("cannot name a pack"), "{err}");
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn a_recorded_game_is_a_scenario_that_passes() {
    let content = content_with("record", &["ti-common", "ti4"]);
    copy_dir(
        &root().join("content/ti4-heavy"),
        &content.join("ti4-heavy"),
    );
    let c = content.to_str().unwrap();
    let tests = content.join("ti4-heavy/tests");
    // A part of a game (it ends where the recording stopped), and a whole one.
    let part = tests.join("recorded_start.yaml");
    let whole = tests.join("recorded_game.yaml");
    let (ok, _, err) = imperium(&[
        "--content",
        c,
        "record",
        "ti4-heavy",
        "--players",
        "3",
        "--seed",
        "4",
        "--decisions",
        "60",
        "--out",
        part.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (ok, _, err) = imperium(&[
        "--content",
        c,
        "record",
        "ti4-heavy",
        "--players",
        "3",
        "--seed",
        "2",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&part).unwrap();
    assert!(
        text.contains("entry: game") && text.contains("stop_at_last_answer: true"),
        "{text}"
    );
    let answers = text
        .lines()
        .filter(|l| l.starts_with("  - { player: "))
        .count();
    assert_eq!(answers, 60, "{text}");
    assert!(text.contains(", key: "), "{text}");
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(!text.contains("stop_at_last_answer"), "{text}");
    // A unit an answer picks is named (owner, kind, count), and picked by
    // that name: no unit id in the answers.
    assert!(
        text.contains("names:\n  p2_dreadnought_1: dreadnought#"),
        "{text}"
    );
    assert!(text.contains("pick: p2_dreadnought_1 }"), "{text}");
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with("  - ") && l.contains('#')),
        "{text}"
    );
    // The first run writes the goldens; then the pack's tests pass.
    let (ok, out, err) = imperium(&["--content", c, "test", "ti4-heavy", "--accept"]);
    assert!(ok && !out.contains("FAIL"), "{out}\n{err}");
    let (ok, out, err) = imperium(&["--content", c, "test", "ti4-heavy"]);
    assert!(ok && out.contains("3 scenarios, 0 failed"), "{out}\n{err}");
    let golden = std::fs::read_to_string(tests.join("snapshots/recorded_game.snap")).unwrap();
    assert!(golden.lines().count() > 100, "{golden}");
    // A wrong keyed answer is an error that names both keys.
    let bad = text
        .replacen(", key: ", ", key: not_this_key_", 1)
        .replace("entry: game", "entry: game\nname2: x")
        .replace("name2: x\n", "");
    std::fs::write(&whole, bad).unwrap();
    let (ok, out, _) = imperium(&["--content", c, "test", "ti4-heavy"]);
    assert!(!ok && out.contains("is for `not_this_key_"), "{out}");
}

/// A small well-formedness check: every tag closes in order, attributes are
/// quoted, and text holds no bare `<` or `&`.
fn check_xml(s: &str) -> Result<(), String> {
    let mut stack: Vec<String> = vec![];
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        for (j, _) in text.match_indices('&') {
            let ent = &text[j..];
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| ent.starts_with(e))
            {
                return Err(format!("bare & in {text:?}"));
            }
        }
        let end = rest[i..].find('>').ok_or("unclosed tag")? + i;
        let tag = &rest[i + 1..end];
        if tag.contains('<') {
            return Err(format!("< inside tag {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else if !tag.starts_with('?') && !tag.starts_with('!') {
            let name: String = tag
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '/')
                .collect();
            if !tag.matches('"').count().is_multiple_of(2) {
                return Err(format!("unbalanced quotes in {tag:?}"));
            }
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    if !rest.trim().is_empty() || !stack.is_empty() {
        return Err(format!("left open: {stack:?}"));
    }
    Ok(())
}

#[test]
fn the_map_of_a_seeded_game_is_stable_svg() {
    let lib = Library::new(root().join("content"));
    let p = Rc::new(lib.resolve("ti4").unwrap());
    let state = imperium::cli::map::game_state(&p, 3, 1, &[], 40).unwrap();
    let svg = imperium::cli::map::svg(&p, &state);
    check_xml(&svg).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("Mecatol Rex"), "tile names");
    assert!(svg.matches("<g class=\"system\"").count() >= 19);
    insta::assert_snapshot!(svg);
    // The CLI writes the same for a pack, and draws a saved game.
    let dir = scratch("map");
    let out = dir.join("m.svg");
    let (ok, _, err) = imperium(&[
        "map",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--at",
        "40",
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), svg);
    let save = dir.join("g.json");
    let (ok, _, err) = imperium(&[
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--quiet",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (ok, text, err) = imperium(&["map", save.to_str().unwrap(), "--at", "40"]);
    assert!(ok, "{err}");
    check_xml(&text).unwrap();
    assert!(text.contains("<g class=\"system\""));
}

#[test]
fn stubs_describe_the_api_helpers_and_windows() {
    let lib = Library::new(root().join("content"));
    let p = Rc::new(lib.resolve("ti4").unwrap());
    let dir = scratch("stubs");
    let files = imperium::cli::stubs::write(&p, &dir).unwrap();
    assert_eq!(files.len(), 4);
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    let game = read(".luals/game.lua");
    let lib_stub = read(".luals/lib.lua");
    let windows = read(".luals/windows.lua");
    // Every file is Lua that compiles, and says it is a meta file.
    let lua = mlua::Lua::new();
    for (name, text) in [("game", &game), ("lib", &lib_stub), ("windows", &windows)] {
        assert!(text.starts_with("---@meta"), "{name}");
        lua.load(text.as_str())
            .set_name(name)
            .into_function()
            .unwrap();
    }
    // Every function the kernel registers is there, with the reference's parameters.
    for n in imperium::cli::stubs::api_names(&p).unwrap() {
        assert!(game.contains(&format!("function game.{n}(")), "game.{n}");
    }
    assert!(game.contains("---@param options string[]\n---@return any\nfunction game.choose(p, prompt, options) end"), "{game}");
    assert!(game.contains("---@param sides? integer"), "{game}");
    assert!(game.contains("---@class imperium.script"));
    // Helpers with their doc lines and parameters; windows with their ctx.
    assert!(
        lib_stub.contains("--- Systems p may activate"),
        "{lib_stub}"
    );
    assert!(lib_stub.contains("function lib.activatable("), "{lib_stub}");
    assert!(
        windows.contains("---@class ctx.unit_destroyed\n"),
        "{windows}"
    );
    assert!(windows.contains("---@field unit integer"), "{windows}");
    assert!(windows.contains("---@field system? integer"), "{windows}");
    let rc: Value = serde_json::from_str(&read(".luarc.json")).unwrap();
    assert_eq!(rc["workspace.library"][0], ".luals");
}

/// `soak` plays seeded games on several threads; every game of a small run
/// ends with a winner, and the seeds are its own (a second run agrees).
#[test]
fn soak_plays_seeded_games_on_threads() {
    let plan = imperium::cli::soak::Plan {
        content: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"),
        pack: "ti4".into(),
        games: 4,
        threads: 2,
        first_seed: 10,
        players: (3, 4),
        random_options: true,
        strict: true,
        agent: "random".into(),
    };
    let r = imperium::cli::soak::soak(&plan).unwrap();
    assert_eq!(r.games, 4);
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert_eq!(r.won, 4);
    assert_eq!(r.to_json()["failed"], 0);
}

/// `combat` with a misspelt unit names the nearest of the pack's units.
#[test]
fn combat_names_the_unit_it_does_not_know() {
    let (ok, _, err) = imperium(&[
        "combat",
        "--pack",
        "ti4",
        "--attacker",
        "2 cruser",
        "--defender",
        "1 destroyer",
    ]);
    assert!(!ok);
    assert!(err.contains("did you mean `cruiser`?"), "{err}");
}

/// `test --only` runs the scenarios whose file name or name holds the text.
#[test]
fn test_only_runs_the_scenarios_it_names() {
    let (ok, out, err) = imperium(&["test", "ti4-heavy", "--only", "heavy_dread"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.ends_with("1 scenario, 0 failed\n"), "{out}");
    assert!(!out.contains("perft"), "{out}");
    let (ok, out, err) = imperium(&["test", "ti4-heavy", "--only", "no such scenario"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.ends_with("0 scenarios, 0 failed\n"), "{out}");
    // And as JSON.
    let (ok, out, err) = imperium(&["--json", "test", "ti4-heavy", "--only", "heavy_dread"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["scenarios"], 1);
    assert_eq!(v["failed"], 0);
    assert_eq!(v["results"][0]["verdict"], "ok");
}

/// `test --watch` reruns when a file of the pack changes: the change
/// detection sees an edit, a new file and a removed one, and not a golden
/// log or an editor file.
#[test]
fn watch_sees_the_pack_files_change() {
    use imperium::cli::watch::{changed, fingerprint};
    let dir = scratch("watch");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("tests/snapshots")).unwrap();
    std::fs::create_dir_all(dir.join(".luals")).unwrap();
    std::fs::write(dir.join("pack.yaml"), "id: w\n").unwrap();
    std::fs::write(dir.join("rules/a.lua"), "-- a\n").unwrap();
    let dirs = vec![dir.clone()];
    let a = fingerprint(&dirs);
    assert_eq!(a.len(), 2);
    assert!(changed(&a, &fingerprint(&dirs)).is_empty());
    // A golden rewritten by --accept, or the stubs, are not a change.
    std::fs::write(dir.join("tests/snapshots/x.snap"), "log\n").unwrap();
    std::fs::write(dir.join(".luals/game.lua"), "---@meta\n").unwrap();
    assert!(changed(&a, &fingerprint(&dirs)).is_empty());
    // An edit (same size, later time), a new file, a removed one.
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("rules/a.lua"))
        .unwrap();
    std::fs::write(dir.join("rules/a.lua"), "-- b\n").unwrap();
    f.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
        .unwrap();
    assert_eq!(
        changed(&a, &fingerprint(&dirs)),
        vec![dir.join("rules/a.lua")]
    );
    let b = fingerprint(&dirs);
    std::fs::write(dir.join("tests/new.yaml"), "name: n\n").unwrap();
    std::fs::remove_file(dir.join("pack.yaml")).unwrap();
    assert_eq!(
        changed(&b, &fingerprint(&dirs)),
        vec![dir.join("pack.yaml"), dir.join("tests/new.yaml")]
    );
}

/// `play --svg-every round` draws the galaxy each time a round begins, and
/// at the end; the game played is the same.
#[test]
fn play_draws_one_picture_a_round() {
    let dir = scratch("svg_every");
    let (ok, last, err) = imperium(&[
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--quiet",
        "--svg-every",
        "round",
        "--svg-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (_, plain, _) = imperium(&[
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--quiet",
    ]);
    assert_eq!(last, plain);
    let rounds: usize = last
        .trim()
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut want: Vec<String> = (1..=rounds).map(|r| format!("round-{r:03}.svg")).collect();
    want.insert(0, "end.svg".into());
    assert_eq!(files, want);
    for f in &files {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        check_xml(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
    }
    let (ok, _, err) = imperium(&[
        "play",
        "--svg-every",
        "0",
        "--svg-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("at least 1"), "{err}");
}

/// `imperium coverage`: a rule with no scenario is listed as not covered,
/// a pattern takes scenarios by file name, and a scenario covering a rule
/// the list does not have is an error at its file and line; --check fails
/// on a stale table.
#[test]
fn coverage_is_built_from_the_rules_and_the_scenarios() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("coverage");
    let _ = std::fs::remove_dir_all(&dir);
    let p = dir.join("cov");
    std::fs::create_dir_all(p.join("tests")).unwrap();
    std::fs::write(p.join("pack.yaml"), "id: cov\nname: Cov\nversion: 0.1.0\n").unwrap();
    std::fs::write(
        p.join("tests/rules.yaml"),
        "title: cov rules\ngroups:\n  - name: Moving\n    rules:\n      - { id: move, rule: ships move }\n      - { id: stop, rule: ships stop, note: a doubt, status: uncertain }\n      - { id: cards, rule: cards, match: [\"card_*\"] }\n      - { id: far, rule: far away, status: not implemented }\n",
    )
    .unwrap();
    let scenario = |name: &str, covers: &str| {
        std::fs::write(
            p.join(format!("tests/{name}.yaml")),
            format!("name: {name} scenario\nrun: |\n  game.log('x')\ncovers: [{covers}]\n"),
        )
        .unwrap()
    };
    scenario("moving", "move");
    scenario("card_one", "");
    let folder = p.to_str().unwrap();
    let (ok, out, err) = imperium(&["coverage", folder]);
    assert!(ok, "{err}");
    assert!(out.contains("| ships move | `moving` |  |"), "{out}");
    assert!(
        out.contains("| ships stop | **not covered** | *uncertain*: a doubt |"),
        "{out}"
    );
    assert!(out.contains("| cards | every `card_*` (1) |"), "{out}");
    assert!(out.contains("| far away | *not implemented* |"), "{out}");
    assert!(
        out.contains("2 of the 3 rules the pack follows have a scenario"),
        "{out}"
    );
    assert!(out.contains("- ships stop (stop)"), "{out}");
    // --check: no table yet, then a written one is current.
    let (ok, _, err) = imperium(&["coverage", folder, "--check"]);
    assert!(!ok && err.contains("stale"), "{err}");
    assert!(imperium(&["coverage", folder, "--write"]).0);
    assert!(imperium(&["coverage", folder, "--check"]).0);
    // A rule id the list does not have.
    scenario("moving", "mvoe");
    let (ok, _, err) = imperium(&["coverage", folder]);
    assert!(!ok, "{err}");
    assert!(err.contains("tests/moving.yaml:4: covers `mvoe`"), "{err}");
    assert!(err.contains("move"), "{err}");
}
