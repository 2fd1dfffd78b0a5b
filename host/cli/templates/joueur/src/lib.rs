//! @NAME@: a Connect Four AI for the contest.
//!
//! It is a [`Strategy`]: a name, and a column for a position. The toolkit turns it into the
//! contest program (src/bin/joueur.rs) and plays it natively (tests/games.rs). It starts out
//! simple: it plays the centremost column that is not full. Make it stronger here.
#![no_std]

use calc::connect4::strategy::Strategy;
use calc::connect4::Board;
use calc::Rng;

/// The columns from the centre outwards (0-based: 3 is the middle column).
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// The AI.
#[derive(Default)]
pub struct MyAi;

impl MyAi {
    /// A new AI.
    pub fn new() -> MyAi {
        MyAi
    }
}

impl Strategy for MyAi {
    fn name(&self) -> &[u8] {
        b"@SHORT@"
    }

    fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
        CENTRE_FIRST
            .into_iter()
            .find(|&c| board.can_play(c))
            .unwrap_or(3)
    }
}
