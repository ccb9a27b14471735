//! `game` API: zones of cards.

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
    // --- card zones
    f!("zone_new", |_lua,
                    st,
                    (name, owner, cards): (
        String,
        Option<i64>,
        Option<Vec<String>>
    )| {
        let owner = owner.map(|o| super::player_idx(&st, o)).transpose()?;
        st.zones.insert(
            name,
            crate::state::Zone {
                owner,
                cards: cards.unwrap_or_default(),
            },
        );
        Ok(())
    });
    f!("zone", |lua, st, name: String| {
        let v = st
            .zones
            .get(&name)
            .map(|z| z.cards.clone())
            .unwrap_or_default();
        lua.create_sequence_from(v)
    });
    f!("zone_count", |_lua, st, name: String| {
        Ok(st.zones.get(&name).map(|z| z.cards.len()).unwrap_or(0) as i64)
    });
    f!("shuffle", |_lua, st, name: String| {
        let mut cards = std::mem::take(&mut st.zone_mut(&name).cards);
        st.rng().shuffle(&mut cards);
        st.zone_mut(&name).cards = cards;
        Ok(())
    });
    // draw(from, to, n): moves up to n cards from the top (end) of `from`.
    f!(
        "draw",
        |lua, st, (from, to, n): (String, String, Option<i64>)| {
            let mut drawn = vec![];
            for _ in 0..n.unwrap_or(1) {
                match st.zone_mut(&from).cards.pop() {
                    Some(c) => drawn.push(c),
                    None => break,
                }
            }
            st.zone_mut(&to).cards.extend(drawn.iter().cloned());
            lua.create_sequence_from(drawn)
        }
    );
    f!("move_card", |_lua,
                     st,
                     (card, from, to, bottom): (
        String,
        String,
        String,
        Option<bool>
    )| {
        let z = st.zone_mut(&from);
        match z.cards.iter().rposition(|c| *c == card) {
            Some(i) => {
                z.cards.remove(i);
                let t = st.zone_mut(&to);
                if bottom.unwrap_or(false) {
                    t.cards.insert(0, card);
                } else {
                    t.cards.push(card);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    });
    Ok(())
}
