//! The TI link protocol of the TI-89 / TI-92 Plus / Voyage 200 ("DBUS"): cables that move
//! bytes ([`cable`]), packets that know nothing of cables, and operations that join them.
pub mod cable;
