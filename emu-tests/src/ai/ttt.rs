//! Tic-tac-toe on the 68000: the calls of `t_ttt` (calc/programs/src/bin/test/t_ttt.rs) and the
//! same calls of the core natively. A position is the mark that moved first and the cells
//! (0..8) played since.

use calc::rng::Rng;
use calc::tictactoe::ai::{self, Reason};
use calc::tictactoe::{fast, search, Board, Mark};

use super::{accept, call, slots};
use ti_emulator::{Failure, Machine};

/// A position: who moved first, and the cells played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The mark that moved first.
    pub first: Mark,
    /// The cells played, in order.
    pub moves: Vec<u8>,
}

impl Position {
    /// The board.
    pub fn board(&self) -> Board {
        let mut board = Board::new(self.first);
        for &cell in &self.moves {
            board.play(cell).expect("a legal move");
        }
        board
    }
}

/// What an AI returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell, `None` when the AI gives none (game over).
    pub cell: Option<u8>,
    /// Seed 003: its reason (0 win, 1 block, 2 random); Min-Max: the move's value.
    pub score: i16,
    /// Positions visited (Min-Max).
    pub nodes: u32,
    /// The generator's next draw after the call.
    pub next_draw: u32,
}

/// One AI of tic-tac-toe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Seed 003's win, block, random.
    Seed003,
    /// Seed 004's plain Min-Max at this depth (`calc::tictactoe::search`).
    Minimax(u8),
    /// The same Min-Max answered fast (`calc::tictactoe::fast`), what the game plays.
    Fast(u8),
}

/// The AIs: seed 003, seed 004's plain Min-Max at its three levels, and the fast search at
/// the same levels.
pub fn ladder() -> Vec<(&'static str, Player)> {
    vec![
        ("seed 003", Player::Seed003),
        ("minimax 3", Player::Minimax(search::EASY)),
        ("minimax 5", Player::Minimax(search::MEDIUM)),
        ("minimax 9", Player::Minimax(search::HARD)),
        ("fast minimax 3", Player::Fast(search::EASY)),
        ("fast minimax 5", Player::Fast(search::MEDIUM)),
        ("fast minimax 9", Player::Fast(search::HARD)),
    ]
}

/// The AI's move in `position`, natively. For [`Player::Fast`] the cell, the value and the
/// generator's next draw are the plain search's (the fast search must reproduce them), the node
/// count the fast search's own; a native disagreement between the two panics.
pub fn native_choose(position: &Position, player: Player, seed: u32) -> Choice {
    let board = position.board();
    let mut rng = Rng::new(seed);
    let choice = match player {
        Player::Seed003 => {
            let c = ai::choose_move(&board, &mut rng);
            let reason = match c {
                Some((_, Reason::Win)) => 0,
                Some((_, Reason::Block)) => 1,
                _ => 2,
            };
            Choice {
                cell: c.map(|(cell, _)| cell),
                score: reason,
                nodes: 0,
                next_draw: 0,
            }
        }
        Player::Minimax(depth) => {
            let c = search::choose_move(&board, depth, &mut rng);
            Choice {
                cell: c.map(|c| c.cell),
                score: c.map_or(0, |c| c.score),
                nodes: c.map_or(0, |c| c.nodes),
                next_draw: 0,
            }
        }
        Player::Fast(depth) => {
            let plain = search::choose_move(&board, depth, &mut rng);
            let mut fast_rng = Rng::new(seed);
            let quick = fast::choose_move(&board, depth, &mut fast_rng);
            assert_eq!(
                plain.map(|c| (c.cell, c.score)),
                quick.map(|c| (c.cell, c.score)),
                "natively, the fast search differs from the plain one in {position:?}"
            );
            assert_eq!(rng, fast_rng, "natively, other coin draws in {position:?}");
            Choice {
                cell: plain.map(|c| c.cell),
                score: plain.map_or(0, |c| c.score),
                nodes: quick.map_or(0, |c| c.nodes),
                next_draw: 0,
            }
        }
    };
    Choice {
        next_draw: rng.next_u32(),
        ..choice
    }
}

/// Sets the position of `t_ttt`.
pub fn set_position(m: &mut Machine, position: &Position) -> Result<(), Failure> {
    m.call("ttt_reset", &[u32::from(position.first == Mark::O)])?;
    for &cell in &position.moves {
        accept(m, "ttt_play", &[u32::from(cell)])?;
    }
    Ok(())
}

/// The AI's move in the position set, on the 68000, and the cycles of the call.
pub fn emulated_choose(
    m: &mut Machine,
    player: Player,
    seed: u32,
) -> Result<(Choice, u64), Failure> {
    let (d0, cycles) = match player {
        Player::Seed003 => call(m, "ttt_seed003", &[seed])?,
        Player::Minimax(depth) => call(m, "ttt_minimax", &[u32::from(depth), seed])?,
        Player::Fast(depth) => call(m, "ttt_fast", &[u32::from(depth), seed])?,
    };
    let s = slots(m)?;
    let choice = Choice {
        cell: d0.checked_sub(1).map(|c| c as u8),
        score: s[0] as u16 as i16,
        nodes: s[1],
        next_draw: s[2],
    };
    Ok((choice, cycles))
}

/// `count` positions (game not over) reached by random play, either mark first, from `seed`.
pub fn random_positions(seed: u32, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let first = if rng.coin() { Mark::X } else { Mark::O };
        let length = rng.below(9);
        let mut board = Board::new(first);
        let mut moves = Vec::new();
        while moves.len() < length as usize && !board.is_over() {
            let free = board.free();
            let cell = (0u8..9)
                .filter(|&c| free & (1 << c) != 0)
                .nth(rng.below(free.count_ones()) as usize)
                .expect("a free cell");
            board.play(cell).expect("a free cell is legal");
            moves.push(cell);
        }
        if !board.is_over() {
            out.push(Position { first, moves });
        }
    }
    out
}

/// Every position of a game (game not over), either mark first: 5,478 minus the finished.
pub fn all_positions() -> Vec<Position> {
    fn walk(position: Position, out: &mut Vec<Position>) {
        let board = position.board();
        if board.is_over() {
            return;
        }
        // A position is kept once, at the first move order reaching it.
        out.push(position.clone());
        for cell in 0..9u8 {
            if board.free() & (1 << cell) != 0 {
                let mut next = position.clone();
                next.moves.push(cell);
                walk(next, out);
            }
        }
    }
    let mut all = Vec::new();
    for first in [Mark::X, Mark::O] {
        walk(
            Position {
                first,
                moves: Vec::new(),
            },
            &mut all,
        );
    }
    let mut seen = std::collections::HashSet::new();
    all.retain(|p| seen.insert((p.first, p.board())));
    all
}
