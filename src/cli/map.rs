//! `imperium map`: the galaxy as an SVG picture, drawn from a state dump:
//! each hex with its tile's name, planets with their owners, units by owner
//! and kind, tokens (command tokens and others) by owner, and the links
//! between systems that are not neighbours on the board (wormholes,
//! hyperlanes). The text is stable for a given state, so a test can
//! snapshot it.

use crate::pack::ResolvedPack;
use crate::session::{DecisionSource, GameError, Limits, Replay, Session};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::rc::Rc;

/// Hex radius in pixels.
const R: f64 = 64.0;
const COLORS: &[&str] = &[
    "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The display name of an id: `names.<id>` of the locale, else the `name`
/// of a definition with that id, else the id.
pub fn display_name(pack: &ResolvedPack, id: &str) -> String {
    if let Some(n) = pack.locale_strings.get(&format!("names.{id}")) {
        return n.clone();
    }
    for defs in pack.collections.values() {
        if let Some(n) = defs
            .get(id)
            .and_then(|d| d.value.get("name"))
            .and_then(Value::as_str)
        {
            return n.to_string();
        }
    }
    id.to_string()
}

/// The state after `decisions` answers of a seeded game (random agent), or
/// at its end.
pub fn game_state(
    pack: &Rc<ResolvedPack>,
    players: u32,
    seed: u64,
    options: &[String],
    decisions: usize,
) -> Result<Value, GameError> {
    let mut s = Session::new(pack.clone(), seed, options, Limits::default())?;
    s.set_logging(false);
    s.start(&super::game_entry(pack), json!({ "players": players }))?;
    let mut agent = super::record::random_agent(seed);
    let mut n = 0;
    while let Some(d) = s.pending.clone() {
        if n >= decisions || s.result.is_some() {
            break;
        }
        let pick = agent.decide(&d)?;
        s.answer(&pick)?;
        n += 1;
    }
    Ok(s.state_dump())
}

/// The state of a saved game after `decisions` of its answers (all: None).
pub fn saved_state(
    pack: &Rc<ResolvedPack>,
    rec: &crate::session::Record,
    decisions: Option<usize>,
) -> Result<Value, GameError> {
    let mut s = Session::new(pack.clone(), rec.seed, &rec.options, Limits::default())?;
    s.set_logging(false);
    let mut answers = rec.decisions.clone();
    if let Some(n) = decisions {
        answers.truncate(n);
    }
    s.start(&rec.entry, rec.args.clone())?;
    let mut src = Replay {
        answers,
        next: 0,
        then: None,
    };
    match s.run(&mut src) {
        Ok(_) | Err(GameError::RecordEnded) => Ok(s.state_dump()),
        Err(e) => Err(e),
    }
}

fn hex_of(s: &Value) -> Option<(i64, i64)> {
    let h = s.get("hex")?.as_str()?;
    let (q, r) = h.split_once(',')?;
    Some((q.trim().parse().ok()?, r.trim().parse().ok()?))
}

fn center(q: i64, r: i64) -> (f64, f64) {
    let (q, r) = (q as f64, r as f64);
    // `+ 0.0` turns -0.0 into 0.0, so the text does not show `-0.0`.
    (R * 3f64.sqrt() * (q + r / 2.0) + 0.0, R * 1.5 * r + 0.0)
}

/// The SVG text of the galaxy in `state` (a state dump).
pub fn svg(pack: &ResolvedPack, state: &Value) -> String {
    let empty = vec![];
    let arr = |k: &str| state.get(k).and_then(Value::as_array).unwrap_or(&empty);
    let players: Vec<String> = arr("players")
        .iter()
        .filter_map(|p| p.get("id").and_then(Value::as_str).map(String::from))
        .collect();
    let color = |owner: &str| -> &str {
        players
            .iter()
            .position(|p| p == owner)
            .map_or("#777777", |i| COLORS[i % COLORS.len()])
    };
    // Systems on the board, by tile.
    let systems: Vec<(&Value, (i64, i64))> = arr("systems")
        .iter()
        .filter_map(|s| hex_of(s).map(|h| (s, h)))
        .collect();
    let mut by_tile: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for (s, h) in &systems {
        if let Some(t) = s.get("tile").and_then(Value::as_str) {
            by_tile.insert(t, *h);
        }
    }
    let planet_owner: BTreeMap<&str, Option<&str>> = arr("planets")
        .iter()
        .filter_map(|p| {
            Some((
                p.get("id")?.as_str()?,
                p.get("owner").and_then(Value::as_str),
            ))
        })
        .collect();
    // Units: where each one is (a carried unit is where its carrier is).
    let units: BTreeMap<i64, &Value> = arr("units")
        .iter()
        .filter_map(|u| Some((u.get("id")?.as_i64()?, u)))
        .collect();
    let place = |u: &Value| -> Option<(String, Option<String>)> {
        let mut at = u.get("at")?;
        for _ in 0..8 {
            if let Some(s) = at.get("space").and_then(Value::as_str) {
                return Some((s.to_string(), None));
            }
            if let Some(p) = at.get("planet").and_then(Value::as_str) {
                let sys = arr("systems").iter().find(|s| {
                    s.get("planets")
                        .and_then(Value::as_array)
                        .is_some_and(|ps| ps.iter().any(|x| x == p))
                })?;
                return Some((sys.get("tile")?.as_str()?.to_string(), Some(p.to_string())));
            }
            let c = at.get("carried_by")?.as_i64()?;
            at = units.get(&c)?.get("at")?;
        }
        None
    };
    // (tile, planet or space) -> owner -> kind -> count
    type Counts = BTreeMap<String, BTreeMap<String, usize>>;
    let mut forces: BTreeMap<(String, Option<String>), Counts> = BTreeMap::new();
    for u in units.values() {
        let Some(at) = place(u) else { continue };
        let owner = u
            .get("owner")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        let kind = u
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        *forces
            .entry(at)
            .or_default()
            .entry(owner)
            .or_default()
            .entry(kind)
            .or_default() += 1;
    }
    let count_list = |m: &BTreeMap<String, usize>| -> String {
        m.iter()
            .map(|(k, n)| {
                let name = display_name(pack, k);
                if *n == 1 {
                    name
                } else {
                    format!("{n} {name}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };

    // The picture's bounds.
    let (mut x0, mut y0, mut x1, mut y1) = (0f64, 0f64, 0f64, 0f64);
    for (_, (q, r)) in &systems {
        let (x, y) = center(*q, *r);
        x0 = x0.min(x - R);
        x1 = x1.max(x + R);
        y0 = y0.min(y - R);
        y1 = y1.max(y + R);
    }
    let pad = 10.0;
    let legend_h = 22.0 * (players.len() as f64 + 1.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{:.1} {:.1} {:.1} {:.1}\" font-family=\"sans-serif\">",
        x0 - pad,
        y0 - pad - legend_h,
        x1 - x0 + 2.0 * pad,
        y1 - y0 + 2.0 * pad + legend_h
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&pack.id));
    // Legend.
    for (i, p) in players.iter().enumerate() {
        let y = y0 - legend_h + 22.0 * i as f64;
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"14\" height=\"14\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">{}</text>",
            x0,
            y,
            color(p),
            x0 + 20.0,
            y + 12.0,
            esc(&legend_name(pack, state, p))
        );
    }
    // Links that are not board adjacency.
    for l in arr("links") {
        let kind = l.get("kind").and_then(Value::as_str).unwrap_or("");
        if kind == "border" || kind == "adjacent" {
            continue;
        }
        let (Some(a), Some(b)) = (
            l.get("from")
                .and_then(Value::as_str)
                .and_then(|t| by_tile.get(t)),
            l.get("to")
                .and_then(Value::as_str)
                .and_then(|t| by_tile.get(t)),
        ) else {
            continue;
        };
        if a >= b {
            continue;
        }
        let ((ax, ay), (bx, by)) = (center(a.0, a.1), center(b.0, b.1));
        let _ = writeln!(
            out,
            "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"#aa66cc\" stroke-dasharray=\"6 4\" opacity=\"0.6\"><title>{}</title></line>",
            esc(kind)
        );
    }
    for (s, (q, r)) in &systems {
        let (cx, cy) = center(*q, *r);
        let tile = s.get("tile").and_then(Value::as_str).unwrap_or("");
        let pts: Vec<String> = (0..6)
            .map(|i| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * i as f64 - 30.0);
                let (x, y) = (cx + R * a.cos(), cy + R * a.sin());
                // Rounded first, so that -0.04 does not print as `-0.0`.
                let r1 = |v: f64| (v * 10.0).round() / 10.0 + 0.0;
                format!("{:.1},{:.1}", r1(x), r1(y))
            })
            .collect();
        let _ = writeln!(
            out,
            "<g class=\"system\" data-tile=\"{}\" data-hex=\"{q},{r}\">",
            esc(tile)
        );
        let _ = writeln!(
            out,
            "<polygon points=\"{}\" fill=\"#f4f1e8\" stroke=\"#555555\"/>",
            pts.join(" ")
        );
        let mut y = cy - R * 0.62;
        let mut line = |out: &mut String, text: &str, size: f64, fill: &str, bold: bool| {
            let _ = writeln!(
                out,
                "<text x=\"{cx:.1}\" y=\"{y:.1}\" font-size=\"{size:.0}\" text-anchor=\"middle\" fill=\"{fill}\"{}>{}</text>",
                if bold { " font-weight=\"bold\"" } else { "" },
                esc(text)
            );
            y += size + 2.0;
        };
        line(&mut out, &display_name(pack, tile), 9.0, "#000000", true);
        // Tokens by kind and owner.
        let mut tokens: BTreeMap<(String, Option<String>), usize> = BTreeMap::new();
        for t in s.get("tokens").and_then(Value::as_array).unwrap_or(&empty) {
            let kind = t
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string();
            let owner = t.get("owner").and_then(Value::as_str).map(String::from);
            *tokens.entry((kind, owner)).or_default() += 1;
        }
        for ((kind, owner), n) in &tokens {
            let fill = owner.as_deref().map_or("#444444", color);
            let who = owner
                .as_deref()
                .map(|o| format!("{o} "))
                .unwrap_or_default();
            let label = if *n == 1 {
                format!("[{who}{kind}]")
            } else {
                format!("[{who}{n} {kind}]")
            };
            line(&mut out, &label, 7.0, fill, false);
        }
        // Units in space.
        if let Some(by_owner) = forces.get(&(tile.to_string(), None)) {
            for (owner, kinds) in by_owner {
                line(
                    &mut out,
                    &format!("{owner}: {}", count_list(kinds)),
                    7.0,
                    color(owner),
                    false,
                );
            }
        }
        // Planets: name, owner, units on it.
        for p in s.get("planets").and_then(Value::as_array).unwrap_or(&empty) {
            let Some(pid) = p.as_str() else { continue };
            let owner = planet_owner.get(pid).copied().flatten();
            let name = display_name(pack, pid);
            let label = match owner {
                Some(o) => format!("● {name} ({o})"),
                None => format!("○ {name}"),
            };
            line(&mut out, &label, 8.0, owner.map_or("#333333", color), false);
            if let Some(by_owner) = forces.get(&(tile.to_string(), Some(pid.to_string()))) {
                for (o, kinds) in by_owner {
                    line(
                        &mut out,
                        &format!("{o}: {}", count_list(kinds)),
                        7.0,
                        color(o),
                        false,
                    );
                }
            }
        }
        let _ = writeln!(out, "</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// A player's legend: the id, and the display name of a `faction`-like
/// prop when there is one.
fn legend_name(pack: &ResolvedPack, state: &Value, id: &str) -> String {
    let p = state
        .get("players")
        .and_then(Value::as_array)
        .and_then(|ps| {
            ps.iter()
                .find(|p| p.get("id").and_then(Value::as_str) == Some(id))
        });
    let mut names = vec![];
    if let Some(props) = p.and_then(|p| p.get("props")).and_then(Value::as_object) {
        for (_, v) in props {
            if let Some(s) = v.as_str() {
                if pack.collections.values().any(|c| c.contains_key(s)) {
                    names.push(display_name(pack, s));
                }
            }
        }
    }
    if names.is_empty() {
        id.to_string()
    } else {
        format!("{id}: {}", names.join(", "))
    }
}

/// When `play --svg-every` draws the galaxy.
#[derive(Debug, Clone, PartialEq)]
pub enum Every {
    /// Every N decisions.
    Decisions(usize),
    /// Each time a game-wide number (a counter or an integer property,
    /// such as a pack's `round`) takes a new value.
    Counter(String),
}

impl Every {
    /// `round` (any game counter's name) or a number of decisions.
    pub fn parse(s: &str) -> Result<Every, String> {
        let s = s.trim();
        if let Ok(n) = s.parse::<usize>() {
            return match n {
                0 => Err("--svg-every: a number of decisions is at least 1".into()),
                n => Ok(Every::Decisions(n)),
            };
        }
        if s.is_empty() || !s.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!(
                "--svg-every: `{s}` is neither a number of decisions nor the name of a game-wide number such as `round`"
            ));
        }
        Ok(Every::Counter(s.to_string()))
    }
}

/// Draws pictures of a game as it is played (`play --svg-every`).
pub struct Pictures {
    pub every: Every,
    pub dir: std::path::PathBuf,
    last: Option<i64>,
    decisions: usize,
    /// The files written, in order.
    pub written: Vec<std::path::PathBuf>,
}

impl Pictures {
    pub fn new(every: Every, dir: std::path::PathBuf) -> Result<Pictures, String> {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Pictures {
            every,
            dir,
            last: None,
            decisions: 0,
            written: vec![],
        })
    }

    fn write(&mut self, pack: &ResolvedPack, s: &Session, name: &str) -> Result<(), GameError> {
        let f = self.dir.join(name);
        std::fs::write(&f, svg(pack, &s.state_dump()))
            .map_err(|e| GameError::Usage(format!("{}: {e}", f.display())))?;
        self.written.push(f);
        Ok(())
    }

    /// Looks at the game before its next decision: a new picture when the
    /// counter changed, or after every N decisions.
    pub fn look(&mut self, pack: &ResolvedPack, s: &Session) -> Result<(), GameError> {
        match self.every.clone() {
            Every::Counter(c) => {
                let v = s.game_number(&c);
                if v.is_some() && v != self.last {
                    self.last = v;
                    self.write(pack, s, &format!("{c}-{:03}.svg", v.unwrap_or(0)))?;
                }
            }
            Every::Decisions(n) => {
                if self.decisions.is_multiple_of(n) {
                    self.write(pack, s, &format!("decision-{:05}.svg", self.decisions))?;
                }
            }
        }
        Ok(())
    }

    /// Plays the started game `s` to its end like [`Session::run`], drawing
    /// as it goes, and the end of the game as `end.svg`.
    pub fn run(
        &mut self,
        pack: &ResolvedPack,
        s: &mut Session,
        source: &mut dyn DecisionSource,
    ) -> Result<Value, GameError> {
        loop {
            if let Some(r) = s.result.clone() {
                self.write(pack, s, "end.svg")?;
                return Ok(r);
            }
            self.look(pack, s)?;
            let d = s.pending.clone().ok_or_else(|| {
                GameError::Usage("the game is neither waiting nor finished".into())
            })?;
            let a = source.decide(&d)?;
            s.answer(&a)?;
            self.decisions += 1;
        }
    }
}
