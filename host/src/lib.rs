//! The computer side of the toolkit, as a library: calculator files, the link protocol and its
//! cables, the cross build of calculator programs, and native play. The `host` binary is a thin
//! command-line layer over it (see `src/cmd/`).
