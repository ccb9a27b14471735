//! Which rules a pack's scenarios exercise: `tests/rules.yaml` lists the
//! rules of the books the pack follows (grouped, with notes); each scenario
//! names the rules it covers (`covers:`), or a rule names the scenarios it
//! takes by file-name pattern (`match:`). From both, `tests/COVERAGE.md` is
//! written: every rule with its scenarios or marked not covered. The table
//! is generated, so it cannot drift from the scenarios.

use crate::pack::parse_yaml;
use crate::scenario::scenario_files;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// `tests/rules.yaml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleBook {
    /// The table's heading.
    pub title: String,
    /// Paragraphs before the tables (what the rows are, what the marks mean).
    #[serde(default)]
    pub intro: String,
    pub groups: Vec<Group>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: String,
    pub rules: Vec<Rule>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// What scenarios name in `covers:`.
    pub id: String,
    /// The rule, in a few words (a section number may lead).
    pub rule: String,
    /// What the reader should know: a reading, a doubt, a part left out.
    #[serde(default)]
    pub note: String,
    /// `not implemented` (the pack does not model it), `not in this pack`
    /// (a part of the books the pack leaves to another), `uncertain` (the
    /// published wording could not be checked), or any short mark.
    #[serde(default)]
    pub status: String,
    /// File-name patterns (`*` for any text) of scenarios that exercise
    /// this rule without naming it, such as every card scenario.
    #[serde(default, rename = "match")]
    pub matches: Vec<String>,
}

/// The rules file and generated table of a pack folder.
pub fn rules_path(pack_dir: &Path) -> std::path::PathBuf {
    pack_dir.join("tests").join("rules.yaml")
}

pub fn table_path(pack_dir: &Path) -> std::path::PathBuf {
    pack_dir.join("tests").join("COVERAGE.md")
}

/// `*` matches any run of characters.
fn glob(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || name.len() < first.len() + last.len() || !name.ends_with(last) {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    true
}

/// The `covers:` of one scenario file, with the line each id is on.
fn covers_of(pack: &str, rel: &str, text: &str) -> Result<Vec<(String, usize)>, String> {
    let v = parse_yaml(pack, rel, text).map_err(|d| d.to_string())?;
    let Some(c) = v.get("covers") else {
        return Ok(vec![]);
    };
    let list = c.as_array().ok_or_else(|| {
        format!("content/{pack}/{rel}: `covers` is a list of rule ids from tests/rules.yaml")
    })?;
    let mut out = vec![];
    for x in list {
        let id = x.as_str().ok_or_else(|| {
            format!("content/{pack}/{rel}: `covers` holds rule ids (strings), not {x}")
        })?;
        let line = text
            .lines()
            .position(|l| l.contains(id))
            .map_or(1, |i| i + 1);
        out.push((id.to_string(), line));
    }
    Ok(out)
}

/// The table of `pack` (its folder `dir`), or None when the pack has no
/// `tests/rules.yaml`. Errors name the file and line: a rule id twice, a
/// scenario covering an id the rules do not list, a pattern that matches
/// no scenario.
pub fn table(pack: &str, dir: &Path) -> Result<Option<String>, String> {
    let path = rules_path(dir);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let v = parse_yaml(pack, "tests/rules.yaml", &text).map_err(|d| d.to_string())?;
    let book: RuleBook =
        serde_json::from_value(v).map_err(|e| format!("content/{pack}/tests/rules.yaml: {e}"))?;
    let mut ids = BTreeSet::new();
    for r in book.groups.iter().flat_map(|g| &g.rules) {
        if !ids.insert(r.id.as_str()) {
            let line = text
                .lines()
                .position(|l| l.contains(&format!("id: {}", r.id)))
                .map_or(1, |i| i + 1);
            return Err(format!(
                "content/{pack}/tests/rules.yaml:{line}: rule `{}` is listed twice",
                r.id
            ));
        }
    }
    // Scenario file stems and what each covers.
    let mut by_rule: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stems = vec![];
    let mut names = vec![];
    for f in scenario_files(dir) {
        let stem = f
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let rel = format!("tests/{stem}.yaml");
        let src = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let name = parse_yaml(pack, &rel, &src)
            .ok()
            .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(str::to_string))
            .unwrap_or_default();
        names.push((stem.clone(), name));
        for (id, line) in covers_of(pack, &rel, &src)? {
            if !ids.contains(id.as_str()) {
                return Err(format!(
                    "content/{pack}/{rel}:{line}: covers `{id}`, which tests/rules.yaml does not list{}",
                    crate::pack::did_you_mean(&id, ids.iter().map(|s| s.to_string()).collect::<Vec<_>>().iter())
                ));
            }
            by_rule.entry(id).or_default().insert(stem.clone());
        }
        stems.push(stem);
    }
    for r in book.groups.iter().flat_map(|g| &g.rules) {
        for m in &r.matches {
            let hit: Vec<&String> = stems.iter().filter(|s| glob(m, s)).collect();
            if hit.is_empty() {
                return Err(format!(
                    "content/{pack}/tests/rules.yaml: rule `{}`: no scenario's file name matches `{m}`",
                    r.id
                ));
            }
        }
    }
    let mut out = format!("# {}\n\n", book.title.trim());
    out.push_str(
        "Generated by `imperium coverage` from `tests/rules.yaml` and the `covers:` \
         of the scenarios: edit those, not this file.\n\n",
    );
    if !book.intro.trim().is_empty() {
        out.push_str(book.intro.trim());
        out.push_str("\n\n");
    }
    let mut uncovered = vec![];
    let (mut total, mut covered, mut outside) = (0, 0, 0);
    for g in &book.groups {
        out.push_str(&format!(
            "## {}\n\n| rule | scenarios | notes |\n|---|---|---|\n",
            g.name
        ));
        for r in &g.rules {
            let named = by_rule.get(&r.id).cloned().unwrap_or_default();
            let mut cells: Vec<String> = named.iter().map(|s| format!("`{s}`")).collect();
            for m in &r.matches {
                let n = stems.iter().filter(|s| glob(m, s)).count();
                cells.push(format!("every `{m}` ({n})"));
            }
            total += 1;
            let scen = if cells.is_empty() {
                if r.status == "not implemented" || r.status == "not in this pack" {
                    outside += 1;
                    format!("*{}*", r.status)
                } else {
                    uncovered.push(format!("{} ({})", r.rule, r.id));
                    "**not covered**".to_string()
                }
            } else {
                covered += 1;
                cells.join(", ")
            };
            let mut note = r.note.trim().replace('\n', " ");
            if !r.status.is_empty()
                && r.status != "not implemented"
                && r.status != "not in this pack"
            {
                note = if note.is_empty() {
                    format!("*{}*", r.status)
                } else {
                    format!("*{}*: {note}", r.status)
                };
            }
            out.push_str(&format!(
                "| {} | {scen} | {} |\n",
                r.rule.trim().replace('|', "\\|"),
                note.replace('|', "\\|")
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "## Summary\n\n{covered} of the {} rules the pack follows have a scenario ({total} rules listed; {outside} not implemented or not in this pack).\n",
        total - outside
    ));
    if !uncovered.is_empty() {
        out.push_str("\nNot covered:\n\n");
        for u in &uncovered {
            out.push_str(&format!("- {u}\n"));
        }
    }
    out.push_str("\n## Every scenario\n\n| file | name |\n|---|---|\n");
    for (stem, name) in &names {
        out.push_str(&format!(
            "| `{stem}` | {} |\n",
            name.trim().replace('\n', " ").replace('|', "\\|")
        ));
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::glob;

    #[test]
    fn patterns() {
        assert!(glob("ac_*", "ac_sabotage"));
        assert!(glob("*_1", "ac_riders_1"));
        assert!(glob("a*b*c", "a_x_b_y_c"));
        assert!(!glob("ac_*", "agenda_x"));
        assert!(glob("core", "core"));
        assert!(!glob("a*a", "a"));
    }
}
