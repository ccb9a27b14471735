//! Schemas of a pack's data collections, and the validation of merged
//! definitions against them.
//!
//! A pack declares the collections it defines in `schema.yaml` beside its
//! `pack.yaml` (or in a `schemas:` section of `pack.yaml`):
//!
//! ```yaml
//! schemas:
//!   units:
//!     doc: Unit types.
//!     fields:
//!       name: string
//!       cost: int?                      # `?`: optional (absent or null)
//!       class: enum<ship, ground, structure>
//!       upgrade: ref<units>?            # an id of a collection
//!       starting_units: map<int>        # any keys, int values
//!       abilities: list<ref<abilities>>
//!       bombardment: { optional: true, fields: { hit: int, dice: int } }
//! ```
//!
//! A child pack's `schemas:` merges into its parents': fields it names are
//! added (or replace the parent's declaration of that field). Validation runs
//! on the merged definition but points at the file and line that wrote the
//! offending field.

use crate::pack::{did_you_mean, locate_text, origin, Def, Diagnostic, Origin, ResolvedPack};
use indexmap::IndexMap;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// A field or collection type.
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Any,
    Int,
    Number,
    String,
    Bool,
    Null,
    /// Any mapping.
    AnyMap,
    /// Any list.
    AnyList,
    List(Box<Field>),
    /// A mapping with free keys and values of one type.
    Map(Box<Field>),
    /// A string that must be an id of the named collection (`options` and
    /// `windows` name the pack's options and windows).
    Ref(String),
    Enum(Vec<String>),
    Object(Object),
    Union(Vec<Ty>),
}

/// A mapping with declared fields.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Object {
    pub fields: IndexMap<String, Field>,
    /// Whether undeclared fields are allowed.
    pub open: bool,
}

/// A declared field (or collection, or list element).
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub ty: Ty,
    /// May be absent or null.
    pub optional: bool,
    pub doc: String,
}

impl Field {
    fn new(ty: Ty) -> Field {
        Field {
            ty,
            optional: false,
            doc: String::new(),
        }
    }
}

/// The schema of one collection, merged along the chain.
#[derive(Clone, Debug)]
pub struct CollectionSchema {
    pub def: Field,
    /// Where it was declared first, then each pack that extended it.
    pub origins: Vec<Origin>,
}

/// Every collection schema of a resolved pack.
#[derive(Clone, Debug, Default)]
pub struct Schemas {
    pub collections: IndexMap<String, CollectionSchema>,
}

/// Collections the loader itself reads; their schema is built in.
pub fn builtin() -> Schemas {
    let mut s = Schemas::default();
    let o = origin("(kernel)", "schema", 0, 0);
    let specs = [
        (
            "options",
            json!({
                "doc": "Variant rules a game may turn on (`--options`).",
                "fields": {"description": "string?", "default": "bool?", "implies": "list<ref<options>>?", "players": "list<int>?"}
            }),
        ),
        (
            "windows",
            json!({
                "doc": "Timing windows this file's procedures open.",
                "fields": {"doc": "string?", "ctx": "map<string>?"}
            }),
        ),
    ];
    // (The specs are constants; a test holds them to parse.)
    for (name, spec) in specs {
        if let Ok(def) = parse_spec(&spec) {
            s.collections.insert(
                name.into(),
                CollectionSchema {
                    def,
                    origins: vec![o.clone()],
                },
            );
        }
    }
    s
}

impl Schemas {
    /// Merges a pack's `schemas:` mapping into these. Errors are
    /// (key path, message) pairs.
    pub fn extend(&mut self, decl: &Value, at: &Origin) -> Vec<(Vec<String>, String)> {
        let mut errs = vec![];
        let Value::Object(m) = decl else {
            if !decl.is_null() {
                errs.push((
                    vec![],
                    "`schemas` must map collection names to schemas".into(),
                ));
            }
            return errs;
        };
        for (coll, spec) in m {
            let f = match parse_spec(spec) {
                Ok(f) => f,
                Err(e) => {
                    errs.push((vec![coll.clone()], e));
                    continue;
                }
            };
            match self.collections.get_mut(coll) {
                Some(cs) => {
                    merge_field(&mut cs.def, f);
                    cs.origins.push(at.clone());
                }
                None => {
                    self.collections.insert(
                        coll.clone(),
                        CollectionSchema {
                            def: f,
                            origins: vec![at.clone()],
                        },
                    );
                }
            }
        }
        errs
    }
}

/// A child's declaration merged into a parent's: objects merge field by
/// field, anything else replaces.
fn merge_field(base: &mut Field, child: Field) {
    if !child.doc.is_empty() {
        base.doc = child.doc.clone();
    }
    match (&mut base.ty, child.ty) {
        (Ty::Object(b), Ty::Object(c)) => {
            b.open |= c.open;
            for (k, f) in c.fields {
                match b.fields.get_mut(&k) {
                    Some(bf) => merge_field(bf, f),
                    None => {
                        b.fields.insert(k, f);
                    }
                }
            }
        }
        (b, c) => {
            *b = c;
            base.optional = child.optional;
        }
    }
}

/// Parses a type: a string expression (`int?`, `list<ref<units>>`,
/// `enum<a, b>`, `int|string`) or a mapping (`{fields: ..., optional: true}`,
/// `{list: ...}`, `{map: ...}`, `{enum: [..]}`, `{type: ...}`, each with
/// optional `doc`).
pub fn parse_spec(v: &Value) -> Result<Field, String> {
    match v {
        Value::String(s) => parse_expr(s),
        Value::Object(m) => {
            let mut f = None;
            let mut optional = false;
            let mut doc = String::new();
            let mut open = false;
            for (k, x) in m {
                match k.as_str() {
                    "doc" => doc = x.as_str().unwrap_or_default().to_string(),
                    "optional" => {
                        optional = x.as_bool().ok_or("`optional` must be true or false")?
                    }
                    "open" => open = x.as_bool().ok_or("`open` must be true or false")?,
                    "type" => {
                        let s = x.as_str().ok_or("`type` must be a type expression")?;
                        let p = parse_expr(s)?;
                        optional |= p.optional;
                        f = Some(p.ty);
                    }
                    "fields" => {
                        let Value::Object(fs) = x else {
                            return Err("`fields` must map field names to types".into());
                        };
                        let mut o = Object::default();
                        for (name, spec) in fs {
                            let ff =
                                parse_spec(spec).map_err(|e| format!("field `{name}`: {e}"))?;
                            o.fields.insert(name.clone(), ff);
                        }
                        f = Some(Ty::Object(o));
                    }
                    "list" => f = Some(Ty::List(Box::new(parse_spec(x)?))),
                    "map" => f = Some(Ty::Map(Box::new(parse_spec(x)?))),
                    "enum" => {
                        let vals = x
                            .as_array()
                            .ok_or("`enum` must list the allowed values")?
                            .iter()
                            .map(scalar_text)
                            .collect();
                        f = Some(Ty::Enum(vals));
                    }
                    other => {
                        let keys = [
                            "doc", "optional", "open", "type", "fields", "list", "map", "enum",
                        ]
                        .map(String::from);
                        return Err(format!(
                            "unknown schema key `{other}`{}",
                            did_you_mean(other, keys.iter())
                        ));
                    }
                }
            }
            let mut ty = f.unwrap_or(Ty::Any);
            if open {
                if let Ty::Object(o) = &mut ty {
                    o.open = true;
                }
            }
            Ok(Field { ty, optional, doc })
        }
        _ => Err("a type is a string (`int`, `list<string>`, ...) or a mapping".into()),
    }
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Splits at `sep` outside `<...>`.
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = vec![];
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Parses a type expression.
pub fn parse_expr(s: &str) -> Result<Field, String> {
    let mut s = s.trim();
    let mut optional = false;
    if let Some(x) = s.strip_suffix('?') {
        optional = true;
        s = x.trim();
    }
    let parts = split_top(s, '|');
    let ty = if parts.len() > 1 {
        let mut v = vec![];
        for p in parts {
            let f = parse_expr(p)?;
            optional |= f.optional;
            v.push(f.ty);
        }
        Ty::Union(v)
    } else {
        parse_atom(s)?
    };
    Ok(Field {
        ty,
        optional,
        doc: String::new(),
    })
}

fn parse_atom(s: &str) -> Result<Ty, String> {
    let s = s.trim();
    if let Some((head, rest)) = s.split_once('<') {
        let inner = rest
            .strip_suffix('>')
            .ok_or_else(|| format!("unclosed `<` in `{s}`"))?
            .trim();
        return match head.trim() {
            "list" => Ok(Ty::List(Box::new(parse_expr(inner)?))),
            "map" => Ok(Ty::Map(Box::new(parse_expr(inner)?))),
            "ref" if !inner.is_empty() => Ok(Ty::Ref(inner.to_string())),
            "enum" => Ok(Ty::Enum(
                inner
                    .split([',', '|'])
                    .map(|x| x.trim().to_string())
                    .filter(|x| !x.is_empty())
                    .collect(),
            )),
            other => Err(format!(
                "unknown type `{other}<...>` (list, map, ref, enum)"
            )),
        };
    }
    Ok(match s {
        "any" => Ty::Any,
        "int" => Ty::Int,
        "number" => Ty::Number,
        "string" => Ty::String,
        "bool" => Ty::Bool,
        "null" => Ty::Null,
        "map" => Ty::AnyMap,
        "list" => Ty::AnyList,
        other => {
            let names = [
                "any",
                "int",
                "number",
                "string",
                "bool",
                "null",
                "map",
                "list",
                "list<T>",
                "map<T>",
                "ref<collection>",
                "enum<a, b>",
            ]
            .map(String::from);
            let alias = match other {
                "integer" | "i64" | "u32" => Some("int"),
                "float" | "f64" | "double" => Some("number"),
                "boolean" => Some("bool"),
                "str" | "text" => Some("string"),
                _ => None,
            };
            return Err(format!(
                "unknown type `{other}`{}",
                match alias {
                    Some(a) => format!(" (did you mean `{a}`?)"),
                    None => did_you_mean(other, names.iter()),
                }
            ));
        }
    })
}

/// A short name of a type, for messages.
pub fn describe(t: &Ty) -> String {
    match t {
        Ty::Any => "any".into(),
        Ty::Int => "int".into(),
        Ty::Number => "number".into(),
        Ty::String => "string".into(),
        Ty::Bool => "bool".into(),
        Ty::Null => "null".into(),
        Ty::AnyMap | Ty::Object(_) => "map".into(),
        Ty::AnyList => "list".into(),
        Ty::List(f) => format!("list<{}>", describe(&f.ty)),
        Ty::Map(f) => format!("map<{}>", describe(&f.ty)),
        Ty::Ref(c) => format!("ref<{c}>"),
        Ty::Enum(v) => format!("enum<{}>", v.join(", ")),
        Ty::Union(v) => v.iter().map(describe).collect::<Vec<_>>().join("|"),
    }
}

fn found(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("bool `{b}`"),
        Value::Number(n) if n.is_i64() || n.is_u64() => format!("int `{n}`"),
        Value::Number(n) => format!("number `{n}`"),
        Value::String(s) => {
            let short: String = s.chars().take(40).collect();
            format!("string \"{short}\"")
        }
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "a map".into(),
    }
}

/// What validation needs to point at sources.
struct Ctx<'a> {
    pack: &'a ResolvedPack,
    sources: &'a BTreeMap<(String, String), String>,
    coll: &'a str,
    id: &'a str,
    def: &'a Def,
    out: &'a mut Vec<Diagnostic>,
}

impl Ctx<'_> {
    /// The origin of the layer that wrote `path` (field keys under the id),
    /// and the key path to it in that layer's file.
    fn pin(&self, path: &[String], value: Option<&str>) -> Origin {
        let (o, patch) = self.def.writer(path);
        let mut keys: Vec<&str> = vec![self.coll, self.id];
        if patch {
            keys.push("patch");
        }
        keys.extend(path.iter().map(String::as_str));
        let src = self
            .sources
            .get(&(o.pack.clone(), o.file.clone()))
            .map(String::as_str)
            .unwrap_or("");
        let (l, c) = locate_text(src, &keys, value);
        origin(&o.pack, &o.file, l, c)
    }

    fn report(&mut self, code: &'static str, path: &[String], value: Option<&str>, msg: String) {
        let o = self.pin(path, value);
        let related = (o.pack != self.def.origin.pack || o.file != self.def.origin.file)
            .then(|| self.def.origin.clone());
        self.out.push(Diagnostic {
            code,
            origin: o,
            id: format!("{}.{}", self.coll, self.id),
            message: msg,
            related,
        });
    }
}

fn path_name(path: &[String]) -> String {
    if path.is_empty() {
        "the definition".into()
    } else {
        format!("`{}`", path.join("."))
    }
}

fn ids_of<'a>(p: &'a ResolvedPack, coll: &str) -> Vec<&'a String> {
    match coll {
        "options" => p.options.keys().collect(),
        "windows" => p.windows.iter().collect(),
        _ => p
            .collections
            .get(coll)
            .map(|m| m.keys().collect())
            .unwrap_or_default(),
    }
}

fn has_id(p: &ResolvedPack, coll: &str, id: &str) -> bool {
    match coll {
        "options" => p.options.contains_key(id),
        "windows" => p.windows.contains(id),
        _ => p.collections.get(coll).is_some_and(|m| m.contains_key(id)),
    }
}

/// Whether `v` has type `t` (shallow: no diagnostics).
fn matches(t: &Ty, v: &Value) -> bool {
    match (t, v) {
        (Ty::Any, _) => true,
        (Ty::Null, Value::Null) => true,
        (Ty::Int, Value::Number(n)) => n.is_i64() || n.is_u64(),
        (Ty::Number, Value::Number(_)) => true,
        (Ty::String, Value::String(_)) => true,
        (Ty::Bool, Value::Bool(_)) => true,
        (Ty::AnyMap | Ty::Map(_) | Ty::Object(_), Value::Object(_)) => true,
        (Ty::AnyList | Ty::List(_), Value::Array(_)) => true,
        (Ty::Ref(_), Value::String(_)) => true,
        (Ty::Enum(vals), v) => vals.contains(&scalar_text(v)),
        (Ty::Union(ts), v) => ts.iter().any(|t| matches(t, v)),
        _ => false,
    }
}

fn check(cx: &mut Ctx, f: &Field, v: &Value, path: &mut Vec<String>) {
    if v.is_null() {
        // A null definition is reported by the loader (`null-definition`).
        if !f.optional && f.ty != Ty::Null && f.ty != Ty::Any && !path.is_empty() {
            cx.report(
                "missing-field",
                path,
                None,
                format!("{} is required but null", path_name(path)),
            );
        }
        return;
    }
    match &f.ty {
        Ty::Union(ts) => {
            if let Some(t) = ts.iter().find(|t| matches(t, v)) {
                let sub = Field::new(t.clone());
                check(cx, &sub, v, path);
            } else {
                cx.report(
                    "wrong-type",
                    path,
                    None,
                    format!(
                        "{} must be {}, found {}",
                        path_name(path),
                        describe(&f.ty),
                        found(v)
                    ),
                );
            }
        }
        Ty::Enum(vals) => {
            let s = scalar_text(v);
            if !vals.contains(&s) {
                cx.report(
                    "bad-enum",
                    path,
                    None,
                    format!(
                        "{} is `{s}`, not one of: {}{}",
                        path_name(path),
                        vals.join(", "),
                        did_you_mean(&s, vals.iter())
                    ),
                );
            }
        }
        Ty::Ref(coll) => {
            let Value::String(s) = v else {
                cx.report(
                    "wrong-type",
                    path,
                    None,
                    format!(
                        "{} must be an id of {coll}, found {}",
                        path_name(path),
                        found(v)
                    ),
                );
                return;
            };
            if !has_id(cx.pack, coll, s) {
                let ids = ids_of(cx.pack, coll);
                cx.report(
                    "unknown-id",
                    path,
                    Some(s),
                    format!(
                        "`{s}` is not a known {coll}{}",
                        did_you_mean(s, ids.into_iter())
                    ),
                );
            }
        }
        Ty::List(item) => {
            let Value::Array(a) = v else {
                return wrong(cx, f, v, path);
            };
            for x in a {
                check(cx, item, x, path);
            }
        }
        Ty::Map(item) => {
            let Value::Object(m) = v else {
                return wrong(cx, f, v, path);
            };
            for (k, x) in m {
                path.push(k.clone());
                check(cx, item, x, path);
                path.pop();
            }
        }
        Ty::Object(o) => {
            let Value::Object(m) = v else {
                return wrong(cx, f, v, path);
            };
            check_object(cx, o, m, path);
        }
        t => {
            if !matches(t, v) {
                wrong(cx, f, v, path)
            }
        }
    }
}

fn wrong(cx: &mut Ctx, f: &Field, v: &Value, path: &[String]) {
    let msg = if path.is_empty() {
        format!(
            "`{}.{}` must be {}, found {}",
            cx.coll,
            cx.id,
            describe(&f.ty),
            found(v)
        )
    } else {
        format!(
            "{} must be {}, found {}",
            path_name(path),
            describe(&f.ty),
            found(v)
        )
    };
    cx.report("wrong-type", path, None, msg);
}

fn check_object(cx: &mut Ctx, o: &Object, m: &Map<String, Value>, path: &mut Vec<String>) {
    for (k, x) in m {
        match o.fields.get(k) {
            Some(f) => {
                path.push(k.clone());
                check(cx, f, x, path);
                path.pop();
            }
            None if o.open => {}
            None => {
                path.push(k.clone());
                let msg = format!(
                    "unknown field {} in {}{}",
                    path_name(&path[path.len() - 1..]),
                    if path.len() == 1 {
                        cx.coll.to_string()
                    } else {
                        format!("`{}`", path[..path.len() - 1].join("."))
                    },
                    did_you_mean(k, o.fields.keys())
                );
                cx.report("unknown-field", path, None, msg);
                path.pop();
            }
        }
    }
    for (k, f) in &o.fields {
        if !f.optional && !m.contains_key(k) && f.ty != Ty::Any {
            let msg = format!(
                "missing required field `{k}`{}",
                if path.is_empty() {
                    String::new()
                } else {
                    format!(" in {}", path_name(path))
                }
            );
            cx.report("missing-field", path, None, msg);
        }
    }
}

/// Validates every definition of a resolved pack against its schemas.
/// Collections without a schema are left alone here (see [`lint`]).
pub fn validate(
    p: &ResolvedPack,
    sources: &BTreeMap<(String, String), String>,
    out: &mut Vec<Diagnostic>,
) {
    for (coll, defs) in &p.collections {
        let Some(cs) = p.schemas.collections.get(coll) else {
            continue;
        };
        for (id, d) in defs {
            let mut cx = Ctx {
                pack: p,
                sources,
                coll,
                id,
                def: d,
                out,
            };
            check(&mut cx, &cs.def, &d.value, &mut vec![]);
        }
    }
}

/// What `check --strict` adds: a collection without a schema, a pack that
/// does not declare its rules' load order.
pub fn lint(p: &ResolvedPack) -> Vec<Diagnostic> {
    let mut out = vec![];
    for (coll, defs) in &p.collections {
        if p.schemas.collections.contains_key(coll) {
            continue;
        }
        if let Some((id, d)) = defs.first() {
            let known: Vec<&String> = p.schemas.collections.keys().collect();
            out.push(Diagnostic {
                code: "no-schema",
                origin: d.origin.clone(),
                id: format!("{coll}.{id}"),
                message: format!(
                    "collection `{coll}` has no schema (declare it under `schemas:` in schema.yaml){}",
                    did_you_mean(coll, known.into_iter())
                ),
                related: None,
            });
        }
    }
    for c in &p.chain {
        if c.manifest.rules.is_none() && c.dir.join("rules").is_dir() {
            let (l, col) = locate_text(&c.manifest_src, &["id"], None);
            out.push(Diagnostic {
                code: "no-rules-order",
                origin: origin(&c.manifest.id, "pack.yaml", l, col),
                id: c.manifest.id.clone(),
                message: "pack.yaml has no `rules:` list: its rules/*.lua load in file-name order; list them in the order they must load".into(),
                related: None,
            });
        }
    }
    out.sort();
    out
}

fn json_type(p: &ResolvedPack, f: &Field, patch: bool) -> Value {
    let mut v = match &f.ty {
        Ty::Any => json!({}),
        Ty::Int => json!({"type": "integer"}),
        Ty::Number => json!({"type": "number"}),
        Ty::String => json!({"type": "string"}),
        Ty::Bool => json!({"type": "boolean"}),
        Ty::Null => json!({"type": "null"}),
        Ty::AnyMap => json!({"type": "object"}),
        Ty::AnyList => json!({"type": "array"}),
        Ty::List(i) => json!({"type": "array", "items": json_type(p, i, false)}),
        Ty::Map(i) => json!({"type": "object", "additionalProperties": json_type(p, i, patch)}),
        Ty::Ref(c) => {
            let ids = ids_of(p, c);
            if ids.is_empty() {
                json!({"type": "string", "description": format!("an id of {c}")})
            } else {
                json!({"type": "string", "description": format!("an id of {c}"), "enum": ids})
            }
        }
        Ty::Enum(vals) => json!({"enum": vals}),
        Ty::Union(ts) => json!({"anyOf": ts
            .iter()
            .map(|t| json_type(p, &Field::new(t.clone()), patch))
            .collect::<Vec<_>>()}),
        Ty::Object(o) => {
            let props: Map<String, Value> = o
                .fields
                .iter()
                .map(|(k, f)| (k.clone(), json_type(p, f, patch)))
                .collect();
            let required: Vec<&String> = o
                .fields
                .iter()
                .filter(|(_, f)| !f.optional && f.ty != Ty::Any)
                .map(|(k, _)| k)
                .collect();
            let mut v = json!({"type": "object", "properties": props});
            if !o.open {
                v["additionalProperties"] = json!(false);
            }
            if !patch && !required.is_empty() {
                v["required"] = json!(required);
            }
            v
        }
    };
    if f.optional && !matches!(f.ty, Ty::Any) {
        v = json!({"anyOf": [v, {"type": "null"}]});
    }
    if !f.doc.is_empty() {
        v["description"] = json!(f.doc);
    }
    v
}

/// A JSON Schema (draft 2020-12) for the data files of a pack: every
/// collection its chain declares, each definition either whole or a
/// `patch:` of some of its fields.
pub fn json_schema(p: &ResolvedPack) -> Value {
    let mut defs = Map::new();
    let mut props = Map::new();
    for (coll, cs) in &p.schemas.collections {
        let whole = json_type(p, &cs.def, false);
        let patch = json_type(p, &cs.def, true);
        defs.insert(
            coll.clone(),
            json!({"anyOf": [
                whole,
                {"type": "object", "properties": {"patch": patch}, "required": ["patch"], "additionalProperties": false}
            ]}),
        );
        let mut c = json!({
            "type": "object",
            "additionalProperties": {"$ref": format!("#/$defs/{coll}")}
        });
        if !cs.def.doc.is_empty() {
            c["description"] = json!(cs.def.doc);
        }
        props.insert(coll.clone(), c);
    }
    props.insert(
        "remove".into(),
        json!({"type": "array", "description": "ids a child pack drops: collection.id",
               "items": {"type": "string", "pattern": "^[^.]+\\..+$"}}),
    );
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": format!("imperium:pack/{}/data.schema.json", p.id),
        "title": format!("Data files of pack `{}` ({})", p.id, p.manifest().name),
        "type": "object",
        "properties": props,
        "additionalProperties": false,
        "$defs": defs,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_schemas_parse() {
        let b = super::builtin();
        assert!(b.collections.contains_key("options") && b.collections.contains_key("windows"));
    }

    use super::*;

    #[test]
    fn parses_type_expressions() {
        let f = parse_expr("list<ref<units>>?").unwrap();
        assert!(f.optional);
        assert_eq!(
            f.ty,
            Ty::List(Box::new(Field::new(Ty::Ref("units".into()))))
        );
        let f = parse_expr("int|string").unwrap();
        assert_eq!(f.ty, Ty::Union(vec![Ty::Int, Ty::String]));
        let f = parse_expr("enum<a, b>").unwrap();
        assert_eq!(f.ty, Ty::Enum(vec!["a".into(), "b".into()]));
        assert!(parse_expr("integer")
            .unwrap_err()
            .contains("did you mean `int`"));
    }

    #[test]
    fn child_fields_merge_into_parent() {
        let mut s = Schemas::default();
        let o = origin("a", "schema.yaml", 1, 1);
        s.extend(&json!({"units": {"fields": {"cost": "int"}}}), &o);
        s.extend(&json!({"units": {"fields": {"hit_points": "int?"}}}), &o);
        let Ty::Object(ob) = &s.collections["units"].def.ty else {
            panic!()
        };
        assert_eq!(ob.fields.len(), 2);
    }
}
