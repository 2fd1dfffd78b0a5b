//! `ti68k info FILE...`: prints what calculator files hold (model, folder, name, type, size
//! and checksum status of every variable; the blocks of FLASH files). Exits non-zero when a
//! file is damaged or unreadable.
//!
//! `ti68k info` without files asks the calculator at the end of `--cable` who it is: model, OS
//! and boot versions, hardware, language; over the Titanium's USB port also its ID, memory and
//! screen. (Over DBUS this is the VER request, which PedroM answers only after ENTER is
//! pressed on its keyboard.)

use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;

use ti_files::{parse_extension, FlashFile, Model, VarFile};

use super::link_args::LinkArgs;

/// Describe calculator files and check their checksums, or (without files) the calculator.
#[derive(Args, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Files: variable files (.89z, .9xs, .v2g...) or FLASH files (.89u, .9xk...). None: ask
    /// the calculator on --cable.
    files: Vec<PathBuf>,
}

fn info_calculator(link: &LinkArgs) -> anyhow::Result<()> {
    let mut calc = link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let id = calc.identity().context("asking the calculator who it is")?;
    println!("{}:", calc.describe());
    print!("{id}");
    Ok(())
}

fn info_var_file(bytes: &[u8], ext: &str) -> anyhow::Result<bool> {
    let (model, var_type) = parse_extension(ext)?;
    let parsed = VarFile::parse(bytes, model)?;
    let file = &parsed.file;
    println!(
        "  {} {} file, {} variable(s), comment {:?}",
        model,
        if var_type.is_some() {
            "single-variable"
        } else {
            "group"
        },
        file.variables.len(),
        file.comment_text()
    );
    let mut ok = true;
    for (v, &stored) in file.variables.iter().zip(&parsed.stored_checksums) {
        let computed = v.checksum();
        let status = if computed == stored {
            format!("checksum {stored:#06x} OK")
        } else {
            ok = false;
            format!("checksum BAD: stored {stored:#06x}, data sums to {computed:#06x}")
        };
        println!(
            "  {:<17} {:<22} {:>6} bytes  {}  {}",
            v.path().to_string(),
            v.var_type.to_string(),
            v.image_len(),
            status,
            v.attribute.describe()
        );
    }
    if let Err(e) = ti_files::check_extension(file, ext, var_type) {
        println!("  {e}");
        ok = false;
    }
    Ok(ok)
}

fn info_flash(bytes: &[u8], model: Model) -> anyhow::Result<bool> {
    let file = FlashFile::parse(bytes)?;
    println!("  {model} FLASH file, {} block(s)", file.blocks.len());
    for b in &file.blocks {
        println!(
            "  {:<8} {:?} device {:#04x} hardware ID {} revision {}.{} {} bytes",
            b.name,
            b.data_type,
            b.device_type,
            b.hardware_id,
            b.revision.0,
            b.revision.1,
            b.data.len()
        );
    }
    Ok(match file.check_model(model) {
        Ok(()) => true,
        Err(e) => {
            println!("  {e}");
            false
        }
    })
}

pub fn run(args: InfoArgs) -> anyhow::Result<()> {
    if args.files.is_empty() {
        return info_calculator(&args.link);
    }
    let mut bad = 0;
    for path in &args.files {
        println!("{}:", path.display());
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let result = std::fs::read(path)
            .map_err(anyhow::Error::from)
            .and_then(|bytes| {
                let letter = ext.chars().nth(2).map(|c| c.to_ascii_lowercase());
                match (Model::from_extension(ext), letter) {
                    (Some(model), Some('u' | 'k' | 'q')) => info_flash(&bytes, model),
                    _ => info_var_file(&bytes, ext),
                }
            });
        match result {
            Ok(true) => {}
            Ok(false) => bad += 1,
            Err(e) => {
                println!("  error: {e:#}");
                bad += 1;
            }
        }
    }
    if bad > 0 {
        bail!(
            "{bad} of {} file(s) damaged or unreadable",
            args.files.len()
        );
    }
    Ok(())
}
