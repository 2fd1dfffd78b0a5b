//! The AI on this computer: whole games against the toolkit's ladder, with the contest's rules
//! (a full column loses the game) and the same random draws as on the calculator.

use calc::connect4::ai::Ai;
use calc::connect4::referee::GameResult;
use calc::connect4::search::Entry;
use calc::connect4::strategy::{self, Ladder, Strategy, NAME_LEN};
use @CRATE@::MyAi;

#[test]
fn the_name_fits_every_calculator() {
    let name = MyAi::new().name().to_vec();
    assert!(!name.is_empty() && name.len() <= NAME_LEN, "{name:?}");
    assert!(name.iter().all(|c| c.is_ascii_graphic()), "{name:?}");
}

#[test]
fn it_plays_whole_games_without_an_illegal_move() {
    let mut table = [Entry::EMPTY; 1];
    let mut random = Ladder::new(Ai::Random, &mut table);
    for seed in 0..100 {
        for game in [
            strategy::play([&mut MyAi::new(), &mut random], [seed, seed + 1]),
            strategy::play([&mut random, &mut MyAi::new()], [seed, seed + 1]),
        ] {
            assert!(
                !matches!(game.result, Some(GameResult::Disqualified(_))),
                "seed {seed}: {:?} after {:?}",
                game.result,
                game.moves()
            );
        }
    }
}
