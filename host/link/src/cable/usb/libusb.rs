//! The real USB pipe: libusb through the `rusb` crate (safe API; no `unsafe` here). Opening
//! follows libticables2's `linux/link_usb1.cc` (`tigl_open`, `slv_open`): configuration 1,
//! interface 0 claimed, the bulk endpoints read from the interface's descriptors (defaults IN
//! 0x81, OUT 0x02), the maximum packet size from the first endpoint's descriptor; both pipes'
//! halts are cleared on opening, as libticables2's reset does first.
//!
//! libusb's errors become the cable errors a user can act on: no device, permission denied
//! (with the udev rule to install), the cable busy with another program.

use std::time::Duration;

use rusb::{Direction, TransferType, UsbContext};

use super::{permission_hint, BulkPipe, UsbDeviceInfo, UsbFault, VENDOR_TI};
use crate::cable::CableError;

/// libusb needs at least 1 ms: a zero timeout would mean "wait for ever".
fn ms(timeout: Duration) -> Duration {
    timeout.max(Duration::from_millis(1))
}

fn fault(e: rusb::Error) -> UsbFault {
    match e {
        rusb::Error::Timeout => UsbFault::Timeout { moved: 0 },
        rusb::Error::Pipe => UsbFault::Stall,
        rusb::Error::NoDevice => UsbFault::NoDevice,
        other => UsbFault::Other(other.to_string()),
    }
}

/// Every TI device (vendor 0x0451) on the USB buses.
pub fn list_ti_devices() -> Result<Vec<UsbDeviceInfo>, CableError> {
    let list = rusb::devices().map_err(|e| CableError::Unavailable {
        cable: "USB".into(),
        reason: format!(
            "cannot list the USB devices: {e} (is libusb working? is /dev/bus/usb there?)"
        ),
    })?;
    let mut out = Vec::new();
    for d in list.iter() {
        let Ok(desc) = d.device_descriptor() else {
            continue;
        };
        if desc.vendor_id() != VENDOR_TI {
            continue;
        }
        let v = desc.device_version();
        out.push(UsbDeviceInfo {
            bus: d.bus_number(),
            address: d.address(),
            vendor: desc.vendor_id(),
            product: desc.product_id(),
            release: (u16::from(v.major()) << 8)
                | (u16::from(v.minor()) << 4)
                | u16::from(v.sub_minor()),
        });
    }
    out.sort_by_key(|d| (d.bus, d.address));
    Ok(out)
}

/// An opened TI USB device with its interface 0 claimed.
pub struct LibusbPipe {
    handle: rusb::DeviceHandle<rusb::GlobalContext>,
    info: UsbDeviceInfo,
    endpoint_in: u8,
    endpoint_out: u8,
    max_packet: usize,
}

impl LibusbPipe {
    /// Opens the device `info` (found by [`super::find_device`]); `cable` names it in errors.
    pub fn open(info: &UsbDeviceInfo, cable: &str) -> Result<LibusbPipe, CableError> {
        let device = rusb::GlobalContext::default()
            .devices()
            .ok()
            .and_then(|l| {
                l.iter()
                    .find(|d| d.bus_number() == info.bus && d.address() == info.address)
            })
            .ok_or_else(|| CableError::Disconnected {
                cable: cable.to_string(),
            })?;
        let device_path = format!("/dev/bus/usb/{:03}/{:03}", info.bus, info.address);
        let handle = device
            .open()
            .map_err(|e| open_error(e, cable, &device_path))?;
        let _ = handle.set_auto_detach_kernel_driver(true);
        // libticables2 sets configuration 1 and only warns when that fails (it is usually
        // already active, and the kernel may refuse while another interface is bound).
        let _ = handle.set_active_configuration(1);
        handle
            .claim_interface(0)
            .map_err(|e| open_error(e, cable, &device_path))?;
        let (mut endpoint_in, mut endpoint_out, mut max_packet) = (0x81u8, 0x02u8, 0usize);
        if let Ok(config) = device.active_config_descriptor() {
            if let Some(alt) = config
                .interfaces()
                .next()
                .and_then(|i| i.descriptors().next())
            {
                for (i, ep) in alt.endpoint_descriptors().enumerate() {
                    if i == 0 {
                        max_packet = usize::from(ep.max_packet_size());
                    }
                    if ep.transfer_type() != TransferType::Bulk {
                        continue;
                    }
                    match ep.direction() {
                        // Some Nspire OS versions advertise a bogus 0x83 (libticables2).
                        Direction::In if ep.address() != 0x83 => endpoint_in = ep.address(),
                        Direction::In => {}
                        Direction::Out => endpoint_out = ep.address(),
                    }
                }
            }
        }
        let mut pipe = LibusbPipe {
            handle,
            info: info.clone(),
            endpoint_in,
            endpoint_out,
            max_packet: if max_packet == 0 { 64 } else { max_packet },
        };
        let _ = pipe.clear_halt();
        Ok(pipe)
    }

    /// The device.
    pub fn info(&self) -> &UsbDeviceInfo {
        &self.info
    }

    /// Resets the device (libticables2 `slv_reset` does it after clearing the halts; the
    /// device then enumerates again and must be opened anew).
    pub fn reset(&mut self) -> Result<(), UsbFault> {
        self.handle.reset().map_err(fault)
    }
}

fn open_error(e: rusb::Error, cable: &str, path: &str) -> CableError {
    match e {
        rusb::Error::Access => CableError::PermissionDenied {
            cable: cable.to_string(),
            device: path.to_string(),
            fix: permission_hint(),
        },
        rusb::Error::Busy => CableError::Busy {
            cable: cable.to_string(),
            detail: format!(
                "{path} is claimed by another program (TiLP, TiEmu, another ti68k?) or a kernel driver: close it and try again"
            ),
        },
        rusb::Error::NoDevice | rusb::Error::NotFound => CableError::Disconnected {
            cable: cable.to_string(),
        },
        other => CableError::Unavailable {
            cable: cable.to_string(),
            reason: format!("cannot open {path}: {other}"),
        },
    }
}

impl BulkPipe for LibusbPipe {
    fn describe(&self) -> String {
        format!("bus {:03} device {:03}", self.info.bus, self.info.address)
    }

    fn max_packet_size(&self) -> usize {
        self.max_packet
    }

    fn write(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), UsbFault> {
        match self
            .handle
            .write_bulk(self.endpoint_out, bytes, ms(timeout))
        {
            Ok(n) if n == bytes.len() => Ok(()),
            Ok(n) => Err(UsbFault::Timeout { moved: n }),
            Err(e) => Err(fault(e)),
        }
    }

    fn read(&mut self, buf: &mut [u8], timeout: Duration) -> Result<usize, UsbFault> {
        self.handle
            .read_bulk(self.endpoint_in, buf, ms(timeout))
            .map_err(fault)
    }

    fn clear_halt(&mut self) -> Result<(), UsbFault> {
        let out = self.handle.clear_halt(self.endpoint_out).map_err(fault);
        let r#in = self.handle.clear_halt(self.endpoint_in).map_err(fault);
        out.and(r#in)
    }
}
