//! The games of `ti68k evolve`, on the project's emulator: each worker thread has a calculator
//! of its own (an [`EmuCable`]) with the launcher `appel` and `joueur` twice, in the folders
//! `e1` and `e2`, at the run's level. Before a game the worker writes each side's weights into
//! `poids` and the game's seed into `graine` of its folder, plays the game through the core's
//! referee ([`versus::play`], as `ti68k versus` does), and checks it against the same two
//! players run natively (calc::connect4::tuning::Tuned with `joueur`'s table): the same moves,
//! or the run stops with the first move that differs.

use std::collections::VecDeque;
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

use calc::connect4::ai::Ai;
use calc::connect4::referee::GameResult;
use calc::connect4::search::Entry;
use calc::connect4::strategy;
use calc::connect4::tuning::{Tuned, Tuning};
use calc::connect4::Player;
use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Integer, Value, VarName, VarPath, VarType, Variable};
use ti_link::{Calculator, Delays};

use crate::contest::install::{self, Programs};
use crate::contest::setup::{AiSpec, MatchSetup};
use crate::contest::versus::{self, Side, VersusOptions, JOUEUR_TABLE};
use crate::contest::MatchError;
use crate::play::connect4::Tables;

use super::record::GameKey;

/// The folders of the two sides.
const FOLDERS: [&str; 2] = ["e1", "e2"];

/// The name of the weights variable beside `joueur` (calc::connect4::tuning).
pub const POIDS: &str = "poids";

/// The custom-data type of `poids`.
pub const POIDS_TYPE: &str = "c4w";

/// One game to play: the candidate's tuning against the reference's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Which game (its colour says who moves first).
    pub key: GameKey,
    /// The candidate.
    pub candidate: Tuning,
    /// The reference (the starting weights).
    pub reference: Tuning,
    /// The game's seed (`graine` of both sides: the same random opening in either colour).
    pub seed: u32,
}

impl Job {
    /// 0 when the candidate moves first.
    pub fn colour(&self) -> u8 {
        match self.key {
            GameKey::Train { colour, .. } | GameKey::Final { colour, .. } => colour,
        }
    }

    /// The tunings of AI 1 and AI 2.
    fn seats(&self) -> [Tuning; 2] {
        if self.colour() == 0 {
            [self.candidate, self.reference]
        } else {
            [self.reference, self.candidate]
        }
    }
}

/// The variable `folder\poids` holding `tuning` (custom data of type `c4w`).
pub fn poids_variable(folder: &str, tuning: &Tuning) -> Result<Variable, MatchError> {
    poids_variable_of_bytes(folder, &tuning.encode())
}

/// The variable `folder\poids` holding `bytes` as they are (custom data of type `c4w`): the
/// encoding of a tuning, or bytes a test has damaged.
pub fn poids_variable_of_bytes(folder: &str, bytes: &[u8]) -> Result<Variable, MatchError> {
    let mut data = bytes.to_vec();
    data.push(0);
    data.extend_from_slice(POIDS_TYPE.as_bytes());
    data.extend_from_slice(&[0, 0xF8]);
    Variable::from_data(
        VarPath::new(VarName::new(folder)?, VarName::new(POIDS)?),
        VarType::OTH,
        data,
    )
    .map_err(|e| MatchError::Setup(format!("the variable {folder}\\{POIDS}: {e}")))
}

/// One worker's calculator, ready for games.
pub struct Worker {
    calc: Calculator<EmuCable>,
    model: ti_files::Model,
    ai: Ai,
    level: String,
    tables: Tables,
    options: VersusOptions,
}

impl Worker {
    /// Starts an emulated `model` and installs `appel` and `joueur` (from `programs`) at
    /// `level` in both folders.
    pub fn new(
        model: ti_files::Model,
        ai: Ai,
        level: &str,
        programs: &Programs,
        appel: &ti_build::Installable,
    ) -> Result<Worker, MatchError> {
        let cable = EmuCable::start(EmuOptions::new(model))
            .map_err(|e| MatchError::Setup(format!("starting the emulator: {e}")))?;
        let mut calc = Calculator::new(cable, model);
        calc.delays = Delays::NONE;
        calc.ready()
            .map_err(MatchError::link("checking that the calculator is ready"))?;
        let mut vars = install::launcher("main", appel)?;
        let spec = AiSpec::level(level, 0);
        let setup = MatchSetup::new(model, [spec.clone(), spec.clone()]);
        for folder in FOLDERS {
            vars.extend(install::ai_variables(&setup, &spec, folder, programs)?);
        }
        calc.send_variables(&vars)
            .map_err(MatchError::link("installing the launcher and joueur"))?;
        Ok(Worker {
            calc,
            model,
            ai,
            level: level.to_string(),
            tables: Tables::new(),
            options: VersusOptions {
                poll: Duration::from_millis(5),
                ..VersusOptions::default()
            },
        })
    }

    /// Plays `job` on the calculator, checks it against native play, and returns the
    /// candidate's score in halves (2 win, 1 draw, 0 loss).
    pub fn play(&mut self, job: &Job) -> Result<u8, MatchError> {
        let seats = job.seats();
        let mut sides = Vec::new();
        for (k, folder) in FOLDERS.iter().enumerate() {
            self.calc
                .send_variable(&poids_variable(folder, &seats[k])?)
                .map_err(MatchError::link(format!("writing {folder}\\{POIDS}")))?;
            let graine = VarPath::new(VarName::new(folder)?, VarName::new("graine")?);
            self.calc
                .set_value(&graine, &Value::Integer(Integer::from(i64::from(job.seed))))
                .map_err(MatchError::link(format!("writing {graine}")))?;
            sides.push(Side::Calculator {
                ai: AiSpec::level(&self.level, job.seed),
                folder: folder.to_string(),
                program: "joueur".into(),
            });
        }
        let sides: [Side; 2] = sides.try_into().expect("two sides");
        let outcome = versus::play(
            Some(&mut self.calc),
            self.model,
            &sides,
            &mut self.tables,
            &self.options,
        )?;
        // The same game natively.
        let mut t1 = vec![Entry::EMPTY; JOUEUR_TABLE];
        let mut t2 = vec![Entry::EMPTY; JOUEUR_TABLE];
        let mut a = Tuned::new(self.ai, seats[0], &mut t1);
        let mut b = Tuned::new(self.ai, seats[1], &mut t2);
        let native = strategy::play([&mut a, &mut b], [job.seed, job.seed]);
        let game = outcome.game();
        let native_moves: Vec<u8> = native.moves[..native.count as usize]
            .iter()
            .map(|c| c + 1)
            .collect();
        if game.moves != native_moves.as_slice()
            || matches!(outcome.result, GameResult::Disqualified(_))
        {
            return Err(MatchError::Mismatch(format!(
                "the calculator played {:?} ({:?}), the same players natively {:?}: the \
                 weights did not reach joueur as written, or the 68000 build differs",
                game.moves, outcome.result, native_moves
            )));
        }
        let first = job.colour() == 0;
        Ok(match outcome.result.winner() {
            Some(Player::First) if first => 2,
            Some(Player::Second) if !first => 2,
            None => 1,
            _ => 0,
        })
    }
}

/// Plays `jobs` on `workers` in parallel, calling `finished` with each result as games end.
/// Stops at the first error (after the games in flight).
pub fn play_jobs(
    workers: &mut [Worker],
    jobs: Vec<Job>,
    mut finished: impl FnMut(&Job, u8) -> Result<(), super::EvolveError>,
) -> Result<(), super::EvolveError> {
    let queue = Mutex::new(VecDeque::from(jobs));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(Job, Result<u8, MatchError>)>();
    let mut first_error = None;
    std::thread::scope(|scope| {
        for worker in workers.iter_mut() {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || {
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    let Some(job) = queue.lock().expect("not poisoned").pop_front() else {
                        break;
                    };
                    let result = worker.play(&job);
                    if tx.send((job, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (job, result) in rx {
            let handled = result
                .map_err(|e| {
                    super::EvolveError::Match(MatchError::Results(format!(
                        "game {:?} (seed {}): {e}",
                        job.key, job.seed
                    )))
                })
                .and_then(|halves| finished(&job, halves));
            if let Err(e) = handled {
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
                first_error.get_or_insert(e);
            }
        }
    });
    match first_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
