//! The high-level AMS: the operating system services a program reaches through the jump table
//! at 0xC8, served in Rust.
//!
//! Every jump-table entry of a ROM *function* points at its own stub in ROM, an `rts`. When the
//! CPU reaches a stub, the run loop stops, the registered [`RomCallDef`] reads its arguments from
//! the stack under the AMS convention (docs/rom-calls.md#calling-convention: pushed right to left,
//! `short` in 2-byte slots, longs and pointers in 4), does the work on the emulated machine, and
//! sets its result (integers in d0, pointers in a0); then the CPU executes the stub's `rts` for
//! real. d1, d2, a1 and whichever of d0/a0 holds no result are then overwritten with a marker
//! ([`CLOBBER`] plus the index), as the ROM clobbers them: code that expects them preserved, or
//! that reads a pointer result from d0, fails visibly. Likewise a `short` (or `HANDLE`) result
//! defines only the low word of d0 and a `char` result only its low byte: the bits above carry the
//! marker, so code that reads a short result as a long (a wrong prototype) sees garbage, as it may
//! on AMS. The entries of ROM *variables* (ScrRect, top_estack, bottom_estack, estack_max_index,
//! FiftyMsecTick) hold the variable's address in the OS data area.
//!
//! A call that throws an AMS error (as the real one would) returns [`Stop::Throw`] from its
//! body; [`throwing`] turns that into the unwinding to the newest ER_catch frame.
//!
//! The calls served, one file per area: [`heap`], [`screen`], [`keyboard`], [`errors`],
//! [`timers`], [`system`], [`statline`], [`estack`], [`parse`], [`symbols`] (with the VAT's
//! layout in [`vat`]), [`store`], [`exec`]. Each file has a `CALLS` table; [`Registry::standard`]
//! joins them and [`Registry::register`] lets a test add or replace one. Calls are named, never
//! numbered: their indexes come from the project's one table of ROM calls,
//! [`ti_build::rom_calls`]. Any other index fails with [`Failure::RomCallNotEmulated`], naming the
//! call when the table knows it. Every call served is recorded in the
//! [`Transcript`].

pub mod errors;
pub mod estack;
pub mod exec;
pub mod font;
pub mod heap;
pub mod keyboard;
pub mod names;
pub mod parse;
pub mod screen;
pub mod statline;
pub mod store;
pub mod symbols;
pub mod system;
pub mod timers;
mod transcript;
pub mod traps;
pub mod vat;

pub use transcript::{CallRecord, DrawnText, Transcript};

use crate::memory::ReadMemory;
use m68k::CpuCore;
use ti_build::rom_calls::{self, RomCall};

use super::bus::Bus;
use super::failure::Failure;
use super::map::{self, Layout};

/// Marker written into the registers a ROM call clobbers, and into the undefined upper bits of
/// d0 after a `short` or `char` result (the low word holds the call's index).
pub const CLOBBER: u32 = 0xDEAD_0000;

/// What a ROM call hands back to the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// No result (d0 and a0 are clobbered).
    Void,
    /// A `long` (or `HSym`) result: all of d0.
    D0(u32),
    /// A `short` or `HANDLE` result: the low word of d0 (the upper word is clobbered).
    Short(u16),
    /// A `char` result: the low byte of d0 (the bytes above are clobbered).
    Byte(u8),
    /// A pointer result in a0.
    A0(u32),
    /// The call moved control itself (a throw): no `rts`, no clobbering.
    Jumped,
}

/// The function serving one ROM call.
pub type RomHandler = fn(&mut RomCtx<'_>) -> Result<Reply, Failure>;

/// Why a ROM call stops before it finishes: the harness fails the run, or the call throws an
/// AMS error as the real one would (unwinding to the newest ER_catch frame).
#[derive(Debug)]
pub enum Stop {
    /// The run fails (misuse, something not emulated).
    Fail(Failure),
    /// AMS error `code` is thrown.
    Throw(u16),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Stop {
        Stop::Fail(f)
    }
}

/// What a ROM call's body returns: a reply, or a reason to stop.
pub type Served<T> = Result<T, Stop>;

/// Runs `body` as the ROM call of `ctx`, turning [`Stop::Throw`] into a real throw.
pub fn throwing(
    ctx: &mut RomCtx<'_>,
    body: impl FnOnce(&mut RomCtx<'_>) -> Served<Reply>,
) -> Result<Reply, Failure> {
    match body(ctx) {
        Ok(reply) => Ok(reply),
        Err(Stop::Fail(f)) => Err(f),
        Err(Stop::Throw(code)) => {
            if !ctx.detail.is_empty() {
                ctx.detail.push(' ');
            }
            ctx.detail
                .push_str(&format!("throws {code} ({})", names::error_name(code)));
            errors::throw(ctx, code)
        }
    }
}

/// One served ROM call: the call (its name and jump-table index, from the project's table
/// [`ti_build::rom_calls`]) and its handler.
#[derive(Clone, Copy)]
pub struct RomCallDef {
    /// The call.
    pub call: RomCall,
    /// The code that serves it.
    pub handler: RomHandler,
}

/// One ROM variable: the jump-table entry holds its address.
#[derive(Clone, Copy, Debug)]
pub struct RomVarDef {
    /// The variable (a [`ti_build::rom_calls::RomCallKind::Variable`] of the table).
    pub call: RomCall,
    /// Its address in the OS data area.
    pub address: u32,
}

/// The ROM variables the harness provides.
pub const VARIABLES: &[RomVarDef] = &[
    RomVarDef {
        call: rom_calls::ScrRect,
        address: map::SCR_RECT,
    },
    RomVarDef {
        call: rom_calls::top_estack,
        address: map::TOP_ESTACK,
    },
    RomVarDef {
        call: rom_calls::bottom_estack,
        address: map::BOTTOM_ESTACK,
    },
    RomVarDef {
        call: rom_calls::FiftyMsecTick,
        address: map::FIFTY_MSEC_TICK,
    },
    RomVarDef {
        call: rom_calls::estack_max_index,
        address: map::ESTACK_MAX_INDEX,
    },
];

/// The table of served ROM calls, indexed by jump-table index.
#[derive(Clone)]
pub struct Registry {
    calls: Vec<Option<RomCallDef>>,
}

impl Registry {
    /// Every call the harness serves.
    pub fn standard() -> Registry {
        let mut r = Registry {
            calls: vec![None; map::TIOS_ENTRIES as usize],
        };
        for table in [
            heap::CALLS,
            screen::CALLS,
            keyboard::CALLS,
            errors::CALLS,
            timers::CALLS,
            system::CALLS,
            estack::CALLS,
            parse::CALLS,
            symbols::CALLS,
            store::CALLS,
            exec::CALLS,
            statline::CALLS,
        ] {
            for def in table {
                r.register(*def);
            }
        }
        r
    }

    /// Adds a call, or replaces the one with the same index. Indexes at or above
    /// `TIOS_entries` (0x608) do not exist on AMS 3 and are ignored.
    pub fn register(&mut self, def: RomCallDef) {
        if let Some(slot) = self.calls.get_mut(usize::from(def.call.index)) {
            *slot = Some(def);
        }
    }

    /// The call served at `index`.
    pub fn get(&self, index: u16) -> Option<&RomCallDef> {
        self.calls.get(index as usize)?.as_ref()
    }

    /// Every served call, by index.
    pub fn served(&self) -> impl Iterator<Item = &RomCallDef> {
        self.calls.iter().flatten()
    }
}

/// The state of the emulated OS.
#[derive(Default)]
pub struct OsState {
    /// The heap and its handle table.
    pub heap: heap::Heap,
    /// Font and drawing state.
    pub screen: screen::Screen,
    /// The scripted key queue.
    pub keys: keyboard::Keys,
    /// The notify timers.
    pub timers: timers::Timers,
    /// Every ROM call served, and the text drawn.
    pub transcript: Transcript,
    /// The folders and variables (the tables themselves are heap blocks in emulated RAM).
    pub vat: vat::Vat,
    /// The programs running nested inside NG_execute, innermost last.
    pub nested: Vec<exec::NestedRun>,
    /// Every program NG_execute ran, with its cycle count and how it ended.
    pub runs: Vec<exec::RunRecord>,
    /// What the status line shows.
    pub status: statline::StatusLine,
}

/// What a ROM-call handler works with: the CPU, memory, the OS state, and the call's identity.
pub struct RomCtx<'a> {
    /// The CPU (registers).
    pub cpu: &'a mut CpuCore,
    /// Memory.
    pub bus: &'a mut Bus,
    /// The OS state.
    pub os: &'a mut OsState,
    /// The model's addresses.
    pub layout: Layout,
    /// Jump-table index of the call.
    pub index: u16,
    /// Its name.
    pub name: &'static str,
    /// The return address (for an A-line throw, the address of the opcode).
    pub caller: u32,
    /// Cycles run since the machine was created (for the timers).
    pub cycles: u64,
    /// Readable arguments, recorded in the transcript (the handler fills it).
    pub detail: String,
}

impl RomCtx<'_> {
    /// A failure naming this call and `problem`.
    pub fn misuse(&self, problem: impl Into<String>) -> Failure {
        Failure::RomCallMisuse {
            index: self.index,
            name: self.name,
            caller: self.caller,
            problem: problem.into(),
        }
    }

    /// The arguments, read from the stack under the AMS convention: `sizes` gives each
    /// argument's slot size (2 for `short`/`char`/`HANDLE`, 4 for `long`/pointers), first
    /// argument first. Values are zero-extended; cast 2-byte ones with `as i16` when signed.
    pub fn args<const N: usize>(&self, sizes: [u32; N]) -> Result<[u32; N], Failure> {
        let mut at = self.cpu.dar[15].wrapping_add(4);
        let mut out = [0; N];
        for (slot, size) in out.iter_mut().zip(sizes) {
            *slot = match size {
                2 => u32::from(self.read_u16(at)?),
                _ => self.read_u32(at)?,
            };
            at = at.wrapping_add(size);
        }
        Ok(out)
    }

    /// Writes bytes into RAM on the program's behalf (the OS may write anywhere in RAM, but
    /// writing into the program's code, into the exception vectors or outside RAM is the
    /// caller's bug).
    pub fn write_bytes(&mut self, address: u32, data: &[u8]) -> Result<(), Failure> {
        // A buffer in the ghost space is the RAM below it (a program run there passes its
        // own addresses).
        let last = address.wrapping_add((data.len() as u32).max(1) - 1);
        let address = if map::in_ghost(address) && map::in_ghost(last) {
            map::physical(address)
        } else {
            address
        };
        let end = address.wrapping_add(data.len() as u32);
        if end > map::RAM_SIZE || end < address {
            return Err(self.misuse(format!(
                "it would write {} byte(s) at {address:#08x}, outside RAM",
                data.len()
            )));
        }
        if address < map::USER_STACK_LOW {
            return Err(self.misuse(format!(
                "it would write {} byte(s) at {address:#08x}, into the exception vector table",
                data.len()
            )));
        }
        if let Some(code) = self.bus.protected_text_hit(address, data.len() as u32) {
            return Err(self.misuse(format!(
                "it would write {} byte(s) at {address:#08x}, into the code of {}",
                data.len(),
                code.label
            )));
        }
        self.bus.poke(address, data);
        Ok(())
    }

    /// Writes a big-endian long.
    pub fn write_u32(&mut self, address: u32, value: u32) -> Result<(), Failure> {
        self.write_bytes(address, &value.to_be_bytes())
    }

    /// Reads a zero-terminated string of at most `max` bytes.
    pub fn read_cstr(&self, address: u32, max: u32) -> Result<Vec<u8>, Failure> {
        let mut out = Vec::new();
        let mut b = [0u8];
        for i in 0..max {
            self.bus
                .peek(address.wrapping_add(i), &mut b)
                .ok_or_else(|| {
                    self.misuse(format!(
                        "the string at {address:#08x} runs into unmapped memory"
                    ))
                })?;
            if b[0] == 0 {
                return Ok(out);
            }
            out.push(b[0]);
        }
        Err(self.misuse(format!(
            "the string at {address:#08x} has no terminating zero within {max} bytes"
        )))
    }
}

impl ReadMemory for RomCtx<'_> {
    fn read_bytes(&self, address: u32, len: u32) -> Result<Vec<u8>, Failure> {
        let mut out = vec![0; len as usize];
        self.bus.peek(address, &mut out).ok_or_else(|| {
            self.misuse(format!(
                "{len} byte(s) at {address:#08x} are not all in mapped memory ({})",
                self.layout.describe(address)
            ))
        })?;
        Ok(out)
    }
}

/// Text of a TI string for transcripts: ASCII as is, other bytes as `\xNN`.
pub fn ti_text(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if (0x20..0x7F).contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02x}"));
        }
    }
    s
}
