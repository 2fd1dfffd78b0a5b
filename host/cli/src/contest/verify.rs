//! Checks of a match against the core (calc::connect4): the arbiter's result variables agree
//! with its log; the log agrees with the core's referee replaying the game; and, for two of
//! this project's AIs (or any two strategies, [`contest_game`]), the moves are exactly those
//! the same AIs play natively.

use calc::connect4::contest::{Answer, ContestGame};
use calc::connect4::log::GameLog;
use calc::connect4::protocol::{self, Value as PValue};
use calc::connect4::referee::{GameResult, Referee};
use calc::connect4::search::Entry;
use calc::connect4::solver;
use calc::connect4::strategy::Strategy;

use super::run::MatchOutcome;
use super::setup::{self, AiSpec, MatchSetup};
use super::versus::{JOUEUR_SOLVER_TABLE, JOUEUR_TABLE};
use super::MatchError;
use crate::play::connect4::describe_result;
use ti_files::Model;

fn protocol_model(model: Model) -> protocol::Model {
    match model {
        Model::Ti89 => protocol::Model::Ti89,
        Model::Ti92Plus | Model::V200 => protocol::Model::Ti92Plus,
    }
}

/// Every check that applies to `outcome`: see the module doc.
pub fn check(setup: &MatchSetup, outcome: &MatchOutcome) -> Result<(), MatchError> {
    let game = outcome.game()?;
    results_agree_with_log(outcome, &game)?;
    if game.model != protocol_model(setup.model) {
        return Err(MatchError::Mismatch(format!(
            "the log says the game was played on a {}, the match is on a {}",
            match game.model {
                protocol::Model::Ti89 => "TI-89",
                protocol::Model::Ti92Plus => "TI-92 Plus or Voyage 200",
            },
            setup.model
        )));
    }
    log_agrees_with_referee(setup, &game)?;
    if let [AiSpec::Level { .. }, AiSpec::Level { .. }] = &setup.ais {
        let native = native_game(setup)?;
        if native.moves != game.moves || native.result != game.result {
            return Err(MatchError::Mismatch(format!(
                "the calculator's game differs from the same AIs playing natively:\n  \
                 calculator: moves {}, {}\n  native:     moves {}, {}",
                columns(game.moves),
                describe_result(game.result),
                columns(&native.moves),
                describe_result(native.result)
            )));
        }
    }
    Ok(())
}

/// The arbiter's `colonne` and `nom` are the result its log records.
pub fn results_agree_with_log(outcome: &MatchOutcome, game: &GameLog) -> Result<(), MatchError> {
    let result = game
        .result
        .ok_or_else(|| MatchError::Results("the log records an unfinished game".into()))?;
    let expected_nom = (result.result_nom() as char).to_string();
    if outcome.colonne != i64::from(result.result_colonne()) || outcome.nom != expected_nom {
        return Err(MatchError::Mismatch(format!(
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
pub fn log_agrees_with_referee(setup: &MatchSetup, game: &GameLog) -> Result<(), MatchError> {
    let logged = game
        .result
        .ok_or_else(|| MatchError::Results("the log records an unfinished game".into()))?;
    let mut referee = Referee::new(game.model, setup::name_limit(setup.model));
    let mut moves = game.moves.iter();
    while let Some(call) = referee.call() {
        let seat = call.seat.number() as usize - 1;
        let name = PValue::Str(game.names[seat]);
        // An AI that never named itself has an empty name in the log: it was disqualified on
        // its naming call, where the log stops. So was AI 2 when the game stops before any
        // move with AI 2 disqualified (its valid name is logged: the fault was its column).
        let second_failed_naming = call.colonne == -1
            && game.moves.is_empty()
            && matches!(logged, GameResult::Disqualified(d) if d.seat == call.seat);
        let answer = if call.colonne <= 0 && game.names[seat].is_empty() || second_failed_naming {
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
                        return Err(MatchError::Mismatch(format!(
                            "replaying the log, the referee says {}; the log says {}",
                            describe_result(Some(GameResult::Disqualified(d))),
                            describe_result(Some(logged))
                        )));
                    }
                }
            }
            None => {
                // The log stops before the game is over: the AI to call was disqualified.
                let GameResult::Disqualified(d) = logged else {
                    return Err(MatchError::Mismatch(format!(
                        "the log stops after {} moves in a game that is not over, without a \
                         disqualification ({})",
                        game.moves.len(),
                        describe_result(Some(logged))
                    )));
                };
                if d.seat != call.seat {
                    return Err(MatchError::Mismatch(format!(
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
        r => Err(MatchError::Mismatch(format!(
            "replaying the log, the referee ends with {}; the log says {}",
            describe_result(r),
            describe_result(Some(logged))
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

/// Plays the match natively: two of this project's AIs at the levels of `setup`, with their
/// seeds, through [`contest_game`].
pub fn native_game(setup: &MatchSetup) -> Result<NativeGame, MatchError> {
    let mut levels = Vec::new();
    let mut seeds = [0; 2];
    for (i, ai) in setup.ais.iter().enumerate() {
        let AiSpec::Level { level, seed } = ai else {
            return Err(MatchError::Setup(
                "a native game needs two of this project's AIs".into(),
            ));
        };
        levels.push(setup::parse_level(level)?);
        seeds[i] = *seed;
    }
    // joueur lends its engine a table of JOUEUR_TABLE entries and its expert's solves one of
    // JOUEUR_SOLVER_TABLE (calc/programs/src/bin/joueur.rs).
    let mut tables = [
        vec![Entry::EMPTY; JOUEUR_TABLE],
        vec![Entry::EMPTY; JOUEUR_TABLE],
    ];
    let mut solver_tables = [
        vec![solver::Entry::EMPTY; JOUEUR_SOLVER_TABLE],
        vec![solver::Entry::EMPTY; JOUEUR_SOLVER_TABLE],
    ];
    let [t1, t2] = &mut tables;
    let [s1, s2] = &mut solver_tables;
    // An expert plays with the deep book the contest installs beside it (`livre`).
    let mut first = crate::book::deep::ladder(levels[0], t1, s1);
    let mut second = crate::book::deep::ladder(levels[1], t2, s2);
    contest_game(setup.model, [&mut first, &mut second], seeds)
}

/// A contest game played natively between two strategies with the seeds their `graine` would
/// hold: the core's referee calls each in turn through the protocol, each keeping its state
/// between calls only in its encoded bytes, as `joueur` keeps it in `etat`
/// (`programs::contest::joueur`). The moves are those the same strategies play on the
/// calculator.
pub fn contest_game(
    model: Model,
    strategies: [&mut dyn Strategy; 2],
    seeds: [u32; 2],
) -> Result<NativeGame, MatchError> {
    let [first, second] = strategies;
    let mut players: [(
        &mut dyn Strategy,
        Option<[u8; calc::connect4::contest::STATE_LEN]>,
    ); 2] = [(first, None), (second, None)];
    let mut referee = Referee::new(protocol_model(model), setup::name_limit(model));
    let mut names: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    let mut moves = Vec::new();
    while let Some(call) = referee.call() {
        let seat = call.seat.number() as usize - 1;
        let (strategy, state) = &mut players[seat];
        let request = call.request();
        let mut game = match (&request, state.as_ref()) {
            (protocol::Request::NewGame { .. }, _) => ContestGame::new(seeds[seat]),
            (_, Some(bytes)) => ContestGame::decode(bytes).map_err(|e| {
                MatchError::Mismatch(format!("native AI {}: its state: {e}", seat + 1))
            })?,
            (_, None) => {
                return Err(MatchError::Mismatch(format!(
                    "native AI {} is called before the start of its game",
                    seat + 1
                )))
            }
        };
        let answer = game
            .respond(request, &mut **strategy)
            .map_err(|e| MatchError::Mismatch(format!("native AI {}: {e}", seat + 1)))?;
        *state = Some(game.encode());
        let name = strategy.name().to_vec();
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

/// Columns as the log writes them: `4 4 5 3`.
fn columns(moves: &[u8]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The name `joueur` gives at `level` (the core's [`calc::connect4::ai::Ai::contest_name`],
/// which `joueur` uses too).
pub fn joueur_name(level: calc::connect4::ai::Ai) -> Vec<u8> {
    let mut buf = [0u8; calc::connect4::ai::CONTEST_NAME_LEN];
    level.contest_name(&mut buf).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use calc::connect4::log::GameLog;
    use calc::connect4::referee::{Disqualification, Fault};
    use calc::connect4::Player;
    use std::time::Duration;

    fn setup() -> MatchSetup {
        MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("winblock", 3), AiSpec::level("random", 8)],
        )
    }

    /// The outcome the arbiter would leave for `game`.
    fn outcome_of(game: &GameLog) -> MatchOutcome {
        let mut log = vec![0u8; 200];
        let len = game.encode(&mut log).unwrap();
        log.truncate(len);
        let result = game.result.unwrap();
        MatchOutcome {
            colonne: i64::from(result.result_colonne()),
            nom: (result.result_nom() as char).to_string(),
            log,
            screen: None,
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn a_native_game_passes_every_check() {
        let setup = setup();
        let native = native_game(&setup).unwrap();
        assert!(native.result.is_some(), "the game ends");
        let game = GameLog {
            model: protocol::Model::Ti89,
            names: [&native.names[0], &native.names[1]],
            moves: &native.moves,
            result: native.result,
        };
        assert_eq!(game.names, [b"winblock" as &[u8], b"random"]);
        check(&setup, &outcome_of(&game)).unwrap();
    }

    #[test]
    fn result_variables_must_match_the_log() {
        let setup = setup();
        let native = native_game(&setup).unwrap();
        let game = GameLog {
            model: protocol::Model::Ti89,
            names: [&native.names[0], &native.names[1]],
            moves: &native.moves,
            result: native.result,
        };
        let mut outcome = outcome_of(&game);
        outcome.nom = "D".into();
        let e = check(&setup, &outcome).unwrap_err().to_string();
        assert!(e.contains("the arbiter stored colonne"), "{e}");
    }

    #[test]
    fn moves_must_be_the_native_ones() {
        let setup = setup();
        // A legal game with another move order: the checks against the log pass, the
        // comparison with the native game does not.
        let moves = [1u8, 2, 1, 2, 1, 2, 1];
        let game = GameLog {
            model: protocol::Model::Ti89,
            names: [b"winblock", b"random"],
            moves: &moves,
            result: Some(GameResult::Normal(calc::connect4::Outcome::Win(
                Player::First,
            ))),
        };
        let outcome = outcome_of(&game);
        log_agrees_with_referee(&setup, &game).unwrap();
        let e = check(&setup, &outcome).unwrap_err().to_string();
        assert!(
            e.contains("differs from the same AIs playing natively"),
            "{e}"
        );
    }

    #[test]
    fn a_disqualification_must_fall_on_the_ai_called_next() {
        let setup = setup();
        let d = |seat| {
            Some(GameResult::Disqualified(Disqualification {
                seat,
                fault: Fault::RaisedError,
                value: 0,
            }))
        };
        // AI 2 disqualified on its naming call: no names, no moves.
        let first = GameLog {
            model: protocol::Model::Ti89,
            names: [b"", b""],
            moves: &[],
            result: d(Player::Second),
        };
        log_agrees_with_referee(&setup, &first).unwrap();
        // After three moves AI 2 is to play: a log blaming AI 1 is wrong.
        let wrong = GameLog {
            moves: &[4, 4, 4],
            names: [b"a", b"b"],
            result: d(Player::First),
            ..first
        };
        let e = log_agrees_with_referee(&setup, &wrong)
            .unwrap_err()
            .to_string();
        assert!(e.contains("the referee would call AI 2 next"), "{e}");
    }

    #[test]
    fn a_valid_name_logged_with_a_bad_first_column_agrees() {
        let setup = setup();
        let dq = |seat, fault, value| {
            Some(GameResult::Disqualified(Disqualification {
                seat,
                fault,
                value,
            }))
        };
        // AI 1 named itself and played column 8; AI 2 named itself and left 4 in colonne.
        for game in [
            GameLog {
                model: protocol::Model::Ti89,
                names: [b"fautif", b"winblock"],
                moves: &[],
                result: dq(Player::First, Fault::ColumnOutOfRange, 8),
            },
            GameLog {
                model: protocol::Model::Ti89,
                names: [b"", b"fautif"],
                moves: &[],
                result: dq(Player::Second, Fault::ColonneChanged, 4),
            },
        ] {
            log_agrees_with_referee(&setup, &game).unwrap_or_else(|e| panic!("{game:?}: {e}"));
        }
    }

    #[test]
    fn joueur_names_are_the_cores() {
        use calc::connect4::ai::Ai;
        assert_eq!(joueur_name(Ai::HARD), b"minimax9");
        assert_eq!(joueur_name(Ai::AlphaBeta(20_000)), b"ab20000");
        assert_eq!(joueur_name(Ai::AlphaBeta(127_000)), b"ab127000");
    }
}
