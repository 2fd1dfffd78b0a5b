//! `ti68k send FILE...`: sends the variables of calculator files (single or group) and the
//! FLASH applications of `.89k`/`.9xk`/`.v2k` files to the calculator, silently (existing
//! unlocked variables are overwritten), over any cable. Ctrl-C stops between two variables.
//! A program built with a launcher (docs/building.md#programs-over-24-kb) goes with its body:
//! `joueur.89z` sends `joueur.89y` beside it too, and says so.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use ti_files::{FlashDataType, FlashFile, Model, VarFile, VarName};

use super::link_args::{catch_ctrl_c, progress_bar_any, stop_requested, stopped, LinkArgs};
use super::output::Out;

/// Send variable files and FLASH applications to the calculator.
#[derive(Args, Debug)]
pub struct SendArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Put every variable in this folder instead of the one in its file.
    #[arg(long)]
    folder: Option<String>,
    /// Files to send: .89z/.9xz/.v2z, .89s, .89e, .89g (groups), ..., FLASH applications
    /// (.89k, .9xk, .v2k), and TI-BASIC sources as basic:FILE.txt (sent in text form as
    /// main\STEM, for TI's OS to tokenize; --folder for another folder).
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

/// Whether a path names a FLASH application file (`.89k`, `.9xk`, `.v2k`).
fn is_app_file(path: &std::path::Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    Model::from_extension(ext).is_some() && ext.to_ascii_lowercase().ends_with('k')
}

/// A TI-BASIC source text (calc/programs/basic/README.md) as the program `main\STEM` in text
/// form.
fn basic_source(path: &std::path::Path) -> anyhow::Result<ti_files::Variable> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the TI-BASIC source {}", path.display()))?;
    let program =
        ti_files::BasicText::program(&text).with_context(|| format!("{}", path.display()))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .with_context(|| format!("{}: no file name to name the program", path.display()))?;
    let name = VarName::new(stem).with_context(|| {
        format!(
            "{}: the program is named after the file, and {stem:?} is not a calculator name",
            path.display()
        )
    })?;
    let var_path = ti_files::VarPath::new(VarName::new("main")?, name);
    Ok(ti_files::Variable::new(
        var_path,
        &ti_files::Value::Basic(program),
    )?)
}

/// Runs `ti68k send`.
pub fn run(args: SendArgs) -> anyhow::Result<()> {
    let folder = args.folder.as_deref().map(VarName::new).transpose()?;
    let mut vars = Vec::new();
    let mut apps = Vec::new();
    for path in &args.files {
        if let Some(source) = path.to_str().and_then(|p| p.strip_prefix("basic:")) {
            vars.push(basic_source(std::path::Path::new(source))?);
            continue;
        }
        if is_app_file(path) {
            let bytes = ti_files::disk::read_calculator_file(path)?;
            let file = FlashFile::parse(&bytes).with_context(|| format!("{}", path.display()))?;
            file.check_model(args.link.model)
                .with_context(|| format!("{}", path.display()))?;
            apps.extend(
                file.blocks
                    .into_iter()
                    .filter(|b| b.data_type == FlashDataType::App),
            );
            continue;
        }
        let file = read_var_file(path)?;
        if file.model != args.link.model {
            eprintln!(
                "note: {} is a {} file, sending it to a {}",
                path.display(),
                file.model,
                args.link.model
            );
        }
        let bodies = ti_build::launcher::missing_bodies(path, &file)?;
        for body in &bodies {
            eprintln!(
                "note: {} is a launcher: sending its body {} ({}) with it",
                path.display(),
                body.name,
                ti_build::launcher::body_file(path, file.model).display()
            );
        }
        vars.extend(file.variables);
        vars.extend(bodies);
    }
    if let Some(f) = &folder {
        for v in &mut vars {
            v.folder = Some(f.clone());
        }
    }
    catch_ctrl_c();
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar_any(calc.as_mut());
    let mut out = Out::new();
    let total = vars.len() + apps.len();
    for (i, v) in vars.iter().enumerate() {
        if stop_requested() {
            bar.finish_and_clear();
            return Err(stopped(i, total, "items sent"));
        }
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
    for (i, a) in apps.iter().enumerate() {
        if stop_requested() {
            bar.finish_and_clear();
            return Err(stopped(vars.len() + i, total, "items sent"));
        }
        calc.send_app(a)
            .with_context(|| format!("sending the application {}", a.name))?;
        bar.suspend(|| {
            writeln!(
                out,
                "sent the application {} ({} bytes)",
                a.name,
                a.data.len()
            )
        })?;
    }
    bar.finish_and_clear();
    Ok(())
}
