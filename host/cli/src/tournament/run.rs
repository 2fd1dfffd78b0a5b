//! Playing a tournament's games: workers take the next game of the schedule, play it through
//! the core's referee ([`versus::play`]) and hand the result to the caller, which appends it to
//! the results file. With the project's emulator every worker has a calculator of its own (an
//! [`EmuCable`] in its own thread), so games run on every core at once; over a cable (TiEmu, a
//! real calculator) there is one calculator and one worker. Each calculator gets the launcher
//! once, and each calculator entrant has a folder of its own (`t1`, `t2`...); before each game
//! the `graine` of this project's AI is set to the game's seed. A calculator's RAM does not
//! hold every entrant's program at once (a `joueur` is a 43 KB body: four of them and the
//! launcher pass a TI-89's RAM). So on the project's emulator, whose link deletes variables
//! (DEL), a game's entrants get their variables just before it, after the variables the
//! worker sent to the other entrants are deleted: during a game the calculator holds two
//! AIs' programs, as in `ti68k match` (the folders stay, with what the AIs stored there).
//! Over a cable every entrant is installed once, at the start, as PedroM does not answer DEL
//! (docs/link.md#deleting-a-variable): there the entrants must fit the RAM together
//! (docs/tournaments.md).
//!
//! Standard threads (`std::thread::scope`) are enough here: one long-lived worker per
//! calculator, a queue, a channel.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Attribute, Integer, Value, VarName, VarPath, Variable};
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

/// The folder of entrant `k` on the calculator.
pub fn folder(k: usize) -> String {
    format!("t{}", k + 1)
}

/// The variables of a tournament's calculators, made (and so checked: a user's AI file that
/// cannot be installed is reported) before the first game.
#[derive(Clone, Debug, Default)]
pub struct CalculatorVariables {
    /// The launcher, sent once to each calculator.
    pub launcher: Vec<Variable>,
    /// For each entrant, its variables in its folder ([`folder`]); none for a native entrant.
    pub entrants: Vec<Vec<Variable>>,
}

impl CalculatorVariables {
    /// The launcher and every calculator entrant's variables.
    pub fn new(
        t: &Tournament,
        programs: &Programs,
        appel: &ti_build::Installable,
    ) -> Result<CalculatorVariables, MatchError> {
        let mut entrants = Vec::new();
        for (k, e) in t.entrants.iter().enumerate() {
            entrants.push(match e {
                Entrant::Calculator(ai) => {
                    let setup = MatchSetup::new(t.model, [ai.clone(), ai.clone()]);
                    let mut vars = install::ai_variables(&setup, ai, &folder(k), programs)?;
                    // This project's AI gets each game's seed before the game.
                    if let AiSpec::Level { .. } = ai {
                        vars.retain(|v| v.name.to_string() != "graine");
                    }
                    vars
                }
                Entrant::Native(_) => Vec::new(),
            });
        }
        Ok(CalculatorVariables {
            launcher: install::launcher("main", appel)?,
            entrants,
        })
    }
}

/// One worker's calculator, ready for games.
struct Worker {
    calc: Option<Calculator<Box<dyn Cable>>>,
    /// What this worker sent to each entrant's folder and has not deleted, by entrant and
    /// variable path: a variable goes again only when it is not there. It trusts the AIs to
    /// leave their programs and settings as sent (an AI that deletes its own program fails its
    /// next call, as it would in any contest; this project's AI gets its seed each game).
    sent: BTreeMap<usize, HashMap<String, Variable>>,
    /// Whether the entrants not in a game are deleted before it (the emulator), rather than
    /// every entrant installed at the start (module doc).
    frees: bool,
    tables: Tables,
    options: VersusOptions,
}

impl Worker {
    fn new(
        t: &Tournament,
        cfg: &RunConfig,
        vars: &CalculatorVariables,
    ) -> Result<Worker, MatchError> {
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
            calc.send_variables(&vars.launcher)
                .map_err(MatchError::link("installing the launcher"))?;
            Some(calc)
        } else {
            None
        };
        let mut worker = Worker {
            calc,
            sent: BTreeMap::new(),
            frees: cfg.cable.is_emu(),
            tables: Tables::new(),
            options: VersusOptions {
                call_timeout: cfg.call_timeout,
                poll: Duration::from_millis(if cfg.cable.is_emu() { 5 } else { 500 }),
                ..VersusOptions::default()
            },
        };
        if !worker.frees {
            for k in 0..t.entrants.len() {
                worker.install(t, vars, k)?;
            }
        }
        Ok(worker)
    }

    /// Whether entrant `k`'s folder holds `v` as the worker sent it.
    fn holds(&self, k: usize, v: &Variable) -> bool {
        self.sent.get(&k).and_then(|m| m.get(&v.path().to_string())) == Some(v)
    }

    /// Sends entrant `k`'s variables but those its folder holds already.
    fn install(
        &mut self,
        t: &Tournament,
        vars: &CalculatorVariables,
        k: usize,
    ) -> Result<(), MatchError> {
        if self.calc.is_none() {
            return Ok(());
        }
        for v in &vars.entrants[k] {
            if self.holds(k, v) {
                continue;
            }
            // Sent unlocked where the worker deletes it again: a locked or archived variable
            // cannot be deleted (a tournament gains nothing from the attribute).
            let unlocked;
            let to_send = if self.frees && v.attribute != Attribute::None {
                unlocked = Variable {
                    attribute: Attribute::None,
                    ..v.clone()
                };
                &unlocked
            } else {
                v
            };
            let calc = self.calc.as_mut().expect("a calculator");
            calc.send_variable(to_send).map_err(|e| {
                MatchError::Setup(format!(
                    "installing {} in folder {}: {e}{}",
                    t.entrants[k].name(),
                    folder(k),
                    if self.frees {
                        " (the game's two entrants, with what the AIs stored in their folders, \
                         do not fit the calculator's RAM, or the calculator refused the \
                         variable)"
                    } else {
                        " (over a cable every calculator entrant is installed at the start: if \
                         the calculator's RAM is full, play fewer calculator entrants at once, \
                         or play on the project's emulator, --cable emu)"
                    }
                ))
            })?;
            self.sent
                .entry(k)
                .or_default()
                .insert(v.path().to_string(), v.clone());
        }
        Ok(())
    }

    /// Makes the calculator hold the variables of the game's calculator entrants (`playing`),
    /// deleting first, when some must be sent, what the worker sent to the other entrants
    /// (module doc).
    fn install_game(
        &mut self,
        t: &Tournament,
        vars: &CalculatorVariables,
        playing: [usize; 2],
    ) -> Result<(), MatchError> {
        if !self.frees || self.calc.is_none() {
            return Ok(());
        }
        let missing = playing
            .iter()
            .any(|&k| vars.entrants[k].iter().any(|v| !self.holds(k, v)));
        if missing {
            self.free_all_but(playing)?;
            for k in playing {
                self.install(t, vars, k)?;
            }
        }
        Ok(())
    }

    /// Deletes from the calculator every variable this worker sent to an entrant that is not
    /// `playing`.
    fn free_all_but(&mut self, playing: [usize; 2]) -> Result<(), MatchError> {
        let calc = self.calc.as_mut().expect("a calculator");
        for (k, vars) in self.sent.iter_mut() {
            if playing.contains(k) {
                continue;
            }
            let paths: Vec<String> = vars.keys().cloned().collect();
            for path in paths {
                let v = &vars[&path];
                calc.delete_variable(&v.path(), v.var_type)
                    .map_err(MatchError::link(format!(
                        "deleting {path} to make room for the next game's entrants (an AI \
                         that locked, archived or is using its variable keeps it)"
                    )))?;
                // Forgotten once it is gone: a variable a failed delete leaves stays known.
                vars.remove(&path);
            }
        }
        Ok(())
    }

    fn play(
        &mut self,
        t: &Tournament,
        vars: &CalculatorVariables,
        p: &Pairing,
    ) -> Result<GameRecord, MatchError> {
        self.install_game(t, vars, p.ais)?;
        let mut sides = Vec::new();
        for (seat, &k) in p.ais.iter().enumerate() {
            let seed = p.seed.wrapping_add(seat as u32);
            sides.push(match &t.entrants[k] {
                Entrant::Native(player) => Side::Native {
                    player: *player,
                    seed,
                },
                Entrant::Calculator(ai) => {
                    if let (AiSpec::Level { .. }, Some(calc)) = (ai, self.calc.as_mut()) {
                        let graine =
                            VarPath::new(VarName::new(&folder(k))?, VarName::new("graine")?);
                        calc.set_value(&graine, &Value::Integer(Integer::from(i64::from(seed))))
                            .map_err(MatchError::link(format!("writing {graine}")))?;
                    }
                    Side::Calculator {
                        ai: ai.clone(),
                        folder: folder(k),
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
                let mut worker = match Worker::new(t, cfg, vars) {
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
