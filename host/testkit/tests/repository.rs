//! Checks of the repository as a whole, which no single crate owns:
//! - the repository stands on its own: no file refers to a document outside it, and every
//!   `docs/<page>.md` (with its `#anchor`) that a file names exists, and so does every file of
//!   the repository a file names by its path (`calc/...`, `host/...`, `emu-tests/...`);
//! - one version of each dependency the crates share (Cargo.lock).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The files of the repository that git knows (tracked or new, not ignored).
fn repository_files(root: &Path) -> Vec<PathBuf> {
    let out = std::process::Command::new("git")
        .args(["ls-files", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git ls-files failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| root.join(l))
        .filter(|p| p.is_file())
        .collect()
}

/// GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to '-'.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of every page of docs/, by page path relative to the root (`docs/<page>.md`).
fn doc_anchors(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut pages = BTreeMap::new();
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut anchors = BTreeSet::new();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        let mut in_code = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_code = !in_code;
            }
            if in_code || !line.starts_with('#') {
                continue;
            }
            let a = anchor(line.trim_start_matches('#'));
            let n = seen.entry(a.clone()).or_insert(0);
            anchors.insert(if *n == 0 {
                a.clone()
            } else {
                format!("{a}-{n}")
            });
            *n += 1;
        }
        let name = path.file_name().unwrap().to_str().unwrap();
        pages.insert(format!("docs/{name}"), anchors);
    }
    pages
}

fn is_text(path: &Path) -> bool {
    let binary = [
        "png", "svg", "89z", "9xz", "v2z", "89g", "v2g", "9xg", "89s", "9xs", "lock",
    ];
    !path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| binary.contains(&e) || e.len() == 3 && e.starts_with(['8', '9', 'v']))
}

/// Calls `visit` on each line of every text file of the repository at `root`, with the file's
/// path from the root and the line's number (from 1).
fn for_each_text_line(root: &Path, mut visit: impl FnMut(&str, usize, &str)) {
    for path in repository_files(root).iter().filter(|p| is_text(p)) {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let rel = path.strip_prefix(root).unwrap().display().to_string();
        for (n, line) in text.lines().enumerate() {
            visit(&rel, n + 1, line);
        }
    }
}

#[test]
fn no_file_refers_to_a_document_outside_the_repository() {
    let root = testkit::repo_root();
    // Names of documents that are not part of the repository (the project's reference
    // material while it was written); built here so that this file does not name them itself.
    let outside: Vec<String> = [
        ["..", "/shared"].concat(),
        ["ti68k", "-facts"].concat(),
        ["peers", ".md"].concat(),
        ["toolchain", ".md"].concat(),
        ["wasm2c", "-route"].concat(),
        ["spec", " section"].concat(),
        ["spec", ".md"].concat(),
    ]
    .into();
    let mut problems = Vec::new();
    for_each_text_line(&root, |rel, n, line| {
        for name in &outside {
            if line.contains(name.as_str()) {
                problems.push(format!("{rel}:{n}: names {name:?}"));
            }
        }
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_document_and_anchor_a_file_names_exists() {
    let root = testkit::repo_root();
    let pages = doc_anchors(&root);
    let mut problems = Vec::new();
    for_each_text_line(&root, |rel, n, line| {
        for (page, anchor) in doc_references(line, rel.starts_with("docs/")) {
            match pages.get(&page) {
                None => problems.push(format!("{rel}:{n}: no page {page}")),
                Some(anchors) => {
                    if let Some(a) = anchor.filter(|a| !anchors.contains(a)) {
                        problems.push(format!("{rel}:{n}: no anchor {page}#{a}"));
                    }
                }
            }
        }
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_repository_file_a_file_names_exists() {
    let root = testkit::repo_root();
    let mut problems = Vec::new();
    for_each_text_line(&root, |rel, n, line| {
        for named in repository_paths(line) {
            if !root.join(&named).exists() {
                problems.push(format!("{rel}:{n}: no file {named}"));
            }
        }
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The repository files a line names by their path from the root: a word that starts with one
/// of the top folders and ends in a source or text file's extension. A line that cites GCC4TI
/// names that project's tree (its `tools/`), not this one's.
fn repository_paths(line: &str) -> Vec<String> {
    const TOPS: [&str; 5] = ["calc/", "host/", "emu-tests/", "tools/", ".ci/"];
    const EXTENSIONS: [&str; 11] = [
        "rs", "md", "c", "h", "S", "s", "toml", "txt", "py", "ld", "sh",
    ];
    if line.contains("GCC4TI") {
        return Vec::new();
    }
    let in_path = |c: char| c.is_alphanumeric() || "_./-".contains(c);
    let mut found = Vec::new();
    let mut at = 0;
    while at < line.len() {
        let rest = &line[at..];
        let starts = TOPS.iter().any(|t| rest.starts_with(t));
        let boundary = line[..at].chars().last().is_none_or(|c| !in_path(c));
        if !(starts && boundary) {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let word: String = rest.chars().take_while(|&c| in_path(c)).collect();
        at += word.len();
        let word = word.trim_end_matches('.');
        let named_file = word
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.ends_with('/') && EXTENSIONS.contains(&ext));
        if named_file {
            found.push(word.to_string());
        }
    }
    found
}

/// The `docs/<page>.md[#anchor]` a line names; inside docs/, also the Markdown links to a
/// sibling page (`](PAGE.md#anchor)`).
fn doc_references(line: &str, in_docs: bool) -> Vec<(String, Option<String>)> {
    let word = |c: char| c.is_alphanumeric() || "-_.#".contains(c);
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("docs/") {
        let before = rest[..i].chars().last();
        let tail: String = rest[i + 5..].chars().take_while(|&c| word(c)).collect();
        rest = &rest[i + 5..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_') {
            continue; // part of another path (emu-tests/docs/...), not the repository's docs/
        }
        if let Some((page, anchor)) = split_page(&tail) {
            found.push((format!("docs/{page}"), anchor));
        }
    }
    if in_docs {
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let tail: String = rest[i + 2..].chars().take_while(|&c| word(c)).collect();
            rest = &rest[i + 2..];
            if tail.contains('/') || tail.starts_with('#') {
                continue;
            }
            if let Some((page, anchor)) = split_page(&tail) {
                found.push((format!("docs/{page}"), anchor));
            }
        }
    }
    found
}

/// `PAGE.md` and its anchor from `PAGE.md#anchor` (trailing punctuation dropped).
fn split_page(text: &str) -> Option<(String, Option<String>)> {
    let text = text.trim_end_matches(['.', '#']);
    let (page, anchor) = match text.split_once('#') {
        Some((p, a)) => (p, Some(a.trim_end_matches('.').to_string())),
        None => (text, None),
    };
    page.ends_with(".md").then(|| (page.to_string(), anchor))
}

#[test]
fn one_version_of_each_shared_dependency() {
    let root = testkit::repo_root();
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    let mut versions: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let (Some(v), Some(n)) = (line.strip_prefix("version = "), name.take()) {
            versions
                .entry(n)
                .or_default()
                .insert(v.trim_matches('"').to_string());
        }
    }
    // The crates the project names for its jobs, and those two of its crates share.
    let named = [
        "png",
        "image",
        "clap",
        "indicatif",
        "thiserror",
        "object",
        "serialport",
        "rusb",
        "plotters",
        "inferno",
        "insta",
        "anyhow",
        "libc",
        "m68k",
        "m68000",
        "toml",
        "wasmparser",
    ];
    let twice: Vec<String> = named
        .iter()
        .filter_map(|n| versions.get(*n).map(|v| (n, v)))
        .filter(|(_, v)| v.len() > 1)
        .map(|(n, v)| format!("{n}: {v:?}"))
        .collect();
    assert!(
        twice.is_empty(),
        "Cargo.lock holds several versions of: {}",
        twice.join(", ")
    );
    assert!(versions.contains_key("png"), "Cargo.lock parsed");
}
