//! The SilverLink (TI-GRAPH LINK USB) cable: a USB device, vendor 0x0451 product 0xE001, that
//! carries the DBUS byte stream of a TI-89, TI-92 Plus, Voyage 200 or TI-89 Titanium (on its
//! link port) with no framing of its own (docs/link.md#silverlink; tilibs
//! `libticables/trunk/src/linux/link_usb1.cc`, the `cable_slv` driver).
//!
//! Each send is one bulk OUT transfer; reads fetch 32-byte USB packets into a buffer
//! ([`super::usb::UsbStream`]). A zero-length send is a zero-length transfer, as libticables2's
//! `slv_put` makes it when libticalcs2's `dbus_send` ends a packet with an empty block; the
//! zero-length read of the Titanium's port does not apply (libticables2 makes it only for the
//! direct USB products).

use std::time::Duration;

use super::usb::libusb::LibusbPipe;
use super::usb::{find_device, pid, BulkPipe, UsbStream, ZeroLengthReads};
use super::{Cable, CableError};

/// A SilverLink cable over a bulk pipe (the real device, or a simulated one in tests).
pub struct SilverLink<P: BulkPipe = LibusbPipe> {
    stream: UsbStream<P>,
}

impl SilverLink<LibusbPipe> {
    /// Opens the `index`-th SilverLink plugged in (1 = the first, in bus order). Fails with
    /// [`CableError::NotFound`] (and the list of what is connected), [`CableError::PermissionDenied`]
    /// (with the udev rule to install) or [`CableError::Busy`].
    pub fn open(index: usize) -> Result<SilverLink<LibusbPipe>, CableError> {
        let info = find_device(pid::SILVERLINK, index, "SilverLink")?;
        let pipe = LibusbPipe::open(&info, "SilverLink")?;
        Ok(SilverLink::over(pipe))
    }
}

impl<P: BulkPipe> SilverLink<P> {
    /// A SilverLink over `pipe`.
    pub fn over(pipe: P) -> SilverLink<P> {
        let name = format!("SilverLink on {}", pipe.describe());
        SilverLink {
            stream: UsbStream::new(pipe, name, ZeroLengthReads::Ignore),
        }
    }

    /// The pipe.
    pub fn pipe(&self) -> &P {
        self.stream.pipe()
    }
}

impl<P: BulkPipe> Cable for SilverLink<P> {
    fn describe(&self) -> String {
        self.stream.name().to_string()
    }

    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.stream.send(bytes, timeout)
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        self.stream.recv(buf, timeout)
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        self.stream.discard_input()
    }

    fn send_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        self.stream.send(&[], timeout)
    }
}
