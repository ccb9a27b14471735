//! imperium: a rules interpreter for Twilight Imperium and its variants.
//!
//! The kernel knows hexes, a galaxy graph, generic entities, timing windows,
//! seeded dice and decisions. Every rule of an edition lives in a content pack.

pub mod galaxy;
pub mod hex;
pub mod pack;
pub mod rng;
pub mod session;
pub mod state;
pub mod scenario;
pub mod diff;
pub mod sim;
