//! Screenshots over the link (SCR → ACK → XDP of 3840 bytes → ACK; tilibs `calc_9x.cc`
//! recv_screen), and their PNG encoding. The LCD memory is 240x128 pixels, 30 bytes per row,
//! most significant bit leftmost, 1 = dark (ti68k-facts §4.5); a TI-89 shows only the top
//! left 160x100.

use super::{Calculator, LinkError};
use crate::file::Model;
use crate::link::cable::Cable;
use crate::link::packet::{self, Command, PacketError};

/// Width of the LCD memory in pixels.
pub const LCD_WIDTH: u32 = 240;
/// Height of the LCD memory in pixels.
pub const LCD_HEIGHT: u32 = 128;
/// Bytes of LCD memory.
pub const LCD_BYTES: usize = (LCD_WIDTH * LCD_HEIGHT / 8) as usize;

/// A monochrome screen image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screenshot {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// One byte per pixel, row by row: 1 dark, 0 light.
    pub pixels: Vec<u8>,
}

impl Screenshot {
    /// The visible screen of `model` from the 3840 bytes of LCD memory.
    pub fn from_lcd(lcd: &[u8], model: Model) -> Screenshot {
        let (width, height) = model.screen_size();
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for y in 0..height as usize {
            for x in 0..width as usize {
                let byte = lcd.get(y * 30 + x / 8).copied().unwrap_or(0);
                pixels.push(byte >> (7 - x % 8) & 1);
            }
        }
        Screenshot {
            width,
            height,
            pixels,
        }
    }

    /// Number of dark pixels.
    pub fn dark_pixels(&self) -> usize {
        self.pixels.iter().filter(|&&p| p != 0).count()
    }

    /// Whether every pixel is the same (a blank or fully dark screen).
    pub fn is_blank(&self) -> bool {
        let dark = self.dark_pixels();
        dark == 0 || dark == self.pixels.len()
    }

    /// The image as a PNG (8-bit greyscale: dark pixels black, light pixels the LCD's grey).
    pub fn to_png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Grayscale);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().expect("writing to a Vec cannot fail");
            let data: Vec<u8> = self
                .pixels
                .iter()
                .map(|&p| if p != 0 { 0x00 } else { 0xC8 })
                .collect();
            w.write_image_data(&data).expect("sizes match");
        }
        out
    }
}

impl<C: Cable> Calculator<C> {
    /// Takes a screenshot. The bitmap is acknowledged even when its checksum is wrong, as
    /// libticalcs2 does, so the link stays in step; but where libticalcs2 then keeps the
    /// damaged bitmap, a bad checksum here is an error (the picture may be wrong).
    pub fn screenshot(&mut self) -> Result<Screenshot, LinkError> {
        let doing = "taking a screenshot";
        self.send_packet(&packet::scr(), doing)?;
        self.expect_ack_ok(doing)?;
        let lcd = match self.read_packet(doing) {
            Ok(p) if p.command == Command::XDP => p.payload().to_vec(),
            Ok(p) => {
                return Err(LinkError::Unexpected {
                    doing: doing.into(),
                    expected: "XDP",
                    got: p.to_string(),
                })
            }
            Err(LinkError::Packet(PacketError::Checksum {
                stored, computed, ..
            })) => {
                self.send_ack()?;
                return Err(LinkError::Malformed(format!(
                    "the screenshot's checksum is wrong (stored {stored:#06x}, the bitmap sums to {computed:#06x}); check the cable and try again"
                )));
            }
            Err(e) => return Err(e),
        };
        self.send_ack()?;
        if lcd.len() != LCD_BYTES {
            return Err(LinkError::Malformed(format!(
                "a screenshot has {LCD_BYTES} bytes, the calculator sent {}",
                lcd.len()
            )));
        }
        Ok(Screenshot::from_lcd(&lcd, self.model))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::checksum;
    use crate::link::cable::fake::{FakeCable, Step};
    use crate::link::ops::Delays;

    #[test]
    fn screenshot_like_libticalcs2() {
        let mut lcd = vec![0u8; LCD_BYTES];
        lcd[0] = 0x80; // top-left pixel
        lcd[30 * 99 + 19] = 0x01; // bottom-right visible pixel of a TI-89
        let mut xdp = vec![0x98, 0x15, 0x00, 0x0F];
        xdp.extend_from_slice(&lcd);
        xdp.extend_from_slice(&checksum(&lcd).to_le_bytes());
        let mut reply = vec![0x98, 0x56, 0, 0];
        reply.extend(xdp);
        let cable = FakeCable::new(vec![
            Step::Expect(vec![0x08, 0x6D, 0, 0]),
            Step::Reply(reply),
            Step::Expect(vec![0x08, 0x56, 0, 0]),
        ]);
        let mut c = Calculator::new(cable, Model::Ti89);
        c.delays = Delays::NONE;
        let s = c.screenshot().unwrap();
        assert!(c.cable().finished());
        assert_eq!((s.width, s.height), (160, 100));
        assert_eq!(s.pixels[0], 1);
        assert_eq!(s.pixels[160 * 100 - 1], 1);
        assert_eq!(s.dark_pixels(), 2);
        assert!(!s.is_blank());
        let png = s.to_png();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let v200 = Screenshot::from_lcd(&lcd, Model::V200);
        assert_eq!((v200.width, v200.height), (240, 128));
    }

    /// A damaged bitmap is still acknowledged (the calculator waits for it), then reported.
    #[test]
    fn a_bad_checksum_is_acknowledged_then_reported() {
        let lcd = vec![0x55u8; LCD_BYTES];
        let mut reply = vec![0x98, 0x56, 0, 0, 0x98, 0x15, 0x00, 0x0F];
        reply.extend_from_slice(&lcd);
        reply.extend_from_slice(&checksum(&lcd).wrapping_add(1).to_le_bytes());
        let cable = FakeCable::new(vec![
            Step::Expect(vec![0x08, 0x6D, 0, 0]),
            Step::Reply(reply),
            Step::Expect(vec![0x08, 0x56, 0, 0]),
        ]);
        let mut c = Calculator::new(cable, Model::Ti89);
        c.delays = Delays::NONE;
        let e = c.screenshot().unwrap_err();
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
        assert!(
            e.to_string()
                .contains("checksum is wrong (stored 0xfb01, the bitmap sums to 0xfb00)"),
            "{e}"
        );
    }
}
