//! Tools for modders built on the kernel: the reference of a loaded pack
//! (`describe`), a new pack (`scaffold`), a played game written as a
//! scenario (`record`), a picture of the galaxy (`map`), editor stubs
//! for the Lua API (`stubs`), many seeded games at once (`soak`) and the
//! change detection of `test --watch` (`watch`).

pub mod bench;
pub mod describe;
pub mod interactive;
pub mod map;
pub mod record;
pub mod replay;
pub mod scaffold;
pub mod soak;
pub mod stubs;
pub mod watch;

use crate::pack::ResolvedPack;
use crate::session::{GameError, Limits, Session};
use std::rc::Rc;

/// A session of `pack` with its scripts loaded (no game started).
/// (Unsealed: the tools watch the kernel's steps by wrapping game.step and
/// game.call, which a pack may never do.)
pub fn loaded(pack: &Rc<ResolvedPack>) -> Result<Session, GameError> {
    let limits = Limits {
        seal: false,
        ..Limits::default()
    };
    Session::new(pack.clone(), 0, &[], limits)
}

/// The pack's `game` entry procedure.
pub fn game_entry(pack: &ResolvedPack) -> String {
    pack.entry
        .get("game")
        .cloned()
        .unwrap_or_else(|| "game".into())
}

/// The `top` functions of a script profile with most samples in total, as
/// a table: total and own share of the samples, and where each is defined.
pub fn profile_table(p: &crate::session::Profile, top: usize) -> String {
    let mut rows: Vec<(&String, &(u64, u64))> = p.functions.iter().collect();
    rows.sort_by(|a, b| (b.1 .1, b.1 .0, a.0).cmp(&(a.1 .1, a.1 .0, b.0)));
    let pct = |n: u64| 100.0 * n as f64 / p.samples.max(1) as f64;
    let mut out = format!(
        "profile: {} samples of the scripts' Lua instructions (the kernel's own work is not counted)\n{:>7} {:>7}  function\n",
        p.samples, "total%", "own%"
    );
    for (f, (own, total)) in rows.into_iter().take(top) {
        out.push_str(&format!("{:>7.1} {:>7.1}  {f}\n", pct(*total), pct(*own)));
    }
    out
}
