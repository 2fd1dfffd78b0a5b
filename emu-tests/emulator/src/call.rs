//! Calling into a loaded program: an exported function under GCC m68k-linux's C convention,
//! or the program's entry as AMS starts a nostub program.
//!
//! The harness pushes the arguments (4-byte slots, right to left), then a return address in
//! ROM that ends the run when reached, and jumps. Before the call d3-d7 and a2-a6 hold
//! distinct marker values; after it they must still hold them and the stack pointer must be
//! back where the return address was popped (the caller pops the arguments), or the call
//! fails with [`Failure::ConventionBroken`].

use std::time::{Duration, Instant};

use super::failure::Failure;
use super::machine::Machine;
use super::map;
use super::run::Counters;

/// The result of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallOutcome {
    /// d0 on return (the integer result).
    pub d0: u32,
    /// a0 on return (a pointer result, where the callee sets one).
    pub a0: u32,
    /// Cycles, instructions and ROM calls of the call.
    pub counters: Counters,
    /// Host time the call took.
    pub host_time: Duration,
}

impl CallOutcome {
    /// Emulated cycles per host second for this call.
    pub fn cycles_per_second(&self) -> f64 {
        self.counters.cycles as f64 / self.host_time.as_secs_f64().max(1e-9)
    }
}

/// Marker value of callee-saved register `r` (dar index: d3-d7 are 3-7, a2-a6 are 10-14).
fn marker(r: usize) -> u32 {
    0x5AFE_0000 | (r as u32) << 8 | r as u32
}

fn reg_name(r: usize) -> String {
    if r < 8 {
        format!("d{r}")
    } else {
        format!("a{}", r - 8)
    }
}

impl Machine {
    /// Calls the exported function `name` with `args` (each pushed as a 4-byte slot, as GCC
    /// does for every integer or pointer argument) and returns d0/a0 and the counters.
    pub fn call(&mut self, name: &str, args: &[u32]) -> Result<CallOutcome, Failure> {
        let p = self
            .program
            .as_ref()
            .ok_or_else(|| Failure::Setup("no program is loaded".into()))?;
        let Some(&offset) = p.exports.get(name) else {
            let known: Vec<&str> = p.exports.keys().map(String::as_str).collect();
            return Err(Failure::Setup(format!(
                "the program exports no function {name:?} (it exports: {})",
                if known.is_empty() {
                    "nothing".into()
                } else {
                    known.join(", ")
                }
            )));
        };
        self.call_offset(name, offset, args)
    }

    /// Calls the code at `offset` in the program with `args` (4-byte slots).
    pub fn call_offset(
        &mut self,
        label: &str,
        offset: u32,
        args: &[u32],
    ) -> Result<CallOutcome, Failure> {
        let base = self
            .program
            .as_ref()
            .ok_or_else(|| Failure::Setup("no program is loaded".into()))?
            .base;
        // User mode with the user stack at the LCD, supervisor stack for exception frames.
        self.os.nested.clear();
        self.cpu.set_sr(0x2700);
        self.cpu.dar[15] = map::SUPERVISOR_STACK_TOP;
        self.cpu.set_usp(map::USER_STACK_TOP);
        self.cpu.set_sr(0x0000);
        let mut sp = map::USER_STACK_TOP;
        for &a in args.iter().rev() {
            sp -= 4;
            self.bus.poke(sp, &a.to_be_bytes());
        }
        let after_return = sp;
        sp -= 4;
        self.bus
            .poke(sp, &self.layout.return_address().to_be_bytes());
        for r in 0..15 {
            self.cpu.dar[r] = marker(r);
        }
        self.cpu.dar[15] = sp;
        self.cpu.pc = base + offset;
        if let Some(p) = self.profiler.as_deref_mut() {
            p.enter(label, base + offset, sp);
        }
        self.cpu.stopped = 0;
        self.cpu.invalidate_prefetch();
        let start = Instant::now();
        let counters = self.run_to_return()?;
        let host_time = start.elapsed();
        let mut broken = Vec::new();
        for r in (3..8).chain(10..15) {
            if self.cpu.dar[r] != marker(r) {
                broken.push(format!(
                    "{} was {:#010x}, is {:#010x}",
                    reg_name(r),
                    marker(r),
                    self.cpu.dar[r]
                ));
            }
        }
        if self.cpu.dar[15] != after_return {
            broken.push(format!(
                "the stack pointer is {:#x} after the return, not {after_return:#x}",
                self.cpu.dar[15]
            ));
        }
        if !broken.is_empty() {
            return Err(Failure::ConventionBroken {
                function: label.into(),
                details: format!("{} (d3-d7 and a2-a6 must be preserved)", broken.join("; ")),
            });
        }
        self.os
            .heap
            .check_all_guards(&self.bus)
            .map_err(|e| Failure::Setup(format!("heap damaged during {label}: {e}")))?;
        Ok(CallOutcome {
            d0: self.cpu.dar[0],
            a0: self.cpu.dar[8],
            counters,
            host_time,
        })
    }

    /// Runs the program from its entry (offset 0) as AMS starts a nostub program (with an
    /// empty estack: no arguments), then checks what it left behind: every heap block it
    /// allocated must be freed (or belong to the VAT: a variable it created) and every
    /// ER_catch frame popped.
    pub fn run_program(&mut self) -> Result<CallOutcome, Failure> {
        super::ams::estack::reset(&mut self.bus);
        let outcome = self.call_offset("the program's entry", 0, &[])?;
        self.check_program_leftovers()?;
        Ok(outcome)
    }
}
