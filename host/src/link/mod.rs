//! The TI link protocol of the TI-89 / TI-92 Plus / Voyage 200 ("DBUS"): cables that move
//! bytes ([`cable`]), packets that know nothing of cables ([`packet`]), and operations that
//! join them ([`ops`], whose [`Calculator`] is the entry point).
pub mod cable;
pub mod ops;
pub mod packet;

pub use cable::{Cable, CableError, CableSpec, DEFAULT_TIMEOUT};
pub use ops::{Calculator, Delays, DirEntry, FolderListing, LinkError, Progress, Screenshot};
