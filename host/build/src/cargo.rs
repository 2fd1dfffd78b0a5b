//! Stage 1 of the route: the program's Rust source to a wasm32 module, with Debian's cargo and
//! rustc and `-Zbuild-std=core` (settings in `calc/programs/.cargo/config.toml`). The shadow
//! stack size is per program, so it is passed to the final link only (`cargo rustc -- ...`):
//! `core` and the library crates are compiled once per profile and cached in the target
//! directory.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::config::ProgramConfig;
use super::tools::{run, Tools};
use super::BuildError;

/// The wasm target of stage 1.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Environment variables of an enclosing cargo (e.g. `cargo run -p ti68k`) that must not reach
/// the cross build: they would replace its flags or its compiler.
const HOST_ONLY_ENV: [&str; 8] = [
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "CARGO_BUILD_TARGET",
    "CARGO_TARGET_DIR",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "RUSTDOC",
];

/// Builds `program` of the crate in `crate_dir` into `target_dir`; returns the module's path.
pub fn build_wasm(
    tools: &Tools,
    crate_dir: &Path,
    target_dir: &Path,
    program: &ProgramConfig,
) -> Result<PathBuf, BuildError> {
    let mut cmd = Command::new(&tools.cargo);
    cmd.current_dir(crate_dir)
        .args(["rustc", "--quiet", "--locked", "--bin", &program.bin])
        .args(["--profile", &program.profile])
        .arg("--target-dir")
        .arg(target_dir)
        .args(["--", "-C"])
        .arg(format!("link-arg=-zstack-size={}", program.stack));
    for var in HOST_ONLY_ENV {
        cmd.env_remove(var);
    }
    cmd.env("RUSTC", &tools.rustc).env("RUSTC_BOOTSTRAP", "1");
    run(&mut cmd, &format!("cargo (wasm32) for {}", program.bin))?;
    Ok(target_dir
        .join(WASM_TARGET)
        .join(&program.profile)
        .join(format!("{}.wasm", program.bin)))
}
