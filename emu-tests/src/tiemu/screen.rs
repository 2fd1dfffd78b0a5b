//! Screenshots of the calculator's LCD as 1-bit bitmaps that tests can search: from `host`'s
//! link screenshot ([`host::link::Screenshot`], the visible 160x100 or 240x128), or from an X
//! screenshot of TiEmu's window. Saved as PNGs through `host`'s encoder; searched for a smaller
//! bitmap (the text oracle of [`super::text`]).

use std::path::Path;

use host::link::Screenshot;

use super::BenchError;

/// A 1-bit image: `true` is a dark pixel.
#[derive(Clone, PartialEq, Eq)]
pub struct Screen {
    width: u32,
    height: u32,
    pixels: Vec<bool>,
}

impl std::fmt::Debug for Screen {
    /// Draws the bitmap as text ('#' dark, '.' light), which is what a failing test wants.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Screen {}x{}:", self.width, self.height)?;
        for y in 0..self.height {
            let row: String = (0..self.width)
                .map(|x| if self.get(x, y) { '#' } else { '.' })
                .collect();
            writeln!(f, "{}", row.trim_end_matches('.'))?;
        }
        Ok(())
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

    /// The bitmap of a link screenshot.
    pub fn from_screenshot(shot: &Screenshot) -> Screen {
        Screen {
            width: shot.width,
            height: shot.height,
            pixels: shot.pixels.iter().map(|&p| p != 0).collect(),
        }
    }

    /// The same bitmap as `host`'s screenshot type.
    pub fn to_screenshot(&self) -> Screenshot {
        Screenshot {
            width: self.width,
            height: self.height,
            pixels: self.pixels.iter().map(|&p| p as u8).collect(),
        }
    }

    /// An image from a binary PPM (P6, 8-bit), dark where the luminance is below half.
    pub fn from_ppm(ppm: &[u8]) -> Result<Screen, BenchError> {
        let bad = |why: &str| BenchError::Protocol(format!("X screenshot: {why}"));
        // Header: "P6" width height maxval, separated by whitespace, then one whitespace byte.
        let mut fields = Vec::new();
        let mut i = 0;
        while fields.len() < 4 {
            while i < ppm.len() && ppm[i].is_ascii_whitespace() {
                i += 1;
            }
            let start = i;
            while i < ppm.len() && !ppm[i].is_ascii_whitespace() {
                i += 1;
            }
            if start == i {
                return Err(bad("truncated PPM header"));
            }
            fields.push(String::from_utf8_lossy(&ppm[start..i]).into_owned());
        }
        i += 1;
        if fields[0] != "P6" || fields[3] != "255" {
            return Err(bad("not an 8-bit binary PPM"));
        }
        let w: u32 = fields[1].parse().map_err(|_| bad("bad width"))?;
        let h: u32 = fields[2].parse().map_err(|_| bad("bad height"))?;
        let data = &ppm[i.min(ppm.len())..];
        if data.len() < (w * h * 3) as usize {
            return Err(bad("truncated PPM data"));
        }
        let mut s = Screen::blank(w, h);
        for (k, px) in data.chunks_exact(3).take((w * h) as usize).enumerate() {
            let lum = 299 * px[0] as u32 + 587 * px[1] as u32 + 114 * px[2] as u32;
            s.pixels[k] = lum < 128 * 1000;
        }
        Ok(s)
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

    /// Whether no pixel is dark.
    pub fn is_blank(&self) -> bool {
        self.dark_pixels() == 0
    }

    /// The part `w` x `h` at (x, y) (clipped to the image).
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Screen {
        let w = w.min(self.width.saturating_sub(x));
        let h = h.min(self.height.saturating_sub(y));
        let mut s = Screen::blank(w, h);
        for yy in 0..h {
            for xx in 0..w {
                s.set(xx, yy, self.get(x + xx, y + yy));
            }
        }
        s
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

    /// Saves the image as a PNG (atomically; `host`'s encoder: 8-bit grey, dark pixels black).
    pub fn save_png(&self, path: &Path) -> Result<(), BenchError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| BenchError::io(dir, e))?;
        }
        host::atomic::write_atomic(path, &self.to_screenshot().to_png())
            .map_err(|e| BenchError::io(path, e))
    }

    /// Reads a PNG saved by [`Screen::save_png`] (8-bit grey; dark below half).
    pub fn load_png(bytes: &[u8]) -> Result<Screen, BenchError> {
        let err = |e: png::DecodingError| BenchError::Protocol(format!("PNG decoding: {e}"));
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .map_err(err)?;
        let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let info = reader.next_frame(&mut buf).map_err(err)?;
        if info.color_type != png::ColorType::Grayscale || info.bit_depth != png::BitDepth::Eight {
            return Err(BenchError::Protocol(format!(
                "PNG is {:?}/{:?}, not 8-bit grey",
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
    fn link_screenshots_convert_both_ways() {
        let mut lcd = vec![0u8; 3840];
        lcd[0] = 0x80;
        lcd[30 + 19] = 0x01;
        let shot = Screenshot::from_lcd(&lcd, host::file::Model::Ti89);
        let s = Screen::from_screenshot(&shot);
        assert_eq!((s.width(), s.height()), (160, 100));
        assert!(s.get(0, 0) && s.get(159, 1));
        assert_eq!(s.dark_pixels(), 2);
        assert_eq!(s.to_screenshot(), shot);
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
    }

    #[test]
    fn png_round_trip_keeps_every_pixel() {
        let mut s = Screen::blank(160, 100);
        s.set(3, 7, true);
        s.set(159, 99, true);
        let back = Screen::load_png(&s.to_screenshot().to_png()).unwrap();
        assert_eq!(back, s);
    }
}
