//! The TI-89 Titanium's own USB port ("DirectLink" in libticables2): a USB device, vendor
//! 0x0451 product 0xE004, that carries DUSB raw packets (docs/link.md#ti-89-titanium-direct-usb-dusb;
//! tilibs `libticables/trunk/src/linux/link_usb1.cc`, the `cable_raw` driver, which shares its
//! code with the SilverLink's).
//!
//! The cable moves bytes only: each send is one bulk OUT transfer (the operations send one raw
//! packet per send, as libticalcs2 does), reads fetch 64-byte USB packets into a buffer. The
//! two zero-length-packet workarounds libticalcs2 applies to the Titanium are decided by the
//! packet layer and carried out here: [`Cable::send_zero_length`] makes a zero-length bulk
//! write, [`Cable::recv_zero_length`] the extra bulk read libticables2 makes.

use std::time::Duration;

use super::usb::libusb::LibusbPipe;
use super::usb::{find_device, pid, BulkPipe, UsbStream, ZeroLengthReads};
use super::{Cable, CableError};

/// The Titanium's direct USB link over a bulk pipe (the real device, or a simulated one).
pub struct DirectLink<P: BulkPipe = LibusbPipe> {
    stream: UsbStream<P>,
}

impl DirectLink<LibusbPipe> {
    /// Opens the `index`-th TI-89 Titanium plugged in by USB (1 = the first, in bus order).
    /// The calculator must be on: it appears on the bus only then.
    pub fn open(index: usize) -> Result<DirectLink<LibusbPipe>, CableError> {
        let info = find_device(pid::TI89_TITANIUM, index, "TI-89 Titanium USB")?;
        let pipe = LibusbPipe::open(&info, "TI-89 Titanium USB")?;
        Ok(DirectLink::over(pipe))
    }
}

impl<P: BulkPipe> DirectLink<P> {
    /// A direct link over `pipe`.
    pub fn over(pipe: P) -> DirectLink<P> {
        let name = format!("TI-89 Titanium USB on {}", pipe.describe());
        DirectLink {
            stream: UsbStream::new(pipe, name, ZeroLengthReads::Honour),
        }
    }

    /// The pipe.
    pub fn pipe(&self) -> &P {
        self.stream.pipe()
    }
}

impl<P: BulkPipe> Cable for DirectLink<P> {
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

    fn recv_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        self.stream.recv_zero_length(timeout)
    }
}
