//! X screenshots of TiEmu's window as [`Screen`]s (the calculator's own screenshot comes over
//! the link as a [`Screen`] already), and saving screens as PNG files for people to look at.

use std::path::Path;

use ti_files::Screen;

use super::TiEmuError;

/// An image from a binary PPM (P6, 8-bit), dark where the luminance is below half.
pub fn from_ppm(ppm: &[u8]) -> Result<Screen, TiEmuError> {
    let bad = |why: &str| TiEmuError::Protocol(format!("X screenshot: {why}"));
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
    Ok(Screen::from_fn(w, h, |x, y| {
        let px = &data[((y * w + x) * 3) as usize..][..3];
        let lum = 299 * px[0] as u32 + 587 * px[1] as u32 + 114 * px[2] as u32;
        lum < 128 * 1000
    }))
}

/// Saves `screen` as a PNG at `path` (creating its folder; a whole file or none), each pixel
/// drawn as a `scale` x `scale` square.
pub fn save_png(screen: &Screen, path: &Path, scale: u32) -> Result<(), TiEmuError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| TiEmuError::io(dir, e))?;
    }
    ti_files::disk::write_atomic(path, &screen.to_png(scale)).map_err(|e| TiEmuError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ppm_becomes_a_screen() {
        let mut ppm = b"P6\n3 2\n255\n".to_vec();
        for dark in [true, false, false, false, false, true] {
            let v = if dark { 0x10 } else { 0xE0 };
            ppm.extend_from_slice(&[v, v, v]);
        }
        let s = from_ppm(&ppm).unwrap();
        assert_eq!((s.width(), s.height(), s.dark_pixels()), (3, 2, 2));
        assert!(s.get(0, 0) && s.get(2, 1));
        assert!(from_ppm(&ppm[..ppm.len() - 1]).is_err());
        assert!(from_ppm(b"P5\n1 1\n255\n\0").is_err());
    }
}
