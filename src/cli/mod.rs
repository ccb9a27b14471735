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
