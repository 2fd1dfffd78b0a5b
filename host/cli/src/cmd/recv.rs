//! `ti68k recv FOLDER\NAME... [--app NAME]...`: fetches variables (and FLASH applications)
//! from the calculator into files (`name.89s`, `name.89k`...; with `--group FILE`, the
//! variables into one group file), over any cable. Each file is
//! written whole once received (never a partial file); Ctrl-C stops between two of them.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;

use ti_files::{FlashFile, VarFile, VarPath};

use super::link_args::{catch_ctrl_c, progress_bar_any, stop_requested, stopped, LinkArgs};
use super::output::Out;

/// Receive variables and FLASH applications from the calculator into files.
#[derive(Args, Debug)]
pub struct RecvArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Directory to write the files to.
    #[arg(short = 'd', long, default_value = ".")]
    out_dir: PathBuf,
    /// A FLASH application to fetch (repeat for several).
    #[arg(long = "app")]
    apps: Vec<String>,
    /// Put the variables into this one group file (.89g, .9xg, .v2g) instead of one file each.
    #[arg(long)]
    group: Option<PathBuf>,
    /// Variables to fetch, as folder\name (no folder: main).
    vars: Vec<String>,
}

/// Runs `ti68k recv`.
pub fn run(args: RecvArgs) -> anyhow::Result<()> {
    if !args.out_dir.is_dir() {
        bail!(
            "{} is not a directory: --out-dir names the directory the files go to",
            args.out_dir.display()
        );
    }
    if args.vars.is_empty() && args.apps.is_empty() {
        bail!("name the variables to fetch (folder\\name) or an application (--app NAME)");
    }
    if args.group.is_some() && args.vars.is_empty() {
        bail!("--group puts variables into one file: name the variables to fetch");
    }
    let paths = args
        .vars
        .iter()
        .map(|s| VarPath::parse(s).with_context(|| format!("variable {s:?}")))
        .collect::<anyhow::Result<Vec<_>>>()?;
    catch_ctrl_c();
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar_any(calc.as_mut());
    let mut stdout = Out::new();
    let total = paths.len() + args.apps.len();
    let mut grouped = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        if stop_requested() {
            bar.finish_and_clear();
            return Err(stopped(
                i,
                total,
                "items received (no file written for the group)",
            ));
        }
        let var = calc
            .get_variable(path)
            .with_context(|| format!("receiving {path}"))?;
        if args.group.is_some() {
            bar.suspend(|| writeln!(stdout, "{path} received"))?;
            grouped.push(var);
            continue;
        }
        let file = VarFile::single(args.link.model, var);
        let out = args
            .out_dir
            .join(format!("{}.{}", path.name, file.extension()));
        ti_files::disk::write_atomic(&out, &file.to_bytes()?)
            .with_context(|| format!("writing {}", out.display()))?;
        bar.suspend(|| writeln!(stdout, "{path} -> {}", out.display()))?;
    }
    if let Some(out) = &args.group {
        let file = VarFile::group(args.link.model, grouped);
        ti_files::disk::write_atomic(out, &file.to_bytes()?)
            .with_context(|| format!("writing {}", out.display()))?;
        bar.suspend(|| {
            writeln!(
                stdout,
                "{} variables -> {}",
                file.variables.len(),
                out.display()
            )
        })?;
    }
    for (i, name) in args.apps.iter().enumerate() {
        if stop_requested() {
            bar.finish_and_clear();
            return Err(stopped(paths.len() + i, total, "items received"));
        }
        let block = calc
            .recv_app(name)
            .with_context(|| format!("receiving the application {name}"))?;
        let file = FlashFile {
            blocks: vec![block],
            trailer: Vec::new(),
        };
        let out = args
            .out_dir
            .join(format!("{name}.{}", file.extension(args.link.model)));
        ti_files::disk::write_atomic(&out, &file.to_bytes()?)
            .with_context(|| format!("writing {}", out.display()))?;
        bar.suspend(|| writeln!(stdout, "application {name} -> {}", out.display()))?;
    }
    bar.finish_and_clear();
    Ok(())
}
