//! The options every link subcommand shares (`--cable`, `--model`, `--timeout`), opening the
//! cable with the protocol it speaks (DBUS, or DUSB for `--cable usb`), the progress bar shown
//! during transfers, and Ctrl-C: the first press asks the transfer to stop between two
//! variables (the calculator stays usable), the second one quits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use ti68k::cable::CableChoice;
use ti_files::Model;
use ti_link::{Cable, Calculator, Operations};

/// How to reach the calculator.
#[derive(Args, Debug, Clone)]
pub struct LinkArgs {
    /// The cable: `emu` (the project's emulator as a calculator, in process; `emu:FILE.89g`
    /// keeps its variables in that group file between commands), `tiemu` (TiEmu's virtual link), `gray:PATH` (GrayLink on a serial
    /// device, e.g. gray:/dev/ttyUSB0), `black:PATH` (BlackLink on a serial port), `silver`
    /// (SilverLink USB cable; silver:2 for a second one) or `usb` (a TI-89 Titanium on its own
    /// USB port). `ti68k probe` lists what is connected.
    #[arg(long, default_value = "tiemu", env = "TI68K_CABLE")]
    pub cable: CableChoice,
    /// The calculator model: ti89 (also the Titanium), ti92p or v200.
    #[arg(long, default_value = "ti89", env = "TI68K_MODEL")]
    pub model: Model,
    /// Seconds to wait for each byte before giving up.
    #[arg(long, default_value_t = 1.5)]
    pub timeout: f64,
}

impl LinkArgs {
    fn timeout(&self) -> anyhow::Result<Duration> {
        Duration::try_from_secs_f64(self.timeout.max(0.01)).map_err(|_| {
            anyhow::anyhow!(
                "--timeout {} is not a usable number of seconds (try 1.5)",
                self.timeout
            )
        })
    }

    /// Fails, saying what to use instead, when the cable does not speak DBUS (for the commands
    /// that only speak it: `match`, the contest library).
    pub fn require_dbus(&self) -> anyhow::Result<()> {
        if self.cable.is_dusb() {
            bail!(
                "this command speaks the DBUS protocol: it works over tiemu, gray:, black: and silver cables, \
                 not over the Titanium's USB port (--cable usb); plug a SilverLink into the Titanium's link port instead"
            );
        }
        Ok(())
    }

    /// Opens a DBUS cable and wraps it as a calculator (the commands that only speak DBUS).
    pub fn open(&self) -> anyhow::Result<Calculator<Box<dyn Cable>>> {
        self.require_dbus()?;
        self.cable
            .calculator(self.model, self.timeout()?)
            .with_context(|| format!("opening the cable {}", self.cable))
    }

    /// Opens the cable with the protocol it speaks: DBUS, or DUSB for `--cable usb`.
    pub fn open_any(&self) -> anyhow::Result<Box<dyn Operations>> {
        match &self.cable {
            CableChoice::Link(spec) => ti_link::ops::connect(spec, self.model, self.timeout()?)
                .with_context(|| format!("opening the cable {}", self.cable)),
            CableChoice::Emu { .. } => Ok(Box::new(self.open()?)),
        }
    }
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{msg:20} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}")
        .expect("valid template")
        .progress_chars("=> ")
}

/// Shows a progress bar for the transfers of `calc` (only on a terminal).
pub fn progress_bar(calc: &mut Calculator<Box<dyn Cable>>) -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(bar_style());
    let b = bar.clone();
    calc.on_progress(move |p| {
        b.set_message(p.what.clone());
        b.set_length(p.total as u64);
        b.set_position(p.done as u64);
    });
    bar
}

/// Shows a progress bar for the transfers of any calculator (only on a terminal).
pub fn progress_bar_any(calc: &mut dyn Operations) -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(bar_style());
    let b = bar.clone();
    calc.set_progress(Box::new(move |p| {
        b.set_message(p.what.clone());
        b.set_length(p.total as u64);
        b.set_position(p.done as u64);
    }));
    bar
}

static STOP: AtomicBool = AtomicBool::new(false);
static HANDLER: Once = Once::new();

/// Installs the Ctrl-C handler (once): the first press asks [`stop_requested`] to say yes, so
/// that a transfer ends after the variable in flight; the second quits at once.
pub fn catch_ctrl_c() {
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                eprintln!(
                    "\naborting now; the calculator gives up the transfer after its link timeout"
                );
                std::process::exit(130);
            }
            eprintln!("\nstopping after the variable in progress (Ctrl-C again to abort at once)");
        });
    });
}

/// Whether Ctrl-C was pressed.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// The error for a transfer stopped by Ctrl-C after `done` of `total` items.
pub fn stopped(done: usize, total: usize, what: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "stopped at your request after {done} of {total} {what}; the calculator is usable"
    )
}
