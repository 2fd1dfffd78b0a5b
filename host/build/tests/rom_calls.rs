//! The table of ROM calls (`ti_build::rom_calls`) against what names ROM calls elsewhere:
//! - docs/rom-calls.md#rom-calls-the-project-uses has one row a call of the table, with the
//!   table's name, index and prototype, and marks **P** exactly the calls the programs use;
//! - every `ROM_<name>` of the programs' C and assembler (`calc/programs/src/os/`) and of the
//!   assembly fixtures (`emu-tests`) is a call of the table (or one of rom.h's own macros).
//!
//! The **H** marks (the calls the emulator serves) are checked by the emulator's own test,
//! `emu-tests/emulator/tests/rom_calls_docs.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ti_build::rom_calls::{self, RomCall};

const SECTION: &str = "ROM calls the project uses";

/// The rows of the docs' tables, by call name: (index cell, prototype cell, used-by marks).
fn doc_rows() -> BTreeMap<String, (String, String, BTreeSet<String>)> {
    let path = testkit::repo_root().join("docs/rom-calls.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rows = BTreeMap::new();
    for row in testkit::doc_table_rows(&text, SECTION) {
        let [name, index, prototype, used_by] = <[String; 4]>::try_from(row.clone())
            .unwrap_or_else(|_| panic!("docs/rom-calls.md: not a row of 4 cells: {row:?}"));
        let marks = used_by.split_whitespace().map(str::to_string).collect();
        let earlier = rows.insert(name.clone(), (index, prototype, marks));
        assert!(earlier.is_none(), "docs/rom-calls.md: {name} has two rows");
    }
    rows
}

/// The files of `dir` (not recursive) whose extension is one of `extensions`.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    out.sort();
    out
}

/// Every identifier `ROM_<name>` in `text`, as `<name>` (not inside a longer identifier).
fn rom_names(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices("ROM_") {
        if at > 0 && ident(bytes[at - 1]) {
            continue;
        }
        let rest = &text[at + 4..];
        let end = rest.bytes().position(|b| !ident(b)).unwrap_or(rest.len());
        if end > 0 {
            names.insert(rest[..end].to_string());
        }
    }
    names
}

/// The macros rom.h defines itself (`ROM_FN`, `ROM_ENTRY`...), which are not calls.
fn rom_h_macros(os: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(os.join("rom.h")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("#define ROM_"))
        .map(|l| {
            let end = l
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(l.len());
            l[..end].to_string()
        })
        .collect()
}

/// The calls the programs use: every `ROM_<name>` of their C and assembler, checked to be
/// in the table.
fn program_calls() -> BTreeSet<&'static str> {
    let os = testkit::repo_root().join("calc/programs/src/os");
    let own = rom_h_macros(&os);
    assert!(
        own.iter().all(|m| rom_calls::by_name(m).is_none()),
        "rom.h defines a ROM_ index of its own ({own:?}): it must come from rom_calls.h"
    );
    let mut used = BTreeSet::new();
    for file in files(&os, &["c", "h", "S"]) {
        let text = std::fs::read_to_string(&file).unwrap();
        for name in rom_names(&text) {
            if own.contains(&name) {
                continue;
            }
            let call = rom_calls::by_name(&name).unwrap_or_else(|| {
                panic!(
                    "{} uses ROM_{name}, which is not in the table of ROM calls: add the call to \
                     host/build/src/rom_calls.rs (with its index and prototype from GCC4TI's \
                     documentation) and its row to docs/rom-calls.md",
                    file.display()
                )
            });
            used.insert(call.name);
        }
    }
    used
}

#[test]
fn every_row_of_the_docs_is_a_call_of_the_table() {
    let rows = doc_rows();
    for (name, (index, prototype, marks)) in &rows {
        let call = rom_calls::by_name(name)
            .unwrap_or_else(|| panic!("docs/rom-calls.md: {name} is not in ti_build::rom_calls"));
        assert_eq!(
            *index,
            format!("{:#X}", call.index),
            "docs/rom-calls.md: the index of {name}"
        );
        assert!(
            prototype.starts_with(&format!("`{}`", call.prototype)),
            "docs/rom-calls.md: the prototype of {name} is not the table's `{}`: {prototype}",
            call.prototype
        );
        assert_eq!(
            call.is_variable(),
            prototype.contains("(variable"),
            "docs/rom-calls.md: {name} must say \"(variable\" exactly when it is one"
        );
        for mark in marks {
            assert!(
                mark == "P" || mark == "H",
                "docs/rom-calls.md: {name} is used by {mark:?}: the marks are P and H"
            );
        }
    }
}

#[test]
fn every_call_of_the_table_has_its_row_in_the_docs() {
    let rows = doc_rows();
    let missing: Vec<String> = rom_calls::ALL
        .iter()
        .filter(|c| !rows.contains_key(c.name))
        .map(RomCall::to_string)
        .collect();
    assert!(
        missing.is_empty(),
        "docs/rom-calls.md#rom-calls-the-project-uses has no row for {}",
        missing.join(", ")
    );
}

#[test]
fn the_docs_mark_exactly_the_calls_the_programs_use() {
    let used = program_calls();
    assert!(
        used.contains("DrawStr") && used.contains("ER_catch"),
        "{used:?}"
    );
    let rows = doc_rows();
    let marked: BTreeSet<&str> = rom_calls::ALL
        .iter()
        .map(|c| c.name)
        .filter(|n| rows.get(*n).is_some_and(|r| r.2.contains("P")))
        .collect();
    let unmarked: Vec<_> = used.difference(&marked).collect();
    let unused: Vec<_> = marked.difference(&used).collect();
    assert!(
        unmarked.is_empty() && unused.is_empty(),
        "docs/rom-calls.md: mark P on {unmarked:?} (calc/programs/src/os uses them), remove it \
         from {unused:?} (nothing there uses them)"
    );
}

#[test]
fn the_assembly_fixtures_name_calls_of_the_table() {
    let root = testkit::repo_root();
    let dirs = [
        "emu-tests/tests/data/cpu",
        "emu-tests/tests/data/tiemu",
        "emu-tests/src/tiemu/programs",
    ];
    let mut seen = 0;
    for dir in dirs {
        for file in files(&root.join(dir), &["s"]) {
            let text = std::fs::read_to_string(&file).unwrap();
            for name in rom_names(&text) {
                assert!(
                    rom_calls::by_name(&name).is_some(),
                    "{} uses ROM_{name}, which is not in the table of ROM calls \
                     (host/build/src/rom_calls.rs)",
                    file.display()
                );
                seen += 1;
            }
        }
    }
    assert!(
        seen > 20,
        "the fixtures name only {seen} calls: were they moved?"
    );
}
