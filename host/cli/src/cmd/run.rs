//! `ti68k run FOLDER\NAME [ARGS]`: runs a program on the calculator by typing
//! `folder\name(args)` and ENTER on its home screen.

use std::io::Write;

use anyhow::Context;
use clap::Args;

use ti_files::VarPath;

use super::link_args::LinkArgs;
use super::output::Out;

/// Run a program on the calculator (remote keys on the home screen).
#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// The program, as folder\name.
    program: String,
    /// Arguments, as typed between the parentheses (e.g. "1,2").
    #[arg(default_value = "")]
    args: String,
}

/// Runs `ti68k run`.
pub fn run(args: RunArgs) -> anyhow::Result<()> {
    let path = VarPath::parse(&args.program)?;
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    calc.run(&path, &args.args)
        .with_context(|| format!("running {path}"))?;
    writeln!(Out::new(), "started {path}({})", args.args)?;
    Ok(())
}
