//! Helpers of the tests that run the calculator programs of `calc/programs` in the CPU harness:
//! building them with the project's cross build (`host::build`, cached under target/), and the
//! ROM calls the harness does not serve by itself.
#![allow(dead_code)]

use std::path::PathBuf;

use emu_tests::cpu::ams::{Reply, RomCallDef, RomCtx};
use emu_tests::cpu::{Failure, Machine};
use host::build::tools::Tools;
use host::build::{build, BuildOptions, Built};

/// The repository's root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Builds `program` (with `adjust` applied to the default options), or returns `None` after
/// saying loudly why it cannot here (the cross toolchain is missing). Under CI or tools/test
/// (`CI` or `TI68K_REQUIRE_PEERS` set) a missing toolchain is a failure.
pub fn build_program(
    test: &str,
    program: &str,
    adjust: impl FnOnce(&mut BuildOptions),
) -> Option<Built> {
    if !Tools::available() {
        assert!(
            std::env::var_os("CI").is_none() && std::env::var_os("TI68K_REQUIRE_PEERS").is_none(),
            "{test}: the cross toolchain is missing (run tools/setup)"
        );
        eprintln!("SKIPPED {test}: the cross toolchain is missing (run tools/setup)");
        return None;
    }
    let mut options = BuildOptions::new(repo_root(), program);
    options.out_dir = Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("programs"));
    adjust(&mut options);
    Some(build(&options).unwrap_or_else(|e| panic!("{test}: building {program}: {e}")))
}

/// `ST_helpMsg` (ROM 0xE6): the status-line message, recorded in the transcript as its
/// argument. The runtime shows why a program stopped with it.
fn st_help_msg(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [message] = ctx.args([4])?;
    let text = ctx.read_cstr(message, 128)?;
    ctx.detail = format!("({:?})", String::from_utf8_lossy(&text));
    Ok(Reply::Void)
}

/// Adds the ROM calls the programs use beyond the harness's standard set.
pub fn serve_extra_calls(machine: &mut Machine) {
    machine.register_rom_call(RomCallDef {
        index: 0xE6,
        name: "ST_helpMsg",
        handler: st_help_msg,
    });
}
