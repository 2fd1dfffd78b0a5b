//! The 68000 CPU harness: runs a program made by the project's linker on an emulated 68000,
//! under a high-level AMS, and says exactly what went wrong when it misbehaves.
//!
//! # The emulator crate
//!
//! It uses the [`m68k`] crate (0.15, MIT), chosen over `r68k` and `m68000`
//! (docs/building.md#the-68000-emulator-crates measured all three; they agree on cycle counts
//! within 2 %):
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
//! starting at 0x4C00, LCD at 0x4C00, OS data (ScrRect, FiftyMsecTick, the error-frame list,
//! bottom_estack / estack_max_index / top_estack), the handle table at 0x6000, the
//! expression stack at 0x8000-0xBFFF, the heap from 0x10000 to the end of RAM, 192 KB, which
//! also holds the VAT's tables); the ROM region at 0x200000 (TI-89, V200) or 0x400000 (TI-92
//! Plus) with the jump table (its address at 0xC8, `TIOS_entries` = 0x608 below it), one
//! `rts` stub per ROM call, one stub per exception vector, the return address the harness
//! pushes and the two addresses NG_execute uses around a nested program. Everything else is
//! unmapped: touching it is a bus error.
//!
//! The CPU may execute only inside a loaded program's text: the program the test loaded,
//! every ASM program NG_execute ran and every image a program relocated with EX_patch
//! (each registered as a [`CodeRange`] when it is loaded, forgotten when its block is freed),
//! at its RAM address or at the same address in the ghost space (+0x40000).
//! Jumping anywhere else is a [`Failure::JumpOutside`]; writing into a text whose length is
//! known (a [`ti_build::ProgramImage`]'s) is a [`Failure::WriteIntoCode`].
//!
//! # API
//!
//! ```no_run
//! use ti_emulator::Machine;
//! use ti_files::{Integer, Model, Value};
//! # fn program(_: &str) -> ti_build::ProgramImage { unimplemented!() }
//!
//! // A ProgramImage: the project's linker output (`ti_build::build`), or a test fixture
//! // (`emu_tests::fixture::assemble_fixture`).
//! let image = program("sum");
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
//!
//! // Programs and variables in the VAT, as on a calculator (same calls as the TiEmu bench).
//! let ai = program("child");
//! m.store_program("ai1\\joueur", &ai).unwrap(); // creates the folder ai1
//! m.set_value("ai1\\colonne", &Value::Integer(Integer::from(0))).unwrap();
//! m.set_current_folder("ai1").unwrap();
//! m.run("ai1\\joueur", "").unwrap(); // typed on the home screen: NG_execute
//! println!("{:?}", m.get_value("ai1\\colonne").unwrap());
//! println!("{:?}", m.runs()); // every program NG_execute ran, its cycles, how it ended
//! ```
//!
//! - Loading: [`Machine::load`] (a [`ti_build::ProgramImage`]: protects its text, knows its
//!   exports) and [`Machine::load_variable_data`] (the bytes of a `.89z`'s variable, as AMS).
//! - Calling: [`Machine::call`] (an export, with arguments) and [`Machine::run_program`] (the
//!   entry; then fails on heap leaks and ER_catch frames left). Both check that d3-d7/a2-a6
//!   and the stack pointer are preserved. [`CallOutcome`] has d0, a0, cycles, instructions.
//! - The VAT, as the TiEmu bench reaches it over the link: [`Machine::new_folder`],
//!   [`Machine::set_value`], [`Machine::send_variables`], [`Machine::send_file`],
//!   [`Machine::store_program`], [`Machine::install`] (a built program, a launcher with its
//!   body), [`Machine::set_archived`], [`Machine::get_value`], [`Machine::get_variable`],
//!   [`Machine::list_vat`], [`Machine::set_locked`], [`Machine::current_folder`],
//!   [`Machine::set_current_folder`]; [`Machine::run`] runs a program of the VAT by name (with
//!   the same leak and error-frame checks as `run_program`); [`Machine::runs`] lists what
//!   NG_execute ran with cycle counts; [`Machine::estack`] shows the expression stack.
//! - Memory: [`Machine::alloc`], [`Machine::alloc_bytes`], [`Machine::read_bytes`],
//!   [`Machine::write_bytes`], [`Machine::read_u32`], ...
//! - The OS: [`Machine::push_keys`], [`Machine::answer_keys`], [`Machine::transcript`],
//!   [`Machine::screenshot`], [`Machine::take_prompts`] (each key read, with the screen it was
//!   read on), [`find_text`] (the screen oracle: a text on a screenshot),
//!   [`Machine::save_screen_png`], [`Machine::register_rom_call`].
//! - Profiling: [`Machine::start_profiling`] / [`Machine::stop_profiling`] or
//!   [`Machine::profile_call`] with the build's symbol map give a [`Profile`]: cycles per
//!   function, callers, hot instructions, a text table and a flame graph (docs/profiling.md).
//! - Limits: [`Machine::set_budget`] (cycles per call). Every failure is a [`Failure`] naming
//!   the PC, the address and the instruction.
//!
//! # ROM calls served
//!
//! One file per area under [`ams`]; each file's doc says exactly how its calls behave.
//!
//! | area | calls (jump-table index) |
//! | --- | --- |
//! | [`ams::heap`] | HeapAvail 8F, HeapAlloc 90, HeapAllocHigh 92, HeapAllocThrow 93, HeapDeref 96, HeapFree 97, HLock 99, HeapLock 9A, HeapGetLock 9B, HeapMax 9C, HeapRealloc 9D, HeapSize 9E, HeapUnlock 9F, HeapAllocPtr A2, HeapFreePtr A3, HeapPtrToHandle 23A |
//! | [`ams::screen`] | ScrRect 2F (variable), FontGetSys 18E, FontSetSys 18F, ScrRectFill 189, DrawClipEllipse 192, ClrScr 19E, DrawChar 1A4, DrawLine 1A7, DrawPix 1A8, DrawStr 1A9 |
//! | [`ams::statline`] | ST_folder E4, ST_helpMsg E6 (recorded, not drawn) |
//! | [`ams::keyboard`] | ngetchx 51, kbhit 52, GKeyFlush 180 |
//! | [`ams::errors`] | ER_throwVar 153, ER_catch 154, ER_success 155, A-line ER_throw |
//! | [`ams::timers`] | OSRegisterTimer F0, OSFreeTimer F1, OSTimerCurVal F2, OSTimerExpired F3, OSTimerRestart F4, FiftyMsecTick 4FC (variable) |
//! | [`ams::system`] | FL_getHardwareParmBlock 16B |
//! | [`ams::estack`] | top_estack 109, bottom_estack 432, estack_max_index 5BF (variables), next_expression_index 10A, HS_popEStack 244, push_END_TAG 263, push_LIST_TAG 264, delete_expression 2C5, estack_to_short 2C7, estack_to_ushort 2C8, push_expr_quantum 2E9, push_quantum 2EE, push_zstr 48A, push_long_to_integer 4E3, push_ulong_to_integer 4E4 |
//! | [`ams::parse`] | TokenizeSymName 80, push_parse_text 3CA |
//! | [`ams::symbols`] | SymAdd 5C, SymAddMain 5D, SymDel 5E, HSymDel 5F, SymFind 60, SymFindMain 61, FolderAdd 64, FolderCur 65, FolderDel 66, FolderFind 67, FolderGetCur 68, SymFindFirst 6C, SymFindNext 6D, SymFindFolderName 6F, DerefSym 79, SymFindPtr 283 |
//! | [`ams::store`] | VarRecall 85, VarStore 86 |
//! | [`ams::exec`] | EX_patch 15A, NG_execute 25D |
//! | [`ams::traps`] | `trap #12`, the trap #11 vector's function 0xF (a launcher's way into the ghost space on AMS 2) |
//!
//! Where the emulation simplifies AMS (each a documented choice, never a silent guess):
//! - compaction is modelled one way: before every allocation a program asks for (HeapAlloc*,
//!   HeapAllocPtr, HeapRealloc, HS_popEStack) every unlocked block moves, with any program
//!   image in it, and the heap is compacted when no free place is large enough and before
//!   every HeapAllocHigh (AMS compresses first there); the OS's own allocations (VAT calls, a
//!   variable the link receives) move nothing but the block they grow, unless no free place is
//!   large enough: then the heap is compacted first, as AMS does before it refuses;
//! - the VAT has no archive memory, twins, temporary folders or system variables; SymAdd or
//!   VarStore into a missing folder fails where AMS would open its "create folder?" dialog;
//! - push_parse_text knows one line of a small grammar (a program call with integer and
//!   string arguments, a literal, a name, a store with the arrow 0x16); NG_execute runs one
//!   statement: a call of an ASM program (nested, with AMS's own error frame around it), a
//!   store, a literal; a call of an undefined program stays unevaluated as AMS leaves any
//!   undefined function; a TI-BASIC program is a clear failure (no TI-BASIC interpreter);
//! - of the RAM's mirrors only the first, the ghost space 0x40000-0x7FFFF that HW2 launchers
//!   run programs in, is mapped ([`map::GHOST`]); AMS 2's protection function (trap #11,
//!   function 0xF) does what PedroM's does, nothing but its `rte` ([`ams::traps`]);
//! - ROM calls take no emulated time (only the stub's `rts`).

pub mod ams;
mod bus;
mod call;
mod disasm;
mod failure;
mod lcd;
pub mod link;
mod load;
mod machine;
pub mod map;
mod memory;
mod oracle;
pub mod profile;
mod run;
mod session;
mod vars;

pub use bus::{Bus, CodeRange, Violation};
pub use call::CallOutcome;
pub use failure::Failure;
pub use lcd::Prompt;
pub use load::MAX_DATA;
pub use machine::{Loaded, Machine, DEFAULT_BUDGET};
pub use memory::ReadMemory;
pub use oracle::{find_text, render as render_text, TextMatch};
pub use profile::Profile;
pub use run::Counters;
pub use session::RunState;
