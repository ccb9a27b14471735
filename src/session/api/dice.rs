//! `game` API: the log, dice and draws, and the end of the game.

use crate::keys::KeyTexts;
use crate::pack::ResolvedPack;
use crate::session::{from_lua, lua_to_string, rterr, Shared};
use mlua::{Lua, Table, Value as LV};
use serde_json::Value;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The most dice one `game.roll` may roll.
pub const MAX_DICE: i64 = 100_000;
/// The most sides a die may have.
pub const MAX_SIDES: u32 = 1_000_000;

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    _pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    api_fn!($ lua game sh);
    // --- log, dice, randomness
    {
        let sh2 = sh.clone();
        game.set(
            "log",
            lua.create_function(move |_, line: LV| {
                let quiet = sh2.st()?.props.get("__quiet") == Some(&Value::Bool(true));
                if quiet {
                    return Ok(());
                }
                let k = sh2.keyed(&line)?;
                sh2.push_text(k.text)?;
                sh2.note_key(k.key, k.args);
                Ok(())
            })?,
        )?;
    }
    {
        let sh2 = sh.clone();
        game.set(
            "__golden_start",
            lua.create_function(move |_, ()| {
                sh2.golden_from.set(sh2.log.borrow().len());
                Ok(())
            })?,
        )?;
    }
    {
        let sh2 = sh.clone();
        game.set(
            "quiet",
            lua.create_function(move |_, ()| {
                Ok(sh2.st()?.props.get("__quiet") == Some(&Value::Bool(true)))
            })?,
        )?;
    }
    {
        // roll(label, n, target [, sides]) -> hits, {rolls}; one log line.
        let sh2 = sh.clone();
        game.set(
            "roll",
            lua.create_function(
                move |lua, (label, n, target, sides): (LV, i64, i64, Option<u32>)| {
                    let sides = sides.unwrap_or(10);
                    if !(1..=MAX_SIDES).contains(&sides) {
                        return Err(rterr(format!(
                            "game.roll: a die has 1 to {MAX_SIDES} sides, not {sides}"
                        )));
                    }
                    if n > MAX_DICE {
                        return Err(rterr(format!(
                            "game.roll: {n} dice is over the limit of {MAX_DICE} a roll"
                        )));
                    }
                    let mut rolls = Vec::with_capacity(n.max(0) as usize);
                    let quiet;
                    {
                        let mut st = sh2.st_mut()?;
                        quiet = st.props.get("__quiet") == Some(&Value::Bool(true));
                        for _ in 0..n.max(0) {
                            let d = match st.loaded_dice.pop_front() {
                                Some(d) if d >= 1 && d <= sides => d,
                                Some(d) => {
                                    return Err(rterr(format!(
                                        "a loaded die shows {d}, but this roll uses d{sides}"
                                    )))
                                }
                                None => st.rng().die(sides),
                            };
                            rolls.push(d as i64);
                        }
                    }
                    let hits = rolls.iter().filter(|&&r| r >= target).count() as i64;
                    if !quiet && n > 0 {
                        // A keyed label in the pack's language goes into the
                        // kernel's roll line in that language; a plain label
                        // (or one the locale has no key for) into the English
                        // line, which the locale's phrases may translate whole.
                        let (label_text, in_lang) = match &label {
                            LV::Table(_) => {
                                let (k, ok) = sh2.keyed_in(&label, false)?;
                                (k.text, ok)
                            }
                            other => {
                                let s = lua_to_string(other);
                                sh2.unkeyed.borrow_mut().insert(s.clone());
                                (s, false)
                            }
                        };
                        let mut args = BTreeMap::new();
                        args.insert("label".to_string(), label_text);
                        args.insert(
                            "rolls".to_string(),
                            rolls
                                .iter()
                                .map(|r| r.to_string())
                                .collect::<Vec<_>>()
                                .join(","),
                        );
                        args.insert("target".to_string(), target.to_string());
                        args.insert("hits".to_string(), hits.to_string());
                        let key = if hits == 1 {
                            "kernel.roll_hit"
                        } else {
                            "kernel.roll_hits"
                        };
                        if in_lang && (sh2.translator.is_none() || sh2.keys.translated(key)) {
                            let line = sh2.keys.render(key, &args).map_err(rterr)?;
                            sh2.push_text(line)?;
                        } else {
                            let line = KeyTexts::default().render(key, &args).map_err(rterr)?;
                            sh2.push_log(line)?;
                        }
                    }
                    Ok((hits, lua.create_sequence_from(rolls)?))
                },
            )?,
        )?;
    }
    // set_option("x", true): turns a declared option on or off in the middle
    // of a run (scenarios that try a rule with and without its option; packs
    // never call it: their options are fixed once loaded).
    game.set(
        "set_option",
        lua.create_function(|lua, (name, on): (String, bool)| {
            let g: Table = lua.globals().get("game")?;
            let real: Table = match g.metatable() {
                Some(mt) => mt.raw_get("__index")?,
                None => g,
            };
            let opts: Table = real.raw_get("options")?;
            let raw: Table = match opts.metatable() {
                Some(mt) => mt.raw_get("__index")?,
                None => opts,
            };
            if raw.raw_get::<LV>(name.as_str())?.is_nil() {
                return Err(rterr(format!("set_option: no option `{name}`")));
            }
            raw.raw_set(name, on)
        })?,
    )?;
    // did_you_mean("wrod", {"word", ...}): " (did you mean `word`?)"
    // for the nearest name, or "" (for a pack's own error messages).
    game.set(
        "did_you_mean",
        lua.create_function(|_lua, (word, names): (String, Vec<String>)| {
            Ok(crate::pack::did_you_mean(&word, names.iter()))
        })?,
    )?;
    // load_dice({4, 9, 1}): the next rolls show these numbers (scenarios).
    f!("load_dice", |_lua, st, dice: Vec<i64>| {
        for d in dice {
            if !(1..=100).contains(&d) {
                return Err(rterr(format!("load_dice: {d} is not a die result")));
            }
            st.loaded_dice.push_back(d as u32);
        }
        Ok(())
    });
    f!("loaded_dice_left", |_lua, st, (): ()| {
        Ok(st.loaded_dice.len() as i64)
    });
    // load_draws({2, 1}): the next game.random draws give these (scenarios).
    f!("load_draws", |_lua, st, draws: Vec<i64>| {
        for d in draws {
            if d < 1 {
                return Err(rterr(format!("load_draws: {d} is not a draw")));
            }
            st.loaded_draws.push_back(d as u32);
        }
        Ok(())
    });
    f!("loaded_draws_left", |_lua, st, (): ()| {
        Ok(st.loaded_draws.len() as i64)
    });
    f!("random", |_lua, st, n: i64| {
        if n < 1 {
            return Err(rterr("game.random(n) needs n >= 1"));
        }
        if let Some(d) = st.loaded_draws.pop_front() {
            if d as i64 > n {
                return Err(rterr(format!(
                    "a loaded draw is {d}, but this draw is from 1 to {n}"
                )));
            }
            return Ok(d as i64);
        }
        Ok(st.rng().die64(n as u64) as i64)
    });
    f!("finish", |lua, st, v: LV| {
        st.finished = Some(from_lua(lua, v)?);
        Ok(())
    });
    Ok(())
}
