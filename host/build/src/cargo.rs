//! Stage 1 of the route: the program's Rust source to a wasm32 module, with Debian's cargo and
//! rustc and `-Zbuild-std=core`. Every setting is passed here, on cargo's command line, so that
//! any program crate builds the same way: the toolkit's `calc/programs` and a user's project
//! alike, which then needs no `.cargo/config.toml` of its own (and `cargo test` in it stays
//! native). The shadow stack size is per program, so the memory flags go to the final link
//! only (`cargo rustc -- ...`): `core` and the library crates are compiled once per profile and
//! cached in the target directory.

use std::path::PathBuf;
use std::process::Command;

use super::config::ProgramConfig;
use super::project::Project;
use super::tools::{run, Tools};
use super::BuildError;

/// The wasm target of stage 1.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Flags of every crate of the build (`core` included): plain MVP wasm, without
/// bulk-memory, sign-ext or multivalue, which wasm2c 1.0.32 handles on a big-endian host (its
/// memory.fill/copy ignore the reversed layout; docs/building.md#memoryfill-and-memorycopy).
const TARGET_RUSTFLAGS: &str = r#"["-C", "target-cpu=mvp"]"#;

/// Flags of the final link: one 64 KiB page, never grown (only the part below `__heap_base`
/// is backed by RAM), and the two symbols the build reads the module's layout from.
const LINK_ARGS: [&str; 4] = [
    "--initial-memory=65536",
    "--max-memory=65536",
    "--export=__heap_base",
    "--export=__data_end",
];

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

/// Builds `program` of `project` with `features` turned on into the project's
/// `ti-build/cargo`; returns the module's path.
pub fn build_wasm(
    tools: &Tools,
    project: &Project,
    features: &[String],
    program: &ProgramConfig,
) -> Result<PathBuf, BuildError> {
    let target_dir = project.work_dir().join("cargo");
    let mut cmd = Command::new(&tools.cargo);
    cmd.current_dir(&project.dir)
        .args(["rustc", "--quiet", "--bin", &program.bin])
        .args(["--profile", &program.profile])
        .args(["--target", WASM_TARGET, "-Zbuild-std=core"])
        .arg("--config")
        .arg(format!(
            "target.{WASM_TARGET}.rustflags = {TARGET_RUSTFLAGS}"
        ))
        .arg("--target-dir")
        .arg(&target_dir);
    if project.locked {
        cmd.arg("--locked");
    }
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    cmd.arg("--");
    for arg in LINK_ARGS {
        cmd.arg("-C").arg(format!("link-arg={arg}"));
    }
    cmd.arg("-C")
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
