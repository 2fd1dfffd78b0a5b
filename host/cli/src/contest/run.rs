//! Running the arbiter and reading its results back.
//!
//! The arbiter holds the calculator's processor for the whole game: the link is not serviced
//! until it ends (or waits for a key). So the host sends one ready check (RDY, answered by the
//! OS once the arbiter is idle) and waits for its answer, never more than one (unanswered
//! checks would pile up and be answered later in place of the next requests), and never a
//! longer request the calculator would find half-received later. With `attente` = 1 the arbiter waits for a key at the end:
//! the host takes the final screen, presses ENTER and waits until the OS answers again.
//!
//! Before it starts the arbiter, the host stores [`PENDING`] in the arbiter's `colonne`, a
//! value the arbiter never leaves (it deletes its results when it starts and stores
//! `colonne` = 0, 1 or 2 last, once `nom` and `journal` are stored). So results are read only
//! from an arbiter that ran to the end: a `colonne` still pending (the arbiter did not start) or
//! absent (it stopped on an error, or could not store its results) is refused with "the arbiter
//! left no result", never taken from an earlier game. The same mark tells a finished program
//! from one not started yet ([`wait_until_run`]): TiEmu starved of the processor was seen to
//! answer a ready check before it had read the keys that start the program. The launcher
//! `appel` (its `erreur`) and `meta` (its `parties`) are marked the same way. A program still
//! not started once the calculator has been idle for a while had a key of its command lost
//! (seen under TiEmu starved of the processor): it is typed once more ([`start_and_wait`]).

use std::time::{Duration, Instant};

use calc::connect4::log::{self, GameLog};

use super::setup::MatchSetup;
use super::MatchError;
use ti_files::Screen;
use ti_files::{Integer, Value, VarName, VarPath, VarType};
use ti_link::{Cable, Calculator, LinkError};

/// What the host stores in the arbiter's `colonne` before it starts the arbiter (module doc).
pub const PENDING: i64 = -1;

/// How a match is run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// How long the game may take (default 10 minutes: the strongest levels think for up to a
    /// minute a move on a real calculator).
    pub timeout: Duration,
    /// Pause between two ready checks.
    pub poll: Duration,
    /// Take the screen at the end (the arbiter must have been installed to wait for a key).
    pub screenshot: bool,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            timeout: Duration::from_secs(600),
            poll: Duration::from_millis(500),
            screenshot: true,
        }
    }
}

/// What a match left on the calculator.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    /// The arbiter's `colonne`: 0 draw, 1 AI 1 won, 2 AI 2 won.
    pub colonne: i64,
    /// The arbiter's `nom`: "N" or "D".
    pub nom: String,
    /// The game's log (calc::connect4::log), from the arbiter's `journal`.
    pub log: Vec<u8>,
    /// The screen at the end, if taken.
    pub screen: Option<Screen>,
    /// From starting the arbiter to the end of the game.
    pub elapsed: Duration,
}

impl MatchOutcome {
    /// The decoded log.
    pub fn game(&self) -> Result<GameLog<'_>, MatchError> {
        log::decode(&self.log)
            .map_err(|e| MatchError::Results(format!("journal is not a valid game log: {e}")))
    }

    /// The game as text: the names, the moves, the final board and the result.
    pub fn render(&self) -> Result<String, MatchError> {
        Ok(crate::play::connect4::render_log(&self.game()?))
    }
}

/// The payload of the custom data the arbiter writes (`bytes 00 "c4l" 00 F8`).
pub fn log_payload(data: &[u8]) -> Option<&[u8]> {
    data.strip_suffix(b"\0c4l\0\xF8")
}

/// `folder\name` as a variable path (the contest's names are always valid ones).
pub(super) fn var(folder: &str, name: &str) -> Result<VarPath, MatchError> {
    Ok(VarPath::new(VarName::new(folder)?, VarName::new(name)?))
}

/// How long a calculator may stay idle with a program's mark still [`PENDING`] before
/// [`wait_until_run`] stops waiting for the program to start.
pub const START_GRACE: Duration = Duration::from_secs(20);

/// Stores [`PENDING`] in `mark`, the variable a program the host is about to start deletes
/// when it starts and stores last (the arbiter's `colonne`, the launcher's `erreur`, `meta`'s
/// `parties`).
pub fn mark_pending<C: Cable>(calc: &mut Calculator<C>, mark: &VarPath) -> Result<(), MatchError> {
    calc.set_value(mark, &Value::Integer(Integer::from(PENDING)))
        .map_err(MatchError::link(format!("marking {mark} as pending")))
}

/// Whether a mark read back still holds [`PENDING`].
fn is_pending(value: &Result<Value, LinkError>) -> bool {
    matches!(value, Ok(Value::Integer(i)) if i.to_i64().ok() == Some(PENDING))
}

/// Waits until a program the host has just started (its `mark` set by [`mark_pending`]) has
/// run: the calculator idle and the mark no longer [`PENDING`]. A calculator slower than its
/// link (an emulator starved of the processor) can answer a ready check before it has read
/// the keys that start the program; the mark tells "done" from "not started yet", and the host
/// waits again. Once the calculator has been idle with the mark pending for [`START_GRACE`],
/// it returns, and the caller's reading of the results says that the program did not start.
/// A mark that cannot be read (the program stopped on an error before storing it) ends the
/// wait too. Returns the mark as last read, for the caller to judge.
pub fn wait_until_run<C: Cable>(
    calc: &mut Calculator<C>,
    mark: &VarPath,
    timeout: Duration,
    poll: Duration,
) -> Result<Result<Value, LinkError>, MatchError> {
    let start = Instant::now();
    let mut idle_since: Option<Instant> = None;
    loop {
        wait_until_ready(calc, timeout.saturating_sub(start.elapsed()), poll)?;
        let value = calc.get_value(mark);
        let pending = is_pending(&value);
        let idle = *idle_since.get_or_insert_with(Instant::now);
        if !pending || idle.elapsed() >= START_GRACE {
            return Ok(value);
        }
        std::thread::sleep(poll.max(Duration::from_millis(200)));
    }
}

/// Starts `program(args)` on the calculator with its `mark` set to [`PENDING`] (see
/// [`mark_pending`]) and waits until it has run ([`wait_until_run`]). When the mark is still
/// pending once the calculator has stayed idle for [`START_GRACE`], the program never started:
/// a key of the typed command was lost (TiEmu starved of the processor was seen to drop one),
/// so ESC clears any error the half-typed line raised and the command is typed once more.
/// Returns the mark as last read, for the caller to judge.
pub fn start_and_wait<C: Cable>(
    calc: &mut Calculator<C>,
    program: &VarPath,
    args: &str,
    mark: &VarPath,
    timeout: Duration,
    poll: Duration,
) -> Result<Result<Value, LinkError>, MatchError> {
    let mut tries = 0;
    loop {
        tries += 1;
        mark_pending(calc, mark)?;
        calc.run(program, args)
            .map_err(MatchError::link(format!("running {program}({args})")))?;
        let value = wait_until_run(calc, mark, timeout, poll)?;
        let pending = is_pending(&value);
        if !pending || tries == 2 {
            return Ok(value);
        }
        calc.send_key(ti_link::ops::keys::ESC)
            .map_err(MatchError::link(
                "pressing ESC before typing the command again",
            ))?;
    }
}

/// Waits until the calculator answers a ready check, for at most `timeout`: one check at a
/// time (see [`Calculator::await_ready`]), a new one after `poll` when the answer is "busy".
pub fn wait_until_ready<C: Cable>(
    calc: &mut Calculator<C>,
    timeout: Duration,
    poll: Duration,
) -> Result<(), MatchError> {
    let start = Instant::now();
    let result = calc.with_timeout(Duration::from_millis(400), |calc| loop {
        let left = timeout.saturating_sub(start.elapsed());
        if left.is_zero() {
            break Err(MatchError::Timeout(timeout));
        }
        let answer = calc.discard_input().and_then(|()| calc.await_ready(left));
        match answer {
            Ok(()) => break Ok(()),
            Err(LinkError::Busy { .. }) => std::thread::sleep(poll),
            Err(LinkError::Cable(ti_link::CableError::Timeout { .. })) => {
                break Err(MatchError::Timeout(timeout))
            }
            Err(e) => break Err(MatchError::link("waiting for the arbiter")(e)),
        }
    });
    // Ready checks sent while the calculator was busy are answered late: drop those answers
    // (a calculator in process, polled often, has none to wait for).
    std::thread::sleep(poll.min(Duration::from_millis(300)));
    let _ = calc.discard_input();
    result
}

/// Runs the arbiter of `setup` (already installed) and reads its results.
pub fn run_match<C: Cable>(
    calc: &mut Calculator<C>,
    setup: &MatchSetup,
    options: &RunOptions,
) -> Result<MatchOutcome, MatchError> {
    let home = &setup.arbiter_folder;
    calc.ready()
        .map_err(MatchError::link("checking that the calculator is ready"))?;
    let mark = var(home, "colonne")?;
    let start = Instant::now();
    // read_results reads the mark again, with the other results.
    let _ = start_and_wait(
        calc,
        &var(home, "arbitre")?,
        &setup.arguments(),
        &mark,
        options.timeout,
        options.poll,
    )?;
    let elapsed = start.elapsed();
    let screen = if options.screenshot {
        let shot = calc
            .screenshot()
            .map_err(MatchError::link("taking the final screen"))?;
        calc.send_key(13)
            .map_err(MatchError::link("pressing ENTER to end the arbiter"))?;
        wait_until_ready(calc, Duration::from_secs(30), options.poll)?;
        Some(shot)
    } else {
        None
    };
    read_results(calc, setup, screen, elapsed)
}

/// Reads the arbiter's `colonne`, `nom` and `journal` (after a game), with the final screen
/// and the game's duration when known.
pub fn read_results<C: Cable>(
    calc: &mut Calculator<C>,
    setup: &MatchSetup,
    screen: Option<Screen>,
    elapsed: Duration,
) -> Result<MatchOutcome, MatchError> {
    let home = &setup.arbiter_folder;
    let colonne = match calc.get_value(&var(home, "colonne")?) {
        Ok(value) => result_colonne(home, &value)?,
        Err(e) => return Err(missing(home, "colonne", e)),
    };
    let nom = match calc.get_value(&var(home, "nom")?) {
        Ok(Value::Str(s)) => s,
        Ok(other) => {
            return Err(MatchError::Results(format!(
                "{home}\\nom holds {}, not a string",
                other.kind()
            )))
        }
        Err(e) => return Err(missing(home, "nom", e)),
    };
    let log = match calc.get_value(&var(home, "journal")?) {
        Ok(Value::Opaque { var_type, data }) if var_type == VarType::OTH => log_payload(&data)
            .ok_or_else(|| {
                MatchError::Results(format!(
                    "{home}\\journal is custom data, but not of type C4L"
                ))
            })?
            .to_vec(),
        Ok(other) => {
            return Err(MatchError::Results(format!(
                "{home}\\journal holds {}, not the arbiter's log",
                other.kind()
            )))
        }
        Err(e) => return Err(missing(home, "journal", e)),
    };
    Ok(MatchOutcome {
        colonne,
        nom,
        log,
        screen,
        elapsed,
    })
}

/// The arbiter's result in its `colonne`, 0, 1 or 2; an error for anything else, which says
/// when the arbiter left no result (the host's [`PENDING`] mark).
pub fn result_colonne(home: &str, value: &Value) -> Result<i64, MatchError> {
    match value {
        Value::Integer(i) => match i.to_i64() {
            Ok(c @ 0..=2) => Ok(c),
            Ok(PENDING) => Err(MatchError::Results(format!(
                "the arbiter left no result: {home}\\colonne still holds the host's pending \
                 mark {PENDING} (the arbiter did not start: is it installed as \
                 {home}\\arbitre? the calculator's screen may show an error)"
            ))),
            _ => Err(MatchError::Results(format!(
                "{home}\\colonne is the integer {i}, not 0, 1 or 2"
            ))),
        },
        other => Err(MatchError::Results(format!(
            "{home}\\colonne holds {}, not an integer",
            other.kind()
        ))),
    }
}

fn missing(home: &str, name: &str, e: LinkError) -> MatchError {
    MatchError::Results(format!(
        "the arbiter left no result: reading {home}\\{name}: {e} (it deletes its results when \
         it starts and stores them at the end: it stopped on an error or could not store them; \
         its screen says why)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pending_or_odd_colonne_is_no_result() {
        let int = |v: i64| Value::Integer(Integer::from(v));
        for c in 0..=2 {
            assert_eq!(result_colonne("main", &int(c)).unwrap(), c);
        }
        let e = result_colonne("main", &int(PENDING))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the arbiter left no result") && e.contains("pending"),
            "{e}"
        );
        let e = result_colonne("main", &int(3)).unwrap_err().to_string();
        assert!(e.contains("not 0, 1 or 2"), "{e}");
        let e = result_colonne("main", &Value::Str("1".into()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not an integer"), "{e}");
    }

    #[test]
    fn the_log_payload_is_the_custom_data_before_its_c4l_trailer() {
        assert_eq!(log_payload(b"C4L\x01\0c4l\0\xF8"), Some(&b"C4L\x01"[..]));
        assert_eq!(log_payload(b"C4L\x01\0c4s\0\xF8"), None);
        assert_eq!(log_payload(b""), None);
    }
}
