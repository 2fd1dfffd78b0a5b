//! What the two USB cables share (docs/link.md#usb-cables): Texas Instruments' vendor and
//! product IDs, discovery of the devices plugged in, the [`BulkPipe`] over which a cable moves
//! bytes (libusb through `rusb` in [`libusb`], a simulated device in [`sim`] for tests), and
//! the buffered byte stream both cables build on ([`UsbStream`]).
//!
//! Both cables carry their protocol's bytes with no framing of their own, as libticables2's
//! `linux/link_usb1.cc` does for both: every [`crate::Cable::send`] is one bulk OUT transfer,
//! and reads fetch one USB packet (the endpoint's maximum packet size) at a time into a buffer
//! that serves the bytes asked for. A SilverLink carries DBUS; a TI-89 Titanium's own port
//! carries DUSB.

pub mod libusb;
pub mod sim;
mod stream;

use core::fmt;
use std::time::Duration;

pub use stream::{UsbStream, ZeroLengthReads};

use crate::cable::CableError;

/// Texas Instruments' USB vendor ID.
pub const VENDOR_TI: u16 = 0x0451;

/// The products libticables2 knows (`ticables.h`, `PID_*`).
pub mod pid {
    /// TI-GRAPH LINK USB, the SilverLink cable.
    pub const SILVERLINK: u16 = 0xE001;
    /// TI-84 Plus on its own USB port.
    pub const TI84P: u16 = 0xE003;
    /// TI-89 Titanium on its own USB port.
    pub const TI89_TITANIUM: u16 = 0xE004;
    /// TI-84 Plus Silver Edition on its own USB port.
    pub const TI84P_SE: u16 = 0xE008;
    /// TI-Nspire.
    pub const NSPIRE: u16 = 0xE012;
}

/// What a TI USB product is, by its product ID.
pub fn product_name(product: u16) -> &'static str {
    match product {
        pid::SILVERLINK => "SilverLink (TI-GRAPH LINK USB) cable",
        pid::TI84P => "TI-84 Plus (direct USB; not a 68000 calculator)",
        pid::TI89_TITANIUM => "TI-89 Titanium (direct USB)",
        pid::TI84P_SE => "TI-84 Plus Silver Edition (direct USB; not a 68000 calculator)",
        pid::NSPIRE => "TI-Nspire (not a 68000 calculator)",
        _ => "unknown Texas Instruments device",
    }
}

/// The udev rule that lets a user open TI's USB devices without root (docs/link.md#usb-permissions).
pub const UDEV_RULE: &str = r#"SUBSYSTEM=="usb", ATTR{idVendor}=="0451", ATTR{idProduct}=="e001|e004", MODE="0660", GROUP="plugdev", TAG+="uaccess""#;

/// How to fix "permission denied" on a USB device, for messages.
pub fn permission_hint() -> String {
    format!(
        "install a udev rule: echo '{UDEV_RULE}' | sudo tee /etc/udev/rules.d/69-ti68k.rules; \
         sudo udevadm control --reload-rules; add yourself to the plugdev group (sudo adduser $USER plugdev, \
         then log in again); plug the cable in again (docs/link.md#usb-permissions)"
    )
}

/// A TI device found on the USB buses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsbDeviceInfo {
    /// Bus number.
    pub bus: u8,
    /// Device address on the bus.
    pub address: u8,
    /// Vendor ID (always [`VENDOR_TI`] here).
    pub vendor: u16,
    /// Product ID ([`pid`]).
    pub product: u16,
    /// The device's release number (bcdDevice), e.g. 0x0103.
    pub release: u16,
}

impl UsbDeviceInfo {
    /// What the device is.
    pub fn kind(&self) -> &'static str {
        product_name(self.product)
    }
}

impl fmt::Display for UsbDeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bus {:03} device {:03}: {:04x}:{:04x} {} (release {:x}.{:02x})",
            self.bus,
            self.address,
            self.vendor,
            self.product,
            self.kind(),
            self.release >> 8,
            self.release & 0xFF
        )
    }
}

/// One end of a USB device's pair of bulk endpoints, as a cable drives it. Each call is one
/// bulk transfer, bounded by `timeout`.
pub trait BulkPipe: Send {
    /// The device, for messages ("bus 001 device 005").
    fn describe(&self) -> String;

    /// The maximum packet size of the IN endpoint (32 on a SilverLink, 64 on a Titanium).
    fn max_packet_size(&self) -> usize;

    /// One bulk OUT transfer of `bytes`; an empty slice makes a zero-length packet.
    fn write(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), UsbFault>;

    /// One bulk IN transfer of at most `buf.len()` bytes; returns how many came (0 for a
    /// zero-length packet).
    fn read(&mut self, buf: &mut [u8], timeout: Duration) -> Result<usize, UsbFault>;

    /// Clears a halt (stall) on both endpoints.
    fn clear_halt(&mut self) -> Result<(), UsbFault>;
}

/// What went wrong in one USB transfer, before the cable turns it into a [`CableError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsbFault {
    /// Nothing (or not everything) moved in time; how many bytes did.
    Timeout {
        /// Bytes moved before the timeout.
        moved: usize,
    },
    /// The endpoint stalled.
    Stall,
    /// The device is gone (unplugged, or the calculator turned off).
    NoDevice,
    /// Anything else libusb reports.
    Other(String),
}

/// The TI devices on the USB buses (vendor [`VENDOR_TI`]), in bus order.
pub fn list_devices() -> Result<Vec<UsbDeviceInfo>, CableError> {
    libusb::list_ti_devices()
}

/// The `index`-th device (1-based, as libticables2 numbers its USB ports) whose product is
/// `product`; a [`CableError::NotFound`] naming what is connected instead when there is none.
pub fn find_device(product: u16, index: usize, cable: &str) -> Result<UsbDeviceInfo, CableError> {
    let all = list_devices()?;
    let matching: Vec<&UsbDeviceInfo> = all.iter().filter(|d| d.product == product).collect();
    if let Some(d) = matching.get(index.saturating_sub(1)) {
        return Ok((*d).clone());
    }
    let seen = if all.is_empty() {
        "no Texas Instruments USB device is connected".to_string()
    } else {
        format!(
            "connected: {}",
            all.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    Err(CableError::NotFound {
        cable: cable.to_string(),
        detail: if matching.is_empty() {
            format!(
                "no {} found on USB ({seen}); {}, or run `ti68k probe`",
                product_name(product),
                if product == pid::TI89_TITANIUM {
                    "plug it in and turn it on (a Titanium appears on USB only when it is on)"
                } else {
                    "plug it in"
                }
            )
        } else {
            format!(
                "only {} {} found, not a #{index} ({seen})",
                matching.len(),
                product_name(product)
            )
        },
    })
}
