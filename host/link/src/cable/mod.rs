//! Cables: the one [`Cable`] trait and its drivers. A cable moves raw bytes to and from a
//! calculator and knows nothing of packets; framing is the packet layer's job.
//!
//! Drivers: [`fake::FakeCable`] (scripted, records a transcript; drives the unit tests of the
//! operations), [`graylink::GrayLink`] (serial 9600 8N1), [`blacklink::BlackLink`]
//! (bit-banged on a serial port's modem lines), the TiEmu virtual link ([`tiemu`]), and two
//! USB cables over libusb ([`usb`]): [`silverlink::SilverLink`] (DBUS) and
//! [`directlink::DirectLink`], the TI-89 Titanium's own port (DUSB).

pub mod blacklink;
pub mod directlink;
pub mod fake;
pub mod graylink;
pub mod silverlink;
mod spec;
pub mod usb;

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

    /// Ends a USB bulk transfer with a zero-length packet, where the protocol asks for one
    /// (libticalcs2's `ticables_cable_send(cable, buf, 0)` for the TI-89 Titanium). Cables
    /// without USB transfers have nothing to do.
    fn send_zero_length(&mut self, _timeout: Duration) -> Result<(), CableError> {
        Ok(())
    }

    /// Consumes the zero-length packet that ends a USB transfer made of full-size packets,
    /// where the protocol asks for it (libticalcs2's `ticables_cable_recv(cable, buf, 0)` for
    /// the TI-89 Titanium). Cables without USB transfers have nothing to do.
    fn recv_zero_length(&mut self, _timeout: Duration) -> Result<(), CableError> {
        Ok(())
    }
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
    fn send_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        (**self).send_zero_length(timeout)
    }
    fn recv_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        (**self).recv_zero_length(timeout)
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
    #[error("{cable}: the other end disconnected (unplugged, or the calculator turned off)")]
    Disconnected {
        /// The cable's description.
        cable: String,
    },
    /// Sending did not finish in time.
    #[error("{cable}: timed out after {timeout:?} sending data ({sent} of {wanted} bytes accepted); is the calculator on, connected and not busy?")]
    WriteTimeout {
        /// The cable's description.
        cable: String,
        /// The timeout that expired.
        timeout: Duration,
        /// Bytes the device accepted.
        sent: usize,
        /// Bytes to send.
        wanted: usize,
    },
    /// No such cable or device is connected.
    #[error("{cable}: not found: {detail}")]
    NotFound {
        /// The cable's description.
        cable: String,
        /// What is connected instead, and what to do.
        detail: String,
    },
    /// The device exists but this user may not open it.
    #[error("{cable}: permission denied opening {device}; {fix}")]
    PermissionDenied {
        /// The cable's description.
        cable: String,
        /// The device node.
        device: String,
        /// How to get the permission.
        fix: String,
    },
    /// Another program holds the device.
    #[error("{cable}: busy: {detail}")]
    Busy {
        /// The cable's description.
        cable: String,
        /// Who may hold it, and what to do.
        detail: String,
    },
    /// A USB endpoint stalled.
    #[error("{cable}: the USB endpoint stalled while {what}")]
    Stalled {
        /// The cable's description.
        cable: String,
        /// What was being done, and whether the halt could be cleared.
        what: String,
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
