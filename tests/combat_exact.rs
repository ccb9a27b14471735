//! `imperium combat` odds agree with an exact calculation of the same fight,
//! on both paths: the pack's combat plan run by the kernel and the pack's
//! combat procedure replayed per fight.
//!
//! The exact side is a Markov chain over the hits each fleet has taken. With
//! the default policy (sustain damage first, then the cheapest unit) a
//! fleet's state is a function of the number of hits it has absorbed, so the
//! chain is small. An anti-fighter barrage before the first round is summed
//! over exactly; fighters beyond capacity are removed when the fight ends.
//! Unit numbers are read from the pack.

use imperium::pack::{Library, ResolvedPack};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::rc::Rc;

#[derive(Clone)]
struct U {
    hit: u32,
    dice: u32,
    sustain: bool,
    cost: f64,
    capacity: u32,
    transported: bool,
    fighter: bool,
    afb: Option<(u32, u32)>,
}

fn unit(p: &ResolvedPack, id: &str) -> U {
    let d = &p.get("units", id).unwrap().value;
    U {
        hit: d["combat"].as_u64().unwrap() as u32,
        dice: d["dice"].as_u64().unwrap_or(1) as u32,
        sustain: d["sustain_damage"].as_bool().unwrap_or(false),
        cost: d["cost"].as_f64().unwrap_or(0.0),
        capacity: d["capacity"].as_u64().unwrap_or(0) as u32,
        transported: d["transported"].as_bool().unwrap_or(false),
        fighter: d["type"].as_str() == Some("fighter"),
        afb: d.get("anti_fighter_barrage").and_then(|a| {
            Some((
                a.get("hit")?.as_u64()? as u32,
                a.get("dice")?.as_u64()? as u32,
            ))
        }),
    }
}

/// Units in board order (the order they are spawned: the newest last).
fn fleet(p: &ResolvedPack, spec: &[(&str, u32)]) -> Vec<U> {
    let mut v = vec![];
    for (k, n) in spec {
        for _ in 0..*n {
            v.push(unit(p, k));
        }
    }
    v
}

fn spec(f: &[(&str, u32)]) -> Vec<Value> {
    f.iter()
        .map(|(k, n)| json!({"kind": k, "count": n}))
        .collect()
}

/// The default policy's choice among `cands`: cheapest, then weakest
/// (highest combat number), then the newest.
fn victim(fleet: &[U], cands: impl Iterator<Item = usize>) -> Option<usize> {
    cands.min_by(|&a, &b| {
        fleet[a]
            .cost
            .partial_cmp(&fleet[b].cost)
            .unwrap()
            .then(fleet[b].hit.cmp(&fleet[a].hit))
            .then(b.cmp(&a))
    })
}

/// The fleet after `k` hits under the default policy: which units are left.
fn alive_after(fleet: &[U], k: usize) -> Vec<usize> {
    let mut alive: Vec<usize> = (0..fleet.len()).collect();
    let mut damaged = vec![false; fleet.len()];
    for _ in 0..k {
        if let Some(&i) = alive.iter().find(|&&i| fleet[i].sustain && !damaged[i]) {
            damaged[i] = true;
            continue;
        }
        let Some(v) = victim(fleet, alive.iter().copied()) else {
            break;
        };
        alive.retain(|&i| i != v);
    }
    alive
}

/// Hits a fleet can take before it is gone.
fn capacity(fleet: &[U]) -> usize {
    fleet.iter().map(|u| 1 + usize::from(u.sustain)).sum()
}

/// Convolves `d` with `n` dice hitting on `hit` or more.
fn add_dice(d: Vec<f64>, n: u32, hit: u32) -> Vec<f64> {
    let p = (11 - hit.min(11)) as f64 / 10.0;
    let mut d = d;
    for _ in 0..n {
        let mut next = vec![0.0; d.len() + 1];
        for (k, v) in d.iter().enumerate() {
            next[k] += v * (1.0 - p);
            next[k + 1] += v * p;
        }
        d = next;
    }
    d
}

/// Distribution of the number of hits a set of units scores in one roll.
fn hits_dist(fleet: &[U], alive: &[usize]) -> Vec<f64> {
    alive
        .iter()
        .fold(vec![1.0], |d, &i| add_dice(d, fleet[i].dice, fleet[i].hit))
}

/// Whether anything of the survivors is left once units beyond capacity
/// are removed after the fight.
fn stays(fleet: &[U], alive: &[usize]) -> bool {
    let cap: u32 = alive.iter().map(|&i| fleet[i].capacity).sum();
    let cargo = alive.iter().filter(|&&i| fleet[i].transported).count() as u32;
    alive.len() as u32 - cargo.saturating_sub(cap) > 0
}

/// (attacker wins, defender wins, draw) once the fight is over.
fn verdict(a: &[U], aa: &[usize], d: &[U], da: &[usize]) -> [f64; 3] {
    match (stays(a, aa), stays(d, da)) {
        (true, false) => [1.0, 0.0, 0.0],
        (false, true) => [0.0, 1.0, 0.0],
        _ => [0.0, 0.0, 1.0],
    }
}

/// The rounds of a fight between two fleets (no barrage).
fn rounds(a: &[U], d: &[U]) -> [f64; 3] {
    let (ca, cd) = (capacity(a), capacity(d));
    if a.is_empty() || d.is_empty() {
        let all = |f: &[U]| (0..f.len()).collect::<Vec<_>>();
        return verdict(a, &all(a), d, &all(d));
    }
    // prob[ha][hd]: probability of being at this state at the start of a round.
    let mut prob = vec![vec![0.0; cd + 1]; ca + 1];
    prob[0][0] = 1.0;
    let mut out = [0.0; 3];
    let end = |na: usize, nd: usize| verdict(a, &alive_after(a, na), d, &alive_after(d, nd));
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
                    if na == ca || nd == cd {
                        let v = end(na, nd);
                        for k in 0..3 {
                            out[k] += m * v[k];
                        }
                    } else {
                        prob[na][nd] += m;
                    }
                }
            }
        }
    }
    out
}

/// `hits` barrage hits on the fighters of `f` (the default policy's pick).
fn barrage_on(f: &[U], hits: usize) -> Vec<U> {
    let mut alive: Vec<usize> = (0..f.len()).collect();
    for _ in 0..hits {
        match victim(f, alive.iter().copied().filter(|&i| f[i].fighter)) {
            Some(v) => alive.retain(|&i| i != v),
            None => break,
        }
    }
    alive.iter().map(|&i| f[i].clone()).collect()
}

fn barrage_dist(f: &[U]) -> Vec<f64> {
    f.iter()
        .filter_map(|u| u.afb)
        .fold(vec![1.0], |d, (hit, dice)| add_dice(d, dice, hit))
}

/// P(attacker wins), P(defender wins), P(draw) of the whole fight: the
/// attacker's barrage, the defender's from what is left, then the rounds.
fn exact(a: &[U], d: &[U]) -> [f64; 3] {
    let mut out = [0.0; 3];
    for (x, px) in barrage_dist(a).iter().enumerate() {
        let d2 = barrage_on(d, x);
        for (y, py) in barrage_dist(&d2).iter().enumerate() {
            let a2 = barrage_on(a, y);
            let v = rounds(&a2, &d2);
            for k in 0..3 {
                out[k] += px * py * v[k];
            }
        }
    }
    out
}

fn lib() -> Library {
    Library::new(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"))
}

fn run(
    pack: &Rc<ResolvedPack>,
    a: &[(&str, u32)],
    d: &[(&str, u32)],
    sims: u32,
    seed: u64,
    slow: bool,
) -> Value {
    imperium::combat::sim::simulate_with(
        pack.clone(),
        &spec(a),
        &spec(d),
        sims,
        seed,
        "default",
        slow,
    )
    .unwrap()
}

const KEYS: [&str; 3] = ["attacker", "defender", "draw"];

fn assert_exact(r: &Value, want: [f64; 3], what: &str) {
    for (k, want) in KEYS.iter().zip(want) {
        let got = r[*k]["p"].as_f64().unwrap();
        // 95% margin of the simulation, and never tighter than one point.
        let margin = r[*k]["margin95"].as_f64().unwrap().max(0.01);
        assert!(
            (got - want).abs() <= margin,
            "{what}: {k}: simulated {got:.4}, exact {want:.4}, margin {margin:.4}"
        );
    }
}

/// Fleets of the ti4 pack: sustain damage, barrages by destroyers, fighters
/// beyond capacity, and a side that may lose all its fighters to barrage.
type Fleet = &'static [(&'static str, u32)];
const FLEETS: &[(Fleet, Fleet)] = &[
    (
        &[("dreadnought", 2), ("cruiser", 2)],
        &[("war_sun", 1), ("destroyer", 2)],
    ),
    (
        &[("dreadnought", 1), ("carrier", 1), ("fighter", 4)],
        &[("destroyer", 3)],
    ),
    (
        &[("carrier", 2), ("fighter", 6)],
        &[("destroyer", 2), ("cruiser", 1), ("fighter", 2)],
    ),
    (
        &[("cruiser", 1), ("fighter", 3)],
        &[("destroyer", 1), ("fighter", 1)],
    ),
    (
        &[("war_sun", 1), ("dreadnought", 1)],
        &[
            ("cruiser", 4),
            ("destroyer", 2),
            ("carrier", 1),
            ("fighter", 3),
        ],
    ),
    (&[("fighter", 2)], &[("destroyer", 2)]),
];

#[test]
fn the_plan_path_matches_the_exact_odds() {
    let pack = Rc::new(lib().resolve("ti4").unwrap());
    for (i, (a, d)) in FLEETS.iter().enumerate() {
        let want = exact(&fleet(&pack, a), &fleet(&pack, d));
        assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{want:?}");
        let r = run(&pack, a, d, 20_000, 7 + i as u64, false);
        assert_eq!(r["path"], "plan", "{a:?} vs {d:?}");
        assert_exact(&r, want, &format!("plan {a:?} vs {d:?}"));
    }
}

#[test]
fn the_procedure_path_matches_the_exact_odds_and_the_plan() {
    let pack = Rc::new(lib().resolve("ti4").unwrap());
    for (i, (a, d)) in FLEETS.iter().enumerate() {
        let want = exact(&fleet(&pack, a), &fleet(&pack, d));
        let slow = run(&pack, a, d, 2000, 11 + i as u64, true);
        assert_eq!(slow["path"], "procedure");
        assert_exact(&slow, want, &format!("procedure {a:?} vs {d:?}"));
        // The plan rolls the dice in the procedure's order, so with the same
        // seeds the two paths play the very same fights.
        let mut fast = run(&pack, a, d, 2000, 11 + i as u64, false);
        assert_eq!(fast["path"], "plan");
        fast["path"] = slow["path"].clone();
        // (The procedure's result also says why it ran: it was asked for.)
        let mut slow = slow;
        slow.as_object_mut().unwrap().remove("why");
        assert_eq!(fast, slow, "{a:?} vs {d:?}");
    }
}

#[test]
fn the_plan_path_is_deterministic() {
    let pack = Rc::new(lib().resolve("ti4").unwrap());
    let (a, d) = FLEETS[2];
    let x = run(&pack, a, d, 3000, 5, false);
    let y = run(&pack, a, d, 3000, 5, false);
    let z = run(&pack, a, d, 3000, 6, false);
    assert_eq!(x, y);
    assert_ne!(x, z);
}

#[test]
fn fights_the_plan_cannot_express_take_the_procedure() {
    let pack = Rc::new(lib().resolve("ti4").unwrap());
    // Space cannon, ground forces in space, an ability read by an effect.
    for (a, d) in [
        (&[("carrier", 2), ("pds", 1)][..], &[("cruiser", 2)][..]),
        (
            &[("carrier", 2), ("infantry", 2)][..],
            &[("cruiser", 2)][..],
        ),
        (&[("jolnar_flagship", 1)][..], &[("cruiser", 2)][..]),
    ] {
        let r = run(&pack, a, d, 50, 1, false);
        assert_eq!(r["path"], "procedure", "{a:?} vs {d:?}");
    }
    // Another policy than the default: never a plan; `random` picks every
    // choice at random from the game's generator, so it is repeatable.
    let random = |seed| {
        imperium::combat::sim::simulate(
            pack.clone(),
            &spec(&[("cruiser", 2), ("fighter", 2)]),
            &spec(&[("destroyer", 2)]),
            50,
            seed,
            "random",
        )
        .unwrap()
    };
    let r = random(1);
    assert_eq!(r["path"], "procedure");
    assert_eq!(r, random(1));
}

/// A pack on top of ti4 made for one test, in a fresh folder.
fn child_pack(name: &str, rules: &str) -> Rc<ResolvedPack> {
    let dir = std::env::temp_dir().join(format!(
        "imperium-combat-exact-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::write(
        dir.join("pack.yaml"),
        format!("id: {name}\nname: {name}\nversion: 0.1.0\nextends: [ti4]\n"),
    )
    .unwrap();
    std::fs::write(dir.join("rules/test.lua"), rules).unwrap();
    let p = lib().resolve(dir.to_str().unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    Rc::new(p)
}

/// Rules that wrap the setup to grant the attacker a technology (the
/// wrapper declares itself plain, so only what the technology does counts).
fn granting(tech: &str) -> String {
    format!(
        r#"
local L = game.lib
local base = game.procedure_fn("combat_setup")
local function setup(args)
  local b = base(args)
  game.grant(b.attacker, "techs", "{tech}")
  L.reset_cache()
  return b
end
procedure("combat_setup", setup)
L.plain_wrapper(setup, base)
"#
    )
}

#[test]
fn a_child_pack_keeps_the_plan_only_while_the_fight_stays_plain() {
    let a: &[(&str, u32)] = &[("dreadnought", 2), ("cruiser", 2)];
    let d: &[(&str, u32)] = &[("war_sun", 1), ("destroyer", 2)];
    // A unit upgrade changes the numbers only: the plan reads them.
    let up = child_pack("plan-upgrade", &granting("cruiser_2"));
    let fast = run(&up, a, d, 1500, 3, false);
    let slow = run(&up, a, d, 1500, 3, true);
    assert_eq!(fast["path"], "plan");
    assert_eq!(fast["attacker"], slow["attacker"]);
    assert_eq!(fast["draw"], slow["draw"]);
    let base = run(
        &Rc::new(lib().resolve("ti4").unwrap()),
        a,
        d,
        1500,
        3,
        false,
    );
    assert_ne!(fast["attacker"], base["attacker"], "the upgrade was read");
    // A technology that listens to combat windows: no plan.
    let armor = child_pack("plan-armor", &granting("duranium_armor"));
    assert_eq!(run(&armor, a, d, 50, 3, false)["path"], "procedure");
    // A helper of the fight replaced without a word: no plan.
    let roll = child_pack(
        "plan-roll",
        r#"
local L = game.lib
local base = L.combat_roll
function L.combat_roll(...) return base(...) end
"#,
    );
    assert_eq!(run(&roll, a, d, 50, 3, false)["path"], "procedure");
    // The same wrapper, declared plain: the plan again.
    let said = child_pack(
        "plan-roll-said",
        r#"
local L = game.lib
local base = L.combat_roll
function L.combat_roll(...) return base(...) end
L.plain_wrapper(L.combat_roll, base)
"#,
    );
    assert_eq!(run(&said, a, d, 50, 3, false)["path"], "plan");
    // A rule on a window of the fight: no plan (the plan would skip it);
    // one that says it leaves plain fights alone keeps the plan.
    let rule = child_pack(
        "plan-rule",
        r#"
game.on("combat_round_start", function(rc)
  if rc.mods[rc.attacker] then rc.mods[rc.attacker].all = (rc.mods[rc.attacker].all or 0) + 1 end
end)
"#,
    );
    let r = run(&rule, a, d, 50, 3, false);
    assert_eq!(r["path"], "procedure");
    // ... and the result says why.
    let why = r["why"].as_str().unwrap_or_default();
    assert!(
        why.contains("combat_round_start") && why.contains("plan-rule"),
        "{r}"
    );
    let quiet = child_pack(
        "plan-rule-said",
        r#"
game.on("combat_round_start", function(rc) end, { plain = true })
"#,
    );
    assert_eq!(run(&quiet, a, d, 50, 3, false)["path"], "plan");
}

#[test]
fn combat_simulates_with_the_ti3_pack_too() {
    let pack = Rc::new(lib().resolve("ti3").unwrap());
    let r: Value = imperium::combat::sim::simulate(
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
    // ti3's replacements of the fight's helpers say they leave a plain
    // fight alone: the kernel runs it from the plan.
    assert_eq!(r["path"], "plan", "{r}");
    let total: f64 = KEYS.iter().map(|k| r[*k]["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{r}");
    // The war sun's three dice and sustain make it a close fight, not a rout.
    assert!(
        r["attacker"]["p"].as_f64().unwrap() > 0.05 && r["defender"]["p"].as_f64().unwrap() > 0.05,
        "{r}"
    );
}

/// The chance that one shot of a `cannon` damages a ship of `size` and
/// `armor` in the tacs pack, from its tables 8 and 9: an accuracy roll on a
/// d10 at or over the accuracy value hits; a 10 always damages; otherwise
/// the potency chance is that of rolling the potency value on a d10, plus
/// the step for every point the accuracy roll showed over its value.
fn tacs_damage_chance(tables: &Value, cannon: &str, size: &str, armor: &str) -> f64 {
    let acc = tables["accuracy"][cannon][size].as_u64().unwrap() as u32;
    let pot = tables["potency"][cannon][armor].as_u64().unwrap() as f64;
    let step = tables["potency_step_percent"]["value"].as_f64().unwrap() / 100.0;
    let auto = tables["auto_damage"]["value"].as_u64().unwrap() as u32;
    (acc..=10)
        .map(|r| {
            if r >= auto {
                0.1
            } else {
                let base = (11.0 - pot) / 10.0;
                0.1 * (base + step * f64::from(r - acc)).min(1.0)
            }
        })
        .sum()
}

/// The tacs pack's zone battle (its Lua procedure, once per fight) against
/// an exact Markov chain over hit points: one destroyer against another.
/// Each keeps its light cannon to the end (table 7 leaves a ship one cannon
/// until it is destroyed; the very light one fires at fighters only), both
/// fire once a round together, a damaging shot takes 1 to 3 hit points
/// (table 5), and a fight where both are destroyed in the same round is a
/// draw.
#[test]
fn tacs_odds_match_a_markov_chain_over_hit_points() {
    let pack = Rc::new(lib().resolve("tacs").unwrap());
    // The tables are one definition each in the collection `tacs_tables`.
    let mut m = serde_json::Map::new();
    for k in [
        "accuracy",
        "potency",
        "potency_step_percent",
        "auto_damage",
        "damage",
    ] {
        let t = pack.get("tacs_tables", k).unwrap().value.clone();
        m.insert(k.into(), t);
    }
    let tables = Value::Object(m);
    let d = &pack.get("units", "destroyer").unwrap().value["tacs"];
    let (size, armor) = (d["size"].as_str().unwrap(), d["armor"].as_str().unwrap());
    let hp = d["hp"].as_i64().unwrap();
    let p = tacs_damage_chance(&tables, "L", size, armor);
    assert!((p - 0.535).abs() < 1e-9, "a light shot at a destroyer: {p}");
    let (lo, hi) = (
        tables["damage"]["L"][0].as_i64().unwrap(),
        tables["damage"]["L"][1].as_i64().unwrap(),
    );
    // Where one ship's hit points go in a round: (new hp, probability).
    let step = |h: i64| -> Vec<(i64, f64)> {
        let mut v = vec![(h, 1.0 - p)];
        let n = (hi - lo + 1) as f64;
        for dmg in lo..=hi {
            v.push((h - dmg, p / n));
        }
        v
    };
    // Value iteration by increasing total hit points (each state only
    // leads to states with fewer, apart from itself).
    let mut v: std::collections::BTreeMap<(i64, i64), [f64; 3]> = Default::default();
    for total in 0..=2 * hp {
        for a in (total - hp).max(-10)..=hp.min(total) {
            let b = total - a;
            if a < 1 || b < 1 {
                continue;
            }
            let (mut acc, mut stay) = ([0.0; 3], 0.0);
            for (na, pa) in step(a) {
                for (nb, pb) in step(b) {
                    let pr = pa * pb;
                    if na == a && nb == b {
                        stay += pr;
                        continue;
                    }
                    let r = match (na <= 0, nb <= 0) {
                        (true, true) => [0.0, 0.0, 1.0],
                        (false, true) => [1.0, 0.0, 0.0],
                        (true, false) => [0.0, 1.0, 0.0],
                        (false, false) => v[&(na, nb)],
                    };
                    for i in 0..3 {
                        acc[i] += pr * r[i];
                    }
                }
            }
            v.insert((a, b), acc.map(|x| x / (1.0 - stay)));
        }
    }
    let want = v[&(hp, hp)];
    assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let r = run(
        &pack,
        &[("destroyer", 1)],
        &[("destroyer", 1)],
        1500,
        3,
        true,
    );
    assert_eq!(r["path"], "procedure");
    assert_exact(&r, want, "tacs destroyer vs destroyer");
}

/// `combat --exact`: the kernel's dynamic programming over the plan agrees
/// with the independent chain above to rounding, and with the simulation
/// within its margin, on every fleet; survivors too.
#[test]
fn exact_from_the_plan_matches_the_chain_and_the_simulation() {
    let pack = Rc::new(lib().resolve("ti4").unwrap());
    for (i, (a, d)) in FLEETS.iter().enumerate() {
        let want = exact(&fleet(&pack, a), &fleet(&pack, d));
        let e = imperium::combat::sim::exact(pack.clone(), &spec(a), &spec(d), "default").unwrap();
        assert_eq!(e["path"], "exact");
        for (k, w) in KEYS.iter().zip(want) {
            let got = e[*k]["p"].as_f64().unwrap();
            assert!(
                (got - w).abs() < 1e-9,
                "{a:?} vs {d:?}: {k}: exact {got}, chain {w}"
            );
        }
        let r = run(&pack, a, d, 20_000, 11 + i as u64, false);
        assert_exact(&r, want, &format!("plan {a:?} vs {d:?}"));
        for side in ["attacker", "defender"] {
            let (x, y) = (
                e["survivors"][side].as_f64().unwrap(),
                r["survivors"][side].as_f64().unwrap(),
            );
            assert!(
                (x - y).abs() < 0.05,
                "{a:?} vs {d:?}: {side} survivors exact {x}, simulated {y}"
            );
        }
    }
}

/// Plays FLEETS and `extra` with pack `id` both ways, 1,500 fights each
/// from seed `seed + i`, and asserts that the plan runs every one and gives
/// the very results of the pack's own procedure; then that each fleet of
/// `procedure` (units the plan does not describe) runs the procedure.
fn plans_match_the_procedure(
    id: &str,
    extra: &[(Fleet, Fleet)],
    seed: u64,
    procedure: &[(Fleet, Fleet)],
) {
    let pack = Rc::new(lib().resolve(id).unwrap());
    for (i, (a, d)) in FLEETS.iter().chain(extra).enumerate() {
        let mut slow = run(&pack, a, d, 1500, seed + i as u64, true);
        assert_eq!(slow["path"], "procedure");
        let mut fast = run(&pack, a, d, 1500, seed + i as u64, false);
        assert_eq!(
            fast["path"], "plan",
            "{id}: {a:?} vs {d:?}: {}",
            fast["why"]
        );
        fast["path"] = slow["path"].clone();
        // (The procedure's result also says why it ran: it was asked for.)
        slow.as_object_mut().unwrap().remove("why");
        assert_eq!(fast, slow, "{id}: {a:?} vs {d:?}");
    }
    for (a, d) in procedure {
        assert_eq!(
            run(&pack, a, d, 20, 1, false)["path"],
            "procedure",
            "{id}: {a:?}"
        );
    }
}

/// Fleets with a PDS or ground forces, which the plan does not describe.
const WITH_PDS: (Fleet, Fleet) = (&[("carrier", 2), ("pds", 1)], &[("cruiser", 2)]);
const WITH_GROUND_FORCES: (Fleet, Fleet) =
    (&[("carrier", 2), ("ground_force", 2)], &[("cruiser", 2)]);
/// Fleets of the Shattered Ascension packs' tests beyond FLEETS: war suns
/// that sustain two hits, dreadnoughts that roll two dice and lose one when
/// damaged, destroyers' barrage against fighters.
const SA_FLEETS: &[(Fleet, Fleet)] = &[
    (&[("war_sun", 2)], &[("dreadnought", 3), ("destroyer", 2)]),
    (
        &[("war_sun", 1), ("cruiser", 2)],
        &[("war_sun", 1), ("dreadnought", 1)],
    ),
    (&[("dreadnought", 4)], &[("dreadnought", 2), ("cruiser", 3)]),
    (&[("destroyer", 4)], &[("carrier", 2), ("fighter", 8)]),
];

/// ti3's fights, plain ones, run from the plan: the same seeds give the very
/// same results as ti3's own combat procedure, for every fleet below (war
/// suns, sustaining dreadnoughts, destroyers' barrage against fighters,
/// carriers and their fighters).
#[test]
fn ti3_plans_play_the_same_fights_as_the_procedure() {
    plans_match_the_procedure(
        "ti3",
        &[
            (&[("war_sun", 2)], &[("dreadnought", 3), ("destroyer", 2)]),
            (&[("destroyer", 4)], &[("carrier", 2), ("fighter", 8)]),
        ],
        21,
        &[WITH_PDS, WITH_GROUND_FORCES],
    );
}

/// sa-en's fights compiled to plans (war suns that sustain two hits, units
/// that roll a die fewer per hit sustained: `L.plan_unit` in
/// content/sa-en/rules/q_plan.lua) play, seed for seed, the same fights as
/// the pack's own procedure.
#[test]
fn sa_plans_play_the_same_fights_as_the_procedure() {
    plans_match_the_procedure("sa-en", SA_FLEETS, 41, &[WITH_PDS]);
}

/// sa-es's fights (the Spanish rulebook on top of sa-en: its replacements of
/// the fight's helpers and procedures are marked in
/// content/sa-es/rules/es_plan.lua) run from the plan too and play, seed for
/// seed, the same fights as the pack's own procedure; a fleet with a PDS,
/// ground forces or a flagship runs the procedure.
#[test]
fn sa_es_plans_play_the_same_fights_as_the_procedure() {
    let mut fleets = SA_FLEETS.to_vec();
    fleets.push((
        &[("dreadnought", 2), ("cruiser", 2)],
        &[("war_sun", 1), ("destroyer", 3)],
    ));
    plans_match_the_procedure(
        "sa-es",
        &fleets,
        61,
        &[
            WITH_PDS,
            WITH_GROUND_FORCES,
            (&[("yssaril_flagship", 1)], &[("cruiser", 2)]),
        ],
    );
}

/// ti4-te's fights (Thunder's Edge on ti4), plain ones, run from the plan:
/// its replacements of the fight's procedures and helpers and its rules on
/// combat windows say when they leave a fight alone (no ally, no neutral
/// unit, no entropic scar, nobody holding the relic, breakthrough or
/// ability they serve; content/ti4-te/rules), so with no option on a fight
/// of two players without factions compiles, and the same seeds give the
/// very same results as the pack's own procedure, for ti4's fleets and
/// some of the expansion's ships.
#[test]
fn ti4_te_plans_play_the_same_fights_as_the_procedure() {
    plans_match_the_procedure(
        "ti4-te",
        &[
            (&[("war_sun", 2)], &[("dreadnought", 3), ("destroyer", 2)]),
            (&[("destroyer", 4)], &[("carrier", 2), ("fighter", 8)]),
            (
                &[("war_sun", 1), ("cruiser", 2)],
                &[("war_sun", 1), ("dreadnought", 1)],
            ),
            (
                &[("dreadnought", 2), ("cruiser", 2)],
                &[("war_sun", 1), ("destroyer", 3)],
            ),
            (
                &[("corsair", 2), ("crimson_destroyer", 1), ("fighter", 2)],
                &[("ralnel_destroyer_2", 2), ("carrier", 1), ("fighter", 3)],
            ),
            (
                &[("bastion_flagship", 1), ("cruiser", 2)],
                &[("crimson_flagship", 1), ("destroyer", 1)],
            ),
        ],
        61,
        &[
            WITH_PDS,
            (&[("carrier", 2), ("infantry", 2)], &[("cruiser", 2)]),
        ],
    );
}

/// `--exact` on sa-en's plans (dice lost with each absorbed hit, hits
/// absorbed in board order) agrees with 20,000 simulated fights of the
/// same plan within the simulation's margin.
#[test]
fn sa_exact_odds_match_the_simulation() {
    let pack = Rc::new(lib().resolve("sa-en").unwrap());
    for (i, (a, d)) in SA_FLEETS.iter().enumerate() {
        let e = imperium::combat::sim::exact(pack.clone(), &spec(a), &spec(d), "default").unwrap();
        assert_eq!(e["path"], "exact");
        let want = KEYS.map(|k| e[k]["p"].as_f64().unwrap());
        assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{want:?}");
        let r = run(&pack, a, d, 20_000, 81 + i as u64, false);
        assert_eq!(r["path"], "plan");
        assert_exact(&r, want, &format!("sa-en {a:?} vs {d:?}"));
    }
}
