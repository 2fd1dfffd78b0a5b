//! The opening book of the expert level ([`super::ai::Ai::Expert`]): the move to play in the
//! first plies, found on the computer by the exact solver and the engine, looked up here in a
//! table of 32-bit words that fits the calculator.
//!
//! What it holds: the positions the expert meets when it follows the book, whatever the
//! opponent plays: as the first player, the empty board and, after each of the book's moves,
//! every reply of the opponent; as the second player, every first move and, after each book
//! move, every reply again; up to [`max_ply`] stones on the board. A position and its mirror
//! image share one entry; transpositions meet in one entry too.
//!
//! The entry of a position: bits 31..5 are the top 27 bits of [`hash`] of its canonical key (the
//! smaller of [`Board::key`] and the key of its mirror image), bits 4..3 the value of the move
//! as the exact solver proved it when the book was made (0 unknown: too hard to prove in the
//! generator's budget, 1 loss, 2 draw, 3 win for the side to move), bits 2..0 the column in the
//! canonical orientation. The entries are sorted, so a lookup is a binary search. The
//! generator (`ti68k book connect4`) picks the hash's seed so that no position of at most
//! [`max_ply`] stones outside the book shares the hash of one inside it, and checks it; the
//! tests check it again. Positions with more stones are not looked up.

use super::board::{Board, WIDTH};
use super::book_data;

/// Bits per column of [`Board::key`] (six cells and the sentinel).
const COL_BITS: u32 = 7;
/// The bits of an entry that hold its hash.
pub const HASH_MASK: u32 = !0x1F;

/// A move of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The column (0-based).
    pub column: u8,
    /// The move's value for the side to move as proven by the exact solver (1 win, 0 draw,
    /// -1 loss), `None` where the generator could not prove it within its budget.
    pub value: Option<i8>,
}

/// The deepest position of the built-in book (number of stones on the board).
pub fn max_ply() -> u8 {
    book_data::MAX_PLY
}

/// The number of positions of the built-in book.
pub fn len() -> usize {
    book_data::ENTRIES.len()
}

/// The built-in book's move for `board`, if the position is in it.
pub fn book_move(board: &Board) -> Option<BookMove> {
    lookup(
        &book_data::ENTRIES,
        book_data::SEED,
        book_data::MAX_PLY,
        board,
    )
}

/// The move of `board` in a book of sorted `entries` (module doc) hashed with `seed` and
/// holding positions of at most `max_ply` stones. `None` when the position is not in it, when
/// it has more stones, when the game is over, or when the entry's column is not playable (a
/// damaged book).
pub fn lookup(entries: &[u32], seed: u32, max_ply: u8, board: &Board) -> Option<BookMove> {
    // No game ends before its seventh stone: only a deeper book needs to ask.
    if board.moves() > max_ply || (board.moves() >= 7 && board.outcome().is_some()) {
        return None;
    }
    let (key, mirrored) = canonical_key(board);
    let h = hash(key, seed) & HASH_MASK;
    let i = entries.binary_search_by_key(&h, |e| e & HASH_MASK).ok()?;
    let entry = entries[i];
    let stored = (entry & 7) as u8;
    let column = oriented(stored, mirrored);
    if stored >= WIDTH || !board.can_play(column) {
        return None;
    }
    let value = match (entry >> 3) & 3 {
        0 => None,
        code => Some(code as i8 - 2),
    };
    Some(BookMove { column, value })
}

/// The entry of `board` with `column` to play (0-based, in `board`'s orientation) and the
/// proven `value` of that move (1, 0, -1, or `None`), for a book hashed with `seed`.
pub fn entry(board: &Board, seed: u32, column: u8, value: Option<i8>) -> u32 {
    let (key, mirrored) = canonical_key(board);
    let stored = oriented(column, mirrored);
    let code = match value {
        None => 0,
        Some(v) => (v.clamp(-1, 1) + 2) as u32,
    };
    (hash(key, seed) & HASH_MASK) | (code << 3) | u32::from(stored & 7)
}

/// The canonical key of `board` (the smaller of its key and its mirror image's) and whether it
/// is the mirror image's.
pub fn canonical_key(board: &Board) -> (u64, bool) {
    let key = board.key();
    let mirror = mirror_key(key);
    if mirror < key {
        (mirror, true)
    } else {
        (key, false)
    }
}

/// `column` seen in the mirror image when `mirrored` (column `c` becomes `6 - c`), else itself.
#[inline]
pub fn oriented(column: u8, mirrored: bool) -> u8 {
    if mirrored {
        WIDTH - 1 - column
    } else {
        column
    }
}

/// The key of the mirror image of the position of `key` (column `c` becomes `6 - c`): each
/// column's 7 bits of a key depend on that column only.
pub fn mirror_key(key: u64) -> u64 {
    let mut mirrored = 0;
    for col in 0..u32::from(WIDTH) {
        let bits = (key >> (col * COL_BITS)) & 0x7F;
        mirrored |= bits << ((u32::from(WIDTH) - 1 - col) * COL_BITS);
    }
    mirrored
}

/// The book's 32-bit hash of a canonical key, with a seed chosen by the generator: two 32-bit
/// multiplications (cheap on the 68000, done once a move).
pub fn hash(key: u64, seed: u32) -> u32 {
    let mut h = (key as u32) ^ seed;
    h = h.wrapping_mul(0x9E37_79B1);
    h ^= (key >> 32) as u32;
    h = h.wrapping_mul(0x85EB_CA77);
    h ^ (h >> 13)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    #[test]
    fn mirror_images_share_a_key() {
        let a = Board::from_moves("4415").unwrap();
        let b = Board::from_moves("4473").unwrap();
        assert_ne!(a.key(), b.key());
        assert_eq!(canonical_key(&a).0, canonical_key(&b).0);
        assert_eq!(mirror_key(mirror_key(a.key())), a.key());
        let symmetric = Board::from_moves("44").unwrap();
        assert_eq!(canonical_key(&symmetric), (symmetric.key(), false));
    }

    #[test]
    fn entries_round_trip_in_both_orientations() {
        let seed = 12345;
        let a = Board::from_moves("4415").unwrap();
        let b = Board::from_moves("4473").unwrap();
        let e = entry(&a, seed, 1, Some(1));
        let book = [e];
        let found = lookup(&book, seed, 6, &a).unwrap();
        assert_eq!(
            found,
            BookMove {
                column: 1,
                value: Some(1)
            }
        );
        let mirrored = lookup(&book, seed, 6, &b).unwrap();
        assert_eq!(
            mirrored,
            BookMove {
                column: 5,
                value: Some(1)
            }
        );
        assert_eq!(lookup(&book, seed, 3, &a), None, "beyond max_ply");
        assert_eq!(lookup(&book, seed, 6, &Board::new()), None);
        let unknown = entry(&Board::new(), seed, 3, None);
        let found = lookup(&[unknown], seed, 6, &Board::new()).unwrap();
        assert_eq!(
            found,
            BookMove {
                column: 3,
                value: None
            }
        );
    }

    #[test]
    fn the_built_in_book_plays_only_legal_moves() {
        assert!(len() > 0);
        let entries: Vec<u32> = book_data::ENTRIES.to_vec();
        let mut sorted = entries.clone();
        sorted.sort_unstable();
        sorted.dedup_by_key(|e| *e & HASH_MASK);
        assert_eq!(sorted, entries, "sorted, one entry per hash");
        let first = book_move(&Board::new()).expect("the empty board is in the book");
        assert!(first.column < WIDTH);
        for col in 0..WIDTH {
            let mut b = Board::new();
            b.play(col).unwrap();
            assert!(book_move(&b).is_some(), "every first move is in the book");
        }
    }
}
