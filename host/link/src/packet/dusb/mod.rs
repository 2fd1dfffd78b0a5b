//! DUSB, the protocol of the TI-89 Titanium's own USB port: pure encoding and decoding, no
//! I/O (docs/link.md#ti-89-titanium-direct-usb-dusb). Numbers are big-endian, unlike DBUS
//! headers.
//!
//! Three levels, each a file: [`raw`] packets (the only thing on the wire: BE32 length, type,
//! payload), [`virt`]ual packets (a command and its data, split into raw packets of the
//! negotiated size and joined back), and [`command`]s (the contents of each virtual packet
//! type, encoded there and decoded strictly in `decode.rs`), with their [`fields`] (names,
//! attributes, parameters). [`dissect_dusb`] names the
//! packets of a byte stream for logs.
//!
//! The model is tilibs' libticalcs2 (`dusb_rpkt.cc`, `dusb_vpkt.cc`, `dusb_cmd.cc`), the
//! reference host implementation; its Titanium-specific choices are in `calc_89t.cc` and
//! are followed by the operations (`ops::dusb`).

pub mod command;
mod decode;
mod dissect;
pub mod fields;
pub mod raw;
pub mod virt;

pub use command::Command;
pub use decode::error_index;
pub use dissect::{describe, dissect_dusb, DusbDissected};
pub use fields::{Attr, Field};
pub use raw::{RawPacket, RawType};
pub use virt::{Reassembler, VirtualPacket, VirtualType};
