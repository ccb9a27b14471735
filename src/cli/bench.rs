//! `imperium bench`: the rows of the performance table, each timed as a
//! whole process (start-up included) for this binary and for a baseline
//! binary (the previous release), run in turn so that drift in the
//! machine's speed touches both; the median wall time of each and their
//! ratio. A row the baseline cannot run (a flag it does not have) is timed
//! against the row's `fallback` command instead, which the table says.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// One row: its label, this binary's arguments, the baseline's (None: the
/// same).
pub struct Row {
    pub label: String,
    pub args: Vec<Vec<String>>,
    pub baseline: Option<Vec<Vec<String>>>,
}

const FIGHT_A: &str = "2 dreadnought, 2 cruiser";
const FIGHT_D: &str = "1 war_sun, 3 destroyer";

fn words(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn combat(pack: &str, extra: &[&str]) -> Vec<String> {
    let mut v = words(&[
        "combat",
        "--pack",
        pack,
        "--attacker",
        FIGHT_A,
        "--defender",
        FIGHT_D,
    ]);
    v.extend(words(extra));
    v
}

/// The table's rows, for the packs in `packs`.
pub fn rows(packs: &[String]) -> Vec<Row> {
    let mut out = vec![Row {
        label: "fight D, ti4, --sims 20000 (plan)".into(),
        args: vec![combat("ti4", &["--sims", "20000"])],
        baseline: None,
    }];
    for p in ["ti3", "sa-en", "sa-es"] {
        out.push(Row {
            label: format!("fight D, {p}, --sims 200 (procedure)"),
            args: vec![combat(p, &["--sims", "200"])],
            baseline: None,
        });
    }
    out.push(Row {
        label: "fight D, ti4, --exact (baseline: --sims 20000)".into(),
        args: vec![combat("ti4", &["--exact"])],
        baseline: Some(vec![combat("ti4", &["--sims", "20000"])]),
    });
    out.push(Row {
        label: format!("check of all {} packs", packs.len()),
        args: packs
            .iter()
            .map(|p| words(&["check", p.as_str()]))
            .collect(),
        baseline: None,
    });
    for p in ["ti4", "ti3", "sa-en", "sa-es"] {
        out.push(Row {
            label: format!("random 6-player game, {p} (seed 3)"),
            args: vec![words(&[
                "play",
                "--pack",
                p,
                "--players",
                "6",
                "--seed",
                "3",
                "--quiet",
            ])],
            baseline: None,
        });
    }
    out.push(Row {
        label: "64 cruiser vs 64 destroyer, ti4, --sims 2000".into(),
        args: vec![words(&[
            "combat",
            "--pack",
            "ti4",
            "--attacker",
            "64 cruiser",
            "--defender",
            "64 destroyer",
            "--sims",
            "2000",
        ])],
        baseline: None,
    });
    out
}

/// Wall seconds of running each command of `cmds` in turn with `bin`, or
/// None when one fails.
fn time(bin: &Path, content: &Path, cmds: &[Vec<String>]) -> Option<f64> {
    let t = Instant::now();
    for c in cmds {
        let ok = Command::new(bin)
            .arg("--content")
            .arg(content)
            .args(c)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !ok {
            return None;
        }
    }
    Some(t.elapsed().as_secs_f64())
}

fn median(mut v: Vec<f64>) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    Some(v[v.len() / 2])
}

/// Times every row `runs` times with `me` and `base` in turn and prints the
/// table (Markdown).
pub fn bench(me: &Path, base: &Path, content: &Path, packs: &[String], runs: usize) {
    println!("| row | this binary (median wall) | baseline | ratio |");
    println!("|---|---|---|---|");
    for row in rows(packs) {
        let bargs = row.baseline.as_ref().unwrap_or(&row.args);
        let (mut a, mut b) = (vec![], vec![]);
        for _ in 0..runs.max(1) {
            if let Some(t) = time(me, content, &row.args) {
                a.push(t);
            }
            if let Some(t) = time(base, content, bargs) {
                b.push(t);
            }
        }
        let ms = |x: Option<f64>| x.map_or("failed".to_string(), |x| format!("{:.0} ms", x * 1e3));
        let (ma, mb) = (median(a), median(b));
        let ratio = match (ma, mb) {
            (Some(x), Some(y)) if y > 0.0 => format!("{:.2}", x / y),
            _ => "-".into(),
        };
        println!("| {} | {} | {} | {ratio} |", row.label, ms(ma), ms(mb));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_table_is_there() {
        let packs = vec!["ti4".to_string(), "ti3".to_string()];
        let labels: Vec<String> = rows(&packs).into_iter().map(|r| r.label).collect();
        for want in [
            "(plan)",
            "ti3, --sims 200 (procedure)",
            "sa-es, --sims 200 (procedure)",
            "--exact",
            "check of all 2 packs",
            "game, sa-es",
            "64 cruiser vs 64 destroyer",
        ] {
            assert!(
                labels.iter().any(|l| l.contains(want)),
                "{want}: {labels:?}"
            );
        }
    }
}
