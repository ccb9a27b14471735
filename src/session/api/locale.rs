//! `game` API: locale texts.

use crate::pack::ResolvedPack;
use crate::session::Shared;
use mlua::{Lua, Table};
use std::rc::Rc;

pub(super) fn install(
    lua: &Lua,
    game: &Table,
    _sh: &Rc<Shared>,
    pack: &Rc<ResolvedPack>,
) -> mlua::Result<()> {
    // --- locale
    {
        let pk = pack.clone();
        game.set(
            "text",
            lua.create_function(move |_, (key, fallback): (String, Option<String>)| {
                Ok(pk
                    .locale_strings
                    .get(&key)
                    .cloned()
                    .or(fallback)
                    .unwrap_or(key))
            })?,
        )?;
        game.set("locale", pack.locale.as_str())?;
    }
    Ok(())
}
