//! The emulator as a calculator at the end of a link cable: [`EmuCable`] is a `ti_link::Cable`
//! whose other end is an emulated TI-89 / TI-92 Plus / Voyage 200 ([`Machine`]) answering the
//! DBUS protocol from its own VAT, screen and keyboard ([`responder`]). The host's link
//! operations (`ti_link::Calculator`: send, receive, list, keys, run, screenshots) run on it
//! unchanged, in process, with no X server and no FIFO: every command of the command line and
//! the contest library work on it as on TiEmu or a real calculator.
//!
//! The machine lives in a thread of its own, as a calculator runs beside the computer: it reads
//! the computer's packets when idle, runs a program when ENTER is typed on its home screen
//! ([`home`]), and while the program runs it reads nothing (a ready check is answered when the
//! program ends, as on a calculator). A program that waits for a key is suspended
//! ([`Machine::start_run`]) and the link is served meanwhile: the computer can take a
//! screenshot, then press the key. One `EmuCable` per calculator; several run at once, each in
//! its thread.
//!
//! ```no_run
//! use ti_emulator::link::{EmuCable, EmuOptions};
//! use ti_files::{Model, Value, VarPath};
//! use ti_link::Calculator;
//!
//! let cable = EmuCable::start(EmuOptions::new(Model::Ti89)).unwrap();
//! let mut calc = Calculator::new(cable, Model::Ti89);
//! calc.delays = ti_link::Delays::NONE; // nothing to wait for in process
//! calc.set_value(&VarPath::parse("main\\x")?, &Value::Integer(7.into()))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **State between commands.** With [`EmuOptions::state`] the calculator's variables are read
//! from a group file (`.89g`, `.9xg`, `.v2g`) when it starts, and written back (whole or not at
//! all) after every change: a variable received or deleted, a program run. The command line's
//! `--cable emu:FILE` uses it, so that `ti68k send` then `ti68k run` work on the same
//! calculator. The file holds the variables only: the screen, the current folder and a
//! program still waiting for a key when the cable closes are not kept (each command starts on
//! the home screen). The file is an ordinary group file: `ti68k restore` sends it to a real
//! calculator.

pub mod home;
mod port;
pub mod responder;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use ti_files::{Model, VarFile};
use ti_link::{Cable, CableError};

use crate::{Failure, Machine};

/// Cycle budget of one program run on the link: an hour of a 12 MHz calculator (a contest
/// game between the strongest levels takes tens of billions of cycles).
pub const LINK_BUDGET: u64 = 12_000_000 * 3600;

/// What a calculator on the link is made of.
#[derive(Clone, Debug)]
pub struct EmuOptions {
    /// The model.
    pub model: Model,
    /// The group file holding its variables between runs (module doc), if any.
    pub state: Option<PathBuf>,
    /// Cycle budget of one program run (a program that needs more is stopped as crashed).
    pub budget: u64,
}

impl EmuOptions {
    /// A fresh calculator of `model`, with no state file and [`LINK_BUDGET`].
    pub fn new(model: Model) -> EmuOptions {
        EmuOptions {
            model,
            state: None,
            budget: LINK_BUDGET,
        }
    }
}

/// Something the calculator did that the computer may want to know (the link itself carries
/// no such news).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmuEvent {
    /// A program returned.
    Finished {
        /// The statement run, `folder\name(args)`.
        program: String,
        /// Its cycles.
        cycles: u64,
    },
    /// A program failed (crashed, overran its budget): the machine recovered, keeping the VAT.
    Crashed {
        /// The statement run.
        program: String,
        /// The emulator's report (PC, instruction, what happened).
        failure: String,
        /// Heap blocks the program held, freed by the recovery.
        freed: usize,
    },
    /// A variable sent by the computer could not be stored.
    Refused(String),
    /// An exchange the computer abandoned half-way.
    Dropped(String),
    /// The state file could not be written.
    SaveFailed(String),
}

/// What goes from the computer's end to the calculator's thread.
pub(crate) enum ToCalc {
    /// Bytes on the link.
    Bytes(Vec<u8>),
    /// A look at the machine (served between two packets).
    Inspect(Box<dyn FnOnce(&mut Machine) + Send>),
}

/// What both ends share: the events, the state file.
#[derive(Clone)]
pub(crate) struct Shared {
    events: Arc<Mutex<Vec<EmuEvent>>>,
    state: Option<PathBuf>,
}

impl Shared {
    pub(crate) fn event(&self, e: EmuEvent) {
        self.events.lock().expect("not poisoned").push(e);
    }

    /// Writes the machine's variables to the state file, if there is one.
    pub(crate) fn save(&self, machine: &Machine) {
        let Some(path) = &self.state else { return };
        if let Err(e) = save_state(machine, path) {
            self.event(EmuEvent::SaveFailed(e.to_string()));
        }
    }
}

/// The machine's variables as a group file for its model.
pub fn state_file(machine: &Machine) -> Result<VarFile, Failure> {
    let mut vars = Vec::new();
    for folder in machine.list_vat() {
        for e in folder.entries {
            vars.push(machine.get_variable(&format!("{}\\{}", folder.folder, e.name))?);
        }
    }
    Ok(VarFile::group(machine.model(), vars))
}

fn save_state(machine: &Machine, path: &std::path::Path) -> Result<(), Failure> {
    let bytes = state_file(machine)?
        .to_bytes()
        .map_err(|e| Failure::Setup(format!("the state file {}: {e}", path.display())))?;
    ti_files::disk::write_atomic(path, &bytes)
        .map_err(|e| Failure::Setup(format!("writing {}: {e}", path.display())))
}

/// Reads a state file into a fresh machine of `model`.
fn load_state(machine: &mut Machine, path: &std::path::Path) -> Result<(), Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Setup(format!("reading {}: {e}", path.display())))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let file = VarFile::from_bytes_with_extension(&bytes, ext).map_err(|e| {
        Failure::Setup(format!(
            "{} is not a calculator group file: {e} (give a .89g, .9xg or .v2g, or a new name)",
            path.display()
        ))
    })?;
    if file.model != machine.model() {
        return Err(Failure::Setup(format!(
            "{} holds a {}'s variables, the cable emulates a {}",
            path.display(),
            file.model,
            machine.model()
        )));
    }
    machine.send_variables(&file.variables)
}

/// A cable to an emulated calculator (module doc).
pub struct EmuCable {
    to_calc: Option<Sender<ToCalc>>,
    from_calc: Receiver<Vec<u8>>,
    received: VecDeque<u8>,
    thread: Option<JoinHandle<()>>,
    shared: Shared,
    label: String,
}

impl EmuCable {
    /// Starts a calculator as `options` say: a fresh machine, with the state file's variables
    /// when it exists (a state file with a name and no file yet starts empty).
    pub fn start(options: EmuOptions) -> Result<EmuCable, Failure> {
        let mut machine = Machine::new(options.model);
        machine.set_budget(options.budget);
        if let Some(path) = &options.state {
            if path.exists() {
                load_state(&mut machine, path)?;
            } else {
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                let expected = VarFile::group(options.model, Vec::new()).extension();
                if ext != expected {
                    return Err(Failure::Setup(format!(
                        "the state file {} should end in .{expected} (a {} group file)",
                        path.display(),
                        options.model
                    )));
                }
            }
        }
        Ok(EmuCable::with_machine(machine, options.state))
    }

    /// Puts `machine` at the end of a new cable (a test may prepare the machine first).
    pub fn with_machine(machine: Machine, state: Option<PathBuf>) -> EmuCable {
        let (to_calc, input) = mpsc::channel();
        let (output, from_calc) = mpsc::channel();
        let shared = Shared {
            events: Arc::default(),
            state: state.clone(),
        };
        let label = match &state {
            Some(p) => format!("emulated {} ({})", machine.model(), p.display()),
            None => format!("emulated {}", machine.model()),
        };
        let thread_shared = shared.clone();
        let thread = std::thread::Builder::new()
            .name(format!("emulated {}", machine.model()))
            .spawn(move || {
                let port = port::Port::new(input, output);
                let mut calc = responder::Responder::new(machine, port, thread_shared);
                calc.serve();
            })
            .expect("a thread for the emulated calculator");
        EmuCable {
            to_calc: Some(to_calc),
            from_calc,
            received: VecDeque::new(),
            thread: Some(thread),
            shared,
            label,
        }
    }

    /// Runs `f` on the machine once the calculator is idle (between two packets, or while a
    /// program waits for a key), and returns its result.
    pub fn inspect<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Machine) -> T + Send + 'static,
    ) -> Result<T, CableError> {
        let (tx, rx) = mpsc::channel();
        let job: Box<dyn FnOnce(&mut Machine) + Send> = Box::new(move |m| {
            let _ = tx.send(f(m));
        });
        self.to_calc
            .as_ref()
            .and_then(|s| s.send(ToCalc::Inspect(job)).ok())
            .ok_or_else(|| self.disconnected())?;
        rx.recv().map_err(|_| self.disconnected())
    }

    /// The events since the last call (programs finished or crashed, refused variables...).
    pub fn take_events(&self) -> Vec<EmuEvent> {
        std::mem::take(&mut *self.shared.events.lock().expect("not poisoned"))
    }

    fn disconnected(&self) -> CableError {
        CableError::Disconnected {
            cable: self.label.clone(),
        }
    }
}

impl Cable for EmuCable {
    fn describe(&self) -> String {
        self.label.clone()
    }

    fn send(&mut self, bytes: &[u8], _timeout: Duration) -> Result<(), CableError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.to_calc
            .as_ref()
            .and_then(|s| s.send(ToCalc::Bytes(bytes.to_vec())).ok())
            .ok_or_else(|| self.disconnected())
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        let mut got = 0;
        while got < buf.len() {
            if let Some(b) = self.received.pop_front() {
                buf[got] = b;
                got += 1;
                continue;
            }
            match self.from_calc.recv_timeout(timeout) {
                Ok(bytes) => self.received.extend(bytes),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(CableError::Timeout {
                        cable: self.label.clone(),
                        timeout,
                        got,
                        wanted: buf.len(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.disconnected()),
            }
        }
        Ok(())
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        self.received.clear();
        while self.from_calc.try_recv().is_ok() {}
        Ok(())
    }
}

impl Drop for EmuCable {
    /// Closes the link; the calculator finishes the program it is running (within its
    /// budget), saves its state file and stops.
    fn drop(&mut self) {
        self.to_calc = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
