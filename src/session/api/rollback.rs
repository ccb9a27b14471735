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
                sh2.checkpoints
                    .borrow_mut()
                    .truncate((cp - 1).max(0) as usize);
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
                    let (st, n) = cps[i].clone();
                    cps.truncate(i);
                    *sh2.st_mut()? = st;
                    sh2.truncate_log(n);
                }
                Ok(())
            })?,
        )?;
    }
    Ok(())
}
