//! The combat fast path: repeated simulations of one fight (`sim`), run by
//! the kernel from a plan the pack hands over (`fight`) or by replaying the
//! pack's own combat procedure.

pub mod fight;
pub mod sim;
