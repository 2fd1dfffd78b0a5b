//! New Entropy (docs/requirements.md#new-entropy) and classic Entropy: the 7x7 board, the bag of 49
//! pieces, palindrome scoring, the two-round game, and the computer players.

pub mod ai;
pub mod bag;
pub mod board;
pub mod lookahead;
pub mod moves;
pub mod rules;
pub mod score;

pub use ai::{choose_attack, choose_placement, Level};
pub use bag::Bag;
pub use board::{Board, Colour};
pub use rules::{Attack, Game, Outcome, Phase};
pub use score::Variant;
