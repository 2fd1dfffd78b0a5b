//! The link tests of the TiEmu bench (tests/tiemu/tiemu_link.rs, tiemu_run.rs) on the project's
//! own emulator as a calculator (`--cable emu`: `ti_emulator::link::EmuCable`), with the same
//! assertions, from the one module both use (`common/link_checks.rs`): send a program and a string, list them,
//! receive the string back identical down to its file's bytes, a missing variable reported as
//! not found with the link usable afterwards, `colonne` and `nom` in a folder, a screenshot of
//! the model's size that is not blank, a program run whose text is drawn where it draws it, a
//! crashing program reported (the calculator recovers, its VAT intact). What only TiEmu has
//! (its X window to compare the link screenshot with) has no twin here. On the TI-89, the
//! TI-92 Plus and the Voyage 200, in seconds, with no X server.

#[path = "common/link_checks.rs"]
mod link_checks;

use link_checks::{self as check, Target};
use ti_emulator::link::{EmuCable, EmuEvent, EmuOptions};
use ti_files::{Model, Screen};
use ti_link::{Calculator, Delays};

/// The emulator as a calculator, with the model it emulates.
struct Emu {
    calc: Calculator<EmuCable>,
    model: Model,
}

impl Emu {
    fn start(model: Model) -> Emu {
        let mut calc = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
        calc.delays = Delays::NONE;
        Emu { calc, model }
    }
}

impl Target for Emu {
    type Cable = EmuCable;

    fn calc(&mut self) -> &mut Calculator<EmuCable> {
        &mut self.calc
    }

    fn model(&self) -> Model {
        self.model
    }

    /// Runs the program, waits until the calculator is idle, and finds the text among what
    /// the program drew (the emulator's transcript of DrawStr calls); the program is reported
    /// finished.
    fn run_drawing(&mut self, program: &str, text: &str) -> Result<((u32, u32), Screen), String> {
        let path = ti_files::VarPath::parse(program).unwrap();
        self.calc.cable().take_events();
        self.calc.run(&path, "").map_err(|e| e.to_string())?;
        self.calc.ready().map_err(|e| e.to_string())?;
        let events = self.calc.cable().take_events();
        let call = format!("{program}()");
        if !events
            .iter()
            .any(|e| matches!(e, EmuEvent::Finished { program, .. } if *program == call))
        {
            return Err(format!("{call} did not finish: {events:?}"));
        }
        let drawn = self
            .calc
            .cable()
            .inspect(|m| m.transcript().text.clone())
            .map_err(|e| e.to_string())?;
        let at = drawn
            .iter()
            .rev()
            .find(|d| d.text == text)
            .map(|d| (d.x as u32, d.y as u32))
            .ok_or_else(|| format!("{text:?} was not drawn: {drawn:?}"))?;
        let screen = self.calc.screenshot().map_err(|e| e.to_string())?;
        Ok((at, screen))
    }

    fn run_crashing(&mut self, program: &str) -> Result<String, String> {
        let path = ti_files::VarPath::parse(program).unwrap();
        self.calc.cable().take_events();
        self.calc.run(&path, "").map_err(|e| e.to_string())?;
        self.calc.ready().map_err(|e| e.to_string())?;
        match self.calc.cable().take_events().as_slice() {
            [EmuEvent::Crashed {
                program: p,
                failure,
                ..
            }] if *p == format!("{program}()") => Ok(failure.to_string()),
            other => Err(format!("events {other:?}")),
        }
    }

    fn keep(&self, _screen: &Screen, _name: &str) {}
}

fn link_sequence(test: &str, model: Model) {
    let Some(program_file) = check::program_file(test, model, "hello") else {
        return;
    };
    let mut t = Emu::start(model);
    t.calc.ready().unwrap();
    check::send_and_list(&mut t, &program_file);
    check::receive_identical(&mut t);
    check::missing_is_not_found(&mut t, test);
    check::delete_removes_the_variable(&mut t, test);
    check::colonne_and_nom(&mut t);
    let shot = check::screenshot(&mut t);
    check::program_draws_its_text(&mut t, test, Some(&shot));
}

fn crash_is_reported(test: &str, model: Model) {
    let mut t = Emu::start(model);
    // The emulator recovers from both (it is no debugger): the calculator answers afterwards
    // and keeps its variables.
    check::crash_is_reported(&mut t, test, "crash", true);
    check::crash_is_reported(&mut t, test, "illegal", true);
}

#[test]
fn emu_ti89_link_operations() {
    link_sequence("emu_ti89_link_operations", Model::Ti89);
}

#[test]
fn emu_v200_link_operations() {
    link_sequence("emu_v200_link_operations", Model::V200);
}

#[test]
fn emu_ti92plus_link_operations() {
    link_sequence("emu_ti92plus_link_operations", Model::Ti92Plus);
}

#[test]
fn emu_ti89_reports_a_crashing_program() {
    crash_is_reported("emu_ti89_reports_a_crashing_program", Model::Ti89);
}

#[test]
fn emu_v200_reports_a_crashing_program() {
    crash_is_reported("emu_v200_reports_a_crashing_program", Model::V200);
}
