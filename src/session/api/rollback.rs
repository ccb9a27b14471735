//! `game` API: checkpoints of the state and the log.

use crate::pack::ResolvedPack;
use crate::session::Shared;
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
                let snap = (sh2.st()?.clone(), sh2.log.borrow().len());
                let mut cps = sh2.checkpoints.borrow_mut();
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
                    sh2.log.borrow_mut().truncate(n);
                }
                Ok(())
            })?,
        )?;
    }
    Ok(())
}
