//! `game` API: checkpoints of the state and the log.

use crate::pack::ResolvedPack;
use crate::session::{rterr, Shared, MAX_CHECKPOINTS, MAX_CHECKPOINT_BYTES};
use mlua::{Lua, Table};
use std::rc::Rc;

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    sh: &Rc<Shared>,
    _pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    api_fn!($ lua game sh);
    // --- rollback
    {
        let sh2 = sh.clone();
        game.set(
            "checkpoint",
            lua.create_function(move |_, ()| {
                let mut cps = sh2.checkpoints.borrow_mut();
                let bytes = sh2.st()?.prop_bytes;
                if cps.len() >= MAX_CHECKPOINTS
                    || bytes.saturating_mul(cps.len() + 1) > MAX_CHECKPOINT_BYTES
                {
                    return Err(rterr(format!(
                        "game.checkpoint: {} open checkpoints of {bytes} bytes of props each is over the limit ({MAX_CHECKPOINTS} checkpoints, {MAX_CHECKPOINT_BYTES} bytes)",
                        cps.len() + 1
                    )));
                }
                let snap = (sh2.st()?.clone(), sh2.log.borrow().len());
                cps.push(snap);
                Ok(cps.len() as i64)
            })?,
        )?;
        let sh2 = sh.clone();
        game.set(
            "commit",
            lua.create_function(move |_, cp: i64| {
                let open = {
                    let mut cps = sh2.checkpoints.borrow_mut();
                    cps.truncate((cp - 1).max(0) as usize);
                    cps.len()
                };
                if open == 0 {
                    sh2.flush_echo();
                }
                Ok(())
            })?,
        )?;
        let sh2 = sh.clone();
        game.set(
            "rollback",
            lua.create_function(move |_, cp: i64| {
                let mut cps = sh2.checkpoints.borrow_mut();
                let i = (cp - 1).max(0) as usize;
                if i < cps.len() {
                    let (mut st, n) = cps[i].clone();
                    cps.truncate(i);
                    drop(cps);
                    // Dice and draws already made stay made: a retried action
                    // rolls new dice, so nobody learns its dice in advance.
                    {
                        let now = sh2.st()?;
                        st.rng = now.rng.clone();
                        st.loaded_dice = now.loaded_dice.clone();
                        st.loaded_draws = now.loaded_draws.clone();
                    }
                    *sh2.st_mut()? = st;
                    sh2.truncate_log(n);
                }
                Ok(())
            })?,
        )?;
    }
    Ok(())
}
