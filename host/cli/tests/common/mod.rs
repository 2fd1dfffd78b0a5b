//! What several of the command line's behaviour tests share: a contest log as the calculator
//! keeps it, made from a game played natively; running `ti68k` itself; skipping without the
//! cross toolchain; reading back the lines of a results file.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use calc::connect4::log::GameLog;
use calc::connect4::protocol;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_files::{Model, VarFile, VarPath, VarType, Variable};

/// Writes `dir/journal.89y`, the log of a native game between `winblock` and `minimax3` as
/// `ti68k recv main\journal` saves it (custom data of type C4L), and returns its path and the
/// game's moves.
pub fn journal_file(dir: &Path) -> (PathBuf, Vec<u8>) {
    let setup = MatchSetup::new(
        Model::Ti89,
        [AiSpec::level("winblock", 4), AiSpec::level("minimax3", 6)],
    );
    let native = verify::native_game(&setup).unwrap();
    let game = GameLog {
        model: protocol::Model::Ti89,
        names: [&native.names[0], &native.names[1]],
        moves: &native.moves,
        result: native.result,
    };
    let mut data = vec![0u8; 200];
    let len = game.encode(&mut data).unwrap();
    data.truncate(len);
    data.extend_from_slice(b"\0c4l\0\xF8");
    let var =
        Variable::from_data(VarPath::parse("main\\journal").unwrap(), VarType::OTH, data).unwrap();
    let file = VarFile::single(Model::Ti89, var);
    let path = dir.join("journal.89y");
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    (path, native.moves)
}

/// Runs the `ti68k` binary with `args`, without the cable, model or backtrace settings of the
/// environment: whether it succeeded, and its standard output then its standard error.
pub fn ti68k(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ti68k"))
        .args(args)
        .env_remove("TI68K_CABLE")
        .env_remove("TI68K_MODEL")
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The `ti68k` binary as a command run in the repository's root (the environment left as it
/// is), for tests that start it themselves (to kill it part-way, or to give paths).
pub fn ti68k_in_repo() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ti68k"));
    c.current_dir(testkit::repo_root());
    c
}

/// True when the cross toolchain is installed; otherwise `test` is skipped loudly
/// (`testkit::skip`) and this returns false.
pub fn cross_toolchain(test: &str) -> bool {
    if ti_build::tools::Tools::available() {
        true
    } else {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        false
    }
}

/// The lines of the file at `path` that `parse` reads (the games of a results file), in
/// order; none when the file is missing.
pub fn parsed_lines<T>(path: &Path, parse: impl Fn(&str) -> Option<T>) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(parse)
        .collect()
}
