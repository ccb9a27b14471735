//! The scripting reference lists every function the kernel gives scripts.

use imperium::pack::Library;
use imperium::session::{Limits, Session};
use std::path::PathBuf;
use std::rc::Rc;

#[test]
fn every_game_function_is_documented() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/scripting.md")).unwrap();
    let lib = Library::new(root.join("content"));
    let s = Session::new(
        Rc::new(lib.resolve("ti4").unwrap()),
        0,
        &[],
        Limits::default(),
    )
    .unwrap();
    let names = s
        .exec(
            "=names",
            "local t = {} for k, v in pairs(game) do if type(v) == 'function' then t[#t + 1] = k end end table.sort(t) return t",
        )
        .unwrap();
    let missing: Vec<String> = names
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str())
        .filter(|n| !doc.contains(&format!("game.{n}")))
        .map(String::from)
        .collect();
    assert!(missing.is_empty(), "not in docs/scripting.md: {missing:?}");
}

/// docs/contract/<pack>.md are generated from the packs' declarations
/// (`imperium docs`); a pack change that is not reflected there fails here.
#[test]
fn contract_pages_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let lib = Library::new(root.join("content"));
    let mut stale = vec![];
    for id in lib.list() {
        let p = Rc::new(lib.resolve(&id).unwrap());
        let want = imperium::contract_doc::page(&p).unwrap();
        let path = root.join("docs/contract").join(format!("{id}.md"));
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have != want {
            stale.push(id);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/contract is stale for {stale:?}: run `cargo run -- docs`"
    );
}

/// Each shipped pack carries its editor stubs (`.luals/` and `.luarc.json`
/// in its folder, as `imperium stubs <pack>` writes them); a change of the
/// API, a helper or a window that is not reflected there fails here.
#[test]
fn shipped_stubs_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let lib = Library::new(root.join("content"));
    let mut stale = vec![];
    for id in lib.list() {
        let p = Rc::new(lib.resolve(&id).unwrap());
        let shipped = imperium::cli::stubs::shipped_files(&p).unwrap();
        // No stub beyond what the pack adds (a parent's sits beside it).
        if let Ok(rd) = std::fs::read_dir(p.dir().join(".luals")) {
            for f in rd.flatten() {
                let rel = format!(".luals/{}", f.file_name().to_string_lossy());
                if !shipped.iter().any(|(r, _)| *r == rel) {
                    stale.push(format!("{id}/{rel} (not this pack's)"));
                }
            }
        }
        for (rel, want) in shipped {
            let path = p.dir().join(&rel);
            let have = std::fs::read_to_string(&path).unwrap_or_default();
            if have != want {
                stale.push(format!("{id}/{rel}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale editor stubs {stale:?}: run `cargo run -- stubs --all`"
    );
}
