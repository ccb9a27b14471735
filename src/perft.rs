//! Perft-style counts: from a seeded setup, how many legal decision
//! sequences there are to each depth. A rule change that alters what is
//! legal changes these numbers even where no scenario walks.

use crate::pack::ResolvedPack;
use crate::progress::Progress;
use crate::session::{GameError, Limits, Session};
use serde_json::Value;
use std::rc::Rc;

/// Options of the decision reached after answering `prefix`, or None when
/// the game ended first.
fn options_after(
    pack: &Rc<ResolvedPack>,
    entry: &str,
    args: &Value,
    seed: u64,
    prefix: &[String],
) -> Result<Option<Vec<String>>, GameError> {
    let mut s = Session::new(pack.clone(), seed, &[], Limits::default())?;
    s.start(entry, args.clone())?;
    for a in prefix {
        if s.pending.is_none() {
            return Ok(None);
        }
        s.answer(a)?;
    }
    Ok(s.pending.as_ref().map(|d| d.options.clone()))
}

/// counts[i] = number of decision sequences of length i+1.
pub fn perft(
    pack: &Rc<ResolvedPack>,
    entry: &str,
    args: &Value,
    seed: u64,
    depth: usize,
) -> Result<Vec<u64>, GameError> {
    perft_progress(pack, entry, args, seed, depth, &Progress::hidden())
}

/// As `perft`, reporting each depth's sequences done to `progress`.
pub fn perft_progress(
    pack: &Rc<ResolvedPack>,
    entry: &str,
    args: &Value,
    seed: u64,
    depth: usize,
    progress: &Progress,
) -> Result<Vec<u64>, GameError> {
    let mut counts = vec![0u64; depth];
    let mut frontier: Vec<Vec<String>> = vec![vec![]];
    for (d, c) in counts.iter_mut().enumerate() {
        let mut next = vec![];
        progress.stage(&format!("depth {}", d + 1), frontier.len() as u64);
        for prefix in &frontier {
            progress.add(1);
            if let Some(opts) = options_after(pack, entry, args, seed, prefix)? {
                for o in opts {
                    let mut p = prefix.clone();
                    p.push(o);
                    next.push(p);
                }
            }
        }
        *c = next.len() as u64;
        frontier = next;
    }
    progress.finish();
    Ok(counts)
}
