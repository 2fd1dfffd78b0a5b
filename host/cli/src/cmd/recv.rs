//! `ti68k recv FOLDER\NAME...`: fetches variables from the calculator into files
//! (`name.89s`...), written atomically.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use ti_files::{VarFile, VarPath};

use super::link_args::{progress_bar, LinkArgs};
use super::output::Out;

/// Receive variables from the calculator into files.
#[derive(Args, Debug)]
pub struct RecvArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Directory to write the files to.
    #[arg(short = 'd', long, default_value = ".")]
    out_dir: PathBuf,
    /// Variables to fetch, as folder\name (no folder: main).
    #[arg(required = true)]
    vars: Vec<String>,
}

/// Runs `ti68k recv`.
pub fn run(args: RecvArgs) -> anyhow::Result<()> {
    if !args.out_dir.is_dir() {
        anyhow::bail!(
            "{} is not a directory: --out-dir names the directory the files go to",
            args.out_dir.display()
        );
    }
    let paths = args
        .vars
        .iter()
        .map(|s| VarPath::parse(s).with_context(|| format!("variable {s:?}")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar(&mut calc);
    let mut stdout = Out::new();
    for path in &paths {
        let var = calc
            .get_variable(path)
            .with_context(|| format!("receiving {path}"))?;
        let file = VarFile::single(args.link.model, var);
        let name = format!("{}.{}", path.name, file.extension());
        let out = args.out_dir.join(name);
        ti_files::disk::write_atomic(&out, &file.to_bytes()?)
            .with_context(|| format!("writing {}", out.display()))?;
        bar.suspend(|| writeln!(stdout, "{path} -> {}", out.display()))?;
    }
    bar.finish_and_clear();
    Ok(())
}
