//! `ti68k ls [FOLDER]`: lists the calculator's folders and variables, as text or as JSON
//! (`--json`, docs/cli.md#ls).

use std::io::Write;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use ti_files::VarName;

use super::link_args::LinkArgs;
use super::output::Out;

/// List the calculator's folders and variables.
#[derive(Args, Debug)]
pub struct LsArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// List only this folder.
    folder: Option<String>,
    /// Print the listing as one JSON array of folders instead of text (docs/cli.md#ls).
    #[arg(long)]
    json: bool,
}

/// A folder (the `--json` objects).
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

/// Runs `ti68k ls`.
pub fn run(args: LsArgs) -> anyhow::Result<()> {
    let folder = args.folder.as_deref().map(VarName::new).transpose()?;
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let listings = match &folder {
        Some(f) => vec![calc.list_folder(f)?],
        None => calc.list()?,
    };
    let folders: Vec<Folder> = listings
        .iter()
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
    let mut out = Out::new();
    if args.json {
        out.json(&folders)?;
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
    Ok(())
}
