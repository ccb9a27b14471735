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

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

#[derive(Clone, Debug, PartialEq)]
enum Seg {
    Lit(String),
    Hole(String),
}

#[derive(Clone, Debug, Default)]
pub struct Translator {
    phrases: Vec<(Vec<Seg>, String)>,
    words: BTreeMap<String, String>,
    /// Lines already translated, with their results: a game writes the
    /// same lines again and again, and the search over every phrase is
    /// the cost. Emptied when it holds MEMO_BYTES of text.
    memo: RefCell<Memo>,
}

/// Translated lines with their results, and the bytes they take.
type Memo = (HashMap<String, (String, bool)>, usize);

/// The most bytes of lines and translations the memo keeps.
const MEMO_BYTES: usize = 4 * 1024 * 1024;

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

/// Lines longer than this are not matched against phrases (only their
/// words are replaced): a log line that long is no phrase, and matching
/// costs time in its length.
pub const MAX_PHRASE_LINE: usize = 4096;

/// Matches `segs` against `s`, filling `caps`; placeholders take the
/// shortest text that lets the rest match (a final one takes the rest).
/// Each (segment, position) that failed once is not tried again, so the
/// cost is at most segments x length^2, whatever the number of
/// placeholders.
fn matches(segs: &[Seg], s: &str, caps: &mut Vec<(String, String)>) -> bool {
    let mut failed = std::collections::HashSet::new();
    let mut spans = vec![];
    if !match_at(segs, 0, s, 0, &mut spans, &mut failed) {
        return false;
    }
    for (i, a, b) in spans {
        if let Seg::Hole(name) = &segs[i] {
            caps.push((name.clone(), s[a..b].to_string()));
        }
    }
    true
}

/// A quick test that `matches` needs: a pattern matches a whole line, so a
/// leading literal must start it and a trailing one end it. Most phrases
/// fail here without the search.
fn could_match(segs: &[Seg], s: &str) -> bool {
    if let Some(Seg::Lit(l)) = segs.first() {
        if !s.starts_with(l.as_str()) {
            return false;
        }
    }
    if let Some(Seg::Lit(l)) = segs.last() {
        if !s.ends_with(l.as_str()) {
            return false;
        }
    }
    true
}

fn match_at(
    segs: &[Seg],
    i: usize,
    s: &str,
    pos: usize,
    spans: &mut Vec<(usize, usize, usize)>,
    failed: &mut std::collections::HashSet<(usize, usize)>,
) -> bool {
    if failed.contains(&(i, pos)) {
        return false;
    }
    let ok = match segs.get(i) {
        None => pos == s.len(),
        Some(Seg::Lit(l)) => {
            s[pos..].starts_with(l.as_str())
                && match_at(segs, i + 1, s, pos + l.len(), spans, failed)
        }
        Some(Seg::Hole(_)) if i + 1 == segs.len() => {
            if pos == s.len() {
                false
            } else {
                spans.push((i, pos, s.len()));
                true
            }
        }
        Some(Seg::Hole(_)) => {
            let rest = &s[pos..];
            let mut found = false;
            for (e, _) in rest
                .char_indices()
                .skip(1)
                .chain(std::iter::once((rest.len(), ' ')))
            {
                if let Some(Seg::Lit(l)) = segs.get(i + 1) {
                    if !rest[e..].starts_with(l.as_str()) {
                        continue;
                    }
                }
                let n = spans.len();
                spans.push((i, pos, pos + e));
                if match_at(segs, i + 1, s, pos + e, spans, failed) {
                    found = true;
                    break;
                }
                spans.truncate(n);
            }
            found
        }
    };
    if !ok {
        failed.insert((i, pos));
    }
    ok
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
        if s.len() > MAX_PHRASE_LINE {
            return (self.words(s), false);
        }
        if let Some(hit) = self.memo.borrow().0.get(s) {
            return hit.clone();
        }
        let out = self.search(s);
        let mut memo = self.memo.borrow_mut();
        let size = s.len() + out.0.len();
        if memo.1 + size > MEMO_BYTES {
            memo.0.clear();
            memo.1 = 0;
        }
        memo.0.insert(s.to_string(), out.clone());
        memo.1 += size;
        out
    }

    /// `translate` without the memo: the first phrase (most specific first)
    /// that matches the whole line.
    fn search(&self, s: &str) -> (String, bool) {
        for (segs, template) in &self.phrases {
            if !could_match(segs, s) {
                continue;
            }
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
    fn the_quick_test_never_rejects_a_match() {
        let cases = [
            ("{a} rolls {b}", "x rolls 3", true),
            ("Roll: {a}", "Roll: 5", true),
            ("Roll: {a}", "roll: 5", false),
            ("{a} wins.", "Bob wins.", true),
            ("{a} wins.", "Bob wins!", false),
            ("only", "only", true),
        ];
        for (p, line, want) in cases {
            let segs = parse(p);
            assert_eq!(could_match(&segs, line), want, "{p} / {line}");
            assert_eq!(matches(&segs, line, &mut vec![]), want, "{p} / {line}");
        }
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
    fn many_placeholders_on_a_long_line_stay_quick() {
        let mut m = BTreeMap::new();
        m.insert(
            "phrases.{a} {b} {c} {d} {e} {f}!".to_string(),
            "x".to_string(),
        );
        let t = Translator::from_locale(&m).unwrap();
        let line = "a ".repeat(2000);
        let start = std::time::Instant::now();
        assert!(!t.translate(&line).1);
        assert!(t.translate("1 2 3 4 5 6!").1);
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }

    #[test]
    fn english_packs_have_no_translator() {
        assert!(Translator::from_locale(&BTreeMap::new()).is_none());
    }
}
