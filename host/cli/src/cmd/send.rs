//! `ti68k send FILE...`: sends the variables of calculator files (single or group) to the
//! calculator, silently (existing unlocked variables are overwritten).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use ti_files::{VarFile, VarName};

use super::link_args::{progress_bar, LinkArgs};
use super::output::Out;

/// Send variable files to the calculator.
#[derive(Args, Debug)]
pub struct SendArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Put every variable in this folder instead of the one in its file.
    #[arg(long)]
    folder: Option<String>,
    /// Files to send: .89z/.9xz/.v2z, .89s, .89e, .89g (groups), ...
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Reads a variable file, the model and type coming from its extension.
pub fn read_var_file(path: &std::path::Path) -> anyhow::Result<VarFile> {
    let ext = path.extension().and_then(|e| e.to_str()).with_context(|| {
        format!(
            "{}: no file extension (.89z, .9xs, .v2g...)",
            path.display()
        )
    })?;
    let bytes = ti_files::disk::read_calculator_file(path)?;
    VarFile::from_bytes_with_extension(&bytes, ext).with_context(|| format!("{}", path.display()))
}

/// Runs `ti68k send`.
pub fn run(args: SendArgs) -> anyhow::Result<()> {
    let folder = args.folder.as_deref().map(VarName::new).transpose()?;
    let mut vars = Vec::new();
    for path in &args.files {
        let file = read_var_file(path)?;
        if file.model != args.link.model {
            eprintln!(
                "note: {} is a {} file, sending it to a {}",
                path.display(),
                file.model,
                args.link.model
            );
        }
        vars.extend(file.variables);
    }
    if let Some(f) = &folder {
        for v in &mut vars {
            v.folder = Some(f.clone());
        }
    }
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar(&mut calc);
    let mut out = Out::new();
    for v in &vars {
        calc.send_variable(v)
            .with_context(|| format!("sending {}", v.path()))?;
        bar.suspend(|| {
            writeln!(
                out,
                "sent {} ({}, {} bytes)",
                v.path(),
                v.var_type,
                v.image_len()
            )
        })?;
    }
    bar.finish_and_clear();
    Ok(())
}
