//! What the tests of every crate share: locating the repository and a crate's test data,
//! scratch folders, the C oracles (tools/oracle) built against Debian's tilibs, and reading
//! the tables of a docs/ page ([`doc_table_rows`]) for tests that hold the docs to the code,
//! and killing a long run part-way for the tests of resumable runs ([`kill_when`]).
//!
//! A test that cannot run here (a missing peer: TiEmu, an assembler, libtifiles2...) skips
//! loudly with [`skip`]: it prints why on the real stderr, which `cargo test` does not
//! capture, and returns, never passing silently as if it had checked. With
//! `TI68K_REQUIRE_PEERS=1` (set by tools/test, as CI installs every peer) it fails instead.
//!
//! [`scratch!`], [`oracle!`] and [`data!`] are macros so that they expand in the calling test
//! crate, whose `CARGO_TARGET_TMPDIR` and `CARGO_MANIFEST_DIR` they use.

use std::collections::HashMap;
use std::io::Write;

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Oracles already built by this test binary (tests run on several threads).
static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);

/// Reports that `test` cannot run here because of `reason` (a missing peer, and what to
/// install): on the real stderr, or as a failure when `TI68K_REQUIRE_PEERS=1`.
pub fn skip(test: &str, reason: &str) {
    if std::env::var_os("TI68K_REQUIRE_PEERS").is_some_and(|v| v == "1") {
        panic!("{test}: {reason} (TI68K_REQUIRE_PEERS=1 requires every peer; run tools/setup)");
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// The repository's root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the testkit crate sits two levels below the repository's root")
}

/// `tests/data/<rel>` of the calling crate.
#[macro_export]
macro_rules! data {
    ($rel:expr) => {
        ::std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join($rel)
    };
}

/// A fresh, empty scratch directory `name` in the calling test crate's `CARGO_TARGET_TMPDIR`.
#[macro_export]
macro_rules! scratch {
    ($name:expr) => {
        $crate::fresh_dir(&::std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join($name))
    };
}

/// Builds `tools/oracle/<name>.c` against the pkg-config packages given, once per test binary
/// run, into the calling test crate's `CARGO_TARGET_TMPDIR`; `None` (after [`skip`]) when the
/// compiler or the libraries are missing.
#[macro_export]
macro_rules! oracle {
    ($name:expr, $pkgs:expr) => {
        $crate::oracle_in(
            ::std::path::Path::new(env!("CARGO_TARGET_TMPDIR")),
            $name,
            $pkgs,
        )
    };
}

/// Empties and creates `dir` (for [`scratch!`]).
pub fn fresh_dir(dir: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    dir.to_path_buf()
}

/// [`oracle!`] with the build folder `tmp` named.
pub fn oracle_in(tmp: &Path, name: &str, pkgs: &[&str]) -> Option<PathBuf> {
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(exe) = built.get(name) {
        return Some(exe.clone());
    }
    let exe = build_oracle(tmp, name, pkgs)?;
    built.insert(name.to_string(), exe.clone());
    Some(exe)
}

fn build_oracle(tmp: &Path, name: &str, pkgs: &[&str]) -> Option<PathBuf> {
    let src = repo_root().join(format!("tools/oracle/{name}.c"));
    let out_dir = tmp.join("oracle");
    std::fs::create_dir_all(&out_dir).unwrap();
    let exe = out_dir.join(name);
    let flags = Command::new("pkg-config")
        .arg("--cflags")
        .arg("--libs")
        .args(pkgs)
        .output();
    let flags = match flags {
        Ok(o) if o.status.success() => String::from_utf8(o.stdout).unwrap(),
        Ok(o) => {
            skip(
                &format!("oracle {name}"),
                &format!(
                    "pkg-config {pkgs:?} failed: {} (run tools/setup)",
                    String::from_utf8_lossy(&o.stderr).trim()
                ),
            );
            return None;
        }
        Err(e) => {
            skip(
                &format!("oracle {name}"),
                &format!("cannot run pkg-config: {e} (run tools/setup)"),
            );
            return None;
        }
    };
    // Build into a per-process file then rename, so parallel test binaries never race.
    let tmp = out_dir.join(format!("{name}.{}", std::process::id()));
    let status = Command::new("cc")
        .args(["-O1", "-w", "-o"])
        .arg(&tmp)
        .arg(&src)
        .args(flags.split_whitespace())
        .status();
    match status {
        Ok(s) if s.success() => {
            std::fs::rename(&tmp, &exe).unwrap();
            Some(exe)
        }
        other => {
            skip(
                &format!("oracle {name}"),
                &format!("cc failed ({other:?}); run tools/setup"),
            );
            None
        }
    }
}

/// Hex of bytes, lowercase, no separators (the oracles' format).
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The rows of the Markdown tables under heading `heading` of `markdown` (the text after the
/// `#`s, e.g. "ROM calls the project uses"), down to the next heading of the same or a higher
/// level: each row's cells, trimmed, without the header rows and the `| --- |` lines. Panics
/// when the heading is missing, so that a renamed section fails the test that reads it.
pub fn doc_table_rows(markdown: &str, heading: &str) -> Vec<Vec<String>> {
    let level_of = |line: &str| line.chars().take_while(|&c| c == '#').count();
    let lines: Vec<&str> = markdown.lines().collect();
    let start = lines
        .iter()
        .position(|l| level_of(l) > 0 && l.trim_start_matches('#').trim() == heading)
        .unwrap_or_else(|| panic!("no heading {heading:?}"));
    let level = level_of(lines[start]);
    let is_rule =
        |line: &str| {
            line.trim().starts_with('|')
                && line.trim().trim_matches('|').split('|').all(|c| {
                    !c.trim().is_empty() && c.trim().chars().all(|ch| ch == '-' || ch == ':')
                })
        };
    let mut rows = Vec::new();
    let body = &lines[start + 1..];
    for (i, line) in body.iter().enumerate() {
        let l = level_of(line);
        if l > 0 && l <= level {
            break;
        }
        let header = body.get(i + 1).is_some_and(|next| is_rule(next));
        if !line.trim().starts_with('|') || is_rule(line) || header {
            continue;
        }
        let cells = line.trim().trim_start_matches('|').trim_end_matches('|');
        rows.push(cells.split('|').map(|c| c.trim().to_string()).collect());
    }
    rows
}

/// A fenced code block of a Markdown page: its info string (```` ```rust file=src/lib.rs ````
/// gives `rust file=src/lib.rs`) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeBlock {
    /// The words after the opening fence.
    pub info: String,
    /// The lines between the fences, each ending with a newline.
    pub text: String,
}

impl CodeBlock {
    /// The value of `key=value` in the info string, if there is one.
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.info
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
    }

    /// The words of the info string.
    pub fn words(&self) -> Vec<&str> {
        self.info.split_whitespace().collect()
    }
}

/// Every fenced (```` ``` ````) code block of `markdown`, in order: what a test that follows a
/// page (docs/tutorial.md) runs and writes.
pub fn code_blocks(markdown: &str) -> Vec<CodeBlock> {
    let mut blocks = Vec::new();
    let mut open: Option<CodeBlock> = None;
    for line in markdown.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                open = Some(CodeBlock {
                    info: info.trim().to_string(),
                    text: String::new(),
                })
            }
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some(block), None) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// Waits until `ready()` (a resumable run has written enough, say), then kills `child` and
/// reaps it: the "killed part-way" half of a resume test. Fails if the child ends first (its
/// stderr shown when it was piped) or if `limit` passes; `what` names the run in the message.
pub fn kill_when(child: &mut Child, mut ready: impl FnMut() -> bool, limit: Duration, what: &str) {
    let start = Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
            }
            panic!("{what} ended ({status}) before it could be killed:\n{stderr}");
        }
        assert!(
            start.elapsed() < limit,
            "{what}: not ready to be killed after {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::{code_blocks, doc_table_rows};

    #[test]
    fn code_blocks_with_their_info() {
        let md = "text\n\n```sh\ncd x\nls\n```\n\n```rust file=src/lib.rs\nfn f() {}\n```\n";
        let blocks = code_blocks(md);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].info, "sh");
        assert_eq!(blocks[0].text, "cd x\nls\n");
        assert_eq!(blocks[1].attribute("file"), Some("src/lib.rs"));
        assert_eq!(blocks[1].words(), ["rust", "file=src/lib.rs"]);
    }

    #[test]
    fn table_rows_of_one_section() {
        let md = "# Page\n\n## A\n\n| x | y |\n| --- | --- |\n| 1 | `a` |\n\ntext\n\n\
                  **B**\n\n| x | y |\n| --- | :-: |\n| 2 | |\n\n### A.1\n\n| 3 | c |\n\n\
                  ## C\n\n| x | y |\n| --- | --- |\n| 4 | d |\n";
        assert_eq!(
            doc_table_rows(md, "A"),
            [vec!["1", "`a`"], vec!["2", ""], vec!["3", "c"]]
        );
        assert_eq!(doc_table_rows(md, "C"), [vec!["4", "d"]]);
    }

    #[test]
    #[should_panic(expected = "no heading")]
    fn a_missing_heading_is_an_error() {
        doc_table_rows("# Page\n", "A");
    }
}
