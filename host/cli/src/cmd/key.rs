//! `ti68k key KEY...`: presses keys on the calculator remotely, over any cable.

use anyhow::{bail, Context};
use clap::Args;

use ti_link::ops::keys;

use super::link_args::LinkArgs;

/// Press keys on the calculator remotely.
#[derive(Args, Debug)]
pub struct KeyArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Type this text (each character as a key) after the keys.
    #[arg(long)]
    text: Option<String>,
    /// Keys: enter, clear, esc, home, a single character (`1` is the key 1), or a numeric key
    /// code of two or more digits (e.g. 277).
    keys: Vec<String>,
}

/// Runs `ti68k key`.
pub fn run(args: KeyArgs) -> anyhow::Result<()> {
    let model = args.link.model;
    let mut codes = Vec::new();
    for k in &args.keys {
        let Some(code) = keys::parse(k, model) else {
            bail!("unknown key {k:?}: use enter, clear, esc, home, one character of the TI character set, or a key code of two or more digits");
        };
        codes.push(code);
    }
    if codes.is_empty() && args.text.is_none() {
        bail!("no key given");
    }
    let mut calc = args.link.open_any()?;
    for c in codes {
        calc.send_key(c)
            .with_context(|| format!("pressing key {c}"))?;
    }
    if let Some(t) = &args.text {
        calc.type_text(t).context("typing the text")?;
    }
    Ok(())
}
