//! `ti68k replay`: shows a game logged by the arbiter (its `journal` variable), from a file
//! received with `ti68k recv` or read over the link: the names, every move with the board after
//! it (or only the end), and the result.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;

use calc::connect4::log;
use ti68k::contest::run::log_payload;
use ti_files::{Value, VarFile, VarPath, VarType};

use super::link_args::LinkArgs;
use super::output::Out;

/// Arguments of `ti68k replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// A calculator file holding the log (e.g. journal.89y); without it, the log is read from
    /// the calculator (--from).
    file: Option<PathBuf>,
    /// The log variable on the calculator.
    #[arg(long, default_value = "main\\journal")]
    from: String,
    /// Print the board after every move.
    #[arg(long)]
    steps: bool,
}

/// Runs `ti68k replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let data = match &args.file {
        Some(path) => {
            let bytes = ti_files::disk::read_calculator_file(path)?;
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let file = VarFile::from_bytes_with_extension(&bytes, ext)
                .with_context(|| format!("reading {}", path.display()))?;
            let Some(var) = file.variables.first() else {
                bail!("{} holds no variable", path.display());
            };
            if var.var_type != VarType::OTH {
                bail!(
                    "{} holds a {}, not the arbiter's log (custom data of type C4L)",
                    path.display(),
                    var.var_type
                );
            }
            var.data.clone()
        }
        None => {
            let path = VarPath::parse(&args.from)?;
            let mut calc = args.link.open()?;
            match calc
                .get_value(&path)
                .with_context(|| format!("reading {path}"))?
            {
                Value::Opaque { data, .. } => data,
                other => bail!("{path} holds {}, not the arbiter's log", other.kind()),
            }
        }
    };
    let payload =
        log_payload(&data).context("not the arbiter's log: custom data of type C4L expected")?;
    let game = log::decode(payload).map_err(|e| anyhow::anyhow!("damaged log: {e}"))?;
    let mut out = Out::new();
    if args.steps {
        for n in 1..=game.moves.len() {
            let who = if n % 2 == 1 { "O" } else { "X" };
            writeln!(out, "{n:>2}. {who} plays column {}", game.moves[n - 1])?;
            let mut grid = [0u8; 48];
            game.board_after(n).render(&mut grid);
            write!(out, "{}", String::from_utf8_lossy(&grid))?;
        }
    }
    write!(out, "{}", ti68k::play::connect4::render_log(&game))?;
    Ok(())
}
