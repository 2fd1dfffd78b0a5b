//! The engine's move ordering ([`ordered`]): the moves of a node other than the table's, best
//! first, by the number of winning cells each makes (counted on the board's [`Lines`]), centre
//! first among equals, packed into one word so that the order never goes through memory on the
//! 68000 (docs/profiling.md#what-changed). The nodes of depth 1 take their moves centre first
//! instead ([`centre_first`]), in the same packing.

use super::cells::Cells;
use super::position::Lines;

/// In a 4-bit field of [`ordered`]'s answer, beside the column (bits 0-2): the move may make
/// winning cells (its gains must be looked for when it is searched).
pub(super) const GAINS_MATTER: u32 = 8;

/// [`ordered`]'s answer with no move left: every 4-bit field 15 (no column is 7).
pub(super) const NO_MOVE: u32 = u32::MAX;

/// The moves `moves` (columns, as bits `1 << c`) of a node of the engine (those other than the
/// table's), best first: by the number of winning cells the move makes, centre first among
/// equals (the reference search's order), with the winning cells counted on the [`Lines`]. The
/// answer is packed into a word, to stay out of memory: the moves in 4-bit fields from the
/// lowest (the column, and [`GAINS_MATTER`] when the move makes winning cells), [`NO_MOVE`]'s
/// fields above them, so that an arithmetic shift by 4 steps to the next move and leaves
/// [`NO_MOVE`] after the last. When the first move makes winning cells, its gains
/// ([`Lines::gains`]) are in `first`.
/// `me` is the side to move, `mine` its winning cells and `own` its stones.
/// Inlined by LLVM into the search, its only caller (GCC did so in the translated C before):
/// 0.3 to 1 % fewer cycles on the 68000 since the search's gains are inlined too
/// (docs/profiling.md).
#[inline(always)]
pub(super) fn ordered(
    lines: &Lines,
    me: usize,
    mine: Cells,
    own: Cells,
    moves: u32,
    first: &mut Cells,
) -> u32 {
    // The highest key so far: the first move's gains are those of the most central move with
    // the highest key.
    let mut best = 1;
    // Moves that make winning cells, best first: their columns and their keys, 4 bits each
    // from the lowest.
    let mut hot = 0u32;
    let mut keys = 0u32;
    let mut hot_len = 0u32;
    // The others, centre first: 4-bit columns, [`NO_MOVE`]'s fields above them. The columns
    // are taken from the edges inwards, each put below those before it: shifts by a constant.
    let mut cold = NO_MOVE;
    // [`CENTRE_FIRST`] reversed, 4 bits a column from the lowest, a 1 above (no table read).
    let mut columns = 0x1324_1506u32;
    while columns != 1 {
        let c = (columns & 7) as u8;
        columns >>= 4;
        if moves & 1 << c == 0 {
            continue;
        }
        // The winning cells the move adds (those the side has already are the same for every
        // move, so the order is the reference's).
        let gains = lines.gains(c, me, own);
        let key = gains.minus(mine).count().min(15);
        if key == 0 {
            cold = cold << 4 | u32::from(c);
        } else {
            if key >= best {
                best = key;
                *first = gains;
            }
            // Before every entry whose key is not higher: the more central first among
            // equals (a stable sort, centre first).
            let mut at = 0;
            while at < 4 * hot_len && (keys >> at) & 0xF > key {
                at += 4;
            }
            let below = (1u32 << at) - 1;
            hot = (hot & below) | (u32::from(c) | GAINS_MATTER) << at | (hot & !below) << 4;
            keys = (keys & below) | key << at | (keys & !below) << 4;
            hot_len += 1;
        }
    }
    if hot_len == 0 {
        cold
    } else {
        hot | cold << (4 * hot_len)
    }
}

/// The moves `moves` (columns, as bits `1 << c`) centre first, packed as [`ordered`]'s answer
/// with [`GAINS_MATTER`] in every field: the order of the nodes of depth 1, whose children are
/// leaves, where ordering costs more than the leaves it saves (docs/profiling.md). Whether a
/// move makes winning cells is not known, so its gains are looked for when it is searched.
#[inline(always)]
pub(super) fn centre_first(moves: u32) -> u32 {
    // Each column put below those before it, from the edges inwards, so the most central ends
    // lowest (searched first): written out, each a test of a constant bit and a shift by a
    // constant (a loop over a packed list of the columns cost about 600 cycles on the 68000).
    let order = push_column(NO_MOVE, moves, 6);
    let order = push_column(order, moves, 0);
    let order = push_column(order, moves, 5);
    let order = push_column(order, moves, 1);
    let order = push_column(order, moves, 4);
    let order = push_column(order, moves, 2);
    push_column(order, moves, 3)
}

/// [`centre_first`]'s step: `order` with column `c` put below its moves if it is one of `moves`.
#[inline(always)]
fn push_column(order: u32, moves: u32, c: u32) -> u32 {
    if moves & 1 << c != 0 {
        order << 4 | c | GAINS_MATTER
    } else {
        order
    }
}
