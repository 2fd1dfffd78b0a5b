//! The wasm imports of module `ams`: the boundary between the program (wasm32) and the
//! calculator. Each import is implemented in C by `ams.c` in this folder, which calls the AMS
//! ROM function through the jump table at 0xC8. This file holds all the `unsafe` of the
//! programs: the safe API of [`super`] is built on it.
//!
//! Scalars cross by value. Byte strings cross as an (offset, length) pair in linear memory:
//! the C side copies them out (linear memory is stored byte-reversed on the 68000), so a
//! string never needs a terminating zero here.

#[link(wasm_import_module = "ams")]
unsafe extern "C" {
    /// The model running the program: 0 TI-89, 1 TI-92 Plus, 3 Voyage 200 (TIGCC's
    /// `CALCULATOR` values), from the jump-table address and `ScrRect`.
    pub safe fn calc_model() -> i32;
    /// `ClrScr` (ROM 0x19E): clears the current drawing port (the screen).
    pub safe fn clr_scr();
    /// `FontSetSys` (ROM 0x18F): selects the system font, returns the previous one.
    pub safe fn font_set_sys(font: i32) -> i32;
    /// `ngetchx` (ROM 0x51): waits for a key and returns its code.
    pub safe fn ngetchx() -> i32;
    /// `DrawStr` (ROM 0x1A9) of the `len` bytes at `text`, at pixel (x, y), with attribute
    /// `attr`; at most 63 bytes are drawn.
    fn draw_str(x: i32, y: i32, text: *const u8, len: usize, attr: i32);
}

/// Draws `text` at (x, y): see the import `draw_str`.
pub fn draw_text(x: i32, y: i32, text: &[u8], attr: i32) {
    // SAFETY: the pointer and length describe a live slice of linear memory; the C side only
    // reads `len` bytes from it.
    unsafe { draw_str(x, y, text.as_ptr(), text.len(), attr) }
}
