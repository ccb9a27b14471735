//! Repeated combat simulations through a pack's own procedures.

use crate::pack::ResolvedPack;
use crate::session::{GameError, Limits, Session};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::rc::Rc;

/// Runs `sims` fights of `attacker` vs `defender` (lists of {kind, count});
/// returns win/draw rates with a 95% margin and average survivors.
pub fn simulate(
    pack: Rc<ResolvedPack>,
    attacker: &[Value],
    defender: &[Value],
    sims: u32,
    seed: u64,
    policy: &str,
) -> Result<Value, GameError> {
    if sims == 0 {
        return Err(GameError::Usage("--sims must be at least 1".into()));
    }
    let setup = pack
        .entry
        .get("combat_setup")
        .cloned()
        .unwrap_or_else(|| "combat_setup".into());
    let fight = pack
        .entry
        .get("combat")
        .cloned()
        .unwrap_or_else(|| "combat".into());
    let s = Session::new(pack, seed, &[], Limits::default())?;
    s.set_logging(false);
    let args = json!({"attacker": attacker, "defender": defender, "policy": policy});
    let board = s.call_procedure(&setup, args)?;
    let snap = s.snapshot();
    let mut wins: BTreeMap<String, u32> = BTreeMap::new();
    let mut surv_a = 0u64;
    let mut surv_d = 0u64;
    for i in 0..sims {
        s.restore(&snap);
        s.reseed(
            seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(i as u64),
        );
        let r = s.call_procedure(&fight, board.clone())?;
        let w = r
            .get("winner")
            .and_then(Value::as_str)
            .unwrap_or("draw")
            .to_string();
        *wins.entry(w).or_default() += 1;
        let count = |side: &str| -> u64 {
            r.get(side)
                .and_then(Value::as_object)
                .map(|m| m.values().filter_map(Value::as_u64).sum())
                .unwrap_or(0)
        };
        surv_a += count("attacker");
        surv_d += count("defender");
    }
    let n = sims as f64;
    let stat = |k: &str| {
        let p = *wins.get(k).unwrap_or(&0) as f64 / n;
        json!({"p": p, "margin95": 1.96 * (p * (1.0 - p) / n).sqrt()})
    };
    Ok(json!({
        "sims": sims,
        "attacker": stat("attacker"),
        "defender": stat("defender"),
        "draw": stat("draw"),
        "survivors": {"attacker": (surv_a as f64 / n * 100.0).round() / 100.0, "defender": (surv_d as f64 / n * 100.0).round() / 100.0},
    }))
}
