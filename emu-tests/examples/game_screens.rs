//! Screenshots of the games for the README, taken on PedroM under TiEmu while the games are
//! played (emu_tests::games::pedrom, the scenarios of the TiEmu tests): `morpion` and `puiss4`
//! on a TI-89 and on a Voyage 200 (their menu, a game in progress, the end), and a person
//! playing the contest through `humain` on a TI-89. Each image is enlarged (every pixel a 2x2
//! square) so that a person reads it at a glance.
//!
//! ```sh
//! cargo run --release -p emu-tests --example game_screens -- docs/screenshots
//! ```
//!
//! Writes `<game>-<model>-<menu|playing|end>.png` and `contest-ti89-human.png` into the
//! directory given (default: the bench's screenshot directory).

use std::path::{Path, PathBuf};

use emu_tests::games::pedrom;
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
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("emu-tests is in the repository")
        .to_path_buf();
    for model in [Model::Ti89, Model::V200] {
        let mut t = TiEmu::start_pedrom(model)?;
        pedrom::send_programs(&mut t, &repo, &["morpion", "puiss4", "p4ia"])?;
        let name = model.name();
        for (game, shots) in [
            ("morpion", pedrom::morpion(&mut t)?),
            ("puiss4", pedrom::puiss4(&mut t)?),
        ] {
            for (what, screen) in [
                ("menu", &shots.menu),
                ("playing", &shots.playing),
                ("end", &shots.end),
            ] {
                let path = out.join(format!("{game}-{name}-{what}.png"));
                save_png(screen, &path, SCALE)?;
                println!("{}", path.display());
            }
        }
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
