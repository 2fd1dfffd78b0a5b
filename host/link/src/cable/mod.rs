//! Cables: the one [`Cable`] trait and its drivers. A cable moves raw bytes to and from a
//! calculator and knows nothing of packets; framing is the packet layer's job.
//!
//! Drivers: [`fake::FakeCable`] (scripted, records a transcript; drives the unit tests of the
//! operations), [`graylink::GrayLink`] (serial 9600 8N1), [`blacklink::BlackLink`]
//! (bit-banged on a serial port's modem lines), and the TiEmu virtual link
//! (`tiemu.rs`, by the TiEmu bench). A SilverLink (USB, VID 0451 PID E001, bulk endpoints
//! 0x81/0x02, 32-byte packets: docs/link.md#silverlink) fits the same trait: `send` writes bulk
//! OUT transfers, `recv` reads whole 32-byte blocks into a buffer and serves bytes from it;
//! it needs a USB library and is not written yet.

pub mod blacklink;
pub mod fake;
pub mod graylink;
mod spec;

pub use spec::CableSpec;

use std::time::Duration;

pub mod tiemu;

pub use tiemu::TiEmuCable;

/// The default time to wait for a byte before giving up (1.5 s, as libticables2).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(1500);

/// A link to one calculator (real or emulated) that carries the raw DBUS byte stream.
///
/// Object-safe, so callers hold a `Box<dyn Cable>` chosen at run time (`--cable`).
pub trait Cable: Send {
    /// A short human description, for messages: "TiEmu virtual link", "GrayLink on /dev/ttyUSB0".
    fn describe(&self) -> String;

    /// Sends every byte of `bytes`, or fails; a cable that waits for its peer (a two-wire
    /// handshake, a virtual link with no reader yet) waits at most `timeout` at a time.
    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError>;

    /// Fills `buf` completely, waiting at most `timeout` for each byte to arrive. On a
    /// timeout, the error says how many bytes had arrived. The timeout belongs to the
    /// exchange, not to the cable: the operations layer chooses it (see
    /// `Calculator::set_timeout`).
    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError>;

    /// Drops any bytes already received but not read, so that the next exchange starts clean.
    fn discard_input(&mut self) -> Result<(), CableError>;
}

impl<C: Cable + ?Sized> Cable for Box<C> {
    fn describe(&self) -> String {
        (**self).describe()
    }
    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        (**self).send(bytes, timeout)
    }
    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        (**self).recv(buf, timeout)
    }
    fn discard_input(&mut self) -> Result<(), CableError> {
        (**self).discard_input()
    }
}

/// What can go wrong on a cable. Each message says what happened and what to check.
#[derive(Debug, thiserror::Error)]
pub enum CableError {
    /// Nothing arrived in time.
    #[error("{cable}: timed out after {timeout:?} waiting for data ({got} of {wanted} bytes received); is the calculator on, connected and not busy?")]
    Timeout {
        /// The cable's description.
        cable: String,
        /// The per-byte timeout that expired.
        timeout: Duration,
        /// Bytes received before the timeout.
        got: usize,
        /// Bytes asked for.
        wanted: usize,
    },
    /// The cable or its peer could not be found or opened.
    #[error("{cable}: not available: {reason}")]
    Unavailable {
        /// The cable's description.
        cable: String,
        /// Why, and what to do.
        reason: String,
    },
    /// The peer went away during a transfer.
    #[error("{cable}: the other end disconnected")]
    Disconnected {
        /// The cable's description.
        cable: String,
    },
    /// A scripted fake cable saw bytes its script did not expect.
    #[error("{cable}: {detail}")]
    Script {
        /// The cable's description.
        cable: String,
        /// What was expected and what came.
        detail: String,
    },
    /// An operating-system error on the port.
    #[error("{cable}: {source}")]
    Io {
        /// The cable's description.
        cable: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}
