//! How Rust becomes 68000 code: the switch point between routes.
//!
//! [`Route::Wasm2c`] is the route of docs/building.md#the-route: Rust -> wasm32 -> wasm2c -> GCC
//! `-m68000`, measured correct and fast. [`Route::LlvmM68k`] names the direct route (rustc's
//! own M68k backend, `--target m68k-unknown-none-elf -C target-cpu=M68000`). LLVM 22, the
//! LLVM of Debian's rustc, miscompiles for the 68000 (wrong flags after moves, 68020
//! instructions, a wrong `__udivsi3`; docs/building.md#why-not-llvms-m68k-backend), so the build
//! refuses it.
//!
//! To enable it for a fixed LLVM: produce the ELF of stage 1 with that compiler and hand it to
//! the same linker, packager and 68000 check (stages after wasm2c are shared); then run the
//! differential tests of `emu-tests` (the core's searches natively and in the CPU harness,
//! fixed and random positions, two searches in one session) on its images. Only when they
//! pass may [`Route::LlvmM68k`] be accepted here, and only then become the default.

use core::fmt;
use core::str::FromStr;

use super::BuildError;

/// A way from Rust source to 68000 code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Route {
    /// Rust -> wasm32 -> wasm2c -> GCC -m68000 (the default, and the only enabled route).
    #[default]
    Wasm2c,
    /// rustc's LLVM M68k backend: disabled until an LLVM passes the differential tests.
    LlvmM68k,
}

impl Route {
    /// Whether the build may use this route.
    pub fn check_enabled(self) -> Result<(), BuildError> {
        match self {
            Route::Wasm2c => Ok(()),
            Route::LlvmM68k => Err(BuildError::RouteDisabled(
                "the direct LLVM-M68k route is disabled: LLVM 22's M68k backend miscompiles \
                 68000 code (docs/building.md#why-not-llvms-m68k-backend). It can be enabled for a fixed LLVM \
                 once its images pass the differential tests of emu-tests (see \
                 host/build/src/route.rs); use --route wasm2c"
                    .into(),
            )),
        }
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Route::Wasm2c => "wasm2c",
            Route::LlvmM68k => "llvm-m68k",
        })
    }
}

impl FromStr for Route {
    type Err = String;

    fn from_str(s: &str) -> Result<Route, String> {
        match s {
            "wasm2c" => Ok(Route::Wasm2c),
            "llvm-m68k" => Ok(Route::LlvmM68k),
            _ => Err(format!("unknown route {s:?}: use wasm2c or llvm-m68k")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_wasm2c_is_enabled() {
        assert!(Route::Wasm2c.check_enabled().is_ok());
        assert!(matches!(
            Route::LlvmM68k.check_enabled(),
            Err(BuildError::RouteDisabled(_))
        ));
        assert_eq!("llvm-m68k".parse::<Route>(), Ok(Route::LlvmM68k));
        assert!("gcc".parse::<Route>().is_err());
    }
}
