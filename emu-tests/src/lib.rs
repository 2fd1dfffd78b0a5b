//! Test benches for the programs that run on the calculator: a 68000 CPU harness (load an
//! image made by the project's linker, call a function, count cycles) and a TiEmu bench
//! (PedroM or a user's ROM, driven through `host`'s link stack).

use std::io::Write;

pub mod ai;
pub mod cpu;
pub mod diff;
pub mod tiemu;

/// Reports that `test` cannot run here because a peer (TiEmu, an assembler...) is missing: on
/// the real stderr, which `cargo test` does not capture, so the skip shows in its output. With
/// `TI68K_REQUIRE_PEERS=1` (set by tools/test: CI installs every peer) it panics instead, so
/// that nothing passes silently there.
pub fn skip(test: &str, reason: &str) {
    if std::env::var_os("TI68K_REQUIRE_PEERS").is_some_and(|v| v == "1") {
        panic!("{test}: {reason} (TI68K_REQUIRE_PEERS=1 requires every peer; run tools/setup)");
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// Reports that `test`, which needs the user's TI ROM for `model`, is skipped because the
/// environment variable naming it is not set. Always a loud skip, never a failure: no TI ROM
/// can be shipped, so CI has none.
pub fn skip_without_rom(test: &str, model: host::file::Model) {
    let var = tiemu::rom_variable(model);
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: needs TI's own OS for the {model}: set {var} to a ROM dump (.rom), an OS upgrade (.{}u) or a TiEmu image (.img)",
        model.extension_prefix()
    );
}
