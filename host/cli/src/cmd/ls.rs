//! `ti68k ls [FOLDER]`: lists the calculator's folders, variables (type, size, locked or
//! archived) and FLASH applications, over any cable.

use anyhow::Context;
use clap::Args;

use ti_files::VarName;

use super::link_args::LinkArgs;

/// List the calculator's folders, variables and FLASH applications.
#[derive(Args, Debug)]
pub struct LsArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// List only this folder.
    folder: Option<String>,
}

pub fn run(args: LsArgs) -> anyhow::Result<()> {
    let only = args.folder.as_deref().map(VarName::new).transpose()?;
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let listing = calc.listing().context("listing the calculator")?;
    for l in &listing.folders {
        if only.as_ref().is_some_and(|f| f != &l.folder) {
            continue;
        }
        println!("{}\\ ({} variables)", l.folder, l.entries.len());
        for e in &l.entries {
            println!(
                "  {:<8}  {:<18} {:>6} bytes  {}",
                e.name.to_string(),
                e.var_type.name(),
                e.size,
                e.attribute.describe()
            );
        }
    }
    if only.is_none() && !listing.apps.is_empty() {
        println!("FLASH applications ({})", listing.apps.len());
        for a in &listing.apps {
            println!("  {:<8}  {:>25} bytes", a.name.to_string(), a.size);
        }
    }
    Ok(())
}
