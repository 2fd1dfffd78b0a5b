//! Programs that wait for the user: a run that stops when the program waits for a key the
//! queue does not hold, and goes on when keys come, as a calculator's program sleeps in
//! `ngetchx` while the OS services the link. This is what lets the emulator be a calculator
//! at the end of a link ([`crate::link`]): the arbiter shows its result and waits for a key,
//! the computer takes a screenshot over the link, then presses ENTER.
//!
//! [`Machine::start_run`] begins a program as [`Machine::run`] does; when it calls `ngetchx`
//! with the key queue empty (or polls `kbhit` [`crate::ams::keyboard::IDLE_POLLS`] times in a
//! row without a key) the run stops *at the call*, before serving it, and returns
//! [`RunState::WaitingForKey`]. [`Machine::push_keys`] then [`Machine::resume`] serve the call
//! again with the key and run on. While a program waits, the VAT and the screen may be read and
//! written as between runs (the link does exactly that).
//!
//! A program that fails (a crash, a budget overrun) leaves the machine as it was at the
//! failure; [`Machine::recover`] puts it back on its feet, as PedroM restarts its shell after a
//! crash: the VAT is kept, what the program held is freed.

use std::time::Instant;

use super::ams::heap::Owner;
use super::ams::{estack, vat};
use super::call::CallOutcome;
use super::failure::Failure;
use super::machine::Machine;
use super::map;

/// A program started and not finished (its statement block, its start counts).
#[derive(Clone, Debug)]
pub(crate) struct PendingRun {
    /// The heap block holding the tokenized statement NG_execute runs.
    pub statement: u16,
    /// `folder\name`, for messages.
    pub label: String,
    /// Host time at the start.
    pub started: Instant,
    /// Machine cycles at the start.
    pub cycles: u64,
    /// Machine instructions at the start.
    pub instructions: u64,
    /// Machine ROM calls at the start.
    pub rom_calls: u64,
    /// Whether NG_execute was entered already.
    pub launched: bool,
}

/// Where a program started with [`Machine::start_run`] stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    /// It returned; the counters cover the whole run, waits excluded.
    Finished(CallOutcome),
    /// It waits for a key: [`Machine::push_keys`], then [`Machine::resume`].
    WaitingForKey,
}

impl Machine {
    /// Starts the ASM program `path` with `args` as [`Machine::run`] does, but a program that
    /// waits for a key with none queued is suspended ([`RunState::WaitingForKey`]) instead of
    /// failing.
    pub fn start_run(&mut self, path: &str, args: &str) -> Result<RunState, Failure> {
        self.begin_run(path, args, true)?;
        self.continue_run()
    }

    /// Goes on with the program suspended waiting for a key (queue keys first).
    pub fn resume(&mut self) -> Result<RunState, Failure> {
        if self.pending.is_none() {
            return Err(Failure::Setup(
                "no program is waiting for a key: nothing to resume".into(),
            ));
        }
        self.continue_run()
    }

    /// Whether a program is suspended, waiting for a key.
    pub fn waiting_for_key(&self) -> bool {
        self.pending.is_some()
    }

    /// The program suspended waiting for a key, `folder\name`.
    pub fn waiting_program(&self) -> Option<&str> {
        self.pending.as_ref().map(|p| p.label.as_str())
    }

    /// Puts the machine back in its idle state after a failed (or abandoned) program, as an OS
    /// restarts its shell after a crash: the program's run is dropped, its heap blocks that no
    /// variable holds are freed, the error frames, the nested runs and the expression stack
    /// are reset, the variables in use are released. The VAT keeps every variable. Returns the
    /// number of heap blocks freed.
    pub fn recover(&mut self) -> usize {
        if let Some(p) = self.pending.take() {
            let _ = self.os.heap.free(&mut self.bus, p.statement);
        }
        self.os.keys.suspend = false;
        self.os.keys.queue.clear();
        self.os.nested.clear();
        let in_vat = vat::handles(&self.bus, &self.os.heap, &self.os.vat);
        let orphans: Vec<u16> = self
            .os
            .heap
            .blocks()
            .filter(|b| b.owner != Owner::Os && !in_vat.contains(&b.handle))
            .filter(|b| b.owner != Owner::Harness || b.via == "run")
            .map(|b| b.handle)
            .collect();
        for &h in &orphans {
            let _ = self.os.heap.free(&mut self.bus, h);
        }
        // Unlock every variable's handle and clear the in-use marks a program left.
        for h in in_vat {
            let _ = self.os.heap.set_lock(h, false);
        }
        self.bus.poke(map::ERROR_FRAME_HEAD, &0u32.to_be_bytes());
        estack::reset(&mut self.bus);
        vat::clear_in_use(&mut self.bus, &self.os.heap, &self.os.vat);
        orphans.len()
    }
}
