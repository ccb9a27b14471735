//! Scenario files: a setup, scripted answers, acts and expectations, run
//! against a pack; their logs are the golden files.

use crate::pack::{locate_text, parse_yaml, ResolvedPack};
use crate::rng::Rng;
use crate::session::{GameError, Limits, RandomAgent, Scripted, Session};
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::rc::Rc;

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default = "default_seed")]
    pub seed: u64,
    #[serde(default)]
    pub options: Vec<String>,
    /// Arguments for the pack's scenario entry (players, map and so on).
    #[serde(default)]
    pub args: Value,
    /// Lua run after the entry built the board.
    #[serde(default)]
    pub setup: Option<String>,
    /// Lua that acts: calls steps and procedures.
    #[serde(default)]
    pub run: Option<String>,
    /// Answers to the decisions, in order.
    #[serde(default)]
    pub answers: Vec<String>,
    /// After the scripted answers run out, answer at random (seeded) instead of failing.
    #[serde(default)]
    pub then_random: bool,
    /// Lua expressions that must be true at the end.
    #[serde(default)]
    pub expect: Vec<String>,
    /// The run must fail with an error containing this text; the state
    /// must be as it was before the failing action.
    #[serde(default)]
    pub expect_error: Option<String>,
}

fn default_seed() -> u64 {
    1
}

pub struct Outcome {
    pub name: String,
    pub log: Vec<String>,
    pub failures: Vec<String>,
    /// The state at the end, as JSON.
    pub state: Value,
    /// Log lines and prompts the pack's locale left untranslated.
    pub untranslated: Vec<String>,
}

impl Outcome {
    /// The golden text: the log and the verdict of each expectation.
    pub fn golden(&self) -> String {
        let mut s = self.log.join("\n");
        s.push('\n');
        s
    }
}

/// The scenario files of a pack, sorted.
pub fn scenario_files(pack_dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(pack_dir.join("tests"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("yaml"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

pub fn load(path: &Path, pack_id: &str) -> Result<(Scenario, String), GameError> {
    let src = std::fs::read_to_string(path)
        .map_err(|e| GameError::Usage(format!("{}: {e}", path.display())))?;
    let rel = format!(
        "tests/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let v = parse_yaml(pack_id, &rel, &src).map_err(|d| GameError::Usage(d.to_string()))?;
    let sc: Scenario = serde_json::from_value(v)
        .map_err(|e| GameError::Usage(format!("content/{pack_id}/{rel}: {e}")))?;
    Ok((sc, src))
}

/// Runs one scenario file of `pack`.
pub fn run(pack: &Rc<ResolvedPack>, path: &Path, echo: bool) -> Result<Outcome, GameError> {
    let pid = pack.id.clone();
    let (sc, src) = load(path, &pid)?;
    let rel = format!(
        "tests/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let mut session = Session::new(pack.clone(), sc.seed, &sc.options, Limits::default())?;
    session.log_decisions = true;
    if echo {
        session.set_echo(Some(Box::new(|l: &str| println!("{l}"))));
    }
    let chunk = |key: &str, code: &Option<String>| -> Option<(String, String)> {
        code.as_ref().map(|c| {
            let (line, _) = locate_text(&src, &[key], None);
            (
                format!("@content/{pid}/{rel}"),
                format!("{}{c}", "\n".repeat(line)),
            )
        })
    };
    let mut chunks = vec![];
    chunks.extend(chunk("setup", &sc.setup));
    chunks.extend(chunk("run", &sc.run));
    let entry = pack
        .entry
        .get("scenario")
        .cloned()
        .unwrap_or_else(|| "scenario".into());
    let mut args = sc.args.clone();
    if args.is_null() {
        args = Value::Object(Default::default());
    }
    let mut failures = vec![];
    let result = session
        .start_with_chunks(&entry, args, &chunks)
        .and_then(|_| {
            let mut scripted = Scripted {
                answers: sc.answers.clone(),
                next: 0,
            };
            let mut random = RandomAgent(Rng::new(sc.seed ^ 0x5eed));
            loop {
                if session.result.is_some() {
                    break;
                }
                let Some(d) = session.pending.clone() else {
                    break;
                };
                let a = if scripted.next < scripted.answers.len() || !sc.then_random {
                    crate::session::DecisionSource::decide(&mut scripted, &d)?
                } else {
                    crate::session::DecisionSource::decide(&mut random, &d)?
                };
                session.answer(&a)?;
            }
            Ok(())
        });
    let mut log = session.log();
    match (&result, &sc.expect_error) {
        (Err(e), Some(want)) => {
            let msg = e.to_string();
            if !msg.contains(want.as_str()) {
                failures.push(format!("expected an error containing `{want}`, got: {msg}"));
            }
            log.push(format!("error: {}", msg.lines().next().unwrap_or("")));
        }
        (Err(e), None) => {
            failures.push(format!("the scenario failed: {e}"));
            log.push(format!("error: {e}"));
        }
        (Ok(()), Some(want)) => failures.push(format!(
            "expected an error containing `{want}`, but the run succeeded"
        )),
        (Ok(()), None) => {}
    }
    if result.is_ok() && session.pending.is_some() {
        failures.push("the scenario stopped at an unanswered decision".into());
    }
    if result.is_ok() && sc.answers.len() > session.record.decisions.len() && !sc.then_random {
        failures.push(format!(
            "{} scripted answers were left unused",
            sc.answers.len() - session.record.decisions.len()
        ));
    }
    for (i, e) in sc.expect.iter().enumerate() {
        let (line, _) = locate_text(&src, &["expect"], None);
        let name = format!("@content/{pid}/{rel}");
        let code = format!("{}return ({e})", "\n".repeat(line + i));
        match session.exec(&name, &code) {
            Ok(Value::Bool(true)) => log.push(format!("expect ok: {e}")),
            Ok(v) => {
                failures.push(format!(
                    "content/{pid}/{rel}:{}: expectation failed: {e} (got {v})",
                    line + i + 1
                ));
                log.push(format!("expect FAILED: {e}"));
            }
            Err(err) => {
                failures.push(format!(
                    "content/{pid}/{rel}: expectation error: {e}: {err}"
                ));
                log.push(format!("expect ERROR: {e}"));
            }
        }
    }
    Ok(Outcome {
        name: path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string(),
        log,
        failures,
        state: session.state_dump(),
        untranslated: session.untranslated(),
    })
}

/// The body of an insta snapshot file (after its front matter).
pub fn snapshot_body(text: &str) -> String {
    let mut parts = text.splitn(3, "---\n");
    let first = parts.next().unwrap_or("");
    if !first.is_empty() {
        return text.to_string();
    }
    let _meta = parts.next();
    parts.next().unwrap_or("").to_string()
}

/// Writes a snapshot in insta's format so `cargo insta` can review it.
pub fn snapshot_text(body: &str) -> String {
    format!("---\nsource: tests/packs.rs\nexpression: golden\n---\n{body}")
}

pub fn snapshot_path(pack_dir: &Path, name: &str) -> PathBuf {
    pack_dir
        .join("tests")
        .join("snapshots")
        .join(format!("{name}.snap"))
}
