//! The computer side of the toolkit, as a library: calculator files, the link protocol and its
//! cables, the cross build of calculator programs, and native play. The `host` binary is a thin
//! command-line layer over it (see `src/cmd/`).
//!
//! Layers (docs/architecture.md): [`file`] is pure code over bytes; in [`link`], packets are
//! pure and only cables do I/O; operations join them; the command line sits on top.
//! Every `unsafe` block of the crate is in the private `sys` module.

#![deny(unsafe_code)]

pub mod atomic;
pub mod bench;
pub mod book;
pub mod build;
pub mod contest;
pub mod file;
pub mod link;
pub mod play;
#[allow(unsafe_code)]
mod sys;
