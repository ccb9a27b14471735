//! Every shipped pack loads, and every scenario of every pack passes its
//! expectations and matches its golden log (insta snapshots kept beside the
//! pack, in `content/<pack>/tests/snapshots/`).

use imperium::pack::Library;
use imperium::scenario;
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

#[test]
fn perft_counts_match_their_goldens() {
    let lib = Library::new(content());
    for id in lib.list() {
        let pack = Rc::new(lib.resolve(&id).unwrap());
        let Some(spec) = pack.manifest().perft.clone() else {
            continue;
        };
        let entry = pack
            .entry
            .get("game")
            .cloned()
            .unwrap_or_else(|| "game".into());
        let counts = imperium::perft::perft(
            &pack,
            &entry,
            &serde_json::json!({ "players": spec.players }),
            spec.seed,
            spec.depth,
        )
        .unwrap_or_else(|e| panic!("{id}: {e}"));
        let text: String = counts
            .iter()
            .enumerate()
            .map(|(i, c)| format!("depth {}: {c}\n", i + 1))
            .collect();
        insta::with_settings!({
            snapshot_path => pack.dir().join("tests").join("snapshots"),
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!("perft", text);
        });
    }
}

#[test]
fn scenarios_match_their_goldens() {
    let lib = Library::new(content());
    let mut failures = vec![];
    let mut ran = 0;
    for id in lib.list() {
        let pack = Rc::new(lib.resolve(&id).unwrap());
        let dir = pack.dir().to_path_buf();
        for file in scenario::scenario_files(&dir) {
            let out = scenario::run(&pack, &file, false)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            ran += 1;
            for f in &out.failures {
                failures.push(format!("{id}/{}: {f}", out.name));
            }
            // A pack in another language translates every line it prints.
            for l in &out.untranslated {
                failures.push(format!("{id}/{}: untranslated: {l}", out.name));
            }
            let golden = out.golden();
            insta::with_settings!({
                snapshot_path => dir.join("tests").join("snapshots"),
                prepend_module_to_snapshot => false,
            }, {
                insta::assert_snapshot!(out.name.clone(), golden);
            });
        }
    }
    assert!(ran > 0);
    assert!(
        failures.is_empty(),
        "scenario failures:\n{}",
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
