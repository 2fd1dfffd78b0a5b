//! A contest game in the emulator (`ti-emulator`): the same variables as on a calculator
//! ([`super::install::variables`]: the arbiter, the AIs, their settings) stored in an emulated
//! TI-89 or Voyage 200 running the toolkit's high-level AMS, the arbiter run as typed on the
//! home screen, its `colonne`, `nom` and `journal` read back. No cable, no TiEmu: seconds a
//! game, with the cycles each AI call took (docs/emulator.md). Checked like any match
//! ([`super::verify`]).

use std::time::{Duration, Instant};

use ti_emulator::ams::exec::RunEnd;
use ti_emulator::Machine;
use ti_files::{Value, VarType};

use super::install::{self, Programs};
use super::run::{log_payload, result_colonne, MatchOutcome};
use super::setup::MatchSetup;
use super::MatchError;

/// The cycles the arbiter may run for: about 28 minutes of a 12 MHz calculator.
pub const CYCLE_BUDGET: u64 = 20_000_000_000;

/// One AI call the arbiter made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiCall {
    /// The program run, `folder\name`.
    pub program: String,
    /// Its cycles.
    pub cycles: u64,
    /// Whether it returned normally (not by an error).
    pub returned: bool,
}

/// A game played in the emulator.
#[derive(Clone, Debug)]
pub struct EmulatedGame {
    /// The arbiter's results, as a calculator would leave them (no screen: the arbiter does
    /// not wait at the end in the emulator).
    pub outcome: MatchOutcome,
    /// Every AI call, in order.
    pub calls: Vec<AiCall>,
    /// The arbiter's cycles, the AIs' included.
    pub cycles: u64,
}

fn emulator(doing: &str) -> impl FnOnce(ti_emulator::Failure) -> MatchError + '_ {
    move |failure| MatchError::Emulator(format!("{doing}: {failure}"))
}

/// Plays the game of `setup` in a fresh emulated calculator of its model.
pub fn play(setup: &MatchSetup, programs: &Programs) -> Result<EmulatedGame, MatchError> {
    let vars = install::variables(setup, programs, false)?;
    let mut m = Machine::new(setup.model);
    m.send_variables(&vars)
        .map_err(emulator("storing the arbiter and the AIs"))?;
    m.set_budget(CYCLE_BUDGET);
    let home = &setup.arbiter_folder;
    let start = Instant::now();
    let run = m
        .run(&format!("{home}\\arbitre"), &setup.arguments())
        .map_err(emulator("running the arbiter"))?;
    let elapsed = start.elapsed();
    let read = |name: &str| {
        m.get_value(&format!("{home}\\{name}"))
            .map_err(|f| MatchError::Results(format!("the arbiter left no {home}\\{name}: {f}")))
    };
    let colonne = result_colonne(home, &read("colonne")?)?;
    let nom = match read("nom")? {
        Value::Str(s) => s,
        other => {
            return Err(MatchError::Results(format!(
                "{home}\\nom holds {}, not a string",
                other.kind()
            )))
        }
    };
    let log = match read("journal")? {
        Value::Opaque { var_type, data } if var_type == VarType::OTH => log_payload(&data)
            .ok_or_else(|| {
                MatchError::Results(format!(
                    "{home}\\journal is custom data, but not of type C4L"
                ))
            })?
            .to_vec(),
        other => {
            return Err(MatchError::Results(format!(
                "{home}\\journal holds {}, not the arbiter's log",
                other.kind()
            )))
        }
    };
    let calls = m
        .take_runs()
        .into_iter()
        .filter(|r| !r.program.ends_with("arbitre"))
        .map(|r| AiCall {
            program: r.program,
            cycles: r.cycles,
            returned: matches!(r.end, RunEnd::Returned),
        })
        .collect();
    Ok(EmulatedGame {
        outcome: MatchOutcome {
            colonne,
            nom,
            log,
            // The arbiter returns at once (attente = 0) and the session puts the screen back:
            // there is no final board to take.
            screen: None,
            elapsed: Duration::from_secs_f64(elapsed.as_secs_f64()),
        },
        calls,
        cycles: run.counters.cycles,
    })
}
