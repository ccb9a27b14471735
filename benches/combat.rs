//! `cargo bench --bench combat`: throughput of pack-driven combat
//! simulations, on both paths (the pack's combat procedure replayed per
//! fight, and the pack's combat plan run by the kernel), against a
//! hand-written Rust simulation of the same fight, in the same run; plus the
//! time to check every pack and to play one random 6-player game.

use imperium::pack::{Library, ResolvedPack};
use imperium::rng::Rng;
use imperium::session::{Limits, RandomAgent, Session};
use serde_json::json;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

const ATTACKER: &[(&str, u32)] = &[
    ("dreadnought", 2),
    ("carrier", 1),
    ("cruiser", 2),
    ("fighter", 4),
];
const DEFENDER: &[(&str, u32)] = &[("war_sun", 1), ("destroyer", 3), ("fighter", 2)];

#[derive(Clone)]
struct Unit {
    hit: u32,
    dice: u32,
    sustain: bool,
    damaged: bool,
    cost: f64,
    capacity: u32,
    fighter: bool,
    afb: Option<(u32, u32)>,
}

fn fleet(p: &ResolvedPack, spec: &[(&str, u32)]) -> Vec<Unit> {
    let mut v = vec![];
    for (id, n) in spec {
        let d = &p.get("units", id).unwrap().value;
        for _ in 0..*n {
            v.push(Unit {
                hit: d["combat"].as_u64().unwrap() as u32,
                dice: d["dice"].as_u64().unwrap_or(1) as u32,
                sustain: d["sustain_damage"].as_bool().unwrap_or(false),
                damaged: false,
                cost: d["cost"].as_f64().unwrap_or(0.0),
                capacity: d["capacity"].as_u64().unwrap_or(0) as u32,
                fighter: d["transported"].as_bool().unwrap_or(false),
                afb: d.get("anti_fighter_barrage").and_then(|a| {
                    Some((
                        a.get("hit")?.as_u64()? as u32,
                        a.get("dice")?.as_u64()? as u32,
                    ))
                }),
            });
        }
    }
    v
}

fn roll(r: &mut Rng, n: u32, hit: u32) -> u32 {
    (0..n).filter(|_| r.die(10) >= hit).count() as u32
}

/// The default policy: sustain first, then the cheapest, weakest, newest.
fn take_hits(f: &mut Vec<Unit>, hits: u32, only_fighters: bool) {
    for _ in 0..hits {
        if !only_fighters {
            if let Some(u) = f.iter_mut().find(|u| u.sustain && !u.damaged) {
                u.damaged = true;
                continue;
            }
        }
        let pick = f
            .iter()
            .enumerate()
            .filter(|(_, u)| !only_fighters || u.fighter)
            .min_by(|(i, a), (j, b)| {
                a.cost
                    .partial_cmp(&b.cost)
                    .unwrap()
                    .then(b.hit.cmp(&a.hit))
                    .then(j.cmp(i))
            })
            .map(|(i, _)| i);
        match pick {
            Some(i) => {
                f.remove(i);
            }
            None => return,
        }
    }
}

/// 1 = attacker wins, 2 = defender wins, 0 = draw.
fn baseline(a0: &[Unit], d0: &[Unit], r: &mut Rng) -> u8 {
    let (mut a, mut d) = (a0.to_vec(), d0.to_vec());
    let afb = |f: &Vec<Unit>, r: &mut Rng| -> u32 {
        f.iter()
            .filter_map(|u| u.afb)
            .map(|(h, n)| roll(r, n, h))
            .sum()
    };
    let ha = afb(&a, r);
    let hd = afb(&d, r);
    take_hits(&mut d, ha, true);
    take_hits(&mut a, hd, true);
    while !a.is_empty() && !d.is_empty() {
        let ha: u32 = a.iter().map(|u| roll(r, u.dice, u.hit)).sum();
        let hd: u32 = d.iter().map(|u| roll(r, u.dice, u.hit)).sum();
        take_hits(&mut d, ha, false);
        take_hits(&mut a, hd, false);
    }
    // Fighters beyond capacity are removed after combat.
    for f in [&mut a, &mut d] {
        let cap: u32 = f.iter().map(|u| u.capacity).sum();
        let mut n = f.iter().filter(|u| u.fighter).count() as u32;
        while n > cap {
            let i = f.iter().rposition(|u| u.fighter).unwrap();
            f.remove(i);
            n -= 1;
        }
    }
    match (a.is_empty(), d.is_empty()) {
        (false, true) => 1,
        (true, false) => 2,
        _ => 0,
    }
}

fn main() {
    let content = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content");
    let lib = Library::new(&content);

    // check of all packs
    let t = Instant::now();
    let ids = lib.list();
    for id in &ids {
        let p = Rc::new(lib.resolve(id).unwrap());
        Session::new(p, 0, &[], Limits::default()).unwrap();
    }
    println!(
        "check all packs ({}): {:.1} ms",
        ids.len(),
        t.elapsed().as_secs_f64() * 1e3
    );

    // one random 6-player game
    let p = Rc::new(lib.resolve("ti4").unwrap());
    let t = Instant::now();
    let mut s = Session::new(p.clone(), 1, &[], Limits::default()).unwrap();
    s.start("game", json!({"players": 6})).unwrap();
    s.run(&mut RandomAgent(Rng::new(1))).unwrap();
    println!(
        "one random 6-player ti4 game: {:.1} ms ({} log lines, {} decisions)",
        t.elapsed().as_secs_f64() * 1e3,
        s.log_len(),
        s.record.decisions.len()
    );

    // combat: pack-driven vs hand-written
    let sims = 4000u32;
    let spec = |f: &[(&str, u32)]| {
        f.iter()
            .map(|(k, n)| json!({"kind": k, "count": n}))
            .collect::<Vec<_>>()
    };
    let run = |n: u32, slow: bool| {
        let t = Instant::now();
        let r = imperium::combat::sim::simulate_with(
            p.clone(),
            &spec(ATTACKER),
            &spec(DEFENDER),
            n,
            1,
            "default",
            slow,
        )
        .unwrap();
        (r, n as f64 / t.elapsed().as_secs_f64())
    };
    let (slow, lua_rate) = run(sims, true);
    // The plan path's rate includes building the session and the plan.
    let plan_sims = sims * 250;
    let (fast, plan_rate) = run(plan_sims, false);
    assert_eq!(slow["path"], "procedure");
    assert_eq!(fast["path"], "plan", "the pack gave no plan for this fight");
    let a = fleet(&p, ATTACKER);
    let d = fleet(&p, DEFENDER);
    let mut rng = Rng::new(1);
    let base_sims = sims * 250;
    let mut wins = [0u32; 3];
    let t = Instant::now();
    for _ in 0..base_sims {
        wins[baseline(&a, &d, &mut rng) as usize] += 1;
    }
    let rust_rate = base_sims as f64 / t.elapsed().as_secs_f64();
    let pct = |r: &serde_json::Value| r["attacker"]["p"].as_f64().unwrap() * 100.0;
    println!("combat {ATTACKER:?} vs {DEFENDER:?}");
    println!(
        "  pack procedure (Lua): {:>10.0} fights/s   attacker {:.1}%",
        lua_rate,
        pct(&slow)
    );
    println!(
        "  pack plan (kernel)  : {:>10.0} fights/s   attacker {:.1}%",
        plan_rate,
        pct(&fast)
    );
    println!(
        "  hand-written        : {:>10.0} fights/s   attacker {:.1}%",
        rust_rate,
        wins[1] as f64 / base_sims as f64 * 100.0
    );
    println!(
        "  ratio hand-written / procedure: {:.1}x",
        rust_rate / lua_rate
    );
    println!(
        "  ratio hand-written / plan     : {:.2}x",
        rust_rate / plan_rate
    );
    println!(
        "  ratio plan / procedure        : {:.0}x",
        plan_rate / lua_rate
    );

    // exact odds of fight D by dynamic programming over the plan, per query,
    // against 20,000 Monte Carlo fights of the same plan (the other way to
    // get the odds) in the same run
    let fight_a = [("dreadnought", 2), ("cruiser", 2)];
    let fight_d = [("war_sun", 1), ("destroyer", 3)];
    let plan =
        imperium::combat::sim::plan_for(p.clone(), &spec(&fight_a), &spec(&fight_d), "default")
            .expect("ti4 gives a plan for fight D");
    let queries = 2000u32;
    let t = Instant::now();
    let mut win = 0.0;
    for _ in 0..queries {
        win = imperium::combat::fight::Fight::new(plan.clone())
            .exact()
            .win[0];
    }
    let exact_us = t.elapsed().as_secs_f64() * 1e6 / queries as f64;
    let t = Instant::now();
    let mc = imperium::combat::sim::simulate_with(
        p.clone(),
        &spec(&fight_a),
        &spec(&fight_d),
        20_000,
        1,
        "default",
        false,
    )
    .unwrap();
    let mc_us = t.elapsed().as_secs_f64() * 1e6;
    println!("exact odds, {fight_a:?} vs {fight_d:?}");
    println!(
        "  --exact (dynamic programming): {exact_us:>8.1} µs/query   attacker {:.1}%",
        win * 100.0
    );
    println!(
        "  20,000 plan fights (sampled) : {mc_us:>8.1} µs/query   attacker {:.1}%",
        pct(&mc)
    );
    println!("  ratio exact / sampled        : {:.4}x", exact_us / mc_us);
}
