//! Playing a tournament's games: workers take the next game of the schedule, play it through
//! the core's referee ([`versus::play`]) and hand the result to the caller, which appends it to
//! the results file. With the project's emulator every worker has a calculator of its own (an
//! [`EmuCable`] in its own thread), so games run on every core at once; over a cable (TiEmu, a
//! real calculator) there is one calculator and one worker. Each calculator gets the launcher
//! once; before each game the game's calculator entrants go into the folders of their seats
//! (`ai1`, `ai2`, as in `ti68k match`), only what those folders do not hold already (the
//! project's levels share `joueur` and its body, so a change of level sends a few settings),
//! and the `graine` of this project's AI is set to the game's seed. Two seats hold at most two
//! AIs' programs, whatever the number of entrants: a calculator has room for two `joueur`
//! bodies of 43 KB beside the launcher, not for one per entrant (docs/tournaments.md).
//!
//! Standard threads (`std::thread::scope`) are enough here: one long-lived worker per
//! calculator, a queue, a channel.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Integer, Value, VarName, VarPath, Variable};
use ti_link::{Cable, Calculator, Delays};

use super::record::GameRecord;
use super::{Entrant, Pairing, Tournament};
use crate::cable::CableChoice;
use crate::contest::install::{self, Programs};
use crate::contest::setup::{AiSpec, MatchSetup};
use crate::contest::versus::{self, Side, VersusOptions};
use crate::contest::MatchError;
use crate::play::connect4::Tables;

/// Where and how the games are played.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The calculator (the emulator: one per worker).
    pub cable: CableChoice,
    /// Workers (emulator only; a cable has one calculator).
    pub jobs: usize,
    /// The project's programs: calculator files in a directory, or `None` to build them.
    pub programs: Option<std::path::PathBuf>,
    /// Per-byte timeout of a cable.
    pub timeout: Duration,
    /// How long one AI call may take.
    pub call_timeout: Duration,
}

/// The folders of a game's two seats on the calculator (those of `ti68k match`).
pub const SEAT_FOLDERS: [&str; 2] = ["ai1", "ai2"];

/// The variables of a tournament's calculators, made (and so checked: a user's AI file that
/// cannot be installed is reported) before the first game.
#[derive(Clone, Debug, Default)]
pub struct CalculatorVariables {
    /// The launcher, sent once to each calculator.
    pub launcher: Vec<Variable>,
    /// For each entrant, its variables in the folder of each seat ([`SEAT_FOLDERS`]); none
    /// for a native entrant.
    pub seats: Vec<[Vec<Variable>; 2]>,
}

impl CalculatorVariables {
    /// The launcher and every calculator entrant's variables in either seat.
    pub fn new(
        t: &Tournament,
        programs: &Programs,
        appel: &ti_build::Installable,
    ) -> Result<CalculatorVariables, MatchError> {
        let mut seats = Vec::new();
        for e in &t.entrants {
            seats.push(match e {
                Entrant::Calculator(ai) => {
                    let setup = MatchSetup::new(t.model, [ai.clone(), ai.clone()]);
                    let seat = |s: usize| -> Result<Vec<Variable>, MatchError> {
                        let mut vars =
                            install::ai_variables(&setup, ai, SEAT_FOLDERS[s], programs)?;
                        // This project's AI gets each game's seed before the game.
                        if let AiSpec::Level { .. } = ai {
                            vars.retain(|v| v.name.to_string() != "graine");
                        }
                        Ok(vars)
                    };
                    [seat(0)?, seat(1)?]
                }
                Entrant::Native(_) => [Vec::new(), Vec::new()],
            });
        }
        Ok(CalculatorVariables {
            launcher: install::launcher("main", appel)?,
            seats,
        })
    }
}

/// One worker's calculator, ready for games.
struct Worker {
    calc: Option<Calculator<Box<dyn Cable>>>,
    /// What this worker sent to its calculator, by variable path: a variable goes again only
    /// when its data differs (valid while only the worker writes those variables).
    sent: HashMap<String, Vec<u8>>,
    tables: Tables,
    options: VersusOptions,
}

impl Worker {
    fn new(t: &Tournament, cfg: &RunConfig, vars: &[Variable]) -> Result<Worker, MatchError> {
        let calc = if t.needs_calculator() {
            let mut calc = match &cfg.cable {
                CableChoice::Emu { .. } => {
                    let cable: Box<dyn Cable> =
                        Box::new(EmuCable::start(EmuOptions::new(t.model)).map_err(|e| {
                            MatchError::Setup(format!("starting the emulator: {e}"))
                        })?);
                    let mut c = Calculator::new(cable, t.model);
                    c.delays = Delays::NONE;
                    c
                }
                other => other
                    .calculator(t.model, cfg.timeout)
                    .map_err(|e| MatchError::Setup(format!("opening the cable {other}: {e}")))?,
            };
            calc.ready()
                .map_err(MatchError::link("checking that the calculator is ready"))?;
            calc.send_variables(vars)
                .map_err(MatchError::link("installing the launcher"))?;
            Some(calc)
        } else {
            None
        };
        Ok(Worker {
            calc,
            sent: HashMap::new(),
            tables: Tables::new(),
            options: VersusOptions {
                call_timeout: cfg.call_timeout,
                poll: Duration::from_millis(if cfg.cable.is_emu() { 5 } else { 500 }),
                ..VersusOptions::default()
            },
        })
    }

    /// Sends `vars` but those the calculator holds already (as this worker sent them).
    fn install(&mut self, vars: &[Variable]) -> Result<(), MatchError> {
        let Some(calc) = self.calc.as_mut() else {
            return Ok(());
        };
        let needed: Vec<&Variable> = vars
            .iter()
            .filter(|v| self.sent.get(&v.path().to_string()) != Some(&v.data))
            .collect();
        for v in needed {
            // Forgotten first: if the send fails, the calculator's copy is unknown.
            self.sent.remove(&v.path().to_string());
            calc.send_variable(v)
                .map_err(MatchError::link("installing a calculator AI"))?;
            self.sent.insert(v.path().to_string(), v.data.clone());
        }
        Ok(())
    }

    fn play(
        &mut self,
        t: &Tournament,
        vars: &CalculatorVariables,
        p: &Pairing,
    ) -> Result<GameRecord, MatchError> {
        let mut sides = Vec::new();
        for (seat, &k) in p.ais.iter().enumerate() {
            let seed = p.seed.wrapping_add(seat as u32);
            let folder = SEAT_FOLDERS[seat];
            sides.push(match &t.entrants[k] {
                Entrant::Native(player) => Side::Native {
                    player: *player,
                    seed,
                },
                Entrant::Calculator(ai) => {
                    self.install(&vars.seats[k][seat])?;
                    if let (AiSpec::Level { .. }, Some(calc)) = (ai, self.calc.as_mut()) {
                        let graine = VarPath::new(VarName::new(folder)?, VarName::new("graine")?);
                        // Written with this game's seed: not what `sent` says any more.
                        self.sent.remove(&graine.to_string());
                        calc.set_value(&graine, &Value::Integer(Integer::from(i64::from(seed))))
                            .map_err(MatchError::link(format!("writing {graine}")))?;
                    }
                    Side::Calculator {
                        ai: ai.clone(),
                        folder: folder.into(),
                        program: "joueur".into(),
                    }
                }
            });
        }
        let sides: [Side; 2] = sides.try_into().expect("two sides");
        let outcome = versus::play(
            self.calc.as_mut(),
            t.model,
            &sides,
            &mut self.tables,
            &self.options,
        )?;
        Ok(GameRecord::new(p.index, p.ais, outcome.result, outcome.log))
    }
}

/// Plays every game of `t` not in `done`, calling `finished` with each new one (in the order
/// they end). Stops at the first error (after the games in flight).
pub fn play_all(
    t: &Tournament,
    cfg: &RunConfig,
    done: &[GameRecord],
    mut finished: impl FnMut(GameRecord) -> Result<(), MatchError>,
) -> Result<(), MatchError> {
    let pending: VecDeque<Pairing> = t
        .schedule()
        .into_iter()
        .filter(|p| !done.iter().any(|g| g.index == p.index))
        .collect();
    if pending.is_empty() {
        return Ok(());
    }
    let vars = if t.needs_calculator() {
        let programs = match &cfg.programs {
            Some(dir) => Programs::from_dir(dir, t.model)?,
            None => Programs::build(
                &std::env::current_dir()
                    .map_err(|e| MatchError::Setup(format!("the working directory: {e}")))?,
            )?,
        };
        let appel = install::built_program(cfg.programs.as_deref(), t.model, "appel")?;
        CalculatorVariables::new(t, &programs, &appel)?
    } else {
        CalculatorVariables::default()
    };
    let jobs = if !t.needs_calculator() || cfg.cable.is_emu() {
        cfg.jobs.max(1).min(pending.len())
    } else {
        1
    };
    let queue = Mutex::new(pending);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<GameRecord, MatchError>>();
    let mut first_error = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (queue, stop, vars) = (&queue, &stop, &vars);
            scope.spawn(move || {
                let mut worker = match Worker::new(t, cfg, &vars.launcher) {
                    Ok(w) => w,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                while !stop.load(Ordering::SeqCst) {
                    let Some(p) = queue.lock().expect("not poisoned").pop_front() else {
                        break;
                    };
                    let result = worker.play(t, vars, &p).map_err(|e| {
                        MatchError::Results(format!(
                            "game {} ({} against {}): {e}",
                            p.index,
                            t.entrants[p.ais[0]].name(),
                            t.entrants[p.ais[1]].name()
                        ))
                    });
                    if tx.send(result).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            let handled = result.and_then(&mut finished);
            if let Err(e) = handled {
                stop.store(true, Ordering::SeqCst);
                first_error.get_or_insert(e);
            }
        }
    });
    match first_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
