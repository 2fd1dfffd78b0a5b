//! Choosing a cable on the command line: `tiemu`, `gray:PATH`, `black:PATH`.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use super::{blacklink::BlackLink, graylink::GrayLink, Cable, CableError, TiEmuCable};

/// A cable named by the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CableSpec {
    /// The TiEmu virtual link (TiEmu's FIFOs and presence counter).
    TiEmu,
    /// A GrayLink on a serial device.
    Gray(String),
    /// A BlackLink on a serial device.
    Black(String),
}

/// A cable name that is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown cable {0:?}: use tiemu, gray:/dev/ttyS0 (GrayLink) or black:/dev/ttyS0 (BlackLink)"
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
            _ => Err(UnknownCable(s.to_string())),
        }
    }
}

impl fmt::Display for CableSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CableSpec::TiEmu => f.write_str("tiemu"),
            CableSpec::Gray(p) => write!(f, "gray:{p}"),
            CableSpec::Black(p) => write!(f, "black:{p}"),
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
        }
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
        assert!("silver".parse::<CableSpec>().is_err());
        assert_eq!(CableSpec::Gray("x".into()).to_string(), "gray:x");
    }
}
