//! The command line as its users meet it: JSON output, the JSON-lines
//! agent's end and cap, help texts, packs given by path, the human seat.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs imperium with `input` on stdin: (success, stdout, stderr).
fn imperium_in(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_imperium"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn imperium(args: &[&str]) -> (bool, String, String) {
    imperium_in(args, "")
}

#[test]
fn commands_that_print_data_print_json() {
    // play: the last message is the result.
    let (ok, out, err) = imperium(&[
        "--json",
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--quiet",
    ]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["result"]["ok"], true, "{v}");
    assert!(v["result"]["last"].as_str().unwrap().starts_with("winner"));
    // perft, check, packs, diff.
    let (ok, out, err) = imperium(&["--json", "perft", "ti4", "--depth", "2"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["counts"].as_array().unwrap().len(), 2, "{v}");
    let (ok, out, err) = imperium(&["--json", "check", "ti4-heavy"]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true, "{v}");
    let (ok, out, _) = imperium(&["--json", "packs"]);
    assert!(ok);
    assert!(serde_json::from_str::<Value>(&out).unwrap().is_array());
    let (ok, out, _) = imperium(&["--json", "diff", "ti4", "ti4-heavy"]);
    assert!(ok);
    let v: Value = serde_json::from_str(&out).unwrap();
    let dn = v
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["what"] == "units.dreadnought")
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(dn["op"], "changed");
    assert!(dn["at"].as_str().unwrap().contains("units.yaml:"), "{dn}");
    assert_eq!(
        dn["fields"][0],
        serde_json::json!({"field": "cost", "from": "4", "to": "5"})
    );
}

/// The JSON-lines agent: decisions out, answers in, and a last `result`
/// message; a cap on decisions ends a game that would not end.
#[test]
fn the_json_agent_ends_with_a_result_and_a_cap() {
    let (ok, out, _) = imperium_in(
        &[
            "play",
            "--pack",
            "ti4",
            "--players",
            "3",
            "--seed",
            "1",
            "--agent",
            "json",
            "--quiet",
            "--max-decisions",
            "2",
        ],
        "{\"index\": 0}\n{\"index\": 0}\n{\"index\": 0}\n",
    );
    assert!(!ok);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0]["decision"]["options"].is_array());
    let r = &lines[2]["result"];
    assert_eq!(r["ok"], false, "{r}");
    assert!(
        r["error"].as_str().unwrap().contains("--max-decisions 2"),
        "{r}"
    );
    // Input that ends early is a result too.
    let (ok, out, _) = imperium_in(
        &[
            "play",
            "--pack",
            "ti4",
            "--players",
            "3",
            "--agent",
            "json",
            "--quiet",
        ],
        "",
    );
    assert!(!ok);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert!(last["result"]["error"]
        .as_str()
        .unwrap()
        .contains("input closed"));
}

/// `--help` gives argument formats and enumerated values.
#[test]
fn help_gives_formats_and_values() {
    let (ok, out, _) = imperium(&["play", "--help"]);
    assert!(ok);
    // The agents: the kernel's three and the pack's policies.
    for agent in ["random", "human", "json", "greedy"] {
        assert!(out.contains(agent), "{agent}: {out}");
    }
    assert!(out.contains("imperium describe <pack> options"), "{out}");
    let (_, out, _) = imperium(&["combat", "--help"]);
    assert!(out.contains("COUNT KIND"), "{out}");
    assert!(out.contains("[possible values: default, random]"), "{out}");
    let (_, out, _) = imperium(&["describe", "--help"]);
    assert!(out.contains("procedures, windows, helpers"), "{out}");
    // An unknown option names the pack's options.
    let (ok, _, err) = imperium(&["play", "--players", "3", "--options", "nonsense"]);
    assert!(!ok && err.contains("long_war"), "{err}");
}

/// A scratch folder under the target dir, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A pack given by its path is reported by that path: data errors, Lua
/// errors and failing scenarios name the files where they are.
#[test]
fn a_pack_given_by_path_is_reported_by_that_path() {
    let dir = scratch("by_path").join("my-heavy");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let src = root().join("content/ti4-heavy");
    for f in [
        "pack.yaml",
        "rules/status.lua",
        "tests/heavy_dreadnoughts.yaml",
    ] {
        std::fs::copy(src.join(f), dir.join(f)).unwrap();
    }
    std::fs::write(
        dir.join("units.yaml"),
        "units:\n  dreadnought:\n    patch: { cots: 5 }\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let (ok, _, err) = imperium(&["check", d]);
    assert!(!ok);
    assert!(err.contains(&format!("{d}/units.yaml:3:")), "{err}");
    assert!(!err.contains("content/ti4-heavy"), "{err}");
    std::fs::copy(src.join("units.yaml"), dir.join("units.yaml")).unwrap();
    std::fs::write(
        dir.join("rules/status.lua"),
        "procedure(\"gain_command_tokens\", function(ctx)\n  error(\"boom\")\nend)\n",
    )
    .unwrap();
    let (ok, out, _) = imperium(&["test", d]);
    assert!(!ok);
    assert!(
        out.contains(&format!("{d}/rules/status.lua:2: boom")),
        "{out}"
    );
    assert!(
        out.contains(&format!("{d}/tests/heavy_dreadnoughts.yaml:")),
        "{out}"
    );
    assert!(!out.contains("content/ti4-heavy"), "{out}");
}

/// `play --seat 2=human`: player 2 at a prompt with display names and the
/// help, board, hand and undo commands, the others random; the record is
/// saved, and `play --load` resumes it to the end.
#[test]
fn a_human_seat_plays_undoes_and_resumes() {
    let dir = scratch("human");
    let save = dir.join("g.json");
    let s = save.to_str().unwrap();
    let (ok, out, err) = imperium_in(
        &[
            "play",
            "--pack",
            "ti4",
            "--players",
            "3",
            "--seed",
            "1",
            "--seat",
            "2=human",
            "--quiet",
            "--save",
            s,
        ],
        "help\nboard\nhand\n1\nundo\n2\nnonsense\n",
    );
    assert!(!ok && err.contains("input closed"), "{err}");
    // Display names beside ids, and the commands.
    assert!(out.contains("p2: "), "{out}");
    assert!(out.contains("] \n") || out.contains("]\n"), "{out}");
    assert!(out.contains("undo    back to your last decision"), "{out}");
    assert!(out.contains("Space Dock"), "board: {out}");
    assert!(out.contains("counters: "), "hand: {out}");
    assert!(out.contains("undone: back to decision"), "{out}");
    assert!(
        out.contains("not an option or a command: `nonsense`"),
        "{out}"
    );
    // The human's first answer was undone and answered again with 2.
    let rec: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let n = rec["decisions"].as_array().unwrap().len();
    let undone = out
        .split("undone: back to decision ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|k| k.parse::<usize>().ok())
        .unwrap();
    let second = out.split("undone: ").nth(1).unwrap();
    let option2 = second
        .lines()
        .find(|l| l.trim_start().starts_with("2) "))
        .and_then(|l| l.rsplit_once('[').map(|(_, id)| id.trim_end_matches(']')))
        .unwrap();
    assert_eq!(rec["decisions"][undone - 1], option2, "{out}");
    assert!(n > 1, "{rec}");
    // Resume: the saved decisions first, then the game to its end.
    let again = dir.join("g2.json");
    let (ok, last, err) = imperium(&[
        "play",
        "--load",
        s,
        "--quiet",
        "--save",
        again.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(last.starts_with("winner"), "{last}");
    let rec2: Value = serde_json::from_str(&std::fs::read_to_string(&again).unwrap()).unwrap();
    assert_eq!(
        rec2["decisions"].as_array().unwrap()[..n],
        rec["decisions"].as_array().unwrap()[..]
    );
    // A bad seat is refused with the format.
    let (ok, _, err) = imperium(&["play", "--seat", "two=human"]);
    assert!(!ok && err.contains("not a player number"), "{err}");
}

/// A seat may be played by a policy of the pack (`--seat 2=greedy`), the
/// others by --agent; an unknown policy is named with the pack's own.
#[test]
fn a_seat_may_be_a_pack_policy() {
    let args = |seat: &'static str| {
        vec![
            "play",
            "--pack",
            "ti4",
            "--players",
            "3",
            "--seed",
            "2",
            "--seat",
            seat,
            "--quiet",
        ]
    };
    let (ok, last, err) = imperium(&args("2=greedy"));
    assert!(ok, "{err}");
    assert!(last.starts_with("winner"), "{last}");
    let (ok, _, err) = imperium(&args("2=no_such_policy"));
    assert!(!ok && err.contains("greedy"), "{err}");
}

/// `play --profile` prints where the scripts' instructions went: a header
/// with the sample count, the game's entry procedure with all of them in
/// total, and the pack's own files by `file:line`; the game is the same.
#[test]
fn play_profile_names_the_scripts_functions() {
    let args = [
        "play",
        "--pack",
        "ti4",
        "--players",
        "3",
        "--seed",
        "1",
        "--quiet",
    ];
    let (ok, plain, _) = imperium(&args);
    assert!(ok);
    let mut with = args.to_vec();
    with.push("--profile");
    let (ok, out, err) = imperium(&with);
    assert!(ok, "{err}");
    assert_eq!(out, plain, "profiling changes nothing in the game");
    let mut lines = err.lines();
    let head = lines.next().unwrap_or_default();
    let samples: u64 = head
        .strip_prefix("profile: ")
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no sample count in {head:?}"));
    assert!(samples > 100, "{head}");
    let rows: Vec<(f64, f64, &str)> = lines
        .skip(1)
        .map(|l| {
            let mut w = l.split_whitespace();
            let total = w.next().unwrap().parse().unwrap();
            let own = w.next().unwrap().parse().unwrap();
            (total, own, w.next().unwrap())
        })
        .collect();
    assert!(rows.len() >= 10, "{err}");
    assert!(
        rows.windows(2).all(|w| w[0].0 >= w[1].0),
        "most first: {err}"
    );
    assert!(rows.iter().all(|r| r.1 <= r.0), "own within total: {err}");
    assert_eq!(rows[0].0, 100.0, "{err}");
    assert!(
        rows.iter()
            .any(|r| r.2.starts_with("content/ti4/rules/") && r.2.contains(".lua:")),
        "{err}"
    );
}
