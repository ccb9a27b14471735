//! `imperium record`: plays a game (random, human or JSON agent) and writes
//! the decisions taken as a scenario whose answers are keyed
//! (`{player, key, pick}`), so nobody writes long answer lists by hand.
//! The scenario runs the pack's `game` entry (`entry: game`) with the same
//! seed, options and players; its golden is the whole log; with a cap on
//! the decisions it stops where the recording stopped
//! (`stop_at_last_answer: true`).

use crate::pack::ResolvedPack;
use crate::session::{DecisionSource, GameError, Limits, Session};
use serde_json::json;
use std::fmt::Write;
use std::rc::Rc;

/// One decision taken: the player, the decision's key and the option.
#[derive(Debug, Clone, PartialEq)]
pub struct Taken {
    pub player: i64,
    pub key: String,
    pub pick: String,
}

/// What was played.
pub struct Recording {
    pub seed: u64,
    pub players: u32,
    pub options: Vec<String>,
    pub answers: Vec<Taken>,
    /// The game ended (else it stopped at the cap on decisions).
    pub finished: bool,
}

/// Plays `pack`'s game entry with `source` answering, for at most `cap`
/// decisions.
pub fn play(
    pack: &Rc<ResolvedPack>,
    players: u32,
    seed: u64,
    options: &[String],
    source: &mut dyn DecisionSource,
    cap: Option<usize>,
) -> Result<Recording, GameError> {
    let limits = Limits {
        check_ctx: true,
        ..Limits::default()
    };
    let mut s = Session::new(pack.clone(), seed, options, limits)?;
    s.start(&super::game_entry(pack), json!({ "players": players }))?;
    let mut answers = vec![];
    while let Some(d) = s.pending.clone() {
        if s.result.is_some() || cap.is_some_and(|c| answers.len() >= c) {
            break;
        }
        let pick = source.decide(&d)?;
        s.answer(&pick)?;
        answers.push(Taken {
            player: d.player,
            key: d.prompt.clone(),
            pick,
        });
    }
    Ok(Recording {
        seed,
        players,
        options: options.to_vec(),
        finished: s.pending.is_none(),
        answers,
    })
}

fn yaml_str(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '#' | '-'))
        && !matches!(
            s,
            "yes" | "no" | "true" | "false" | "null" | "on" | "off" | "y" | "n" | "~"
        )
        && s.parse::<f64>().is_err()
        && !s.starts_with(['-', ',', '#']);
    if plain {
        s.to_string()
    } else {
        serde_json::Value::String(s.to_string()).to_string()
    }
}

/// The scenario text of a recording.
pub fn scenario_text(pack: &ResolvedPack, name: &str, r: &Recording) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Recorded by `imperium record {} --players {} --seed {}{}`: a game of the\n\
         # pack's `game` entry, its decisions by key. The golden is the whole log.",
        pack.id,
        r.players,
        r.seed,
        if r.options.is_empty() {
            String::new()
        } else {
            format!(" --options {}", r.options.join(","))
        }
    );
    let _ = writeln!(out, "name: {}", serde_json::Value::String(name.to_string()));
    let _ = writeln!(out, "seed: {}", r.seed);
    if !r.options.is_empty() {
        let _ = writeln!(
            out,
            "options: [{}]",
            r.options
                .iter()
                .map(|o| yaml_str(o))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(out, "entry: game");
    let _ = writeln!(out, "args: {{ players: {} }}", r.players);
    if !r.finished {
        let _ = writeln!(out, "# The recording stopped here, before the game ended.");
        let _ = writeln!(out, "stop_at_last_answer: true");
    }
    if r.answers.is_empty() {
        let _ = writeln!(out, "answers: []");
    } else {
        let _ = writeln!(out, "answers:");
    }
    for a in &r.answers {
        let _ = writeln!(
            out,
            "  - {{ player: {}, key: {}, pick: {} }}",
            a.player,
            yaml_str(&a.key),
            yaml_str(&a.pick)
        );
    }
    out
}

/// A random agent for recordings, seeded apart from the game's dice.
pub fn random_agent(seed: u64) -> crate::session::RandomAgent {
    crate::session::RandomAgent(crate::rng::Rng::new(seed ^ 0xA6E7))
}
