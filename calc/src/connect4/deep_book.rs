//! The deep opening book: the expert's moves beyond the built-in book ([`super::book`]), kept
//! in a data variable of the AI's folder (`livre`, custom type `c4b`) instead of the program,
//! and read entry by entry while the AI runs (a variable holds up to 64 KB; the program has
//! no room for it).
//!
//! It holds, like the built-in book, every position the expert meets while it follows its
//! books, as either player and whatever the opponent plays, from [`Header::min_ply`] to
//! [`Header::max_ply`] stones: the positions below `min_ply` are the built-in book's.
//!
//! The format (big-endian, docs/solver.md#the-deep-book):
//!
//! | bytes | what |
//! | --- | --- |
//! | 0..4 | `C4DB` |
//! | 4 | version, [`VERSION`] |
//! | 5 | `min_ply` |
//! | 6 | `max_ply` |
//! | 7 | 0 |
//! | 8..12 | the number of entries |
//! | 12.. | the entries, 8 bytes each, sorted |
//!
//! An entry is exact, not hashed: bits 63..8 the canonical key of the position
//! ([`super::book::canonical_key`], 49 bits: the smaller of the position's key and its mirror
//! image's), bits 4..3 the move's value as the exact solver proved it (1 loss, 2 draw, 3 win
//! for the side to move; 0 not proven), bits 2..0 the column in the canonical orientation. A
//! lookup is a binary search on the keys, some 12 reads of 8 bytes for 4,000 entries; a
//! position outside the book is never taken for one inside it, whatever the game's opening.

use super::board::{Board, WIDTH};
use super::book::{canonical_key, oriented, BookMove};
use super::strategy::Strategy;
use crate::Rng;

/// The first bytes of a deep book.
pub const MAGIC: &[u8; 4] = b"C4DB";

/// The format's version.
pub const VERSION: u8 = 1;

/// Bytes before the entries.
pub const HEADER_LEN: usize = 12;

/// Bytes per entry.
pub const ENTRY_LEN: usize = 8;

/// The most entries a calculator variable holds (65,535 bytes of data, less the header and
/// the custom type's 6-byte trailer).
pub const MAX_ENTRIES: u32 = ((65_535 - HEADER_LEN - 6) / ENTRY_LEN) as u32;

/// The variable's name in the AI's folder.
pub const VARIABLE: &[u8] = b"livre";

/// The variable's custom-data type.
pub const VARIABLE_TYPE: &[u8] = b"c4b";

/// What the header of a deep book says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The shallowest position it holds (stones on the board).
    pub min_ply: u8,
    /// The deepest.
    pub max_ply: u8,
    /// Its entries.
    pub count: u32,
}

/// Why bytes are not a deep book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeepBookError {
    /// Shorter than its header, or than the entries its header counts.
    Truncated,
    /// It does not begin with [`MAGIC`].
    NotABook,
    /// A version this program does not read.
    Version(u8),
    /// `min_ply` over `max_ply`, more than 42 stones, or more entries than a variable holds.
    BadHeader,
}

impl Header {
    /// Reads the header at the start of `bytes`, whose length is the whole book's (checked
    /// against the count of entries).
    pub fn parse(bytes: &[u8], total_len: usize) -> Result<Header, DeepBookError> {
        if bytes.len() < HEADER_LEN {
            return Err(DeepBookError::Truncated);
        }
        if &bytes[..4] != MAGIC {
            return Err(DeepBookError::NotABook);
        }
        if bytes[4] != VERSION {
            return Err(DeepBookError::Version(bytes[4]));
        }
        let header = Header {
            min_ply: bytes[5],
            max_ply: bytes[6],
            count: u32::from_be_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]),
        };
        if header.min_ply > header.max_ply || header.max_ply > 42 || header.count > MAX_ENTRIES {
            return Err(DeepBookError::BadHeader);
        }
        if total_len < HEADER_LEN + header.count as usize * ENTRY_LEN {
            return Err(DeepBookError::Truncated);
        }
        Ok(header)
    }

    /// The header's bytes.
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let c = self.count.to_be_bytes();
        [
            MAGIC[0],
            MAGIC[1],
            MAGIC[2],
            MAGIC[3],
            VERSION,
            self.min_ply,
            self.max_ply,
            0,
            c[0],
            c[1],
            c[2],
            c[3],
        ]
    }

    /// Where entry `index` starts in the book's bytes.
    pub fn offset(index: u32) -> usize {
        HEADER_LEN + index as usize * ENTRY_LEN
    }
}

/// The entry of `board` with `column` to play (0-based, in `board`'s orientation) and its
/// proven `value` (1, 0, -1, or `None`).
pub fn entry(board: &Board, column: u8, value: Option<i8>) -> u64 {
    let (key, mirrored) = canonical_key(board);
    let code = match value {
        None => 0,
        Some(v) => (v.clamp(-1, 1) + 2) as u64,
    };
    key << 8 | code << 3 | u64::from(oriented(column, mirrored) & 7)
}

/// The move of `board` in the book of `header`, whose entry `i` `read(i)` gives (`None`: it
/// could not be read, and the lookup gives up). `None` also when the position is not in the
/// book, has a number of stones the book does not hold, or when the entry's column is not
/// playable (a damaged book).
pub fn lookup(
    header: &Header,
    board: &Board,
    mut read: impl FnMut(u32) -> Option<u64>,
) -> Option<BookMove> {
    let moves = board.moves();
    if moves < header.min_ply || moves > header.max_ply || board.outcome().is_some() {
        return None;
    }
    let (key, mirrored) = canonical_key(board);
    let (mut low, mut high) = (0u32, header.count);
    while low < high {
        let mid = low + (high - low) / 2;
        let e = read(mid)?;
        let k = e >> 8;
        if k == key {
            let stored = (e & 7) as u8;
            let column = oriented(stored, mirrored);
            if stored >= WIDTH || !board.can_play(column) {
                return None;
            }
            let value = match (e >> 3) & 3 {
                0 => None,
                code => Some(code as i8 - 2),
            };
            return Some(BookMove { column, value });
        }
        if k < key {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    None
}

/// A deep book held in memory (the host's, or a test's): its header and bytes.
#[derive(Clone, Copy, Debug)]
pub struct DeepBook<'b> {
    header: Header,
    bytes: &'b [u8],
}

impl<'b> DeepBook<'b> {
    /// The book in `bytes` (the format of the module doc), checked.
    pub fn new(bytes: &'b [u8]) -> Result<DeepBook<'b>, DeepBookError> {
        let header = Header::parse(bytes, bytes.len())?;
        Ok(DeepBook { header, bytes })
    }

    /// What its header says.
    pub fn header(&self) -> Header {
        self.header
    }

    /// Its bytes (the format of the module doc).
    pub fn bytes(&self) -> &'b [u8] {
        self.bytes
    }

    /// Entry `index`, if the book has it.
    pub fn entry(&self, index: u32) -> Option<u64> {
        let at = Header::offset(index);
        let bytes: [u8; ENTRY_LEN] = self.bytes.get(at..at + ENTRY_LEN)?.try_into().ok()?;
        Some(u64::from_be_bytes(bytes))
    }

    /// The book's move for `board`, if it holds the position.
    pub fn lookup(&self, board: &Board) -> Option<BookMove> {
        lookup(&self.header, board, |i| self.entry(i))
    }
}

/// A strategy that plays the deep book's move where the book holds the position and
/// `inner`'s everywhere else: an expert level with its deep book. `read(i)` gives entry `i`
/// of the book of `header` (from a calculator variable, or [`DeepBook::entry`]).
pub struct WithDeepBook<S, R> {
    inner: S,
    header: Header,
    read: R,
}

impl<S: Strategy, R: FnMut(u32) -> Option<u64>> WithDeepBook<S, R> {
    /// `inner` with the book of `header` read by `read`.
    pub fn new(inner: S, header: Header, read: R) -> WithDeepBook<S, R> {
        WithDeepBook {
            inner,
            header,
            read,
        }
    }
}

impl<S: Strategy, R: FnMut(u32) -> Option<u64>> Strategy for WithDeepBook<S, R> {
    fn name(&self) -> &[u8] {
        self.inner.name()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8 {
        match lookup(&self.header, board, &mut self.read) {
            Some(m) => m.column,
            None => self.inner.choose(board, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn book_of(min_ply: u8, max_ply: u8, mut entries: Vec<u64>) -> Vec<u8> {
        entries.sort_unstable();
        let header = Header {
            min_ply,
            max_ply,
            count: entries.len() as u32,
        };
        let mut bytes = header.encode().to_vec();
        for e in entries {
            bytes.extend_from_slice(&e.to_be_bytes());
        }
        bytes
    }

    #[test]
    fn positions_are_found_in_both_orientations() {
        let a = Board::from_moves("4415").unwrap();
        let b = Board::from_moves("4473").unwrap();
        let other = Board::from_moves("4412").unwrap();
        let bytes = book_of(
            4,
            4,
            [entry(&a, 1, Some(1)), entry(&other, 6, None)].to_vec(),
        );
        let book = DeepBook::new(&bytes).unwrap();
        assert_eq!(
            book.lookup(&a),
            Some(BookMove {
                column: 1,
                value: Some(1)
            })
        );
        assert_eq!(
            book.lookup(&b),
            Some(BookMove {
                column: 5,
                value: Some(1)
            })
        );
        assert_eq!(book.lookup(&other).unwrap().value, None);
        assert_eq!(book.lookup(&Board::from_moves("4411").unwrap()), None);
        assert_eq!(book.lookup(&Board::from_moves("441").unwrap()), None);
    }

    #[test]
    fn every_entry_of_a_larger_book_is_found() {
        // All positions of 3 stones, each with a column of its own.
        let mut boards = Vec::new();
        for m in 0..343u32 {
            let moves = [m / 49, m / 7 % 7, m % 7].map(|c| b'1' + c as u8);
            let b = Board::from_moves(core::str::from_utf8(&moves).unwrap()).unwrap();
            if !boards
                .iter()
                .any(|o: &Board| canonical_key(o).0 == canonical_key(&b).0)
            {
                boards.push(b);
            }
        }
        let entries: Vec<u64> = boards
            .iter()
            .map(|b| entry(b, (b.key() % 7) as u8, Some(0)))
            .collect();
        let bytes = book_of(3, 3, entries);
        let book = DeepBook::new(&bytes).unwrap();
        for b in &boards {
            let m = book.lookup(b).expect("in the book");
            assert_eq!(m.column, (b.key() % 7) as u8);
        }
    }

    #[test]
    fn damaged_books_are_refused_or_answer_nothing() {
        let a = Board::from_moves("4415").unwrap();
        let bytes = book_of(4, 4, [entry(&a, 1, Some(1))].to_vec());
        assert_eq!(
            DeepBook::new(&bytes[..bytes.len() - 1]).err(),
            Some(DeepBookError::Truncated)
        );
        assert_eq!(
            DeepBook::new(&bytes[..5]).err(),
            Some(DeepBookError::Truncated)
        );
        let mut wrong = bytes.clone();
        wrong[0] = b'X';
        assert_eq!(DeepBook::new(&wrong).err(), Some(DeepBookError::NotABook));
        wrong = bytes.clone();
        wrong[4] = 9;
        assert_eq!(DeepBook::new(&wrong).err(), Some(DeepBookError::Version(9)));
        wrong = bytes.clone();
        wrong[5] = 5;
        assert_eq!(DeepBook::new(&wrong).err(), Some(DeepBookError::BadHeader));
        // A column that cannot be played (a full column 4 after six stones in it).
        let full = Board::from_moves("444444").unwrap();
        let bytes = book_of(6, 6, [entry(&full, 3, Some(0))].to_vec());
        assert_eq!(DeepBook::new(&bytes).unwrap().lookup(&full), None);
        // A reader that fails: no answer.
        let header = Header::parse(&bytes, bytes.len()).unwrap();
        assert_eq!(lookup(&header, &full, |_| None), None);
    }

    /// Plays the leftmost legal column.
    struct Leftmost;

    impl Strategy for Leftmost {
        fn name(&self) -> &[u8] {
            b"left"
        }
        fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
            (0..WIDTH).find(|&c| board.can_play(c)).unwrap_or(0)
        }
    }

    #[test]
    fn the_book_answers_first_and_the_inner_strategy_elsewhere() {
        let a = Board::from_moves("4415").unwrap();
        let bytes = book_of(4, 4, [entry(&a, 6, Some(1))].to_vec());
        let book = DeepBook::new(&bytes).unwrap();
        let reads = core::cell::Cell::new(0);
        let mut player = WithDeepBook::new(Leftmost, book.header(), |i| {
            reads.set(reads.get() + 1);
            book.entry(i)
        });
        let mut rng = Rng::new(1);
        assert_eq!(player.name(), b"left");
        assert_eq!(player.choose(&a, &mut rng), 6);
        assert_eq!(
            player.choose(&Board::from_moves("4416").unwrap(), &mut rng),
            0
        );
        assert_eq!(
            player.choose(&Board::new(), &mut rng),
            0,
            "not a ply of the book"
        );
        assert_eq!(reads.get(), 2, "one read for each position of 4 stones");
    }
}
