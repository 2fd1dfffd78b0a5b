//! Helpers shared by host's behaviour tests: locating test data, and building the C oracles
//! (tools/oracle) against Debian's tilibs. A test whose oracle cannot be built skips
//! loudly (it prints why and returns), never passing silently as if it had checked.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

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
            eprintln!(
                "SKIPPED: oracle {name}: pkg-config {pkgs:?} failed: {} (run tools/setup)",
                String::from_utf8_lossy(&o.stderr).trim()
            );
            return None;
        }
        Err(e) => {
            eprintln!("SKIPPED: oracle {name}: cannot run pkg-config: {e} (run tools/setup)");
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
            eprintln!("SKIPPED: oracle {name}: cc failed ({other:?}); run tools/setup");
            None
        }
    }
}

/// Hex of bytes, lowercase, no separators (the oracles' format).
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
