//! Tic-tac-toe rules and AIs, verified exhaustively: the number of legal positions, and the
//! proof that seed 004's depth-9 Min-Max never loses whatever the opponent plays and however its
//! own random ties fall.

use calc::tictactoe::search::{self, EASY, HARD, MEDIUM};
use calc::tictactoe::{Board, Mark, Status};
use std::collections::HashSet;

fn reachable(board: Board, seen: &mut HashSet<Board>) {
    if !seen.insert(board) || board.is_over() {
        return;
    }
    for cell in 0..9 {
        let mut next = board;
        if next.play(cell).is_ok() {
            reachable(next, seen);
        }
    }
}

/// 5,478 positions (empty board included) can arise in a game with X moving first; the same
/// number with O first.
#[test]
fn there_are_5478_legal_positions() {
    for first in [Mark::X, Mark::O] {
        let mut seen = HashSet::new();
        reachable(Board::new(first), &mut seen);
        assert_eq!(seen.len(), 5478);
        let won = seen
            .iter()
            .filter(|b| matches!(b.status(), Status::Won(_)))
            .count();
        let drawn = seen.iter().filter(|b| b.status() == Status::Draw).count();
        // The classic figures: 958 terminal positions, 16 of them full-board draws.
        assert_eq!(won + drawn, 958);
        assert_eq!(drawn, 16);
    }
}

/// Every outcome reachable when `ai` plays the Min-Max at `depth` (any of its tied best moves)
/// and the other side plays anything. Returns (ai wins, draws, ai losses) over all lines.
fn outcomes(board: Board, ai: Mark, depth: u8, tally: &mut [u64; 3]) {
    match board.status() {
        Status::Won(w) if w == ai => tally[0] += 1,
        Status::Won(_) => tally[2] += 1,
        Status::Draw => tally[1] += 1,
        Status::ToMove(m) => {
            // Outcomes are counted per game line (transpositions are explored again).
            if m == ai {
                let mut nodes = 0;
                let scores = search::move_scores(&board, depth, &mut nodes);
                let best = scores.iter().flatten().max().copied().unwrap();
                for (cell, s) in scores.iter().enumerate() {
                    if *s == Some(best) {
                        outcomes(board_after(board, cell as u8), ai, depth, tally);
                    }
                }
            } else {
                for cell in 0..9 {
                    let mut next = board;
                    if next.play(cell).is_ok() {
                        outcomes(next, ai, depth, tally);
                    }
                }
            }
        }
    }
}

fn board_after(mut board: Board, cell: u8) -> Board {
    board.play(cell).unwrap();
    board
}

/// The proof: against every possible opponent line, playing first or second, whichever of its
/// tied best moves the random tie-break picks, the depth-9 Min-Max never loses.
#[test]
fn depth_9_never_loses() {
    for first in [Mark::X, Mark::O] {
        for ai in [Mark::X, Mark::O] {
            let mut tally = [0; 3];
            outcomes(Board::new(first), ai, HARD, &mut tally);
            assert_eq!(
                tally[2], 0,
                "depth 9 lost a line (first {first:?}, ai {ai:?})"
            );
            assert!(tally[0] > 0 && tally[1] > 0);
        }
    }
}

/// The easy level is not perfect: playing second, some opponent line beats depth 3 (playing
/// first it happens never to lose).
#[test]
fn depth_3_can_lose_when_second() {
    let mut tally = [0; 3];
    outcomes(Board::new(Mark::X), Mark::O, EASY, &mut tally);
    assert!(tally[2] > 0, "depth 3 never loses as the second player");
    let mut tally = [0; 3];
    outcomes(Board::new(Mark::X), Mark::X, EASY, &mut tally);
    assert_eq!(tally[2], 0);
}

/// A finding, not a requirement: depth 5 already never loses (the seed's evaluation sees every
/// fork two moves ahead), so medium and hard only differ in how they win against weak play.
#[test]
fn depth_5_never_loses_either() {
    for first in [Mark::X, Mark::O] {
        for ai in [Mark::X, Mark::O] {
            let mut tally = [0; 3];
            outcomes(Board::new(first), ai, MEDIUM, &mut tally);
            assert_eq!(tally[2], 0);
        }
    }
}
