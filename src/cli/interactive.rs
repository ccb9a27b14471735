//! `imperium play` with seats: each player answered by an agent (random,
//! human, json), the human seats at a prompt that shows display names and
//! takes commands besides an answer: `help`, `board`, `hand`, `undo` (back
//! to the seat's last decision) and `quit`. A game may start from a saved
//! record (`--load`), replayed to where it stopped.

use super::map::display_name;
use crate::pack::ResolvedPack;
use crate::session::{Decision, DecisionSource, GameError, Limits, Record, Session};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::rc::Rc;

/// The agent of each seat: `default` for the seats not named.
#[derive(Debug, Clone, PartialEq)]
pub struct Seats {
    pub default: String,
    pub by_player: BTreeMap<i64, String>,
}

pub const AGENTS: &[&str] = &["random", "human", "json"];

impl Seats {
    /// `--seat 2=human` specs over a default agent.
    pub fn parse(default: &str, specs: &[String]) -> Result<Seats, String> {
        let mut by_player = BTreeMap::new();
        for s in specs {
            let (p, a) = s
                .split_once('=')
                .ok_or_else(|| format!("--seat `{s}`: give PLAYER=AGENT, e.g. 2=human"))?;
            let p: i64 = p
                .trim()
                .trim_start_matches('p')
                .parse()
                .ok()
                .filter(|p| *p >= 1)
                .ok_or_else(|| format!("--seat `{s}`: `{p}` is not a player number (1, 2, ...)"))?;
            let a = a.trim();
            if a.is_empty() || !a.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!(
                    "--seat `{s}`: `{a}` is not an agent ({}, or a policy of the pack such as greedy)",
                    AGENTS.join(", ")
                ));
            }
            by_player.insert(p, a.to_string());
        }
        Ok(Seats {
            default: default.to_string(),
            by_player,
        })
    }

    pub fn agent(&self, player: i64) -> &str {
        self.by_player
            .get(&player)
            .map(String::as_str)
            .unwrap_or(&self.default)
    }

    pub fn any_human(&self) -> bool {
        self.default == "human" || self.by_player.values().any(|a| a == "human")
    }
}

/// How a game is set up: a new one, or a saved record to resume.
pub struct Start {
    pub seed: u64,
    pub options: Vec<String>,
    pub entry: String,
    pub args: Value,
    /// Decisions to replay first.
    pub decisions: Vec<String>,
}

impl Start {
    pub fn from_record(rec: &Record) -> Start {
        Start {
            seed: rec.seed,
            options: rec.options.clone(),
            entry: rec.entry.clone(),
            args: rec.args.clone(),
            decisions: rec.decisions.clone(),
        }
    }
}

/// A session of `start` with its first `n` decisions replayed (quietly).
pub fn replayed(
    pack: &Rc<ResolvedPack>,
    start: &Start,
    limits: &Limits,
    n: usize,
) -> Result<Session, GameError> {
    let mut s = Session::new(pack.clone(), start.seed, &start.options, *limits)?;
    s.start(&start.entry, start.args.clone())?;
    for (i, a) in start.decisions.iter().take(n).enumerate() {
        if s.pending.is_none() {
            return Err(GameError::Usage(format!(
                "the saved game has {} decisions, but the game ended after {i}",
                start.decisions.len()
            )));
        }
        s.answer(a)?;
    }
    Ok(s)
}

/// An option as a person reads it: its display name, and the id when the
/// two differ (`Display Name [the_id]`).
pub fn shown_option(pack: &ResolvedPack, o: &str) -> String {
    // Unit references (`<kind>#13`) read as the unit kind's name.
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() {
            let (kind, rest) = match word.split_once('#') {
                Some((k, r)) => (k.to_string(), format!(" #{r}")),
                None => (word.clone(), String::new()),
            };
            out.push_str(&display_name(pack, &kind));
            out.push_str(&rest);
            word.clear();
        }
    };
    for c in o.chars() {
        if c.is_alphanumeric() || c == '_' || c == '#' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    if out == o {
        out
    } else {
        format!("{out} [{o}]")
    }
}

const HELP: &str = "answer with an option's number or id; or:
  board   the systems with units, planets and tokens
  hand    your cards, counters and what you hold
  undo    back to your last decision (the game replays to it)
  quit    stop here (the game record is kept; --save writes it)
  help    this list";

/// The board as lines of text: each system with a unit, a token or an
/// owned planet.
pub fn board_text(pack: &ResolvedPack, state: &Value) -> String {
    let empty = vec![];
    let arr = |k: &str| state.get(k).and_then(Value::as_array).unwrap_or(&empty);
    let mut out = String::new();
    let mut units: BTreeMap<String, BTreeMap<(String, String), usize>> = BTreeMap::new();
    for u in arr("units") {
        let Some(sys) = u
            .get("at")
            .and_then(|a| a.get("space").or_else(|| a.get("planet")))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let owner = u["owner"].as_str().unwrap_or("?").to_string();
        let kind = u["kind"].as_str().unwrap_or("?").to_string();
        *units
            .entry(sys.to_string())
            .or_default()
            .entry((owner, kind))
            .or_default() += 1;
    }
    let planet_owner: BTreeMap<&str, &str> = arr("planets")
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["owner"].as_str()?)))
        .collect();
    for s in arr("systems") {
        let Some(hex) = s["hex"].as_str() else {
            continue;
        };
        let tile = s["tile"].as_str().unwrap_or("?");
        let planets: Vec<&str> = s["planets"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut parts = vec![];
        let mut here: Vec<String> = vec![tile.to_string()];
        here.extend(planets.iter().map(|p| p.to_string()));
        for place in &here {
            if let Some(us) = units.get(place) {
                for ((owner, kind), n) in us {
                    parts.push(format!("{owner} {n} {}", display_name(pack, kind)));
                }
            }
        }
        for p in &planets {
            if let Some(o) = planet_owner.get(p) {
                parts.push(format!("{} ({o})", display_name(pack, p)));
            }
        }
        if let Some(toks) = s["tokens"].as_array() {
            for t in toks {
                parts.push(format!(
                    "{} token{}",
                    t["kind"].as_str().unwrap_or("?"),
                    t["owner"]
                        .as_str()
                        .map(|o| format!(" of {o}"))
                        .unwrap_or_default()
                ));
            }
        }
        if !parts.is_empty() {
            out.push_str(&format!(
                "{hex:>6} {}: {}\n",
                display_name(pack, tile),
                parts.join(", ")
            ));
        }
    }
    if out.is_empty() {
        out.push_str("(nothing on the board yet)\n");
    }
    out
}

/// What player `player` (1-based) holds: cards in their zones, counters,
/// holdings.
pub fn hand_text(pack: &ResolvedPack, state: &Value, player: i64) -> String {
    let mut out = String::new();
    let idx = player - 1;
    if let Some(zones) = state["zones"].as_object() {
        for (name, z) in zones {
            if z["owner"].as_i64() != Some(idx) {
                continue;
            }
            let cards: Vec<String> = z["cards"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(|c| display_name(pack, c))
                        .collect()
                })
                .unwrap_or_default();
            out.push_str(&format!("{name}: {}\n", cards.join(", ")));
        }
    }
    if let Some(p) = state["players"].get(idx as usize) {
        if let Some(c) = p["counters"].as_object() {
            let c: Vec<String> = c.iter().map(|(k, v)| format!("{k} {v}")).collect();
            out.push_str(&format!("counters: {}\n", c.join(", ")));
        }
        if let Some(h) = p["holds"].as_array() {
            let h: Vec<String> = h
                .iter()
                .filter_map(Value::as_str)
                .map(|x| display_name(pack, x.split_once('.').map_or(x, |(_, id)| id)))
                .collect();
            out.push_str(&format!("holds: {}\n", h.join(", ")));
        }
    }
    out
}

/// What a human seat said.
enum Said {
    Answer(String),
    Undo,
    Quit,
}

fn ask_human(
    pack: &ResolvedPack,
    s: &Session,
    d: &Decision,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Said, GameError> {
    let io = |e: std::io::Error| GameError::Usage(format!("the terminal: {e}"));
    loop {
        writeln!(out, "p{}: {}", d.player, d.text).map_err(io)?;
        for (i, o) in d.options.iter().enumerate() {
            writeln!(out, "  {}) {}", i + 1, shown_option(pack, o)).map_err(io)?;
        }
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Err(GameError::Usage("input closed".into()));
        }
        let t = line.trim();
        match t {
            "help" | "?" => writeln!(out, "{HELP}").map_err(io)?,
            "board" => write!(out, "{}", board_text(pack, &s.state_dump())).map_err(io)?,
            "hand" => write!(out, "{}", hand_text(pack, &s.state_dump(), d.player)).map_err(io)?,
            "undo" => return Ok(Said::Undo),
            "quit" => return Ok(Said::Quit),
            _ => {
                if let Ok(i) = t.parse::<usize>() {
                    if i >= 1 && i <= d.options.len() {
                        return Ok(Said::Answer(d.options[i - 1].clone()));
                    }
                }
                if d.options.iter().any(|o| o == t) {
                    return Ok(Said::Answer(t.to_string()));
                }
                writeln!(out, "not an option or a command: `{t}` (help lists them)").map_err(io)?;
            }
        }
    }
}

/// Plays `start` to its end (or a quit, or `max_decisions`) with `seats`;
/// `agent(name)` makes the non-human agents. `echo` is set on each
/// session made (a fresh one after an undo). Returns the session (its
/// record holds every decision) and how it ended.
#[allow(clippy::too_many_arguments)]
pub fn play(
    pack: &Rc<ResolvedPack>,
    start: Start,
    limits: &Limits,
    seats: &Seats,
    agent: &mut dyn FnMut(&str) -> Box<dyn DecisionSource>,
    echo: &dyn Fn(&mut Session),
    max_decisions: usize,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> (Option<Session>, Result<Value, GameError>) {
    let mut start = start;
    let mut s = match replayed(pack, &start, limits, start.decisions.len()) {
        Ok(s) => s,
        Err(e) => return (None, Err(e)),
    };
    echo(&mut s);
    let mut agents: BTreeMap<String, Box<dyn DecisionSource>> = BTreeMap::new();
    let res = loop {
        if let Some(r) = s.result.clone() {
            break Ok(r);
        }
        let Some(d) = s.pending.clone() else {
            break Err(GameError::Usage(
                "the game is neither waiting nor finished".into(),
            ));
        };
        if s.record.decisions.len() >= max_decisions {
            break Err(GameError::Usage(format!(
                "the game was still asking after {max_decisions} decisions (--max-decisions {max_decisions}): p{} `{}`",
                d.player, d.prompt
            )));
        }
        let who = seats.agent(d.player).to_string();
        let said = if who == "human" {
            match ask_human(pack, &s, &d, input, out) {
                Ok(x) => x,
                Err(e) => break Err(e),
            }
        } else {
            if !agents.contains_key(&who) {
                // The kernel's agents, or a policy of the pack (read from
                // this session, so it is made again after an undo).
                let made = if AGENTS.contains(&who.as_str()) {
                    agent(&who)
                } else {
                    match s.policy_agent(&who, start.seed) {
                        Ok(a) => Box::new(a) as Box<dyn DecisionSource>,
                        Err(e) => break Err(e),
                    }
                };
                agents.insert(who.clone(), made);
            }
            let Some(a) = agents.get_mut(&who) else {
                break Err(GameError::Usage(format!("no agent `{who}`")));
            };
            match a.decide(&d) {
                Ok(x) => Said::Answer(x),
                Err(e) => break Err(e),
            }
        };
        match said {
            Said::Answer(a) => {
                if let Err(e) = s.answer(&a) {
                    break Err(e);
                }
            }
            Said::Quit => break Err(GameError::Usage("stopped at the player's word".into())),
            Said::Undo => {
                // Back to the last decision a human seat took, whoever
                // answered since: the game replays to just before it.
                let mut back = None;
                let taken = s.record.decisions.len();
                // Which player each decision was for: replay to find out.
                let mut who_at = vec![];
                if let Ok(mut r) = replayed(pack, &start_of(&s, &start), limits, 0) {
                    for a in s.record.decisions.iter() {
                        who_at.push(r.pending.as_ref().map(|d| d.player).unwrap_or(0));
                        if r.answer(a).is_err() {
                            break;
                        }
                    }
                }
                for i in (0..taken.min(who_at.len())).rev() {
                    if seats.agent(who_at[i]) == "human" {
                        back = Some(i);
                        break;
                    }
                }
                let Some(n) = back else {
                    let _ = writeln!(out, "nothing to undo: no human decision yet");
                    continue;
                };
                start = start_of(&s, &start);
                match replayed(pack, &start, limits, n) {
                    Ok(mut fresh) => {
                        let _ =
                            writeln!(out, "undone: back to decision {} (p{})", n + 1, who_at[n]);
                        echo(&mut fresh);
                        s = fresh;
                        // Policies read the session they were made from.
                        agents.retain(|name, _| AGENTS.contains(&name.as_str()));
                    }
                    Err(e) => break Err(e),
                }
            }
        }
    };
    (Some(s), res)
}

/// `start` with the decisions taken so far in `s`.
fn start_of(s: &Session, start: &Start) -> Start {
    Start {
        seed: start.seed,
        options: start.options.clone(),
        entry: start.entry.clone(),
        args: start.args.clone(),
        decisions: s.record.decisions.clone(),
    }
}
