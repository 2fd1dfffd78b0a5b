//! The 68000 CPU harness: runs a program made by the project's linker on an emulated 68000,
//! under a high-level AMS, and says exactly what went wrong when it misbehaves.
//!
//! # The emulator crate
//!
//! It uses the [`m68k`] crate (0.15, MIT), chosen over `r68k` and `m68000` (docs/toolchain.md
//! §4 measured all three; they agree on cycle counts within 2 %):
//! - it behaves as a real 68000 on 68020-only opcodes: `mulu.l`/`divs.l` are illegal
//!   instructions and `bra.l` (0x60FF) is a `bra.s` with displacement -1, an address error,
//!   which is exactly what our "68000-only" checks must catch (the other two treat `bra.l`
//!   as an illegal instruction);
//! - it models the 68000's bus and address errors with real exception frames, the two-word
//!   prefetch, and cycle-exact timing (validated against the SingleStepTests 68000 suite);
//! - it hands A-line, F-line, TRAP and illegal opcodes back to the host without taking the
//!   exception (A-line is how AMS's `ER_throw` works), and its `run_for_cycles_with_hook`
//!   lets the harness stop at any chosen address (ROM-call stubs, the return address);
//! - it is 100 % safe Rust and actively released.
//!
//! `r68k` is faster in its coarse mode but is a port of Musashi with imprecise cycles; the
//! `m68000` crate is a cycle-counting interpreter used in one test as a cross-check.
//!
//! # Memory map
//!
//! See [`map`]: RAM 256 KB from 0 (vectors, user stack 0x400-0x4BFF with the stack pointer
//! starting at 0x4C00, LCD at 0x4C00, OS data, the handle table at 0x6000, the heap from
//! 0x10000 to the end of RAM, 192 KB); the ROM region at 0x200000 (TI-89, V200) or 0x400000
//! (TI-92 Plus) with the jump table (its address at 0xC8, `TIOS_entries` = 0x608 below it),
//! one `rts` stub per ROM call, one stub per exception vector, and the return address the
//! harness pushes. Everything else is unmapped: touching it is a bus error.
//!
//! # API
//!
//! ```no_run
//! use emu_tests::cpu::{fixture, Machine};
//! use host::file::Model;
//!
//! let image = fixture::assemble_fixture("sum").unwrap(); // or the project's linker output
//! let mut m = Machine::new(Model::Ti89);
//! m.load(&image).unwrap(); // as AMS: heap block, EX_patch walk
//! let data = m.alloc_bytes(&[0, 1, 0, 2, 0, 3]).unwrap(); // a buffer in emulated RAM
//! let out = m.call("sum_words", &[data, 3]).unwrap(); // C convention: 4-byte slots
//! assert_eq!(out.d0, 6);
//! println!("{} cycles, {} instructions", out.counters.cycles, out.counters.instructions);
//!
//! m.push_keys(&[13]); // ENTER, for ngetchx
//! m.run_program().unwrap(); // entry at offset 0, as AMS starts a nostub program
//! println!("{:?}", m.transcript().drawn()); // the strings the program drew
//! m.save_screen_png(std::path::Path::new("screen.png"), 2).unwrap();
//! ```
//!
//! - Loading: [`Machine::load`] (a [`host::build::ProgramImage`]: protects its text, knows its
//!   exports) and [`Machine::load_variable_data`] (the bytes of a `.89z`'s variable, as AMS).
//! - Calling: [`Machine::call`] (an export, with arguments) and [`Machine::run_program`] (the
//!   entry; then fails on heap leaks and ER_catch frames left). Both check that d3-d7/a2-a6
//!   and the stack pointer are preserved. [`CallOutcome`] has d0, a0, cycles, instructions.
//! - Memory: [`Machine::alloc`], [`Machine::alloc_bytes`], [`Machine::read_bytes`],
//!   [`Machine::write_bytes`], [`Machine::read_u32`], ...
//! - The OS: [`Machine::push_keys`], [`Machine::transcript`], [`Machine::screenshot`],
//!   [`Machine::save_screen_png`], [`Machine::register_rom_call`] (see [`ams`] for the calls
//!   served).
//! - Limits: [`Machine::set_budget`] (cycles per call). Every failure is a [`Failure`] naming
//!   the PC, the address and the instruction.

pub mod ams;
mod bus;
mod call;
mod disasm;
mod failure;
pub mod fixture;
mod lcd;
mod load;
mod machine;
pub mod map;
mod run;
mod vars;

pub use bus::{Bus, CodeRange, Violation};
pub use call::CallOutcome;
pub use failure::Failure;
pub use lcd::Screenshot;
pub use load::MAX_DATA;
pub use machine::{Loaded, Machine, DEFAULT_BUDGET};
pub use run::Counters;
