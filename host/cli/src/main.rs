//! The `ti68k` command line: one subcommand per file in `src/cmd/`.
use clap::Parser;

mod cmd;

fn main() -> anyhow::Result<()> {
    cmd::Cli::parse().run()
}
