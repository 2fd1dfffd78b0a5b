//! Reading the LCD memory back as the model's visible screen (160x100 on the TI-89, 240x128 on
//! the others), and saving it as a PNG file.

use std::path::Path;

use ti_files::Screen;

use super::ams::screen;
use super::failure::Failure;
use super::machine::Machine;

impl Machine {
    /// The model's visible screen now.
    pub fn screenshot(&self) -> Screen {
        let (width, height) = self.model().screen_size();
        Screen::from_fn(width, height, |x, y| screen::pixel(&self.bus, x, y))
    }

    /// Writes the visible screen as a PNG file, each pixel a `scale` x `scale` square (a whole
    /// file or none: `ti_files::disk::write_atomic`).
    pub fn save_screen_png(&self, path: &Path, scale: u32) -> Result<(), Failure> {
        ti_files::disk::write_atomic(path, &self.screenshot().to_png(scale))
            .map_err(|e| Failure::Setup(format!("cannot write {}: {e}", path.display())))
    }
}
