//! Checks of keyed texts when a pack loads: every key a script names
//! (`key = "x"`) has a text in the chain's locale files, and a translation
//! uses no placeholder the English text of its key lacks.

use crate::keys::{placeholders, KERNEL_EXTRA_ARGS, KERNEL_KEYS};
use crate::pack::{
    diag, did_you_mean, is_script_path, locate_text, origin, Diagnostic, ResolvedPack,
};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The language of a locale file (`locale/es_cards.yaml` is `es`).
fn lang_of(rel: &str) -> Option<String> {
    let file = rel.strip_prefix("locale/")?;
    Some(
        file.chars()
            .take_while(|c| *c != '_' && *c != '.')
            .collect(),
    )
}

/// Line and column (1-based) of byte offset `at` in `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map(|i| at - i).unwrap_or(at + 1);
    (line, col)
}

/// Each `key = "name"` a Lua text names, with its byte offset.
fn named_keys(src: &str) -> Vec<(String, usize)> {
    let mut out = vec![];
    let mut rest = src;
    let mut base = 0;
    while let Some(i) = rest.find("key") {
        let after = &rest[i + 3..];
        // A table field: `{ key = ...` or `, key = ...`.
        let prev_ok = src[..base + i]
            .trim_end()
            .chars()
            .next_back()
            .is_some_and(|c| c == '{' || c == ',');
        let t = after.trim_start();
        if prev_ok && t.starts_with('=') && !t.starts_with("==") {
            let v = t[1..].trim_start();
            if let Some(body) = v.strip_prefix('"') {
                if let Some(end) = body.find('"') {
                    let name = &body[..end];
                    if !name.is_empty() && !name.contains(char::is_whitespace) {
                        let at = base + i;
                        out.push((name.to_string(), at));
                    }
                }
            }
        }
        base += i + 3;
        rest = after;
    }
    out
}

/// Adds a diagnostic for every key named by a script without a text, and
/// for every translated text with a placeholder its English text lacks.
pub fn check(
    pack: &ResolvedPack,
    sources: &BTreeMap<(String, String), String>,
    diags: &mut Vec<Diagnostic>,
) {
    // The English text of each key, and every key any language gives.
    let mut english: BTreeMap<String, String> = KERNEL_KEYS
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut all: BTreeSet<String> = english.keys().cloned().collect();
    let mut translations: Vec<(String, String, String, String)> = vec![];
    let chain: Vec<&str> = pack.chain.iter().map(|p| p.manifest.id.as_str()).collect();
    for id in &chain {
        for ((pid, rel), src) in sources {
            if pid != id {
                continue;
            }
            let Some(lang) = lang_of(rel) else { continue };
            let Ok(v) = serde_yaml::from_str::<serde_yaml::Value>(src) else {
                continue;
            };
            let Some(keys) = v.get("keys").and_then(|k| k.as_mapping()) else {
                continue;
            };
            for (k, t) in keys {
                let (Some(k), Some(t)) = (k.as_str(), t.as_str()) else {
                    continue;
                };
                all.insert(k.to_string());
                if lang == "en" {
                    english.insert(k.to_string(), t.to_string());
                } else {
                    translations.push((pid.clone(), rel.clone(), k.to_string(), t.to_string()));
                }
            }
        }
    }
    for (pid, rel, key, text) in &translations {
        let Some(en) = english.get(key) else { continue };
        let mut have = placeholders(en);
        for (k, extra) in KERNEL_EXTRA_ARGS {
            if k == key {
                have.extend(extra.iter().map(|s| s.to_string()));
            }
        }
        for ph in placeholders(text) {
            if !have.contains(&ph) {
                let src = sources
                    .get(&(pid.clone(), rel.clone()))
                    .map(String::as_str)
                    .unwrap_or("");
                let (line, col) = locate_text(src, &["keys", key], None);
                diags.push(diag(
                    "key-placeholder",
                    origin(pid, rel, line, col),
                    key,
                    format!(
                        "the text of key `{key}` uses {{{ph}}}, which the key does not have (its English text has: {}){}",
                        if have.is_empty() { "none".to_string() } else { have.iter().map(|h| format!("{{{h}}}")).collect::<Vec<_>>().join(", ") },
                        did_you_mean(&ph, have.iter())
                    ),
                ));
            }
        }
    }
    // Keys the scripts name.
    let mut scripts: Vec<(String, String, String, usize)> = vec![];
    for f in &pack.rules {
        scripts.push((f.pack.clone(), f.rel.clone(), f.source.clone(), 0));
    }
    for defs in pack.collections.values() {
        for d in defs.values() {
            let Some(s) = d.value.get("script").and_then(Value::as_str) else {
                continue;
            };
            let o = &d.script_origin;
            if is_script_path(s) {
                let dir = pack
                    .chain
                    .iter()
                    .find(|c| c.manifest.id == o.pack)
                    .map(|c| c.dir.join(s));
                if let Some(text) = dir.and_then(|p| std::fs::read_to_string(p).ok()) {
                    scripts.push((o.pack.clone(), s.to_string(), text, 0));
                }
            } else {
                let src = sources
                    .get(&(o.pack.clone(), o.file.clone()))
                    .map(String::as_str);
                // An inline script: offsets are reported from its YAML line.
                scripts.push((o.pack.clone(), o.file.clone(), s.to_string(), o.line));
                let _ = src;
            }
        }
    }
    let mut seen = BTreeSet::new();
    for (pid, rel, text, line0) in scripts {
        if !seen.insert((pid.clone(), rel.clone(), line0, text.len())) {
            continue;
        }
        for (name, at) in named_keys(&text) {
            if all.contains(&name) {
                continue;
            }
            let (l, c) = line_col(&text, at);
            let line = if line0 > 0 { line0 + l } else { l };
            diags.push(diag(
                "unknown-key",
                origin(&pid, &rel, line, c),
                &name,
                format!(
                    "key `{name}` has no text in any locale file of the chain (add `keys: {{{name}: ...}}` to locale/en.yaml){}",
                    did_you_mean(&name, all.iter())
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_named_keys() {
        let k = named_keys(
            "game.log({ key = \"a.b\", p = 1 }) if x.key == \"no\" then end local key = \"z\"",
        );
        assert_eq!(
            k.iter().map(|x| x.0.as_str()).collect::<Vec<_>>(),
            vec!["a.b"]
        );
        assert_eq!(line_col("a\nbc", 3), (2, 2));
        assert_eq!(lang_of("locale/es_cards.yaml").as_deref(), Some("es"));
    }
}
