//! Game state: generic entities in flat vectors, with free-form props.
//! Nothing here knows what a unit type or a card means.

use crate::galaxy::Galaxy;
use crate::hex::Hex;
use crate::rng::Rng;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

pub type Props = BTreeMap<String, Value>;

#[derive(Clone, Debug, Serialize)]
pub struct Player {
    pub id: String,
    pub counters: BTreeMap<String, i64>,
    pub holds: BTreeSet<(String, String)>,
    pub props: Props,
}

#[derive(Clone, Debug, Serialize)]
pub struct Token {
    pub kind: String,
    pub owner: Option<usize>,
}

#[derive(Clone, Debug, Serialize)]
pub struct System {
    pub tile: String,
    pub hex: Option<Hex>,
    pub planets: Vec<usize>,
    pub tokens: Vec<Token>,
    pub props: Props,
}

#[derive(Clone, Debug, Serialize)]
pub struct Planet {
    pub id: String,
    pub system: usize,
    pub owner: Option<usize>,
    /// A generic spent/ready flag the kernel keeps for the pack (scripts
    /// set and read it with `game.exhaust` / `game.exhausted`).
    pub spent: bool,
    pub tokens: Vec<Token>,
    pub props: Props,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Loc {
    Space(usize),
    Planet(usize),
    Carried(u32),
}

#[derive(Clone, Debug, Serialize)]
pub struct Unit {
    pub id: u32,
    pub kind: String,
    pub owner: usize,
    pub loc: Loc,
    pub props: Props,
}

#[derive(Clone, Debug, Serialize)]
pub struct Zone {
    pub owner: Option<usize>,
    pub cards: Vec<String>,
}

/// The owner of a unit that belongs to no player (scripts see owner 0).
pub const NEUTRAL: usize = usize::MAX;

#[derive(Clone, Debug, Default)]
pub struct State {
    pub players: Vec<Player>,
    pub systems: Vec<System>,
    pub planets: Vec<Planet>,
    pub planet_index: BTreeMap<String, usize>,
    pub hex_index: BTreeMap<Hex, usize>,
    pub units: BTreeMap<u32, Unit>,
    pub next_unit: u32,
    pub zones: BTreeMap<String, Zone>,
    pub counters: BTreeMap<String, i64>,
    pub holds: BTreeSet<(String, String)>,
    pub props: Props,
    pub galaxy: Galaxy,
    pub log: Vec<String>,
    pub rng: Option<Rng>,
    pub finished: Option<Value>,
    /// How many units have been removed so far (lets scripts notice removals).
    pub removals: u64,
    /// Units named by a scenario (`game.spawn(kind, p, {as = "dn1"})`).
    pub names: BTreeMap<String, u32>,
    /// Die results a scenario loaded (`game.load_dice`), served before the
    /// generator's.
    pub loaded_dice: std::collections::VecDeque<u32>,
    /// Bytes the props hold, roughly (bounded; see `game.put`).
    pub prop_bytes: usize,
    /// Numbers a scenario loaded for `game.random` (`game.load_draws`).
    pub loaded_draws: std::collections::VecDeque<u32>,
}

/// Bytes a JSON value takes, roughly (what the kernel counts for props).
pub fn json_bytes(v: &Value) -> usize {
    let mut n = 0;
    let mut stack = vec![v];
    while let Some(x) = stack.pop() {
        n += 16;
        match x {
            Value::String(s) => n += s.len(),
            Value::Object(m) => {
                for (k, x) in m {
                    n += k.len();
                    stack.push(x);
                }
            }
            Value::Array(a) => stack.extend(a.iter()),
            _ => {}
        }
    }
    n
}

impl State {
    pub fn new(seed: u64) -> State {
        State {
            rng: Some(Rng::new(seed)),
            next_unit: 1,
            ..Default::default()
        }
    }

    pub fn rng(&mut self) -> &mut Rng {
        self.rng.get_or_insert_with(|| Rng::new(0))
    }

    pub fn add_player(&mut self) -> usize {
        let n = self.players.len();
        self.players.push(Player {
            id: format!("p{}", n + 1),
            counters: BTreeMap::new(),
            holds: BTreeSet::new(),
            props: Props::new(),
        });
        n
    }

    pub fn add_system(&mut self, tile: &str, hex: Option<Hex>) -> usize {
        let idx = self.galaxy.add_node();
        debug_assert_eq!(idx, self.systems.len());
        self.systems.push(System {
            tile: tile.to_string(),
            hex,
            planets: vec![],
            tokens: vec![],
            props: Props::new(),
        });
        if let Some(h) = hex {
            for n in h.neighbours() {
                if let Some(&o) = self.hex_index.get(&n) {
                    self.galaxy
                        .link(idx, o, crate::galaxy::LinkKind::border(), false);
                }
            }
            self.hex_index.insert(h, idx);
        }
        idx
    }

    /// Exchanges the board positions of two systems (either may be off the
    /// board): each keeps its tile, planets, units and tokens, and the border
    /// links follow the new neighbours. Tokens lying on the old borders of
    /// the two systems are removed with those borders.
    pub fn swap_positions(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let border = crate::galaxy::LinkKind::border();
        for s in [a, b] {
            if let Some(h) = self.systems[s].hex {
                for n in h.neighbours() {
                    if let Some(&o) = self.hex_index.get(&n) {
                        self.galaxy.unlink(s, o, &border);
                    }
                }
                self.hex_index.remove(&h);
            }
        }
        let (ha, hb) = (self.systems[a].hex, self.systems[b].hex);
        self.systems[a].hex = hb;
        self.systems[b].hex = ha;
        for s in [a, b] {
            if let Some(h) = self.systems[s].hex {
                self.hex_index.insert(h, s);
            }
        }
        for s in [a, b] {
            if let Some(h) = self.systems[s].hex {
                for n in h.neighbours() {
                    if let Some(&o) = self.hex_index.get(&n) {
                        self.galaxy.link(s, o, border.clone(), false);
                    }
                }
            }
        }
    }

    pub fn add_planet(&mut self, id: &str, system: usize) -> usize {
        let idx = self.planets.len();
        self.planets.push(Planet {
            id: id.to_string(),
            system,
            owner: None,
            spent: false,
            tokens: vec![],
            props: Props::new(),
        });
        self.systems[system].planets.push(idx);
        self.planet_index.insert(id.to_string(), idx);
        idx
    }

    pub fn spawn(&mut self, kind: &str, owner: usize, loc: Loc) -> u32 {
        let id = self.next_unit;
        self.next_unit += 1;
        self.units.insert(
            id,
            Unit {
                id,
                kind: kind.to_string(),
                owner,
                loc,
                props: Props::new(),
            },
        );
        id
    }

    /// Removes a unit and everything it carries (and what those carry...);
    /// returns the removed ids, each unit before its cargo, cargo by id.
    /// Iterative: a chain of carried units of any depth costs one pass
    /// over the units.
    pub fn remove_unit(&mut self, id: u32) -> Vec<u32> {
        let mut out = vec![];
        if !self.units.contains_key(&id) {
            return out;
        }
        let mut cargo: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for u in self.units.values() {
            if let Loc::Carried(c) = u.loc {
                cargo.entry(c).or_default().push(u.id);
            }
        }
        let mut stack = vec![id];
        while let Some(x) = stack.pop() {
            let Some(u) = self.units.remove(&x) else {
                continue;
            };
            let bytes: usize = u.props.iter().map(|(k, v)| json_bytes(v) + k.len()).sum();
            self.prop_bytes -= bytes.min(self.prop_bytes);
            self.removals += 1;
            out.push(x);
            if let Some(cs) = cargo.remove(&x) {
                stack.extend(cs.into_iter().rev());
            }
        }
        out
    }

    /// The system a unit is in, following the units that carry it.
    pub fn unit_system(&self, id: u32) -> Option<usize> {
        let mut u = self.units.get(&id)?;
        for _ in 0..64 {
            match u.loc {
                Loc::Space(s) => return Some(s),
                Loc::Planet(p) => return Some(self.planets[p].system),
                Loc::Carried(c) => u = self.units.get(&c)?,
            }
        }
        None
    }

    pub fn zone_mut(&mut self, name: &str) -> &mut Zone {
        self.zones.entry(name.to_string()).or_insert(Zone {
            owner: None,
            cards: vec![],
        })
    }

    /// A readable JSON dump with a stable key order.
    pub fn dump(&self) -> Value {
        let sys_name = |s: usize| {
            self.systems
                .get(s)
                .map(|x| x.tile.clone())
                .unwrap_or_else(|| format!("?{s}"))
        };
        let pid = |o: usize| {
            self.players
                .get(o)
                .map(|p| p.id.clone())
                .unwrap_or_else(|| format!("p{}?", o + 1))
        };
        let loc = |l: &Loc| match l {
            Loc::Space(s) => json!({"space": sys_name(*s)}),
            Loc::Planet(p) => json!({"planet": self.planets.get(*p).map(|x| x.id.clone())}),
            Loc::Carried(u) => json!({"carried_by": u}),
        };
        json!({
            "props": self.props,
            "counters": self.counters,
            "holds": self.holds.iter().map(|(c, i)| format!("{c}.{i}")).collect::<Vec<_>>(),
            "players": self.players.iter().map(|p| json!({
                "id": p.id,
                "counters": p.counters,
                "holds": p.holds.iter().map(|(c, i)| format!("{c}.{i}")).collect::<Vec<_>>(),
                "props": p.props,
            })).collect::<Vec<_>>(),
            "systems": self.systems.iter().map(|s| json!({
                "tile": s.tile,
                "hex": s.hex.map(|h| h.to_string()),
                "planets": s.planets.iter().filter_map(|p| self.planets.get(*p).map(|x| x.id.clone())).collect::<Vec<_>>(),
                "tokens": s.tokens.iter().map(|t| json!({"kind": t.kind, "owner": t.owner.map(pid)})).collect::<Vec<_>>(),
                "props": s.props,
            })).collect::<Vec<_>>(),
            "planets": self.planets.iter().map(|p| json!({
                "id": p.id,
                "owner": p.owner.map(pid),
                "exhausted": p.spent,
                "props": p.props,
            })).collect::<Vec<_>>(),
            "units": self.units.values().map(|u| json!({
                "id": u.id,
                "kind": u.kind,
                "owner": if u.owner == NEUTRAL { Some("neutral".to_string()) } else { self.players.get(u.owner).map(|p| p.id.clone()) },
                "at": loc(&u.loc),
                "props": u.props,
            })).collect::<Vec<_>>(),
            "zones": self.zones,
            "links": self.galaxy.links().into_iter()
                .filter(|(_, _, k, t)| k != "border" || !t.is_empty())
                .map(|(a, b, k, t)| json!({"from": sys_name(a), "to": sys_name(b), "kind": k, "tokens": t}))
                .collect::<Vec<_>>(),
            "finished": self.finished,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systems_on_adjacent_hexes_are_linked() {
        let mut s = State::new(1);
        let a = s.add_system("a", Some(Hex::new(0, 0)));
        let b = s.add_system("b", Some(Hex::new(1, 0)));
        let c = s.add_system("c", Some(Hex::new(3, 0)));
        assert_eq!(s.galaxy.adjacent(a, "move"), vec![b]);
        assert!(s.galaxy.adjacent(c, "move").is_empty());
    }

    #[test]
    fn swapping_positions_moves_the_borders_with_the_systems() {
        let mut s = State::new(1);
        let a = s.add_system("a", Some(Hex::new(0, 0)));
        let b = s.add_system("b", Some(Hex::new(1, 0)));
        let c = s.add_system("c", Some(Hex::new(3, 0)));
        let spare = s.add_system("d", None);
        s.swap_positions(a, c);
        assert_eq!(s.galaxy.adjacent(b, "move"), vec![c]);
        assert!(s.galaxy.adjacent(a, "move").is_empty());
        assert_eq!(s.hex_index.get(&Hex::new(0, 0)), Some(&c));
        // A system off the board takes the place of one on it.
        s.swap_positions(spare, c);
        assert_eq!(s.systems[c].hex, None);
        assert_eq!(s.galaxy.adjacent(b, "move"), vec![spare]);
        assert!(s.galaxy.adjacent(c, "move").is_empty());
    }

    #[test]
    fn removing_a_transport_removes_its_cargo() {
        let mut s = State::new(1);
        let p = s.add_player();
        let sys = s.add_system("a", None);
        let c = s.spawn("hauler", p, Loc::Space(sys));
        let f = s.spawn("cargo", p, Loc::Carried(c));
        assert_eq!(s.unit_system(f), Some(sys));
        assert_eq!(s.remove_unit(c), vec![c, f]);
        assert!(s.units.is_empty());
    }
}
