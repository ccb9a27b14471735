//! `imperium soak`: many seeded random games of one pack, on several
//! threads, with player counts (and, on request, option sets) drawn from the
//! seed; reports games per second, how each game ended, and the seeds that
//! failed so each can be replayed with `imperium play`.

use crate::pack::Library;
use crate::rng::Rng;
use crate::session::{DecisionSource, Limits, RandomAgent, Session};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What to play.
pub struct Plan {
    pub content: PathBuf,
    pub pack: String,
    pub games: u64,
    pub threads: usize,
    pub first_seed: u64,
    /// Inclusive range of player counts.
    pub players: (u32, u32),
    /// Draw an option set per game (each declared option on with
    /// probability one half) instead of none.
    pub random_options: bool,
    /// Hold every window's ctx to its declaration.
    pub strict: bool,
    /// `random`, or a policy of the pack (`Session::policy_agent`).
    pub agent: String,
}

/// One game that did not end with a winner.
#[derive(Debug, Clone)]
pub struct Failure {
    pub seed: u64,
    pub players: u32,
    pub options: Vec<String>,
    pub error: String,
}

/// The outcome of a soak.
#[derive(Debug, Default)]
pub struct Report {
    pub games: u64,
    pub won: u64,
    /// Games whose winner reached the pack's goal (rather than winning on
    /// the final ranking).
    pub reached_goal: u64,
    pub failures: Vec<Failure>,
    pub seconds: f64,
}

impl Report {
    pub fn to_json(&self) -> Value {
        json!({
            "games": self.games,
            "won": self.won,
            "reached_goal": self.reached_goal,
            "failed": self.failures.len(),
            "seconds": self.seconds,
            "games_per_second": if self.seconds > 0.0 { self.games as f64 / self.seconds } else { 0.0 },
            "failures": self.failures.iter().map(|f| json!({
                "seed": f.seed, "players": f.players, "options": f.options, "error": f.error,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The player count and options of game `seed` (drawn from the seed alone,
/// so a failure is replayed by its seed).
fn setup_of(seed: u64, plan: &Plan, options: &[(String, Vec<u32>)]) -> (u32, Vec<String>) {
    let mut r = Rng::new(seed ^ 0x50A4);
    let (lo, hi) = plan.players;
    let span = (hi.saturating_sub(lo) + 1) as usize;
    let players = lo + r.index(span) as u32;
    let chosen = if plan.random_options {
        // (Each option draws its coin whatever the count, so the other
        // options of a seed do not depend on it.)
        options
            .iter()
            .filter(|(_, counts)| {
                r.index(2) == 1 && (counts.is_empty() || counts.contains(&players))
            })
            .map(|(name, _)| name.clone())
            .collect()
    } else {
        vec![]
    };
    (players, chosen)
}

fn play_one(
    pack: &Rc<crate::pack::ResolvedPack>,
    seed: u64,
    players: u32,
    options: &[String],
    strict: bool,
    agent: &str,
) -> Result<Value, String> {
    let limits = Limits {
        check_ctx: strict,
        ..Limits::default()
    };
    let mut s = Session::new(pack.clone(), seed, options, limits).map_err(|e| e.to_string())?;
    let entry = super::game_entry(pack);
    let mut agent: Box<dyn DecisionSource> = match agent {
        "random" => Box::new(RandomAgent(Rng::new(seed ^ 0xA6E7))),
        policy => Box::new(s.policy_agent(policy, seed).map_err(|e| e.to_string())?),
    };
    s.start(&entry, json!({ "players": players }))
        .and_then(|_| s.run(agent.as_mut()))
        .map_err(|e| e.to_string())
}

/// Plays the plan; each thread loads the pack once and takes the next seed.
pub fn soak(plan: &Plan) -> Result<Report, String> {
    let lib = Library::new(plan.content.clone());
    let options: Vec<(String, Vec<u32>)> = lib
        .resolve(&plan.pack)
        .map_err(|e| e.to_string())?
        .options
        .iter()
        .map(|(k, d)| (k.clone(), d.players.clone()))
        .collect();
    let next = Arc::new(Mutex::new(0u64));
    let report = Arc::new(Mutex::new(Report::default()));
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            let next = next.clone();
            let report = report.clone();
            let options = &options;
            scope.spawn(move || {
                let lib = Library::new(plan.content.clone());
                let pack = match lib.resolve(&plan.pack) {
                    Ok(p) => Rc::new(p),
                    Err(_) => return,
                };
                loop {
                    let i = {
                        let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                        if *n >= plan.games {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let seed = plan.first_seed + i;
                    let (players, opts) = setup_of(seed, plan, options);
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play_one(&pack, seed, players, &opts, plan.strict, &plan.agent)
                    }))
                    .unwrap_or_else(|_| Err("the game panicked".into()));
                    let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
                    r.games += 1;
                    match outcome {
                        Ok(res) if res.get("winner").is_some() => {
                            r.won += 1;
                            let vp = res.get("vp").and_then(Value::as_i64);
                            let goal = res.get("goal").and_then(Value::as_i64);
                            if let (Some(vp), Some(goal)) = (vp, goal) {
                                if vp >= goal {
                                    r.reached_goal += 1;
                                }
                            }
                        }
                        Ok(_) => r.failures.push(Failure {
                            seed,
                            players,
                            options: opts,
                            error: "the game ended without a winner".into(),
                        }),
                        Err(e) => r.failures.push(Failure {
                            seed,
                            players,
                            options: opts,
                            error: e.lines().next().unwrap_or("").chars().take(300).collect(),
                        }),
                    }
                }
            });
        }
    });
    let mut r = Arc::try_unwrap(report)
        .map_err(|_| "soak: a thread still holds the report".to_string())?
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    r.seconds = start.elapsed().as_secs_f64();
    r.failures.sort_by_key(|f| f.seed);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option played only with some player counts is left out of the
    /// other games' random sets; the others are drawn as before.
    #[test]
    fn random_options_respect_player_counts() {
        let plan = Plan {
            content: PathBuf::new(),
            pack: String::new(),
            games: 0,
            threads: 1,
            first_seed: 0,
            players: (3, 6),
            random_options: true,
            strict: false,
            agent: "random".into(),
        };
        let opts = vec![
            ("any".to_string(), vec![]),
            ("even".to_string(), vec![4, 6]),
        ];
        let (mut seen_any, mut seen_even) = (false, false);
        for seed in 0..200 {
            let (n, chosen) = setup_of(seed, &plan, &opts);
            if chosen.contains(&"even".to_string()) {
                assert!(n == 4 || n == 6, "seed {seed}: {n} players");
                seen_even = true;
            }
            seen_any |= chosen.contains(&"any".to_string());
            let (_, unrestricted) = setup_of(seed, &plan, &[opts[0].clone()]);
            assert_eq!(
                chosen.contains(&"any".to_string()),
                unrestricted.contains(&"any".to_string())
            );
        }
        assert!(seen_any && seen_even);
    }
}
