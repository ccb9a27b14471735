//! Axial hex coordinates: neighbours, distance and rings.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex in axial coordinates (`q`, `r`); the third cube coordinate is `-q-r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six axial directions, in a fixed order.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Hex {
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The six neighbours in direction order.
    ///
    /// ```
    /// use imperium::hex::Hex;
    /// assert_eq!(Hex::new(0, 0).neighbours().len(), 6);
    /// ```
    pub fn neighbours(self) -> [Hex; 6] {
        DIRECTIONS.map(|(dq, dr)| Hex::new(self.q + dq, self.r + dr))
    }

    /// Hex distance.
    ///
    /// ```
    /// use imperium::hex::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
    /// ```
    pub fn distance(self, o: Hex) -> i32 {
        let dq = self.q - o.q;
        let dr = self.r - o.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// All hexes at exactly `radius` from `self`, walking the ring in a fixed order.
    pub fn ring(self, radius: i32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let mut out = Vec::with_capacity(6 * radius as usize);
        let (dq, dr) = DIRECTIONS[4];
        let mut h = Hex::new(self.q + dq * radius, self.r + dr * radius);
        for (dq, dr) in DIRECTIONS {
            for _ in 0..radius {
                out.push(h);
                h = Hex::new(h.q + dq, h.r + dr);
            }
        }
        out
    }

    /// Parses `"q,r"`.
    pub fn parse(s: &str) -> Option<Hex> {
        let (a, b) = s.split_once(',')?;
        Some(Hex::new(a.trim().parse().ok()?, b.trim().parse().ok()?))
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_at_distance_one() {
        let h = Hex::new(2, -3);
        for n in h.neighbours() {
            assert_eq!(h.distance(n), 1);
        }
    }

    #[test]
    fn rings_have_six_r_hexes_at_distance_r() {
        let c = Hex::new(1, 1);
        for r in 1..4 {
            let ring = c.ring(r);
            assert_eq!(ring.len(), 6 * r as usize);
            assert!(ring.iter().all(|h| c.distance(*h) == r));
            let mut d = ring.clone();
            d.sort();
            d.dedup();
            assert_eq!(d.len(), ring.len());
        }
    }

    #[test]
    fn parse_round_trips() {
        let h = Hex::new(-2, 3);
        assert_eq!(Hex::parse(&h.to_string()), Some(h));
        assert_eq!(Hex::parse("x"), None);
    }
}
