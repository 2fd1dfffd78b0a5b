//! The calls the emulator serves against the project's table of ROM calls and its docs:
//! every served call is a function of `ti_build::rom_calls`, every ROM variable the emulator
//! provides is a variable of it, and docs/rom-calls.md#rom-calls-the-project-uses marks **H**
//! exactly those. (host/build/tests/rom_calls.rs checks the rows themselves and the **P** marks.)

use std::collections::BTreeSet;

use ti_build::rom_calls;
use ti_emulator::ams::{Registry, VARIABLES};

/// The names of the calls the emulator serves, and of the variables it provides.
fn served() -> BTreeSet<&'static str> {
    let registry = Registry::standard();
    let mut names = BTreeSet::new();
    for def in registry.served() {
        assert!(
            !def.call.is_variable(),
            "{} is a ROM variable: it cannot be served as a call",
            def.call
        );
        names.insert(def.call.name);
    }
    for var in VARIABLES {
        assert!(var.call.is_variable(), "{} is not a ROM variable", var.call);
        assert!(names.insert(var.call.name), "{} is served twice", var.call);
    }
    names
}

#[test]
fn served_calls_are_the_tables_and_each_is_served_at_its_index() {
    let registry = Registry::standard();
    for def in registry.served() {
        assert_eq!(rom_calls::by_name(def.call.name), Some(&def.call));
        let at_index = registry.get(def.call.index).map(|d| d.call);
        assert_eq!(at_index, Some(def.call), "{}", def.call);
    }
    let names = served();
    assert!(names.contains("DrawStr") && names.contains("FiftyMsecTick"));
}

#[test]
fn the_docs_mark_exactly_the_calls_the_emulator_serves() {
    let served = served();
    let text = std::fs::read_to_string(testkit::repo_root().join("docs/rom-calls.md")).unwrap();
    let marked: BTreeSet<String> = testkit::doc_table_rows(&text, "ROM calls the project uses")
        .into_iter()
        .filter(|row| {
            row.get(3)
                .is_some_and(|m| m.split_whitespace().any(|m| m == "H"))
        })
        .map(|row| row[0].clone())
        .collect();
    let unmarked: Vec<_> = served.iter().filter(|n| !marked.contains(**n)).collect();
    let unserved: Vec<_> = marked
        .iter()
        .filter(|n| !served.contains(n.as_str()))
        .collect();
    assert!(
        unmarked.is_empty() && unserved.is_empty(),
        "docs/rom-calls.md: mark H on {unmarked:?} (the emulator serves them), remove it from \
         {unserved:?} (the emulator does not serve them)"
    );
}
