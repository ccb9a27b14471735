//! `imperium combat` odds agree with an exact calculation of the same fight.
//!
//! The exact side is a Markov chain over the hits each fleet has taken. With
//! the default policy (sustain damage first, then the cheapest unit) a
//! fleet's state is a function of the number of hits it has absorbed, so the
//! chain is small. Unit numbers are read from the pack.

use imperium::pack::Library;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::rc::Rc;

struct U {
    hit: u32,
    dice: u32,
    sustain: bool,
    cost: f64,
}

fn unit(p: &imperium::pack::ResolvedPack, id: &str) -> U {
    let d = &p.get("units", id).unwrap().value;
    U {
        hit: d["combat"].as_u64().unwrap() as u32,
        dice: d["dice"].as_u64().unwrap_or(1) as u32,
        sustain: d["sustain_damage"].as_bool().unwrap_or(false),
        cost: d["cost"].as_f64().unwrap_or(0.0),
    }
}

/// The fleet after `k` hits under the default policy: which units still roll.
fn alive_after(fleet: &[U], k: usize) -> Vec<usize> {
    let mut alive: Vec<usize> = (0..fleet.len()).collect();
    let mut damaged = vec![false; fleet.len()];
    for _ in 0..k {
        if let Some(&i) = alive.iter().find(|&&i| fleet[i].sustain && !damaged[i]) {
            damaged[i] = true;
            continue;
        }
        // Cheapest, then weakest (highest combat number), then the newest.
        let (pos, _) = alive
            .iter()
            .enumerate()
            .min_by(|(_, &a), (_, &b)| {
                fleet[a]
                    .cost
                    .partial_cmp(&fleet[b].cost)
                    .unwrap()
                    .then(fleet[b].hit.cmp(&fleet[a].hit))
                    .then(b.cmp(&a))
            })
            .unwrap();
        alive.remove(pos);
    }
    alive
}

fn capacity(fleet: &[U]) -> usize {
    fleet.iter().map(|u| 1 + usize::from(u.sustain)).sum()
}

/// Distribution of the number of hits a set of units scores in one roll.
fn hits_dist(fleet: &[U], alive: &[usize]) -> Vec<f64> {
    let mut d = vec![1.0];
    for &i in alive {
        let p = (11 - fleet[i].hit.min(11)) as f64 / 10.0;
        for _ in 0..fleet[i].dice {
            let mut n = vec![0.0; d.len() + 1];
            for (k, v) in d.iter().enumerate() {
                n[k] += v * (1.0 - p);
                n[k + 1] += v * p;
            }
            d = n;
        }
    }
    d
}

/// P(attacker wins), P(defender wins), P(draw).
fn exact(a: &[U], d: &[U]) -> (f64, f64, f64) {
    let (ca, cd) = (capacity(a), capacity(d));
    // prob[ha][hd]: probability of being at this state at the start of a round.
    let mut prob = vec![vec![0.0; cd + 1]; ca + 1];
    prob[0][0] = 1.0;
    let (mut wa, mut wd, mut dr) = (0.0, 0.0, 0.0);
    // States only move forward (hits never go down): sweep in order.
    for ha in 0..ca {
        for hd in 0..cd {
            let p0 = prob[ha][hd];
            if p0 == 0.0 {
                continue;
            }
            let da = hits_dist(a, &alive_after(a, ha));
            let dd = hits_dist(d, &alive_after(d, hd));
            let stay = da[0] * dd[0];
            let mass = p0 / (1.0 - stay);
            for (x, pa) in da.iter().enumerate() {
                for (y, pd) in dd.iter().enumerate() {
                    if x == 0 && y == 0 {
                        continue;
                    }
                    let nd = (hd + x).min(cd);
                    let na = (ha + y).min(ca);
                    let m = mass * pa * pd;
                    match (na == ca, nd == cd) {
                        (true, true) => dr += m,
                        (false, true) => wa += m,
                        (true, false) => wd += m,
                        (false, false) => prob[na][nd] += m,
                    }
                }
            }
        }
    }
    (wa, wd, dr)
}

#[test]
fn simulated_odds_match_the_exact_odds() {
    let lib = Library::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"));
    let pack = Rc::new(lib.resolve("ti4").unwrap());
    let a: Vec<U> = ["dreadnought", "dreadnought", "cruiser", "cruiser"]
        .iter()
        .map(|k| unit(&pack, k))
        .collect();
    let d: Vec<U> = ["war_sun", "destroyer", "destroyer"]
        .iter()
        .map(|k| unit(&pack, k))
        .collect();
    let (wa, wd, dr) = exact(&a, &d);
    assert!((wa + wd + dr - 1.0).abs() < 1e-9);
    let sims = 4000;
    let r: Value = imperium::sim::simulate(
        pack,
        &[
            json!({"kind": "dreadnought", "count": 2}),
            json!({"kind": "cruiser", "count": 2}),
        ],
        &[
            json!({"kind": "war_sun", "count": 1}),
            json!({"kind": "destroyer", "count": 2}),
        ],
        sims,
        7,
        "default",
    )
    .unwrap();
    for (k, want) in [("attacker", wa), ("defender", wd), ("draw", dr)] {
        let got = r[k]["p"].as_f64().unwrap();
        // 95% margin of the simulation, and never tighter than one point.
        let margin = r[k]["margin95"].as_f64().unwrap().max(0.01);
        assert!(
            (got - want).abs() <= margin,
            "{k}: simulated {got:.4}, exact {want:.4}, margin {margin:.4}"
        );
    }
}

#[test]
fn combat_simulates_with_the_ti3_pack_too() {
    let lib = Library::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"));
    let pack = Rc::new(lib.resolve("ti3").unwrap());
    let r: Value = imperium::sim::simulate(
        pack,
        &[
            json!({"kind": "dreadnought", "count": 2}),
            json!({"kind": "carrier", "count": 1}),
            json!({"kind": "fighter", "count": 4}),
        ],
        &[
            json!({"kind": "war_sun", "count": 1}),
            json!({"kind": "destroyer", "count": 3}),
        ],
        300,
        3,
        "default",
    )
    .unwrap();
    let total: f64 = ["attacker", "defender", "draw"]
        .iter()
        .map(|k| r[*k]["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{r}");
    // The war sun's three dice and sustain make it a close fight, not a rout.
    assert!(
        r["attacker"]["p"].as_f64().unwrap() > 0.05 && r["defender"]["p"].as_f64().unwrap() > 0.05,
        "{r}"
    );
}
