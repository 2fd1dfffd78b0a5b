//! The TI link protocols of the TI-89 / TI-92 Plus / Voyage 200 ("DBUS") and of the TI-89
//! Titanium's own USB port ("DUSB"): cables that move bytes ([`cable`]), packets that know
//! nothing of cables ([`packet`], with [`packet::dusb`]), and operations that join them
//! ([`ops`]: [`Calculator`] speaks DBUS, [`Titanium`] DUSB, both behind [`Operations`]). The
//! calculator files it sends and receives are `ti_files`'s; it needs nothing else of the project.
//!
//! Every `unsafe` block of the crate is in the private `sys` module (the POSIX calls of the
//! TiEmu virtual link); USB goes through the `rusb` crate's safe API.

#![deny(unsafe_code)]

pub mod cable;
pub mod ops;
pub mod packet;
#[allow(unsafe_code)]
mod sys;

pub use cable::{Cable, CableError, CableSpec, DEFAULT_TIMEOUT};
pub use ops::{
    Calculator, Delays, DirEntry, DusbDelays, FolderListing, Identity, LinkError, Listing,
    Operations, Progress, Titanium,
};
