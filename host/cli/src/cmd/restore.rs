//! `ti68k restore FILE`: sends every variable of a backup (or of any group or single variable
//! file) back to the calculator, each overwriting the variable of its name; variables that are
//! not in the file stay (docs/link.md#backup-and-restore). Ctrl-C stops between two variables.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use ti_link::ops::backup;

use super::link_args::{catch_ctrl_c, progress_bar_any, stop_requested, LinkArgs};
use super::output::Out;
use super::send::read_var_file;

/// Restore a backup (a group file) to the calculator.
#[derive(Args, Debug)]
pub struct RestoreArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// The group file (.89g, .9xg, .v2g) made by `ti68k backup`, TiLP or TI-Connect.
    file: PathBuf,
}

/// Runs `ti68k restore`.
pub fn run(args: RestoreArgs) -> anyhow::Result<()> {
    let file = read_var_file(&args.file)?;
    if file.model != args.link.model {
        eprintln!(
            "note: {} is a {} backup, restoring it to a {}",
            args.file.display(),
            file.model,
            args.link.model
        );
    }
    catch_ctrl_c();
    let mut calc = args.link.open_any()?;
    let bar = progress_bar_any(calc.as_mut());
    backup::restore(calc.as_mut(), &file, &stop_requested, &mut |path, i, n| {
        bar.println(format!("[{i}/{n}] {path}"))
    })
    .with_context(|| format!("restoring {}", args.file.display()))?;
    bar.finish_and_clear();
    writeln!(Out::new(), "{} variables restored", file.variables.len())?;
    Ok(())
}
