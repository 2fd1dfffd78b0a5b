//! The options every link subcommand shares (`--cable`, `--model`, `--timeout`), opening the
//! cable, and the progress bar shown during transfers.

use std::time::Duration;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use ti_files::Model;
use ti_link::{Cable, CableSpec, Calculator};

/// How to reach the calculator.
#[derive(Args, Debug, Clone)]
pub struct LinkArgs {
    /// The cable: `tiemu` (TiEmu's virtual link), `gray:PATH` (GrayLink on a serial
    /// device, e.g. gray:/dev/ttyUSB0) or `black:PATH` (BlackLink on a serial port).
    #[arg(long, default_value = "tiemu", env = "TI68K_CABLE")]
    pub cable: CableSpec,
    /// The calculator model: ti89 (also the Titanium), ti92p or v200.
    #[arg(long, default_value = "ti89", env = "TI68K_MODEL")]
    pub model: Model,
    /// Seconds to wait for each byte before giving up.
    #[arg(long, default_value_t = 1.5)]
    pub timeout: f64,
}

impl LinkArgs {
    /// Opens the cable and wraps it as a calculator.
    pub fn open(&self) -> anyhow::Result<Calculator<Box<dyn Cable>>> {
        let timeout = Duration::try_from_secs_f64(self.timeout.max(0.01)).map_err(|_| {
            anyhow::anyhow!(
                "--timeout {} is not a usable number of seconds (try 1.5)",
                self.timeout
            )
        })?;
        let cable = self
            .cable
            .open(timeout)
            .with_context(|| format!("opening the cable {}", self.cable))?;
        Ok(Calculator::new(cable, self.model))
    }
}

/// Shows a progress bar for the transfers of `calc` (only on a terminal).
pub fn progress_bar(calc: &mut Calculator<Box<dyn Cable>>) -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{msg:20} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let b = bar.clone();
    calc.on_progress(move |p| {
        b.set_message(p.what.clone());
        b.set_length(p.total as u64);
        b.set_position(p.done as u64);
    });
    bar
}
