//! Keyed text: decisions and log lines are a key plus named arguments
//! (`{key = "activates", p = "p3", system = "Lodor"}`); the text comes from
//! the `keys:` section of the pack's locale files, English included:
//!
//! ```yaml
//! # content/<pack>/locale/en.yaml
//! keys:
//!   activates: "{p} activates {system}"
//! ```
//!
//! A translation pack gives the same keys in its language (`locale/es.yaml`).
//! The kernel's own lines have keys under `kernel.` with English defaults,
//! which a locale may translate too.

use std::collections::BTreeMap;

/// The kernel's own keys and their English text.
pub const KERNEL_KEYS: &[(&str, &str)] = &[
    ("kernel.play_optional", "play {coll}.{id} at {window}?"),
    (
        "kernel.undone",
        "(undone: the {n} line(s) above; the action failed and was rolled back)",
    ),
    (
        "kernel.roll_hit",
        "{label} [{rolls}] vs {target}: {hits} hit",
    ),
    (
        "kernel.roll_hits",
        "{label} [{rolls}] vs {target}: {hits} hits",
    ),
];

/// Arguments a kernel key gives besides those its English text shows
/// (a translation may use them).
pub const KERNEL_EXTRA_ARGS: &[(&str, &[&str])] = &[("kernel.play_optional", &["card", "when"])];

/// The texts of every key the pack's locale files give, and the language
/// each was last given in.
#[derive(Clone, Debug)]
pub struct KeyTexts {
    pub lang: String,
    texts: BTreeMap<String, String>,
    langs: BTreeMap<String, String>,
}

/// A piece of a key's text: literal text or a `{placeholder}`.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece<'a> {
    Lit(&'a str),
    Hole(&'a str),
}

/// Splits a text into literal pieces and `{name}` placeholders (`{{` is a
/// literal brace).
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = vec![];
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        if rest[i..].starts_with("{{") {
            out.push(Piece::Lit(&rest[..i + 1]));
            rest = &rest[i + 2..];
            continue;
        }
        match rest[i..].find('}') {
            Some(j) => {
                if i > 0 {
                    out.push(Piece::Lit(&rest[..i]));
                }
                out.push(Piece::Hole(&rest[i + 1..i + j]));
                rest = &rest[i + j + 1..];
            }
            None => break,
        }
    }
    if !rest.is_empty() {
        out.push(Piece::Lit(rest));
    }
    out
}

/// The placeholders a text uses, sorted and without repeats.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut v: Vec<String> = pieces(text)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Hole(h) => Some(h.to_string()),
            Piece::Lit(_) => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

impl Default for KeyTexts {
    /// The kernel's keys in English only.
    fn default() -> Self {
        KeyTexts::new("en", &BTreeMap::new(), &BTreeMap::new())
    }
}

impl KeyTexts {
    /// From the pack's merged locale strings (`keys.<key>`) and the language
    /// each key was last given in (`locale_langs`).
    pub fn new(
        lang: &str,
        strings: &BTreeMap<String, String>,
        langs: &BTreeMap<String, String>,
    ) -> KeyTexts {
        let mut k = KeyTexts {
            lang: lang.to_string(),
            texts: BTreeMap::new(),
            langs: BTreeMap::new(),
        };
        for (key, text) in KERNEL_KEYS {
            k.texts.insert(key.to_string(), text.to_string());
            k.langs.insert(key.to_string(), "en".into());
        }
        for (s, v) in strings {
            if let Some(key) = s.strip_prefix("keys.") {
                k.texts.insert(key.to_string(), v.clone());
                let l = langs.get(s).cloned().unwrap_or_else(|| "en".into());
                k.langs.insert(key.to_string(), l);
            }
        }
        k
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        self.texts.get(key).map(String::as_str)
    }

    /// Whether the key has a text in the pack's own language.
    pub fn translated(&self, key: &str) -> bool {
        self.langs.get(key).map(String::as_str) == Some(self.lang.as_str())
    }

    pub fn keys(&self) -> impl Iterator<Item = (&String, &String)> {
        self.texts.iter()
    }

    /// Renders `key` with `args`; an unknown key or a placeholder without
    /// an argument is an error.
    pub fn render(&self, key: &str, args: &BTreeMap<String, String>) -> Result<String, String> {
        let text = self.texts.get(key).ok_or_else(|| {
            format!("key `{key}` has no text in the pack's locale (keys: {key}: ...)")
        })?;
        let mut out = String::with_capacity(text.len() + 16);
        for p in pieces(text) {
            match p {
                Piece::Lit(l) => out.push_str(l),
                Piece::Hole(h) => match args.get(h) {
                    Some(v) => out.push_str(v),
                    None => {
                        return Err(format!(
                            "key `{key}`: its text uses {{{h}}}, which the call does not give (given: {})",
                            args.keys().cloned().collect::<Vec<_>>().join(", ")
                        ))
                    }
                },
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_and_reports_missing_arguments() {
        let mut s = BTreeMap::new();
        s.insert(
            "keys.activates".to_string(),
            "{p} activates {system}".to_string(),
        );
        let k = KeyTexts::new("en", &s, &BTreeMap::new());
        let mut a = BTreeMap::new();
        a.insert("p".to_string(), "p3".to_string());
        a.insert("system".to_string(), "Lodor".to_string());
        assert_eq!(k.render("activates", &a).unwrap(), "p3 activates Lodor");
        a.remove("system");
        assert!(k.render("activates", &a).unwrap_err().contains("{system}"));
        assert!(k.render("nope", &a).is_err());
        assert!(k.translated("activates"));
    }

    #[test]
    fn placeholders_and_braces() {
        assert_eq!(placeholders("{b} and {a} and {b}"), vec!["a", "b"]);
        assert_eq!(pieces("{{x"), vec![Piece::Lit("{"), Piece::Lit("x")]);
    }
}
