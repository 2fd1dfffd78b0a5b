//! The computer as the arbiter: a game between an AI that runs on the calculator (real, TiEmu
//! or the project's emulator) and a native AI, or two calculator AIs, with the contest protocol
//! played from the computer over the link (docs/tournaments.md#native-against-calculator).
//!
//! The core's referee (`calc::connect4::referee`) gives each call, as in `arbitre`. For a
//! calculator AI the computer writes `colonne` (and `nom` when the call has one) in the AI's
//! folder, runs the launcher `appel("folder","joueur")`, which starts the AI exactly as the
//! arbiter does (its folder current, inside an error frame) and stores the error it raised in
//! `erreur` (0: none), waits until the calculator is idle, and reads `colonne` and `nom` back;
//! the referee checks them. A native AI answers through the same protocol values: this
//! project's levels through the core's [`ContestGame`] and the ladder's strategy (the code
//! `joueur` runs, with `joueur`'s table size, so a level plays the same moves natively and on
//! the calculator), or the exact
//! solver. The game is logged in the arbiter's format (`calc::connect4::log`), so `ti68k
//! replay` shows it and [`super::verify::log_agrees_with_referee`] checks it.

use std::time::{Duration, Instant};

use calc::connect4::contest::{Answer, ContestGame};
use calc::connect4::log::{self, GameLog};
use calc::connect4::protocol::{self, NomIn, Request, Value as PValue};
use calc::connect4::referee::{Fault, GameResult, Referee};
use calc::connect4::{book, search, solver, Board, Player};
use calc::Rng;

use super::install::{self, Programs};
use super::run::{start_and_wait, PENDING};
use super::setup::{self, AiSpec, MatchSetup};
use super::MatchError;
use crate::play::connect4::{self as c4, C4Player, Tables};
use ti_files::{Integer, Model, Value, VarName, VarPath, Variable};
use ti_link::{Cable, Calculator};

/// The table `joueur` lends its engine (calc/programs/src/bin/joueur.rs): 128 entries.
pub const JOUEUR_TABLE: usize = 128;

/// The table `joueur` lends its expert's exact solves (calc/programs/src/bin/joueur.rs): 128
/// entries.
pub const JOUEUR_SOLVER_TABLE: usize = 128;

/// One side of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// An AI played by the computer: a level of the ladder (with its seed) or the solver.
    Native {
        /// The player.
        player: C4Player,
        /// The seed of its random choices.
        seed: u32,
    },
    /// An AI on the calculator, installed in `folder` as the program `program`.
    Calculator {
        /// What was installed (for messages).
        ai: AiSpec,
        /// Its folder.
        folder: String,
        /// Its program's name.
        program: String,
    },
}

impl Side {
    /// "native solver", "calculator minimax3 in ai1"...
    pub fn describe(&self) -> String {
        match self {
            Side::Native { player, .. } => format!("native {}", player.name()),
            Side::Calculator { ai, folder, .. } => {
                format!("calculator {} in {folder}", ai.describe())
            }
        }
    }
}

/// How a game from the computer is run.
#[derive(Clone, Debug)]
pub struct VersusOptions {
    /// The folder of the launcher `appel` (where it stores `erreur`).
    pub launcher_folder: String,
    /// How long one call of a calculator AI may take.
    pub call_timeout: Duration,
    /// Pause between two ready checks while an AI thinks.
    pub poll: Duration,
}

impl Default for VersusOptions {
    fn default() -> VersusOptions {
        VersusOptions {
            launcher_folder: "main".into(),
            call_timeout: Duration::from_secs(600),
            poll: Duration::from_millis(50),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct VersusOutcome {
    /// The game's log, in the arbiter's format (`calc::connect4::log`).
    pub log: Vec<u8>,
    /// How it ended.
    pub result: GameResult,
    /// The whole game.
    pub elapsed: Duration,
    /// Calls made to calculator AIs, and the time they took (link included).
    pub calculator_calls: u32,
    /// Time spent in calculator calls.
    pub calculator_time: Duration,
}

impl VersusOutcome {
    /// The decoded log.
    pub fn game(&self) -> GameLog<'_> {
        log::decode(&self.log).expect("encoded by play")
    }
}

/// A native side's state across calls.
enum Native {
    Level(ContestGame),
    Solver {
        seed: u32,
        board: Board,
        seat: Player,
    },
}

/// Plays one game between `sides` (AI 1 moves first) on `model`; the calculator sides must be
/// installed, with the launcher in `options.launcher_folder`. `calc` may be `None` when both
/// sides are native.
pub fn play<C: Cable>(
    mut calc: Option<&mut Calculator<C>>,
    model: Model,
    sides: &[Side; 2],
    tables: &mut Tables,
    options: &VersusOptions,
) -> Result<VersusOutcome, MatchError> {
    let start = Instant::now();
    let proto = match model {
        Model::Ti89 => protocol::Model::Ti89,
        _ => protocol::Model::Ti92Plus,
    };
    let mut referee = Referee::new(proto, setup::name_limit(model));
    let mut natives: [Option<Native>; 2] = [None, None];
    let mut names: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut moves = Vec::new();
    let mut table = vec![search::Entry::EMPTY; JOUEUR_TABLE];
    let mut solver_table = vec![solver::Entry::EMPTY; JOUEUR_SOLVER_TABLE];
    let (mut calls, mut calc_time) = (0u32, Duration::ZERO);
    while let Some(call) = referee.call() {
        let seat = call.seat.number() as usize - 1;
        let answer = match &sides[seat] {
            Side::Native { player, seed } => {
                let (colonne, nom) = native_answer(
                    &mut natives[seat],
                    *player,
                    *seed,
                    call.request(),
                    tables,
                    &mut table,
                    &mut solver_table,
                )?;
                Ok((colonne, nom))
            }
            Side::Calculator {
                folder, program, ..
            } => {
                let calc = calc.as_deref_mut().ok_or_else(|| {
                    MatchError::Setup("a calculator side needs a calculator".into())
                })?;
                let t = Instant::now();
                let reads = match call.colonne <= 0 {
                    true => Reads::ColonneAndNom,
                    false => Reads::Colonne,
                };
                let r = calculator_call(
                    calc,
                    folder,
                    program,
                    call.colonne,
                    call.nom,
                    reads,
                    options,
                )?;
                calls += 1;
                calc_time += t.elapsed();
                r
            }
        };
        match answer {
            Err(error) => {
                referee.fault(Fault::RaisedError, error);
            }
            Ok((colonne, nom)) => {
                let (mut cbuf, mut nbuf) = (Vec::new(), Vec::new());
                let c = protocol_value(&colonne, &mut cbuf);
                let n = protocol_value(&nom, &mut nbuf);
                let result = referee.answer(c, n);
                let name_ok = match result {
                    Ok(_) => true,
                    Err(d) => !matches!(
                        d.fault,
                        Fault::NomMissing
                            | Fault::NomNotString
                            | Fault::NameEmpty
                            | Fault::NameTooLong
                    ),
                };
                if call.colonne <= 0 && name_ok {
                    if let PValue::Str(s) = n {
                        names[seat] = s.to_vec();
                    }
                }
                if let Ok(Some(col)) = result {
                    moves.push(col + 1);
                }
            }
        }
    }
    let result = referee
        .result()
        .ok_or_else(|| MatchError::Mismatch("the referee ended without a result".into()))?;
    // The end notices; their answers change nothing (as in the arbiter).
    if let Some(finals) = referee.final_calls() {
        for call in finals {
            let seat = call.seat.number() as usize - 1;
            match &sides[seat] {
                Side::Native { player, seed } => {
                    let _ = native_answer(
                        &mut natives[seat],
                        *player,
                        *seed,
                        call.request(),
                        tables,
                        &mut table,
                        &mut solver_table,
                    );
                }
                Side::Calculator {
                    folder, program, ..
                } => {
                    if let Some(calc) = calc.as_deref_mut() {
                        let _ = calculator_call(
                            calc,
                            folder,
                            program,
                            call.colonne,
                            call.nom,
                            Reads::Nothing,
                            options,
                        )?;
                    }
                }
            }
        }
    }
    let game = GameLog {
        model: proto,
        names: [&names[0], &names[1]],
        moves: &moves,
        result: Some(result),
    };
    let mut bytes = vec![0u8; log::MAX_LOG_LEN];
    let len = game
        .encode(&mut bytes)
        .map_err(|e| MatchError::Mismatch(format!("logging the game: {e}")))?;
    bytes.truncate(len);
    Ok(VersusOutcome {
        log: bytes,
        result,
        elapsed: start.elapsed(),
        calculator_calls: calls,
        calculator_time: calc_time,
    })
}

/// A native side's answer to `request`, as the values it would leave in `colonne` and `nom`.
fn native_answer(
    state: &mut Option<Native>,
    player: C4Player,
    seed: u32,
    request: Request,
    tables: &mut Tables,
    table: &mut [search::Entry],
    solver_table: &mut [solver::Entry],
) -> Result<(Value, Value), MatchError> {
    let int = |c: i64| Value::Integer(Integer::from(c));
    let name = |s: &[u8]| Value::Str(String::from_utf8_lossy(s).into_owned());
    match player {
        C4Player::Ai(ai) => {
            if matches!(request, Request::NewGame { .. }) || state.is_none() {
                *state = Some(Native::Level(ContestGame::new(seed)));
            }
            let Some(Native::Level(contest)) = state.as_mut() else {
                unreachable!("set above")
            };
            let answer = contest
                .respond(
                    request,
                    &mut crate::book::deep::ladder(ai, table, solver_table),
                )
                .map_err(|e| MatchError::Mismatch(format!("native {}: {e}", player.name())))?;
            let n = super::verify::joueur_name(ai);
            Ok(match answer {
                Answer::Name => (int(-1), name(&n)),
                Answer::NameAndMove(c) => (int(i64::from(c)), name(&n)),
                Answer::Move(c) => (int(i64::from(c)), missing()),
                Answer::Done => (int(0), missing()),
            })
        }
        C4Player::Solver => {
            if let Request::NewGame { seat, .. } = request {
                *state = Some(Native::Solver {
                    seed,
                    board: Board::new(),
                    seat,
                });
            }
            let Some(Native::Solver { seed, board, seat }) = state.as_mut() else {
                return Err(MatchError::Mismatch(
                    "the solver was not told a new game".into(),
                ));
            };
            let mut own = |board: &mut Board| -> Result<i64, MatchError> {
                let mut rng =
                    Rng::new(seed.wrapping_add(u32::from(board.moves()).wrapping_mul(0x9E37_79B9)));
                let col = solver_move(board, &mut rng, tables)
                    .ok_or_else(|| MatchError::Mismatch("the solver found no move".into()))?;
                let _ = board.play(col);
                Ok(i64::from(col) + 1)
            };
            Ok(match request {
                Request::NewGame { .. } if *seat == Player::Second => (int(-1), name(b"solver")),
                Request::NewGame { .. } => (int(own(board)?), name(b"solver")),
                Request::OpponentMoved(c) => {
                    board.play(c).map_err(|_| {
                        MatchError::Mismatch("the solver was told a bad move".into())
                    })?;
                    (int(own(board)?), missing())
                }
                Request::GameOver(_) => (int(0), missing()),
            })
        }
    }
}

/// The move of `native:solver` in `board` (0-based; `None` when the game is over): the opening
/// book's move while the position is in it (at most [`book::max_ply`] stones: the book's moves
/// were chosen by the exact solver where it proved them within the generator's budget, by the
/// engine elsewhere: docs/solver.md#the-opening-book), then the exact solver's best move,
/// random among equals. An exact solve of the first positions of a game takes minutes; past
/// the book, a whole game's solves took seconds (docs/tournaments.md#native-against-calculator).
pub fn solver_move(board: &Board, rng: &mut Rng, tables: &mut Tables) -> Option<u8> {
    if let Some(m) = book::book_move(board) {
        return Some(m.column);
    }
    c4::choose(C4Player::Solver, board, rng, tables)
}

/// The variables a game of `sides` needs on the calculator: the program `appel` (as built) in
/// `launcher_folder`, and every calculator side's AI in its folder.
pub fn variables(
    model: Model,
    sides: &[Side; 2],
    programs: &Programs,
    appel: &ti_build::Installable,
    launcher_folder: &str,
) -> Result<Vec<Variable>, MatchError> {
    let mut vars = install::launcher(launcher_folder, appel)?;
    for side in sides {
        if let Side::Calculator { ai, folder, .. } = side {
            let setup = MatchSetup::new(model, [ai.clone(), ai.clone()]);
            vars.extend(install::ai_variables(&setup, ai, folder, programs)?);
        }
    }
    Ok(vars)
}

fn var(folder: &str, name: &str) -> Result<VarPath, MatchError> {
    Ok(VarPath::new(VarName::new(folder)?, VarName::new(name)?))
}

/// What the host reads back after a call of a calculator AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reads {
    /// Nothing: an end notice, whose answer changes nothing.
    Nothing,
    /// `colonne`: a move call (the referee reads `nom` only on naming calls).
    Colonne,
    /// `colonne` and `nom`: a naming call.
    ColonneAndNom,
}

/// One call of a calculator AI: `Ok(Ok((colonne, nom)))` with the values it left (a missing
/// variable, or one not read, as [`missing`]), `Ok(Err(n))` when it raised OS error `n`.
///
/// Each exchange over a cable costs a real calculator, or TiEmu, tens to hundreds of
/// milliseconds (libticalcs2's pauses included), and a request for a missing variable gets no
/// answer from PedroM (a whole timeout). So the host lists the AI's folder once and receives
/// only the variables the listing shows and the referee reads: `colonne`, and `nom` on naming
/// calls.
#[allow(clippy::type_complexity)]
fn calculator_call<C: Cable>(
    calc: &mut Calculator<C>,
    folder: &str,
    program: &str,
    colonne: i8,
    nom: NomIn,
    reads: Reads,
    options: &VersusOptions,
) -> Result<Result<(Value, Value), i32>, MatchError> {
    let c = var(folder, "colonne")?;
    let n = var(folder, "nom")?;
    calc.set_value(&c, &Value::Integer(Integer::from(i64::from(colonne))))
        .map_err(MatchError::link(format!("writing {c}")))?;
    let nom_value = match nom {
        NomIn::Model(m) => Some(Value::Integer(Integer::from(i64::from(m.code())))),
        NomIn::Normal => Some(Value::Str("N".into())),
        NomIn::Disqualified => Some(Value::Str("D".into())),
        NomIn::Unused => None,
    };
    if let Some(v) = nom_value {
        calc.set_value(&n, &v)
            .map_err(MatchError::link(format!("writing {n}")))?;
    }
    let launcher = var(&options.launcher_folder, "appel")?;
    let args = if program == "joueur" {
        format!("\"{folder}\"")
    } else {
        format!("\"{folder}\",\"{program}\"")
    };
    let erreur = var(&options.launcher_folder, "erreur")?;
    let ended = start_and_wait(
        calc,
        &launcher,
        &args,
        &erreur,
        options.call_timeout,
        options.poll,
    )?;
    if reads == Reads::Nothing {
        return Ok(Ok((missing(), missing())));
    }
    match ended {
        Ok(Value::Integer(i)) => match i.to_i64() {
            Ok(0) => {}
            Ok(PENDING) => {
                return Err(MatchError::Results(format!(
                    "{launcher} did not start: {erreur} still holds the host's pending mark \
                     {PENDING} (is it installed? the calculator's screen may show an error)"
                )))
            }
            Ok(e) => return Ok(Err(e.clamp(i32::MIN.into(), i32::MAX.into()) as i32)),
            Err(_) => return Err(MatchError::Results(format!("{erreur} is not a small integer"))),
        },
        Ok(other) => {
            return Err(MatchError::Results(format!(
                "{erreur} holds {}, not the launcher's error number",
                other.kind()
            )))
        }
        Err(e) => {
            return Err(MatchError::Results(format!(
                "the launcher left no {erreur} ({e}): is it installed as {launcher}? the screen may show why"
            )))
        }
    }
    let listing = calc
        .list_folder(&VarName::new(folder)?)
        .map_err(MatchError::link(format!("listing the folder {folder}")))?;
    let mut read = |p: &VarPath| -> Result<Value, MatchError> {
        match listing.find(&p.name) {
            None => Ok(missing()),
            Some(entry) => calc
                .recv_variable(p, entry.var_type)
                .map(|v| v.value())
                .map_err(MatchError::link(format!("reading {p}"))),
        }
    };
    let colonne = read(&c)?;
    let nom = match reads {
        Reads::ColonneAndNom => read(&n)?,
        _ => missing(),
    };
    Ok(Ok((colonne, nom)))
}

/// How a missing variable is passed to [`protocol_value`].
fn missing() -> Value {
    Value::Opaque {
        var_type: ti_files::VarType(0xFF),
        data: Vec::new(),
    }
}

/// A variable's value as the protocol sees it (as `calc/programs/src/contest/mod.rs` reads it on
/// the calculator): a whole number as an integer (saturated to 32 bits), a string as its TI
/// characters.
pub fn protocol_value<'a>(value: &Value, buf: &'a mut Vec<u8>) -> PValue<'a> {
    match value {
        Value::Opaque { var_type, data } if var_type.0 == 0xFF && data.is_empty() => {
            PValue::Missing
        }
        Value::Integer(i) => PValue::Integer(match i.to_i64() {
            Ok(v) => v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
            Err(_) if i.is_negative() => i32::MIN,
            Err(_) => i32::MAX,
        }),
        Value::Str(s) => {
            *buf = ti_files::charset::encode(s).unwrap_or_else(|_| s.as_bytes().to_vec());
            PValue::Str(buf)
        }
        Value::Expression(bytes) => match float_whole(bytes) {
            Some(v) => PValue::Integer(v),
            None => PValue::Number,
        },
        _ => PValue::Other,
    }
}

/// The whole value of a float expression (TI's BCD float: tag 0x23 last, exponent, mantissa),
/// or `None` when it is not whole.
fn float_whole(bytes: &[u8]) -> Option<i32> {
    // Data: 2-byte exponent (bias 0x4000, sign in bit 15), 7-byte BCD mantissa, tag 0x23.
    if bytes.len() != 10 || bytes[9] != 0x23 {
        return None;
    }
    let e = u16::from_be_bytes([bytes[0], bytes[1]]);
    let negative = e & 0x8000 != 0;
    let exp = i32::from(e & 0x7FFF) - 0x4000;
    let digits: Vec<u8> = bytes[2..9].iter().flat_map(|b| [b >> 4, b & 15]).collect();
    if digits.iter().all(|&d| d == 0) {
        return Some(0);
    }
    if digits.iter().any(|&d| d > 9) || exp < 0 {
        return None;
    }
    if exp > 9 {
        let fraction = digits.get(exp as usize + 1..).unwrap_or(&[]);
        return match fraction.iter().any(|&d| d != 0) {
            true => None,
            false => Some(if negative { i32::MIN } else { i32::MAX }),
        };
    }
    let whole = (exp + 1) as usize;
    if digits[whole..].iter().any(|&d| d != 0) {
        return None;
    }
    let v = digits[..whole]
        .iter()
        .fold(0i64, |acc, &d| acc * 10 + i64::from(d));
    let v = if negative { -v } else { v };
    Some(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}
