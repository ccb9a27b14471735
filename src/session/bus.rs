//! The event bus: data definitions with scripts become subscribers of the
//! windows they name; `game.window_holders` tells the prelude who holds each.

use super::{lua_err, rterr, to_lua, GameError, Shared};
use crate::pack::{is_script_path, locate_text, ResolvedPack};
use mlua::{Function, Lua, Table, Value as LV};
use serde_json::Value;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Loads the data collections into `game.data`, compiles their scripts and
/// fills the subscriber tables (`subs`: window -> list of subscribers).
pub(super) fn load_data(
    lua: &Lua,
    game: &Table,
    subs: &Table,
    shared: &Rc<Shared>,
    pack: &ResolvedPack,
    loading: &Function,
    envs: &BTreeMap<String, Table>,
) -> Result<(), GameError> {
    // Data and scripts.
    let data = lua.create_table().map_err(lua_err)?;
    let mut sub_lists: BTreeMap<String, Vec<Table>> = BTreeMap::new();
    for (coll, defs) in &pack.collections {
        let ct = lua.create_table().map_err(lua_err)?;
        for (id, d) in defs {
            let mut v = d.value.clone();
            if let Value::Object(m) = &mut v {
                m.entry("id").or_insert(Value::String(id.clone()));
            }
            let dt = to_lua(lua, &v).map_err(lua_err)?;
            let LV::Table(dt) = dt else { continue };
            if let Some(s) = d.value.get("script").and_then(Value::as_str) {
                loading
                    .call::<()>(d.script_origin.pack.as_str())
                    .map_err(lua_err)?;
                let handler = compile_script(lua, pack, d, coll, id, s, envs).map_err(lua_err)?;
                dt.set("handler", handler.clone()).map_err(lua_err)?;
                if let Some(ws) = d.value.get("windows").and_then(Value::as_array) {
                    for w in ws.iter().filter_map(Value::as_str) {
                        let st = lua.create_table().map_err(lua_err)?;
                        st.set("coll", coll.as_str()).map_err(lua_err)?;
                        st.set("id", id.as_str()).map_err(lua_err)?;
                        st.set("def", dt.clone()).map_err(lua_err)?;
                        let h = handler_for(lua, &handler, w).map_err(lua_err)?;
                        st.set("handler", h).map_err(lua_err)?;
                        st.set("raw", handler.clone()).map_err(lua_err)?;
                        sub_lists.entry(w.to_string()).or_default().push(st);
                    }
                }
            }
            ct.set(id.as_str(), dt).map_err(lua_err)?;
        }
        data.set(coll.as_str(), ct).map_err(lua_err)?;
    }
    let mut keys: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (w, list) in sub_lists {
        let mut k = vec![];
        for t in &list {
            k.push((
                t.get::<String>("coll").map_err(lua_err)?,
                t.get::<String>("id").map_err(lua_err)?,
            ));
        }
        keys.insert(w.clone(), k);
        subs.set(w, lua.create_sequence_from(list).map_err(lua_err)?)
            .map_err(lua_err)?;
    }
    // window_holders(name): for each subscriber of the window, who holds
    // it ({[player] = true, game = true}); nil when nobody holds any. One
    // call per window instead of one per subscriber and player.
    {
        let sh = shared.clone();
        let keys = Rc::new(keys);
        game.set(
            "window_holders",
            lua.create_function(move |lua, name: String| {
                let Some(list) = keys.get(&name) else {
                    return Ok(LV::Nil);
                };
                let st = sh.st()?;
                let zone_cards: Vec<std::collections::BTreeSet<&str>> = (0..st.players.len())
                    .map(|p| {
                        st.zones
                            .values()
                            .filter(|z| z.owner == Some(p))
                            .flat_map(|z| z.cards.iter().map(String::as_str))
                            .collect()
                    })
                    .collect();
                let mut out: Option<Table> = None;
                for (i, key) in list.iter().enumerate() {
                    let mut holders: Vec<LV> = vec![];
                    for (p, pl) in st.players.iter().enumerate() {
                        if pl.holds.contains(key) || zone_cards[p].contains(key.1.as_str()) {
                            holders.push(LV::Integer(p as i64 + 1));
                        }
                    }
                    let game_holds = st.holds.contains(key);
                    if holders.is_empty() && !game_holds {
                        continue;
                    }
                    let t = lua.create_table()?;
                    for h in holders {
                        t.raw_set(h, true)?;
                    }
                    if game_holds {
                        t.raw_set("game", true)?;
                    }
                    let o = match &out {
                        Some(o) => o.clone(),
                        None => {
                            let o = lua.create_table()?;
                            out = Some(o.clone());
                            o
                        }
                    };
                    o.raw_set(i + 1, t)?;
                }
                Ok(out.map(LV::Table).unwrap_or(LV::Nil))
            })
            .map_err(lua_err)?,
        )
        .map_err(lua_err)?;
    }
    game.set("data", data).map_err(lua_err)?;
    Ok(())
}

fn compile_script(
    lua: &Lua,
    pack: &ResolvedPack,
    d: &crate::pack::Def,
    coll: &str,
    id: &str,
    s: &str,
    envs: &BTreeMap<String, Table>,
) -> mlua::Result<LV> {
    let env = envs
        .get(&d.script_origin.pack)
        .cloned()
        .ok_or_else(|| rterr("pack env missing"))?;
    // A script file is its own chunk; an inline script is compiled from
    // its data file, padded with blank lines so that Lua's line numbers are
    // the file's (found once: later sessions load the cached bytecode).
    let name = if is_script_path(s) {
        format!("@content/{}/{s}", d.script_origin.pack)
    } else {
        format!("@content/{}/{}", d.script_origin.pack, d.script_origin.file)
    };
    let key = format!("{name}#{coll}.{id}");
    let f = super::load_chunk(lua, pack, &key, &name, Some(env), || {
        if is_script_path(s) {
            let key = (d.script_origin.pack.clone(), s.to_string());
            return pack.scripts.get(&key).cloned().ok_or_else(|| {
                rterr(format!(
                    "content/{}/{}: {coll}.{id}: cannot read script `{s}`: the loader did not read it",
                    d.script_origin.pack, d.script_origin.file
                ))
            });
        }
        let src = pack
            .sources
            .get(&(d.script_origin.pack.clone(), d.script_origin.file.clone()))
            .map(String::as_str)
            .unwrap_or_default();
        let (line, _) = locate_text(src, &[coll, id, "script"], None);
        let block = src.lines().nth(line.saturating_sub(1)).is_some_and(|l| {
            let t = l.trim_end();
            t.ends_with('|') || t.ends_with('>') || t.ends_with("|-")
        });
        let pad = if block { line } else { line.saturating_sub(1) };
        Ok(format!("{}{s}", "\n".repeat(pad)))
    })?;
    let v: LV = f.call(())?;
    match v {
        LV::Function(_) | LV::Table(_) => Ok(v),
        _ => Err(rterr(format!(
            "content/{}/{}:{}: {coll}.{id}: the script must return a function or a table of handlers",
            d.script_origin.pack, d.script_origin.file, d.script_origin.line
        ))),
    }
}

/// A subscriber's handler for one window: {run=fn, when=fn?}.
fn handler_for(lua: &Lua, h: &LV, window: &str) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    match h {
        LV::Function(f) => t.set("run", f.clone())?,
        LV::Table(tab) => {
            let run: LV = tab.get(window)?;
            let run = match run {
                LV::Function(f) => f,
                _ => tab.get::<Function>("run").map_err(|_| {
                    rterr(format!(
                        "the script has no handler for window `{window}` (nor `run`)"
                    ))
                })?,
            };
            t.set("run", run)?;
            let when: LV = tab.get("when")?;
            t.set("when", when)?;
        }
        _ => {}
    }
    Ok(t)
}
