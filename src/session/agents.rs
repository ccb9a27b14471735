//! Decisions and who answers them: the pending decision, the game record,
//! and the decision sources (random, scripted, replay, a person on stdin,
//! a program over JSON lines).

use super::GameError;
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// A choice the game is waiting for.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Decision {
    pub player: i64,
    /// The decision's key (what policies, scenarios and programs match);
    /// for a pack without keys, the prompt as the scripts wrote it.
    pub prompt: String,
    /// The key's arguments, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, String>,
    pub options: Vec<String>,
    /// The prompt as shown to a person: in the pack's language when it has
    /// a locale, else the prompt itself.
    #[serde(default)]
    pub text: String,
}

/// What reproduces a game: pack, options, seed, entry and every answer.
/// A field the program does not know is an error.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub pack: String,
    pub version: String,
    /// `ResolvedPack::content_hash` of the pack the game was played with
    /// (empty in records made before it was kept).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pack_hash: String,
    pub options: Vec<String>,
    pub seed: u64,
    pub entry: String,
    pub args: Value,
    pub decisions: Vec<String>,
}

pub enum Status {
    Pending(Decision),
    Finished(Value),
}

/// Where answers come from.
pub trait DecisionSource {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError>;
}

/// Uniform over the legal options, from its own seeded generator (so that
/// the game's dice do not depend on who answers).
pub struct RandomAgent(pub Rng);

impl DecisionSource for RandomAgent {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let i = self.0.index(d.options.len());
        Ok(d.options[i].clone())
    }
}

/// Answers from a list, in order.
pub struct Scripted {
    pub answers: Vec<String>,
    pub next: usize,
}

impl DecisionSource for Scripted {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let a = self.answers.get(self.next).cloned().ok_or_else(|| {
            GameError::Usage(format!(
                "scripted answers ran out at decision {}: p{} `{}` [{}]",
                self.next + 1,
                d.player,
                d.prompt,
                d.options.join(", ")
            ))
        })?;
        self.next += 1;
        Ok(a)
    }
}

/// Replays a record's answers, then hands over to `then` (if any).
pub struct Replay<'a> {
    pub answers: Vec<String>,
    pub next: usize,
    pub then: Option<&'a mut dyn DecisionSource>,
}

impl DecisionSource for Replay<'_> {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        if let Some(a) = self.answers.get(self.next) {
            self.next += 1;
            return Ok(a.clone());
        }
        match self.then.as_mut() {
            Some(t) => t.decide(d),
            None => Err(GameError::RecordEnded),
        }
    }
}

/// A person at the terminal: the prompt and numbered options on stdout,
/// an answer (number or option) on stdin.
pub struct Human;
impl DecisionSource for Human {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        let stdin = std::io::stdin();
        loop {
            println!("p{}: {}", d.player, d.text);
            for (i, o) in d.options.iter().enumerate() {
                println!("  {}) {o}", i + 1);
            }
            print!("> ");
            std::io::stdout().flush().ok();
            let mut line = String::new();
            if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
                return Err(GameError::Usage("input closed".into()));
            }
            let t = line.trim();
            if let Ok(i) = t.parse::<usize>() {
                if i >= 1 && i <= d.options.len() {
                    return Ok(d.options[i - 1].clone());
                }
            }
            if d.options.iter().any(|o| o == t) {
                return Ok(t.to_string());
            }
            println!("not an option: {t}");
        }
    }
}

/// JSON lines: writes {"decision": {...}}, reads {"choice": "..."} or {"index": n}.
pub struct JsonLines;
impl DecisionSource for JsonLines {
    fn decide(&mut self, d: &Decision) -> Result<String, GameError> {
        println!("{}", json!({ "decision": d }));
        std::io::stdout().flush().ok();
        let mut bytes = vec![];
        match std::io::stdin().lock().read_until(b'\n', &mut bytes) {
            Ok(0) => return Err(GameError::Usage("input closed".into())),
            Ok(_) => {}
            Err(e) => return Err(GameError::Usage(format!("reading an answer: {e}"))),
        }
        json_answer(&bytes, d)
    }
}

/// The option a JSON-lines answer names: `{"choice": "..."}` (an option's
/// text) or `{"index": n}` (counting from 0). Anything else, bytes that are
/// not UTF-8 included, is an error that shows at most 200 characters of it.
pub fn json_answer(bytes: &[u8], d: &Decision) -> Result<String, GameError> {
    let line = std::str::from_utf8(bytes)
        .map_err(|e| GameError::Usage(format!("the answer line is not UTF-8: {e}")))?;
    let shown: String = line.trim().chars().take(200).collect();
    let v: Value = serde_json::from_str(line.trim())
        .map_err(|e| GameError::Usage(format!("bad answer line `{shown}`: {e}")))?;
    if let Some(c) = v.get("choice").and_then(Value::as_str) {
        return Ok(c.to_string());
    }
    if let Some(i) = v.get("index").and_then(Value::as_u64) {
        if let Some(o) = usize::try_from(i).ok().and_then(|i| d.options.get(i)) {
            return Ok(o.clone());
        }
    }
    Err(GameError::Usage(format!(
        "answer is not an option (`index` counts from 0): {shown}"
    )))
}
