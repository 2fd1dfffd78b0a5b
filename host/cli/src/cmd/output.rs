//! How the commands speak (docs/cli.md#output): results on standard output through [`Out`],
//! `--json` records, progress bars on standard error, and errors as "error: ..." lines.
//!
//! - A reader that goes away (`ti68k info FILE | head -1`) ends the command quietly with exit
//!   status 0: every write to standard output goes through [`Out`], which turns the broken pipe
//!   into [`StdoutClosed`], and `main` exits 0 on it. No other broken pipe (a cable, TiEmu's
//!   FIFOs) is taken for it.
//! - Progress bars ([`progress`]) are drawn on standard error only when it is a terminal, and
//!   never with `--json`: in a pipe or a log file the output is the results alone.
//! - An error prints as `error: MESSAGE`, then one `  caused by: ...` line per cause that the
//!   message does not already say; never a backtrace, whatever `RUST_BACKTRACE` says.

use std::io::{self, IsTerminal, StdoutLock, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

/// The reader of standard output went away.
#[derive(Debug)]
pub struct StdoutClosed;

impl std::fmt::Display for StdoutClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed by its reader")
    }
}

impl std::error::Error for StdoutClosed {}

/// Standard output for a command's results (module doc).
pub struct Out {
    lock: StdoutLock<'static>,
}

impl Out {
    /// Standard output, locked for the command.
    pub fn new() -> Out {
        Out {
            lock: io::stdout().lock(),
        }
    }

    /// Writes `value` as one line of JSON.
    pub fn json<T: Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        let text = serde_json::to_string(value).map_err(io::Error::other)?;
        writeln!(self, "{text}")?;
        self.flush()
    }
}

fn closed(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        io::Error::new(io::ErrorKind::BrokenPipe, StdoutClosed)
    } else {
        e
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock.write(buf).map_err(closed)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lock.flush().map_err(closed)
    }
}

/// Whether `error` is the reader of standard output going away.
pub fn is_stdout_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .and_then(|e| e.get_ref())
            .is_some_and(|inner| inner.is::<StdoutClosed>())
            || cause.is::<StdoutClosed>()
    })
}

/// The text of an error as the user sees it: `error: MESSAGE` and the causes the message does
/// not already contain, one a line.
pub fn error_text(error: &anyhow::Error) -> String {
    let mut text = format!("error: {error}\n");
    let mut said = error.to_string();
    for cause in error.chain().skip(1) {
        let message = cause.to_string();
        if said.contains(&message) {
            continue;
        }
        text.push_str(&format!("  caused by: {message}\n"));
        said.push_str(&message);
    }
    text
}

/// Whether progress may be drawn: standard error is a terminal.
pub fn progress_allowed() -> bool {
    io::stderr().is_terminal()
}

/// A progress bar of `len` steps (a spinner with a count when `len` is `None`) on standard
/// error, hidden unless standard error is a terminal and `quiet` is false (`--json`).
pub fn progress(len: Option<u64>, quiet: bool) -> ProgressBar {
    let bar = match len {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template("{msg:24} [{bar:30}] {pos}/{len} {elapsed} (eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {msg} {pos} {elapsed}")
                .expect("valid template"),
        ),
    };
    if quiet || !progress_allowed() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("reading x: {source}")]
    struct Repeats {
        source: io::Error,
    }

    #[test]
    fn causes_the_message_already_says_are_not_repeated() {
        let e = anyhow::Error::new(Repeats {
            source: io::Error::other("disk on fire"),
        })
        .context("building joueur");
        assert_eq!(
            error_text(&e),
            "error: building joueur\n  caused by: reading x: disk on fire\n"
        );
    }

    #[test]
    fn a_closed_stdout_is_told_apart_from_other_broken_pipes() {
        let closed = anyhow::Error::new(super::closed(io::Error::from(io::ErrorKind::BrokenPipe)))
            .context("printing");
        assert!(is_stdout_closed(&closed));
        let cable = anyhow::Error::new(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(!is_stdout_closed(&cable));
    }
}
