//! Log translation for packs in another language: whole log lines matched
//! against `phrases:` patterns of the pack's locale file, with the text in
//! their placeholders passed through `words:`.
//!
//! ```yaml
//! phrases:
//!   "{p} activates {system}": "{p} activa {system}"
//! words:
//!   harbour: puerto
//! ```

use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Lit(String),
    Hole(String),
}

#[derive(Clone, Debug, Default)]
pub struct Translator {
    phrases: Vec<(Vec<Seg>, String)>,
    words: BTreeMap<String, String>,
}

fn parse(pattern: &str) -> Vec<Seg> {
    let mut out = vec![];
    let mut rest = pattern;
    while let Some(i) = rest.find('{') {
        match rest[i..].find('}') {
            Some(j) => {
                if i > 0 {
                    out.push(Seg::Lit(rest[..i].to_string()));
                }
                out.push(Seg::Hole(rest[i + 1..i + j].to_string()));
                rest = &rest[i + j + 1..];
            }
            None => break,
        }
    }
    if !rest.is_empty() {
        out.push(Seg::Lit(rest.to_string()));
    }
    out
}

/// Matches `segs` against `s`, filling `caps`; placeholders take the
/// shortest text that lets the rest match (a final one takes the rest).
fn matches(segs: &[Seg], s: &str, caps: &mut Vec<(String, String)>) -> bool {
    match segs.split_first() {
        None => s.is_empty(),
        Some((Seg::Lit(l), rest)) => s
            .strip_prefix(l.as_str())
            .is_some_and(|r| matches(rest, r, caps)),
        Some((Seg::Hole(name), rest)) => {
            if rest.is_empty() {
                if s.is_empty() {
                    return false;
                }
                caps.push((name.clone(), s.to_string()));
                return true;
            }
            for (i, _) in s
                .char_indices()
                .skip(1)
                .chain(std::iter::once((s.len(), ' ')))
            {
                let n = caps.len();
                caps.push((name.clone(), s[..i].to_string()));
                if matches(rest, &s[i..], caps) {
                    return true;
                }
                caps.truncate(n);
            }
            false
        }
    }
}

impl Translator {
    /// Builds from locale strings (`phrases.<pattern>`, `words.<word>`);
    /// None when the pack has neither.
    pub fn from_locale(strings: &BTreeMap<String, String>) -> Option<Translator> {
        let mut t = Translator::default();
        for (k, v) in strings {
            if let Some(p) = k.strip_prefix("phrases.") {
                t.phrases.push((parse(p), v.clone()));
            } else if let Some(w) = k.strip_prefix("words.") {
                t.words.insert(w.to_string(), v.clone());
            }
        }
        if t.phrases.is_empty() && t.words.is_empty() {
            return None;
        }
        // Most specific first: more literal text, then fewer placeholders.
        t.phrases.sort_by(|a, b| {
            let lit = |s: &Vec<Seg>| {
                s.iter()
                    .map(|x| if let Seg::Lit(l) = x { l.len() } else { 0 })
                    .sum::<usize>()
            };
            lit(&b.0)
                .cmp(&lit(&a.0))
                .then(a.0.len().cmp(&b.0.len()))
                .then(a.1.cmp(&b.1))
        });
        Some(t)
    }

    /// Replaces whole words found in `words` (word = letters, digits, `_`, `'`).
    pub fn words(&self, s: &str) -> String {
        if self.words.is_empty() {
            return s.to_string();
        }
        let mut out = String::with_capacity(s.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            if !word.is_empty() {
                out.push_str(
                    self.words
                        .get(word.as_str())
                        .map(String::as_str)
                        .unwrap_or(word),
                );
                word.clear();
            }
        };
        for c in s.chars() {
            if c.is_alphanumeric() || c == '_' || c == '\'' {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }

    /// Translates one log line.
    pub fn line(&self, s: &str) -> String {
        self.translate(s).0
    }

    /// Translates one line; the flag tells whether a phrase matched it
    /// (otherwise only its words were replaced).
    pub fn translate(&self, s: &str) -> (String, bool) {
        for (segs, template) in &self.phrases {
            let mut caps = vec![];
            if matches(segs, s, &mut caps) {
                let mut out = template.clone();
                for (name, text) in caps {
                    out = out.replace(&format!("{{{name}}}"), &self.words(&text));
                }
                return (out, true);
            }
        }
        (self.words(s), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr() -> Translator {
        let mut m = BTreeMap::new();
        m.insert(
            "phrases.{p} activates {system}".to_string(),
            "{p} activa {system}".to_string(),
        );
        m.insert(
            "phrases.{p} rolls {what} [{dice}] vs {n}: {h} hits".to_string(),
            "{p} tira {what} [{dice}] contra {n}: {h} impactos".to_string(),
        );
        m.insert("words.harbour".to_string(), "puerto".to_string());
        Translator::from_locale(&m).unwrap()
    }

    #[test]
    fn translates_lines_and_words() {
        let t = tr();
        assert_eq!(
            t.line("p3 activates 0,-2 (north)"),
            "p3 activa 0,-2 (north)"
        );
        assert_eq!(
            t.line("p1 rolls harbour [4,9] vs 5: 2 hits"),
            "p1 tira puerto [4,9] contra 5: 2 impactos"
        );
        assert_eq!(t.line("a harbour appears"), "a puerto appears");
    }

    #[test]
    fn tells_whether_a_phrase_matched() {
        let t = tr();
        assert_eq!(
            t.translate("p3 activates 0,-2 (north)"),
            ("p3 activa 0,-2 (north)".to_string(), true)
        );
        assert_eq!(
            t.translate("a harbour appears"),
            ("a puerto appears".to_string(), false)
        );
    }

    #[test]
    fn english_packs_have_no_translator() {
        assert!(Translator::from_locale(&BTreeMap::new()).is_none());
    }
}
