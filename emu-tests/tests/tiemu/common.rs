//! Helpers shared by the TiEmu tests: building the fixture programs of `tests/data/tiemu/`
//! into calculator files, choosing the OS (PedroM, or the user's TI ROM), and TiEmu as a
//! [`Target`] of the link checks the emulator's tests share.
#![allow(dead_code)]

use emu_tests::tiemu::{Os, Screen, TiEmu, TiEmuError};
use ti_files::Model;
use ti_link::cable::TiEmuCable;
use ti_link::Calculator;

use super::link_checks::Target;

pub use super::link_checks::program_file;

/// Boots PedroM for `model`; `None` after a loud skip when TiEmu or PedroM is missing.
pub fn pedrom(test: &str, model: Model) -> Option<TiEmu> {
    boot(test, model, Os::PedroM)
}

/// Boots the user's TI OS for `model` (from `TIEMU_ROM_TI89`, ...); `None` after a loud skip
/// when the variable is not set.
pub fn ams(test: &str, model: Model) -> Option<TiEmu> {
    match Os::from_env(model) {
        None => {
            emu_tests::skip_without_rom(test, model);
            None
        }
        Some(Err(e)) => panic!("{test}: {e}"),
        Some(Ok(os)) => boot(test, model, os),
    }
}

fn boot(test: &str, model: Model, os: Os) -> Option<TiEmu> {
    match TiEmu::start(model, os) {
        Ok(t) => {
            eprintln!(
                "{test}: {model} {} booted in {:.1?} (after {:.1?} waiting for the lock)",
                t.os().describe(),
                t.boot_time(),
                t.lock_wait()
            );
            Some(t)
        }
        Err(TiEmuError::Missing { what, reason }) => {
            testkit::skip(test, &format!("{what}: {reason}"));
            None
        }
        Err(e) => panic!("{test}: starting TiEmu: {e}"),
    }
}

/// Says how long a session took (without its wait for the lock).
pub fn done(test: &str, t: &TiEmu) {
    eprintln!("{test}: session took {:.1?}", t.session_time());
}

impl Target for TiEmu {
    type Cable = TiEmuCable;

    fn calc(&mut self) -> &mut Calculator<TiEmuCable> {
        TiEmu::calc(self)
    }

    fn model(&self) -> Model {
        TiEmu::model(self)
    }

    /// Runs the program, waits for a stable screen holding the text, and finds it there with
    /// the text oracle (the OS's own rendering of it).
    fn run_drawing(&mut self, program: &str, text: &str) -> Result<((u32, u32), Screen), String> {
        let screen = self
            .run_expecting_text(program, "", text)
            .map_err(|e| e.to_string())?;
        let found = self
            .find_text(&screen, text)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{text:?} is not on the screen"))?;
        // And a text that is not there is not found.
        assert_eq!(self.find_text(&screen, "GOODBYE").unwrap(), None);
        Ok(((found.x, found.y), screen))
    }

    fn run_crashing(&mut self, program: &str) -> Result<String, String> {
        match self.run(program, "") {
            Err(TiEmuError::Crashed {
                detail, screenshot, ..
            }) => Ok(format!("{detail} ({screenshot:?})")),
            Err(e) => Err(format!("another error: {e}")),
            Ok(report) => Err(format!("screen:\n{:?}", report.screen)),
        }
    }

    fn keep(&self, screen: &Screen, name: &str) {
        self.keep_screenshot(screen, name).unwrap();
    }
}
