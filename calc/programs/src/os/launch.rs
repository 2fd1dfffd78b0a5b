//! Running another program by name: what the contest's arbiter does with each AI.
//!
//! [`Os::run_program`] makes the program's folder current and runs `folder\name()` the way AMS
//! documents it (push_parse_text, HS_popEStack, NG_execute, inside an error frame; exec.c).
//! Whatever the program does, the caller gets control back: an error the program raises, or
//! that the OS raises while finding or starting it, is returned as its number. The current
//! folder and the expression stack are put back as they were.

use super::vars::{self, Name, OsError, Value};

/// An argument of the program is not a string (or is too long for the buffer given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAString;
use super::{sys, Os};

impl Os {
    /// Runs `folder\program()` with `folder` as the current folder. `Err` carries the OS error
    /// raised by the program or by the OS while starting it (AMS numbering: 850 no such
    /// program, or a variable that is not a program, checked before the call; 330 no such
    /// folder...).
    pub fn run_program(&mut self, folder: &Name, program: &Name) -> Result<(), OsError> {
        self.run_program_with(folder, program, b"")
    }

    /// Runs `folder\program(args)` with `folder` as the current folder: `args` is the text of
    /// the arguments as a person types them (`"ai1","ai2"`), at most 64 bytes. Errors as for
    /// [`Os::run_program`]; an argument text too long is 910 (syntax).
    pub fn run_program_with(
        &mut self,
        folder: &Name,
        program: &Name,
        args: &[u8],
    ) -> Result<(), OsError> {
        match sys::run(folder.as_bytes(), program.as_bytes(), args) {
            0 => Ok(()),
            c => Err(OsError(c as u16)),
        }
    }

    /// The program's argument `index` (0 = the first), any type, decoded as a variable's value
    /// is ([`Value`]; a string longer than `buf` comes back as [`Value::LongStr`]); `None` when
    /// there is no such argument.
    pub fn argument<'b>(&mut self, index: u32, buf: &'b mut [u8]) -> Option<Value<'b>> {
        match sys::argument_image(index, buf) {
            n if n < 0 => None,
            n => {
                let size = n as usize;
                let kept = size.min(buf.len());
                Some(vars::decode(&buf[..kept], size))
            }
        }
    }

    /// Runs `program()` of the folder holding this program (`main` if the OS cannot tell),
    /// with that folder current: how a game runs its companion program. Errors as
    /// [`Os::run_program`].
    pub fn run_sibling(&mut self, program: &Name) -> Result<(), OsError> {
        match sys::run_beside(program.as_bytes()) {
            0 => Ok(()),
            c => Err(OsError(c as u16)),
        }
    }

    /// The program's argument `index` (0 = the first) if it is a string, copied into `buf`:
    /// `Ok(None)` when there is no such argument, `Err` when it is not a string (or does not
    /// fit `buf`).
    pub fn string_argument<'b>(
        &mut self,
        index: u32,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b [u8]>, NotAString> {
        match sys::string_argument(index, buf) {
            -1 => Ok(None),
            n if n < 0 => Err(NotAString),
            n => Ok(Some(&buf[..n as usize])),
        }
    }

    /// Raises the OS error `error` in the running program: the program stops (its memory is
    /// freed and the screen restored) and the error goes to whoever called it.
    pub fn raise_error(&mut self, error: u16) -> ! {
        sys::throw_error(i32::from(error))
    }

    /// The OS's jump-table size (`TIOS_entries`): which ROM calls exist
    /// (docs/rom-calls.md#resolution-through-the-jump-table).
    pub fn rom_entries(&self) -> u32 {
        sys::rom_entries() as u32
    }
}
