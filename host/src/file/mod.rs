//! Calculator files (`.89z`, `.9xs`, `.v2u`, ...): pure code over byte slices, no I/O.
//!
//! This module knows the calculator models and, in its submodules, the layouts of
//! single-variable files, group files and FLASH files (ti68k-facts §1-2). It never touches
//! `std::fs`, a cable or a packet; writing a file to disk goes through
//! [`crate::atomic::write_atomic`].

mod model;

pub use model::Model;
