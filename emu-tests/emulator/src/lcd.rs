//! Reading the LCD memory back as the model's visible screen (160x100 on the TI-89, 240x128 on
//! the others), and saving it as a PNG file.

use std::path::Path;

use ti_files::Screen;

use super::ams::screen;
use super::failure::Failure;
use super::machine::Machine;
use super::map;

/// A key a program read with ngetchx, and the screen it showed then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// The key's code.
    pub key: u16,
    /// The model's visible screen when the key was read.
    pub screen: Screen,
}

impl Machine {
    /// Every key the programs read with ngetchx since the machine was created (or since the
    /// last call), with the screen each was read on, oldest first.
    pub fn take_prompts(&mut self) -> Vec<Prompt> {
        let (width, height) = self.model().screen_size();
        std::mem::take(&mut self.os.keys.prompts)
            .into_iter()
            .map(|(key, lcd)| Prompt {
                key,
                screen: Screen::from_fn(width, height, |x, y| {
                    lcd[(y * map::LCD_ROW_BYTES + x / 8) as usize] & (0x80 >> (x % 8)) != 0
                }),
            })
            .collect()
    }

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
