//! A calculator's screen as a 1-bit image: what the link's screenshot, the emulator's LCD and
//! an X capture of TiEmu all give, in one type ([`Screen`]), with its one PNG encoding.
//!
//! The LCD memory of the three models is 240x128 pixels, 30 bytes per row, the most
//! significant bit leftmost, 1 = dark; a TI-89 shows only its top left 160x100
//! (docs/rom-calls.md#screen). Tests search a screen for a smaller image (the text oracle of
//! the TiEmu bench), compare rows, and print it as text art when they fail.

use crate::Model;

/// Width of the LCD memory in pixels.
pub const LCD_WIDTH: u32 = 240;
/// Height of the LCD memory in pixels.
pub const LCD_HEIGHT: u32 = 128;
/// Bytes of LCD memory (30 bytes per row).
pub const LCD_BYTES: usize = (LCD_WIDTH * LCD_HEIGHT / 8) as usize;
/// Grey level of a dark pixel in the PNG files written here.
const PNG_DARK: u8 = 0x10;
/// Grey level of a light pixel in the PNG files written here (the LCD's light grey).
const PNG_LIGHT: u8 = 0xD8;

/// What is wrong with a PNG given to [`Screen::from_png`].
#[derive(Debug, thiserror::Error)]
pub enum ScreenError {
    /// The bytes are not a PNG image this crate can decode.
    #[error("not a readable PNG image: {0}")]
    Png(String),
    /// A PNG of another kind than the 8-bit grey images [`Screen::to_png`] writes.
    #[error("the PNG is {0}, not 8-bit grey as saved screens are")]
    NotGrey(String),
}

/// A 1-bit image: `true` is a dark pixel. `Debug` draws it as text ('#' dark, '.' light),
/// which is what a failing test wants to show.
#[derive(Clone, PartialEq, Eq)]
pub struct Screen {
    width: u32,
    height: u32,
    pixels: Vec<bool>,
}

impl std::fmt::Debug for Screen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Screen {}x{}:", self.width, self.height)?;
        f.write_str(&self.text_rows(0, self.height))
    }
}

impl Screen {
    /// A light image of the given size.
    pub fn blank(width: u32, height: u32) -> Screen {
        Screen {
            width,
            height,
            pixels: vec![false; (width * height) as usize],
        }
    }

    /// The visible screen of `model` from the 3,840 bytes of LCD memory (missing bytes are
    /// light).
    pub fn from_lcd(lcd: &[u8], model: Model) -> Screen {
        let (width, height) = model.screen_size();
        Screen::from_fn(width, height, |x, y| {
            let byte = lcd.get((y * 30 + x / 8) as usize).copied().unwrap_or(0);
            byte >> (7 - x % 8) & 1 != 0
        })
    }

    /// An image whose pixel (x, y) is `dark(x, y)`.
    pub fn from_fn(width: u32, height: u32, mut dark: impl FnMut(u32, u32) -> bool) -> Screen {
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                pixels.push(dark(x, y));
            }
        }
        Screen {
            width,
            height,
            pixels,
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the pixel at (x, y) is dark.
    pub fn get(&self, x: u32, y: u32) -> bool {
        self.pixels[(y * self.width + x) as usize]
    }

    /// Sets the pixel at (x, y).
    pub fn set(&mut self, x: u32, y: u32, dark: bool) {
        self.pixels[(y * self.width + x) as usize] = dark;
    }

    /// The number of dark pixels.
    pub fn dark_pixels(&self) -> usize {
        self.pixels.iter().filter(|&&p| p).count()
    }

    /// Whether every pixel is the same (a blank or fully dark screen).
    pub fn is_blank(&self) -> bool {
        let dark = self.dark_pixels();
        dark == 0 || dark == self.pixels.len()
    }

    /// The part `w` x `h` at (x, y) (clipped to the image).
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Screen {
        let w = w.min(self.width.saturating_sub(x));
        let h = h.min(self.height.saturating_sub(y));
        Screen::from_fn(w, h, |xx, yy| self.get(x + xx, y + yy))
    }

    /// The smallest rectangle (x, y, w, h) holding every dark pixel, if any.
    pub fn bounding_box(&self) -> Option<(u32, u32, u32, u32)> {
        let mut b: Option<(u32, u32, u32, u32)> = None;
        for y in 0..self.height {
            for x in 0..self.width {
                if self.get(x, y) {
                    b = Some(match b {
                        None => (x, y, x, y),
                        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                    });
                }
            }
        }
        b.map(|(x0, y0, x1, y1)| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    }

    /// The first place (x, y), in reading order, where `part` appears exactly (every pixel,
    /// dark and light, equal).
    pub fn find(&self, part: &Screen) -> Option<(u32, u32)> {
        if part.width > self.width || part.height > self.height || part.pixels.is_empty() {
            return None;
        }
        for y in 0..=self.height - part.height {
            for x in 0..=self.width - part.width {
                let fits = (0..part.height).all(|py| {
                    (0..part.width).all(|px| self.get(x + px, y + py) == part.get(px, py))
                });
                if fits {
                    return Some((x, y));
                }
            }
        }
        None
    }

    /// The rows `[y0, y1)` of both images are equal (and both images as wide).
    pub fn rows_equal(&self, other: &Screen, y0: u32, y1: u32) -> bool {
        self.width == other.width
            && y1 <= self.height
            && y1 <= other.height
            && (y0..y1).all(|y| (0..self.width).all(|x| self.get(x, y) == other.get(x, y)))
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

    /// The image as a PNG: 8-bit grey, dark pixels near black on the LCD's light grey, each
    /// pixel drawn as a `scale` x `scale` square (1 for the calculator's own size; more for
    /// images a person reads).
    pub fn to_png(&self, scale: u32) -> Vec<u8> {
        let scale = scale.max(1);
        let (w, h) = (self.width * scale, self.height * scale);
        let mut data = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                data.push(if self.get(x / scale, y / scale) {
                    PNG_DARK
                } else {
                    PNG_LIGHT
                });
            }
        }
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().expect("writing to a Vec cannot fail");
        writer
            .write_image_data(&data)
            .expect("the data has exactly w x h bytes");
        writer.finish().expect("writing to a Vec cannot fail");
        out
    }

    /// Reads a PNG written by [`Screen::to_png`] at scale 1, or any 8-bit grey PNG (dark
    /// below half).
    pub fn from_png(bytes: &[u8]) -> Result<Screen, ScreenError> {
        let err = |e: png::DecodingError| ScreenError::Png(e.to_string());
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .map_err(err)?;
        let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let info = reader.next_frame(&mut buf).map_err(err)?;
        if info.color_type != png::ColorType::Grayscale || info.bit_depth != png::BitDepth::Eight {
            return Err(ScreenError::NotGrey(format!(
                "{:?}/{:?}",
                info.color_type, info.bit_depth
            )));
        }
        Ok(Screen {
            width: info.width,
            height: info.height,
            pixels: buf[..info.buffer_size()]
                .iter()
                .map(|&v| v < 0x80)
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lcd_memory_gives_the_visible_screen_of_each_model() {
        let mut lcd = vec![0u8; LCD_BYTES];
        lcd[0] = 0x80; // top-left pixel
        lcd[30 * 99 + 19] = 0x01; // bottom-right visible pixel of a TI-89
        let s = Screen::from_lcd(&lcd, Model::Ti89);
        assert_eq!((s.width(), s.height()), (160, 100));
        assert!(s.get(0, 0) && s.get(159, 99));
        assert_eq!(s.dark_pixels(), 2);
        assert!(!s.is_blank());
        let v200 = Screen::from_lcd(&lcd, Model::V200);
        assert_eq!((v200.width(), v200.height()), (240, 128));
        assert!(Screen::from_lcd(&[], Model::Ti89).is_blank());
    }

    #[test]
    fn find_matches_every_pixel_and_reports_the_first_place() {
        let mut s = Screen::blank(20, 10);
        for (x, y) in [(5, 3), (6, 4), (12, 3), (13, 4)] {
            s.set(x, y, true);
        }
        let part = s.crop(5, 3, 2, 2);
        assert_eq!(s.find(&part), Some((5, 3)));
        let mut other = part.clone();
        other.set(1, 0, true);
        assert_eq!(s.find(&other), None);
        assert_eq!(s.bounding_box(), Some((5, 3, 9, 2)));
        assert_eq!(Screen::blank(3, 3).bounding_box(), None);
        assert_eq!(s.text_rows(3, 5), ".....#......#\n......#......#\n");
    }

    #[test]
    fn png_round_trip_keeps_every_pixel_and_scales() {
        let mut s = Screen::blank(160, 100);
        s.set(3, 7, true);
        s.set(159, 99, true);
        let png = s.to_png(1);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(Screen::from_png(&png).unwrap(), s);
        let big = Screen::from_png(&s.to_png(3)).unwrap();
        assert_eq!((big.width(), big.height()), (480, 300));
        assert!(big.get(9, 21) && big.get(11, 23) && !big.get(12, 21));
        assert!(matches!(
            Screen::from_png(b"not a png"),
            Err(ScreenError::Png(_))
        ));
    }
}
