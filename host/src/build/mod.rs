//! Building calculator programs: the cross-compile driver, the project's linker and the
//! packager. [`ProgramImage`] is the contract between the linker, the packager and the CPU
//! harness of `emu-tests`.

mod image;

pub use image::{ImageError, ProgramImage, Relocation};
