//! The external tools of the cross build, all from Debian's packages (installed by
//! `tools/setup`), and how they are run.
//!
//! | tool | package | role |
//! | --- | --- | --- |
//! | `/usr/bin/cargo`, `/usr/bin/rustc` | `cargo-web`, `rustc-web`, `rust-web-src`, `lld-22` | Rust -> wasm32 |
//! | `wasm2c` | `wabt` (1.0.32) | wasm -> C |
//! | `wasm-opt` | `binaryen` | lowers under-aligned accesses, when a module has any |
//! | `m68k-linux-gnu-gcc` | `gcc-m68k-linux-gnu` | C -> 68000 |
//! | `m68k-linux-gnu-ld`, `-objdump` | `binutils-m68k-linux-gnu` | link; the 68000-only check |
//! | `g++` | `g++`, `gcc-12-plugin-dev-m68k-linux-gnu` | the GCC alignment plugin |
//!
//! Debian's Rust compiler is the cross compiler: its library source (`rust-web-src`) is what
//! `-Zbuild-std=core` needs. `W68K_CARGO` and `W68K_RUSTC` override the two paths.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::BuildError;

/// The wasm2c version whose output the project's prelude (prelude.rs) is written against.
pub const WABT_VERSION: &str = "1.0.32";

/// Paths of every tool the build runs.
#[derive(Clone, Debug)]
pub struct Tools {
    /// Debian's cargo (`cargo-web`).
    pub cargo: PathBuf,
    /// Debian's rustc (`rustc-web`).
    pub rustc: PathBuf,
    /// wabt's `wasm2c`.
    pub wasm2c: PathBuf,
    /// binaryen's `wasm-opt`.
    pub wasm_opt: PathBuf,
    /// The m68k cross GCC.
    pub gcc: PathBuf,
    /// The m68k GNU linker.
    pub ld: PathBuf,
    /// The m68k objdump.
    pub objdump: PathBuf,
    /// The host C++ compiler (for the GCC plugin).
    pub gxx: PathBuf,
}

impl Tools {
    /// Finds every tool, or says which package is missing.
    pub fn find() -> Result<Tools, BuildError> {
        let env_or = |var: &str, default: &str| {
            std::env::var_os(var)
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(default))
        };
        let tools = Tools {
            cargo: env_or("W68K_CARGO", "/usr/bin/cargo"),
            rustc: env_or("W68K_RUSTC", "/usr/bin/rustc"),
            wasm2c: PathBuf::from("wasm2c"),
            wasm_opt: PathBuf::from("wasm-opt"),
            gcc: PathBuf::from("m68k-linux-gnu-gcc"),
            ld: PathBuf::from("m68k-linux-gnu-ld"),
            objdump: PathBuf::from("m68k-linux-gnu-objdump"),
            gxx: PathBuf::from("g++"),
        };
        let required = [
            (&tools.cargo, "cargo-web"),
            (&tools.rustc, "rustc-web"),
            (&tools.wasm2c, "wabt"),
            (&tools.wasm_opt, "binaryen"),
            (&tools.gcc, "gcc-m68k-linux-gnu"),
            (&tools.ld, "binutils-m68k-linux-gnu"),
            (&tools.objdump, "binutils-m68k-linux-gnu"),
            (&tools.gxx, "g++"),
        ];
        for (tool, package) in required {
            if which(tool).is_none() {
                return Err(BuildError::MissingTool {
                    tool: tool.display().to_string(),
                    package: package.to_string(),
                });
            }
        }
        Ok(tools)
    }

    /// Whether every tool is installed (tests use this to skip, loudly, on machines without
    /// the cross toolchain).
    pub fn available() -> bool {
        Tools::find().is_ok()
    }

    /// Checks that wasm2c is the version the prelude was written for.
    pub fn check_wasm2c_version(&self) -> Result<(), BuildError> {
        let out = run(
            Command::new(&self.wasm2c).arg("--version"),
            "wasm2c --version",
        )?;
        let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if version != WABT_VERSION {
            return Err(BuildError::WrongVersion {
                tool: "wasm2c".into(),
                found: version,
                expected: WABT_VERSION.into(),
            });
        }
        Ok(())
    }
}

/// The full path of `tool` if it can be executed (absolute, or found on PATH).
pub fn which(tool: &Path) -> Option<PathBuf> {
    if tool.components().count() > 1 {
        return tool.is_file().then(|| tool.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|candidate| candidate.is_file())
}

/// Runs a command to completion; a failure becomes an error that quotes its output.
pub fn run(command: &mut Command, what: &str) -> Result<Output, BuildError> {
    let output = command.output().map_err(|e| BuildError::Io {
        what: format!(
            "starting {what} ({})",
            command.get_program().to_string_lossy()
        ),
        source: e,
    })?;
    if !output.status.success() {
        let mut text = String::from_utf8_lossy(&output.stderr).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stdout));
        return Err(BuildError::ToolFailed {
            what: what.to_string(),
            status: output.status.to_string(),
            output: tail(&text, 60),
        });
    }
    Ok(output)
}

/// The last `lines` lines of `text`.
fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.trim_end().lines().collect();
    let start = all.len().saturating_sub(lines);
    all[start..].join("\n")
}
