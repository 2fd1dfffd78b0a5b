//! Test benches for the programs that run on the calculator: a 68000 CPU harness (load an
//! image made by the project's linker, call a function, count cycles) and a TiEmu bench
//! (PedroM or a user's ROM, driven through the project's link stack (`ti-link`)).

use std::io::Write;

pub mod ai;
pub mod diff;
pub mod fixture;
pub mod games;
pub mod tiemu;

/// True when the cross toolchain (GCC for the 68000 and its tools) is installed; otherwise
/// `test` is skipped loudly (`testkit::skip`, a failure under `TI68K_REQUIRE_PEERS=1`) and this
/// returns false.
pub fn require_cross_toolchain(test: &str) -> bool {
    if ti_build::tools::Tools::available() {
        true
    } else {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        false
    }
}

/// Reports that `test`, which needs the user's TI ROM for `model`, is skipped because the
/// environment variable naming it is not set. Always a loud skip, never a failure: no TI ROM
/// can be shipped, so CI has none.
pub fn skip_without_rom(test: &str, model: ti_files::Model) {
    let var = tiemu::rom_variable(model);
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: needs TI's own OS for the {model}: set {var} to a ROM dump (.rom), an OS upgrade (.{}u) or a TiEmu image (.img)",
        model.extension_prefix()
    );
}
