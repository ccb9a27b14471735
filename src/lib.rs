//! imperium: a rules interpreter for Twilight Imperium and its variants.
//!
//! The kernel knows hexes, a galaxy graph, generic entities, timing windows,
//! seeded dice and decisions. Every rule of an edition lives in a content pack.

pub mod cli;
pub mod combat;
pub mod contract_doc;
pub mod coverage;
pub mod diff;
pub mod galaxy;
pub mod hex;
pub mod keycheck;
pub mod keys;
pub mod locale;
pub mod pack;
pub mod perft;
pub mod progress;
pub mod rng;
pub mod scenario;
pub mod schema;
pub mod session;
pub mod state;
