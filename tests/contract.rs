//! The pack contract, held by a scan of every shipped pack's scripts: no
//! reassignment of `game.*` functions and no comparison with prompt text,
//! except at the sites listed here, which are known, counted and due to go.
//! A new site fails this test; a site removed must be taken off the list.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Sites still intercepting (file -> count), each with the seam it waits for.
const KNOWN_GAME_ASSIGNMENTS: &[(&str, usize)] = &[];

const KNOWN_PROMPT_TEXT: &[(&str, usize)] = &[];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let hidden = p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if p.is_dir() {
            // Not the editor stubs (`.luals/`), which name every function.
            if !hidden {
                files(&p, out);
            }
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("lua" | "yaml")) {
            out.push(p);
        }
    }
}

/// `game.name = ...` (not `==`), outside comments and `local x = game.y`.
fn game_assignments(line: &str) -> usize {
    let code = line.split("--").next().unwrap_or("");
    let mut n = 0;
    let mut rest = code;
    while let Some(i) = rest.find("game.") {
        let after = &rest[i + 5..];
        let name_len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let tail = after[name_len..].trim_start();
        let before = rest[..i].chars().next_back();
        let prefixed = before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
        if name_len > 0 && !prefixed && tail.starts_with('=') && !tail.starts_with("==") {
            n += 1;
        }
        rest = &after[name_len..];
    }
    n
}

fn prompt_text(line: &str) -> usize {
    let code = line.split("--").next().unwrap_or("");
    [
        "prompt == \"",
        "prompt:sub(",
        "prompt:find(",
        "prompt:match(",
    ]
    .iter()
    .map(|p| code.matches(p).count())
    .sum()
}

fn scan(count: impl Fn(&str) -> usize) -> BTreeMap<String, usize> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut all = vec![];
    files(&root, &mut all);
    let mut out = BTreeMap::new();
    for f in all {
        let text = std::fs::read_to_string(&f).unwrap();
        let n: usize = text.lines().map(&count).sum();
        if n > 0 {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.insert(rel, n);
        }
    }
    out
}

fn compare(found: BTreeMap<String, usize>, known: &[(&str, usize)], what: &str) {
    let known: BTreeMap<String, usize> = known.iter().map(|(f, n)| (f.to_string(), *n)).collect();
    assert_eq!(
        found, known,
        "{what}: the sites found (left) differ from the known ones (right): \
         a pack changes its parent through procedures, helpers and windows, and \
         decisions are matched by key (game.key_of)"
    );
}

#[test]
fn no_pack_reassigns_kernel_functions() {
    compare(
        scan(game_assignments),
        KNOWN_GAME_ASSIGNMENTS,
        "assignments to game.*",
    );
}

#[test]
fn no_pack_compares_prompt_text() {
    compare(
        scan(prompt_text),
        KNOWN_PROMPT_TEXT,
        "comparisons with prompt text",
    );
}

#[test]
fn the_scan_sees_what_it_looks_for() {
    assert_eq!(game_assignments("game.log = function(l) end"), 1);
    assert_eq!(game_assignments("local real = game.choose"), 0);
    assert_eq!(game_assignments("if game.x == 1 then end -- game.y = 2"), 0);
    assert_eq!(game_assignments("L.spendable, game.counter = a, b"), 1);
    assert_eq!(prompt_text("if prompt == \"action\" then"), 1);
    assert_eq!(prompt_text("if game.key_of(prompt) == \"x\" then"), 0);
}

/// Options and data are fixed once a pack has loaded: only scenarios turn
/// an option on or off mid-run (`game.set_option`) or change a field of
/// `game.data` (`game.test_patch`), never a pack's rules or card scripts.
#[test]
fn only_scenarios_change_options_and_data() {
    fn code(l: &str) -> &str {
        l.split("--").next().unwrap_or("")
    }
    let outside = |found: BTreeMap<String, usize>| -> BTreeMap<String, usize> {
        found
            .into_iter()
            .filter(|(f, _)| !f.contains("/tests/"))
            .collect()
    };
    let options = outside(scan(|l| code(l).matches("game.set_option(").count()));
    assert!(
        options.is_empty(),
        "game.set_option outside scenarios: {options:?}"
    );
    let data = outside(scan(|l| code(l).matches("game.test_patch(").count()));
    assert!(
        data.is_empty(),
        "game.test_patch outside scenarios: {data:?}"
    );
}
