//! Data schemas, rules load order and window declarations: each kind of
//! diagnostic on a small fixture pack (rendered diagnostics are snapshots),
//! and every shipped pack clean.

use imperium::pack::{CtxKind, Library, PackError};
use std::path::{Path, PathBuf};

const MANIFEST: &str = "id: p\nname: Test\nversion: 0.0.1\nrules: []\nwindows: [ping]\n";

const SCHEMA: &str = "\
schemas:
  units:
    fields:
      name: string
      cost: int
      class: enum<ship, ground>
      upgrade: ref<units>?
      bombardment: { optional: true, fields: { hit: int, dice: int } }
      windows: list<string>?
";

/// Writes packs (id -> files) into a fresh folder named `case`.
fn packs(case: &str, packs: &[(&str, &[(&str, &str)])]) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("schema")
        .join(case);
    let _ = std::fs::remove_dir_all(&root);
    for (id, files) in packs {
        let dir = root.join(id);
        for (name, text) in *files {
            let f = dir.join(name);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, text).unwrap();
        }
    }
    root
}

/// One pack `p` with the test manifest and schema plus `files`.
fn pack(case: &str, files: &[(&str, &str)]) -> PathBuf {
    let mut all: Vec<(&str, &str)> = vec![("pack.yaml", MANIFEST), ("schema.yaml", SCHEMA)];
    all.extend_from_slice(files);
    packs(case, &[("p", &all)])
}

fn errors(root: &Path, id: &str) -> String {
    match Library::new(root).resolve(id) {
        Err(PackError::Invalid(d)) => d
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => e.to_string(),
        Ok(_) => panic!("pack {id} should not load"),
    }
}

const OK_UNIT: &str = "units:\n  carrier:\n    name: Carrier\n    cost: 3\n    class: ship\n";

#[test]
fn wrong_type() {
    let root = pack(
        "wrong-type",
        &[(
            "units.yaml",
            "units:\n  carrier:\n    name: Carrier\n    cost: \"three\"\n    class: ship\n    bombardment: { hit: 5, dice: yes }\n",
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

#[test]
fn unknown_field_with_suggestion() {
    let root = pack(
        "unknown-field",
        &[(
            "units.yaml",
            "units:\n  carrier:\n    name: Carrier\n    cost: 3\n    class: ship\n    upgarde: carrier\n    flavour: text\n",
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

#[test]
fn missing_required_field_and_bad_enum() {
    let root = pack(
        "missing-field",
        &[(
            "units.yaml",
            "units:\n  carrier:\n    name: Carrier\n    class: shipp\n    upgrade: carier\n",
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

/// A `patch:` written at the indent of its id: the id is left empty (null)
/// and `patch` becomes an id of its own.
#[test]
fn null_definition_from_a_misindented_patch() {
    let root = packs(
        "null-definition",
        &[
            (
                "p",
                &[
                    ("pack.yaml", MANIFEST),
                    ("schema.yaml", SCHEMA),
                    ("units.yaml", OK_UNIT),
                ],
            ),
            (
                "child",
                &[
                    (
                        "pack.yaml",
                        "id: child\nname: Child\nversion: 0.0.1\nextends: [p]\nrules: []\n",
                    ),
                    ("units.yaml", "units:\n  carrier:\n  patch: { cost: 5 }\n"),
                ],
            ),
        ],
    );
    insta::assert_snapshot!(errors(&root, "child"));
}

#[test]
fn bad_patches() {
    let root = packs(
        "bad-patch",
        &[
            (
                "p",
                &[
                    ("pack.yaml", MANIFEST),
                    ("schema.yaml", SCHEMA),
                    ("units.yaml", OK_UNIT),
                ],
            ),
            (
                "child",
                &[
                    (
                        "pack.yaml",
                        "id: child\nname: Child\nversion: 0.0.1\nextends: [p]\nrules: []\n",
                    ),
                    ("a.yaml", "units:\n  carrier:\n    patch:\n"),
                    (
                        "b.yaml",
                        "units2:\n  x:\n    patch: 5\n  y:\n    patch: { cost: 1 }\n    cost: 2\n",
                    ),
                ],
            ),
        ],
    );
    insta::assert_snapshot!(errors(&root, "child"));
}

/// A child's patch that breaks the parent's schema is pointed at in the
/// child; a child's schema addition that the parent's definition lacks is
/// pointed at in the parent, with a note on the child.
#[test]
fn merged_definitions_point_at_the_file_that_wrote_the_field() {
    let root = packs(
        "merged",
        &[
            (
                "p",
                &[
                    ("pack.yaml", MANIFEST),
                    ("schema.yaml", SCHEMA),
                    ("units.yaml", OK_UNIT),
                ],
            ),
            (
                "child",
                &[
                    (
                        "pack.yaml",
                        "id: child\nname: Child\nversion: 0.0.1\nextends: [p]\nrules: []\nschemas:\n  units:\n    fields:\n      hit_points: int\n",
                    ),
                    (
                        "units.yaml",
                        "units:\n  carrier:\n    patch:\n      cost: many\n",
                    ),
                ],
            ),
        ],
    );
    insta::assert_snapshot!(errors(&root, "child"));
}

#[test]
fn rules_files_listed_and_present() {
    let root = packs(
        "rules-order",
        &[(
            "p",
            &[
                (
                    "pack.yaml",
                    "id: p\nname: Test\nversion: 0.0.1\nrules:\n  - b.lua\n  - gone.lua\n",
                ),
                ("rules/a.lua", "-- not listed\n"),
                ("rules/b.lua", "-- listed\n"),
            ],
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

#[test]
fn rules_load_in_the_declared_order() {
    let root = packs(
        "rules-declared",
        &[(
            "p",
            &[
                (
                    "pack.yaml",
                    "id: p\nname: Test\nversion: 0.0.1\nrules: [z.lua, a.lua]\n",
                ),
                ("rules/a.lua", "-- a\n"),
                ("rules/z.lua", "-- z\n"),
            ],
        )],
    );
    let p = Library::new(&root).resolve("p").unwrap();
    let order: Vec<&str> = p.rules.iter().map(|r| r.rel.as_str()).collect();
    assert_eq!(order, ["rules/z.lua", "rules/a.lua"]);
    assert!(imperium::schema::lint(&p).is_empty());
}

#[test]
fn unknown_window_subscriber() {
    let root = pack(
        "unknown-window",
        &[(
            "units.yaml",
            "units:\n  carrier:\n    name: Carrier\n    cost: 3\n    class: ship\n    windows: [pong]\n",
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

#[test]
fn bad_schema_and_window_ctx_types() {
    let root = packs(
        "bad-schema",
        &[(
            "p",
            &[
                (
                    "pack.yaml",
                    "id: p\nname: Test\nversion: 0.0.1\nrules: []\nwindows:\n  ping:\n    ctx: { player: player, where: sytem? }\nschemas:\n  units:\n    fields:\n      cost: integer\n",
                ),
            ],
        )],
    );
    insta::assert_snapshot!(errors(&root, "p"));
}

#[test]
fn strict_check_wants_schemas_and_a_rules_order() {
    let root = packs(
        "strict",
        &[(
            "p",
            &[
                ("pack.yaml", "id: p\nname: Test\nversion: 0.0.1\n"),
                ("cards.yaml", "cards:\n  c: { name: C }\n"),
                ("rules/a.lua", "-- a\n"),
            ],
        )],
    );
    let p = Library::new(&root)
        .resolve("p")
        .expect("loads without --strict");
    let lints: Vec<String> = imperium::schema::lint(&p)
        .iter()
        .map(|d| d.to_string())
        .collect();
    insta::assert_snapshot!(lints.join("\n"));
}

#[test]
fn windows_expose_their_ctx() {
    let root = packs(
        "window-ctx",
        &[
            (
                "p",
                &[(
                    "pack.yaml",
                    "id: p\nname: Test\nversion: 0.0.1\nrules: []\nwindows:\n  ping:\n    doc: Ping.\n    ctx: { player: player, system: system? }\n  plain: ~\n",
                )],
            ),
            (
                "child",
                &[(
                    "pack.yaml",
                    "id: child\nname: Child\nversion: 0.0.1\nextends: [p]\nrules: []\nwindows:\n  ping:\n    ctx: { hits: int }\n",
                )],
            ),
        ],
    );
    let p = Library::new(&root).resolve("child").unwrap();
    let ping = &p.window_ctx["ping"];
    assert!(ping.typed);
    assert_eq!(ping.doc, "Ping.");
    assert_eq!(ping.fields["player"].kind, CtxKind::Player);
    assert!(!ping.fields["player"].optional);
    assert!(ping.fields["system"].optional);
    assert_eq!(ping.fields["hits"].kind, CtxKind::Int);
    assert!(p.windows.contains("plain"));
}

fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("content")
}

/// Every shipped pack loads with zero diagnostics, also under `--strict`,
/// and declares its windows with their ctx.
#[test]
fn shipped_packs_pass_check_strictly() {
    let lib = Library::new(content());
    for id in lib.list() {
        let p = match lib.resolve(&id) {
            Ok(p) => p,
            Err(e) => panic!("{id}: {e}"),
        };
        let lints = imperium::schema::lint(&p);
        assert!(lints.is_empty(), "{id}: {lints:?}");
        let doc = imperium::schema::json_schema(&p);
        for coll in p.collections.keys() {
            assert!(doc["properties"].get(coll).is_some(), "{id}: {coll}");
        }
    }
    let ti3 = lib.resolve("ti3").unwrap();
    let w = &ti3.window_ctx["unit_destroyed"];
    assert!(w.typed && w.fields["unit"].kind == CtxKind::Unit);
}
