//! `imperium bench`: the rows of the performance table, each timed as a
//! whole process (start-up included) for this binary and for a baseline
//! binary (the previous release), run in turn so that drift in the
//! machine's speed touches both; the median wall time of each and their
//! ratio. A row the baseline cannot run (a flag it does not have) is timed
//! against the row's `fallback` command instead, which the table says.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// One row: its label, this binary's commands, the baseline's (None: the
/// same). Rows are data (`benches/table.yaml`), so the kernel names no
/// pack, unit or fight of any game.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub label: String,
    /// Commands (each a list of arguments), run in turn.
    #[serde(default)]
    pub args: Vec<Vec<String>>,
    /// The baseline's commands, when it cannot run `args` (a flag it does
    /// not have).
    #[serde(default)]
    pub baseline: Option<Vec<Vec<String>>>,
    /// One command per pack of the library, `{pack}` replaced by its id
    /// (added to `args`).
    #[serde(default)]
    pub each_pack: Option<Vec<String>>,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    rows: Vec<Row>,
}

/// The rows of a table file, with `each_pack` commands spelt out for
/// `packs` and `{packs}` in a label replaced by their number.
pub fn rows(text: &str, packs: &[String]) -> Result<Vec<Row>, String> {
    let t: Table = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    let mut out = vec![];
    for mut r in t.rows {
        if let Some(cmd) = r.each_pack.take() {
            for p in packs {
                r.args
                    .push(cmd.iter().map(|a| a.replace("{pack}", p)).collect());
            }
        }
        if r.args.is_empty() {
            return Err(format!("row `{}` has no command", r.label));
        }
        r.label = r.label.replace("{packs}", &packs.len().to_string());
        out.push(r);
    }
    Ok(out)
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
pub fn bench(
    me: &Path,
    base: &Path,
    content: &Path,
    table: &str,
    packs: &[String],
    runs: usize,
) -> Result<(), String> {
    let rows = rows(table, packs)?;
    println!("| row | this binary (median wall) | baseline | ratio |");
    println!("|---|---|---|---|");
    for row in rows {
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_and_spells_out_each_pack() {
        let text = include_str!("../../benches/table.yaml");
        let packs = vec!["a".to_string(), "b".to_string()];
        let got = rows(text, &packs).unwrap();
        assert!(got.len() >= 8, "{got:?}");
        let each = got
            .iter()
            .find(|r| r.label.contains("check of all 2 packs"))
            .unwrap();
        assert_eq!(each.args, vec![vec!["check", "a"], vec!["check", "b"]]);
        assert!(rows("rows: [{label: x}]", &packs).is_err());
    }
}
