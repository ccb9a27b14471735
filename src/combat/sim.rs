//! Repeated combat simulations. When the pack's `combat_plan` entry hands
//! over the fight as a plan (a plain fight it can describe exactly), every
//! fight runs in Rust (`super::fight`); otherwise each one replays the
//! pack's own procedures.

use super::fight::{Fight, Plan};
use crate::pack::ResolvedPack;
use crate::progress::Progress;
use crate::rng::Rng;
use crate::session::{GameError, Limits, Session};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// Which way the fights were run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimPath {
    /// The pack's plan, run by the kernel.
    Plan,
    /// The pack's combat procedure, once per fight.
    Procedure,
}

impl SimPath {
    pub fn name(self) -> &'static str {
        match self {
            SimPath::Plan => "plan",
            SimPath::Procedure => "procedure",
        }
    }
}

/// The most units of one kind `combat` takes.
pub const MAX_FLEET: u32 = 10_000;

/// A fleet as the command line writes it: `"2 KIND, OTHER"` (a
/// count and a kind, or a kind alone for one), as a list of {kind, count}.
pub fn parse_fleet(s: &str) -> Result<Vec<Value>, String> {
    let mut out = vec![];
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let words: Vec<&str> = part.split_whitespace().collect();
        let (n, kind) = match words[..] {
            [n, k] => (
                n.parse::<u32>()
                    .map_err(|_| format!("bad count in `{part}`"))?,
                k,
            ),
            [k] => (1, k),
            _ => return Err(format!("bad fleet entry `{part}` (a count and a kind)")),
        };
        if n > MAX_FLEET {
            return Err(format!(
                "`{part}`: {n} units is over the limit of {MAX_FLEET} a kind"
            ));
        }
        out.push(json!({"kind": kind, "count": n}));
    }
    Ok(out)
}

/// Runs `sims` fights of `attacker` vs `defender` (lists of {kind, count});
/// returns win/draw rates with a 95% margin, average survivors and the path
/// used (the plan when the pack gives one).
pub fn simulate(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    sims: u32,
    seed: u64,
    policy: &str,
) -> Result<Value, GameError> {
    simulate_with(pack, attacker, defender, sims, seed, policy, false)
}

fn entry(pack: &ResolvedPack, key: &str, default: &str) -> String {
    pack.entry
        .get(key)
        .cloned()
        .unwrap_or_else(|| default.into())
}

/// The seed of fight `i`: the same on both paths, so with the same dice
/// they give the same fights.
fn fight_seed(seed: u64, i: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(i as u64)
}

/// As `simulate`; `slow` forces the pack's combat procedure.
pub fn simulate_with(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    sims: u32,
    seed: u64,
    policy: &str,
    slow: bool,
) -> Result<Value, GameError> {
    simulate_threads(pack, attacker, defender, sims, seed, policy, slow, 1)
}

/// The first fight of each of `threads` contiguous chunks of `sims` fights,
/// and the end of the last.
fn chunks(sims: u32, threads: usize) -> Vec<(u32, u32)> {
    let n = (threads.max(1) as u32).min(sims).max(1);
    (0..n)
        .map(|k| {
            let lo = (sims as u64 * k as u64 / n as u64) as u32;
            let hi = (sims as u64 * (k + 1) as u64 / n as u64) as u32;
            (lo, hi)
        })
        .collect()
}

/// As `simulate_with`, the fights split into `threads` chunks run side by
/// side (0: chosen from the cores and, on the procedure path, the number
/// of fights, since each thread then starts a session of its own). Fight `i` always rolls from its own seed and the tallies are sums,
/// so the result is the same whatever the number of threads.
#[allow(clippy::too_many_arguments)]
pub fn simulate_threads(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    sims: u32,
    seed: u64,
    policy: &str,
    slow: bool,
    threads: usize,
) -> Result<Value, GameError> {
    let hidden = Progress::hidden();
    simulate_progress(
        pack, attacker, defender, sims, seed, policy, slow, threads, &hidden,
    )
}

/// As `simulate_threads`, reporting the fights done to `progress`.
#[allow(clippy::too_many_arguments)]
pub fn simulate_progress(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    sims: u32,
    seed: u64,
    policy: &str,
    slow: bool,
    threads: usize,
    progress: &Progress,
) -> Result<Value, GameError> {
    if sims == 0 {
        return Err(GameError::Usage("--sims must be at least 1".into()));
    }
    let setup = entry(&pack, "combat_setup", "combat_setup");
    let fight = entry(&pack, "combat", "combat");
    let plan_entry = entry(&pack, "combat_plan", "combat_plan");
    let base: &ResolvedPack = &pack;
    let s = Session::new(pack.clone(), seed, &[], Limits::default())?;
    s.set_logging(false);
    let args = json!({"attacker": attacker, "defender": defender, "policy": policy});
    let board = s.call_procedure(&setup, args.clone())?;
    let plan = if slow {
        Err("the procedure was asked for".to_string())
    } else {
        plan_of(&s, &plan_entry, &board, policy, &setup, &fight)?
    };
    let why = plan.as_ref().err().cloned();
    let auto = threads == 0;
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let parts = chunks(sims, if auto { cores } else { threads });
    progress.stage("fights", sims as u64);
    let mut tally = Tally::default();
    let path = match plan {
        Ok(plan) => {
            let run = |(lo, hi): (u32, u32)| {
                let mut t = Tally::default();
                let mut f = Fight::new(plan.clone());
                for i in lo..hi {
                    let o = f.run(&mut Rng::new(fight_seed(seed, i)));
                    let w = match o.winner {
                        Some(0) => "attacker",
                        Some(_) => "defender",
                        None => "draw",
                    };
                    t.add(w, o.left[0] as u64, o.left[1] as u64);
                    if i % 65_536 == 65_535 {
                        progress.add(65_536);
                    }
                }
                Ok::<Tally, GameError>(t)
            };
            for t in on_threads(&parts, &run) {
                tally.merge(t?);
            }
            SimPath::Plan
        }
        Err(_) => {
            // Each thread has its own session (a Lua VM is not shared), set
            // up the same way; every fight restores the board and reseeds.
            let procedure =
                |s: &Session, board: &Value, (lo, hi): (u32, u32)| -> Result<Tally, GameError> {
                    let mut t = Tally::default();
                    let snap = s.snapshot();
                    for i in lo..hi {
                        s.restore(&snap);
                        s.reseed(fight_seed(seed, i));
                        let r = s.call_procedure(&fight, board.clone())?;
                        let w = r.get("winner").and_then(Value::as_str).unwrap_or("draw");
                        let count = |side: &str| -> u64 {
                            r.get(side)
                                .and_then(Value::as_object)
                                .map(|m| m.values().filter_map(Value::as_u64).sum())
                                .unwrap_or(0)
                        };
                        t.add(w, count("attacker"), count("defender"));
                        progress.add(1);
                    }
                    Ok(t)
                };
            // Another session costs as much to start as hundreds of
            // fights: chosen automatically, a thread joins for every 1,000
            // fights only.
            let n = if auto {
                cores.min((sims / 1000).max(1) as usize)
            } else {
                threads
            };
            let parts = chunks(sims, n);
            let first = parts[0];
            let rest = &parts[1..];
            let run = |chunk: (u32, u32)| -> Result<Tally, String> {
                let s = Session::new(Rc::new(base.clone()), seed, &[], Limits::default())
                    .map_err(|e| e.to_string())?;
                s.set_logging(false);
                let board = s
                    .call_procedure(&setup, args.clone())
                    .map_err(|e| e.to_string())?;
                procedure(&s, &board, chunk).map_err(|e: GameError| e.to_string())
            };
            let run = &run;
            let others = std::thread::scope(|scope| {
                let handles: Vec<_> = rest.iter().map(|&c| scope.spawn(move || run(c))).collect();
                let mine = procedure(&s, &board, first);
                let others: Vec<Result<Tally, String>> = handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|_| Err("a thread panicked".into())))
                    .collect();
                (mine, others)
            });
            tally.merge(others.0?);
            for t in others.1 {
                tally.merge(t.map_err(GameError::Usage)?);
            }
            SimPath::Procedure
        }
    };
    progress.finish();
    let mut out = tally.report(sims, path);
    if let Some(why) = why {
        out["why"] = json!(why);
    }
    Ok(out)
}

/// Runs `run` on each chunk, the first on this thread and the others on
/// threads of their own; results in chunk order.
fn on_threads<T: Send>(parts: &[(u32, u32)], run: &(impl Fn((u32, u32)) -> T + Sync)) -> Vec<T> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts[1..]
            .iter()
            .map(|&c| scope.spawn(move || run(c)))
            .collect();
        let mut out = vec![run(parts[0])];
        for h in handles {
            match h.join() {
                Ok(t) => out.push(t),
                Err(e) => std::panic::resume_unwind(e),
            }
        }
        out
    })
}

/// Exact odds of `attacker` vs `defender` from the pack's combat plan, by
/// dynamic programming over fleet states (`Fight::exact`): win/loss/draw
/// chances and expected survivors, the same report as `simulate` with
/// `path` "exact" and margins of 0. An error when the pack gives no plan for
/// the fight (its procedure can only be sampled).
pub fn exact(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    policy: &str,
) -> Result<Value, GameError> {
    let e = Fight::new(plan_for(pack, attacker, defender, policy)?).exact();
    let stat = |p: f64| json!({"p": p, "margin95": 0.0});
    Ok(json!({
        "path": "exact",
        "attacker": stat(e.win[0]),
        "defender": stat(e.win[1]),
        "draw": stat(e.draw),
        "survivors": {"attacker": e.survivors[0], "defender": e.survivors[1]},
    }))
}

/// The pack's combat plan for `attacker` vs `defender` under `policy` (what
/// `exact` weighs); an error when the pack gives none for the fight.
pub fn plan_for(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    policy: &str,
) -> Result<Plan, GameError> {
    let setup = entry(&pack, "combat_setup", "combat_setup");
    let fight = entry(&pack, "combat", "combat");
    let plan_entry = entry(&pack, "combat_plan", "combat_plan");
    let s = Session::new(pack, 1, &[], Limits::default())?;
    s.set_logging(false);
    let args = json!({"attacker": attacker, "defender": defender, "policy": policy});
    let board = s.call_procedure(&setup, args)?;
    let plan = match plan_of(&s, &plan_entry, &board, policy, &setup, &fight)? {
        Ok(plan) => plan,
        Err(why) => {
            return Err(GameError::Usage(format!(
                "--exact needs a combat plan, and the pack gives none for this fight ({why}): drop --exact to simulate it"
            )))
        }
    };
    Ok(plan)
}

/// The pack's plan for the fight on `board`, or why it gives none: the
/// reason its plan entry returned (`{none = "..."}`), or that it has none.
fn plan_of(
    s: &Session,
    name: &str,
    board: &Value,
    policy: &str,
    setup: &str,
    fight: &str,
) -> Result<Result<Plan, String>, GameError> {
    let has = s.exec(
        "=combat_plan",
        &format!(
            "return game.has_procedure({})",
            serde_json::to_string(name).unwrap_or_default()
        ),
    )?;
    if has != Value::Bool(true) {
        return Ok(Err(format!("the pack has no `{name}` procedure")));
    }
    let mut args = match board {
        Value::Object(m) => m.clone(),
        _ => serde_json::Map::new(),
    };
    args.insert("policy".into(), json!(policy));
    args.insert("setup".into(), json!(setup));
    args.insert("procedure".into(), json!(fight));
    let v = s.call_procedure(name, Value::Object(args))?;
    if v.is_null() || v == Value::Bool(false) {
        return Ok(Err(format!("`{name}` gives no plan for this fight")));
    }
    if let Some(why) = v.get("none") {
        return Ok(Err(why
            .as_str()
            .map_or_else(|| why.to_string(), str::to_string)));
    }
    Plan::from_value(&v)
        .map(Ok)
        .map_err(|e| GameError::Usage(format!("`{name}` returned a bad plan: {e}")))
}

#[derive(Default)]
struct Tally {
    wins: BTreeMap<String, u32>,
    surv_a: u64,
    surv_d: u64,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        for (k, n) in o.wins {
            *self.wins.entry(k).or_default() += n;
        }
        self.surv_a += o.surv_a;
        self.surv_d += o.surv_d;
    }

    fn add(&mut self, winner: &str, a: u64, d: u64) {
        *self.wins.entry(winner.to_string()).or_default() += 1;
        self.surv_a += a;
        self.surv_d += d;
    }

    fn report(&self, sims: u32, path: SimPath) -> Value {
        let n = sims as f64;
        let stat = |k: &str| {
            let p = *self.wins.get(k).unwrap_or(&0) as f64 / n;
            json!({"p": p, "margin95": 1.96 * (p * (1.0 - p) / n).sqrt()})
        };
        let avg = |x: u64| (x as f64 / n * 100.0).round() / 100.0;
        json!({
            "sims": sims,
            "path": path.name(),
            "attacker": stat("attacker"),
            "defender": stat("defender"),
            "draw": stat("draw"),
            "survivors": {"attacker": avg(self.surv_a), "defender": avg(self.surv_d)},
        })
    }
}
