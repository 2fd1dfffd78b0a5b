//! `ti68k run FOLDER\NAME [ARGS]`: runs a program on the calculator: over DBUS by typing
//! `folder\name(args)` and ENTER on its home screen, over the Titanium's USB port with the
//! remote-execution command (which needs the program's type: it is read from the listing).

use std::io::Write;

use anyhow::Context;
use clap::Args;

use ti_files::VarPath;

use super::link_args::LinkArgs;
use super::output::Out;

/// Run a program on the calculator.
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
    let mut calc = args.link.open_any()?;
    calc.ready().context("the calculator is not ready")?;
    let var_type = if args.link.cable.is_dusb() {
        calc.listing()?
            .find(&path)
            .map(|e| e.var_type)
            .with_context(|| format!("{path} is not on the calculator"))?
    } else {
        ti_files::VarType::ASM
    };
    calc.run(&path, var_type, &args.args)
        .with_context(|| format!("running {path}"))?;
    writeln!(Out::new(), "started {path}({})", args.args)?;
    Ok(())
}
