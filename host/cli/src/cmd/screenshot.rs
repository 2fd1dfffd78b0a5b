//! `ti68k screenshot [-o FILE.png]`: saves the calculator's screen as a PNG (160x100 on a
//! TI-89, 240x128 on a TI-92 Plus / V200), over any cable.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::link_args::{progress_bar_any, LinkArgs};
use super::output::Out;

/// Save a screenshot of the calculator as PNG.
#[derive(Args, Debug)]
pub struct ScreenshotArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// The PNG file to write.
    #[arg(short, long, default_value = "screenshot.png")]
    output: PathBuf,
}

/// Runs `ti68k screenshot`.
pub fn run(args: ScreenshotArgs) -> anyhow::Result<()> {
    let mut calc = args.link.open_any()?;
    let bar = progress_bar_any(calc.as_mut());
    let shot = calc.screenshot().context("taking the screenshot")?;
    bar.finish_and_clear();
    ti_files::disk::write_atomic(&args.output, &shot.to_png(1))
        .with_context(|| format!("writing {}", args.output.display()))?;
    writeln!(
        Out::new(),
        "{}x{} screenshot ({} dark pixels) -> {}",
        shot.width(),
        shot.height(),
        shot.dark_pixels(),
        args.output.display()
    )?;
    Ok(())
}
