//! Scenario files: a setup, scripted answers, acts and expectations, run
//! against a pack; their logs are the golden files.

use crate::pack::{locate_text, parse_yaml, ResolvedPack};
use crate::rng::Rng;
use crate::session::{GameError, Limits, RandomAgent, Session};
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
    /// The pack entry to start: `scenario` (the default), `game`, or a
    /// procedure's name. With an entry named here the golden log is the
    /// whole log (a recorded game, say).
    #[serde(default)]
    pub entry: Option<String>,
    /// When the answers run out at a decision, end there without a failure
    /// (a recording that stopped before the game ended).
    #[serde(default)]
    pub stop_at_last_answer: bool,
    /// Lua run after the entry built the board.
    #[serde(default)]
    pub setup: Option<String>,
    /// Lua that acts: calls steps and procedures.
    #[serde(default)]
    pub run: Option<String>,
    /// Answers to the decisions, in order: an option as it is, or
    /// `{player: 2, key: assign_hit, pick: dn1}` (the decision's key, and
    /// an option or the name of a unit the scenario spawned `as` that name).
    #[serde(default)]
    pub answers: Vec<Answer>,
    /// Names of units that appear during the game (a recorded game's):
    /// `name: kind#id`; each name is given to its unit as soon as the unit
    /// is on the board, so answers can pick it by name.
    #[serde(default)]
    pub names: indexmap::IndexMap<String, String>,
    /// The answer to every yes/no decision the keyed answers do not
    /// address: a decision with options exactly `yes` and `no` whose key is
    /// not the next answer's gets this answer without using one.
    #[serde(default)]
    pub yes_no: Option<String>,
    /// After the scripted answers run out, answer at random (seeded) instead of failing.
    #[serde(default)]
    pub then_random: bool,
    /// Lua expressions that must be true at the end.
    #[serde(default)]
    pub expect: Vec<String>,
    /// Ids of the rules (from the pack's tests/rules.yaml) this scenario
    /// exercises: `imperium coverage` builds the pack's table from them.
    #[serde(default)]
    pub covers: Vec<String>,
    /// The run must fail with an error containing this text; the state
    /// must be as it was before the failing action.
    #[serde(default)]
    pub expect_error: Option<String>,
}

fn default_seed() -> u64 {
    1
}

/// One scripted answer.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum Answer {
    /// The option itself, for the next decision whatever it is.
    Plain(String),
    /// A decision addressed by key (and player), an option picked by id or
    /// unit name.
    Keyed {
        #[serde(default)]
        player: Option<i64>,
        key: String,
        pick: String,
    },
}

/// The option of `d` that `pick` names: the option itself; or, with unit
/// names, an option naming that unit (`kind#id`, alone or after a `:`),
/// where `sustain:dn1` stands for `sustain:<kind>#<id>`.
pub fn resolve_pick(
    session: &Session,
    d: &crate::session::Decision,
    pick: &str,
) -> Result<String, String> {
    if d.options.iter().any(|o| o == pick) {
        return Ok(pick.to_string());
    }
    let (prefix, name) = match pick.rsplit_once(':') {
        Some((a, b)) => (Some(a), b),
        None => (None, pick),
    };
    if let Some((id, kind)) = session.named_unit(name) {
        let unit = format!("{kind}#{id}");
        let found: Vec<&String> = d
            .options
            .iter()
            .filter(|o| match prefix {
                Some(pre) => **o == format!("{pre}:{unit}"),
                None => **o == unit || o.ends_with(&format!(":{unit}")),
            })
            .collect();
        match found.as_slice() {
            [one] => return Ok((*one).clone()),
            [] => {}
            many => {
                return Err(format!(
                "`{pick}` ({unit}) matches several options: {}; say which (e.g. `sustain:{name}`)",
                many.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            }
        }
    }
    // Names inside a longer option: `sd1 on saudor -> wellon`.
    let spelled = spell_names(session, pick);
    if spelled != pick && d.options.contains(&spelled) {
        return Ok(spelled);
    }
    Err(format!(
        "`{pick}` is not an option of p{} `{}` (options: {})",
        d.player,
        d.prompt,
        d.options.join(", ")
    ))
}

/// `pick` with every word that names a unit spelled `kind#id`.
fn spell_names(session: &Session, pick: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match session.named_unit(word) {
            Some((id, kind)) => out.push_str(&format!("{kind}#{id}")),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in pick.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
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
/// The scenario files of a pack: `tests/*.yaml` but `tests/rules.yaml`.
pub fn scenario_files(pack_dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(pack_dir.join("tests"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("yaml"))
                // The pack's list of rules for `imperium coverage`.
                .filter(|p| p.file_name().and_then(|x| x.to_str()) != Some("rules.yaml"))
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
    if !v.is_object() {
        return Err(GameError::Usage(format!(
            "content/{pack_id}/{rel}: a scenario is a mapping of name, seed, args, setup, run, answers and expect, not {}",
            match v {
                Value::Array(_) => "a list",
                Value::Null => "an empty file",
                _ => "a single value",
            }
        )));
    }
    let sc: Scenario = serde_json::from_value(v)
        .map_err(|e| GameError::Usage(format!("content/{pack_id}/{rel}: {e}")))?;
    Ok((sc, src))
}

/// Runs one scenario file of `pack`.
pub fn run(pack: &Rc<ResolvedPack>, path: &Path, echo: bool) -> Result<Outcome, GameError> {
    run_limited(pack, path, echo, Limits::default())
}

/// Runs one scenario file of `pack` within `limits` (whose ctx checks are
/// always on: a scenario checks what windows are given).
pub fn run_limited(
    pack: &Rc<ResolvedPack>,
    path: &Path,
    echo: bool,
    limits: Limits,
) -> Result<Outcome, GameError> {
    let pid = pack.id.clone();
    let (sc, src) = load(path, &pid)?;
    let rel = format!(
        "tests/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let limits = Limits {
        check_ctx: true,
        ..limits
    };
    let mut session = Session::new(pack.clone(), sc.seed, &sc.options, limits)?;
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
    // The golden log starts here: set-up lines are not golden (with an
    // entry named, the whole log is).
    if sc.entry.is_none() {
        chunks.push(("=golden".into(), "game.__golden_start()".into()));
    }
    chunks.extend(chunk("run", &sc.run));
    let role = sc.entry.clone().unwrap_or_else(|| "scenario".into());
    let entry = pack.entry.get(&role).cloned().unwrap_or(role);
    let mut args = sc.args.clone();
    if args.is_null() {
        args = Value::Object(Default::default());
    }
    // Names waiting for their unit: (name, id).
    let mut to_name: Vec<(String, u32)> = vec![];
    for (name, unit) in &sc.names {
        let id = unit
            .rsplit_once('#')
            .and_then(|(_, n)| n.parse::<u32>().ok())
            .filter(|_| !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .ok_or_else(|| {
                GameError::Usage(format!(
                    "content/{pid}/{rel}: names: `{name}: {unit}`: a name (letters, digits, `_`) for a unit given as kind#id"
                ))
            })?;
        to_name.push((name.clone(), id));
    }
    let mut failures = vec![];
    let mut answers_used = 0;
    let result = session
        .start_with_chunks(&entry, args, &chunks)
        .and_then(|_| {
            let mut next = 0;
            let mut random = RandomAgent(Rng::new(sc.seed ^ 0x5eed));
            loop {
                if session.result.is_some() {
                    break;
                }
                let Some(d) = session.pending.clone() else {
                    break;
                };
                if !to_name.is_empty() {
                    let mut left = vec![];
                    for (name, id) in to_name.drain(..) {
                        if !session.name_unit(&name, id).map_err(|e| {
                            GameError::Usage(format!("content/{pid}/{rel}: names: {e}"))
                        })? {
                            left.push((name, id));
                        }
                    }
                    to_name = left;
                }
                let yes_no = d.options.len() == 2
                    && d.options.iter().any(|o| o == "yes")
                    && d.options.iter().any(|o| o == "no");
                let wanted = sc.answers.get(next);
                if let Some(default) = &sc.yes_no {
                    let addressed = wanted.is_some_and(|a| match a {
                        Answer::Plain(_) => true,
                        Answer::Keyed { key, player, .. } => {
                            *key == d.prompt && player.is_none_or(|p| p == d.player)
                        }
                    });
                    if yes_no && !addressed {
                        session.answer(default)?;
                        continue;
                    }
                }
                let a = match wanted {
                    Some(Answer::Plain(a)) => a.clone(),
                    Some(Answer::Keyed { player, key, pick }) => {
                        let at = format!("answer {}", next + 1);
                        if *key != d.prompt {
                            return Err(GameError::Usage(format!(
                                "content/{pid}/{rel}: {at} is for `{key}`, but p{} is asked `{}` [{}]",
                                d.player,
                                d.prompt,
                                d.options.join(", ")
                            )));
                        }
                        if let Some(p) = player {
                            if *p != d.player {
                                return Err(GameError::Usage(format!(
                                    "content/{pid}/{rel}: {at} is for p{p}, but p{} is asked `{key}`",
                                    d.player
                                )));
                            }
                        }
                        resolve_pick(&session, &d, pick).map_err(|e| {
                            GameError::Usage(format!("content/{pid}/{rel}: {at}: {e}"))
                        })?
                    }
                    None if sc.stop_at_last_answer => break,
                    None if sc.then_random => {
                        crate::session::DecisionSource::decide(&mut random, &d)?
                    }
                    None => {
                        return Err(GameError::Usage(format!(
                            "scripted answers ran out at decision {}: p{} `{}` [{}]",
                            next + 1,
                            d.player,
                            d.prompt,
                            d.options.join(", ")
                        )))
                    }
                };
                if wanted.is_some() {
                    next += 1;
                }
                session.answer(&a)?;
            }
            answers_used = next;
            Ok(())
        });
    let mut log = session
        .log()
        .split_off(session.golden_from().min(session.log_len()));
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
    if result.is_ok() && session.pending.is_some() && !sc.stop_at_last_answer {
        failures.push("the scenario stopped at an unanswered decision".into());
    }
    if result.is_ok() && sc.answers.len() > answers_used {
        let left: Vec<String> = sc.answers[answers_used..]
            .iter()
            .map(|a| match a {
                Answer::Plain(s) => s.clone(),
                Answer::Keyed { key, pick, .. } => format!("{key}: {pick}"),
            })
            .collect();
        failures.push(format!(
            "{} scripted answers were left unused ({})",
            left.len(),
            left.join(", ")
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

/// How a golden check went for one scenario (or the perft counts).
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Ok,
    /// The expectations failed or the run broke.
    Fail,
    /// The log differs from its golden (or there is none).
    Changed,
    /// The golden was rewritten (`accept`).
    Accepted,
}

/// One scenario's result against its golden.
#[derive(Debug, Clone)]
pub struct Checked {
    pub name: String,
    pub verdict: Verdict,
    /// Failed expectations, errors and untranslated lines.
    pub problems: Vec<String>,
    /// For a changed golden: the first differing lines (old, new).
    pub diff: Vec<(String, String)>,
    pub new_golden: bool,
}

/// A golden check: the verdict, the first differing lines (old, new), and
/// whether the golden was missing.
type GoldenCheck = (Verdict, Vec<(String, String)>, bool);

/// Compares `text` with the golden `name` of the pack in `dir`; with
/// `accept`, rewrites a golden that differs.
fn check_golden(dir: &Path, name: &str, text: &str, accept: bool) -> Result<GoldenCheck, String> {
    let snap = snapshot_path(dir, name);
    let old = std::fs::read_to_string(&snap)
        .ok()
        .map(|t| snapshot_body(&t));
    if old.as_deref() == Some(text) {
        return Ok((Verdict::Ok, vec![], false));
    }
    if accept {
        if let Some(parent) = snap.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        std::fs::write(&snap, snapshot_text(text)).map_err(|e| e.to_string())?;
        return Ok((Verdict::Accepted, vec![], false));
    }
    let o = old.clone().unwrap_or_default();
    let mut diff: Vec<(String, String)> = o
        .lines()
        .zip(text.lines())
        .filter(|(a, b)| a != b)
        .take(3)
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let (no, nn) = (o.lines().count(), text.lines().count());
    if diff.is_empty() && no != nn {
        diff.push((format!("({no} lines)"), format!("({nn} lines)")));
    }
    Ok((Verdict::Changed, diff, old.is_none()))
}

/// Runs every scenario of a pack (and its perft counts, when it declares
/// them) against the goldens: the one routine behind `imperium test` and
/// the cargo tests. A scenario fails on a failed expectation, an error, a
/// changed golden, or (in a pack whose language is not English) a line the
/// locale leaves untranslated.
pub fn test_pack(pack: &Rc<ResolvedPack>, accept: bool) -> Result<Vec<Checked>, String> {
    test_pack_only(pack, accept, None)
}

/// Whether the scenario in `file` is picked by `only`: a substring of its
/// file name or of its `name:` (a file that does not parse is picked, so
/// its error shows).
pub fn picked(file: &Path, pack_id: &str, only: &str) -> bool {
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    stem.contains(only)
        || match load(file, pack_id) {
            Ok((s, _)) => s.name.contains(only),
            Err(_) => true,
        }
}

/// [`test_pack`] for the scenarios `only` picks (see [`picked`]); the
/// perft counts run when `only` is part of the word `perft`.
/// Runs the scenario files, each in its own session, on as many threads as
/// the machine has processors (at most 8): every thread takes the next file
/// not yet taken and gets its own handle on the resolved pack, whose
/// compiled chunks they share. The outcomes come back in the files' order;
/// each scenario is seeded by itself, so the thread that ran it changes
/// nothing.
fn run_all(pack: &Rc<ResolvedPack>, files: &[PathBuf]) -> Vec<Result<Outcome, GameError>> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8)
        .min(files.len());
    if threads <= 1 {
        return files.iter().map(|f| run(pack, f, false)).collect();
    }
    let shared: &ResolvedPack = pack;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, Result<Outcome, GameError>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                sc.spawn(|| {
                    let own = Rc::new(shared.clone());
                    let mut mine = vec![];
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        let Some(f) = files.get(i) else { break };
                        mine.push((i, run(&own, f, false)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, o)| o).collect()
}

pub fn test_pack_only(
    pack: &Rc<ResolvedPack>,
    accept: bool,
    only: Option<&str>,
) -> Result<Vec<Checked>, String> {
    let dir = pack.dir().to_path_buf();
    let files: Vec<PathBuf> = scenario_files(&dir)
        .into_iter()
        .filter(|f| only.is_none_or(|o| picked(f, &pack.id, o)))
        .collect();
    let mut out = vec![];
    for (f, o) in files.iter().zip(run_all(pack, &files)) {
        let o = o.map_err(|e| format!("{}: {e}", f.display()))?;
        let mut problems = o.failures.clone();
        for l in &o.untranslated {
            problems.push(format!("untranslated: {l}"));
        }
        let (mut verdict, diff, new_golden) = check_golden(&dir, &o.name, &o.golden(), accept)?;
        if !problems.is_empty() {
            verdict = Verdict::Fail;
        }
        out.push(Checked {
            name: o.name,
            verdict,
            problems,
            diff,
            new_golden,
        });
    }
    let perft = pack
        .manifest()
        .perft
        .clone()
        .filter(|_| only.is_none_or(|o| "perft".contains(o)));
    if let Some(spec) = perft {
        let entry = pack
            .entry
            .get("game")
            .cloned()
            .unwrap_or_else(|| "game".into());
        let counts = crate::perft::perft(
            pack,
            &entry,
            &serde_json::json!({ "players": spec.players }),
            spec.seed,
            spec.depth,
        )
        .map_err(|e| e.to_string())?;
        let text: String = counts
            .iter()
            .enumerate()
            .map(|(i, c)| format!("depth {}: {c}\n", i + 1))
            .collect();
        let (verdict, diff, new_golden) = check_golden(&dir, "perft", &text, accept)?;
        out.push(Checked {
            name: format!(
                "perft {}",
                counts
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            verdict,
            problems: vec![],
            diff,
            new_golden,
        });
    }
    Ok(out)
}
