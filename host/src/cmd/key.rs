//! `host key KEY...`: presses keys on the calculator remotely.

use anyhow::{bail, Context};
use clap::Args;

use host::link::ops::keys;

use super::link_args::LinkArgs;

/// Press keys on the calculator remotely.
#[derive(Args, Debug)]
pub struct KeyArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// Type this text (each character as a key) after the keys.
    #[arg(long)]
    text: Option<String>,
    /// Keys: enter, clear, esc, home, a single character, or a numeric key code (e.g. 277).
    keys: Vec<String>,
}

pub fn run(args: KeyArgs) -> anyhow::Result<()> {
    let model = args.link.model;
    let mut codes = Vec::new();
    for k in &args.keys {
        let code = if let Some(c) = keys::by_name(k, model) {
            c
        } else if let Ok(n) = k.parse::<u16>() {
            n
        } else if k.chars().count() == 1 {
            let b = host::file::charset::encode(k)?;
            b[0] as u16
        } else {
            bail!("unknown key {k:?}: use enter, clear, esc, home, one character or a key code");
        };
        codes.push(code);
    }
    if codes.is_empty() && args.text.is_none() {
        bail!("no key given");
    }
    let mut calc = args.link.open()?;
    for c in codes {
        calc.send_key(c)
            .with_context(|| format!("pressing key {c}"))?;
    }
    if let Some(t) = &args.text {
        calc.type_text(t).context("typing the text")?;
    }
    Ok(())
}
