//! `ti68k ls [FOLDER]`: lists the calculator's folders and variables.

use anyhow::Context;
use clap::Args;

use ti_files::VarName;

use super::link_args::LinkArgs;

/// List the calculator's folders and variables.
#[derive(Args, Debug)]
pub struct LsArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// List only this folder.
    folder: Option<String>,
}

pub fn run(args: LsArgs) -> anyhow::Result<()> {
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let listings = match &args.folder {
        Some(f) => vec![calc.list_folder(&VarName::new(f)?)?],
        None => calc.list()?,
    };
    for l in listings {
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
    Ok(())
}
