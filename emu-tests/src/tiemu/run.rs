//! Running a program on the calculator and judging the result: it ran and the screen settled,
//! or it crashed, or it never let the link be serviced again.
//!
//! A run types `folder\name(args)` and ENTER on the home screen (`ti-link`'s
//! [`ti_link::Calculator::run`]), then takes screenshots until two in a row are equal: the
//! program has finished, or waits for a key. While a program holds the CPU the link is not
//! serviced and screenshots time out; the bench keeps trying until [`SETTLE_TIMEOUT`].
//!
//! **Crash detection on PedroM.** PedroM catches a 68000 exception (address error, illegal
//! instruction...), shows its name for about two seconds, then restarts its shell, which draws
//! its start-up banner again (observed with an address error; docs/tiemu.md#pedrom tells the
//! session). The bench keeps the banner from boot (the screen's top text line); a run after which
//! the top line is that banner again is a crash: the bench cleared the screen before typing the
//! command, so nothing else puts it there. For a user's TI ROM there is no such signature yet
//! (AMS's crash screens could not be observed here): there a crash shows only as a screen that
//! never settles or a calculator that stops answering.
//!
//! **Exceptions TiEmu traps.** TiEmu stops the emulation and opens its debugger (a window named
//! "TiEmu Dock") on an illegal instruction (`ILLEGAL`, or a 68010+ opcode): the OS never sees
//! those. The bench notices the extra window when the link stops answering and reports a crash;
//! the session cannot go on after that (the emulation is paused), so start a new one.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ti_files::VarPath;

use super::{Screen, TextMatch, TextTemplates, TiEmu, TiEmuError};

/// How long a run may take to reach a stable screen.
pub const SETTLE_TIMEOUT: Duration = Duration::from_secs(15);
/// Pause between the screenshots that decide that the screen is stable.
const SETTLE_STEP: Duration = Duration::from_millis(300);
/// Per-byte timeout of a screenshot while waiting (the calculator may be busy).
const SHOT_TIMEOUT: Duration = Duration::from_millis(800);
/// How many times [`TiEmu::start_showing`] types a program's command when its texts do not
/// come.
const RUN_TRIES: usize = 3;
/// How long [`TiEmu::start_showing`] waits for a program's first screen.
const START_WAIT: Duration = Duration::from_secs(10);

/// What a run looked like.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// The stable screen after the run (the program's output, or what it shows while it waits
    /// for a key).
    pub screen: Screen,
    /// How long after ENTER the screen was stable.
    pub settled_after: Duration,
}

/// The first text line of a boot screen: the rows from the first dark row to the next blank
/// row (PedroM: "PedroM v0.81[20051101 4:04]").
pub(super) fn banner_rows(boot: &Screen) -> Option<(u32, u32)> {
    let dark_row = |y: u32| (0..boot.width()).any(|x| boot.get(x, y));
    let top = (0..boot.height()).find(|&y| dark_row(y))?;
    let end = (top..boot.height())
        .find(|&y| !dark_row(y))
        .unwrap_or(boot.height());
    Some((top, end))
}

impl TiEmu {
    /// Takes screenshots until two in a row are equal; `None` if that does not happen within
    /// [`SETTLE_TIMEOUT`]. Fails with [`TiEmuError::EmulationStopped`] when TiEmu has stopped
    /// in its debugger.
    pub fn wait_for_stable_screen(&mut self) -> Result<Option<Screen>, TiEmuError> {
        let start = Instant::now();
        let mut last: Option<Screen> = None;
        while start.elapsed() < SETTLE_TIMEOUT {
            self.check_alive()?;
            match self.try_screenshot(SHOT_TIMEOUT)? {
                Some(s) if last.as_ref() == Some(&s) => return Ok(Some(s)),
                Some(s) => last = Some(s),
                None => {
                    if let Some(window) = self.extra_window()? {
                        return Err(TiEmuError::EmulationStopped(window));
                    }
                    last = None;
                }
            }
            std::thread::sleep(SETTLE_STEP);
        }
        Ok(None)
    }

    /// Runs `path` with `args` (typed as `path(args)` on the home screen) and waits for the
    /// screen to settle. Fails with [`TiEmuError::Crashed`] when the OS shows that the program
    /// crashed, and with [`TiEmuError::Hung`] when the screen never settles.
    pub fn run(&mut self, path: &str, args: &str) -> Result<RunReport, TiEmuError> {
        let var = VarPath::parse(path)
            .map_err(|e| TiEmuError::Protocol(format!("program {path:?}: {e}")))?;
        self.calc().run(&var, args)?;
        let entered = Instant::now();
        let settled = match self.wait_for_stable_screen() {
            Err(TiEmuError::EmulationStopped(window)) => {
                return Err(TiEmuError::Crashed {
                    program: path.to_string(),
                    detail: format!(
                        "TiEmu stopped the emulation and opened its debugger (window {window:?}): an illegal instruction; start a new session"
                    ),
                    screenshot: None,
                })
            }
            other => other?,
        };
        let Some(screen) = settled else {
            let shot = self.x_screenshot().ok();
            let saved = self.keep_optional(shot.as_ref(), "hung");
            return Err(TiEmuError::Hung {
                program: path.to_string(),
                timeout: SETTLE_TIMEOUT,
                screenshot: saved,
            });
        };
        if self.shows_restart(&screen) {
            let saved = self.keep_optional(Some(&screen), "crashed");
            return Err(TiEmuError::Crashed {
                program: path.to_string(),
                detail: format!(
                    "{} restarted: its start-up banner is back on the screen",
                    self.os().describe()
                ),
                screenshot: saved,
            });
        }
        Ok(RunReport {
            screen,
            settled_after: entered.elapsed(),
        })
    }

    /// Sends the calculator file `file`, runs its (first) program, and checks that `text` is on
    /// the screen afterwards, in any system font. Returns the screen, which is also kept as
    /// `<screenshot dir>/<os>-<model>-<program name>.png`. The one call to check a program
    /// that prints something.
    pub fn run_file_expecting_text(
        &mut self,
        file: &std::path::Path,
        text: &str,
    ) -> Result<Screen, TiEmuError> {
        Ok(self.run_file_expecting_texts(file, &[text])?.0)
    }

    /// Like [`TiEmu::run_file_expecting_text`] for several texts, and says where each one is.
    /// Use it rather than calling [`TiEmu::find_text`] on a new text after the run: the
    /// reference rendering runs a program, which must not happen while the program under test
    /// still waits for a key.
    pub fn run_file_expecting_texts(
        &mut self,
        file: &std::path::Path,
        texts: &[&str],
    ) -> Result<(Screen, Vec<TextMatch>), TiEmuError> {
        let paths = self.send_file(file)?;
        let program = paths
            .first()
            .ok_or_else(|| TiEmuError::Protocol(format!("{} holds no variable", file.display())))?;
        self.run_expecting_texts(&program.to_string(), "", texts)
    }

    /// Runs `path(args)` (already on the calculator) and checks that `text` is on the screen
    /// afterwards; see [`TiEmu::run_file_expecting_text`].
    pub fn run_expecting_text(
        &mut self,
        path: &str,
        args: &str,
        text: &str,
    ) -> Result<Screen, TiEmuError> {
        Ok(self.run_expecting_texts(path, args, &[text])?.0)
    }

    /// Runs `path(args)` (already on the calculator) and checks that every one of `texts` is on
    /// the screen afterwards; returns the screen and where each text is. The command is typed
    /// again when a text does not come ([`TiEmu::start_showing`]).
    pub fn run_expecting_texts(
        &mut self,
        path: &str,
        args: &str,
        texts: &[&str],
    ) -> Result<(Screen, Vec<TextMatch>), TiEmuError> {
        // Render the references first: once the program runs it may wait for a key, and the
        // renderer must not run inside it.
        let templates = texts
            .iter()
            .map(|t| self.text_templates(t))
            .collect::<Result<Vec<_>, _>>()?;
        let refs: Vec<&TextTemplates> = templates.iter().collect();
        let (screen, found) = self.start_showing(path, args, &refs)?;
        let name = path.rsplit('\\').next().unwrap_or(path);
        self.keep_screenshot(&screen, name)?;
        Ok((screen, found))
    }

    /// Runs `path(args)` on the home screen and waits until every one of `texts` is on the
    /// screen: that screen and where each text is. A calculator starved of the processor
    /// (TiEmu on a busy machine) sometimes loses a key of the typed command, and PedroM answers
    /// with an error in its history ("Undefined var" for `man\\puiss4()`): when the texts have
    /// not come within `START_WAIT`, ESC is pressed and the command typed again,
    /// `RUN_TRIES` times in all. The error names the first text missing from the last
    /// screen, which is kept as `<program>-missing`.
    pub fn start_showing(
        &mut self,
        path: &str,
        args: &str,
        texts: &[&TextTemplates],
    ) -> Result<(Screen, Vec<TextMatch>), TiEmuError> {
        let find_all = |screen: &Screen| -> Option<Vec<TextMatch>> {
            texts.iter().map(|t| t.find_in(screen)).collect()
        };
        let name = path.rsplit('\\').next().unwrap_or(path);
        let mut tries = 0;
        loop {
            tries += 1;
            let mut screen = self.run(path, args)?.screen;
            let since = Instant::now();
            let mut found = find_all(&screen);
            while found.is_none() && since.elapsed() < START_WAIT {
                std::thread::sleep(SETTLE_STEP);
                screen = self.x_screenshot()?;
                found = find_all(&screen);
            }
            if let Some(found) = found {
                return Ok((screen, found));
            }
            let missing = texts.iter().find(|t| t.find_in(&screen).is_none());
            let err = TiEmuError::TextNotFound {
                text: missing.map_or_else(String::new, |t| t.text.clone()),
                program: path.to_string(),
                screenshot: self.keep_screenshot(&screen, &format!("{name}-missing"))?,
                screen: format!("{screen:?}"),
            };
            if tries >= RUN_TRIES {
                return Err(err);
            }
            eprintln!("{err}; ESC, and the command typed again");
            self.press_keys(&[ti_link::ops::keys::ESC])?;
            self.wait_for_stable_screen()?;
        }
    }

    /// Whether `screen` shows the boot banner again (PedroM only; see the module doc).
    fn shows_restart(&self, screen: &Screen) -> bool {
        let Some(boot) = self.boot_screen.as_ref().filter(|_| self.os().is_pedrom()) else {
            return false;
        };
        match banner_rows(boot) {
            Some((top, end)) => screen.rows_equal(boot, top, end),
            None => false,
        }
    }

    fn keep_optional(&self, screen: Option<&Screen>, what: &str) -> Option<PathBuf> {
        screen.and_then(|s| self.keep_screenshot(s, what).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_is_the_first_text_line() {
        let mut boot = Screen::blank(160, 100);
        for x in 0..50 {
            boot.set(x, 1, true);
            boot.set(x, 4, x % 2 == 0);
            boot.set(x, 8, true);
        }
        // Rows 1..=4 have ink except 2 and 3: the first line is rows 1..2.
        assert_eq!(banner_rows(&boot), Some((1, 2)));
        assert_eq!(banner_rows(&Screen::blank(10, 10)), None);
    }
}
