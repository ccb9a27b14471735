//! What one pack changes relative to another.

use crate::pack::ResolvedPack;
use serde_json::Value;
use std::collections::BTreeSet;

fn flat(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flat(&p, x, out);
            }
        }
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

/// Readable lines: `+` added, `-` removed, `~` changed (with the fields).
pub fn diff(a: &ResolvedPack, b: &ResolvedPack) -> Vec<String> {
    let mut out = vec![];
    let mut colls: BTreeSet<&String> = a.collections.keys().collect();
    colls.extend(b.collections.keys());
    for c in colls {
        // Options are listed below, with their descriptions.
        if c == "options" {
            continue;
        }
        let empty = Default::default();
        let ca = a.collections.get(c).unwrap_or(&empty);
        let cb = b.collections.get(c).unwrap_or(&empty);
        let mut ids: BTreeSet<&String> = ca.keys().collect();
        ids.extend(cb.keys());
        for id in ids {
            match (ca.get(id), cb.get(id)) {
                (None, Some(d)) => out.push(format!("+ {c}.{id}  ({})", d.origin)),
                (Some(_), None) => out.push(format!("- {c}.{id}")),
                (Some(x), Some(y)) if x.value != y.value => {
                    let (mut fa, mut fb) = (vec![], vec![]);
                    flat("", &x.value, &mut fa);
                    flat("", &y.value, &mut fb);
                    let ma: std::collections::BTreeMap<_, _> = fa.into_iter().collect();
                    let mb: std::collections::BTreeMap<_, _> = fb.into_iter().collect();
                    out.push(format!("~ {c}.{id}  ({})", y.origin));
                    let mut keys: BTreeSet<&String> = ma.keys().collect();
                    keys.extend(mb.keys());
                    for k in keys {
                        match (ma.get(k), mb.get(k)) {
                            (Some(p), Some(q)) if p != q => {
                                if k == "script" || p.len() + q.len() > 120 {
                                    out.push(format!("    {k}: changed"));
                                } else {
                                    out.push(format!("    {k}: {p} -> {q}"));
                                }
                            }
                            (None, Some(q)) => out.push(format!("    {k}: (none) -> {q}")),
                            (Some(p), None) => out.push(format!("    {k}: {p} -> (none)")),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let pa: BTreeSet<&str> = a.chain.iter().map(|p| p.manifest.id.as_str()).collect();
    for (pack, name, origin) in &b.procedures {
        if !pa.contains(pack.as_str()) {
            let existed = a.procedures.iter().any(|(_, n, _)| n == name);
            out.push(format!(
                "{} procedure {name}  ({origin})",
                if existed { "~" } else { "+" }
            ));
        }
    }
    for (k, o) in &b.options {
        if !a.options.contains_key(k) {
            out.push(format!("+ option {k}: {}", o.description));
        }
    }
    for k in a.options.keys() {
        if !b.options.contains_key(k) {
            out.push(format!("- option {k}"));
        }
    }
    out
}

/// Helper overrides, from the registries of two loaded sessions
/// (`Session::registry`): a helper `b`'s chain defines in a pack that is
/// not in `a`'s chain is added (`+`) or replaced (`~`), with the packs that
/// defined it.
pub fn helper_diff(a: &Value, b: &Value, a_chain: &BTreeSet<String>) -> Vec<String> {
    let mut out = vec![];
    let ha = a.get("helpers").and_then(Value::as_object);
    let Some(hb) = b.get("helpers").and_then(Value::as_object) else {
        return out;
    };
    let mut names: Vec<&String> = hb.keys().collect();
    names.sort();
    for name in names {
        let info = &hb[name];
        let packs: Vec<&str> = info
            .get("packs")
            .and_then(Value::as_array)
            .map(|v| v.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let new: Vec<&str> = packs
            .iter()
            .copied()
            .filter(|p| !a_chain.contains(*p))
            .collect();
        if new.is_empty() {
            continue;
        }
        let existed = ha.is_some_and(|h| h.contains_key(name));
        let doc = info
            .get("doc")
            .and_then(Value::as_str)
            .map(|d| format!(": {d}"))
            .unwrap_or_default();
        out.push(format!(
            "{} helper {name}  ({}){doc}",
            if existed { "~" } else { "+" },
            new.join(", ")
        ));
    }
    out
}

/// Decision and log-line texts (`keys:` of the locale files) `b` adds or
/// changes relative to `a`.
pub fn key_diff(a: &ResolvedPack, b: &ResolvedPack) -> Vec<String> {
    let mut out = vec![];
    for (k, v) in &b.locale_strings {
        let Some(key) = k.strip_prefix("keys.") else {
            continue;
        };
        match a.locale_strings.get(k) {
            None => out.push(format!("+ key {key}: {v:?}")),
            Some(old) if old != v => out.push(format!("~ key {key}: {old:?} -> {v:?}")),
            _ => {}
        }
    }
    out
}
