//! Othello move generation against the published perft counts (tests/data/othello/perft.txt),
//! on both rule implementations (bitboard and the seed's mailbox), and move by move agreement of
//! the two along the whole tree to depth 7.

use calc::othello::perft::{perft, perft_mailbox};
use calc::othello::{Board, Colour, Position, Squares, Status};

fn fixture() -> Vec<(u32, u64)> {
    include_str!("data/othello/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            let d = f.next().unwrap().parse().unwrap();
            let n = f.next().unwrap().parse().unwrap();
            (d, n)
        })
        .collect()
}

/// Bitboard rules: every depth of the fixture (depth 11 is the first with finished games and
/// passes, so it checks the convention).
#[test]
fn bitboard_perft_matches_published_counts() {
    for (depth, count) in fixture() {
        assert_eq!(perft(&Position::initial(), depth), count, "depth {depth}");
    }
}

/// The seed's mailbox rules: every depth up to 9.
#[test]
fn mailbox_perft_matches_published_counts() {
    for (depth, count) in fixture().into_iter().filter(|&(d, _)| d <= 9) {
        assert_eq!(perft_mailbox(&Board::new(), depth), count, "depth {depth}");
    }
}

fn agree(board: &Board, depth: u32, checked: &mut u64) {
    let side = board.to_move();
    let pos = board.position();
    assert_eq!(board.legal_moves(), pos.moves());
    assert_eq!(Board::from_position(&pos, side), *board);
    *checked += 1;
    if depth == 0 {
        return;
    }
    match board.status() {
        Status::Over { black, white } => {
            assert!(pos.is_over());
            let (me, them) = if side == Colour::Black {
                (black, white)
            } else {
                (white, black)
            };
            assert_eq!(pos.player.count_ones(), me as u32);
            assert_eq!(pos.opponent.count_ones(), them as u32);
        }
        Status::MustPass(_) => {
            let mut next = *board;
            next.pass().unwrap();
            assert_eq!(next.position(), pos.pass());
            agree(&next, depth - 1, checked);
        }
        Status::ToMove(_) => {
            for sq in Squares(board.legal_moves()) {
                let mut next = *board;
                let flipped = next.play(sq).unwrap();
                assert_eq!(flipped, pos.flips(sq.index()).count_ones());
                assert_eq!(next.position(), pos.play(sq.index()).unwrap());
                agree(&next, depth - 1, checked);
            }
        }
    }
}

#[test]
fn mailbox_and_bitboard_agree_on_every_node() {
    let mut checked = 0;
    agree(&Board::new(), 7, &mut checked);
    assert_eq!(checked, 1 + 4 + 12 + 56 + 244 + 1396 + 8200 + 55092);
}
