//! Choosing a cable on the command line: `tiemu`, `gray:PATH`, `black:PATH`, `silver[:N]` (the
//! N-th SilverLink plugged in), `usb[:N]` (the N-th TI-89 Titanium on its own USB port).

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use super::{
    blacklink::BlackLink, directlink::DirectLink, graylink::GrayLink, silverlink::SilverLink,
    Cable, CableError, TiEmuCable,
};

/// A cable named by the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CableSpec {
    /// The TiEmu virtual link (TiEmu's FIFOs and presence counter).
    TiEmu,
    /// A GrayLink on a serial device.
    Gray(String),
    /// A BlackLink on a serial device.
    Black(String),
    /// The N-th SilverLink on USB (1-based, in bus order, as libticables2 numbers USB ports).
    Silver(usize),
    /// The N-th TI-89 Titanium on its own USB port (DUSB).
    Usb(usize),
}

/// A cable name that is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown cable {0:?}: use tiemu, gray:/dev/ttyS0 (GrayLink), black:/dev/ttyS0 (BlackLink), silver (SilverLink USB cable; silver:2 for a second one) or usb (a TI-89 Titanium on its own USB port)"
)]
pub struct UnknownCable(pub String);

impl FromStr for CableSpec {
    type Err = UnknownCable;
    fn from_str(s: &str) -> Result<CableSpec, UnknownCable> {
        let (kind, path) = match s.split_once(':') {
            Some((k, p)) => (k, Some(p)),
            None => (s, None),
        };
        match (kind.to_ascii_lowercase().as_str(), path) {
            ("tiemu", None) => Ok(CableSpec::TiEmu),
            ("gray" | "graylink" | "gry", Some(p)) if !p.is_empty() => {
                Ok(CableSpec::Gray(p.to_string()))
            }
            ("black" | "blacklink" | "blk", Some(p)) if !p.is_empty() => {
                Ok(CableSpec::Black(p.to_string()))
            }
            ("silver" | "silverlink" | "slv", n) => usb_index(n)
                .map(CableSpec::Silver)
                .ok_or_else(|| UnknownCable(s.to_string())),
            ("usb" | "directlink", n) => usb_index(n)
                .map(CableSpec::Usb)
                .ok_or_else(|| UnknownCable(s.to_string())),
            _ => Err(UnknownCable(s.to_string())),
        }
    }
}

/// The device number after `silver:` or `usb:` (1 when absent; 1 to 4, libticables2's range).
fn usb_index(n: Option<&str>) -> Option<usize> {
    match n {
        None => Some(1),
        Some(n) => n.parse().ok().filter(|i| (1..=4).contains(i)),
    }
}

impl fmt::Display for CableSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CableSpec::TiEmu => f.write_str("tiemu"),
            CableSpec::Gray(p) => write!(f, "gray:{p}"),
            CableSpec::Black(p) => write!(f, "black:{p}"),
            CableSpec::Silver(1) => f.write_str("silver"),
            CableSpec::Silver(n) => write!(f, "silver:{n}"),
            CableSpec::Usb(1) => f.write_str("usb"),
            CableSpec::Usb(n) => write!(f, "usb:{n}"),
        }
    }
}

impl CableSpec {
    /// Opens the cable, waiting at most `wait` for its other end where it has one to wait
    /// for (the TiEmu virtual link waits for an emulator; a serial port opens at once).
    pub fn open(&self, wait: Duration) -> Result<Box<dyn Cable>, CableError> {
        match self {
            CableSpec::TiEmu => Ok(Box::new(TiEmuCable::open(wait)?)),
            CableSpec::Gray(path) => Ok(Box::new(GrayLink::open(path)?)),
            CableSpec::Black(path) => Ok(Box::new(BlackLink::open(path)?)),
            CableSpec::Silver(n) => Ok(Box::new(SilverLink::open(*n)?)),
            CableSpec::Usb(n) => Ok(Box::new(DirectLink::open(*n)?)),
        }
    }

    /// Whether the cable speaks DUSB (the Titanium's own USB port) rather than DBUS.
    pub fn is_dusb(&self) -> bool {
        matches!(self, CableSpec::Usb(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cable_names() {
        assert_eq!("tiemu".parse(), Ok(CableSpec::TiEmu));
        assert_eq!(
            "gray:/dev/ttyS0".parse(),
            Ok(CableSpec::Gray("/dev/ttyS0".into()))
        );
        assert_eq!(
            "black:/dev/ttyUSB1".parse(),
            Ok(CableSpec::Black("/dev/ttyUSB1".into()))
        );
        assert!("gray".parse::<CableSpec>().is_err());
        assert_eq!("silver".parse(), Ok(CableSpec::Silver(1)));
        assert_eq!("SilverLink:2".parse(), Ok(CableSpec::Silver(2)));
        assert_eq!("usb".parse(), Ok(CableSpec::Usb(1)));
        assert!("usb:0".parse::<CableSpec>().is_err());
        assert!("silver:x".parse::<CableSpec>().is_err());
        assert_eq!(CableSpec::Silver(3).to_string(), "silver:3");
        assert_eq!(CableSpec::Usb(1).to_string(), "usb");
        assert_eq!(CableSpec::Gray("x".into()).to_string(), "gray:x");
    }
}
