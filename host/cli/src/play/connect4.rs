//! Connect Four on the host: native games between players of the ladder (and the exact
//! solver), with fixed seeds; reading positions given by the user; rendering game logs.

use super::SeatResult;
use calc::budget::Unlimited;
use calc::connect4::ai::{self, Ai};
use calc::connect4::eval::Standard;
use calc::connect4::log::GameLog;
use calc::connect4::referee::{Disqualification, Fault, GameResult};
use calc::connect4::solver::{self, Solver};
use calc::connect4::strategy::{self, Strategy};
use calc::connect4::{search, Board, MoveError, Outcome, ParseErrorKind, Player};
use calc::Rng;

/// A native Connect Four player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum C4Player {
    /// A player of the calculator ladder.
    Ai(Ai),
    /// Perfect play: the exact solver's best move (uniformly random among equals).
    Solver,
}

impl C4Player {
    /// A short name: `random`, `winblock`, `minimax3`, `alphabeta20000`, `expert20000`, `solver`.
    pub fn name(&self) -> String {
        match self {
            C4Player::Ai(Ai::Random) => "random".into(),
            C4Player::Ai(Ai::WinBlock) => "winblock".into(),
            C4Player::Ai(Ai::Minimax(d)) => format!("minimax{d}"),
            C4Player::Ai(Ai::AlphaBeta(n)) => format!("alphabeta{n}"),
            C4Player::Ai(Ai::Expert(n)) => format!("expert{n}"),
            C4Player::Solver => "solver".into(),
        }
    }
}

/// Entries of the solver table the expert is lent on the calculator's test entry `t_c4`
/// (calc::connect4::expert; `joueur` lends none yet, docs/solver.md).
pub const EXPERT_SOLVER_LEN: usize = 1024;

/// The tables the players use, allocated once and lent to every game.
pub struct Tables {
    /// The engine's table (4,096 entries, 48 KiB: a calculator-sized table).
    pub engine: Vec<search::Entry>,
    /// The solver's table (2^22 entries, 32 MiB); its entries stay valid across games.
    pub solver: Vec<solver::Entry>,
    /// The expert's solver table (1,024 entries, 8 KiB: the calculator's, cleared at every
    /// move by the expert).
    pub expert_solver: Vec<solver::Entry>,
}

impl Tables {
    /// Fresh tables of the sizes above.
    pub fn new() -> Tables {
        Tables {
            engine: vec![search::Entry::EMPTY; 1 << 12],
            solver: vec![solver::Entry::EMPTY; 1 << 22],
            expert_solver: vec![solver::Entry::EMPTY; EXPERT_SOLVER_LEN],
        }
    }
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new()
    }
}

/// The column `player` chooses in `board` (`None` when the game is over).
pub fn choose(player: C4Player, board: &Board, rng: &mut Rng, tables: &mut Tables) -> Option<u8> {
    match player {
        // An expert level with the toolkit's deep book, as `joueur` plays it with `livre`;
        // elsewhere the ladder's player, the expert with its exact solves near the end.
        C4Player::Ai(a) => crate::book::deep::expert_move(a, board).or_else(|| {
            ai::choose_lending(
                a,
                board,
                rng,
                &mut tables.engine,
                &mut tables.expert_solver,
                Unlimited,
                Standard,
            )
            .column
        }),
        C4Player::Solver => {
            let mut solver = Solver::new(&mut tables.solver);
            let scores = solver.analyse(board, false);
            let best = scores.iter().flatten().max().copied()?;
            let tied: Vec<u8> = (0..7u8)
                .filter(|&c| scores[c as usize] == Some(best))
                .collect();
            rng.pick(tied.len()).map(|i| tied[i])
        }
    }
}

/// One game: `opening` random legal moves (drawn from `seed`), then `first` and `second` in
/// turn, every random choice drawn from one generator seeded with `seed`. Returns the result and
/// the columns played (0-based, opening included).
pub fn play_game(
    first: C4Player,
    second: C4Player,
    seed: u32,
    opening: u8,
    tables: &mut Tables,
) -> (SeatResult, Vec<u8>) {
    let mut opening_rng = Rng::new(seed);
    let mut rng = Rng::new(seed ^ 0x5EED_C4C4);
    let mut board = Board::new();
    let mut moves = Vec::new();
    while board.outcome().is_none() {
        let col = if moves.len() < opening as usize {
            ai::random_column(&board, &mut opening_rng)
        } else if board.to_move() == Player::First {
            choose(first, &board, &mut rng, tables)
        } else {
            choose(second, &board, &mut rng, tables)
        };
        let Some(col) = col else { break };
        if board.play(col).is_err() {
            break;
        }
        moves.push(col);
    }
    let result = match board.outcome() {
        Some(Outcome::Win(Player::First)) => SeatResult::FirstWins,
        Some(Outcome::Win(Player::Second)) => SeatResult::SecondWins,
        _ => SeatResult::Draw,
    };
    (result, moves)
}

/// A match of `pairs` pairs of games between `a` and `b` (see [`super::run_match`]), each game
/// starting with `opening` random moves.
pub fn run_match(
    a: C4Player,
    b: C4Player,
    pairs: u32,
    seed: u32,
    opening: u8,
    tables: &mut Tables,
) -> super::Tally {
    super::run_match(pairs, seed, |game_seed, a_first| {
        let (first, second) = if a_first { (a, b) } else { (b, a) };
        play_game(first, second, game_seed, opening, tables).0
    })
}

/// A match of `pairs` pairs of games between two strategies — a user's AI
/// (calc::connect4::strategy::Strategy) against another, or against a player of the ladder
/// (`calc::connect4::strategy::Ladder`) — tallied from `a`'s side. Each game is [`strategy::play`] as the contest plays
/// it (an illegal column loses the game); the two games of a pair share their seeds, the
/// colours swapped. The pair seeds are drawn from `seed`.
pub fn strategy_match(
    a: &mut dyn Strategy,
    b: &mut dyn Strategy,
    pairs: u32,
    seed: u32,
) -> super::Tally {
    super::run_match(pairs, seed, |game_seed, a_first| {
        let seeds = [game_seed, game_seed ^ 0x5EED_C4C4];
        let game = if a_first {
            strategy::play([&mut *a, &mut *b], seeds)
        } else {
            strategy::play([&mut *b, &mut *a], seeds)
        };
        match strategy::first_won(&game) {
            Some(true) => SeatResult::FirstWins,
            Some(false) => SeatResult::SecondWins,
            None => SeatResult::Draw,
        }
    })
}

/// A tournament: every pair of `players` plays a [`strategy_match`] of `pairs` pairs of games
/// (each match seeded from `seed` and the pair's indexes). Returns `(i, j, tally)` for each
/// pair `i < j`, the tally from `players[i]`'s side.
pub fn round_robin(
    players: &mut [&mut dyn Strategy],
    pairs: u32,
    seed: u32,
) -> Vec<(usize, usize, super::Tally)> {
    let mut out = Vec::new();
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let (left, right) = players.split_at_mut(j);
            let match_seed = seed ^ (i as u32).wrapping_mul(0x9E37_79B9) ^ (j as u32) << 16;
            let tally = strategy_match(&mut *left[i], &mut *right[0], pairs, match_seed);
            out.push((i, j, tally));
        }
    }
    out
}

/// A logged game as text: a header with the names and the result, then one line per move and
/// the final board.
pub fn render_log(log: &GameLog) -> String {
    let name = |i: usize| String::from_utf8_lossy(log.names[i]).into_owned();
    let mut out = format!("AI 1 (O): {}\nAI 2 (X): {}\n", name(0), name(1));
    for (i, m) in log.moves.iter().enumerate() {
        let who = if i % 2 == 0 { "O" } else { "X" };
        out += &format!("{:>2}. {who} plays column {m}\n", i + 1);
    }
    let mut grid = [0u8; 48];
    log.board_after(log.moves.len()).render(&mut grid);
    out += &String::from_utf8_lossy(&grid);
    out += &describe_result(log.result);
    out.push('\n');
    out
}

/// A game's result in words, with the arbiter's result variables: `AI 1 wins (result 1, N)`,
/// `draw (result 0, N)`, `AI 2 disqualified: column 8 is not 1-7; AI 1 wins (result 1, D)`,
/// `unfinished`.
pub fn describe_result(result: Option<GameResult>) -> String {
    match result {
        None => "unfinished".to_string(),
        Some(GameResult::Normal(Outcome::Draw)) => "draw (result 0, N)".to_string(),
        Some(r @ GameResult::Normal(_)) => format!(
            "AI {} wins (result {}, N)",
            r.result_colonne(),
            r.result_colonne()
        ),
        Some(r @ GameResult::Disqualified(d)) => format!(
            "AI {} disqualified: {}; AI {} wins (result {}, D)",
            d.seat.number(),
            describe_fault(&d),
            r.result_colonne(),
            r.result_colonne()
        ),
    }
}

/// Why an AI was disqualified, with the logged value where the fault has one.
pub fn describe_fault(d: &Disqualification) -> String {
    let v = d.value;
    match d.fault {
        Fault::ColonneMissing => "colonne was deleted".into(),
        Fault::ColonneNotNumber => "colonne is not a number".into(),
        Fault::ColonneNotInteger => "colonne is not a whole number".into(),
        Fault::ColonneChanged => format!("named itself but changed colonne from -1 to {v}"),
        Fault::ColumnOutOfRange => format!("column {v} is not 1-7"),
        Fault::ColumnFull => format!("column {v} is full"),
        Fault::NomMissing => "nom was deleted".into(),
        Fault::NomNotString => "nom is not a string".into(),
        Fault::NameEmpty => "empty name".into(),
        Fault::NameTooLong => format!("name of {v} characters is too long"),
        Fault::RaisedError => format!("raised error {v}"),
        Fault::CannotCall => {
            format!("the arbiter could not write colonne/nom in its folder (error {v})")
        }
    }
}

/// A move string the user gave could not be read.
#[derive(Debug, thiserror::Error)]
#[error("bad Connect Four move string {moves:?}: character {} {what}; give columns 1-7 in the order they were played, e.g. 4453", index + 1)]
pub struct BadMoves {
    /// The string given.
    pub moves: String,
    /// 0-based index of the offending character.
    pub index: usize,
    /// What is wrong with it.
    pub what: &'static str,
}

/// The position after `moves` (columns 1-7), with an error that says what is wrong and where.
pub fn parse_board(moves: &str) -> Result<Board, BadMoves> {
    Board::from_moves(moves).map_err(|e| BadMoves {
        moves: moves.to_string(),
        index: e.index as usize,
        what: match e.kind {
            ParseErrorKind::NotAColumn => "is not a column 1-7",
            ParseErrorKind::TooLong => "is one move too many (a game has at most 42)",
            ParseErrorKind::Illegal(MoveError::ColumnFull) => "plays into a full column",
            ParseErrorKind::Illegal(MoveError::GameOver) => "comes after the end of the game",
            ParseErrorKind::Illegal(MoveError::OutOfRange) => "is not a column 1-7",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strategy of the user's (here: the centremost legal column) plays matches against
    /// the ladder like any player.
    #[test]
    fn a_strategy_plays_matches_against_the_ladder() {
        use calc::connect4::strategy::Ladder;
        struct Centre;
        impl Strategy for Centre {
            fn name(&self) -> &[u8] {
                b"centre"
            }
            fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
                [3, 2, 4, 1, 5, 0, 6]
                    .into_iter()
                    .find(|&c| board.can_play(c))
                    .unwrap_or(0)
            }
        }
        let mut table = vec![search::Entry::EMPTY; 512];
        let mut winblock = Ladder::new(Ai::WinBlock, &mut table);
        let tally = strategy_match(&mut Centre, &mut winblock, 20, 1);
        assert_eq!(tally.games(), 40);
        // Centre-first without looking for wins loses to win/block far more than it wins.
        assert!(tally.losses > tally.wins, "{}", tally.summary());
        let mut random = [search::Entry::EMPTY; 1];
        let mut random = Ladder::new(Ai::Random, &mut random);
        let tally = strategy_match(&mut winblock, &mut random, 20, 1);
        assert!(tally.wins > 30, "{}", tally.summary());
        // A tournament of the three: every pair once, each tally of 2 x pairs games.
        let mut players: [&mut dyn Strategy; 3] = [&mut Centre, &mut winblock, &mut random];
        let results = round_robin(&mut players, 5, 9);
        assert_eq!(
            results.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
            [(0, 1), (0, 2), (1, 2)]
        );
        assert!(results.iter().all(|r| r.2.games() == 10));
    }

    #[test]
    fn bad_moves_say_what_and_where() {
        let e = parse_board("4459").unwrap_err();
        assert_eq!(e.index, 3);
        assert!(
            e.to_string().contains("character 4 is not a column 1-7"),
            "{e}"
        );
        let e = parse_board("1111111").unwrap_err();
        assert!(
            e.to_string()
                .contains("character 7 plays into a full column"),
            "{e}"
        );
        assert!(parse_board("").is_ok());
    }

    #[test]
    fn games_are_reproducible_from_their_seed() {
        let mut tables = Tables::new();
        let a = C4Player::Ai(Ai::WinBlock);
        let b = C4Player::Ai(Ai::EASY);
        let g1 = play_game(a, b, 77, 2, &mut tables);
        let g2 = play_game(a, b, 77, 2, &mut tables);
        assert_eq!(g1, g2);
        let mut board = Board::new();
        for &m in &g1.1 {
            board.play(m).unwrap();
        }
        assert!(board.outcome().is_some());
    }

    #[test]
    fn logs_render_as_text() {
        let log = GameLog {
            model: calc::connect4::protocol::Model::Ti89,
            names: [b"Alice", b"Bob"],
            moves: b"\x01\x02\x01\x02\x01\x02\x01",
            result: Some(GameResult::Normal(Outcome::Win(Player::First))),
        };
        let text = render_log(&log);
        assert!(text.starts_with("AI 1 (O): Alice\nAI 2 (X): Bob\n 1. O plays column 1\n"));
        assert!(
            text.ends_with("OX.....\nAI 1 wins (result 1, N)\n"),
            "{text}"
        );
        let raised = GameLog {
            moves: b"\x04",
            result: Some(GameResult::Disqualified(Disqualification {
                seat: Player::Second,
                fault: Fault::RaisedError,
                value: 210,
            })),
            ..log
        };
        assert!(
            render_log(&raised)
                .ends_with("AI 2 disqualified: raised error 210; AI 1 wins (result 1, D)\n"),
            "{}",
            render_log(&raised)
        );
    }
}
