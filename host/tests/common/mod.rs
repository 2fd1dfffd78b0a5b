//! Helpers shared by host's behaviour tests: locating test data, and building the C oracles
//! (tools/oracle) against Debian's tilibs. A test whose oracle cannot be built skips
//! loudly (it prints why on the real stderr, which `cargo test` does not capture, and
//! returns), never passing silently as if it had checked; with `TI68K_REQUIRE_PEERS=1` (set by
//! tools/test, as CI installs every peer) it fails instead.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Write;
pub mod fakecalc;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Oracles already built by this test binary (tests run on several threads).
static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);

/// Reports that a test cannot run here: on the real stderr, or as a failure when
/// `TI68K_REQUIRE_PEERS=1`.
pub fn skip(what: &str, reason: &str) {
    if std::env::var_os("TI68K_REQUIRE_PEERS").is_some_and(|v| v == "1") {
        panic!("{what}: {reason} (TI68K_REQUIRE_PEERS=1 requires every peer; run tools/setup)");
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}: {reason}");
}

/// The repository's root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `host/tests/data/<rel>`.
pub fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds `tools/oracle/<name>.c` with cc and pkg-config `pkgs`, once per test binary run;
/// `None` (after printing why) when the compiler or the libraries are missing.
pub fn oracle(name: &str, pkgs: &[&str]) -> Option<PathBuf> {
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(exe) = built.get(name) {
        return Some(exe.clone());
    }
    let exe = build_oracle(name, pkgs)?;
    built.insert(name.to_string(), exe.clone());
    Some(exe)
}

fn build_oracle(name: &str, pkgs: &[&str]) -> Option<PathBuf> {
    let src = repo_root().join(format!("tools/oracle/{name}.c"));
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oracle");
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
