//! Screenshots over the link (SCR → ACK → XDP of 3840 bytes → ACK; tilibs `calc_9x.cc`
//! recv_screen). The bytes are the LCD memory, which [`Screen::from_lcd`] turns into the
//! model's visible screen (docs/link.md#screenshot).

use super::{Calculator, LinkError};
use crate::cable::Cable;
use crate::packet::{self, Command, PacketError};
use ti_files::screen::LCD_BYTES;
use ti_files::Screen;

impl<C: Cable> Calculator<C> {
    /// Takes a screenshot. The bitmap is acknowledged even when its checksum is wrong, as
    /// libticalcs2 does, so the link stays in step; but where libticalcs2 then keeps the
    /// damaged bitmap, a bad checksum here is an error (the picture may be wrong).
    pub fn screenshot(&mut self) -> Result<Screen, LinkError> {
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
        Ok(Screen::from_lcd(&lcd, self.model))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cable::fake::{FakeCable, Step};
    use crate::ops::transcript::dissection;
    use crate::ops::Delays;
    use ti_files::{checksum, Model};

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
        assert_eq!(s, Screen::from_lcd(&lcd, Model::Ti89));
        assert_eq!(s.dark_pixels(), 2);
        insta::assert_snapshot!(dissection(c.cable()));
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
