//! The run loop: executes the CPU until control returns to the harness's return address,
//! serving ROM calls on the way, and turns everything else that stops the CPU into a
//! [`Failure`].
//!
//! The CPU runs with a hook after every instruction that (1) advances the FiftyMsecTick
//! counter in RAM at the model's clock and (2) stops the run as soon as the PC leaves the
//! program's text or the bus records a violation, and (3) when profiling is on, hands the
//! instruction to the profiler (`profile`). Stopping at a ROM-call stub serves the call;
//! at the return address ends the run; anywhere else is a failure.

use crate::ReadMemory;
use m68k::{CycleBatchControl, CycleBatchExit};
use ti_build::rom_calls;

use super::ams::{self, errors, names, Reply, RomCtx, CLOBBER};
use super::bus::Violation;
use super::failure::Failure;
use super::machine::Machine;
use super::map;

/// Cycles and instructions of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// CPU cycles (ROM calls served in Rust take none, except their stub's `rts`).
    pub cycles: u64,
    /// Instructions retired.
    pub instructions: u64,
    /// ROM calls served.
    pub rom_calls: u64,
}

/// The fields of a 68000 bus- or address-error exception frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Group0Frame {
    /// Function code (bits 0-2), instruction/not (bit 3), read/write (bit 4, 1 = read).
    pub status: u16,
    /// The faulting address.
    pub address: u32,
    /// The instruction register.
    pub ir: u16,
    /// The PC pushed.
    pub pc: u32,
}

impl Machine {
    /// Runs from the current CPU state until the PC reaches the harness's return address.
    ///
    /// Before the CPU runs, the loop looks at where the PC is: inside the current program's
    /// text it just runs; at a ROM-call stub it serves the call (then lets the CPU execute the
    /// stub's `rts`); at NG_execute's return address it ends the nested run; inside another
    /// loaded program's text it makes that the current one; anywhere else it fails.
    pub(crate) fn run_to_return(&mut self) -> Result<Counters, Failure> {
        let ret = self.layout.return_address();
        let ng_return = self.layout.ng_return();
        let budget = self.budget;
        let mut counters = Counters::default();
        let mut last_pc = self.cpu.pc;
        // The text the CPU is in (start, length): the hook stops the CPU when it leaves it.
        let (mut text_start, mut text_len) = (0u32, 0u32);
        // Whether the PC is at a served ROM-call stub whose `rts` must now run.
        let mut at_served_stub = false;
        loop {
            let pc = self.cpu.pc;
            if !at_served_stub && pc.wrapping_sub(text_start) >= text_len {
                if pc == ret {
                    return Ok(counters);
                }
                if let Some(index) = self.layout.rom_call_at(pc) {
                    at_served_stub = !self.rom_call(index)?;
                    counters.rom_calls += 1;
                    self.rom_calls_total += 1;
                    continue;
                }
                if pc == ng_return {
                    let caller = match self.os.nested.last() {
                        Some(run) => self.read_u32(run.entry_sp).unwrap_or(0),
                        None => 0,
                    };
                    self.serve(
                        rom_calls::NG_execute.index,
                        rom_calls::NG_execute.name,
                        caller,
                        ams::exec::finish_nested,
                    )?;
                    at_served_stub = true;
                    continue;
                }
                if let Some(code) = self.bus.code_at(pc) {
                    (text_start, text_len) = (code.start_seen_from(pc), code.text_len);
                } else if self.layout.exception_at(pc) == Some(ams::traps::TRAP_11_VECTOR)
                    && self.cpu.get_sr() & 0x2000 != 0
                {
                    // A launcher entering the ghost space on AMS 2 (ams::traps).
                    self.serve(
                        ams::traps::NOT_A_ROM_CALL,
                        ams::traps::PROTECTION_FUNCTION,
                        last_pc,
                        ams::traps::protection_function,
                    )?;
                    counters.rom_calls += 1;
                    continue;
                } else if let Some(vector) = self.layout.exception_at(pc) {
                    return Err(self.exception_failure(vector, last_pc));
                } else {
                    return Err(Failure::JumpOutside {
                        target: pc,
                        region: self.region_of(pc),
                        from: last_pc,
                        instruction: self.describe_instruction(last_pc),
                    });
                }
            }
            at_served_stub = false;
            if counters.cycles >= budget {
                return Err(self.budget_failure(budget));
            }
            let slice = (budget - counters.cycles).min(1 << 28) as i32;
            let mut clock = self.cycles;
            let mut next_tick = self.next_tick_at;
            let mut prev = last_pc;
            let profiler = &mut self.profiler;
            let result =
                self.cpu
                    .run_for_cycles_with_hook(&mut self.bus, slice, |cpu, bus, cyc| {
                        if let Some(p) = profiler.as_deref_mut() {
                            p.step(cpu.ppc, cpu.pc, cpu.ir, cpu.dar[15], cyc);
                        }
                        clock += cyc as u64;
                        if clock >= next_tick {
                            next_tick += ams::timers::CYCLES_PER_TICK;
                            let i = map::FIFTY_MSEC_TICK as usize;
                            let t =
                                u32::from_be_bytes(bus.ram[i..i + 4].try_into().expect("4 bytes"));
                            bus.ram[i..i + 4].copy_from_slice(&t.wrapping_add(1).to_be_bytes());
                        }
                        if cpu.ppc % 2 == 0 {
                            prev = cpu.ppc;
                        }
                        if bus.has_violation() || cpu.pc.wrapping_sub(text_start) >= text_len {
                            CycleBatchControl::Return
                        } else {
                            CycleBatchControl::Continue
                        }
                    });
            last_pc = prev;
            self.next_tick_at = next_tick;
            self.cycles += result.cycles as u64;
            self.instructions += u64::from(result.instructions);
            counters.cycles += result.cycles as u64;
            counters.instructions += u64::from(result.instructions);
            if self.cpu.is_halted() {
                return Err(Failure::Halted { pc: last_pc });
            }
            match result.exit {
                CycleBatchExit::BudgetExhausted => continue,
                CycleBatchExit::BoundaryRequested => {}
                CycleBatchExit::AlineTrap { opcode } => {
                    // ER_throw: A-line 0xA000 + error code (docs/rom-calls.md#errors).
                    let at = self.cpu.ppc;
                    self.serve(rom_calls::ER_throwVar.index, "ER_throw", at, |ctx| {
                        let code = opcode & 0x0FFF;
                        ctx.detail = format!("({code} {}) [A-line]", names::error_name(code));
                        errors::throw(ctx, code)
                    })?;
                    counters.rom_calls += 1;
                    self.rom_calls_total += 1;
                    continue;
                }
                CycleBatchExit::IllegalInstruction { opcode } => {
                    let pc = self.cpu.ppc;
                    return Err(Failure::IllegalInstruction {
                        opcode,
                        pc,
                        instruction: self.describe_instruction(pc),
                    });
                }
                CycleBatchExit::FlineTrap { opcode } => {
                    return Err(Failure::UnemulatedTrap {
                        what: format!("F-line opcode {opcode:#06x} (AMS F-line ROM calls)"),
                        pc: self.cpu.ppc,
                    })
                }
                CycleBatchExit::TrapInstruction { trap_num: 12 } => {
                    let at = self.cpu.ppc;
                    self.serve(
                        ams::traps::NOT_A_ROM_CALL,
                        ams::traps::TRAP_12,
                        at,
                        ams::traps::trap_12,
                    )?;
                    counters.rom_calls += 1;
                    continue;
                }
                CycleBatchExit::TrapInstruction { trap_num } => {
                    return Err(Failure::UnemulatedTrap {
                        what: format!("TRAP #{trap_num}"),
                        pc: self.cpu.ppc,
                    })
                }
                CycleBatchExit::Breakpoint { bp_num } => {
                    return Err(Failure::UnemulatedTrap {
                        what: format!("BKPT #{bp_num}"),
                        pc: self.cpu.ppc,
                    })
                }
                CycleBatchExit::Stopped => {
                    return Err(Failure::UnemulatedTrap {
                        what: "STOP".into(),
                        pc: self.cpu.ppc,
                    })
                }
            }
            if let Some(v) = self.bus.take_violation() {
                return Err(self.violation_failure(v, last_pc));
            }
        }
    }

    fn region_of(&self, pc: u32) -> &'static str {
        match self.bus.body_at(pc) {
            Some(_) => "a program's data, past its text",
            None => self.layout.describe(pc),
        }
    }

    fn budget_failure(&self, budget: u64) -> Failure {
        let pc = self.cpu.pc;
        let hint = if self.os.keys.empty_polls > 0 {
            format!(
                " (the program polled kbhit {} time(s) with the key queue empty: give it keys with Machine::push_keys)",
                self.os.keys.empty_polls
            )
        } else {
            String::new()
        };
        Failure::CycleBudget {
            budget,
            pc,
            instruction: self.describe_instruction(pc),
            hint,
        }
    }

    fn violation_failure(&self, v: Violation, pc: u32) -> Failure {
        let instruction = self.describe_instruction(pc);
        match v {
            Violation::Unmapped { address, .. }
                if self.layout.exception_at(self.cpu.pc) == Some(2)
                    && self.group0_frame().status & 3 == 2 =>
            {
                Failure::JumpOutside {
                    target: address,
                    region: self.region_of(address),
                    from: pc,
                    instruction,
                }
            }
            Violation::Unmapped {
                address,
                write,
                size,
            } => Failure::BusError {
                access: if write { "write" } else { "read" },
                address,
                size,
                region: self.layout.describe(address),
                pc,
                instruction,
            },
            Violation::WriteIntoCode { address, size } => Failure::WriteIntoCode {
                address,
                offset: self
                    .bus
                    .protected_text_hit(address, size)
                    .map_or(0, |c| address - c.base),
                size,
                pc,
                instruction,
            },
            Violation::WriteIntoRom { address, size } => Failure::WriteIntoRom {
                address,
                size,
                pc,
                instruction,
            },
            Violation::WriteIntoVectors { address, size } => Failure::WriteIntoVectors {
                address,
                size,
                pc,
                instruction,
                sp: self.cpu.dar[15],
            },
        }
    }

    fn exception_failure(&mut self, vector: u32, pc: u32) -> Failure {
        if vector == 3 {
            let Group0Frame {
                status, address, ..
            } = self.group0_frame();
            let access = if status & 3 == 2 {
                "instruction fetch"
            } else if status & 0x10 != 0 {
                "read"
            } else {
                "write"
            };
            return Failure::AddressError {
                access,
                address,
                pc,
                instruction: self.describe_instruction(pc),
            };
        }
        Failure::Exception {
            vector,
            name: names::vector_name(vector),
            pc,
            instruction: self.describe_instruction(pc),
        }
    }

    /// The frame of a bus or address error, at the supervisor stack pointer.
    ///
    /// On a real 68000 the frame is, from the stack pointer up: status word, access address,
    /// IR, SR, PC. The `m68k` crate (0.15.1) pushes the fields in the opposite order (PC
    /// lowest), so they are read here at its offsets; the unit test
    /// `group0_frame_layout_of_the_cpu_crate` pins this down.
    pub(crate) fn group0_frame(&self) -> Group0Frame {
        let ssp = self.cpu.dar[15];
        Group0Frame {
            pc: self.read_u32(ssp).unwrap_or(0),
            ir: self.read_u16(ssp + 6).unwrap_or(0),
            address: self.read_u32(ssp + 8).unwrap_or(0),
            status: self.read_u16(ssp + 12).unwrap_or(0),
        }
    }

    /// Serves the ROM call whose stub the CPU has reached. Returns whether the call moved
    /// control itself (a throw, a nested run) instead of returning through the stub.
    fn rom_call(&mut self, index: u16) -> Result<bool, Failure> {
        let sp = self.cpu.dar[15];
        let caller = self.read_u32(sp).unwrap_or(0);
        let Some(def) = self.registry.get(index).copied() else {
            return Err(Failure::RomCallNotEmulated {
                index,
                name: rom_calls::by_index(index).map_or("unknown", |c| c.name),
                caller,
            });
        };
        self.serve(index, def.call.name, caller, def.handler)
    }

    /// Runs `handler` as ROM call `index`, records it, and sets the result registers.
    /// Returns whether the handler moved control itself ([`Reply::Jumped`]).
    pub(crate) fn serve(
        &mut self,
        index: u16,
        name: &'static str,
        caller: u32,
        handler: impl FnOnce(&mut RomCtx<'_>) -> Result<Reply, Failure>,
    ) -> Result<bool, Failure> {
        let mut ctx = RomCtx {
            cpu: &mut self.cpu,
            bus: &mut self.bus,
            os: &mut self.os,
            layout: self.layout,
            index,
            name,
            caller,
            cycles: self.cycles,
            detail: String::new(),
        };
        let reply = handler(&mut ctx)?;
        let detail = std::mem::take(&mut ctx.detail);
        self.os.transcript.record(ams::CallRecord {
            index,
            name,
            caller,
            detail,
            cycles: self.cycles,
            repeats: 0,
        });
        let junk = CLOBBER | u32::from(index);
        let (d0, a0) = match reply {
            Reply::Jumped => return Ok(true),
            Reply::Void => (junk, junk),
            Reply::D0(v) => (v, junk),
            Reply::Short(v) => (junk & 0xFFFF_0000 | u32::from(v), junk),
            Reply::Byte(v) => (junk & 0xFFFF_FF00 | u32::from(v), junk),
            Reply::A0(v) => (junk, v),
        };
        let r = &mut self.cpu.dar;
        r[0] = d0;
        r[1] = junk;
        r[2] = junk;
        r[8] = a0;
        r[9] = junk;
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ti_build::ProgramImage;
    use ti_files::Model;

    /// A `short` result defines only d0's low word and a `char` result its low byte: the bits
    /// above hold the clobber marker, so reading them as a long (a wrong prototype) shows.
    #[test]
    fn short_and_char_results_leave_the_upper_bits_undefined() {
        // move.l (0xC8).w,a0 ; move.l disp(a0),a0 ; jsr (a0) ; rts
        let call = |index: u16| ProgramImage {
            body: [0x20, 0x78, 0x00, 0xC8, 0x20, 0x68]
                .into_iter()
                .chain((index * 4).to_be_bytes())
                .chain([0x4E, 0x90, 0x4E, 0x75])
                .collect(),
            text_len: 12,
            ..Default::default()
        };
        let mut m = Machine::new(Model::Ti89);
        m.load(&call(rom_calls::ngetchx.index)).unwrap(); // short
        m.push_keys(&[264]);
        assert_eq!(m.call_offset("ngetchx", 0, &[]).unwrap().d0, 0xDEAD_0108);
        m.load(&call(rom_calls::FontGetSys.index)).unwrap(); // unsigned char
        assert_eq!(m.call_offset("FontGetSys", 0, &[]).unwrap().d0, 0xDEAD_0101);
        m.load(&call(rom_calls::HeapAvail.index)).unwrap(); // unsigned long, all of d0
        let avail = m.heap_avail();
        assert_eq!(m.call_offset("HeapAvail", 0, &[]).unwrap().d0, avail);
    }

    /// The `m68k` crate writes the 68000 group-0 frame with the PC lowest; if a new version
    /// fixes the order, this test fails and `group0_frame` must follow.
    #[test]
    fn group0_frame_layout_of_the_cpu_crate() {
        // move.w (0x10001).l,d0 ; rts
        let image = ProgramImage {
            body: vec![0x30, 0x39, 0x00, 0x01, 0x00, 0x01, 0x4E, 0x75],
            text_len: 8,
            ..Default::default()
        };
        let mut m = Machine::new(Model::Ti89);
        let base = m.load(&image).unwrap().base;
        let e = m.call_offset("t", 0, &[]).unwrap_err();
        assert!(
            matches!(
                e,
                Failure::AddressError {
                    address: 0x10001,
                    access: "read",
                    ..
                }
            ),
            "{e}"
        );
        let f = m.group0_frame();
        assert_eq!((f.address, f.ir, f.status & 0x17), (0x10001, 0x3039, 0x11));
        assert!(f.pc.wrapping_sub(base) < 8, "{f:?}");
    }
}
