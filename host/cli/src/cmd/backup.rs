//! `ti68k backup [-o FILE]`: every variable of the calculator into one group file (`.89g`,
//! `.9xg`, `.v2g`), with folders and locked/archived attributes, over any cable (docs/link.md#backup-and-restore).
//! FLASH applications are not included (`ti68k recv --app NAME` fetches one). The file is
//! written once everything has arrived: a failure or Ctrl-C leaves no file.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use ti_link::ops::backup;

use super::link_args::{catch_ctrl_c, progress_bar_any, stop_requested, LinkArgs};
use super::output::Out;

/// Back up every variable into one group file.
#[derive(Args, Debug)]
pub struct BackupArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// The group file to write (default: backup.89g, .9xg or .v2g for the model; a single
    /// variable gets its own type's extension).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

/// Runs `ti68k backup`.
pub fn run(args: BackupArgs) -> anyhow::Result<()> {
    catch_ctrl_c();
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar_any(calc.as_mut());
    let file = backup::backup(calc.as_mut(), &stop_requested, &mut |path, i, n| {
        bar.println(format!("[{i}/{n}] {path}"))
    })
    .context("backing up the calculator")?;
    bar.finish_and_clear();
    let out = args
        .output
        .unwrap_or_else(|| PathBuf::from(format!("backup.{}", file.extension())));
    ti_files::disk::write_atomic(&out, &file.to_bytes()?)
        .with_context(|| format!("writing {}", out.display()))?;
    writeln!(
        Out::new(),
        "{} variables -> {}",
        file.variables.len(),
        out.display()
    )?;
    Ok(())
}
