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
