//! The subcommands of the `host` binary. Each lives in its own file with its clap arguments and
//! a `run` function; the logic they call is in the library.
use clap::{Parser, Subcommand};

/// Board-game AIs for the TI-89, TI-92 Plus and Voyage 200: build, send, test, play.
#[derive(Parser, Debug)]
#[command(name = "host", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Every subcommand.
#[derive(Subcommand, Debug)]
enum Command {}

impl Cli {
    /// Runs the chosen subcommand.
    pub fn run(self) -> anyhow::Result<()> {
        match self.command {}
    }
}
