//! The TI link protocol of the TI-89 / TI-92 Plus / Voyage 200 ("DBUS"): cables that move
//! bytes ([`cable`]), packets that know nothing of cables ([`packet`]), and operations that
//! join them ([`ops`], whose [`Calculator`] is the entry point). The calculator files it sends
//! and receives are `ti_files`'s; it needs nothing else of the project.
//!
//! Every `unsafe` block of the crate is in the private `sys` module (the POSIX calls of the
//! TiEmu virtual link).

#![deny(unsafe_code)]

pub mod cable;
pub mod ops;
pub mod packet;
#[allow(unsafe_code)]
mod sys;

pub use cable::{Cable, CableError, CableSpec, DEFAULT_TIMEOUT};
pub use ops::{Calculator, Delays, DirEntry, FolderListing, LinkError, Progress};
