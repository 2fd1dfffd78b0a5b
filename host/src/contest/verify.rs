//! Checks of a match against the core (calc::connect4): the arbiter's result variables agree
//! with its log; the log agrees with the core's referee replaying the game; and, for two of
//! this project's AIs, the moves are exactly those the same AIs play natively.

use calc::connect4::contest::{Answer, ContestAi};
use calc::connect4::engine::Entry;
use calc::connect4::log::GameLog;
use calc::connect4::protocol::{self, Value as PValue};
use calc::connect4::referee::{GameResult, Referee};

use super::run::MatchOutcome;
use super::setup::{self, AiSpec, MatchSetup};
use super::ContestError;
use crate::file::Model;

fn protocol_model(model: Model) -> protocol::Model {
    match model {
        Model::Ti89 => protocol::Model::Ti89,
        Model::Ti92Plus | Model::V200 => protocol::Model::Ti92Plus,
    }
}

/// Every check that applies to `outcome`: see the module doc.
pub fn check(setup: &MatchSetup, outcome: &MatchOutcome) -> Result<(), ContestError> {
    let game = outcome.game()?;
    results_agree_with_log(outcome, &game)?;
    if game.model != protocol_model(setup.model) {
        return Err(ContestError::Mismatch(format!(
            "the log says the game was played on model {:?}, the match is on a {}",
            game.model, setup.model
        )));
    }
    log_agrees_with_referee(setup, &game)?;
    if let [AiSpec::Level { .. }, AiSpec::Level { .. }] = &setup.ais {
        let native = native_game(setup)?;
        if native.moves != game.moves || native.result != game.result {
            return Err(ContestError::Mismatch(format!(
                "the calculator's game differs from the same AIs playing natively:\n  \
                 calculator: moves {:?}, result {:?}\n  native:     moves {:?}, result {:?}",
                game.moves, game.result, native.moves, native.result
            )));
        }
    }
    Ok(())
}

/// The arbiter's `colonne` and `nom` are the result its log records.
pub fn results_agree_with_log(outcome: &MatchOutcome, game: &GameLog) -> Result<(), ContestError> {
    let result = game
        .result
        .ok_or_else(|| ContestError::Results("the log records an unfinished game".into()))?;
    let expected_nom = (result.result_nom() as char).to_string();
    if outcome.colonne != i64::from(result.result_colonne()) || outcome.nom != expected_nom {
        return Err(ContestError::Mismatch(format!(
            "the arbiter stored colonne = {}, nom = {:?}; its log says {}, {:?}",
            outcome.colonne,
            outcome.nom,
            result.result_colonne(),
            expected_nom
        )));
    }
    Ok(())
}

/// The core's referee, given the logged names and moves as the AIs' answers, reaches the
/// logged end: the same moves are legal, the game ends where the log says, and a logged
/// disqualification happens on the call where the log stops.
pub fn log_agrees_with_referee(setup: &MatchSetup, game: &GameLog) -> Result<(), ContestError> {
    let logged = game
        .result
        .ok_or_else(|| ContestError::Results("the log records an unfinished game".into()))?;
    let mut referee = Referee::new(game.model, setup::name_limit(setup.model));
    let mut moves = game.moves.iter();
    while let Some(call) = referee.call() {
        let seat = call.seat.number() as usize - 1;
        let name = PValue::Str(game.names[seat]);
        // An AI that never named itself has an empty name in the log: it was disqualified on
        // its naming call, where the log stops.
        let answer = if call.colonne <= 0 && game.names[seat].is_empty() {
            None
        } else if call.colonne == -1 {
            Some((PValue::Integer(-1), name))
        } else {
            moves.next().map(|&m| (PValue::Integer(i32::from(m)), name))
        };
        match answer {
            Some((colonne, nom)) => {
                if let Err(d) = referee.answer(colonne, nom) {
                    if GameResult::Disqualified(d) != logged {
                        return Err(ContestError::Mismatch(format!(
                            "replaying the log, the referee disqualifies {:?}; the log says {logged:?}",
                            d
                        )));
                    }
                }
            }
            None => {
                // The log stops before the game is over: the AI to call was disqualified.
                let GameResult::Disqualified(d) = logged else {
                    return Err(ContestError::Mismatch(format!(
                        "the log stops after {} moves in a game that is not over, without a \
                         disqualification ({logged:?})",
                        game.moves.len()
                    )));
                };
                if d.seat != call.seat {
                    return Err(ContestError::Mismatch(format!(
                        "the log disqualifies AI {}, but the referee would call AI {} next",
                        d.seat.number(),
                        call.seat.number()
                    )));
                }
                return Ok(());
            }
        }
    }
    match referee.result() {
        Some(r) if r == logged => Ok(()),
        r => Err(ContestError::Mismatch(format!(
            "replaying the log, the referee ends with {r:?}; the log says {logged:?}"
        ))),
    }
}

/// A game played natively by this project's AIs as `setup` configures them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeGame {
    /// The columns played, 1..7.
    pub moves: Vec<u8>,
    /// How it ended.
    pub result: Option<GameResult>,
    /// The names the AIs gave.
    pub names: [Vec<u8>; 2],
}

/// Plays the match natively: the core's referee calls two [`ContestAi`]s (the calculator
/// programs' own code), each keeping its state between calls through its encoded bytes, as
/// `joueur` keeps it in `etat`.
pub fn native_game(setup: &MatchSetup) -> Result<NativeGame, ContestError> {
    let model = protocol_model(setup.model);
    let mut ais = Vec::new();
    for ai in &setup.ais {
        let AiSpec::Level { level, seed } = ai else {
            return Err(ContestError::Setup(
                "a native game needs two of this project's AIs".into(),
            ));
        };
        let level = setup::parse_level(level)
            .ok_or_else(|| ContestError::Setup(format!("unknown level {level:?}")))?;
        ais.push((level, *seed, None::<Vec<u8>>));
    }
    let mut referee = Referee::new(model, setup::name_limit(setup.model));
    // joueur lends a table of 512 entries (calc/programs/src/bin/joueur.rs).
    let mut table = vec![Entry::EMPTY; 512];
    let mut names: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut moves = Vec::new();
    while let Some(call) = referee.call() {
        let seat = call.seat.number() as usize - 1;
        let (level, seed, state) = &mut ais[seat];
        let request = call.request();
        let mut ai = match (&request, state.as_ref()) {
            (protocol::Request::NewGame { .. }, _) => ContestAi::new(*level, *seed),
            (_, Some(bytes)) => ContestAi::decode(bytes).map_err(|e| {
                ContestError::Mismatch(format!("native AI {}: its state: {e:?}", seat + 1))
            })?,
            (_, None) => return Err(ContestError::Mismatch("native AI without state".into())),
        };
        let answer = ai
            .respond(request, &mut table)
            .map_err(|e| ContestError::Mismatch(format!("native AI {}: {e:?}", seat + 1)))?;
        *state = Some(ai.encode().to_vec());
        let name = joueur_name(*level);
        let (colonne, nom) = match answer {
            Answer::Name => (PValue::Integer(-1), PValue::Str(&name)),
            Answer::NameAndMove(c) => (PValue::Integer(i32::from(c)), PValue::Str(&name)),
            Answer::Move(c) => (PValue::Integer(i32::from(c)), PValue::Missing),
            Answer::Done => break,
        };
        if call.colonne <= 0 {
            names[seat] = name.clone();
        }
        if let Ok(Some(col)) = referee.answer(colonne, nom) {
            moves.push(col + 1);
        }
    }
    Ok(NativeGame {
        moves,
        result: referee.result(),
        names,
    })
}

/// The name `joueur` gives at `level` (calc/programs/src/bin/joueur.rs, at most 8 bytes).
pub fn joueur_name(level: calc::connect4::ai::Ai) -> Vec<u8> {
    use calc::connect4::ai::Ai;
    let mut name = match level {
        Ai::Random => "random".to_string(),
        Ai::WinBlock => "winblock".to_string(),
        Ai::Minimax(d) => format!("minimax{d}"),
        Ai::AlphaBeta(n) => format!("ab{n}"),
    }
    .into_bytes();
    name.truncate(8);
    name
}
