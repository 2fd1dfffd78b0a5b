//! Reading the LCD memory back: as pixels, as text art for test messages, and as a PNG file
//! (the model's visible area: 160x100 on the TI-89, 240x128 on the others).

use std::path::Path;

use super::ams::screen;
use super::failure::Failure;
use super::machine::Machine;

/// A snapshot of the visible screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screenshot {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major pixels, true = dark.
    pub pixels: Vec<bool>,
}

impl Screenshot {
    /// Whether pixel (x, y) is dark.
    pub fn get(&self, x: u32, y: u32) -> bool {
        self.pixels[(y * self.width + x) as usize]
    }

    /// Number of dark pixels.
    pub fn dark_count(&self) -> usize {
        self.pixels.iter().filter(|&&p| p).count()
    }

    /// The rows `y0..y1` as text, `#` dark and `.` light, trailing light pixels trimmed.
    pub fn text_rows(&self, y0: u32, y1: u32) -> String {
        let mut s = String::new();
        for y in y0..y1.min(self.height) {
            let row: String = (0..self.width)
                .map(|x| if self.get(x, y) { '#' } else { '.' })
                .collect();
            s.push_str(row.trim_end_matches('.'));
            s.push('\n');
        }
        s
    }

    /// The screenshot as a PNG (8-bit grey, dark pixels black on a light grey), each pixel
    /// drawn as a `scale` x `scale` square.
    pub fn to_png(&self, scale: u32) -> Vec<u8> {
        let scale = scale.max(1);
        let (w, h) = (self.width * scale, self.height * scale);
        let mut data = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                data.push(if self.get(x / scale, y / scale) {
                    0x10
                } else {
                    0xD8
                });
            }
        }
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, w, h);
            enc.set_color(png::ColorType::Grayscale);
            enc.set_depth(png::BitDepth::Eight);
            let mut writer = enc.write_header().expect("writing to a Vec cannot fail");
            writer
                .write_image_data(&data)
                .expect("writing to a Vec cannot fail");
        }
        out
    }
}

impl Machine {
    /// The model's visible screen now.
    pub fn screenshot(&self) -> Screenshot {
        let (width, height) = self.model().screen_size();
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                pixels.push(screen::pixel(&self.bus, x, y));
            }
        }
        Screenshot {
            width,
            height,
            pixels,
        }
    }

    /// Writes the visible screen as a PNG file (through `host::atomic::write_atomic`).
    pub fn save_screen_png(&self, path: &Path, scale: u32) -> Result<(), Failure> {
        host::atomic::write_atomic(path, &self.screenshot().to_png(scale))
            .map_err(|e| Failure::Setup(format!("cannot write {}: {e}", path.display())))
    }
}
