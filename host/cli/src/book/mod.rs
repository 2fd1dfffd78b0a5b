//! The generator of Connect Four's opening book (`calc::connect4::book`, the expert level's
//! first moves).
//!
//! It walks the positions the expert meets while it follows the book (as the first player and
//! as the second, every reply of the opponent, up to a number of stones), and picks each move.
//! The engine alone, as the calculator runs it (its standard budget, the calculator's table),
//! proposes a column; the exact solver (weak: win, draw or loss) values it and, unless it wins,
//! every other column, centre first, each within a node budget (a column too hard to value does
//! not stop the others). The move kept is the best proven one (the engine's among equals). When
//! a solve runs out of budget, the book keeps the engine's column unless another is proven to
//! win or better than what is proven of the engine's; and it never keeps a column proven to
//! lose while another column is unproven (that one cannot be worse): see [`choose`]. The book
//! only overrides the engine where the solver proves it better, and saves the calculator the
//! engine's time everywhere. Everything is deterministic: node budgets, no clock. The default
//! budget ([`DEFAULT_SOLVE_NODES`]) is in effect no limit: every move is then proven best.
//!
//! [`rust_source`] writes the entries as the Rust source of `calc/src/connect4/book_data.rs`.
//!
//! A deep book ([`deep`], `calc::connect4::deep_book`) is made the same way from a first ply
//! on ([`Settings::min_ply`]): the positions below it follow the built-in book's moves and are
//! not decided again. Its positions are saved as they are decided ([`deep::ProgressFile`]), so
//! that a run cut short resumes where it stopped.

pub mod deep;

use calc::budget::Unlimited;
use calc::connect4::ai::STRONG_NODES;
use calc::connect4::board::WIDTH;
use calc::connect4::book::{self, HASH_MASK};
use calc::connect4::search::{self, Limits};
use calc::connect4::solver::{self, Solver};
use calc::connect4::{Board, Player};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

/// The engine table the calculator's `joueur` lends (entries).
pub const CALCULATOR_TABLE: usize = 512;

/// How the book is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The shallowest position (stones on the board) that gets an entry: 0 for the built-in
    /// book; above 0 for a deep book, whose shallower positions play the built-in book's
    /// moves (it must hold them: at most one more than its deepest ply).
    pub min_ply: u8,
    /// The deepest position (stones on the board) that gets an entry.
    pub max_ply: u8,
    /// The solver's node budget for one column of one position.
    pub solve_nodes: u64,
    /// log2 of the solver's table entries (8 bytes each), kept across positions.
    pub table_bits: u32,
}

/// The default budget for one column: a trillion nodes, in effect no limit (over a day of one
/// core), so that every move of the built-in book is proven; making the whole book takes
/// 2 billion (five minutes of one core).
pub const DEFAULT_SOLVE_NODES: u64 = 1_000_000_000_000;

impl Default for Settings {
    /// The built-in book's settings: 6 stones, [`DEFAULT_SOLVE_NODES`], a table of 2^26
    /// entries (512 MiB).
    fn default() -> Settings {
        Settings {
            min_ply: 0,
            max_ply: 6,
            solve_nodes: DEFAULT_SOLVE_NODES,
            table_bits: 26,
        }
    }
}

/// One position of the book and how its move was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookPosition {
    /// Moves that reach it (columns 1-7), the first found.
    pub moves: String,
    /// The position.
    pub board: Board,
    /// The book's column (0-based, in this position's orientation).
    pub column: u8,
    /// The proven value of that column for the side to move (1, 0, -1), if proven.
    pub value: Option<i8>,
    /// True when no other column is better: the column wins, or every column was valued.
    pub proven_best: bool,
    /// The column the engine alone plays on the calculator ([`STRONG_NODES`] nodes, a
    /// [`CALCULATOR_TABLE`]-entry table).
    pub engine_column: u8,
    /// The proven value of the engine's column, if proven.
    pub engine_value: Option<i8>,
    /// Solver nodes spent on this position.
    pub solver_nodes: u64,
}

/// A generated book.
#[derive(Clone, Debug)]
pub struct Book {
    /// How it was made.
    pub settings: Settings,
    /// The hash seed (see [`choose_seed`]); 0 for a deep book, whose keys are exact.
    pub seed: u32,
    /// Its positions (from `min_ply` on), by canonical key.
    pub positions: Vec<BookPosition>,
}

/// Generates the book; `known` are positions already decided (a resumed run: they are not
/// decided again), `progress` sees each position once it is newly decided.
///
/// # Panics
///
/// When `settings.min_ply` is over the built-in book's deepest ply plus one (the walk below
/// `min_ply` needs the built-in book's moves).
pub fn generate(
    settings: Settings,
    known: Vec<BookPosition>,
    mut progress: impl FnMut(&BookPosition),
) -> Book {
    assert!(
        settings.min_ply == 0 || settings.min_ply <= book::max_ply() + 1,
        "a deep book starts at most one ply after the built-in book"
    );
    let mut solver_table = vec![solver::Entry::EMPTY; 1usize << settings.table_bits];
    let mut decider = Decider {
        settings,
        solver: Solver::new(&mut solver_table),
        table: vec![search::Entry::EMPTY; CALCULATOR_TABLE],
    };
    let mut decided: BTreeMap<u64, BookPosition> = known
        .into_iter()
        .map(|p| (book::canonical_key(&p.board).0, p))
        .collect();
    let mut kept = HashSet::new();
    for side in [Player::First, Player::Second] {
        let mut seen = HashSet::new();
        let mut stack = vec![(Board::new(), String::new())];
        while let Some((board, moves)) = stack.pop() {
            if board.moves() > settings.max_ply
                || board.outcome().is_some()
                || !seen.insert(book::canonical_key(&board).0)
            {
                continue;
            }
            let columns: Vec<u8> = if board.to_move() != side {
                (0..WIDTH).filter(|&c| board.can_play(c)).collect()
            } else if board.moves() < settings.min_ply {
                let m = book::book_move(&board).expect("the built-in book holds the position");
                vec![m.column]
            } else {
                let (key, mirrored) = book::canonical_key(&board);
                kept.insert(key);
                let canonical_column = decided
                    .entry(key)
                    .or_insert_with(|| {
                        let p = decider.decide(&board, &moves);
                        progress(&p);
                        p
                    })
                    .column_in(key, mirrored);
                vec![canonical_column]
            };
            for c in columns.into_iter().rev() {
                let mut child = board;
                child.play(c).expect("a legal column");
                stack.push((child, format!("{moves}{}", c + 1)));
            }
        }
    }
    // A resumed run's file may hold positions this walk does not meet (made with other
    // settings): only those met are the book.
    let positions: Vec<BookPosition> = decided
        .into_iter()
        .filter(|(key, _)| kept.contains(key))
        .map(|(_, p)| p)
        .collect();
    let seed = if settings.min_ply == 0 {
        choose_seed(&positions, settings.max_ply)
    } else {
        0
    };
    Book {
        settings,
        seed,
        positions,
    }
}

impl BookPosition {
    /// This position's column for the orientation `mirrored` of the canonical key `key`.
    fn column_in(&self, key: u64, mirrored: bool) -> u8 {
        let (own_key, own_mirrored) = book::canonical_key(&self.board);
        debug_assert_eq!(own_key, key);
        book::oriented(self.column, own_mirrored != mirrored)
    }
}

/// What decides one position: the solver (its table kept across positions: it holds true
/// bounds only) and the engine with the calculator's table.
struct Decider<'t> {
    settings: Settings,
    solver: Solver<'t>,
    table: Vec<search::Entry>,
}

impl Decider<'_> {
    fn decide(&mut self, board: &Board, moves: &str) -> BookPosition {
        let engine = search::search(
            board,
            Limits {
                depth: 42,
                nodes: STRONG_NODES,
            },
            &mut self.table,
            Unlimited,
        )
        .column
        .expect("a position in play has a move");
        let start_nodes = self.solver.nodes();
        let mut order = vec![engine];
        order.extend(
            [3u8, 2, 4, 1, 5, 0, 6]
                .into_iter()
                .filter(|&c| c != engine && board.can_play(c)),
        );
        // Every column is valued (each within the budget: one too hard does not stop the
        // others), until one is proven to win.
        let mut values: [Option<i8>; WIDTH as usize] = [None; WIDTH as usize];
        for &c in &order {
            values[c as usize] = self.value_of(board, c);
            if values[c as usize] == Some(1) {
                break;
            }
        }
        let Choice {
            column,
            value,
            proven_best,
        } = choose(&order, &values);
        BookPosition {
            moves: moves.to_string(),
            board: *board,
            column,
            value,
            proven_best,
            engine_column: engine,
            engine_value: values[engine as usize],
            solver_nodes: self.solver.nodes() - start_nodes,
        }
    }

    /// The proven weak value of playing `col` in `board` for the side to move, `None` if the
    /// solver ran out of budget.
    fn value_of(&mut self, board: &Board, col: u8) -> Option<i8> {
        if board.is_winning_move(col) {
            return Some(1);
        }
        let mut child = *board;
        child.play(col).expect("a legal column");
        self.solver
            .solve_within(&child, true, self.settings.solve_nodes)
            .map(|v| -v)
    }
}

/// The move kept for a position, and what is proven of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The column (0-based).
    pub column: u8,
    /// Its proven value (1, 0, -1), `None` if not proven.
    pub value: Option<i8>,
    /// True when no column is better: it wins, or every column was valued.
    pub proven_best: bool,
}

/// The book's move among the playable columns of `order` (the engine's column first, then the
/// others centre first) valued `values` (`None`: not proven within the budget):
///
/// 1. a column proven to win, the earliest in `order`;
/// 2. else, when every column is valued, the best one, the earliest among equals;
/// 3. else the engine's column when it is unproven or a proven draw (the book overrides the
///    engine only where the solver proves another column better);
/// 4. else (the engine's column is proven to lose) the earliest proven draw, if any, else the
///    earliest unproven column: a column proven to lose is never kept while another is
///    unproven, since that one cannot be worse.
pub fn choose(order: &[u8], values: &[Option<i8>; WIDTH as usize]) -> Choice {
    let engine = order[0];
    let valued = |c: u8| values[c as usize];
    let complete = order.iter().all(|&c| valued(c).is_some());
    let earliest = |wanted: Option<i8>| order.iter().copied().find(|&c| valued(c) == wanted);
    let column = if let Some(c) = earliest(Some(1)) {
        c
    } else if complete {
        earliest(Some(0))
            .or_else(|| earliest(Some(-1)))
            .unwrap_or(engine)
    } else if valued(engine) != Some(-1) {
        engine
    } else {
        earliest(Some(0))
            .or_else(|| earliest(None))
            .unwrap_or(engine)
    };
    Choice {
        column,
        value: valued(column),
        proven_best: valued(column) == Some(1) || complete,
    }
}

/// The first seed (from 1) for which the book's positions have distinct hashes and no other
/// position of at most `max_ply` stones shares a hash with one of them (so a lookup never
/// answers for a position outside the book).
pub fn choose_seed(positions: &[BookPosition], max_ply: u8) -> u32 {
    let inside: HashSet<u64> = positions
        .iter()
        .map(|p| book::canonical_key(&p.board).0)
        .collect();
    let outside: Vec<u64> = all_positions(max_ply)
        .into_iter()
        .filter(|k| !inside.contains(k))
        .collect();
    (1u32..)
        .find(|&seed| {
            let mut hashes = HashSet::new();
            inside
                .iter()
                .all(|&k| hashes.insert(book::hash(k, seed) & HASH_MASK))
                && outside
                    .iter()
                    .all(|&k| !hashes.contains(&(book::hash(k, seed) & HASH_MASK)))
        })
        .expect("some seed separates the positions")
}

/// The canonical keys of every position of at most `max_ply` stones still in play.
pub fn all_positions(max_ply: u8) -> Vec<u64> {
    let mut seen = HashSet::new();
    let mut frontier = vec![Board::new()];
    seen.insert(book::canonical_key(&Board::new()).0);
    for _ in 0..max_ply {
        let mut next = Vec::new();
        for board in frontier {
            for c in 0..WIDTH {
                let mut child = board;
                if child.play(c).is_ok()
                    && child.outcome().is_none()
                    && seen.insert(book::canonical_key(&child).0)
                {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    seen.into_iter().collect()
}

/// The book's entries, sorted (the format of `calc::connect4::book`).
pub fn entries(book: &Book) -> Vec<u32> {
    let mut entries: Vec<u32> = book
        .positions
        .iter()
        .map(|p| book::entry(&p.board, book.seed, p.column, p.value))
        .collect();
    entries.sort_unstable();
    entries
}

/// Counts for the report and the generated file's header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Positions in the book.
    pub positions: usize,
    /// Positions whose move is proven best.
    pub proven_best: usize,
    /// Book moves proven to win, draw, lose; and not proven.
    pub wins: usize,
    /// See `wins`.
    pub draws: usize,
    /// See `wins`.
    pub losses: usize,
    /// See `wins`.
    pub unknown: usize,
    /// Positions where the engine alone plays another column than the book.
    pub engine_differs: usize,
    /// Of those, positions where the engine's column is proven worse than the book's.
    pub engine_worse: usize,
    /// Solver nodes in all.
    pub solver_nodes: u64,
}

/// The counts of `book`.
pub fn summary(book: &Book) -> Summary {
    let mut s = Summary {
        positions: book.positions.len(),
        ..Summary::default()
    };
    for p in &book.positions {
        s.proven_best += usize::from(p.proven_best);
        match p.value {
            Some(1) => s.wins += 1,
            Some(0) => s.draws += 1,
            Some(_) => s.losses += 1,
            None => s.unknown += 1,
        }
        if p.engine_column != p.column {
            s.engine_differs += 1;
            if let (Some(e), Some(b)) = (p.engine_value, p.value) {
                s.engine_worse += usize::from(e < b);
            }
        }
        s.solver_nodes += p.solver_nodes;
    }
    s
}

/// The Rust source of `calc/src/connect4/book_data.rs` for `book`; `command` is the command
/// line that made it (written into the header).
pub fn rust_source(book: &Book, command: &str) -> String {
    let s = summary(book);
    let entries = entries(book);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! Connect Four's opening book: {} positions of at most {} stones (format in\n\
         //! [`super::book`]).\n\
         //!\n\
         //! Moves proven best: {} of {}. Book moves proven to win: {}, to draw: {}, to lose: {};\n\
         //! not proven: {}. The engine alone ({STRONG_NODES} nodes, {CALCULATOR_TABLE}-entry table) plays\n\
         //! another column in {} positions, a column proven worse in {} of them.\n\
         //!\n\
         //! Generated, do not edit:\n\
         //! `{command}`\n",
        s.positions,
        book.settings.max_ply,
        s.proven_best,
        s.positions,
        s.wins,
        s.draws,
        s.losses,
        s.unknown,
        s.engine_differs,
        s.engine_worse,
    );
    let _ = writeln!(
        out,
        "/// The deepest position of the book (stones on the board).\n\
         pub(super) const MAX_PLY: u8 = {};\n\n\
         /// The seed of the book's hash (no position of at most `MAX_PLY` stones outside the\n\
         /// book shares the hash of one inside it).\n\
         pub(super) const SEED: u32 = {};\n\n\
         /// The entries, sorted.\n\
         #[rustfmt::skip]\n\
         pub(super) static ENTRIES: [u32; {}] = [",
        book.settings.max_ply,
        book.seed,
        entries.len()
    );
    for line in entries.chunks(6) {
        let words: Vec<String> = line.iter().map(|e| format!("0x{e:08X},")).collect();
        let _ = writeln!(out, "    {}", words.join(" "));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Book {
        generate(
            Settings {
                min_ply: 0,
                max_ply: 2,
                solve_nodes: 20_000,
                table_bits: 16,
            },
            Vec::new(),
            |_| {},
        )
    }

    #[test]
    fn a_small_book_holds_the_positions_the_expert_meets() {
        let book = small();
        // First player: the empty board, then the book move and every reply (7 positions,
        // 4 up to mirror images unless the book move is off centre); second player: the 7
        // first moves (4 up to mirror images).
        let first_move = book
            .positions
            .iter()
            .find(|p| p.board.moves() == 0)
            .unwrap()
            .column;
        let at_two = book
            .positions
            .iter()
            .filter(|p| p.board.moves() == 2)
            .count();
        assert_eq!(at_two, if first_move == 3 { 4 } else { 7 });
        assert_eq!(
            book.positions
                .iter()
                .filter(|p| p.board.moves() == 1)
                .count(),
            4
        );
        assert_eq!(book.positions.len(), 1 + 4 + at_two);
        let entries = entries(&book);
        for p in &book.positions {
            let found = book::lookup(&entries, book.seed, 2, &p.board).unwrap();
            assert_eq!(found.column, p.column, "{}", p.moves);
            assert_eq!(found.value, p.value);
        }
        for key_board in [
            Board::from_moves("1").unwrap(),
            Board::from_moves("7").unwrap(),
        ] {
            assert!(book::lookup(&entries, book.seed, 2, &key_board).is_some());
        }
    }

    #[test]
    fn no_position_outside_the_book_is_found() {
        let book = small();
        let entries = entries(&book);
        let inside: HashSet<u64> = book
            .positions
            .iter()
            .map(|p| book::canonical_key(&p.board).0)
            .collect();
        let mut found = 0;
        for moves in [
            "", "1", "2", "3", "4", "11", "12", "17", "44", "45", "41", "22",
        ] {
            let b = Board::from_moves(moves).unwrap();
            let hit = book::lookup(&entries, book.seed, 2, &b).is_some();
            assert_eq!(hit, inside.contains(&book::canonical_key(&b).0), "{moves}");
            found += usize::from(hit);
        }
        assert!(found >= 5);
    }

    #[test]
    fn a_proven_loss_is_never_kept_while_a_column_is_unproven() {
        let order = [2u8, 3, 4, 1, 5, 0, 6];
        let mut values = [Some(-1); 7];
        // The case of `4444` in the first book: the engine's column proven to lose, column 4
        // too hard for the budget (it wins), the others not valued.
        values[3] = None;
        let c = choose(&order, &values);
        assert_eq!((c.column, c.value, c.proven_best), (3, None, false));
        // Every column lost: the engine's, proven best.
        let c = choose(&order, &[Some(-1); 7]);
        assert_eq!((c.column, c.value, c.proven_best), (2, Some(-1), true));
        // A draw is kept over the engine's proven loss, not proven best while one is unproven.
        values[5] = Some(0);
        let c = choose(&order, &values);
        assert_eq!((c.column, c.value, c.proven_best), (5, Some(0), false));
        // A win anywhere is taken and is best.
        values[6] = Some(1);
        let c = choose(&order, &values);
        assert_eq!((c.column, c.value, c.proven_best), (6, Some(1), true));
    }

    #[test]
    fn the_engine_is_overridden_only_by_a_proven_better_column() {
        let order = [2u8, 3, 4, 1, 5, 0, 6];
        // The engine's column unproven, another a proven draw: the engine's is kept.
        let mut values = [None; 7];
        values[3] = Some(0);
        let c = choose(&order, &values);
        assert_eq!((c.column, c.value, c.proven_best), (2, None, false));
        // The engine's a proven draw, others unproven: kept.
        values[2] = Some(0);
        values[3] = None;
        assert_eq!(choose(&order, &values).column, 2);
        // All valued: the best, the engine's among equals.
        let values = [
            Some(0),
            Some(-1),
            Some(0),
            Some(0),
            Some(-1),
            Some(0),
            Some(-1),
        ];
        let c = choose(&order, &values);
        assert_eq!((c.column, c.value, c.proven_best), (2, Some(0), true));
    }

    #[test]
    fn the_source_says_what_it_holds() {
        let book = small();
        let text = rust_source(&book, "ti68k book connect4 --max-ply 2");
        assert!(text.contains("pub(super) const MAX_PLY: u8 = 2;"));
        assert!(text.contains(&format!("[u32; {}]", book.positions.len())));
        assert!(text.contains("//! `ti68k book connect4 --max-ply 2`"));
    }
}
