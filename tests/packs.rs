//! Every shipped pack loads, and every scenario of every pack passes its
//! expectations and matches its golden log (insta snapshots kept beside the
//! pack, in `content/<pack>/tests/snapshots/`).

use imperium::pack::Library;
use imperium::scenario::{self, Verdict};
use imperium::session::{Limits, Session};
use std::path::PathBuf;
use std::rc::Rc;

fn content() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content")
}

#[test]
fn every_pack_checks() {
    let lib = Library::new(content());
    let packs = lib.list();
    assert!(packs.contains(&"ti4".to_string()), "{packs:?}");
    for id in packs {
        let p = lib
            .resolve(&id)
            .unwrap_or_else(|e| panic!("pack {id} does not load:\n{e}"));
        Session::new(Rc::new(p), 0, &[], Limits::default())
            .unwrap_or_else(|e| panic!("pack {id}: {e}"));
    }
}

/// Every scenario of every pack (and each pack's perft counts) against its
/// golden, through the same routine as `imperium test`. To update goldens
/// after a reviewed change: `cargo run -- test <pack> --accept`.
#[test]
fn scenarios_match_their_goldens() {
    let lib = Library::new(content());
    let mut failures = vec![];
    let mut ran = 0;
    for id in lib.list() {
        let pack = Rc::new(lib.resolve(&id).unwrap());
        for r in scenario::test_pack(&pack, false).unwrap_or_else(|e| panic!("{id}: {e}")) {
            ran += 1;
            if matches!(r.verdict, Verdict::Ok) {
                continue;
            }
            let mut msg = format!("{id}/{}: {:?}", r.name, r.verdict);
            for p in &r.problems {
                msg.push_str(&format!("\n    {p}"));
            }
            for (a, b) in &r.diff {
                msg.push_str(&format!("\n    - {a}\n    + {b}"));
            }
            failures.push(msg);
        }
    }
    assert!(ran > 0);
    assert!(
        failures.is_empty(),
        "scenario failures (review, then `cargo run -- test <pack> --accept`):\n{}",
        failures.join("\n")
    );
}

#[test]
fn shattered_ascension_drops_the_variants_it_does_not_use() {
    // Seed 000: Homeworlds is one of the official variants SA does not use;
    // its mines lie on borders, not in systems.
    let lib = Library::new(content());
    for id in ["sa-en", "sa-es"] {
        let p = lib.resolve(id).unwrap();
        for opt in ["homeworlds", "space_mines"] {
            assert!(p.get("options", opt).is_none(), "{id} still offers {opt}");
        }
    }
    let ti3 = lib.resolve("ti3").unwrap();
    assert!(ti3.get("options", "homeworlds").is_some());
}

/// Each pack's tests/COVERAGE.md is the table `imperium coverage` makes from
/// its tests/rules.yaml and its scenarios' `covers:`; the packs that follow
/// a rulebook have one.
#[test]
fn coverage_tables_are_current() {
    let lib = Library::new(content());
    let mut with = vec![];
    for id in lib.list() {
        let dir = lib.load_manifest(&id).unwrap().dir;
        let table = imperium::coverage::table(&id, &dir).unwrap_or_else(|e| panic!("{e}"));
        let Some(table) = table else { continue };
        let file = imperium::coverage::table_path(&dir);
        let kept = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            kept == table,
            "{} is stale: run `imperium coverage {id} --write`",
            file.display()
        );
        with.push(id);
    }
    for id in ["ti3", "ti4"] {
        assert!(
            with.contains(&id.to_string()),
            "{id} has no tests/rules.yaml"
        );
    }
}
