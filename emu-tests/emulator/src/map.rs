//! The memory map the harness gives a program: 256 KB of RAM from address 0, the LCD memory,
//! the stacks, the OS data, the handle table and the heap inside it, and a ROM region at the
//! model's ROM base holding the jump table, the ROM-call stubs and the exception stubs.
//!
//! Facts from docs/rom-calls.md#returning-to-ams (user stack 0x0400–0x4BFF),
//! docs/rom-calls.md#resolution-through-the-jump-table (jump-table pointer at 0xC8, `TIOS_entries`
//! at `jt - 4`, ROM base 0x200000 / 0x400000), docs/rom-calls.md#screen (LCD at 0x4C00, 3840 bytes,
//! 30 bytes a row). Everything else (where the heap, the OS variables and the stubs sit) is the
//! harness's own choice, picked so that the amounts look like a TI-89's (about 190 KB free).

use ti_files::Model;

/// Size of the RAM (TI-89, TI-92 Plus and Voyage 200 all have 256 KB).
pub const RAM_SIZE: u32 = 0x4_0000;
/// The first mirror of the RAM, the "ghost space" (0x40000-0x7FFFF): the RAM is partially
/// decoded, so on the TI-89, TI-92 Plus and Voyage 200 (HW1 and HW2) address `x + 0x40000`
/// reads and writes the byte at `x` (GCC4TI FAQ 49; TiEmu's memory maps mirror the 256 KB every
/// 0x40000 up to 0x1FFFFF). HW2's execution protection does not watch it, which is why
/// launchers run programs there (docs/rom-calls.md#the-asm-size-limit). The harness maps this
/// first mirror only: 0x80000-0x1FFFFF, which no program has a reason to use, stays unmapped so
/// that a stray pointer there is still a bus error. (A TI-89 Titanium has no mirror here.)
pub const GHOST: u32 = RAM_SIZE;
/// One past the last byte of the ghost space the harness maps.
pub const GHOST_END: u32 = 2 * RAM_SIZE;

/// The RAM address a (24-bit) address of RAM or of the ghost space names; other addresses
/// unchanged (bits 24-31 dropped, as the 68000's address bus does).
#[inline]
pub fn physical(address: u32) -> u32 {
    let a = address & 0x00FF_FFFF;
    if (GHOST..GHOST_END).contains(&a) {
        a - GHOST
    } else {
        a
    }
}

/// Whether `address` (24 bits) is in the ghost space the harness maps.
#[inline]
pub fn in_ghost(address: u32) -> bool {
    (GHOST..GHOST_END).contains(&(address & 0x00FF_FFFF))
}
/// Address of the long holding the jump table's address (AMS: `*(void***)0xC8`).
pub const JT_POINTER: u32 = 0xC8;
/// Lowest address of the user stack area (docs/rom-calls.md#returning-to-ams).
pub const USER_STACK_LOW: u32 = 0x0400;
/// Initial user stack pointer: the stack grows down from the LCD memory.
pub const USER_STACK_TOP: u32 = 0x4C00;
/// LCD memory: 240x128 pixels, 1 bit each, MSB leftmost, 1 = dark.
pub const LCD: u32 = 0x4C00;
/// Bytes of LCD memory.
pub const LCD_SIZE: u32 = 3840;
/// Bytes per LCD row.
pub const LCD_ROW_BYTES: u32 = 30;
/// Width of the LCD memory in pixels (every model; the TI-89 shows only 160 of them).
pub const LCD_WIDTH: u32 = 240;
/// Height of the LCD memory in pixels.
pub const LCD_HEIGHT: u32 = 128;
/// Initial supervisor stack pointer. The harness runs programs in user mode, as AMS does; the
/// supervisor stack only receives the frame of an exception, which ends the run.
pub const SUPERVISOR_STACK_TOP: u32 = 0x5F00;
/// Start of the OS variables the jump table points at (ScrRect, top_estack, ...).
pub const OS_DATA: u32 = 0x5F00;
/// The ScrRect structure (4 bytes: x0, y0, x1, y1).
pub const SCR_RECT: u32 = OS_DATA;
/// The `FiftyMsecTick` variable (an unsigned long counting 50 ms ticks up).
pub const FIFTY_MSEC_TICK: u32 = OS_DATA + 0x08;
/// Head of the error-frame list (ER_catch); AMS keeps it in RAM too.
pub const ERROR_FRAME_HEAD: u32 = OS_DATA + 0x0C;
/// The `bottom_estack` variable (a pointer to the ENDSTACK_TAG at the bottom of the
/// expression stack). AMS keeps it 8 bytes below `top_estack` (GCC4TI
/// `estack.h/bottom_estack.hsf`: `&top_estack - 2`), and so does the harness.
pub const BOTTOM_ESTACK: u32 = OS_DATA + 0x10;
/// The `estack_max_index` variable (the highest usable byte of the expression stack),
/// 4 bytes below `top_estack` (GCC4TI `estack.h/estack_max_index.hsf`).
pub const ESTACK_MAX_INDEX: u32 = OS_DATA + 0x14;
/// The `top_estack` variable (a pointer to the last byte of the expression stack).
pub const TOP_ESTACK: u32 = OS_DATA + 0x18;
/// The buffer SymFindFolderName returns (a folder name, zero-terminated, 9 bytes).
pub const FOLDER_NAME_BUFFER: u32 = OS_DATA + 0x20;
/// The expression stack area: its first byte holds the ENDSTACK_TAG `bottom_estack` points
/// at; it grows up to [`ESTACK_END`].
pub const ESTACK: u32 = 0x8000;
/// One past the last byte of the expression stack area (16 KB).
pub const ESTACK_END: u32 = 0xC000;
/// The handle table: the long at `HANDLE_TABLE + 4 * h` is the address of handle `h`'s block.
pub const HANDLE_TABLE: u32 = 0x6000;
/// Number of handles (handle 0 is H_NULL and never allocated).
pub const HANDLE_COUNT: u32 = 2048;
/// First byte of the heap.
pub const HEAP_START: u32 = 0x1_0000;
/// One past the last byte of the heap (the end of RAM).
pub const HEAP_END: u32 = RAM_SIZE;

/// Size of the ROM region (2 MB FLASH on every model here).
pub const ROM_SIZE: u32 = 0x20_0000;
/// Offset in ROM of the hardware parameter block pointer
/// (docs/rom-calls.md#model-and-ams-detection).
pub const ROM_HW_PARM_POINTER: u32 = 0x104;
/// Offset in ROM of the hardware parameter block itself.
pub const ROM_HW_PARM_BLOCK: u32 = 0x200;
/// Offset in ROM of the jump table (`TIOS_entries` sits just below it).
pub const ROM_JUMP_TABLE: u32 = 0x1000;
/// Number of jump-table entries: 0x608, as on AMS 3.00/3.01
/// (docs/rom-calls.md#resolution-through-the-jump-table).
pub const TIOS_ENTRIES: u32 = 0x608;
/// Offset in ROM of the ROM-call stubs: entry `i` points at `stubs + 2 * i`, an `rts`.
pub const ROM_CALL_STUBS: u32 = 0x4000;
/// Offset in ROM of the exception stubs: vector `v` points at `stubs + 2 * v`.
pub const ROM_EXCEPTION_STUBS: u32 = 0x6000;
/// Offset in ROM of the return address pushed by the harness: reaching it ends a call.
pub const ROM_RETURN: u32 = 0x7000;
/// Offset in ROM of the address a program run by NG_execute returns to: reaching it ends the
/// nested run and returns from NG_execute.
pub const ROM_NG_RETURN: u32 = 0x7010;
/// Offset in ROM of the resume address of the ER_catch frame NG_execute registers around a
/// nested run: an error thrown out of the nested program unwinds through it.
pub const ROM_NG_UNWIND: u32 = 0x7020;

/// The 68000 opcode of `rts`, the instruction at every ROM-call stub.
pub const OPCODE_RTS: u16 = 0x4E75;

/// Addresses that depend on the calculator model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The model.
    pub model: Model,
    /// ROM base: 0x200000 on the TI-89 and V200, 0x400000 on the TI-92 Plus.
    pub rom_base: u32,
}

impl Layout {
    /// The layout of a model.
    pub fn of(model: Model) -> Layout {
        let rom_base = match model {
            Model::Ti92Plus => 0x40_0000,
            _ => 0x20_0000,
        };
        Layout { model, rom_base }
    }

    /// Address of the jump table (the value stored at 0xC8).
    pub fn jump_table(&self) -> u32 {
        self.rom_base + ROM_JUMP_TABLE
    }

    /// Address of ROM call `index`'s stub.
    pub fn rom_call_stub(&self, index: u16) -> u32 {
        self.rom_base + ROM_CALL_STUBS + 2 * u32::from(index)
    }

    /// The ROM call whose stub is at `pc`, if it is one.
    pub fn rom_call_at(&self, pc: u32) -> Option<u16> {
        let off = pc.checked_sub(self.rom_base + ROM_CALL_STUBS)?;
        (off % 2 == 0 && off / 2 < TIOS_ENTRIES).then_some((off / 2) as u16)
    }

    /// Address of exception vector `vector`'s stub.
    pub fn exception_stub(&self, vector: u32) -> u32 {
        self.rom_base + ROM_EXCEPTION_STUBS + 2 * vector
    }

    /// The exception vector whose stub is at `pc`, if it is one.
    pub fn exception_at(&self, pc: u32) -> Option<u32> {
        let off = pc.checked_sub(self.rom_base + ROM_EXCEPTION_STUBS)?;
        (off % 2 == 0 && off / 2 < 256).then_some(off / 2)
    }

    /// The return address the harness pushes before calling into a program.
    pub fn return_address(&self) -> u32 {
        self.rom_base + ROM_RETURN
    }

    /// The return address of a program run by NG_execute.
    pub fn ng_return(&self) -> u32 {
        self.rom_base + ROM_NG_RETURN
    }

    /// The resume address of NG_execute's own ER_catch frame.
    pub fn ng_unwind(&self) -> u32 {
        self.rom_base + ROM_NG_UNWIND
    }

    /// Whether `address` is inside the ROM region.
    pub fn in_rom(&self, address: u32) -> bool {
        address.wrapping_sub(self.rom_base) < ROM_SIZE
    }

    /// The ScrRect rectangle: the whole screen less the status line. x1 is what programs test
    /// to tell a TI-89 (159) from a 92 Plus / V200 (239) (docs/rom-calls.md#screen); the y1 values
    /// (92 and 120, above a 7-pixel status line) are the harness's choice.
    pub fn scr_rect(&self) -> [u8; 4] {
        match self.model {
            Model::Ti89 => [0, 0, 159, 92],
            _ => [0, 0, 239, 120],
        }
    }

    /// Human-readable description of what lives at `address`, for failure messages.
    pub fn describe(&self, address: u32) -> &'static str {
        let a = address & 0x00FF_FFFF;
        if in_ghost(a) {
            return "the ghost space (the RAM's mirror at +0x40000)";
        }
        if a < 0x400 {
            "the exception vector table"
        } else if a < USER_STACK_TOP {
            "the user stack area"
        } else if a < LCD + LCD_SIZE {
            "the LCD memory"
        } else if a < HANDLE_TABLE {
            "the OS data area"
        } else if a < HANDLE_TABLE + 4 * HANDLE_COUNT {
            "the handle table"
        } else if (ESTACK..ESTACK_END).contains(&a) {
            "the expression stack"
        } else if a < HEAP_START {
            "reserved system RAM"
        } else if a < RAM_SIZE {
            "the heap"
        } else if (0x60_0000..0x60_0020).contains(&a) || (0x70_0000..0x70_0020).contains(&a) {
            "the I/O ports (not emulated)"
        } else if self.in_rom(a) {
            "the ROM"
        } else if a < 0x20_0000 {
            "the RAM's further mirrors (not mapped by the harness)"
        } else {
            "unmapped memory"
        }
    }
}
