use clap::{Parser, Subcommand};
use imperium::pack::{Library, PackError, ResolvedPack};
use imperium::rng::Rng;
use imperium::scenario;
use imperium::session::{
    DecisionSource, GameError, Human, JsonLines, Limits, RandomAgent, Record, Replay, Session,
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
    /// Print data as JSON.
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
        pack: String,
        /// Also an error: a data collection without a schema, a pack
        /// without a `rules:` load order (otherwise warnings).
        #[arg(long)]
        strict: bool,
    },
    /// Write a JSON Schema (draft 2020-12) of the pack's data files.
    Schema {
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
        pack: String,
        /// One section: procedures | windows | helpers | collections | options | keys.
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
        pack: String,
        #[arg(long, default_value_t = 3)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// random | human | json
        #[arg(long, default_value = "random")]
        agent: String,
        /// Pack options to turn on, comma separated.
        #[arg(long, value_delimiter = ',')]
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
        #[arg(long, default_value_t = 3)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Pack options to turn on, comma separated.
        #[arg(long, value_delimiter = ',')]
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
        pack: String,
        /// The folder to write into (default: the pack's folder).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Play many seeded random games of a pack on several threads (player
    /// counts, and with --random-options option sets, drawn from each seed);
    /// report games per second and the seeds that failed.
    Soak {
        #[arg(long, default_value = "ti4")]
        pack: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
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
        #[arg(long, default_value = "ti4")]
        pack: String,
        #[arg(long, default_value_t = 6)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// random | human | json | a policy of the pack (greedy: scores
        /// whenever it may, random otherwise)
        #[arg(long, default_value = "random")]
        agent: String,
        /// Pack options to turn on, comma separated.
        #[arg(long, value_delimiter = ',')]
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
        /// Hold every timing window's ctx to its declaration (an error names
        /// the window and the field), as the tests do.
        #[arg(long)]
        strict: bool,
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
        #[arg(long, default_value = "ti4")]
        pack: String,
        #[arg(long)]
        attacker: String,
        #[arg(long)]
        defender: String,
        #[arg(long, default_value_t = 1000)]
        sims: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "default")]
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
        pack: String,
        /// Rewrite the golden logs.
        #[arg(long)]
        accept: bool,
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
    Diff { a: String, b: String },
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
    },
    /// Count the legal decision sequences from a seeded game start.
    Perft {
        pack: String,
        #[arg(long, default_value_t = 4)]
        depth: usize,
        #[arg(long, default_value_t = 3)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn resolve(lib: &Library, spec: &str) -> Result<Rc<ResolvedPack>, String> {
    lib.resolve(spec).map(Rc::new).map_err(|e| match e {
        PackError::Invalid(d) => d
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    })
}

/// `v` as indented JSON (a value that cannot be printed says so instead).
fn pretty<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("(not printable as JSON: {e})"))
}

fn write_json(path: &PathBuf, v: &Value) -> Result<(), String> {
    std::fs::write(path, pretty(v) + "\n").map_err(|e| format!("{}: {e}", path.display()))
}

/// The most units of one kind `combat` takes.
const MAX_FLEET: u32 = 10_000;

fn parse_fleet(s: &str) -> Result<Vec<Value>, String> {
    let mut out = vec![];
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let mut it = part.split_whitespace();
        let (n, kind) = match (it.next(), it.next()) {
            (Some(n), Some(k)) => (
                n.parse::<u32>()
                    .map_err(|_| format!("bad count in `{part}`"))?,
                k,
            ),
            (Some(k), None) => (1, k),
            _ => return Err(format!("bad fleet entry `{part}`")),
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

/// Prints a log line; a closed pipe (e.g. `| head`) is not an error.
fn say(l: &str) {
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
    match real_main(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
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
        Cmd::Stubs { pack, out } => {
            let p = resolve(&lib, &pack)?;
            let out = out.unwrap_or_else(|| p.dir().to_path_buf());
            for f in imperium::cli::stubs::write(&p, &out)? {
                println!("{}", f.display());
            }
            Ok(ExitCode::SUCCESS)
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
                            eprintln!("{x}");
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
                        eprintln!("{x}");
                    }
                    eprintln!(
                        "{} problem{} in pack `{pack}` (--strict)",
                        lints.len(),
                        if lints.len() == 1 { "" } else { "s" }
                    );
                }
                return Ok(ExitCode::from(1));
            }
            for x in &lints {
                eprintln!("warning: {x}");
            }
            let n: usize = p.collections.values().map(|c| c.len()).sum();
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
            strict,
        } => {
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
            let mut source: Box<dyn DecisionSource> = match agent.as_str() {
                "random" => Box::new(RandomAgent(Rng::new(seed ^ 0xA6E7))),
                "human" => Box::new(Human),
                "json" => Box::new(JsonLines),
                policy => Box::new(s.policy_agent(policy, seed).map_err(|e| e.to_string())?),
            };
            // Whatever happens (an error, even a panic), the record up to
            // the last decision is saved.
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                s.start(&entry, json!({ "players": players }))
                    .and_then(|_| s.run(source.as_mut()))
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
            match res {
                Ok(_) => {
                    if quiet {
                        println!("{}", s.log().last().cloned().unwrap_or_default());
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
                eprintln!("FAIL {f}");
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
                    &parse_fleet(&attacker)?,
                    &parse_fleet(&defender)?,
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
        Cmd::Test { pack, accept } => {
            let p = resolve(&lib, &pack)?;
            let results = scenario::test_pack(&p, accept)?;
            let mut bad = 0;
            let mut scenarios = 0;
            for r in &results {
                if !r.name.starts_with("perft ") {
                    scenarios += 1;
                }
                let verdict = match r.verdict {
                    scenario::Verdict::Ok => "ok",
                    scenario::Verdict::Accepted => "accepted",
                    scenario::Verdict::Fail => "FAIL",
                    scenario::Verdict::Changed if r.new_golden => {
                        "NEW (no golden; --accept to write)"
                    }
                    scenario::Verdict::Changed => "CHANGED (log differs from golden)",
                };
                if matches!(
                    r.verdict,
                    scenario::Verdict::Fail | scenario::Verdict::Changed
                ) {
                    bad += 1;
                }
                println!("{verdict:<8} {}", r.name);
                for x in &r.problems {
                    println!("    {x}");
                }
                for (a, b) in &r.diff {
                    println!("    - {a}\n    + {b}");
                }
            }
            println!(
                "{} scenario{}, {} failed",
                scenarios,
                if scenarios == 1 { "" } else { "s" },
                bad
            );
            Ok(if bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Replay {
            save,
            until,
            dump_state,
        } => {
            let text =
                std::fs::read_to_string(&save).map_err(|e| format!("{}: {e}", save.display()))?;
            // A byte-order mark some editors add is not part of the JSON.
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let rec: Record = serde_json::from_str(text)
                .map_err(|e| format!("{}: not a saved game: {e}", save.display()))?;
            if !imperium::pack::is_pack_id(&rec.pack) {
                return Err(format!(
                    "{}: `pack` is `{}`: a saved game names a pack id, not a path",
                    save.display(),
                    rec.pack
                ));
            }
            let p = resolve(&lib, &rec.pack)?;
            let hash = p.content_hash();
            if rec.pack_hash.is_empty() {
                eprintln!("warning: the record does not say which content of pack `{}` it was played with", rec.pack);
            } else if rec.pack_hash != hash {
                return Err(format!(
                    "{}: the game was played with other content of pack `{}` (version {}, content {}) than the pack here (version {}, content {hash}): replaying it would play other rules",
                    save.display(),
                    rec.pack,
                    rec.version,
                    rec.pack_hash,
                    p.version
                ));
            }
            if p.version != rec.version {
                eprintln!(
                    "warning: the record is of {} {}, the pack is {}",
                    rec.pack, rec.version, p.version
                );
            }
            let game_entry = p
                .entry
                .get("game")
                .cloned()
                .unwrap_or_else(|| "game".into());
            if rec.entry != game_entry {
                return Err(format!(
                    "{}: `entry` is `{}`, but pack `{}` starts a game with `{game_entry}`",
                    save.display(),
                    rec.entry,
                    rec.pack
                ));
            }
            let mut s = Session::new(p, rec.seed, &rec.options, Limits::default())
                .map_err(|e| e.to_string())?;
            s.set_echo(Some(Box::new(|l: &str| say(l))));
            let mut answers = rec.decisions.clone();
            if let Some(n) = until {
                answers.truncate(n);
            }
            s.start(&rec.entry, rec.args.clone())
                .map_err(|e| e.to_string())?;
            let mut src = Replay {
                answers,
                next: 0,
                then: None,
            };
            let res = s.run(&mut src);
            if let Some(path) = &dump_state {
                write_json(path, &s.state_dump())?;
            }
            match res {
                Ok(_) if src.next < src.answers.len() => Err(format!(
                    "{}: the game ended after {} decisions, but the record has {} more",
                    save.display(),
                    src.next,
                    src.answers.len() - src.next
                )),
                Ok(_) => Ok(ExitCode::SUCCESS),
                Err(GameError::RecordEnded) => {
                    if let Some(d) = &s.pending {
                        println!(
                            "stopped before: p{} {} [{}]",
                            d.player,
                            d.text,
                            d.options.join(", ")
                        );
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => Err(e.to_string()),
            }
        }
        Cmd::Bench { baseline, runs } => {
            let me = std::env::current_exe().map_err(|e| format!("this binary's path: {e}"))?;
            imperium::cli::bench::bench(&me, &baseline, &cli.content, &lib.list(), runs);
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
                println!("{}", pretty(&lines));
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
        &parse_fleet(attacker)?,
        &parse_fleet(defender)?,
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
