//! Screenshots of the games for the README, taken on PedroM under TiEmu while the games are
//! played (emu_tests::games, the scenarios of the TiEmu tests): `morpion`, `puiss4`,
//! `othello` and `entropy` on a TI-89 and on a Voyage 200 (their menu, a game in progress, the
//! end), and a person
//! playing the contest through `humain` on a TI-89. Each image is enlarged (every pixel a 2x2
//! square) so that a person reads it at a glance.
//!
//! ```sh
//! cargo run --release -p emu-tests --example game_screens -- docs/screenshots
//! cargo run --release -p emu-tests --example game_screens -- docs/screenshots entropy
//! ```
//!
//! Writes `<game>-<model>-<menu|playing|end>.png` (and for `othello`, `othello-<model>-moves.png`:
//! the legal moves shown; for `entropy`, `entropy-<model>-help.png`: the help's cells) and `contest-ti89-human.png` into the directory given (default: the
//! bench's screenshot directory). Names after the directory choose the games (`morpion`,
//! `puiss4`, `othello`, `entropy`, `contest`); without, all of them.

use std::path::{Path, PathBuf};

use emu_tests::games::{entropy, othello, pedrom};
use emu_tests::tiemu::{save_png, TiEmu};
use ti68k::contest::install::Programs;
use ti_files::Model;

/// Every pixel a `SCALE` x `SCALE` square.
const SCALE: u32 = 2;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(TiEmu::screenshot_dir);
    let chosen: Vec<String> = std::env::args().skip(2).collect();
    let wanted = |game: &str| chosen.is_empty() || chosen.iter().any(|c| c == game);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("emu-tests is in the repository")
        .to_path_buf();
    for model in [Model::Ti89, Model::V200] {
        let name = model.name();
        let save = |game: &str, what: &str, screen: &ti_files::Screen| {
            let path = out.join(format!("{game}-{name}-{what}.png"));
            save_png(screen, &path, SCALE).map(|()| println!("{}", path.display()))
        };
        if wanted("morpion") || wanted("puiss4") {
            let mut t = TiEmu::start_pedrom(model)?;
            pedrom::send_programs(&mut t, &repo, &["morpion", "puiss4", "p4ia"])?;
            for (game, shots) in [
                ("morpion", pedrom::morpion(&mut t)?),
                ("puiss4", pedrom::puiss4(&mut t)?),
            ] {
                for (what, screen) in [
                    ("menu", &shots.menu),
                    ("playing", &shots.playing),
                    ("end", &shots.end),
                ] {
                    save(game, what, screen)?;
                }
            }
        }
        if wanted("othello") {
            let mut t = TiEmu::start_pedrom(model)?;
            pedrom::send_programs(&mut t, &repo, &["othello", "othia"])?;
            let (shots, moves) = othello::on_pedrom(&mut t)?;
            for (what, screen) in [
                ("menu", &shots.menu),
                ("moves", &moves),
                ("playing", &shots.playing),
                ("end", &shots.end),
            ] {
                save("othello", what, screen)?;
            }
        }
        if wanted("entropy") {
            let mut t = TiEmu::start_pedrom(model)?;
            pedrom::send_programs(&mut t, &repo, &["entropy", "entia"])?;
            let (shots, help) = entropy::help_and_resign(&mut t)?;
            for (what, screen) in [
                ("menu", &shots.menu),
                ("help", &help),
                ("playing", &shots.playing),
                ("end", &shots.end),
            ] {
                save("entropy", what, screen)?;
            }
        }
    }
    if !wanted("contest") {
        return Ok(());
    }
    let programs = Programs::build(&repo)?;
    let mut t = TiEmu::start_pedrom(Model::Ti89)?;
    let (outcome, shots) = pedrom::contest_with_a_person(&mut t, &programs, "Ann")?;
    print!("{}", outcome.render()?);
    let path = out.join("contest-ti89-human.png");
    save_png(&shots.playing, &path, SCALE)?;
    println!("{}", path.display());
    Ok(())
}
