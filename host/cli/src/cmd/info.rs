//! `ti68k info FILE...`: prints what calculator files hold (model, folder, name, type, size
//! and checksum status of every variable; the blocks of FLASH files), or the same as JSON
//! (`--json`, docs/cli.md#info). Exits non-zero when a file is damaged or unreadable.
//!
//! `ti68k info` without files asks the calculator at the end of `--cable` who it is: model, OS
//! and boot versions, hardware, language; over the Titanium's USB port also its ID, memory and
//! screen. (Over DBUS this is the VER request, which PedroM answers only after ENTER is
//! pressed on its keyboard.)

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;
use serde::Serialize;

use ti_files::{parse_extension, FlashFile, Model, VarFile};
use ti_link::ops::Identity;

use super::link_args::LinkArgs;
use super::output::Out;

/// Describe calculator files and check their checksums, or (without files) the calculator.
#[derive(Args, Debug)]
pub struct InfoArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Files: variable files (.89z, .9xs, .v2g...) or FLASH files (.89u, .9xk...). None: ask
    /// the calculator on --cable.
    files: Vec<PathBuf>,
    /// Print one JSON object per file instead of text (fields: docs/cli.md#info).
    #[arg(long)]
    json: bool,
}

/// What `info` says about one file (the `--json` object).
#[derive(Serialize, Default)]
struct FileInfo {
    /// The path as given.
    file: String,
    /// Whether the file is sound: readable, every checksum right, the extension right.
    ok: bool,
    /// Why it could not be read, if it could not.
    error: Option<String>,
    /// `variables` or `flash`.
    kind: &'static str,
    /// The model (from the extension): `TI-89`, `TI-92 Plus`, `Voyage 200`.
    model: String,
    /// Whether a variable file is a group file (.89g...) rather than a single variable's.
    group: bool,
    /// A variable file's comment.
    comment: Option<String>,
    /// A variable file's variables.
    variables: Vec<VariableInfo>,
    /// A FLASH file's blocks.
    blocks: Vec<BlockInfo>,
    /// What is wrong besides checksums (an extension that does not fit the content).
    problems: Vec<String>,
}

#[derive(Serialize)]
struct VariableInfo {
    folder: String,
    name: String,
    /// The type's name (`ASM program`, `string`...).
    r#type: String,
    /// The type's byte.
    type_code: u8,
    /// Bytes of the variable's data, size word included.
    size: usize,
    stored_checksum: u16,
    computed_checksum: u16,
    checksum_ok: bool,
    /// `locked`, `archived` or empty.
    attribute: &'static str,
}

#[derive(Serialize)]
struct BlockInfo {
    name: String,
    /// `operating system`, `application`, `certificate`, `licence`.
    data_type: &'static str,
    device_type: u8,
    hardware_id: u8,
    revision: String,
    size: usize,
}

/// What the calculator says of itself (the `--json` object without files): each field `null`
/// where its protocol does not give it.
#[derive(Serialize)]
struct CalculatorInfo<'a> {
    /// The cable and calculator, as the link describes them.
    calculator: String,
    protocol: &'a str,
    model: Option<&'a str>,
    product: Option<&'a str>,
    os_version: Option<&'a str>,
    boot_version: Option<&'a str>,
    hardware_version: Option<u32>,
    language: Option<u8>,
    sub_language: Option<u8>,
    calculator_id: Option<&'a str>,
    ram_total: Option<u64>,
    ram_user: Option<u64>,
    ram_free: Option<u64>,
    flash_total: Option<u64>,
    flash_user: Option<u64>,
    flash_free: Option<u64>,
    lcd: Option<(u16, u16)>,
    battery_ok: Option<bool>,
}

fn info_calculator(link: &LinkArgs, json: bool) -> anyhow::Result<()> {
    let mut calc = link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let id: Identity = calc.identity().context("asking the calculator who it is")?;
    let mut out = Out::new();
    if !json {
        writeln!(out, "{}:", calc.describe())?;
        write!(out, "{id}")?;
        return Ok(());
    }
    out.json(&CalculatorInfo {
        calculator: calc.describe(),
        protocol: id.protocol,
        model: id.model.as_deref(),
        product: id.product.as_deref(),
        os_version: id.os_version.as_deref(),
        boot_version: id.boot_version.as_deref(),
        hardware_version: id.hardware_version,
        language: id.language,
        sub_language: id.sub_language,
        calculator_id: id.calculator_id.as_deref(),
        ram_total: id.ram_total,
        ram_user: id.ram_user,
        ram_free: id.ram_free,
        flash_total: id.flash_total,
        flash_user: id.flash_user,
        flash_free: id.flash_free,
        lcd: id.lcd,
        battery_ok: id.battery_ok,
    })?;
    Ok(())
}

fn var_file(bytes: &[u8], ext: &str, info: &mut FileInfo) -> anyhow::Result<()> {
    let (model, var_type) = parse_extension(ext)?;
    let parsed = VarFile::parse(bytes, model)?;
    let file = &parsed.file;
    info.kind = "variables";
    info.model = model.to_string();
    info.comment = Some(file.comment_text());
    info.group = var_type.is_none();
    info.ok = true;
    for (v, &stored) in file.variables.iter().zip(&parsed.stored_checksums) {
        let computed = v.checksum();
        info.ok &= computed == stored;
        info.variables.push(VariableInfo {
            folder: v.folder.as_ref().map(|f| f.to_string()).unwrap_or_default(),
            name: v.name.to_string(),
            r#type: v.var_type.name().to_string(),
            type_code: v.var_type.0,
            size: v.image_len(),
            stored_checksum: stored,
            computed_checksum: computed,
            checksum_ok: computed == stored,
            attribute: v.attribute.describe(),
        });
    }
    if let Err(e) = ti_files::check_extension(file, ext, var_type) {
        info.problems.push(e.to_string());
        info.ok = false;
    }
    Ok(())
}

fn flash(bytes: &[u8], model: Model, info: &mut FileInfo) -> anyhow::Result<()> {
    let file = FlashFile::parse(bytes)?;
    info.kind = "flash";
    info.model = model.to_string();
    info.ok = true;
    for b in &file.blocks {
        info.blocks.push(BlockInfo {
            name: b.name.clone(),
            data_type: b.data_type.name(),
            device_type: b.device_type,
            hardware_id: b.hardware_id,
            revision: format!("{}.{}", b.revision.0, b.revision.1),
            size: b.data.len(),
        });
    }
    if let Err(e) = file.check_model(model) {
        info.problems.push(e.to_string());
        info.ok = false;
    }
    Ok(())
}

/// Reads and describes one file; a file that cannot be read is described by its error.
fn describe(path: &Path) -> FileInfo {
    let mut info = FileInfo {
        file: path.display().to_string(),
        ..FileInfo::default()
    };
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let result = ti_files::disk::read_calculator_file(path)
        .map_err(anyhow::Error::from)
        .and_then(|bytes| {
            let letter = ext.chars().nth(2).map(|c| c.to_ascii_lowercase());
            match (Model::from_extension(ext), letter) {
                (Some(model), Some('u' | 'k' | 'q')) => flash(&bytes, model, &mut info),
                _ => var_file(&bytes, ext, &mut info),
            }
        });
    if let Err(e) = result {
        info.ok = false;
        info.error = Some(format!("{e:#}"));
    }
    info
}

fn print_text(out: &mut Out, info: &FileInfo) -> std::io::Result<()> {
    writeln!(out, "{}:", info.file)?;
    if let Some(error) = &info.error {
        return writeln!(out, "  error: {error}");
    }
    match info.kind {
        "flash" => writeln!(
            out,
            "  {} FLASH file, {} block(s)",
            info.model,
            info.blocks.len()
        )?,
        _ => writeln!(
            out,
            "  {} {} file, {} variable(s), comment {:?}",
            info.model,
            if info.group {
                "group"
            } else {
                "single-variable"
            },
            info.variables.len(),
            info.comment.as_deref().unwrap_or("")
        )?,
    }
    for v in &info.variables {
        let status = if v.checksum_ok {
            format!("checksum {:#06x} OK", v.stored_checksum)
        } else {
            format!(
                "checksum BAD: stored {:#06x}, data sums to {:#06x}",
                v.stored_checksum, v.computed_checksum
            )
        };
        let path = if v.folder.is_empty() {
            v.name.clone()
        } else {
            format!("{}\\{}", v.folder, v.name)
        };
        let ty = format!("{} (0x{:02X})", v.r#type, v.type_code);
        writeln!(
            out,
            "  {path:<17} {ty:<22} {:>6} bytes  {status}  {}",
            v.size, v.attribute
        )?;
    }
    for b in &info.blocks {
        writeln!(
            out,
            "  {:<8} {} device {:#04x} hardware ID {} revision {} {} bytes",
            b.name, b.data_type, b.device_type, b.hardware_id, b.revision, b.size
        )?;
    }
    for p in &info.problems {
        writeln!(out, "  {p}")?;
    }
    Ok(())
}

/// Runs `ti68k info`.
pub fn run(args: InfoArgs) -> anyhow::Result<()> {
    if args.files.is_empty() {
        return info_calculator(&args.link, args.json);
    }
    let mut out = Out::new();
    let mut bad = 0;
    for path in &args.files {
        let info = describe(path);
        if !info.ok {
            bad += 1;
        }
        if args.json {
            out.json(&info)?;
        } else {
            print_text(&mut out, &info)?;
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
