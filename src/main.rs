use clap::{Parser, Subcommand};
use imperium::pack::{Library, PackError, ResolvedPack};
use imperium::rng::Rng;
use imperium::scenario;
use imperium::session::{
    DecisionSource, GameError, Human, JsonLines, Limits, RandomAgent, Record, Session,
};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

#[derive(Parser)]
#[command(
    name = "imperium",
    version,
    about = "A rules interpreter for Twilight Imperium and its variants"
)]
struct Cli {
    /// Folder holding the content packs.
    #[arg(long, global = true, default_value = "content")]
    content: PathBuf,
    /// Print data as JSON: packs, check (diagnostics with codes and
    /// spans), describe, test, run, play (its log lines and a last `result`
    /// message), perft, diff, combat, soak.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List the packs with their `extends` chains.
    Packs,
    /// Load, resolve and validate a pack (and compile its scripts).
    Check {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// Also an error: a data collection without a schema, a pack
        /// without a `rules:` load order (otherwise warnings).
        #[arg(long)]
        strict: bool,
    },
    /// Write a JSON Schema (draft 2020-12) of the pack's data files.
    Schema {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// Write `<pack>.data.schema.json` into this folder (else print it).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the contract reference of every pack (windows and their ctx,
    /// procedures, helpers, keys) into docs/contract/<pack>.md.
    Docs {
        #[arg(long, default_value = "docs/contract")]
        out: PathBuf,
    },
    /// The reference of a loaded pack: procedures (in the order a seeded
    /// game runs them), windows with their ctx, helpers with their doc
    /// lines, collections and their fields, options, decision and log keys.
    Describe {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// One section: procedures | windows | helpers | collections | options | keys.
        #[arg(value_parser = clap::builder::PossibleValuesParser::new(imperium::cli::describe::SECTIONS.iter().copied()))]
        section: Option<String>,
    },
    /// Make a new pack extending another, with one example of each seam
    /// (a data patch, a card and its script, a step override, a scenario
    /// and its golden); `imperium test <id>` passes on it at once.
    New {
        /// The new pack's id (lower-case letters, digits, `-`, `_`).
        id: String,
        /// The pack it extends.
        #[arg(long)]
        extends: String,
    },
    /// Play a game and write its decisions, by key, as a scenario: put it
    /// in the pack's tests/ and `imperium test` replays it.
    Record {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// How many players (the pack's maps say which counts it supports).
        #[arg(long, default_value_t = 3)]
        players: u32,
        /// The seed of every die and draw (one seed, one game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Who answers the decisions: random (seeded), human (stdin), json
        /// (JSON lines on stdin and stdout; see the README).
        #[arg(long, default_value = "random", value_parser = ["random", "human", "json"])]
        agent: String,
        /// Pack options to turn on, comma separated (`imperium describe <pack>
        /// options` lists a pack's options with their docs).
        #[arg(long, value_delimiter = ',', value_name = "OPTION,...")]
        options: Vec<String>,
        /// Stop after this many decisions (the scenario then ends there).
        #[arg(long)]
        decisions: Option<usize>,
        /// The scenario's name (default: from the file name).
        #[arg(long)]
        name: Option<String>,
        /// Write the scenario here (e.g. content/<pack>/tests/x.yaml).
        #[arg(long)]
        out: PathBuf,
    },
    /// Draw the galaxy as SVG: hexes with tile names, planets with owners,
    /// units by owner and kind, tokens, links that are not neighbours.
    Map {
        /// A pack (a seeded random game of it) or a saved game (`--save` of play).
        source: String,
        /// How many players (the pack's maps say which counts it supports).
        #[arg(long, default_value_t = 3)]
        players: u32,
        /// The seed of every die and draw (one seed, one game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Pack options to turn on, comma separated (`imperium describe <pack>
        /// options` lists a pack's options with their docs).
        #[arg(long, value_delimiter = ',', value_name = "OPTION,...")]
        options: Vec<String>,
        /// Draw the state after this many decisions (default: the start of a
        /// pack's game; the end of a saved one).
        #[arg(long)]
        at: Option<usize>,
        /// Write the picture here (else print it).
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    /// Write LuaLS annotation files (`---@meta`) for a pack's scripts: the
    /// `game` API, the registered helpers, one class per window ctx; and a
    /// `.luarc.json` so an editor picks them up.
    Stubs {
        /// A pack id or folder (not with --all).
        #[arg(required_unless_present = "all")]
        pack: Option<String>,
        /// The folder to write into (default: the pack's folder).
        #[arg(long, conflicts_with = "all")]
        out: Option<PathBuf>,
        /// Write the stubs of every pack of the content folder into its own
        /// folder (the shipped packs carry theirs; a test keeps them current).
        #[arg(long, conflicts_with = "pack")]
        all: bool,
    },
    /// The rules a pack's scenarios exercise: the table generated from its
    /// tests/rules.yaml and the scenarios' `covers:` (printed; --write
    /// rewrites tests/COVERAGE.md; --check exits 1 when that file is stale).
    Coverage {
        /// A pack id or folder (not with --all).
        #[arg(required_unless_present = "all")]
        pack: Option<String>,
        /// Every pack of the content folder that has a tests/rules.yaml.
        #[arg(long, conflicts_with = "pack")]
        all: bool,
        /// Rewrite tests/COVERAGE.md.
        #[arg(long)]
        write: bool,
        /// Exit 1 when tests/COVERAGE.md differs from the generated table.
        #[arg(long, conflicts_with = "write")]
        check: bool,
    },
    /// Play many seeded random games of a pack on several threads (player
    /// counts, and with --random-options option sets, drawn from each seed);
    /// report games per second and the seeds that failed.
    Soak {
        /// A pack id under the content folder, or the path of a pack folder.
        #[arg(long, default_value = "ti4")]
        pack: String,
        /// How many games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Threads to play them on.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// The first seed; game i plays seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Player counts, `3-6` or `4`.
        #[arg(long, default_value = "3-6")]
        players: String,
        /// Turn each declared option on with probability one half.
        #[arg(long)]
        random_options: bool,
        /// Hold every window's ctx to its declaration.
        #[arg(long)]
        strict: bool,
        /// random, or a policy of the pack (e.g. greedy: scores whenever it may)
        #[arg(long, default_value = "random")]
        agent: String,
    },
    /// Play a seeded game to its end.
    Play {
        /// A pack id under the content folder, or the path of a pack folder.
        #[arg(long, default_value = "ti4")]
        pack: String,
        /// How many players (the pack's maps say which counts it supports).
        #[arg(long, default_value_t = 6)]
        players: u32,
        /// The seed of every die and draw (one seed, one game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Who answers the decisions: random (seeded), human (stdin), json
        /// (JSON lines on stdin and stdout; see the README), or a policy of
        /// the pack (greedy: scores whenever it may, random otherwise).
        #[arg(long, default_value = "random")]
        agent: String,
        /// Pack options to turn on, comma separated (`imperium describe <pack>
        /// options` lists a pack's options with their docs).
        #[arg(long, value_delimiter = ',', value_name = "OPTION,...")]
        options: Vec<String>,
        /// Write the game record here (replay it with `imperium replay`).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Write the final state as JSON here.
        #[arg(long)]
        dump_state: Option<PathBuf>,
        /// Print only the last line.
        #[arg(long)]
        quiet: bool,
        /// After the game, list the log lines and prompts that no phrase of
        /// the pack's locale translated (for translators of a pack).
        #[arg(long)]
        untranslated: bool,
        /// After the game, list the prompts, log lines and roll labels a
        /// script gave as plain text instead of a key.
        #[arg(long)]
        unkeyed: bool,
        /// After the game, print where the pack's scripts spent their Lua
        /// instructions: the functions (file:line of their definition) with
        /// their own and their total share, most first.
        #[arg(long)]
        profile: bool,
        /// Hold every timing window's ctx to its declaration (an error names
        /// the window and the field), as the tests do.
        #[arg(long)]
        strict: bool,
        /// Draw the galaxy as SVG into --svg-dir: `round` (a picture each
        /// time the game's `round` number, or another game-wide counter or
        /// property named here, takes a new value: round-001.svg...) or a
        /// number N (every N decisions: decision-00000.svg...); and end.svg
        /// at the end.
        #[arg(long, value_name = "round|COUNTER|N", requires = "svg_dir")]
        svg_every: Option<String>,
        /// The folder for --svg-every's pictures.
        #[arg(long, value_name = "DIR", requires = "svg_every")]
        svg_dir: Option<PathBuf>,
        /// End the game with an error after this many decisions (a guard
        /// against a game, or a program answering it, that never ends).
        #[arg(long, value_name = "N", default_value_t = 100_000)]
        max_decisions: usize,
        /// One seat's agent, over --agent for the others: `2=human` (player
        /// 2 at the prompt, the others random); repeat for more seats.
        /// AGENT: random | human | json | a policy of the pack (greedy).
        #[arg(long, value_name = "PLAYER=AGENT")]
        seat: Vec<String>,
        /// Resume a saved game (`--save` of an earlier play): its pack,
        /// options, seed and decisions are replayed, then play goes on.
        #[arg(long, value_name = "GAME.json", conflicts_with_all = ["pack", "players", "seed", "options"])]
        load: Option<PathBuf>,
    },
    /// Run one scenario file with its scripted answers.
    Run {
        scenario: PathBuf,
        /// The pack (default: the pack folder holding the scenario).
        #[arg(long)]
        pack: Option<String>,
        /// Write the final state as JSON here.
        #[arg(long)]
        dump_state: Option<PathBuf>,
    },
    /// Simulate a space combat: the pack's combat plan run by the kernel
    /// when the pack gives one for the fight, else its combat procedure.
    Combat {
        /// A pack id under the content folder, or the path of a pack folder.
        #[arg(long, default_value = "ti4")]
        pack: String,
        /// A fleet: `COUNT KIND, COUNT KIND, ...` (a bare KIND is one), KIND a
        /// unit id of the pack (`imperium describe <pack> collections`), e.g.
        /// "2 big_ship, 4 small_ship" with the pack's own ids.
        #[arg(long, value_name = "FLEET")]
        attacker: String,
        /// The defending fleet, in the same form as --attacker.
        #[arg(long, value_name = "FLEET")]
        defender: String,
        /// How many fights to simulate.
        #[arg(long, default_value_t = 1000)]
        sims: u32,
        /// The seed of every die and draw (one seed, one game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How the choices the rules leave to players are made: default (hits on
        /// units that can sustain damage, else the cheapest; never retreat) or
        /// random (seeded).
        #[arg(long, default_value = "default", value_parser = ["default", "random"])]
        policy: String,
        /// Replay the pack's combat procedure even when it gives a plan.
        #[arg(long)]
        slow: bool,
        /// Threads to split the simulations over (default: the cores, and on
        /// the procedure path one per 1,000 fights at most); the result is
        /// the same whatever the number.
        #[arg(long)]
        threads: Option<usize>,
        /// Exact odds from the pack's combat plan instead of simulations.
        #[arg(long, conflicts_with = "slow")]
        exact: bool,
    },
    /// Run a pack's scenarios against their golden logs.
    Test {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// Rewrite the golden logs.
        #[arg(long)]
        accept: bool,
        /// Run only the scenarios whose file name or `name:` contains this
        /// text (the perft counts run when it is part of `perft`).
        #[arg(long, value_name = "TEXT")]
        only: Option<String>,
        /// After the run, watch the files of the pack and its parents and
        /// run again when one changes (Ctrl-C ends it).
        #[arg(long)]
        watch: bool,
    },
    /// Replay a saved game record.
    Replay {
        save: PathBuf,
        /// Stop after this many decisions.
        #[arg(long)]
        until: Option<usize>,
        #[arg(long)]
        dump_state: Option<PathBuf>,
    },
    /// What pack B changes relative to pack A.
    Diff {
        /// The pack compared against (id or folder).
        #[arg(value_name = "PACK_A")]
        a: String,
        /// The pack whose changes are listed (id or folder).
        #[arg(value_name = "PACK_B")]
        b: String,
    },
    /// Time the rows of the performance table (combat on both paths, exact
    /// odds, check, random games, a large fleet) as whole processes, against
    /// a baseline binary in the same run; prints a Markdown table.
    Bench {
        /// The binary to compare with (e.g. the previous release).
        #[arg(long)]
        baseline: PathBuf,
        /// Runs of each row per binary (the median is shown).
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// The rows: a YAML file of `rows: [{label, args: [[...]],
        /// baseline?: [[...]], each_pack?: [..., "{pack}"]}]`.
        #[arg(long, default_value = "benches/table.yaml")]
        table: PathBuf,
    },
    /// Count the legal decision sequences from a seeded game start.
    Perft {
        /// A pack id under the content folder (`imperium packs` lists them), or
        /// the path of a pack folder.
        #[arg(value_name = "PACK")]
        pack: String,
        /// How many decisions deep to count.
        #[arg(long, default_value_t = 4)]
        depth: usize,
        /// How many players (the pack's maps say which counts it supports).
        #[arg(long, default_value_t = 3)]
        players: u32,
        /// The seed of every die and draw (one seed, one game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn resolve(lib: &Library, spec: &str) -> Result<Rc<ResolvedPack>, String> {
    lib.resolve(spec).map(Rc::new).map_err(|e| e.to_string())
}

/// `v` as indented JSON (a value that cannot be printed says so instead).
fn pretty<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("(not printable as JSON: {e})"))
}

fn write_json(path: &PathBuf, v: &Value) -> Result<(), String> {
    std::fs::write(path, pretty(v) + "\n").map_err(|e| format!("{}: {e}", path.display()))
}

/// How files are named in messages: the loader names a pack's files
/// `content/<id>/<file>`; a pack given by its path (or found under another
/// `--content` folder) is shown where it is. (from, to) prefixes.
static SHOWN: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();

/// Notes where the packs of this command are: each argument that is a
/// pack folder, and the packs of a `--content` folder other than `content`.
fn note_pack_paths(lib: &Library, args: &[String]) {
    let mut ids = lib.list();
    let mut packs = vec![];
    for a in args {
        let dir = std::path::Path::new(a);
        if dir.join("pack.yaml").is_file() && !imperium::pack::is_pack_id(a) {
            if let Ok(m) = lib.load_manifest(a) {
                ids.push(m.manifest.id.clone());
                packs.push((m.manifest.id, dir));
            }
        }
    }
    // A scenario file run from anywhere (`imperium run x.yaml --pack P`),
    // which the runner names as if it were in P's tests/.
    let mut files = vec![];
    for a in args {
        let f = std::path::Path::new(a);
        if f.is_file() && a.ends_with(".yaml") {
            if let Some(name) = f.file_name() {
                for id in &ids {
                    let from = format!("content/{id}/tests/{}", name.to_string_lossy());
                    if from != *a {
                        files.push((from, a.clone()));
                    }
                }
            }
        }
    }
    let mut v: Vec<(String, String)> = files;
    let mut add = |id: &str, dir: &std::path::Path| {
        let from = format!("content/{id}/");
        let to = format!("{}/", dir.display().to_string().trim_end_matches('/'));
        if from != to && !v.iter().any(|(f, _)| *f == from) {
            v.push((from, to));
        }
    };
    for (id, dir) in packs {
        add(&id, dir);
    }
    for id in lib.list() {
        add(&id, &lib.content.join(&id));
    }
    let _ = SHOWN.set(v);
}

/// `text` with each `content/<id>/` the loader wrote shown where that pack is.
fn shown(text: &str) -> String {
    let Some(map) = SHOWN.get().filter(|m| !m.is_empty()) else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    'scan: while i < text.len() {
        let before_ok = text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-')));
        if before_ok {
            for (from, to) in map {
                if text[i..].starts_with(from.as_str()) {
                    out.push_str(to);
                    i += from.len();
                    continue 'scan;
                }
            }
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Prints a log line; a closed pipe (e.g. `| head`) is not an error.
fn say(l: &str) {
    let l = shown(l);
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{l}").is_err() {
        std::process::exit(0);
    }
}

/// A closed pipe (`imperium ... | head`) ends the program quietly, as for
/// other command-line tools, instead of a panic in the middle of a print.
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default action of one signal before any thread starts.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}
#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    let args: Vec<String> = std::env::args().skip(1).collect();
    note_pack_paths(&Library::new(&cli.content), &args);
    match real_main(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", shown(&e));
            ExitCode::from(1)
        }
    }
}

fn real_main(cli: Cli) -> Result<ExitCode, String> {
    let lib = Library::new(&cli.content);
    match cli.cmd {
        Cmd::Packs => {
            let mut rows = vec![];
            for id in lib.list() {
                match lib.resolve(&id) {
                    Ok(p) => {
                        let chain: Vec<String> =
                            p.chain.iter().map(|c| c.manifest.id.clone()).collect();
                        rows.push(json!({"id": id, "name": p.manifest().name, "version": p.version, "chain": chain}));
                    }
                    Err(_) => rows
                        .push(json!({"id": id, "error": "does not load (run `imperium check`)"})),
                }
            }
            if cli.json {
                println!("{}", pretty(&rows));
            } else {
                for r in rows {
                    match r.get("chain") {
                        Some(c) => {
                            let c: Vec<&str> = c
                                .as_array()
                                .map(|a| a.as_slice())
                                .unwrap_or_default()
                                .iter()
                                .rev()
                                .filter_map(Value::as_str)
                                .collect();
                            println!(
                                "{:<10} {}  [{}]",
                                r["id"].as_str().unwrap_or_default(),
                                r["name"].as_str().unwrap_or_default(),
                                c.join(" <- ")
                            );
                        }
                        None => println!(
                            "{:<10} (error: {})",
                            r["id"].as_str().unwrap_or_default(),
                            r["error"].as_str().unwrap_or_default()
                        ),
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Describe { pack, section } => {
            use imperium::cli::describe;
            if let Some(s) = section
                .as_deref()
                .filter(|s| !describe::SECTIONS.contains(s))
            {
                return Err(format!(
                    "unknown section `{s}` ({})",
                    describe::SECTIONS.join(", ")
                ));
            }
            let p = resolve(&lib, &pack)?;
            let d = describe::gather(&p)?;
            if cli.json {
                let v = match &section {
                    Some(s) => d[s.as_str()].clone(),
                    None => d,
                };
                say(&pretty(&v));
            } else {
                print!("{}", describe::text(&d, section.as_deref()));
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::New { id, extends } => {
            let files = imperium::cli::scaffold::new_pack(&cli.content, &id, &extends)?;
            for f in files {
                println!("{}", f.display());
            }
            println!(
                "`imperium test {id}` passes; `imperium diff {extends} {id}` shows what it changes"
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Record {
            pack,
            players,
            seed,
            agent,
            options,
            decisions,
            name,
            out,
        } => {
            use imperium::cli::record;
            let p = resolve(&lib, &pack)?;
            let mut source: Box<dyn DecisionSource> = match agent.as_str() {
                "random" => Box::new(record::random_agent(seed)),
                "human" => Box::new(Human),
                "json" => Box::new(JsonLines),
                other => return Err(format!("unknown agent `{other}` (random, human, json)")),
            };
            let r = record::play(&p, players, seed, &options, source.as_mut(), decisions)
                .map_err(|e| e.to_string())?;
            let name = name.unwrap_or_else(|| {
                out.file_stem()
                    .map(|s| s.to_string_lossy().replace('_', " "))
                    .unwrap_or_else(|| "recorded game".into())
            });
            if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&out, record::scenario_text(&p, &name, &r))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            eprintln!(
                "{}: {} decisions{}; `imperium test {}` writes its golden with --accept",
                out.display(),
                r.answers.len(),
                if r.finished {
                    ", to the end of the game"
                } else {
                    ""
                },
                pack
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Map {
            source,
            players,
            seed,
            options,
            at,
            svg,
        } => {
            use imperium::cli::map;
            let path = PathBuf::from(&source);
            let (p, state) = if path.is_file() {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let rec: Record =
                    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                let p = resolve(&lib, &rec.pack)?;
                let st = map::saved_state(&p, &rec, at).map_err(|e| e.to_string())?;
                (p, st)
            } else {
                let p = resolve(&lib, &source)?;
                let st = map::game_state(&p, players, seed, &options, at.unwrap_or(0))
                    .map_err(|e| e.to_string())?;
                (p, st)
            };
            let text = map::svg(&p, &state);
            match svg {
                Some(f) => {
                    std::fs::write(&f, text).map_err(|e| format!("{}: {e}", f.display()))?;
                    println!("{}", f.display());
                }
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Soak {
            pack,
            games,
            threads,
            seed,
            players,
            random_options,
            strict,
            agent,
        } => {
            let range = match players.split_once('-') {
                Some((a, b)) => (a.trim().parse(), b.trim().parse()),
                None => (players.trim().parse(), players.trim().parse()),
            };
            let (Ok(lo), Ok(hi)) = range else {
                return Err(format!(
                    "--players: `{players}` is not a count or a range like 3-6"
                ));
            };
            if lo < 1 || hi < lo || hi > 64 {
                return Err(format!(
                    "--players: `{players}` is not a range of 1 to 64 players"
                ));
            }
            let plan = imperium::cli::soak::Plan {
                content: cli.content.clone(),
                pack,
                games,
                threads: threads.clamp(1, 64),
                first_seed: seed,
                players: (lo, hi),
                random_options,
                strict,
                agent,
            };
            let r = imperium::cli::soak::soak(&plan)?;
            if cli.json {
                println!("{}", r.to_json());
            } else {
                for f in &r.failures {
                    println!(
                        "FAIL seed {} ({} players{}{}): {}",
                        f.seed,
                        f.players,
                        if f.options.is_empty() {
                            ""
                        } else {
                            ", options "
                        },
                        f.options.join(","),
                        f.error
                    );
                }
                println!(
                    "{} games, {} won ({} reaching the goal), {} failed in {:.1} s ({:.1} games/s, {} threads)",
                    r.games,
                    r.won,
                    r.reached_goal,
                    r.failures.len(),
                    r.seconds,
                    if r.seconds > 0.0 {
                        r.games as f64 / r.seconds
                    } else {
                        0.0
                    },
                    plan.threads
                );
            }
            Ok(if r.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Stubs { pack, out, all } => {
            let packs = match pack {
                Some(p) if !all => vec![p],
                _ => lib.list(),
            };
            for pack in packs {
                let p = resolve(&lib, &pack)?;
                // Into a pack folder of the content tree: only what the pack
                // adds (its parents' stubs sit beside it); elsewhere: all.
                let files = match &out {
                    Some(_) => imperium::cli::stubs::files(&p)?,
                    None => imperium::cli::stubs::shipped_files(&p)?,
                };
                let out = out.clone().unwrap_or_else(|| p.dir().to_path_buf());
                for f in imperium::cli::stubs::write_files(files, &out)? {
                    println!("{}", f.display());
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Coverage {
            pack,
            all,
            write,
            check,
        } => {
            let packs = match pack {
                Some(p) if !all => vec![p],
                _ => lib.list(),
            };
            let mut stale = false;
            for pack in packs {
                let m = lib.load_manifest(&pack).map_err(|e| e.to_string())?;
                let dir = m.dir.clone();
                let Some(table) = imperium::coverage::table(&m.manifest.id, &dir)? else {
                    if !all {
                        return Err(format!(
                            "pack `{pack}` has no tests/rules.yaml (the rules its scenarios cover)"
                        ));
                    }
                    continue;
                };
                let f = imperium::coverage::table_path(&dir);
                if write {
                    std::fs::write(&f, &table).map_err(|e| format!("{}: {e}", f.display()))?;
                    println!("{}", f.display());
                } else if check {
                    if std::fs::read_to_string(&f).ok().as_deref() != Some(table.as_str()) {
                        eprintln!(
                            "{}: stale (imperium coverage {} --write)",
                            f.display(),
                            m.manifest.id
                        );
                        stale = true;
                    }
                } else {
                    print!("{table}");
                }
            }
            Ok(if stale {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Cmd::Docs { out } => {
            std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            for id in lib.list() {
                let p = resolve(&lib, &id)?;
                let text = imperium::contract_doc::page(&p).map_err(|e| e.to_string())?;
                let f = out.join(format!("{id}.md"));
                std::fs::write(&f, text).map_err(|e| format!("{}: {e}", f.display()))?;
                println!("{}", f.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Schema { pack, out } => {
            let p = resolve(&lib, &pack)?;
            let doc = pretty(&imperium::schema::json_schema(&p)) + "\n";
            match out {
                Some(dir) => {
                    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                    let f = dir.join(format!("{}.data.schema.json", p.id));
                    std::fs::write(&f, doc).map_err(|e| format!("{}: {e}", f.display()))?;
                    println!("{}", f.display());
                }
                None => print!("{doc}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Check { pack, strict } => {
            let p = match lib.resolve(&pack) {
                Ok(p) => Rc::new(p),
                Err(PackError::Invalid(d)) => {
                    if cli.json {
                        println!("{}", pretty(&d));
                    } else {
                        for x in &d {
                            eprintln!("{}", shown(&x.to_string()));
                        }
                        eprintln!(
                            "{} problem{} in pack `{pack}`",
                            d.len(),
                            if d.len() == 1 { "" } else { "s" }
                        );
                    }
                    return Ok(ExitCode::from(1));
                }
                Err(e) => return Err(e.to_string()),
            };
            Session::new(p.clone(), 0, &[], Limits::default()).map_err(|e| e.to_string())?;
            let lints = imperium::schema::lint(&p);
            if strict && !lints.is_empty() {
                if cli.json {
                    println!("{}", pretty(&lints));
                } else {
                    for x in &lints {
                        eprintln!("{}", shown(&x.to_string()));
                    }
                    eprintln!(
                        "{} problem{} in pack `{pack}` (--strict)",
                        lints.len(),
                        if lints.len() == 1 { "" } else { "s" }
                    );
                }
                return Ok(ExitCode::from(1));
            }
            let n: usize = p.collections.values().map(|c| c.len()).sum();
            if cli.json {
                say(&pretty(&json!({"pack": p.id, "ok": true, "definitions": n,
                    "collections": p.collections.len(), "rule_files": p.rules.len(),
                    "procedures": p.procedures.len(), "warnings": lints})));
                return Ok(ExitCode::SUCCESS);
            }
            for x in &lints {
                eprintln!("warning: {}", shown(&x.to_string()));
            }
            println!(
                "{}: ok ({} definitions in {} collections, {} rule files, {} procedures)",
                p.id,
                n,
                p.collections.len(),
                p.rules.len(),
                p.procedures.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Play {
            pack,
            players,
            seed,
            agent,
            options,
            save,
            dump_state,
            quiet,
            untranslated,
            unkeyed,
            profile,
            strict,
            svg_every,
            svg_dir,
            max_decisions,
            seat,
            load,
        } => {
            use imperium::cli::interactive;
            let seats = interactive::Seats::parse(&agent, &seat)?;
            if !seat.is_empty() || agent == "human" || load.is_some() {
                if profile {
                    return Err(
                        "--profile is not (yet) for games with --seat, --load or a human agent"
                            .into(),
                    );
                }
                if svg_every.is_some() {
                    return Err(
                        "--svg-every is not (yet) for games with --seat, --load or a human agent"
                            .into(),
                    );
                }
                let limits = Limits {
                    check_ctx: strict,
                    ..Limits::default()
                };
                let (p, start) = match &load {
                    Some(path) => {
                        let (rec, p) = load_record(&lib, path)?;
                        (p, interactive::Start::from_record(&rec))
                    }
                    None => {
                        let p = resolve(&lib, &pack)?;
                        let entry = imperium::cli::game_entry(&p);
                        (
                            p,
                            interactive::Start {
                                seed,
                                options: options.clone(),
                                entry,
                                args: json!({ "players": players }),
                                decisions: vec![],
                            },
                        )
                    }
                };
                let agent_seed = start.seed;
                let mut make = |name: &str| -> Box<dyn DecisionSource> {
                    match name {
                        "json" => Box::new(JsonLines),
                        _ => Box::new(RandomAgent(Rng::new(agent_seed ^ 0xA6E7))),
                    }
                };
                let json_mode = seats.default == "json" || cli.json;
                let echo = |s: &mut Session| {
                    if quiet {
                        return;
                    }
                    if json_mode {
                        s.set_echo(Some(Box::new(|l: &str| {
                            say(&json!({ "log": l }).to_string())
                        })));
                    } else {
                        s.set_echo(Some(Box::new(|l: &str| say(l))));
                    }
                };
                let stdin = std::io::stdin();
                let mut input = stdin.lock();
                let mut out = std::io::stdout();
                let (s, res) = interactive::play(
                    &p,
                    start,
                    &limits,
                    &seats,
                    &mut make,
                    &echo,
                    max_decisions,
                    &mut input,
                    &mut out,
                );
                if let Some(s) = &s {
                    if let Some(path) = &save {
                        let mut rec = s.record.clone();
                        rec.pack_hash = p.content_hash();
                        write_json(
                            path,
                            &serde_json::to_value(&rec).map_err(|e| format!("the record: {e}"))?,
                        )?;
                    }
                    if let Some(path) = &dump_state {
                        write_json(path, &s.state_dump())?;
                    }
                }
                let last = s
                    .as_ref()
                    .and_then(|s| s.log().last().cloned())
                    .unwrap_or_default();
                if json_mode {
                    let n = s.as_ref().map_or(0, |s| s.record.decisions.len());
                    let msg = match &res {
                        Ok(v) => {
                            json!({"result": {"ok": true, "value": v, "last": last, "decisions": n}})
                        }
                        Err(e) => {
                            json!({"result": {"ok": false, "error": e.to_string(), "decisions": n}})
                        }
                    };
                    say(&msg.to_string());
                    if let Err(e) = &res {
                        eprintln!("error: {}", shown(&e.to_string()));
                    }
                    return Ok(if res.is_ok() {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(1)
                    });
                }
                return match res {
                    Ok(_) => {
                        if quiet {
                            println!("{last}");
                        }
                        Ok(ExitCode::SUCCESS)
                    }
                    Err(e) => Err(e.to_string()),
                };
            }
            let mut pictures = match (svg_every, svg_dir) {
                (Some(e), Some(d)) => Some(imperium::cli::map::Pictures::new(
                    imperium::cli::map::Every::parse(&e)?,
                    d,
                )?),
                _ => None,
            };
            let p = resolve(&lib, &pack)?;
            let limits = Limits {
                check_ctx: strict,
                ..Limits::default()
            };
            let mut s =
                Session::new(p.clone(), seed, &options, limits).map_err(|e| e.to_string())?;
            let json_mode = agent == "json" || cli.json;
            if !quiet {
                if json_mode {
                    s.set_echo(Some(Box::new(|l: &str| {
                        say(&json!({ "log": l }).to_string())
                    })));
                } else {
                    s.set_echo(Some(Box::new(|l: &str| say(l))));
                }
            }
            let entry = p
                .entry
                .get("game")
                .cloned()
                .unwrap_or_else(|| "game".into());
            let inner: Box<dyn DecisionSource> = match agent.as_str() {
                "random" => Box::new(RandomAgent(Rng::new(seed ^ 0xA6E7))),
                "human" => Box::new(Human),
                "json" => Box::new(JsonLines),
                policy => Box::new(s.policy_agent(policy, seed).map_err(|e| e.to_string())?),
            };
            let mut source: Box<dyn DecisionSource> = Box::new(Capped {
                inner,
                taken: 0,
                cap: max_decisions,
            });
            if profile {
                s.start_profile();
            }
            // Whatever happens (an error, even a panic), the record up to
            // the last decision is saved.
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                s.start(&entry, json!({ "players": players }))
                    .and_then(|_| match pictures.as_mut() {
                        Some(pics) => pics.run(&p, &mut s, source.as_mut()),
                        None => s.run(source.as_mut()),
                    })
            }))
            .unwrap_or_else(|p| {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(GameError::Usage(format!(
                    "internal error (a bug in imperium): {msg}"
                )))
            });
            if let Some(path) = &save {
                s.record.pack_hash = p.content_hash();
                write_json(
                    path,
                    &serde_json::to_value(&s.record).map_err(|e| format!("the record: {e}"))?,
                )?;
            }
            if let Some(path) = &dump_state {
                write_json(path, &s.state_dump())?;
            }
            if untranslated {
                for l in s.untranslated() {
                    eprintln!("untranslated: {l}");
                }
            }
            if unkeyed {
                for l in s.unkeyed() {
                    eprintln!("unkeyed: {l}");
                }
            }
            if let Some(prof) = s.profile() {
                eprint!("{}", imperium::cli::profile_table(&prof, 40));
            }
            let last = s.log().last().cloned().unwrap_or_default();
            if json_mode {
                // The last message: how the game ended.
                let msg = match &res {
                    Ok(v) => json!({"result": {"ok": true, "value": v, "last": last,
                        "decisions": s.record.decisions.len()}}),
                    Err(e) => json!({"result": {"ok": false, "error": e.to_string(),
                        "decisions": s.record.decisions.len()}}),
                };
                say(&msg.to_string());
                if let Err(e) = &res {
                    eprintln!("error: {}", shown(&e.to_string()));
                }
                return Ok(if res.is_ok() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                });
            }
            match res {
                Ok(_) => {
                    if quiet {
                        println!("{last}");
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => Err(e.to_string()),
            }
        }
        Cmd::Run {
            scenario: path,
            pack,
            dump_state,
        } => {
            let pack_spec = match pack {
                Some(p) => p,
                None => path
                    .parent()
                    .and_then(|t| t.parent())
                    .map(|d| d.display().to_string())
                    .ok_or("cannot tell the pack of this scenario; pass --pack")?,
            };
            let p = resolve(&lib, &pack_spec)?;
            let out = scenario::run(&p, &path, true).map_err(|e| e.to_string())?;
            if let Some(d) = &dump_state {
                write_json(d, &out.state)?;
            }
            if cli.json {
                say(&pretty(
                    &json!({"name": out.name, "ok": out.failures.is_empty(),
                    "failures": out.failures, "untranslated": out.untranslated,
                    "log": out.log}),
                ));
                return Ok(if out.failures.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                });
            }
            for l in out
                .log
                .iter()
                .filter(|l| l.starts_with("expect") || l.starts_with("error:"))
            {
                say(l);
            }
            for l in &out.untranslated {
                eprintln!("untranslated: {l}");
            }
            for f in &out.failures {
                eprintln!("FAIL {}", shown(f));
            }
            Ok(if out.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Combat {
            pack,
            attacker,
            defender,
            sims,
            seed,
            policy,
            slow,
            threads,
            exact,
        } => {
            let p = resolve(&lib, &pack)?;
            // 0: the simulation chooses from the cores and the work.
            let threads = threads.unwrap_or(0);
            let res = if exact {
                imperium::combat::sim::exact(
                    p,
                    &imperium::combat::sim::parse_fleet(&attacker)?,
                    &imperium::combat::sim::parse_fleet(&defender)?,
                    &policy,
                )
                .map_err(|e| e.to_string())?
            } else {
                simulate(
                    p, &attacker, &defender, sims, seed, &policy, slow, threads, cli.json,
                )?
            };
            if cli.json {
                println!("{}", pretty(&res));
            } else {
                let pct = |k: &str| {
                    format!(
                        "{:5.1}% ± {:.1}",
                        res[k]["p"].as_f64().unwrap_or(f64::NAN) * 100.0,
                        res[k]["margin95"].as_f64().unwrap_or(f64::NAN) * 100.0
                    )
                };
                if exact {
                    println!("exact odds, policy {policy}");
                } else {
                    println!("{} simulations, policy {policy}", sims);
                }
                println!(
                    "path: {}",
                    match res["path"].as_str() {
                        Some("exact") => "exact (the pack's combat plan, every outcome weighed)",
                        Some("plan") => "plan (the pack's combat plan, run by the kernel)",
                        _ => "procedure (the pack's combat procedure, once per fight)",
                    }
                );
                if let Some(why) = res["why"].as_str() {
                    println!("      no plan: {why}");
                }
                println!("attacker wins  {}", pct("attacker"));
                println!("defender wins  {}", pct("defender"));
                println!("draw           {}", pct("draw"));
                let avg = |k: &str| {
                    let x = res["survivors"][k].as_f64().unwrap_or(f64::NAN);
                    if exact {
                        format!("{x:.4}")
                    } else {
                        res["survivors"][k].to_string()
                    }
                };
                println!("average attacker survivors: {}", avg("attacker"));
                println!("average defender survivors: {}", avg("defender"));
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Test {
            pack,
            accept,
            only,
            watch,
        } => {
            if !watch {
                let p = resolve(&lib, &pack)?;
                let results = scenario::test_pack_only(&p, accept, only.as_deref())?;
                return Ok(if print_tests(&results, cli.json) == 0 {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                });
            }
            use imperium::cli::watch;
            // The folders of the last chain that resolved (at first: the
            // pack's own folder, found as `resolve` finds it).
            let mut dirs = vec![lib
                .locate(&pack)
                .unwrap_or_else(|_| lib.content.join(&pack))];
            loop {
                match resolve(&lib, &pack).and_then(|p| {
                    dirs = p.chain.iter().map(|c| c.dir.clone()).collect();
                    scenario::test_pack_only(&p, accept, only.as_deref())
                }) {
                    Ok(results) => {
                        print_tests(&results, cli.json);
                    }
                    Err(e) => eprintln!("error: {e}"),
                }
                eprintln!(
                    "watching {} for changes (Ctrl-C ends)",
                    dirs.iter()
                        .map(|d| d.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                let before = watch::fingerprint(&dirs);
                loop {
                    std::thread::sleep(std::time::Duration::from_millis(400));
                    let now = watch::fingerprint(&dirs);
                    let ch = watch::changed(&before, &now);
                    if !ch.is_empty() {
                        for f in ch.iter().take(5) {
                            eprintln!("changed: {}", f.display());
                        }
                        break;
                    }
                }
            }
        }
        Cmd::Replay {
            save,
            until,
            dump_state,
        } => {
            let text =
                std::fs::read_to_string(&save).map_err(|e| format!("{}: {e}", save.display()))?;
            let name = save.display().to_string();
            let (p, rec) =
                imperium::cli::replay::check(&lib, &name, &text, &mut |w| eprintln!("{w}"))?;
            let ended = imperium::cli::replay::replay(
                &name,
                p,
                &rec,
                until,
                Limits::default(),
                Some(Box::new(|l: &str| say(l))),
                &mut |s| match &dump_state {
                    Some(path) => write_json(path, &s.state_dump()),
                    None => Ok(()),
                },
            )?;
            if let imperium::cli::replay::Replayed::Stopped(Some(line)) = ended {
                println!("{line}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bench {
            baseline,
            runs,
            table,
        } => {
            let me = std::env::current_exe().map_err(|e| format!("this binary's path: {e}"))?;
            let text =
                std::fs::read_to_string(&table).map_err(|e| format!("{}: {e}", table.display()))?;
            imperium::cli::bench::bench(&me, &baseline, &cli.content, &text, &lib.list(), runs)
                .map_err(|e| format!("{}: {e}", table.display()))?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Perft {
            pack,
            depth,
            players,
            seed,
        } => {
            let p = resolve(&lib, &pack)?;
            let entry = p
                .entry
                .get("game")
                .cloned()
                .unwrap_or_else(|| "game".into());
            let progress = imperium::progress::Progress::new(show_progress(cli.json));
            let counts = imperium::perft::perft_progress(
                &p,
                &entry,
                &json!({ "players": players }),
                seed,
                depth,
                &progress,
            )
            .map_err(|e| e.to_string())?;
            if cli.json {
                say(&pretty(
                    &json!({"pack": p.id, "players": players, "seed": seed,
                    "counts": counts}),
                ));
                return Ok(ExitCode::SUCCESS);
            }
            for (i, c) in counts.iter().enumerate() {
                println!("depth {}: {c}", i + 1);
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Diff { a, b } => {
            let pa = resolve(&lib, &a)?;
            let pb = resolve(&lib, &b)?;
            let mut lines = imperium::diff::diff(&pa, &pb);
            lines.extend(imperium::diff::key_diff(&pa, &pb));
            // Helpers are registered when the packs' scripts load.
            let a_chain: std::collections::BTreeSet<String> =
                pa.chain.iter().map(|p| p.manifest.id.clone()).collect();
            let registry = |p: Rc<ResolvedPack>| {
                Session::new(p, 0, &[], Limits::default())
                    .and_then(|s| s.registry())
                    .map_err(|e| e.to_string())
            };
            let (ra, rb) = (registry(pa)?, registry(pb)?);
            lines.extend(imperium::diff::helper_diff(&ra, &rb, &a_chain));
            if cli.json {
                say(&pretty(&diff_json(&lines)));
            } else {
                for l in &lines {
                    say(l);
                }
                println!(
                    "{} change{}",
                    lines.iter().filter(|l| !l.starts_with(' ')).count(),
                    if lines.len() == 1 { "" } else { "s" }
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A saved game (`play --save`) and its pack, which must be the content
/// it was played with.
fn load_record(lib: &Library, path: &PathBuf) -> Result<(Record, Rc<ResolvedPack>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let rec: Record = serde_json::from_str(text)
        .map_err(|e| format!("{}: not a saved game: {e}", path.display()))?;
    if !imperium::pack::is_pack_id(&rec.pack) {
        return Err(format!(
            "{}: `pack` is `{}`: a saved game names a pack id, not a path",
            path.display(),
            rec.pack
        ));
    }
    let p = resolve(lib, &rec.pack)?;
    if !rec.pack_hash.is_empty() && rec.pack_hash != p.content_hash() {
        return Err(format!(
            "{}: the game was played with other content of pack `{}` than the pack here: resuming it would play other rules",
            path.display(),
            rec.pack
        ));
    }
    Ok((rec, p))
}

/// `diff`'s lines as structured changes: each `{op, what, at?, fields?}`
/// (op: changed, added, removed; a field `{field, from, to}` or
/// `{field, change}`).
fn diff_json(lines: &[String]) -> Value {
    let mut out: Vec<Value> = vec![];
    for l in lines {
        if let Some(detail) = l.strip_prefix("    ") {
            let (field, rest) = detail.split_once(": ").unwrap_or((detail, ""));
            let f = match rest.split_once(" -> ") {
                Some((a, b)) => json!({"field": field, "from": a, "to": b}),
                None => json!({"field": field, "change": rest}),
            };
            if let Some(last) = out.last_mut() {
                if let Some(fs) = last.get_mut("fields").and_then(Value::as_array_mut) {
                    fs.push(f);
                    continue;
                }
                last["fields"] = json!([f]);
                continue;
            }
            out.push(json!({"line": l}));
            continue;
        }
        let op = match l.chars().next() {
            Some('~') => "changed",
            Some('+') => "added",
            Some('-') => "removed",
            _ => {
                out.push(json!({"line": l}));
                continue;
            }
        };
        let rest = l[1..].trim_start();
        let (what, at) = match rest.rsplit_once("  (") {
            Some((w, a)) if a.ends_with(')') => (w, Some(a.trim_end_matches(')'))),
            _ => (rest, None),
        };
        let mut v = json!({"op": op, "what": what});
        if let Some(a) = at {
            v["at"] = json!(a);
        }
        out.push(v);
    }
    Value::Array(out)
}

/// A decision source that ends the game with an error after `cap`
/// decisions.
struct Capped {
    inner: Box<dyn DecisionSource>,
    taken: usize,
    cap: usize,
}

impl DecisionSource for Capped {
    fn decide(&mut self, d: &imperium::session::Decision) -> Result<String, GameError> {
        if self.taken >= self.cap {
            return Err(GameError::Usage(format!(
                "the game was still asking after {} decision{} (--max-decisions {}): p{} `{}`; a game or an agent that never ends? (raise the cap if the game is that long)",
                self.taken,
                if self.taken == 1 { "" } else { "s" },
                self.cap,
                d.player,
                d.prompt
            )));
        }
        self.taken += 1;
        self.inner.decide(d)
    }
}

/// Prints the results of `imperium test` (text or JSON); returns how many
/// failed.
fn print_tests(results: &[scenario::Checked], json_out: bool) -> usize {
    let mut bad = 0;
    let mut scenarios = 0;
    let mut rows = vec![];
    for r in results {
        if !r.name.starts_with("perft ") {
            scenarios += 1;
        }
        let (word, verdict) = match r.verdict {
            scenario::Verdict::Ok => ("ok", "ok"),
            scenario::Verdict::Accepted => ("accepted", "accepted"),
            scenario::Verdict::Fail => ("fail", "FAIL"),
            scenario::Verdict::Changed if r.new_golden => {
                ("new", "NEW (no golden; --accept to write)")
            }
            scenario::Verdict::Changed => ("changed", "CHANGED (log differs from golden)"),
        };
        if matches!(
            r.verdict,
            scenario::Verdict::Fail | scenario::Verdict::Changed
        ) {
            bad += 1;
        }
        if json_out {
            rows.push(json!({
                "name": r.name,
                "verdict": word,
                "problems": r.problems,
                "diff": r.diff.iter().map(|(a, b)| json!({"golden": a, "now": b})).collect::<Vec<_>>(),
            }));
            continue;
        }
        say(&format!("{verdict:<8} {}", r.name));
        for x in &r.problems {
            say(&format!("    {x}"));
        }
        for (a, b) in &r.diff {
            say(&format!("    - {a}\n    + {b}"));
        }
    }
    if json_out {
        say(&pretty(
            &json!({"results": rows, "scenarios": scenarios, "failed": bad}),
        ));
    } else {
        say(&format!(
            "{} scenario{}, {} failed",
            scenarios,
            if scenarios == 1 { "" } else { "s" },
            bad
        ));
    }
    bad
}

#[allow(clippy::too_many_arguments)]
fn simulate(
    p: Rc<ResolvedPack>,
    attacker: &str,
    defender: &str,
    sims: u32,
    seed: u64,
    policy: &str,
    slow: bool,
    threads: usize,
    json: bool,
) -> Result<Value, String> {
    let progress = imperium::progress::Progress::new(show_progress(json));
    imperium::combat::sim::simulate_progress(
        p,
        &imperium::combat::sim::parse_fleet(attacker)?,
        &imperium::combat::sim::parse_fleet(defender)?,
        sims,
        seed,
        policy,
        slow,
        threads.min(64),
        &progress,
    )
    .map_err(|e| e.to_string())
}

/// A progress bar only for a person watching: standard output and standard
/// error are terminals and JSON was not asked for.
fn show_progress(json: bool) -> bool {
    use std::io::IsTerminal;
    !json && std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}
