//! `ti68k var get|set FOLDER\NAME [VALUE]`: reads or writes a variable's typed value
//! (integers and strings, e.g. the contest's `colonne` and `nom`).

use std::io::Write;

use anyhow::Context;
use clap::{Args, Subcommand};

use ti_files::{Integer, Value, VarPath};

use super::link_args::LinkArgs;
use super::output::Out;

/// Read or write a variable's value.
#[derive(Args, Debug)]
pub struct VarArgs {
    #[command(subcommand)]
    action: VarAction,
}

#[derive(Subcommand, Debug)]
enum VarAction {
    /// Print a variable's value (integers and strings as such, other data in hex).
    Get {
        #[command(flatten)]
        link: LinkArgs,
        /// The variable, as folder\name.
        path: String,
    },
    /// Store a value: an integer if VALUE is one (e.g. -1), else a string.
    Set {
        #[command(flatten)]
        link: LinkArgs,
        /// Store VALUE as a string even if it looks like an integer.
        #[arg(long)]
        string: bool,
        /// The variable, as folder\name.
        path: String,
        /// The value.
        #[arg(allow_hyphen_values = true)]
        value: String,
    },
}

/// A value as text: integers in decimal, strings quoted, other data in hex.
pub fn show(value: &Value) -> String {
    let hex = |d: &[u8]| {
        d.iter()
            .map(|b| format!("{b:02x}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match value {
        Value::Integer(i) => i.to_string(),
        Value::Str(s) => format!("{s:?}"),
        Value::Text(t) => format!("text {:?}", t.to_plain()),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(show).collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Program(d) => format!("ASM program, {} bytes", d.len()),
        Value::Basic(b) => format!("TI-BASIC text {:?}", b.to_source()),
        Value::Expression(d) => format!("expression [{}]", hex(d)),
        Value::Opaque { var_type, data } => format!("{var_type} [{}]", hex(data)),
    }
}

/// Runs `ti68k var`.
pub fn run(args: VarArgs) -> anyhow::Result<()> {
    match args.action {
        VarAction::Get { link, path } => {
            let path = VarPath::parse(&path)?;
            let mut calc = link.open_any()?;
            calc.ready().context("the calculator is not ready")?;
            let value = calc
                .get_variable(&path)
                .with_context(|| format!("reading {path}"))?
                .value();
            writeln!(Out::new(), "{}", show(&value))?;
        }
        VarAction::Set {
            link,
            string,
            path,
            value,
        } => {
            let path = VarPath::parse(&path)?;
            let value = match value.parse::<Integer>() {
                Ok(i) if !string => Value::Integer(i),
                _ => Value::Str(value),
            };
            let mut calc = link.open_any()?;
            calc.ready().context("the calculator is not ready")?;
            let var = ti_files::Variable::new(path.clone(), &value)?;
            calc.send_variable(&var)
                .with_context(|| format!("writing {path}"))?;
            writeln!(Out::new(), "{path} = {}", show(&value))?;
        }
    }
    Ok(())
}
