//! A pack of 20,000 definitions loads, and each definition still points at
//! its own line (the positions come from one pass over each file).

mod common;

use imperium::pack::Library;

#[test]
fn twenty_thousand_definitions_load_with_their_lines() {
    let mut text = String::from("# generated\nthings:\n");
    for i in 0..20_000 {
        text.push_str(&format!(
            "  thing_{i}:\n    cost: {}\n    note: \"a: b\"\n",
            i % 7
        ));
    }
    let root = common::write_pack(
        "load-large",
        "big",
        "big",
        &[("data.yaml", text.as_str())],
        "id: big\nname: Big\nversion: 0.0.1\nentry: { game: main }\n",
    );
    let p = Library::new(&root).resolve("big").expect("loads");
    let things = &p.collections["things"];
    assert_eq!(things.len(), 20_000);
    for (i, id) in [0usize, 1, 9_999, 19_999]
        .iter()
        .map(|i| (i, format!("thing_{i}")))
    {
        let o = &things[&id].origin;
        assert_eq!(
            (o.file.as_str(), o.line, o.column),
            ("data.yaml", 3 + 3 * i, 3),
            "{id}"
        );
    }
}
