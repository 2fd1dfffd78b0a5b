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
    /// `ClrScr`: clears the current drawing port (the screen).
    pub safe fn clr_scr();
    /// `FontSetSys`: selects the system font, returns the previous one.
    pub safe fn font_set_sys(font: i32) -> i32;
    /// `ngetchx`: waits for a key and returns its code.
    pub safe fn ngetchx() -> i32;
    /// `DrawStr` of the `len` bytes at `text`, at pixel (x, y), with attribute
    /// `attr`; at most 63 bytes are drawn.
    fn draw_str(x: i32, y: i32, text: *const u8, len: usize, attr: i32);
    /// `draw_str` in font `font` (0 small, 1 medium, 2 large), `FontSetSys` around it so that
    /// the current font stays as it was.
    fn write(x: i32, y: i32, text: *const u8, len: usize, font: i32, attr: i32);
    /// Draws `value` in decimal at (x, y) in font `font` (A_NORMAL); returns its characters.
    pub safe fn write_number(x: i32, y: i32, value: i32, font: i32) -> i32;

    // --- Variables and folders (vat.c). A path is `name` or `folder\name`, at most 17
    // bytes, lowercase; a zero byte or a longer path is refused (-2).
    /// `SymFindPtr` then `HeapDeref`: copies the last `cap` bytes (at most) of the variable's
    /// data (its estack image, the type tag last) to `out`; returns the data's full size, -1
    /// when there is no such variable, -2 for a path that cannot be one.
    fn var_read(path: *const u8, path_len: usize, out: *mut u8, cap: usize) -> i32;
    /// `SymFindPtr` then `HeapDeref`: copies the `cap` bytes at `offset` of the variable's data
    /// (after its size word) to `out` when the data holds them all, nothing otherwise; returns
    /// the data's full size, -1 when there is no such variable, -2 for a path that cannot be
    /// one.
    fn var_read_at(
        path: *const u8,
        path_len: usize,
        offset: usize,
        out: *mut u8,
        cap: usize,
    ) -> i32;
    /// Pushes the `len` bytes at `data` (an estack image, tag last) and stores them in the
    /// variable with `VarStore(STOF_ESI)`, creating or replacing it; returns 0, the AMS error
    /// number thrown (a locked or archived variable, no memory...), or -2 for a bad path or
    /// an empty or oversized value (512 bytes at most).
    fn var_store(path: *const u8, path_len: usize, data: *const u8, len: usize) -> i32;
    /// Creates or replaces variable `path` with exactly the `len` bytes at `data` followed by
    /// the `tail_len` at `tail` (an estack image, the tag last; at most 1024 in all): allocates
    /// the block, then `SymAdd` and `DerefSym`. For types `VarStore` cannot take (custom
    /// data). Returns 0, an AMS error number (670 no memory, 980 locked...), or -2 for a bad
    /// path or size.
    fn var_store_whole(
        path: *const u8,
        path_len: usize,
        data: *const u8,
        len: usize,
        tail: *const u8,
        tail_len: usize,
    ) -> i32;
    /// `SymDel`: 0 when deleted, -1 when there was no such variable, an AMS error number, or
    /// -2 for a bad path.
    fn var_delete(path: *const u8, path_len: usize) -> i32;
    /// `FolderFind`, then `FolderAdd` if needed: 0 when the folder exists afterwards, else an
    /// AMS error number (330 when it could not be made), or -2 for a bad name.
    fn folder_create(name: *const u8, len: usize) -> i32;
    /// `FolderGetCur`: writes the current folder's name (at most `cap` bytes) to `out` and
    /// returns its length.
    fn folder_current(out: *mut u8, cap: usize) -> i32;
    /// The folder holding the running program (found by its handle in the VAT); writes its
    /// name to `out` and returns its length, or -1 when it cannot be found.
    fn own_folder(out: *mut u8, cap: usize) -> i32;
    /// Writes `folder\\name` to `out` (17 bytes), `folder` the one holding the running program
    /// (`main` when it cannot be found), `name` the `len` bytes at `name` (at most 8 used);
    /// returns the path's length.
    fn own_path(name: *const u8, len: usize, out: *mut u8) -> i32;

    // --- Running another program (exec.c).
    /// Makes `folder` current, runs `folder\program(args)` (`args`: the argument text, at
    /// most 64 bytes, e.g. `"ai1","ai2"`; empty for none) with push_parse_text + HS_popEStack +
    /// NG_execute, restores the estack and the current folder; returns 0, or the AMS error
    /// number raised by the program or while starting it (850 when there is no such program
    /// or the variable is not one, 330 when the folder does not exist, 910 for names too long
    /// together or an argument text too long).
    fn run_program(
        folder: *const u8,
        folder_len: usize,
        program: *const u8,
        len: usize,
        args: *const u8,
        args_len: usize,
    ) -> i32;
    /// `run_program` (no arguments) from the folder holding the running program (`main` when it cannot be
    /// found): how a game runs its companion program.
    fn run_sibling(program: *const u8, len: usize) -> i32;

    /// The program's argument number `index` (0 = the first) when it is a string: copies it
    /// to `out` and returns its length; -1 when there is no such argument, -2 when it is not
    /// a string (or longer than `cap`). Reads the arguments as AMS left them on the estack
    /// when the program started.
    fn arg_string(index: u32, out: *mut u8, cap: usize) -> i32;
    /// The program's argument number `index`, any type: copies the last `cap` bytes (at most)
    /// of its estack image (the tag last) to `out` and returns the image's whole size; -1
    /// when there is no such argument.
    fn arg_image(index: u32, out: *mut u8, cap: usize) -> i32;

    // --- Drawing, keys, time, errors (gfx.c). Coordinates are clamped to the LCD.
    /// `DrawLine` from (x0, y0) to (x1, y1) with attribute `attr`.
    pub safe fn draw_line(x0: i32, y0: i32, x1: i32, y1: i32, attr: i32);
    /// `ScrRectFill` of the rectangle (x0, y0)-(x1, y1), corners included.
    pub safe fn fill_rect(x0: i32, y0: i32, x1: i32, y1: i32, attr: i32);
    /// `kbhit`: 1 when a key waits in the queue.
    pub safe fn kbhit() -> i32;
    /// `FiftyMsecTick`, the OS's 50 ms up-counter (masked to 31 bits), or -1 when the OS has
    /// none.
    pub safe fn ticks() -> i32;
    /// `OSFreeTimer(6)` then `OSRegisterTimer(6, ticks)`: starts a countdown of `ticks` 50 ms
    /// ticks (at least 1) on the programs' notify timer; 1, or 0 when the OS refused it.
    pub safe fn countdown_start(ticks: u32) -> u32;
    /// `OSTimerExpired(6)`: 1 once the countdown has run out (or when none runs), else 0.
    pub safe fn countdown_over() -> u32;
    /// `OSFreeTimer(6)`: stops the countdown (the session also gives the timer back at the end).
    pub safe fn countdown_stop();
    /// `ER_throwVar(error)`: raises the AMS error `error`; never returns.
    pub safe fn throw_error(error: i32) -> !;
    /// The jump table's number of entries (TIOS_entries).
    pub safe fn rom_entries() -> i32;
}

/// Draws `text` at (x, y): see the import `draw_str`.
pub fn draw_text(x: i32, y: i32, text: &[u8], attr: i32) {
    // SAFETY: the pointer and length describe a live slice of linear memory; the C side only
    // reads `len` bytes from it.
    unsafe { draw_str(x, y, text.as_ptr(), text.len(), attr) }
}

/// Draws `text` at (x, y) in `font`: see the import `write`.
pub fn write_text(x: i32, y: i32, text: &[u8], font: i32, attr: i32) {
    // SAFETY: the pointer and length describe a live slice of linear memory; the C side only
    // reads `len` bytes from it.
    unsafe { write(x, y, text.as_ptr(), text.len(), font, attr) }
}

/// Reads variable `path` into `out`: see the import `var_read`.
pub fn read_variable(path: &[u8], out: &mut [u8]) -> i32 {
    // SAFETY: both pointers and lengths describe live slices of linear memory; the C side
    // reads `path.len()` bytes from the first and writes at most `out.len()` to the second.
    unsafe { var_read(path.as_ptr(), path.len(), out.as_mut_ptr(), out.len()) }
}

/// Reads the bytes at `offset` of variable `path` into `out`: see the import `var_read_at`.
pub fn read_variable_at(path: &[u8], offset: usize, out: &mut [u8]) -> i32 {
    // SAFETY: both pointers and lengths describe live slices of linear memory; the C side
    // reads `path.len()` bytes from the first and writes at most `out.len()` to the second.
    unsafe {
        var_read_at(
            path.as_ptr(),
            path.len(),
            offset,
            out.as_mut_ptr(),
            out.len(),
        )
    }
}

/// Stores `data` in variable `path`: see the import `var_store`.
pub fn store_variable(path: &[u8], data: &[u8]) -> i32 {
    // SAFETY: the pointers and lengths describe live slices; the C side only reads them.
    unsafe { var_store(path.as_ptr(), path.len(), data.as_ptr(), data.len()) }
}

/// Writes variable `path` whole, `data` then `tail`: see the import `var_store_whole`.
pub fn store_whole_variable(path: &[u8], data: &[u8], tail: &[u8]) -> i32 {
    // SAFETY: the pointers and lengths describe live slices; the C side only reads them.
    unsafe {
        var_store_whole(
            path.as_ptr(),
            path.len(),
            data.as_ptr(),
            data.len(),
            tail.as_ptr(),
            tail.len(),
        )
    }
}

/// Deletes variable `path`: see the import `var_delete`.
pub fn delete_variable(path: &[u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side only reads it.
    unsafe { var_delete(path.as_ptr(), path.len()) }
}

/// Creates folder `name` if needed: see the import `folder_create`.
pub fn create_folder(name: &[u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side only reads it.
    unsafe { folder_create(name.as_ptr(), name.len()) }
}

/// The current folder's name into `out`: see the import `folder_current`.
pub fn current_folder(out: &mut [u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side writes at most
    // `out.len()` bytes to it.
    unsafe { folder_current(out.as_mut_ptr(), out.len()) }
}

/// The running program's folder into `out`: see the import `own_folder`.
pub fn program_folder(out: &mut [u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side writes at most
    // `out.len()` bytes to it.
    unsafe { own_folder(out.as_mut_ptr(), out.len()) }
}

/// `folder\\name` for `name` in this program's folder into `out`: see the import `own_path`.
pub fn own_variable(name: &[u8], out: &mut [u8; 17]) -> usize {
    // SAFETY: `name` is a live slice the C side only reads; `out` is a live 17-byte array the
    // C side writes at most 17 bytes to (an 8-byte folder, `\`, at most 8 bytes of name).
    unsafe { own_path(name.as_ptr(), name.len(), out.as_mut_ptr()) as usize }
}

/// Runs `folder\program(args)` with `folder` current: see the import `run_program`.
pub fn run(folder: &[u8], program: &[u8], args: &[u8]) -> i32 {
    // SAFETY: the pointers and lengths describe live slices; the C side only reads them.
    unsafe {
        run_program(
            folder.as_ptr(),
            folder.len(),
            program.as_ptr(),
            program.len(),
            args.as_ptr(),
            args.len(),
        )
    }
}

/// The program's argument `index` as its estack image into `out`: see the import `arg_image`.
pub fn argument_image(index: u32, out: &mut [u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side writes at most
    // `out.len()` bytes to it.
    unsafe { arg_image(index, out.as_mut_ptr(), out.len()) }
}

/// Runs `program()` of this program's folder: see the import `run_sibling`.
pub fn run_beside(program: &[u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side only reads it.
    unsafe { run_sibling(program.as_ptr(), program.len()) }
}

/// The program's string argument `index` into `out`: see the import `arg_string`.
pub fn string_argument(index: u32, out: &mut [u8]) -> i32 {
    // SAFETY: the pointer and length describe a live slice; the C side writes at most
    // `out.len()` bytes to it.
    unsafe { arg_string(index, out.as_mut_ptr(), out.len()) }
}
