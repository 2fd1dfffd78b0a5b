//! The `ti68k` command line: one subcommand per file in `src/cmd/`.
//!
//! Exit status (docs/cli.md#exit-status): 0 done (also when the reader of standard output went
//! away), 1 an error, printed as `error: ...` on standard error, 2 a usage error (clap's).
use std::process::ExitCode;

use clap::Parser;

mod cmd;

fn main() -> ExitCode {
    let cli = cmd::Cli::parse();
    match cli.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if cmd::output::is_stdout_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprint!("{}", cmd::output::error_text(&e));
            ExitCode::FAILURE
        }
    }
}
