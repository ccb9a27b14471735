//! `combat --threads N`: the fights are split into chunks, each fight rolls
//! from its own seed, so the result is the same whatever the thread count,
//! on the plan path and on the procedure path.

use imperium::combat::sim::simulate_threads;
use imperium::pack::Library;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::rc::Rc;

fn run(pack: &str, sims: u32, slow: bool, threads: usize) -> Value {
    let lib = Library::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"));
    let p = Rc::new(lib.resolve(pack).expect("loads"));
    let a = [
        json!({"kind": "dreadnought", "count": 2}),
        json!({"kind": "cruiser", "count": 2}),
    ];
    let d = [
        json!({"kind": "war_sun", "count": 1}),
        json!({"kind": "destroyer", "count": 3}),
    ];
    simulate_threads(p, &a, &d, sims, 7, "default", slow, threads).expect("simulates")
}

#[test]
fn the_plan_path_gives_the_same_result_on_any_number_of_threads() {
    let one = run("ti4", 5_000, false, 1);
    assert_eq!(one["path"], "plan");
    for t in [2, 3, 8] {
        assert_eq!(run("ti4", 5_000, false, t), one, "{t} threads");
    }
}

#[test]
fn the_procedure_path_gives_the_same_result_on_any_number_of_threads() {
    let one = run("ti3", 30, true, 1);
    assert_eq!(one["path"], "procedure");
    for t in [2, 3] {
        assert_eq!(run("ti3", 30, true, t), one, "{t} threads");
    }
    // More threads than fights.
    assert_eq!(run("ti4", 2, true, 4), run("ti4", 2, true, 1));
}

/// `imperium combat` works for every pack with a fleet of units: fight D
/// simulated by each pack's own combat (the Thunder's Edge pack once failed
/// here: a faction's combat handler asked for the flagship of a player
/// without a faction).
#[test]
fn every_pack_with_units_simulates_a_fight() {
    let lib = Library::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"));
    let mut packs = 0;
    for id in lib.list() {
        let p = lib.resolve(&id).expect("loads");
        let has = |k: &str| {
            p.collections
                .get("units")
                .is_some_and(|c| c.contains_key(k))
        };
        if !["dreadnought", "cruiser", "war_sun", "destroyer"]
            .iter()
            .all(|k| has(k))
        {
            continue;
        }
        let r = run(&id, 40, false, 1);
        let total: f64 = ["attacker", "defender", "draw"]
            .iter()
            .map(|k| r[k]["p"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{id}: {r}");
        packs += 1;
    }
    assert!(packs >= 7, "{packs} packs");
}
