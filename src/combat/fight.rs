//! An attrition fight run entirely in Rust from a plan a pack hands over as
//! data (see `combat_plan` in docs/scripting.md). The kernel knows only the
//! shape: two sides of units that roll dice, absorb hits and die in an order
//! the pack computed; an optional barrage before the first round whose hits
//! only units with one tag may take; simultaneous rounds until a side is
//! empty or the round cap is reached (a draw); and, after a fight, units
//! with a cargo tag beyond their side's capacity are removed.

use crate::rng::Rng;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// One unit of a plan.
#[derive(Clone, Debug)]
pub struct PlanUnit {
    /// The entity id: excess cargo goes lowest id first.
    pub id: u64,
    /// A label for reports (survivors are counted by it).
    pub kind: String,
    /// A die showing this or more scores a hit.
    pub hit: u32,
    pub dice: u32,
    /// Hits it can absorb before a hit destroys it.
    pub sustain: u32,
    /// Dice it loses for each hit it absorbs during the fight...
    pub dice_lost: u32,
    /// ...down to no fewer than this many (or its dice, if fewer).
    pub min_dice: u32,
    /// Among units that must be destroyed, the lowest priority goes first.
    pub priority: i64,
    /// Among units that can absorb a hit, the lowest goes first (default:
    /// `priority`).
    pub absorb: i64,
    pub tags: Vec<String>,
    /// Cargo units its side can keep after the fight.
    pub capacity: u32,
}

/// A barrage shooter: `unit` is an index into its side's units.
#[derive(Clone, Debug)]
pub struct Shooter {
    pub unit: usize,
    pub hit: u32,
    pub dice: u32,
}

#[derive(Clone, Debug)]
pub struct PlanSide {
    /// In the order their dice are rolled.
    pub units: Vec<PlanUnit>,
    /// In the order they roll.
    pub barrage: Vec<Shooter>,
}

#[derive(Clone, Debug)]
pub struct Plan {
    /// Faces of the die.
    pub die: u32,
    /// Rounds before the fight is called a draw.
    pub rounds: u32,
    /// Units the barrage may hit; no barrage without it.
    pub barrage_tag: Option<String>,
    /// Units that need capacity after the fight.
    pub cargo_tag: Option<String>,
    pub sides: [PlanSide; 2],
}

/// A whole number >= 0 (a Lua float with no fraction is accepted).
fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    n.as_u64()
        .or_else(|| {
            n.as_f64()
                .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
        })
        .and_then(|x| u32::try_from(x).ok())
        .ok_or_else(|| D::Error::custom(format!("must be a whole number >= 0, not {n}")))
}

fn whole_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    whole(d).map(u64::from)
}

fn opt_whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    #[derive(Deserialize)]
    struct W(#[serde(deserialize_with = "whole")] u32);
    Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
}

/// A number, truncated to an integer.
fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    n.as_i64()
        .or_else(|| n.as_f64().map(|f| f as i64))
        .ok_or_else(|| D::Error::custom(format!("must be a number, not {n}")))
}

fn opt_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    struct I(#[serde(deserialize_with = "int")] i64);
    Ok(Option::<I>::deserialize(d)?.map(|w| w.0))
}

/// A list from a Lua table: an empty table may arrive as an empty object,
/// a missing one as null.
fn lua_list<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(vec![]),
        Value::Object(m) if m.is_empty() => Ok(vec![]),
        v @ Value::Array(_) => Vec::<T>::deserialize(v).map_err(D::Error::custom),
        x => Err(D::Error::custom(format!("expected a list, got {x}"))),
    }
}

/// The most rounds a plan may ask for.
pub const MAX_ROUNDS: u32 = 10_000;
/// The most units, and dice in a round, on one side of a plan.
pub const MAX_PLAN_DICE: u64 = 10_000;

/// The plan as the pack writes it (see `Plan` for the meaning).
#[derive(Deserialize)]
struct RawPlan {
    #[serde(default, deserialize_with = "opt_whole")]
    die: Option<u32>,
    #[serde(default, deserialize_with = "opt_whole")]
    rounds: Option<u32>,
    #[serde(default, deserialize_with = "lua_list")]
    sides: Vec<RawSide>,
    #[serde(default)]
    barrage: Option<RawTag>,
    #[serde(default)]
    cargo: Option<RawTag>,
}

#[derive(Deserialize)]
struct RawTag {
    tag: String,
}

#[derive(Deserialize)]
struct RawSide {
    #[serde(default, deserialize_with = "lua_list")]
    units: Vec<RawUnit>,
    #[serde(default, deserialize_with = "lua_list")]
    barrage: Vec<RawShooter>,
}

#[derive(Deserialize)]
struct RawUnit {
    #[serde(deserialize_with = "whole_u64")]
    id: u64,
    kind: String,
    #[serde(deserialize_with = "whole")]
    hit: u32,
    #[serde(deserialize_with = "whole")]
    dice: u32,
    #[serde(default, deserialize_with = "opt_whole")]
    sustain: Option<u32>,
    #[serde(default, deserialize_with = "opt_whole")]
    dice_lost: Option<u32>,
    #[serde(default, deserialize_with = "opt_whole")]
    min_dice: Option<u32>,
    #[serde(deserialize_with = "int")]
    priority: i64,
    #[serde(default, deserialize_with = "opt_int")]
    absorb: Option<i64>,
    #[serde(default, deserialize_with = "lua_list")]
    tags: Vec<String>,
    #[serde(default, deserialize_with = "opt_whole")]
    capacity: Option<u32>,
}

#[derive(Deserialize)]
struct RawShooter {
    #[serde(deserialize_with = "whole_u64")]
    unit: u64,
    #[serde(deserialize_with = "whole")]
    hit: u32,
    #[serde(deserialize_with = "whole")]
    dice: u32,
}

impl Plan {
    /// Reads a plan from the JSON form of the pack's Lua table.
    pub fn from_value(v: &Value) -> Result<Plan, String> {
        if !v.is_object() {
            return Err(format!("plan: expected a table, got {v}"));
        }
        let raw = RawPlan::deserialize(v).map_err(|e| format!("plan: {e}"))?;
        let die = raw.die.unwrap_or(10);
        if die == 0 {
            return Err("plan: `die` must be at least 1".into());
        }
        if raw.sides.len() != 2 {
            return Err(format!("plan: needs 2 sides, has {}", raw.sides.len()));
        }
        let mut out = vec![];
        for (si, s) in raw.sides.into_iter().enumerate() {
            let at = format!("plan.sides[{}]", si + 1);
            let units: Vec<PlanUnit> = s
                .units
                .into_iter()
                .map(|u| PlanUnit {
                    id: u.id,
                    kind: u.kind,
                    hit: u.hit,
                    dice: u.dice,
                    sustain: u.sustain.unwrap_or(0),
                    dice_lost: u.dice_lost.unwrap_or(0),
                    min_dice: u.min_dice.unwrap_or(0),
                    priority: u.priority,
                    absorb: u.absorb.unwrap_or(u.priority),
                    tags: u.tags,
                    capacity: u.capacity.unwrap_or(0),
                })
                .collect();
            let mut barrage = vec![];
            for (bi, b) in s.barrage.into_iter().enumerate() {
                let unit = b.unit as usize;
                if unit == 0 || unit > units.len() {
                    return Err(format!(
                        "{at}.barrage[{}]: `unit` {unit} is not one of the side's units",
                        bi + 1
                    ));
                }
                barrage.push(Shooter {
                    unit: unit - 1,
                    hit: b.hit,
                    dice: b.dice,
                });
            }
            out.push(PlanSide { units, barrage });
        }
        let rounds = raw.rounds.unwrap_or(100);
        if rounds > MAX_ROUNDS {
            return Err(format!(
                "plan: `rounds` {rounds} is over the limit of {MAX_ROUNDS}"
            ));
        }
        for (si, s) in out.iter().enumerate() {
            let dice: u64 = s.units.iter().map(|u| u.dice as u64).sum::<u64>()
                + s.barrage.iter().map(|b| b.dice as u64).sum::<u64>();
            if s.units.len() > MAX_PLAN_DICE as usize || dice > MAX_PLAN_DICE {
                return Err(format!(
                    "plan.sides[{}]: {} units rolling {dice} dice is over the limit of {MAX_PLAN_DICE}",
                    si + 1,
                    s.units.len()
                ));
            }
        }
        let (Some(d), Some(a)) = (out.pop(), out.pop()) else {
            return Err("plan.sides: two sides are needed".into());
        };
        Ok(Plan {
            die,
            rounds,
            barrage_tag: raw.barrage.map(|t| t.tag),
            cargo_tag: raw.cargo.map(|t| t.tag),
            sides: [a, d],
        })
    }
}

/// How one fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// 0 or 1 (the side left with units), None for a draw.
    pub winner: Option<usize>,
    /// Units left on each side.
    pub left: [u32; 2],
}

/// A side compiled for speed: flat arrays, orders precomputed.
#[derive(Clone, Debug)]
struct Side {
    hit: Vec<u32>,
    dice: Vec<u32>,
    sustain: Vec<u32>,
    /// Dice lost per absorbed hit, and the floor (PlanUnit).
    dice_lost: Vec<u32>,
    min_dice: Vec<u32>,
    capacity: Vec<u32>,
    barrage_target: Vec<bool>,
    cargo: Vec<bool>,
    /// Indices by priority (destroyed first at the front).
    kill_order: Vec<usize>,
    /// Indices by absorb (the first that still can absorbs the next hit).
    absorb_order: Vec<usize>,
    /// Cargo indices, lowest id first.
    cargo_order: Vec<usize>,
    shooters: Vec<Shooter>,
}

/// The state of one side during a fight.
#[derive(Clone, Debug)]
struct Live {
    alive: Vec<bool>,
    sustain: Vec<u32>,
    left: u32,
}

/// A plan ready to run many times.
#[derive(Clone, Debug)]
pub struct Fight {
    plan: Plan,
    sides: [Side; 2],
    live: [Live; 2],
}

impl Fight {
    pub fn new(plan: Plan) -> Fight {
        let compile = |s: &PlanSide| {
            let has = |u: &PlanUnit, t: &Option<String>| {
                t.as_ref().is_some_and(|t| u.tags.iter().any(|x| x == t))
            };
            let mut kill_order: Vec<usize> = (0..s.units.len()).collect();
            kill_order.sort_by_key(|&i| (s.units[i].priority, i));
            let mut absorb_order: Vec<usize> = (0..s.units.len()).collect();
            absorb_order.sort_by_key(|&i| (s.units[i].absorb, i));
            let mut cargo_order: Vec<usize> = (0..s.units.len())
                .filter(|&i| has(&s.units[i], &plan.cargo_tag))
                .collect();
            cargo_order.sort_by_key(|&i| (s.units[i].id, i));
            Side {
                hit: s.units.iter().map(|u| u.hit).collect(),
                dice: s.units.iter().map(|u| u.dice).collect(),
                sustain: s.units.iter().map(|u| u.sustain).collect(),
                dice_lost: s.units.iter().map(|u| u.dice_lost).collect(),
                min_dice: s.units.iter().map(|u| u.min_dice).collect(),
                capacity: s.units.iter().map(|u| u.capacity).collect(),
                barrage_target: s.units.iter().map(|u| has(u, &plan.barrage_tag)).collect(),
                cargo: s.units.iter().map(|u| has(u, &plan.cargo_tag)).collect(),
                kill_order,
                absorb_order,
                cargo_order,
                shooters: s.barrage.clone(),
            }
        };
        let sides = [compile(&plan.sides[0]), compile(&plan.sides[1])];
        let live = |s: &Side| Live {
            alive: vec![true; s.hit.len()],
            sustain: s.sustain.clone(),
            left: s.hit.len() as u32,
        };
        let live = [live(&sides[0]), live(&sides[1])];
        Fight { plan, sides, live }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Whether unit `i` of `side` survived the last fight.
    pub fn survived(&self, side: usize, i: usize) -> bool {
        self.live[side].alive[i]
    }

    fn reset(&mut self) {
        for (l, s) in self.live.iter_mut().zip(&self.sides) {
            l.alive.fill(true);
            l.sustain.copy_from_slice(&s.sustain);
            l.left = s.hit.len() as u32;
        }
    }

    fn dice(rng: &mut Rng, die: u32, n: u32, hit: u32) -> u32 {
        let mut hits = 0;
        for _ in 0..n {
            if rng.die(die) >= hit {
                hits += 1;
            }
        }
        hits
    }

    fn barrage(&self, side: usize, rng: &mut Rng) -> u32 {
        let (s, l) = (&self.sides[side], &self.live[side]);
        let mut hits = 0;
        for sh in &s.shooters {
            if l.alive[sh.unit] {
                hits += Self::dice(rng, self.plan.die, sh.dice, sh.hit);
            }
        }
        hits
    }

    /// The dice unit `i` rolls now: fewer for each hit it has absorbed
    /// when its plan says so.
    fn unit_dice(s: &Side, l: &Live, i: usize) -> u32 {
        let lost = s.dice_lost[i];
        if lost == 0 {
            return s.dice[i];
        }
        let taken = s.sustain[i].saturating_sub(l.sustain[i]);
        s.dice[i]
            .saturating_sub(lost.saturating_mul(taken))
            .max(s.min_dice[i].min(s.dice[i]))
    }

    fn roll(&self, side: usize, rng: &mut Rng) -> u32 {
        let (s, l) = (&self.sides[side], &self.live[side]);
        let mut hits = 0;
        for i in 0..s.hit.len() {
            if l.alive[i] {
                hits += Self::dice(rng, self.plan.die, Self::unit_dice(s, l, i), s.hit[i]);
            }
        }
        hits
    }

    /// Hits to `side`: each to a unit that can still absorb one, otherwise
    /// destroys the eligible unit of lowest priority. Barrage hits go to
    /// barrage targets only and are never absorbed.
    fn take(&mut self, side: usize, hits: u32, barrage: bool) {
        let (s, l) = (&self.sides[side], &mut self.live[side]);
        for _ in 0..hits {
            if l.left == 0 {
                return;
            }
            if !barrage {
                if let Some(&i) = s
                    .absorb_order
                    .iter()
                    .find(|&&i| l.alive[i] && l.sustain[i] > 0)
                {
                    l.sustain[i] -= 1;
                    continue;
                }
            }
            match s
                .kill_order
                .iter()
                .find(|&&i| l.alive[i] && (!barrage || s.barrage_target[i]))
            {
                Some(&i) => {
                    l.alive[i] = false;
                    l.left -= 1;
                }
                None => return,
            }
        }
    }

    /// Cargo beyond the side's capacity is removed, lowest id first.
    fn unload(&mut self, side: usize) {
        let (s, l) = (&self.sides[side], &mut self.live[side]);
        if s.cargo_order.is_empty() {
            return;
        }
        let mut cap = 0u32;
        let mut used = 0u32;
        for i in 0..s.hit.len() {
            if l.alive[i] {
                cap += s.capacity[i];
                used += u32::from(s.cargo[i]);
            }
        }
        for &i in &s.cargo_order {
            if used <= cap {
                break;
            }
            if l.alive[i] {
                l.alive[i] = false;
                l.left -= 1;
                used -= 1;
            }
        }
    }

    /// One fight with dice from `rng`. Side 0 rolls first each time.
    pub fn run(&mut self, rng: &mut Rng) -> Outcome {
        self.reset();
        if self.live[0].left > 0 && self.live[1].left > 0 {
            if self.plan.barrage_tag.is_some() {
                let h = self.barrage(0, rng);
                self.take(1, h, true);
                let h = self.barrage(1, rng);
                self.take(0, h, true);
            }
            let mut round = 0;
            while self.live[0].left > 0 && self.live[1].left > 0 && round < self.plan.rounds {
                round += 1;
                let h0 = self.roll(0, rng);
                let h1 = self.roll(1, rng);
                self.take(1, h0, false);
                self.take(0, h1, false);
            }
            self.unload(0);
            self.unload(1);
        }
        let left = [self.live[0].left, self.live[1].left];
        let winner = match (left[0] > 0, left[1] > 0) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        Outcome { winner, left }
    }
}

/// Exact odds of a plan's fight (see `exact`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact {
    /// The chance that side 0, side 1 wins.
    pub win: [f64; 2],
    pub draw: f64,
    /// The expected number of units left on each side.
    pub survivors: [f64; 2],
}

/// One state of a side in the exact chain: after some barrage hits and then
/// `H` ordinary hits (its position in the side's table).
struct Step {
    /// Units alive.
    left: u32,
    /// Units alive once excess cargo is removed (the fight's end).
    kept: u32,
    /// Chance of scoring 0, 1, 2... hits in a round.
    hits: Vec<f64>,
}

/// The chance of 0..=n hits from `n` dice that each hit with chance `p`,
/// added onto the distribution `d`.
fn add_dice(d: &[f64], n: u32, p: f64) -> Vec<f64> {
    let mut d = d.to_vec();
    for _ in 0..n {
        let mut e = vec![0.0; d.len() + 1];
        for (k, x) in d.iter().enumerate() {
            e[k] += x * (1.0 - p);
            e[k + 1] += x * p;
        }
        d = e;
    }
    d
}

impl Fight {
    /// The chance that one die of `faces` faces scores `hit` or more.
    fn chance(&self, hit: u32) -> f64 {
        let die = self.plan.die.max(1);
        let h = hit.max(1);
        if h > die {
            0.0
        } else {
            (die - h + 1) as f64 / die as f64
        }
    }

    /// The round's hit distribution of `side` as it stands.
    fn hit_dist(&self, side: usize) -> Vec<f64> {
        let (s, l) = (&self.sides[side], &self.live[side]);
        let mut d = vec![1.0];
        for i in 0..s.hit.len() {
            if l.alive[i] {
                d = add_dice(&d, Self::unit_dice(s, l, i), self.chance(s.hit[i]));
            }
        }
        d
    }

    /// The barrage hit distribution of `side` as it stands.
    fn barrage_dist(&self, side: usize) -> Vec<f64> {
        let (s, l) = (&self.sides[side], &self.live[side]);
        let mut d = vec![1.0];
        for sh in &s.shooters {
            if l.alive[sh.unit] {
                d = add_dice(&d, sh.dice, self.chance(sh.hit));
            }
        }
        d
    }

    /// The states of `side` after `b` barrage hits and then 0, 1, 2...
    /// ordinary hits, up to the first with no unit left (hits are taken one
    /// at a time, so a state is fixed by how many were taken).
    fn table(&mut self, side: usize, b: usize) -> Vec<Step> {
        self.reset();
        self.take(side, b as u32, true);
        let mut out = vec![];
        loop {
            let saved = self.live[side].clone();
            self.unload(side);
            let kept = self.live[side].left;
            self.live[side] = saved;
            let left = self.live[side].left;
            out.push(Step {
                left,
                kept,
                hits: self.hit_dist(side),
            });
            if left == 0 {
                return out;
            }
            self.take(side, 1, false);
        }
    }

    /// Exact win, loss and draw chances and expected survivors, by dynamic
    /// programming over the two fleets' states: each side's state is fixed
    /// by the barrage hits and then the ordinary hits it has taken, so the
    /// fight is a chain over pairs of hit counts, followed round by round up
    /// to the plan's round cap.
    pub fn exact(&mut self) -> Exact {
        let mut out = Exact {
            win: [0.0; 2],
            draw: 0.0,
            survivors: [0.0; 2],
        };
        self.reset();
        if self.live[0].left == 0 || self.live[1].left == 0 {
            let left = [self.live[0].left, self.live[1].left];
            match (left[0] > 0, left[1] > 0) {
                (true, false) => out.win[0] = 1.0,
                (false, true) => out.win[1] = 1.0,
                _ => out.draw = 1.0,
            }
            out.survivors = [left[0] as f64, left[1] as f64];
            return out;
        }
        let barrage = self.plan.barrage_tag.is_some();
        let first = if barrage {
            self.barrage_dist(0)
        } else {
            vec![1.0]
        };
        for (b1, p1) in first.iter().enumerate() {
            if *p1 == 0.0 {
                continue;
            }
            self.reset();
            self.take(1, b1 as u32, true);
            let second = if barrage {
                // Side 1 fires its barrage with what side 0's left it.
                self.barrage_dist(1)
            } else {
                vec![1.0]
            };
            let t1 = self.table(1, b1);
            for (b0, p0) in second.iter().enumerate() {
                if *p0 == 0.0 {
                    continue;
                }
                let t0 = self.table(0, b0);
                self.chain(&t0, &t1, p1 * p0, &mut out);
            }
        }
        self.reset();
        out
    }

    /// Follows the rounds from the state after the barrage (mass `mass`),
    /// adding each ending to `out`.
    fn chain(&self, t0: &[Step], t1: &[Step], mass: f64, out: &mut Exact) {
        let (n0, n1) = (t0.len(), t1.len());
        let mut grid = vec![0.0f64; n0 * n1];
        grid[0] = mass;
        let mut ended = vec![0.0f64; n0 * n1];
        let live = |i: usize, j: usize| t0[i].left > 0 && t1[j].left > 0;
        // The chance that a round changes nothing in state (i, j).
        let stay = |i: usize, j: usize| {
            let mut s = 0.0;
            for (h0, q0) in t0[i].hits.iter().enumerate() {
                for (h1, q1) in t1[j].hits.iter().enumerate() {
                    if (j + h0).min(n1 - 1) == j && (i + h1).min(n0 - 1) == i {
                        s += q0 * q1;
                    }
                }
            }
            s
        };
        // Hits only ever add up, so the states in row order are in the
        // order the fight can pass through them. When no state is likely to
        // last out the round cap (the chance of a round changing nothing,
        // raised to the cap, is below what an f64 can tell from 0 next to
        // 1), each state is followed once: of the mass reaching it, the
        // share 1/(1 - stay) leaves it along each other way. Otherwise the
        // rounds are followed one by one up to the cap.
        let mut most_stay: f64 = 0.0;
        for i in 0..n0 {
            for j in 0..n1 {
                if live(i, j) {
                    most_stay = most_stay.max(stay(i, j));
                }
            }
        }
        if most_stay < 1.0 && most_stay.powf(f64::from(self.plan.rounds)) < 1e-17 {
            for i in 0..n0 {
                for j in 0..n1 {
                    let m = grid[i * n1 + j];
                    if m == 0.0 {
                        continue;
                    }
                    if !live(i, j) {
                        ended[i * n1 + j] += m;
                        continue;
                    }
                    spread(t0, t1, i, j, m / (1.0 - stay(i, j)), true, &mut grid);
                }
            }
            grid.iter_mut().for_each(|g| *g = 0.0);
        } else {
            self.rounds_one_by_one(t0, t1, &mut grid, &mut ended);
        }
        // What is still fighting at the cap ends there.
        for (e, g) in ended.iter_mut().zip(&grid) {
            *e += g;
        }
        for i in 0..n0 {
            for j in 0..n1 {
                let m = ended[i * n1 + j];
                if m == 0.0 {
                    continue;
                }
                let (k0, k1) = (t0[i].kept, t1[j].kept);
                match (k0 > 0, k1 > 0) {
                    (true, false) => out.win[0] += m,
                    (false, true) => out.win[1] += m,
                    _ => out.draw += m,
                }
                out.survivors[0] += m * k0 as f64;
                out.survivors[1] += m * k1 as f64;
            }
        }
    }

    /// `chain`'s rounds up to the plan's cap, one at a time: `grid` holds
    /// the mass still fighting, `ended` what has ended in each state.
    fn rounds_one_by_one(&self, t0: &[Step], t1: &[Step], grid: &mut Vec<f64>, ended: &mut [f64]) {
        let (n0, n1) = (t0.len(), t1.len());
        let live = |i: usize, j: usize| t0[i].left > 0 && t1[j].left > 0;
        for _ in 0..self.plan.rounds {
            let mut next = vec![0.0f64; n0 * n1];
            let mut moving = 0.0;
            for i in 0..n0 {
                for j in 0..n1 {
                    let m = grid[i * n1 + j];
                    if m == 0.0 {
                        continue;
                    }
                    if !live(i, j) {
                        ended[i * n1 + j] += m;
                        continue;
                    }
                    spread(t0, t1, i, j, m, false, &mut next);
                    moving += m;
                }
            }
            *grid = next;
            if moving == 0.0 {
                break;
            }
        }
    }
}

/// Adds to `grid` (pairs of fleet states, row by row) where mass `m` in state
/// (i, j) goes in one round: side 0's hits land on side 1 and side 1's on
/// side 0; with `skip_self`, the round that changes nothing is left out.
fn spread(t0: &[Step], t1: &[Step], i: usize, j: usize, m: f64, skip_self: bool, grid: &mut [f64]) {
    let (n0, n1) = (t0.len(), t1.len());
    for (h0, q0) in t0[i].hits.iter().enumerate() {
        if *q0 == 0.0 {
            continue;
        }
        let jj = (j + h0).min(n1 - 1);
        for (h1, q1) in t1[j].hits.iter().enumerate() {
            let ii = (i + h1).min(n0 - 1);
            if *q1 == 0.0 || (skip_self && ii == i && jj == j) {
                continue;
            }
            grid[ii * n1 + jj] += m * q0 * q1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn unit(id: u64, hit: u32, sustain: u32, prio: i64, tags: &[&str]) -> Value {
        json!({"id": id, "kind": format!("k{hit}"), "hit": hit, "dice": 1,
               "sustain": sustain, "priority": prio, "tags": tags})
    }

    #[test]
    fn reads_a_plan_and_rejects_bad_ones() {
        let p = json!({"sides": [{"units": [unit(1, 5, 1, 1, &[])]}, {"units": {}}]});
        let plan = Plan::from_value(&p).unwrap();
        assert_eq!(plan.die, 10);
        assert_eq!(plan.sides[0].units[0].sustain, 1);
        assert!(plan.sides[1].units.is_empty());
        assert!(Plan::from_value(&json!({"sides": []})).is_err());
        let bad = json!({"sides": [{"units": [], "barrage": [{"unit": 2, "hit": 9, "dice": 1}]}, {"units": []}]});
        assert!(Plan::from_value(&bad).unwrap_err().contains("unit"));
    }

    #[test]
    fn dice_lost_with_each_absorbed_hit_down_to_the_floor() {
        // Three dice, three hits to absorb, one die lost per hit, never
        // fewer than one.
        let p = json!({"sides": [
            {"units": [{"id": 1, "kind": "big", "hit": 5, "dice": 3, "sustain": 3,
                        "dice_lost": 1, "min_dice": 1, "priority": 1}]},
            {"units": [unit(2, 5, 0, 1, &[])]}
        ]});
        let mut f = Fight::new(Plan::from_value(&p).unwrap());
        f.reset();
        let dice = |f: &Fight| Fight::unit_dice(&f.sides[0], &f.live[0], 0);
        assert_eq!(dice(&f), 3);
        for want in [2, 1, 1] {
            f.take(0, 1, false);
            assert_eq!(dice(&f), want);
        }
        assert!(f.live[0].alive[0]);
        f.take(0, 1, false);
        assert!(!f.live[0].alive[0]);
        // Without dice_lost a damaged unit keeps its dice.
        let p = json!({"sides": [{"units": [unit(1, 5, 1, 1, &[])]}, {"units": []}]});
        let mut f = Fight::new(Plan::from_value(&p).unwrap());
        f.reset();
        f.take(0, 1, false);
        assert_eq!(Fight::unit_dice(&f.sides[0], &f.live[0], 0), 1);
    }

    #[test]
    fn hits_are_absorbed_in_absorb_order_then_priority() {
        let side = |absorb: Option<i64>| {
            let mut a = unit(1, 5, 1, 1, &[]);
            if let Some(x) = absorb {
                a["absorb"] = json!(x);
            }
            json!({"sides": [{"units": [a, unit(2, 5, 1, 2, &[])]}, {"units": []}]})
        };
        // By priority when no absorb order is given: unit 1 first.
        let mut f = Fight::new(Plan::from_value(&side(None)).unwrap());
        f.reset();
        f.take(0, 1, false);
        assert_eq!(f.live[0].sustain, vec![0, 1]);
        // Unit 1 absorbing after unit 2 (absorb 3 against unit 2's 2).
        let mut f = Fight::new(Plan::from_value(&side(Some(3))).unwrap());
        f.reset();
        f.take(0, 1, false);
        assert_eq!(f.live[0].sustain, vec![1, 0]);
        // Destroyed by priority all the same.
        f.take(0, 2, false);
        assert_eq!(f.live[0].alive, vec![false, true]);
    }

    #[test]
    fn a_sure_hit_kills_by_priority_after_sustain() {
        // Side 0 always hits with two dice; side 1 never hits.
        let p = json!({"sides": [
            {"units": [{"id": 1, "kind": "a", "hit": 1, "dice": 2, "priority": 1}]},
            {"units": [unit(2, 11, 1, 2, &[]), unit(3, 11, 0, 1, &[])]}
        ]});
        let mut f = Fight::new(Plan::from_value(&p).unwrap());
        let o = f.run(&mut Rng::new(1));
        assert_eq!(o.winner, Some(0));
        assert_eq!(o.left, [1, 0]);
    }

    #[test]
    fn barrage_hits_only_tagged_units_and_cargo_is_unloaded() {
        // A sure barrage of 1 die kills the single tagged unit; the other
        // side's cargo beyond capacity is dropped after the fight.
        let p = json!({
        "barrage": {"tag": "small"}, "cargo": {"tag": "small"},
        "sides": [
            {"units": [{"id": 1, "kind": "big", "hit": 11, "dice": 0, "priority": 1}],
             "barrage": [{"unit": 1, "hit": 1, "dice": 1}]},
            {"units": [unit(2, 11, 0, 1, &["small"]), unit(3, 11, 0, 2, &["small"])]}
        ]});
        let plan = Plan::from_value(&p).unwrap();
        let mut f = Fight::new(plan.clone());
        // Nobody can hit after the barrage: the round cap ends it, then the
        // last tagged unit goes for want of capacity.
        let o = f.run(&mut Rng::new(3));
        assert_eq!(o.left, [1, 0]);
        assert_eq!(o.winner, Some(0));
        assert!(!f.survived(1, 0) && !f.survived(1, 1));
    }

    #[test]
    fn same_seed_same_fight() {
        let p = json!({"sides": [
            {"units": [unit(1, 5, 1, 2, &[]), unit(2, 7, 0, 1, &[])]},
            {"units": [unit(3, 3, 1, 2, &[]), unit(4, 9, 0, 1, &[])]}
        ]});
        let mut f = Fight::new(Plan::from_value(&p).unwrap());
        let a: Vec<Outcome> = (0..50).map(|i| f.run(&mut Rng::new(i))).collect();
        let b: Vec<Outcome> = (0..50).map(|i| f.run(&mut Rng::new(i))).collect();
        assert_eq!(a, b);
        assert!(a.iter().any(|o| o.winner == Some(0)) && a.iter().any(|o| o.winner == Some(1)));
    }
}
