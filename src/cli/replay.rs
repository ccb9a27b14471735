//! Replaying a saved game record: the checks a record must pass before its
//! answers are replayed (a pack id, the same content, the pack's entry),
//! then the replay itself.

use crate::pack::{Library, ResolvedPack};
use crate::session::{EchoFn, GameError, Limits, Record, Replay, Session};
use std::rc::Rc;

/// How a replay ended.
pub enum Replayed {
    /// Every answer was used and the game ended.
    Ended,
    /// The answers ran out before the game ended: the decision it stopped
    /// at, as a line.
    Stopped(Option<String>),
}

/// A record read from `text` (`name` is how messages call it) and the pack
/// it names, when the pack here is the one it was played with. Warnings (a
/// record without a content hash, another version) go to `warn`.
pub fn check(
    lib: &Library,
    name: &str,
    text: &str,
    warn: &mut dyn FnMut(String),
) -> Result<(Rc<ResolvedPack>, Record), String> {
    // A byte-order mark some editors add is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rec: Record =
        serde_json::from_str(text).map_err(|e| format!("{name}: not a saved game: {e}"))?;
    if !crate::pack::is_pack_id(&rec.pack) {
        return Err(format!(
            "{name}: `pack` is `{}`: a saved game names a pack id, not a path",
            rec.pack
        ));
    }
    let p = Rc::new(lib.resolve(&rec.pack).map_err(|e| e.to_string())?);
    let hash = p.content_hash();
    if rec.pack_hash.is_empty() {
        warn(format!(
            "warning: the record does not say which content of pack `{}` it was played with",
            rec.pack
        ));
    } else if rec.pack_hash != hash {
        return Err(format!(
            "{name}: the game was played with other content of pack `{}` (version {}, content {}) than the pack here (version {}, content {hash}): replaying it would play other rules",
            rec.pack, rec.version, rec.pack_hash, p.version
        ));
    }
    if p.version != rec.version {
        warn(format!(
            "warning: the record is of {} {}, the pack is {}",
            rec.pack, rec.version, p.version
        ));
    }
    let game_entry = super::game_entry(&p);
    if rec.entry != game_entry {
        return Err(format!(
            "{name}: `entry` is `{}`, but pack `{}` starts a game with `{game_entry}`",
            rec.entry, rec.pack
        ));
    }
    Ok((p, rec))
}

/// Replays the first `until` answers of `rec` (all of them without) in a
/// new session of `p`, with `echo` seeing the log. The session is handed to
/// `after` however the replay ends (to dump its state, say).
pub fn replay(
    name: &str,
    p: Rc<ResolvedPack>,
    rec: &Record,
    until: Option<usize>,
    limits: Limits,
    echo: Option<EchoFn>,
    after: &mut dyn FnMut(&Session) -> Result<(), String>,
) -> Result<Replayed, String> {
    let mut s = Session::new(p, rec.seed, &rec.options, limits).map_err(|e| e.to_string())?;
    s.set_echo(echo);
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
    after(&s)?;
    match res {
        Ok(_) if src.next < src.answers.len() => Err(format!(
            "{name}: the game ended after {} decisions, but the record has {} more",
            src.next,
            src.answers.len() - src.next
        )),
        Ok(_) => Ok(Replayed::Ended),
        Err(GameError::RecordEnded) => Ok(Replayed::Stopped(s.pending.as_ref().map(|d| {
            format!(
                "stopped before: p{} {} [{}]",
                d.player,
                d.text,
                d.options.join(", ")
            )
        }))),
        Err(e) => Err(e.to_string()),
    }
}
