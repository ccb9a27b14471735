//! Pack loading: manifests, `extends` resolution, merging by id, reference
//! checks. Every problem becomes a [`Diagnostic`] naming pack, file, line and id.

use indexmap::IndexMap;
use petgraph::graph::DiGraph;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// A place in a pack's source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Origin {
    pub pack: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "content/{}/{}:{}:{}",
            self.pack, self.file, self.line, self.column
        )
    }
}

/// One problem found while loading or checking a pack.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Diagnostic {
    pub code: &'static str,
    pub origin: Origin,
    pub id: String,
    pub message: String,
    pub related: Option<Origin>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: [{}] {}: {}",
            self.origin, self.code, self.id, self.message
        )?;
        if let Some(r) = &self.related {
            write!(f, "\n  = note: see {r}")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Invalid(Vec<Diagnostic>),
    #[error("pack `{0}` not found (looked in {1})")]
    NotFound(String, String),
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub default: bool,
    /// Options this one turns on as well (a variant that is played with
    /// another one).
    #[serde(default)]
    pub implies: Vec<String>,
    /// The player counts the option is played with (any when empty):
    /// random option sets leave it out of other games.
    #[serde(default)]
    pub players: Vec<u32>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RefRule {
    /// Path into the definitions: `collection/*/field/*`; `@key` checks map keys.
    pub path: String,
    /// Collection whose ids the values must be.
    pub to: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub id: String,
    pub name: String,
    pub version: String,
    #[serde(default)]
    pub extends: Vec<String>,
    #[serde(default = "default_locale")]
    pub locale: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub options: IndexMap<String, OptionDef>,
    /// Named entry procedures (`game`, `combat`, `scenario`).
    #[serde(default)]
    pub entry: BTreeMap<String, String>,
    /// Timing windows the pack's procedures open: a list of names, or a map
    /// `name: {doc, ctx: {field: type}}` declaring what each window's ctx holds.
    #[serde(default)]
    pub windows: WindowsDecl,
    /// The pack's `rules/*.lua` files (relative to `rules/`) in load order.
    /// Without it they load in file-name order (`check --strict` objects).
    #[serde(default)]
    pub rules: Option<Vec<String>>,
    /// Schemas of the data collections this pack defines or extends (also
    /// read from `schema.yaml` beside `pack.yaml`).
    #[serde(default)]
    pub schemas: Option<Value>,
    #[serde(default)]
    pub refs: Vec<RefRule>,
    /// The seeded start whose perft counts are a golden test.
    #[serde(default)]
    pub perft: Option<PerftSpec>,
}

#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct PerftSpec {
    pub players: u32,
    pub seed: u64,
    pub depth: usize,
}

/// `windows:` of a pack.yaml: the plain list of names, or the map form.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum WindowsDecl {
    List(Vec<String>),
    Map(IndexMap<String, Option<WindowSpec>>),
}

impl Default for WindowsDecl {
    fn default() -> Self {
        WindowsDecl::List(vec![])
    }
}

impl WindowsDecl {
    /// The declared names with their specs (none in the list form).
    pub fn entries(&self) -> Vec<(String, Option<WindowSpec>)> {
        match self {
            WindowsDecl::List(v) => v.iter().map(|n| (n.clone(), None)).collect(),
            WindowsDecl::Map(m) => m
                .iter()
                .map(|(n, s)| (n.clone(), Some(s.clone().unwrap_or_default())))
                .collect(),
        }
    }
}

/// One window in the map form of `windows:`, as written.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct WindowSpec {
    #[serde(default)]
    pub doc: String,
    /// ctx field -> type (`player`, `unit`, `system`, `planet`, `string`,
    /// `int`, `number`, `bool`, `table`, `list`, `any`; `?` suffix: optional).
    #[serde(default)]
    pub ctx: IndexMap<String, String>,
}

/// What a ctx field of a window holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CtxKind {
    /// A player number.
    Player,
    /// A unit id.
    Unit,
    /// A system id.
    System,
    /// A planet id.
    Planet,
    String,
    Int,
    Number,
    Bool,
    /// A Lua table (record).
    Table,
    /// A Lua sequence.
    List,
    Any,
}

impl CtxKind {
    /// The name a declaration writes.
    pub fn name(&self) -> &'static str {
        match self {
            CtxKind::Player => "player",
            CtxKind::Unit => "unit",
            CtxKind::System => "system",
            CtxKind::Planet => "planet",
            CtxKind::String => "string",
            CtxKind::Int => "int",
            CtxKind::Number => "number",
            CtxKind::Bool => "bool",
            CtxKind::Table => "table",
            CtxKind::List => "list",
            CtxKind::Any => "any",
        }
    }

    pub const NAMES: [&'static str; 11] = [
        "player", "unit", "system", "planet", "string", "int", "number", "bool", "table", "list",
        "any",
    ];
    pub fn parse(s: &str) -> Option<CtxKind> {
        Some(match s {
            "player" => CtxKind::Player,
            "unit" => CtxKind::Unit,
            "system" => CtxKind::System,
            "planet" => CtxKind::Planet,
            "string" => CtxKind::String,
            "int" => CtxKind::Int,
            "number" => CtxKind::Number,
            "bool" => CtxKind::Bool,
            "table" => CtxKind::Table,
            "list" => CtxKind::List,
            "any" => CtxKind::Any,
            _ => return None,
        })
    }
}

/// One declared ctx field of a window.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CtxField {
    pub kind: CtxKind,
    /// Written `type?`: the field may be absent (nil).
    pub optional: bool,
}

/// A window's declaration, merged along the chain: what a subscriber may
/// read from `ctx`. A session can hold each `game.window(name, ctx)` to it:
/// every required field present, every present field of its kind, no field
/// that is not declared (when `typed`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct WindowDecl {
    pub doc: String,
    /// ctx field -> kind. A child pack's declaration adds fields.
    pub fields: BTreeMap<String, CtxField>,
    /// Whether the ctx is declared at all: false for a window named only in
    /// the plain-list form (or as a data `windows:` entry without `ctx`),
    /// whose ctx cannot be checked.
    pub typed: bool,
    /// Where it was last declared.
    pub origin: Origin,
}

fn default_locale() -> String {
    "en".into()
}

/// One definition after merging.
#[derive(Clone, Debug)]
pub struct Def {
    pub value: Value,
    pub origin: Origin,
    /// Earlier definitions this one replaced or patched, oldest first.
    pub history: Vec<(Origin, Value)>,
    /// Whether the latest change was a patch.
    pub patched: bool,
    /// Where the `script` field was last set: a patch that leaves the script
    /// alone keeps it resolving in the pack that wrote it.
    pub script_origin: Origin,
    /// Every definition and patch that made this one, oldest first: where it
    /// was written, what was written, whether it was a patch.
    pub layers: Vec<(Origin, Value, bool)>,
}

impl Def {
    /// Where the field at `path` (keys under the id) was written: the newest
    /// patch that sets it, else the newest whole definition. The flag tells
    /// whether that was a patch.
    pub fn writer(&self, path: &[String]) -> (&Origin, bool) {
        for (o, v, patch) in self.layers.iter().rev() {
            if !*patch {
                return (o, false);
            }
            let mut cur = v;
            let mut hit = true;
            for k in path {
                match cur.get(k) {
                    Some(x) => cur = x,
                    None => {
                        hit = false;
                        break;
                    }
                }
            }
            if hit && !path.is_empty() {
                return (o, true);
            }
        }
        (&self.origin, self.patched)
    }
}

/// A Lua source file of a pack.
#[derive(Clone, Debug)]
pub struct LuaFile {
    pub pack: String,
    pub rel: String,
    pub chunk_name: String,
    pub source: String,
}

#[derive(Clone, Debug)]
pub struct LoadedPack {
    pub manifest: Manifest,
    pub dir: PathBuf,
    pub manifest_src: String,
}

/// A pack with its parents merged in.
#[derive(Clone, Debug)]
pub struct ResolvedPack {
    pub id: String,
    pub version: String,
    /// Packs in merge order, parents first, this pack last.
    pub chain: Vec<LoadedPack>,
    /// This pack's own manifest and folder (the last of the chain).
    own: (Manifest, PathBuf),
    pub collections: IndexMap<String, IndexMap<String, Def>>,
    /// Ids removed, with who removed them.
    pub removed: Vec<(String, String, Origin)>,
    pub rules: Vec<LuaFile>,
    pub options: IndexMap<String, OptionDef>,
    pub entry: BTreeMap<String, String>,
    pub windows: BTreeSet<String>,
    pub locale: String,
    /// Locale strings: names and phrases, merged.
    pub locale_strings: BTreeMap<String, String>,
    /// The language of the file that last gave each locale string (the
    /// file name up to `_` or `.`: `locale/es_cards.yaml` is `es`).
    pub locale_langs: BTreeMap<String, String>,
    /// Procedures defined per pack (for `diff`).
    pub procedures: Vec<(String, String, Origin)>,
    pub refs: Vec<RefRule>,
    /// Schemas of the data collections, merged along the chain.
    pub schemas: crate::schema::Schemas,
    /// Windows declared with their ctx (`windows:` in pack.yaml, or data
    /// `windows:` entries), merged along the chain. Steps' `before:`/`after:`
    /// windows are not here: their ctx is the step's.
    pub window_ctx: BTreeMap<String, WindowDecl>,
    /// The text of every data file read, by (pack, file relative to the
    /// pack): inline scripts are compiled from it with their line numbers.
    pub sources: BTreeMap<(String, String), String>,
    /// The text of every script file a definition names (`script:
    /// effects/x.lua`), by (pack, path relative to the pack).
    pub scripts: BTreeMap<(String, String), String>,
    /// The chunks its sessions compiled, as bytecode.
    pub chunks: ChunkCache,
}

/// Lua chunks compiled by the sessions of one resolved pack, as bytecode
/// with its line information, by chunk key: the first session parses each
/// source and the next ones load the bytecode (a test run or a soak makes
/// one session per scenario or game). A resolved pack's sources never
/// change, so an entry cannot be stale; the cache lives and dies with the
/// pack in memory and is never written anywhere.
#[derive(Clone, Debug, Default)]
pub struct ChunkCache(std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>>);

impl ChunkCache {
    /// The bytecode compiled for `key`, handed to `f` (without a copy).
    pub fn with<R>(&self, key: &str, f: impl FnOnce(Option<&[u8]>) -> R) -> R {
        let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(map.get(key).map(Vec::as_slice))
    }

    pub fn insert(&self, key: &str, bytecode: Vec<u8>) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string(), bytecode);
    }

    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl ResolvedPack {
    /// A hash of everything the resolved pack was made of (manifests, data
    /// files, scripts, rules, locale texts), as 16 hex digits: a saved game
    /// records it, and a replay refuses a pack whose content differs.
    /// (FNV-1a: it tells versions apart; it is no signature.)
    pub fn content_hash(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: &[u8]| {
            for x in b.iter().chain(std::iter::once(&0xffu8)) {
                h ^= *x as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for p in &self.chain {
            eat(p.manifest.id.as_bytes());
            eat(p.manifest_src.as_bytes());
        }
        for ((p, f), t) in self.sources.iter().chain(self.scripts.iter()) {
            eat(p.as_bytes());
            eat(f.as_bytes());
            eat(t.as_bytes());
        }
        for r in &self.rules {
            eat(r.pack.as_bytes());
            eat(r.rel.as_bytes());
            eat(r.source.as_bytes());
        }
        for (k, v) in &self.locale_strings {
            eat(k.as_bytes());
            eat(v.as_bytes());
        }
        format!("{h:016x}")
    }

    pub fn get(&self, coll: &str, id: &str) -> Option<&Def> {
        self.collections.get(coll)?.get(id)
    }
    pub fn manifest(&self) -> &Manifest {
        &self.own.0
    }
    pub fn dir(&self) -> &Path {
        &self.own.1
    }
}

/// Where packs are looked up.
#[derive(Clone, Debug)]
pub struct Library {
    pub content: PathBuf,
}

impl Library {
    pub fn new(content: impl Into<PathBuf>) -> Library {
        Library {
            content: content.into(),
        }
    }

    /// Finds a pack dir by id under the content dir, or takes a path.
    pub fn locate(&self, spec: &str) -> Result<PathBuf, PackError> {
        let p = Path::new(spec);
        if p.join("pack.yaml").is_file() {
            return Ok(p.to_path_buf());
        }
        let d = self.content.join(spec);
        if d.join("pack.yaml").is_file() {
            return Ok(d);
        }
        Err(PackError::NotFound(
            spec.to_string(),
            self.content.display().to_string(),
        ))
    }

    /// Every pack id under the content dir, sorted.
    pub fn list(&self) -> Vec<String> {
        let mut v = vec![];
        if let Ok(rd) = std::fs::read_dir(&self.content) {
            for e in rd.flatten() {
                if e.path().join("pack.yaml").is_file() {
                    v.push(e.file_name().to_string_lossy().to_string());
                }
            }
        }
        v.sort();
        v
    }

    pub fn load_manifest(&self, spec: &str) -> Result<LoadedPack, PackError> {
        let by_path = Path::new(spec).join("pack.yaml").is_file();
        self.load_manifest_at(spec, !by_path)
    }

    /// Loads a manifest; `by_id`: the pack was found by its id under the
    /// content folder, so its id must be the folder's name.
    fn load_manifest_at(&self, spec: &str, by_id: bool) -> Result<LoadedPack, PackError> {
        let dir = self.locate(spec)?;
        let src = read_in_pack(&dir, "pack.yaml").map_err(|e| {
            PackError::Invalid(vec![diag(
                "outside-pack",
                origin(spec, "pack.yaml", 0, 0),
                spec,
                e,
            )])
        })?;
        let manifest: Manifest = serde_yaml::from_str(&src).map_err(|e| {
            let (l, c) = e
                .location()
                .map(|l| (l.line(), l.column()))
                .unwrap_or((0, 0));
            PackError::Invalid(vec![diag(
                "yaml",
                origin(spec, "pack.yaml", l, c),
                spec,
                e.to_string(),
            )])
        })?;
        // A pack is known by its id, and found by its folder's name: the
        // two must agree (otherwise the `extends` graph names packs that
        // are not where it looks).
        let folder = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|f| f.to_string_lossy().to_string()))
            .unwrap_or_default();
        if by_id && manifest.id != folder {
            let (l, c) = locate_text(&src, &["id"], None);
            return Err(PackError::Invalid(vec![diag(
                "id-mismatch",
                origin(&folder, "pack.yaml", l, c),
                &manifest.id,
                format!(
                    "the pack's id `{}` differs from its folder's name `{folder}`: name the folder after the id",
                    manifest.id
                ),
            )]));
        }
        Ok(LoadedPack {
            manifest,
            dir,
            manifest_src: src,
        })
    }

    /// Loads a pack and its ancestors and merges them.
    pub fn resolve(&self, spec: &str) -> Result<ResolvedPack, PackError> {
        // Collect the extends graph.
        let mut loaded: BTreeMap<String, LoadedPack> = BTreeMap::new();
        let root = self.load_manifest(spec)?;
        let root_id = root.manifest.id.clone();
        let mut todo = vec![root];
        let mut diags = vec![];
        while let Some(p) = todo.pop() {
            if loaded.contains_key(&p.manifest.id) {
                continue;
            }
            for parent in &p.manifest.extends {
                if loaded.contains_key(parent) {
                    continue;
                }
                if !is_pack_id(parent) {
                    let (l, c) = locate_text(&p.manifest_src, &["extends"], Some(parent));
                    diags.push(diag(
                        "bad-extends",
                        origin(&p.manifest.id, "pack.yaml", l, c),
                        parent,
                        format!(
                            "pack `{}` extends `{parent}`: `extends` names pack ids (letters, digits, `-`, `_`), not paths",
                            p.manifest.id
                        ),
                    ));
                    continue;
                }
                match self.content.join(parent).join("pack.yaml").is_file() {
                    true => {}
                    false => {
                        let (l, c) = locate_text(&p.manifest_src, &["extends"], Some(parent));
                        diags.push(diag(
                            "unknown-parent",
                            origin(&p.manifest.id, "pack.yaml", l, c),
                            parent,
                            format!("pack `{}` extends unknown pack `{parent}`", p.manifest.id),
                        ));
                        continue;
                    }
                }
                match self.load_manifest_at(&self.content.join(parent).display().to_string(), true)
                {
                    Ok(pp) => todo.push(pp),
                    Err(PackError::NotFound(..)) => {
                        let (l, c) = locate_text(&p.manifest_src, &["extends"], Some(parent));
                        diags.push(diag(
                            "unknown-parent",
                            origin(&p.manifest.id, "pack.yaml", l, c),
                            parent,
                            format!("pack `{}` extends unknown pack `{parent}`", p.manifest.id),
                        ));
                    }
                    Err(e) => return Err(e),
                }
            }
            loaded.insert(p.manifest.id.clone(), p);
        }
        if !diags.is_empty() {
            return Err(PackError::Invalid(diags));
        }
        // Topological order; ties broken by id for stability.
        let ids: Vec<String> = loaded.keys().cloned().collect();
        let mut g = DiGraph::<String, ()>::new();
        let nodes: BTreeMap<String, _> = ids
            .iter()
            .map(|i| (i.clone(), g.add_node(i.clone())))
            .collect();
        for (id, p) in &loaded {
            for parent in &p.manifest.extends {
                g.add_edge(nodes[parent], nodes[id], ());
            }
        }
        let order = match petgraph::algo::toposort(&g, None) {
            Ok(o) => o,
            Err(cycle) => {
                let id = g[cycle.node_id()].clone();
                let p = &loaded[&id];
                let (l, c) = locate_text(&p.manifest_src, &["extends"], None);
                return Err(PackError::Invalid(vec![diag(
                    "extends-cycle",
                    origin(&id, "pack.yaml", l, c),
                    &id,
                    "the `extends` chain has a cycle through this pack".into(),
                )]));
            }
        };
        // Keep only ancestors of the root (all loaded are), in a stable topo order.
        let mut chain_ids: Vec<String> = order.into_iter().map(|n| g[n].clone()).collect();
        stable_topo(&mut chain_ids, &loaded);
        let chain: Vec<LoadedPack> = chain_ids.iter().map(|i| loaded[i].clone()).collect();
        merge(root_id, chain)
    }
}

/// Re-sorts a topological order so that among ready packs the smallest id
/// comes first (Kahn's algorithm with a sorted queue).
fn stable_topo(ids: &mut Vec<String>, loaded: &BTreeMap<String, LoadedPack>) {
    let mut done: BTreeSet<String> = BTreeSet::new();
    let mut out = vec![];
    while out.len() < ids.len() {
        let next = ids
            .iter()
            .filter(|i| !done.contains(*i))
            .filter(|i| loaded[*i].manifest.extends.iter().all(|p| done.contains(p)))
            .min()
            .cloned();
        match next {
            Some(n) => {
                done.insert(n.clone());
                out.push(n);
            }
            None => break,
        }
    }
    *ids = out;
}

/// A pack id: letters, digits, `-` and `_` (so never a path).
pub fn is_pack_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

pub fn origin(pack: &str, file: &str, line: usize, column: usize) -> Origin {
    Origin {
        pack: pack.to_string(),
        file: file.to_string(),
        line,
        column,
    }
}

pub fn diag(code: &'static str, origin: Origin, id: &str, message: String) -> Diagnostic {
    Diagnostic {
        code,
        origin,
        id: id.to_string(),
        message,
        related: None,
    }
}

/// Finds the 1-based line and column of a key path in YAML text (block style),
/// optionally of a scalar `value` under it. Falls back to the deepest key found.
pub fn locate_text(text: &str, keys: &[&str], value: Option<&str>) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut start = 0usize;
    let mut indent: i64 = -1;
    let mut found = (1usize, 1usize);
    for k in keys {
        let mut hit = None;
        for (i, l) in lines.iter().enumerate().skip(start) {
            let t = l.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let ind = (l.len() - t.len()) as i64;
            if i > start && ind <= indent && hit.is_none() && indent >= 0 {
                break;
            }
            let t2 = t.trim_start_matches("- ");
            let bare = t2.trim_start_matches(['"', '\'']);
            // The first key is a top-level key (indent 0).
            let level_ok = if indent < 0 { ind == 0 } else { ind > indent };
            if bare.starts_with(k)
                && bare[k.len()..]
                    .trim_start_matches(['"', '\''])
                    .starts_with(':')
                && level_ok
            {
                hit = Some((i, ind, l.len() - bare.len()));
                break;
            }
        }
        match hit {
            Some((i, ind, col)) => {
                found = (i + 1, col + 1);
                start = i;
                indent = ind;
            }
            None => return found,
        }
    }
    if let Some(v) = value {
        for (i, l) in lines.iter().enumerate().skip(start) {
            let t = l.trim_start();
            let ind = (l.len() - t.len()) as i64;
            if i > start && ind <= indent && !t.is_empty() && !t.starts_with('-') {
                break;
            }
            if let Some(pos) = find_word(l, v) {
                if i > start || l[..pos].contains(':') {
                    return (i + 1, pos + 1);
                }
            }
        }
    }
    found
}

/// A top-level key's position and the first position of each key beneath it.
type KeyBlock = (
    (usize, usize),
    std::collections::HashMap<String, (usize, usize)>,
);

/// The positions of a data file's top-level keys and of the keys beneath
/// each, found in one pass over the text: `locate(coll, id)` gives what
/// `locate_text(text, &[coll, id], None)` gives, without rescanning the file
/// for every definition (which made loading quadratic in a file's size).
pub struct KeyIndex {
    tops: std::collections::HashMap<String, usize>,
    blocks: Vec<KeyBlock>,
}

impl KeyIndex {
    pub fn new(text: &str) -> KeyIndex {
        let mut tops = std::collections::HashMap::new();
        let mut blocks: Vec<KeyBlock> = vec![];
        for (i, l) in text.lines().enumerate() {
            let t = l.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let ind = l.len() - t.len();
            let bare = t.trim_start_matches("- ").trim_start_matches(['"', '\'']);
            let pos = (i + 1, l.len() - bare.len() + 1);
            if ind == 0 {
                let block = blocks.len();
                blocks.push((pos, Default::default()));
                key_candidates(bare, |k| {
                    tops.entry(k.to_string()).or_insert(block);
                });
            } else if let Some((_, keys)) = blocks.last_mut() {
                key_candidates(bare, |k| {
                    if !keys.contains_key(k) {
                        keys.insert(k.to_string(), pos);
                    }
                });
            }
        }
        KeyIndex { tops, blocks }
    }

    /// Line and column of `id` under the top-level key `coll` (of `coll` if
    /// `id` is not there; (1, 1) if `coll` is not either).
    pub fn locate(&self, coll: &str, id: &str) -> (usize, usize) {
        match self.tops.get(coll) {
            Some(&b) => {
                let (pos, keys) = &self.blocks[b];
                keys.get(id).copied().unwrap_or(*pos)
            }
            None => (1, 1),
        }
    }
}

/// Every key `k` that `locate_text` would accept at the start of `bare`:
/// `bare` starts with `k`, then optional quotes, then a colon.
fn key_candidates(bare: &str, mut f: impl FnMut(&str)) {
    let b = bare.as_bytes();
    for (p, &c) in b.iter().enumerate() {
        if c != b':' {
            continue;
        }
        let mut q = p;
        loop {
            if q > 0 {
                f(&bare[..q]);
            }
            if q > 0 && (b[q - 1] == b'"' || b[q - 1] == b'\'') {
                q -= 1;
            } else {
                break;
            }
        }
    }
}

fn find_word(line: &str, w: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(p) = line[from..].find(w) {
        let s = from + p;
        let e = s + w.len();
        let ok_l = s == 0 || !(b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_');
        let ok_r = e >= b.len() || !(b[e].is_ascii_alphanumeric() || b[e] == b'_');
        if ok_l && ok_r {
            return Some(s);
        }
        from = e;
    }
    None
}

/// Reads a file of a pack: `rel` is relative to the pack's folder, without
/// `..`, and (through symbolic links too) must stay inside it.
pub fn read_in_pack(dir: &Path, rel: &str) -> Result<String, String> {
    let full = pack_path(dir, rel)?;
    std::fs::read_to_string(&full).map_err(|e| format!("`{rel}`: {e}"))
}

/// Where a file of a pack is, if it is inside the pack (see `read_in_pack`).
pub fn pack_path(dir: &Path, rel: &str) -> Result<PathBuf, String> {
    let relp = Path::new(rel);
    if relp.is_absolute()
        || relp.components().any(|c| {
            !matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
    {
        return Err(format!(
            "`{rel}` is outside the pack's folder: a pack names its files relative to its folder, without `..`"
        ));
    }
    // No part of `rel` a symbolic link: the file is inside the folder,
    // wherever the folder itself is (one `lstat` per part, where resolving
    // both paths would read every link of both).
    let mut at = dir.to_path_buf();
    let mut plain = true;
    for c in relp.components() {
        if let std::path::Component::Normal(n) = c {
            at.push(n);
            let m = at.symlink_metadata().map_err(|e| format!("`{rel}`: {e}"))?;
            if m.file_type().is_symlink() {
                plain = false;
                break;
            }
        }
    }
    if plain {
        return Ok(at);
    }
    let root = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let full = dir
        .join(relp)
        .canonicalize()
        .map_err(|e| format!("`{rel}`: {e}"))?;
    if !full.starts_with(&root) {
        return Err(format!(
            "`{rel}` leads outside the pack's folder (a symbolic link to `{}`)",
            full.display()
        ));
    }
    Ok(full)
}

/// The files with extension `ext` under `dir`, relative to it, sorted,
/// leaving out the top-level folders named in `skip`. A symbolic link to a
/// folder is not followed (it could lead outside the pack or loop); it is
/// listed as a file, so reading it reports it.
fn rel_files(dir: &Path, ext: &str, skip: &[&str]) -> Vec<String> {
    let mut out = vec![];
    fn walk(base: &Path, d: &Path, ext: &str, skip: &[&str], out: &mut Vec<String>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        for e in rd.flatten() {
            let p = e.path();
            // The entry's type as the folder listing gives it (no `stat`).
            let Ok(t) = e.file_type() else { continue };
            let dir_link = t.is_symlink() && p.is_dir();
            if t.is_dir() && !dir_link {
                if !(d == base && skip.iter().any(|s| e.file_name() == **s)) {
                    walk(base, &p, ext, &[], out);
                }
            } else if dir_link || p.extension().and_then(|x| x.to_str()) == Some(ext) {
                if let Ok(rel) = p.strip_prefix(base) {
                    out.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    walk(dir, dir, ext, skip, &mut out);
    out.sort();
    out
}

fn yaml_to_json(v: serde_yaml::Value) -> Value {
    match v {
        serde_yaml::Value::Null => Value::Null,
        serde_yaml::Value::Bool(b) => Value::Bool(b),
        serde_yaml::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::from(i)
            } else {
                Value::from(n.as_f64().unwrap_or(0.0))
            }
        }
        serde_yaml::Value::String(s) => Value::String(s),
        serde_yaml::Value::Sequence(s) => Value::Array(s.into_iter().map(yaml_to_json).collect()),
        serde_yaml::Value::Mapping(m) => Value::Object(
            m.into_iter()
                .map(|(k, v)| (yaml_key(k), yaml_to_json(v)))
                .collect(),
        ),
        serde_yaml::Value::Tagged(t) => yaml_to_json(t.value),
    }
}

fn yaml_key(k: serde_yaml::Value) -> String {
    match k {
        serde_yaml::Value::String(s) => s,
        serde_yaml::Value::Number(n) => n.to_string(),
        serde_yaml::Value::Bool(b) => b.to_string(),
        other => serde_yaml::to_string(&other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// Parses a YAML file into JSON, with a diagnostic on failure.
pub fn parse_yaml(pack: &str, rel: &str, src: &str) -> Result<Value, Box<Diagnostic>> {
    match serde_yaml::from_str::<serde_yaml::Value>(src) {
        Ok(v) => Ok(yaml_to_json(v)),
        Err(e) => {
            let (l, c) = e
                .location()
                .map(|l| (l.line(), l.column()))
                .unwrap_or((0, 0));
            Err(Box::new(diag(
                "yaml",
                origin(pack, rel, l, c),
                rel,
                e.to_string(),
            )))
        }
    }
}

/// Deep merge of `patch` into `base` (maps merge, everything else replaces).
pub fn deep_merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(k) {
                    Some(bv) => deep_merge(bv, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, p) => *b = p.clone(),
    }
}

fn merge(root_id: String, chain: Vec<LoadedPack>) -> Result<ResolvedPack, PackError> {
    let mut diags = vec![];
    let mut collections: IndexMap<String, IndexMap<String, Def>> = IndexMap::new();
    let mut removed = vec![];
    let mut rules = vec![];
    let mut options = IndexMap::new();
    let mut entry = BTreeMap::new();
    let mut windows = BTreeSet::new();
    let mut locale = "en".to_string();
    let mut locale_strings = BTreeMap::new();
    let mut locale_langs = BTreeMap::new();
    let mut procedures: Vec<(String, String, Origin)> = vec![];
    let mut refs = vec![];
    let mut sources: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut schemas = crate::schema::builtin();
    let mut window_ctx: BTreeMap<String, WindowDecl> = BTreeMap::new();

    for p in &chain {
        let pid = p.manifest.id.clone();
        for (k, v) in &p.manifest.options {
            options.insert(k.clone(), v.clone());
        }
        for (k, v) in &p.manifest.entry {
            entry.insert(k.clone(), v.clone());
        }
        for (name, spec) in p.manifest.windows.entries() {
            windows.insert(name.clone());
            let (l, c) = locate_text(&p.manifest_src, &["windows", &name], None);
            declare_window(
                &mut window_ctx,
                &name,
                spec.as_ref(),
                origin(&pid, "pack.yaml", l, c),
                &p.manifest_src,
                &mut diags,
            );
        }
        if let Some(decl) = &p.manifest.schemas {
            let (l, c) = locate_text(&p.manifest_src, &["schemas"], None);
            for (path, msg) in schemas.extend(decl, &origin(&pid, "pack.yaml", l, c)) {
                let mut keys = vec!["schemas"];
                keys.extend(path.iter().map(String::as_str));
                let (l, c) = locate_text(&p.manifest_src, &keys, None);
                diags.push(diag(
                    "bad-schema",
                    origin(&pid, "pack.yaml", l, c),
                    &path.join("."),
                    msg,
                ));
            }
        }
        if p.dir.join("schema.yaml").exists() {
            if let Err(e) = read_in_pack(&p.dir, "schema.yaml") {
                diags.push(diag(
                    "outside-pack",
                    origin(&pid, "schema.yaml", 0, 0),
                    "schema.yaml",
                    e,
                ));
            }
        }
        if let Ok(src) = read_in_pack(&p.dir, "schema.yaml") {
            match parse_yaml(&pid, "schema.yaml", &src) {
                Ok(v) => {
                    let mut decl = Value::Null;
                    match v {
                        Value::Object(m) => {
                            for (k, x) in m {
                                if k == "schemas" {
                                    decl = x;
                                } else {
                                    let (l, c) = locate_text(&src, &[&k], None);
                                    diags.push(diag(
                                        "bad-schema",
                                        origin(&pid, "schema.yaml", l, c),
                                        &k,
                                        format!("schema.yaml holds one key, `schemas:`, not `{k}`"),
                                    ));
                                }
                            }
                        }
                        Value::Null => {}
                        _ => diags.push(diag(
                            "bad-schema",
                            origin(&pid, "schema.yaml", 1, 1),
                            "schema.yaml",
                            "schema.yaml must be a mapping `schemas: {collection: schema}`".into(),
                        )),
                    }
                    let (l, c) = locate_text(&src, &["schemas"], None);
                    for (path, msg) in schemas.extend(&decl, &origin(&pid, "schema.yaml", l, c)) {
                        let mut keys = vec!["schemas"];
                        keys.extend(path.iter().map(String::as_str));
                        let (l, c) = locate_text(&src, &keys, None);
                        diags.push(diag(
                            "bad-schema",
                            origin(&pid, "schema.yaml", l, c),
                            &path.join("."),
                            msg,
                        ));
                    }
                    sources.insert((pid.clone(), "schema.yaml".into()), src);
                }
                Err(d) => diags.push(*d),
            }
        }
        refs.extend(p.manifest.refs.iter().cloned());
        locale = p.manifest.locale.clone();

        for rel in rel_files(&p.dir, "yaml", &["tests"]) {
            if rel == "pack.yaml" || rel == "schema.yaml" || rel.starts_with("tests/") {
                continue;
            }
            let src = match read_in_pack(&p.dir, &rel) {
                Ok(s) => s,
                Err(e) => {
                    diags.push(diag("outside-pack", origin(&pid, &rel, 0, 0), &rel, e));
                    continue;
                }
            };
            let v = match parse_yaml(&pid, &rel, &src) {
                Ok(v) => v,
                Err(d) => {
                    diags.push(*d);
                    continue;
                }
            };
            sources.insert((pid.clone(), rel.clone()), src.clone());
            let mut index: Option<KeyIndex> = None;
            if let Some(file) = rel.strip_prefix("locale/") {
                let lang: String = file
                    .chars()
                    .take_while(|c| *c != '_' && *c != '.')
                    .collect();
                if let Value::Object(m) = v {
                    for (sect, vals) in m {
                        if let Value::Object(vals) = vals {
                            for (k, s) in vals {
                                if let Some(s) = s.as_str() {
                                    locale_langs.insert(format!("{sect}.{k}"), lang.clone());
                                    locale_strings.insert(format!("{sect}.{k}"), s.to_string());
                                }
                            }
                        }
                    }
                }
                continue;
            }
            let Value::Object(top) = v else {
                if !v.is_null() {
                    diags.push(diag(
                        "shape",
                        origin(&pid, &rel, 1, 1),
                        &rel,
                        "a data file must be a mapping of collection -> id -> definition".into(),
                    ));
                }
                continue;
            };
            for (coll, defs) in top {
                if coll == "remove" {
                    let list = defs.as_array().cloned().unwrap_or_default();
                    for item in list {
                        let s = item.as_str().unwrap_or_default().to_string();
                        let (l, c) = locate_text(&src, &["remove"], Some(&s));
                        let o = origin(&pid, &rel, l, c);
                        match s.split_once('.') {
                            Some((c, i))
                                if collections
                                    .get_mut(c)
                                    .and_then(|m| m.shift_remove(i))
                                    .is_some() =>
                            {
                                removed.push((c.to_string(), i.to_string(), o));
                            }
                            _ => diags.push(diag(
                                "unknown-id",
                                o,
                                &s,
                                format!("cannot remove `{s}`: no such definition in the parents"),
                            )),
                        }
                    }
                    continue;
                }
                let Value::Object(defs) = defs else {
                    let (l, c) = locate_text(&src, &[&coll], None);
                    diags.push(diag(
                        "shape",
                        origin(&pid, &rel, l, c),
                        &coll,
                        format!("`{coll}` must map ids to definitions"),
                    ));
                    continue;
                };
                let target = collections.entry(coll.clone()).or_default();
                for (id, def) in defs {
                    let (l, c) = index
                        .get_or_insert_with(|| KeyIndex::new(&src))
                        .locate(&coll, &id);
                    let o = origin(&pid, &rel, l, c);
                    if id == "patch" {
                        diags.push(diag(
                            "patch-id",
                            o,
                            &format!("{coll}.patch"),
                            format!("`patch:` is written at the indent of an id of `{coll}`, so it defines an id `patch`: indent it under the id it patches"),
                        ));
                        continue;
                    }
                    if def.is_null() {
                        let mut d = diag(
                            "null-definition",
                            o,
                            &format!("{coll}.{id}"),
                            format!("`{coll}.{id}` is empty (null): write its fields (or `patch:`) under it, indented"),
                        );
                        d.related = target.get(&id).map(|e| e.origin.clone());
                        diags.push(d);
                        continue;
                    }
                    let patch = def.get("patch").cloned();
                    if let Some(pv) = &patch {
                        if !pv.is_object() {
                            let (l, c) = locate_text(&src, &[&coll, &id, "patch"], None);
                            diags.push(diag(
                                "bad-patch",
                                origin(&pid, &rel, l, c),
                                &format!("{coll}.{id}"),
                                format!(
                                    "`patch:` of `{coll}.{id}` must be a map of the fields it changes, found {}",
                                    if pv.is_null() { "nothing (null)".to_string() } else { pv.to_string() }
                                ),
                            ));
                            continue;
                        }
                        let others: Vec<&String> = def
                            .as_object()
                            .map(|m| m.keys().filter(|k| *k != "patch").collect())
                            .unwrap_or_default();
                        if !others.is_empty() {
                            let (l, c) = locate_text(&src, &[&coll, &id, others[0]], None);
                            diags.push(diag(
                                "bad-patch",
                                origin(&pid, &rel, l, c),
                                &format!("{coll}.{id}"),
                                format!(
                                    "fields beside `patch:` are ignored: move `{}` into the patch",
                                    others
                                        .iter()
                                        .map(|s| s.as_str())
                                        .collect::<Vec<_>>()
                                        .join("`, `")
                                ),
                            ));
                        }
                    }
                    match (target.get_mut(&id), patch) {
                        (Some(existing), Some(patch)) => {
                            existing
                                .history
                                .push((existing.origin.clone(), existing.value.clone()));
                            deep_merge(&mut existing.value, &patch);
                            existing.layers.push((o.clone(), patch.clone(), true));
                            if patch.get("script").is_some() {
                                existing.script_origin = o.clone();
                            }
                            existing.origin = o;
                            existing.patched = true;
                        }
                        (None, Some(_)) => diags.push(diag(
                            "unknown-id",
                            o,
                            &format!("{coll}.{id}"),
                            format!("`patch` of `{coll}.{id}`, which no parent defines"),
                        )),
                        (Some(existing), None) => {
                            if existing.origin.pack == pid {
                                let mut d = diag(
                                    "duplicate-id",
                                    o,
                                    &format!("{coll}.{id}"),
                                    format!("`{coll}.{id}` is defined twice in pack `{pid}`"),
                                );
                                d.related = Some(existing.origin.clone());
                                diags.push(d);
                            } else {
                                existing
                                    .history
                                    .push((existing.origin.clone(), existing.value.clone()));
                                existing.layers.push((o.clone(), def.clone(), false));
                                existing.value = def;
                                existing.script_origin = o.clone();
                                existing.origin = o;
                                existing.patched = false;
                            }
                        }
                        (None, None) => {
                            target.insert(
                                id,
                                Def {
                                    layers: vec![(o.clone(), def.clone(), false)],
                                    value: def,
                                    script_origin: o.clone(),
                                    origin: o,
                                    history: vec![],
                                    patched: false,
                                },
                            );
                        }
                    }
                }
            }
        }
        for rel in rules_order(p, &mut diags) {
            let rel = format!("rules/{rel}");
            match read_in_pack(&p.dir, &rel) {
                Ok(source) => {
                    for (i, line) in source.lines().enumerate() {
                        if let Some(rest) = line.trim_start().strip_prefix("procedure(\"") {
                            if let Some(name) = rest.split('"').next() {
                                procedures.push((
                                    pid.clone(),
                                    name.to_string(),
                                    origin(&pid, &rel, i + 1, 1),
                                ));
                            }
                        }
                    }
                    rules.push(LuaFile {
                        pack: pid.clone(),
                        chunk_name: format!("@content/{pid}/{rel}"),
                        rel,
                        source,
                    });
                }
                Err(e) => diags.push(diag("io", origin(&pid, &rel, 0, 0), &rel, e.to_string())),
            }
        }
    }
    for (_, name, _) in &procedures {
        windows.insert(format!("before:{name}"));
        windows.insert(format!("after:{name}"));
    }
    // Windows and options may also be declared as data (`windows:` / `options:`
    // collections), so the file that uses them can declare them.
    if let Some(ws) = collections.get("windows") {
        windows.extend(ws.keys().cloned());
        for (name, d) in ws {
            let spec: Option<WindowSpec> = serde_json::from_value(d.value.clone()).ok();
            let typed = d.value.get("ctx").is_some();
            let src = sources
                .get(&(d.origin.pack.clone(), d.origin.file.clone()))
                .cloned()
                .unwrap_or_default();
            declare_window(
                &mut window_ctx,
                name,
                spec.as_ref().filter(|_| typed),
                d.origin.clone(),
                &src,
                &mut diags,
            );
        }
    }
    if let Some(os) = collections.get("options") {
        for (k, d) in os {
            options.insert(
                k.clone(),
                OptionDef {
                    description: d
                        .value
                        .get("description")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    default: d
                        .value
                        .get("default")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    implies: d
                        .value
                        .get("implies")
                        .and_then(Value::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(|v| v.as_str().map(String::from))
                                .collect()
                        })
                        .unwrap_or_default(),
                    players: d
                        .value
                        .get("players")
                        .and_then(Value::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok()))
                                .collect()
                        })
                        .unwrap_or_default(),
                },
            );
        }
    }
    // Script files named by definitions: read once here, so a session
    // compiles from memory (a missing file is reported by `check_refs`).
    let mut scripts: BTreeMap<(String, String), String> = BTreeMap::new();
    for defs in collections.values() {
        for d in defs.values() {
            let Some(s) = d.value.get("script").and_then(Value::as_str) else {
                continue;
            };
            if !is_script_path(s) {
                continue;
            }
            let key = (d.script_origin.pack.clone(), s.to_string());
            if scripts.contains_key(&key) {
                continue;
            }
            if let Some(c) = chain.iter().find(|c| c.manifest.id == key.0) {
                if let Ok(text) = read_in_pack(&c.dir, s) {
                    scripts.insert(key, text);
                }
            }
        }
    }
    let Some(last) = chain.last() else {
        return Err(PackError::NotFound(root_id, "an empty chain".into()));
    };
    let mut resolved = ResolvedPack {
        id: root_id,
        version: last.manifest.version.clone(),
        own: (last.manifest.clone(), last.dir.clone()),
        chain: chain.clone(),
        collections,
        removed,
        rules,
        options,
        entry,
        windows,
        locale,
        locale_strings,
        locale_langs,
        procedures,
        refs,
        schemas,
        window_ctx,
        sources: BTreeMap::new(),
        scripts,
        chunks: ChunkCache::default(),
    };
    check_refs(&resolved, &sources, &mut diags);
    crate::schema::validate(&resolved, &sources, &mut diags);
    crate::keycheck::check(&resolved, &sources, &mut diags);
    resolved.sources = sources;
    if diags.is_empty() {
        Ok(resolved)
    } else {
        diags.sort();
        diags.dedup();
        Err(PackError::Invalid(diags))
    }
}

/// The pack's rules files (relative to `rules/`) in load order: its
/// `rules:` list when it has one (every file listed, every listed file
/// present), else sorted by name.
fn rules_order(p: &LoadedPack, diags: &mut Vec<Diagnostic>) -> Vec<String> {
    let pid = &p.manifest.id;
    let files = rel_files(&p.dir.join("rules"), "lua", &[]);
    let Some(list) = &p.manifest.rules else {
        return files;
    };
    let mut out = vec![];
    for (i, name) in list.iter().enumerate() {
        let name = name.strip_prefix("rules/").unwrap_or(name).to_string();
        let (l, c) = locate_text(&p.manifest_src, &["rules"], Some(&name));
        if list[..i]
            .iter()
            .any(|x| x.strip_prefix("rules/").unwrap_or(x) == name)
        {
            diags.push(diag(
                "duplicate-rules-file",
                origin(pid, "pack.yaml", l, c),
                &name,
                format!("`{name}` is listed twice in `rules:`"),
            ));
        } else if files.contains(&name) {
            out.push(name);
        } else {
            diags.push(diag(
                "missing-rules-file",
                origin(pid, "pack.yaml", l, c),
                &name,
                format!(
                    "`rules:` lists `{name}`, but there is no rules/{name}{}",
                    did_you_mean(&name, files.iter())
                ),
            ));
        }
    }
    for f in &files {
        if !out.contains(f)
            && !list
                .iter()
                .any(|x| x.strip_prefix("rules/").unwrap_or(x) == f)
        {
            let (l, c) = locate_text(&p.manifest_src, &["rules"], None);
            let mut d = diag(
                "unlisted-rules-file",
                origin(pid, "pack.yaml", l, c),
                f,
                format!("rules/{f} is not listed in `rules:`, so it would not load: add it where it must load"),
            );
            d.related = Some(origin(pid, &format!("rules/{f}"), 1, 1));
            diags.push(d);
        }
    }
    out
}

/// Adds a window's declaration (from pack.yaml or a data `windows:` entry)
/// to the merged table: a child's ctx fields add to its parent's.
fn declare_window(
    table: &mut BTreeMap<String, WindowDecl>,
    name: &str,
    spec: Option<&WindowSpec>,
    at: Origin,
    src: &str,
    diags: &mut Vec<Diagnostic>,
) {
    let e = table.entry(name.to_string()).or_insert_with(|| WindowDecl {
        doc: String::new(),
        fields: BTreeMap::new(),
        typed: false,
        origin: at.clone(),
    });
    let Some(spec) = spec else {
        return;
    };
    e.typed = true;
    e.origin = at.clone();
    if !spec.doc.is_empty() {
        e.doc = spec.doc.clone();
    }
    for (field, ty) in &spec.ctx {
        let t = ty.trim();
        let (t, optional) = match t.strip_suffix('?') {
            Some(x) => (x, true),
            None => (t, false),
        };
        match CtxKind::parse(t) {
            Some(kind) => {
                e.fields.insert(field.clone(), CtxField { kind, optional });
            }
            None => {
                let (l, c) = locate_text(src, &["windows", name, "ctx", field], None);
                let names = CtxKind::NAMES.map(String::from);
                diags.push(diag(
                    "bad-window-ctx",
                    origin(&at.pack, &at.file, l, c),
                    name,
                    format!(
                        "ctx field `{field}` of window `{name}` has unknown type `{t}` (one of {}){}",
                        CtxKind::NAMES.join(", "),
                        did_you_mean(t, names.iter())
                    ),
                ));
            }
        }
    }
}

/// ` (did you mean `x`?)` for the closest option, or nothing.
pub fn did_you_mean<'a>(word: &str, options: impl Iterator<Item = &'a String>) -> String {
    let mut best: Option<(usize, &String)> = None;
    for o in options {
        let d = edit_distance(word, o);
        if d <= 2.max(word.len() / 4) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, o));
        }
    }
    best.map(|(_, o)| format!(" (did you mean `{o}`?)"))
        .unwrap_or_default()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Collects (value, key path) pairs matched by a `refs` path pattern.
fn walk_path(
    v: &Value,
    pat: &[&str],
    path: &mut Vec<String>,
    out: &mut Vec<(String, Vec<String>)>,
) {
    let Some((head, rest)) = pat.split_first() else {
        match v {
            Value::String(s) => out.push((s.clone(), path.clone())),
            Value::Array(a) => {
                for x in a {
                    if let Some(s) = x.as_str() {
                        out.push((s.to_string(), path.clone()));
                    }
                }
            }
            _ => {}
        }
        return;
    };
    match (*head, v) {
        ("@key", Value::Object(m)) => {
            for k in m.keys() {
                out.push((k.clone(), path.clone()));
            }
        }
        ("*", Value::Object(m)) => {
            for (k, x) in m {
                path.push(k.clone());
                walk_path(x, rest, path, out);
                path.pop();
            }
        }
        ("*", Value::Array(a)) => {
            for x in a {
                walk_path(x, rest, path, out);
            }
        }
        (k, Value::Object(m)) => {
            if let Some(x) = m.get(k) {
                path.push(k.to_string());
                walk_path(x, rest, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn check_refs(
    p: &ResolvedPack,
    sources: &BTreeMap<(String, String), String>,
    diags: &mut Vec<Diagnostic>,
) {
    let empty = IndexMap::new();
    let pin = |d: &Def, keys: &[String], value: Option<&str>| -> Origin {
        let src = sources
            .get(&(d.origin.pack.clone(), d.origin.file.clone()))
            .map(String::as_str)
            .unwrap_or("");
        let mut all: Vec<&str> = vec![];
        let coll_id: Vec<&str> = keys.iter().map(String::as_str).collect();
        all.extend(coll_id);
        let (l, c) = locate_text(src, &all, value);
        origin(&d.origin.pack, &d.origin.file, l, c)
    };
    for rule in &p.refs {
        let parts: Vec<&str> = rule.path.split('/').collect();
        let Some((coll, rest)) = parts.split_first() else {
            continue;
        };
        let Some(defs) = p.collections.get(*coll) else {
            continue;
        };
        let targets = p.collections.get(&rule.to).unwrap_or(&empty);
        for (id, d) in defs {
            let mut out = vec![];
            let rest_after_id = if rest.first() == Some(&"*") {
                &rest[1..]
            } else {
                rest
            };
            walk_path(&d.value, rest_after_id, &mut vec![], &mut out);
            for (val, path) in out {
                if !targets.contains_key(&val) {
                    let mut keys = vec![coll.to_string(), id.clone()];
                    keys.extend(path);
                    diags.push(diag(
                        "unknown-id",
                        pin(d, &keys, Some(&val)),
                        &format!("{coll}.{id}"),
                        format!(
                            "`{val}` is not a known {}{}",
                            rule.to,
                            did_you_mean(&val, targets.keys())
                        ),
                    ));
                }
            }
        }
    }
    // Windows and scripts of every definition.
    for (coll, defs) in &p.collections {
        for (id, d) in defs {
            if let Some(ws) = d.value.get("windows").and_then(Value::as_array) {
                for w in ws {
                    let w = w.as_str().unwrap_or_default();
                    if !p.windows.contains(w) {
                        diags.push(diag(
                            "unknown-window",
                            pin(d, &[coll.clone(), id.clone(), "windows".into()], Some(w)),
                            &format!("{coll}.{id}"),
                            format!(
                                "listens to window `{w}`, which no procedure opens{}",
                                did_you_mean(w, p.windows.iter())
                            ),
                        ));
                    }
                }
            }
            if let Some(s) = d.value.get("script").and_then(Value::as_str) {
                if is_script_path(s) {
                    let dir = p
                        .chain
                        .iter()
                        .find(|c| c.manifest.id == d.script_origin.pack)
                        .map(|c| c.dir.clone())
                        .unwrap_or_default();
                    let outside = match pack_path(&dir, s) {
                        Err(e) if !Path::new(s).is_relative() || s.contains("..") => Some(e),
                        Err(e) if dir.join(s).symlink_metadata().is_ok() => Some(e),
                        _ => None,
                    };
                    if let Some(e) = outside {
                        diags.push(diag(
                            "outside-pack",
                            pin(d, &[coll.clone(), id.clone(), "script".into()], None),
                            &format!("{coll}.{id}"),
                            format!("script file {e}"),
                        ));
                    } else if !dir.join(s).is_file() {
                        diags.push(diag(
                            "missing-script",
                            pin(d, &[coll.clone(), id.clone(), "script".into()], None),
                            &format!("{coll}.{id}"),
                            format!(
                                "script file `{s}` does not exist in pack `{}`",
                                d.script_origin.pack
                            ),
                        ));
                    }
                }
            }
        }
    }
}

/// A `script:` value naming a file rather than holding code.
pub fn is_script_path(s: &str) -> bool {
    s.ends_with(".lua") && !s.contains('\n') && !s.contains(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_nested_keys_and_values() {
        let src = "a:\n  x:\n    k: 1\n  y:\n    list: [p, q]\n    other:\n      - r\n";
        assert_eq!(locate_text(src, &["a", "y"], None), (4, 3));
        assert_eq!(locate_text(src, &["a", "y", "list"], Some("q")), (5, 15));
        assert_eq!(locate_text(src, &["a", "y", "other"], Some("r")), (7, 9));
    }

    #[test]
    fn key_index_agrees_with_locate_text() {
        let src = "# c\nunits:\n  a:\n    b: 1\n    'q': \"x: y\"\n  \"c\":\n    a: 2\n  - d: 1\n\nother:\n  a:\n  e\"\":\n";
        let idx = KeyIndex::new(src);
        for coll in ["units", "other", "none"] {
            for id in ["a", "b", "q", "c", "d", "e", "e\"", "x", "zz"] {
                assert_eq!(
                    idx.locate(coll, id),
                    locate_text(src, &[coll, id], None),
                    "{coll}.{id}"
                );
            }
        }
        // Every data file at the top of every shipped pack.
        let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
        let mut dirs: Vec<_> = std::fs::read_dir(content)
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        dirs.sort();
        for dir in dirs {
            let Ok(rd) = std::fs::read_dir(&dir) else {
                continue;
            };
            for f in rd.flatten() {
                let Ok(text) = std::fs::read_to_string(f.path()) else {
                    continue;
                };
                let Ok(Value::Object(top)) = serde_yaml::from_str::<Value>(&text) else {
                    continue;
                };
                let idx = KeyIndex::new(&text);
                for (coll, defs) in &top {
                    if let Value::Object(defs) = defs {
                        for id in defs.keys() {
                            assert_eq!(idx.locate(coll, id), locate_text(&text, &[coll, id], None));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn deep_merge_patches_maps() {
        let mut a = serde_json::json!({"x": 1, "m": {"a": 1, "b": 2}});
        deep_merge(&mut a, &serde_json::json!({"m": {"b": 3}}));
        assert_eq!(a, serde_json::json!({"x": 1, "m": {"a": 1, "b": 3}}));
    }

    #[test]
    fn suggestions_for_typos() {
        let opts = ["lighthouse".to_string(), "harbour".to_string()];
        assert!(did_you_mean("lighthuose", opts.iter()).contains("lighthouse"));
        assert_eq!(did_you_mean("zzz", opts.iter()), "");
    }
}
