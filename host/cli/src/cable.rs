//! Choosing a calculator on the command line: every cable `ti-link` knows (`CableSpec`:
//! `tiemu`, `gray:PATH`, `black:PATH`, `silver[:N]`, `usb[:N]`), plus `emu` and `emu:FILE`, the
//! project's own emulator as a calculator in process (`ti_emulator::link::EmuCable`). `ti-link`
//! cannot know the emulator (the emulator sits above it), so the choice is made here.
//!
//! `emu` is a fresh calculator for the length of the command; `emu:FILE` keeps its variables in
//! the group file FILE (`.89g`, `.9xg`, `.v2g` for the model), read when the command starts and
//! written after every change, so that successive commands work on the same calculator
//! (docs/emulator.md#the-emulator-as-a-calculator).

use core::fmt;
use core::str::FromStr;
use std::path::PathBuf;
use std::time::Duration;

use ti_emulator::link::{EmuCable, EmuOptions};
use ti_emulator::Failure;
use ti_files::Model;
use ti_link::{Cable, CableError, CableSpec, Calculator, Delays};

/// A calculator chosen by the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CableChoice {
    /// A cable of `ti-link` (a real calculator, or TiEmu).
    Link(CableSpec),
    /// The project's emulator, with its state file if any.
    Emu {
        /// The group file holding its variables between commands.
        state: Option<PathBuf>,
    },
}

/// A cable name that is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown cable {0:?}: use emu (the project's emulator; emu:FILE.89g keeps its variables), tiemu, gray:/dev/ttyS0 (GrayLink), black:/dev/ttyS0 (BlackLink), silver (SilverLink USB cable; silver:2 for a second one) or usb (a TI-89 Titanium on its own USB port)"
)]
pub struct UnknownCableChoice(pub String);

impl FromStr for CableChoice {
    type Err = UnknownCableChoice;
    fn from_str(s: &str) -> Result<CableChoice, UnknownCableChoice> {
        let (kind, rest) = match s.split_once(':') {
            Some((k, r)) => (k, Some(r)),
            None => (s, None),
        };
        if matches!(kind.to_ascii_lowercase().as_str(), "emu" | "emulator") {
            return match rest {
                None => Ok(CableChoice::Emu { state: None }),
                Some(p) if !p.is_empty() => Ok(CableChoice::Emu {
                    state: Some(PathBuf::from(p)),
                }),
                Some(_) => Err(UnknownCableChoice(s.to_string())),
            };
        }
        s.parse::<CableSpec>()
            .map(CableChoice::Link)
            .map_err(|_| UnknownCableChoice(s.to_string()))
    }
}

impl fmt::Display for CableChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CableChoice::Link(spec) => spec.fmt(f),
            CableChoice::Emu { state: None } => f.write_str("emu"),
            CableChoice::Emu { state: Some(p) } => write!(f, "emu:{}", p.display()),
        }
    }
}

/// Why a calculator could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The cable failed to open.
    #[error(transparent)]
    Cable(#[from] CableError),
    /// The emulator could not start (its state file).
    #[error("starting the emulator: {0}")]
    Emulator(#[from] Failure),
}

impl CableChoice {
    /// Whether the cable speaks DUSB (the Titanium's own USB port) rather than DBUS.
    pub fn is_dusb(&self) -> bool {
        matches!(self, CableChoice::Link(spec) if spec.is_dusb())
    }

    /// Whether it is the project's emulator.
    pub fn is_emu(&self) -> bool {
        matches!(self, CableChoice::Emu { .. })
    }

    /// Opens the cable to a calculator of `model`, waiting at most `wait` for its other end.
    pub fn open(&self, model: Model, wait: Duration) -> Result<Box<dyn Cable>, OpenError> {
        match self {
            CableChoice::Link(spec) => Ok(spec.open(wait)?),
            CableChoice::Emu { state } => Ok(Box::new(EmuCable::start(EmuOptions {
                state: state.clone(),
                ..EmuOptions::new(model)
            })?)),
        }
    }

    /// The pauses the link needs: libticalcs2's on a cable, none in process.
    pub fn delays(&self) -> Delays {
        if self.is_emu() {
            Delays::NONE
        } else {
            Delays::TILIBS
        }
    }

    /// Opens a DBUS calculator of `model` on this cable, with the cable's pauses and the
    /// per-byte `timeout`.
    pub fn calculator(
        &self,
        model: Model,
        timeout: Duration,
    ) -> Result<Calculator<Box<dyn Cable>>, OpenError> {
        let mut calc = Calculator::new(self.open(model, timeout)?, model);
        calc.delays = self.delays();
        calc.set_timeout(timeout);
        Ok(calc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_choice() {
        assert_eq!("emu".parse(), Ok(CableChoice::Emu { state: None }));
        assert_eq!(
            "emu:calc.89g".parse(),
            Ok(CableChoice::Emu {
                state: Some("calc.89g".into())
            })
        );
        assert!("emu:".parse::<CableChoice>().is_err());
        assert_eq!("tiemu".parse(), Ok(CableChoice::Link(CableSpec::TiEmu)));
        assert_eq!(
            "gray:/dev/ttyS0".parse(),
            Ok(CableChoice::Link(CableSpec::Gray("/dev/ttyS0".into())))
        );
        let e = "nothing".parse::<CableChoice>().unwrap_err().to_string();
        assert!(e.contains("emu") && e.contains("tiemu"), "{e}");
        assert_eq!(
            CableChoice::Emu {
                state: Some("a.v2g".into())
            }
            .to_string(),
            "emu:a.v2g"
        );
        assert!(!CableChoice::Emu { state: None }.is_dusb());
        assert!("usb".parse::<CableChoice>().unwrap().is_dusb());
    }
}
