//! `ti68k ls [FOLDER]`: lists the calculator's folders, variables (type, size, locked or
//! archived) and FLASH applications, over any cable, as text or as JSON (`--json`,
//! docs/cli.md#ls).

use std::io::Write;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use ti_files::VarName;

use super::link_args::LinkArgs;
use super::output::Out;

/// List the calculator's folders, variables and FLASH applications.
#[derive(Args, Debug)]
pub struct LsArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// List only this folder.
    folder: Option<String>,
    /// Print the listing as one JSON object instead of text (docs/cli.md#ls).
    #[arg(long)]
    json: bool,
}

/// The listing (the `--json` object).
#[derive(Serialize)]
struct Listing {
    folders: Vec<Folder>,
    /// The FLASH applications (none when one folder is listed).
    apps: Vec<App>,
}

#[derive(Serialize)]
struct Folder {
    folder: String,
    variables: Vec<Entry>,
}

#[derive(Serialize)]
struct Entry {
    name: String,
    /// The type's name (`ASM program`, `string`...).
    r#type: &'static str,
    /// The type's byte.
    type_code: u8,
    /// Bytes of the variable, as the calculator reports them.
    size: u32,
    /// `locked`, `archived` or empty.
    attribute: &'static str,
}

#[derive(Serialize)]
struct App {
    name: String,
    size: u64,
}

/// Runs `ti68k ls`.
pub fn run(args: LsArgs) -> anyhow::Result<()> {
    let only = args.folder.as_deref().map(VarName::new).transpose()?;
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let listing = calc.listing().context("listing the calculator")?;
    let folders: Vec<Folder> = listing
        .folders
        .iter()
        .filter(|l| only.as_ref().is_none_or(|f| f == &l.folder))
        .map(|l| Folder {
            folder: l.folder.to_string(),
            variables: l
                .entries
                .iter()
                .map(|e| Entry {
                    name: e.name.to_string(),
                    r#type: e.var_type.name(),
                    type_code: e.var_type.0,
                    size: e.size,
                    attribute: e.attribute.describe(),
                })
                .collect(),
        })
        .collect();
    let apps: Vec<App> = if only.is_none() {
        listing
            .apps
            .iter()
            .map(|a| App {
                name: a.name.to_string(),
                size: u64::from(a.size),
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut out = Out::new();
    if args.json {
        out.json(&Listing { folders, apps })?;
        return Ok(());
    }
    for f in &folders {
        writeln!(out, "{}\\ ({} variables)", f.folder, f.variables.len())?;
        for e in &f.variables {
            writeln!(
                out,
                "  {:<8}  {:<18} {:>6} bytes  {}",
                e.name, e.r#type, e.size, e.attribute
            )?;
        }
    }
    if !apps.is_empty() {
        writeln!(out, "FLASH applications ({})", apps.len())?;
        for a in &apps {
            writeln!(out, "  {:<8}  {:>25} bytes", a.name, a.size)?;
        }
    }
    Ok(())
}
