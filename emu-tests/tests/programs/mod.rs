//! Helpers of the tests that run the calculator programs of `calc/programs` in the CPU harness:
//! building them with the project's cross build (`ti_build`, cached under target/).
#![allow(dead_code)]

use std::path::PathBuf;

use ti_build::tools::Tools;
use ti_build::{build, BuildOptions, Built};

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

/// A machine with `built` loaded and its module instantiated (one session of calls).
pub fn session(built: &Built) -> ti_emulator::Machine {
    let mut m = ti_emulator::Machine::new(ti_files::Model::Ti89);
    m.load(&built.image)
        .unwrap_or_else(|e| panic!("loading {}: {e}", built.report.program));
    m.call("w68k_open", &[])
        .unwrap_or_else(|e| panic!("opening {}: {e}", built.report.program));
    m
}

/// Builds `program` with a launcher whatever its settings say (docs/building.md#programs-over-24-kb;
/// its body named by default), with `adjust` applied to its settings, into a folder of its own so
/// that the ordinary build's files stay; `None` after a loud skip as [`build_program`].
pub fn build_launched(
    test: &str,
    program: &str,
    adjust: impl FnOnce(&mut ti_build::config::ProgramConfig),
) -> Option<Built> {
    let programs = ti_build::config::Programs::load(&repo_root().join("calc/programs"))
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    let mut config = programs.get(program).unwrap().clone();
    if config.body_name.is_none() {
        config.body_name = Some(ti_build::launcher::default_body_name(&config.var_name));
    }
    adjust(&mut config);
    build_program(test, program, |o| {
        o.config = Some(config);
        o.out_dir = Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("launched"));
    })
}
