//! `imperium record`: plays a game (random, human or JSON agent) and writes
//! the decisions taken as a scenario whose answers are keyed
//! (`{player, key, pick}`), so nobody writes long answer lists by hand.
//! The scenario runs the pack's `game` entry (`entry: game`) with the same
//! seed, options and players; its golden is the whole log; with a cap on
//! the decisions it stops where the recording stopped
//! (`stop_at_last_answer: true`). A unit an answer picks (`kind#id` in an
//! option) gets a name (`p2_<kind>_1`: its owner, its kind, a count) in
//! the scenario's `names:`, and the answers pick it by that name.

use crate::pack::ResolvedPack;
use crate::session::{DecisionSource, GameError, Limits, Session};
use serde_json::json;
use std::fmt::Write;
use std::rc::Rc;

/// One decision taken: the player, the decision's key and the option
/// (with the units it names spelled by their names).
#[derive(Debug, Clone, PartialEq)]
pub struct Taken {
    pub player: i64,
    pub key: String,
    pub pick: String,
}

/// The `kind#id` units an option names: (start, end, kind, id).
fn unit_refs(option: &str) -> Vec<(usize, usize, String, u32)> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = vec![];
    for (i, _) in option.match_indices('#') {
        let kind_start = option[..i]
            .char_indices()
            .rev()
            .take_while(|(_, c)| word(*c))
            .last()
            .map(|(j, _)| j);
        let digits: String = option[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let end = i + 1 + digits.len();
        let after_ok = !option[end..].starts_with(word);
        if let (Some(k), Ok(id), true) = (kind_start, digits.parse::<u32>(), after_ok) {
            out.push((k, end, option[k..i].to_string(), id));
        }
    }
    out
}

/// What was played.
pub struct Recording {
    pub seed: u64,
    pub players: u32,
    pub options: Vec<String>,
    pub answers: Vec<Taken>,
    /// The names given to the units the answers pick: (name, `kind#id`).
    pub names: Vec<(String, String)>,
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
    let mut names: Vec<(String, String)> = vec![];
    let mut name_of: std::collections::BTreeMap<u32, String> = Default::default();
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    while let Some(d) = s.pending.clone() {
        if s.result.is_some() || cap.is_some_and(|c| answers.len() >= c) {
            break;
        }
        let pick = source.decide(&d)?;
        // The units the option names, by name (given at first mention).
        let mut named = String::new();
        let mut at = 0;
        for (start, end, kind, id) in unit_refs(&pick) {
            let name = match name_of.get(&id) {
                Some(n) => n.clone(),
                None => {
                    let Some((owner, _)) = s.unit_owner_kind(id) else {
                        continue;
                    };
                    let stem = format!("p{}_{kind}", owner + 1);
                    let n = counts.entry(stem.clone()).or_insert(0);
                    *n += 1;
                    let name = format!("{stem}_{n}");
                    names.push((name.clone(), format!("{kind}#{id}")));
                    name_of.insert(id, name.clone());
                    name
                }
            };
            named.push_str(&pick[at..start]);
            named.push_str(&name);
            at = end;
        }
        named.push_str(&pick[at..]);
        s.answer(&pick)?;
        answers.push(Taken {
            player: d.player,
            key: d.prompt.clone(),
            pick: named,
        });
    }
    Ok(Recording {
        seed,
        players,
        names,
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
    if !r.names.is_empty() {
        let _ = writeln!(
            out,
            "# The units the answers pick, each named when it is on the board."
        );
        let _ = writeln!(out, "names:");
        for (name, unit) in &r.names {
            let _ = writeln!(out, "  {name}: {}", yaml_str(unit));
        }
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

#[cfg(test)]
mod tests {
    use super::unit_refs;

    #[test]
    fn unit_references_in_options() {
        let refs = |o: &str| -> Vec<(String, u32)> {
            unit_refs(o)
                .into_iter()
                .map(|(s, e, k, id)| {
                    assert_eq!(&o[s..e], format!("{k}#{id}"));
                    (k, id)
                })
                .collect()
        };
        assert_eq!(refs("kind_a#12"), vec![("kind_a".into(), 12)]);
        assert_eq!(refs("sustain:kind_b#3"), vec![("kind_b".into(), 3)]);
        assert_eq!(
            refs("x#1 on a -> y#22"),
            vec![("x".into(), 1), ("y".into(), 22)]
        );
        assert!(refs("#5").is_empty());
        assert!(refs("a#").is_empty());
        assert!(refs("a#5b").is_empty());
    }
}
