//! FLASH applications, the calculator's identity and deletion over DBUS, as libticalcs2's
//! `calc_9x.cc` does them (`send_flash`, `recv_flash`, `get_version`, `del_var`;
//! docs/link.md#sequences).
//!
//! - Send an application: RTS (its size, type 0x24, its name) → then per 64 KB block: ACK,
//!   CTS ← ; → ACK, XDP (the block, no zero prefix; a 65,536-byte block has a length field of
//!   0) ; ACK ← ; → CNT, or EOT after the last block; a final ACK ←.
//! - Receive one: REQ (size 0, type 0x24, name) → ACK, VAR ← ; then per block → ACK, CTS ;
//!   ACK, XDP ← ; → ACK ; CNT ← (more) or EOT ← (done) ; a final → ACK.
//! - Identity: VER → ACK ← ; → CTS ; ACK, XDP ← ; → ACK. **PedroM does not answer it** (it shows
//!   a "Link: Command?" dialog until ENTER is pressed on the calculator), so only `info` sends it.
//! - Delete (AMS 2.09 and later): DEL (size 0, type 0, `folder\name`) → ACK, ACK ←.

use super::operations::Identity;
use super::{is_timeout, Calculator, LinkError};
use crate::cable::Cable;
use crate::packet::{self, Command, Packet, VarHeader, PC_MACHINE_ID};
use ti_files::{FlashBlock, FlashDataType, VarPath, VarType};

/// The block size of a FLASH transfer.
const FLASH_BLOCK: usize = 65536;

impl<C: Cable> Calculator<C> {
    /// Sends a FLASH application in 64 KB blocks.
    pub fn send_app(&mut self, app: &FlashBlock) -> Result<(), LinkError> {
        if app.data_type != FlashDataType::App {
            return Err(LinkError::Unsupported {
                what: format!("sending the {:?} block {}", app.data_type, app.name),
                why:
                    "as an application: only FLASH applications are sent this way (no OS upgrades)"
                        .into(),
            });
        }
        let name = ti_files::charset::encode(&app.name)
            .map_err(|e| LinkError::Malformed(e.to_string()))?;
        let header = VarHeader {
            size: app.data.len() as u32,
            var_type: VarType::APPL,
            name,
            trailing: Some(0),
        };
        let what = app.name.clone();
        let doing = format!("sending the application {what}");
        self.send_packet(&packet::rts(&header), &what)?;
        let blocks = app.data.len() / FLASH_BLOCK;
        for i in 0..=blocks {
            let end = if i == blocks {
                app.data.len()
            } else {
                (i + 1) * FLASH_BLOCK
            };
            self.expect_ack(&doing)?;
            self.expect(Command::CTS, &doing)?;
            self.send_ack()?;
            let block = app.data[i * FLASH_BLOCK..end].to_vec();
            self.send_packet(&packet::xdp(PC_MACHINE_ID, block), &what)?;
            self.expect_ack(&doing)?;
            let next = if i == blocks {
                packet::eot(PC_MACHINE_ID)
            } else {
                packet::cnt(PC_MACHINE_ID)
            };
            self.send_packet(&next, &what)?;
        }
        self.expect_ack(&doing)?;
        Ok(())
    }

    /// Receives the FLASH application `name`, block by block, as a block of a FLASH file for
    /// this model.
    pub fn recv_app(&mut self, name: &str) -> Result<FlashBlock, LinkError> {
        let doing = format!("requesting the application {name}");
        let header = VarHeader {
            size: 0,
            var_type: VarType::APPL,
            name: ti_files::charset::encode(name)
                .map_err(|e| LinkError::Malformed(e.to_string()))?,
            trailing: None,
        };
        self.send_packet(&packet::req(&header), name)?;
        self.expect_ack_ok(&doing)?;
        self.expect(Command::VAR, &doing)?;
        let mut data = Vec::new();
        loop {
            self.send_ack()?;
            self.send_packet(&packet::cts(PC_MACHINE_ID), name)?;
            self.expect_ack(&doing)?;
            let xdp = self.expect(Command::XDP, &doing)?;
            data.extend_from_slice(xdp.payload());
            self.send_ack()?;
            let p = self.recv_packet(&doing)?;
            match p.command {
                Command::CNT => continue,
                Command::EOT => break,
                _ => {
                    return Err(LinkError::Unexpected {
                        doing,
                        expected: "CNT or EOT",
                        got: p.to_string(),
                    })
                }
            }
        }
        self.send_ack()?;
        Ok(FlashBlock::new(
            name,
            self.model().flash_device_type(),
            FlashDataType::App,
            data,
        ))
    }

    /// Asks the calculator for its versions (VER). **PedroM does not answer** until ENTER is
    /// pressed on its keyboard: the error then says so.
    pub fn identity(&mut self) -> Result<Identity, LinkError> {
        let doing = "reading the calculator's version";
        self.send_packet(&packet::ver(), doing)?;
        let reply = self.expect_ack(doing).and_then(|_| {
            self.send_packet(&packet::cts(PC_MACHINE_ID), doing)?;
            self.expect_ack(doing)?;
            self.expect(Command::XDP, doing)
        });
        let xdp: Packet = match reply {
            Ok(p) => p,
            Err(e) if is_timeout(&e) => {
                return Err(LinkError::Unsupported {
                    what: "reading the version".into(),
                    why: format!("here: the calculator did not answer ({e}); PedroM shows \"Link: Command?\" and waits for ENTER on its keyboard"),
                })
            }
            Err(e) => return Err(e),
        };
        self.send_ack()?;
        let b = xdp.payload();
        if b.len() < 14 {
            return Err(LinkError::Malformed(format!(
                "a version reply of {} bytes (at least 14 expected)",
                b.len()
            )));
        }
        let (model, hw) = match b[13] {
            1 => ("TI-92 Plus", u32::from(b[5]) + 1),
            3 => ("TI-89", u32::from(b[5]) + 1),
            8 => ("Voyage 200", u32::from(b[5])),
            9 => ("TI-89 Titanium", u32::from(b[5]) + 1),
            _ => ("unknown model", u32::from(b[5])),
        };
        Ok(Identity {
            protocol: "DBUS",
            model: Some(model.to_string()),
            os_version: Some(format!("{}.{:02}", b[0], b[1])),
            boot_version: Some(format!("{}.{:02}", b[2], b[3])),
            hardware_version: Some(hw),
            language: Some(b[6]),
            sub_language: Some(b[7]),
            battery_ok: Some(b[4] != 1),
            ..Identity::default()
        })
    }

    /// Deletes a variable (AMS 2.09 and later understand DEL; the type is not sent).
    pub fn delete_variable(&mut self, path: &VarPath, _var_type: VarType) -> Result<(), LinkError> {
        let header = VarHeader {
            size: 0,
            var_type: VarType(0),
            name: path.to_bytes(),
            trailing: None,
        };
        let doing = format!("deleting {path}");
        self.send_packet(&packet::del(&header), &doing)?;
        self.expect_ack_ok(&doing)?;
        self.expect_ack_ok(&doing)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::transfer::tests::{calc, hex};
    use super::*;

    /// A 70,000-byte application goes in two blocks: 65,536 bytes (length field 0) and 4,464.
    #[test]
    fn an_application_goes_in_64k_blocks() {
        let data: Vec<u8> = (0..70_000u32).map(|i| (i * 31) as u8).collect();
        let app = FlashBlock::new("tetris", 0x98, FlashDataType::App, data.clone());
        let xdp = |d: &[u8]| packet::xdp(PC_MACHINE_ID, d.to_vec()).encode().unwrap();
        let hexs = |b: &[u8]| b.iter().map(|x| format!("{x:02x} ")).collect::<String>();
        let rts = packet::rts(&VarHeader {
            size: 70_000,
            var_type: VarType::APPL,
            name: b"tetris".to_vec(),
            trailing: Some(0),
        })
        .encode()
        .unwrap();
        assert_eq!(&rts[..12], hex("08 c9 0d 00 70 11 01 00 24 06 74 65"));
        let first = xdp(&data[..65536]);
        assert_eq!(
            &first[..4],
            [0x08, 0x15, 0x00, 0x00],
            "65,536 is a length of 0"
        );
        let (s1, s2) = (hexs(&first), hexs(&xdp(&data[65536..])));
        let mut c = calc(&[
            (">", &hexs(&rts)),
            ("<", "98 56 00 00 98 09 00 00"),
            (">", "08 56 00 00"),
            (">", &s1),
            ("<", "98 56 00 00"),
            (">", "08 78 00 00"),
            ("<", "98 56 00 00 98 09 00 00"),
            (">", "08 56 00 00"),
            (">", &s2),
            ("<", "98 56 00 00"),
            (">", "08 92 00 00"),
            ("<", "98 56 00 00"),
        ]);
        c.send_app(&app).unwrap();
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
    }

    #[test]
    fn receives_an_application_block_by_block() {
        let mut c = calc(&[
            (">", "08 a2 0a 00 00 00 00 00 24 04 74 65 73 74 e8 01"),
            (
                "<",
                "98 56 00 00 98 06 0b 00 05 00 00 00 24 04 74 65 73 74 00 ed 01",
            ),
            (">", "08 56 00 00 08 09 00 00"),
            ("<", "98 56 00 00 98 15 03 00 01 02 03 06 00 98 78 00 00"),
            (">", "08 56 00 00 08 56 00 00 08 09 00 00"),
            ("<", "98 56 00 00 98 15 02 00 04 05 09 00 98 92 00 00"),
            (">", "08 56 00 00 08 56 00 00"),
        ]);
        let app = c.recv_app("test").unwrap();
        assert!(c.cable().finished(), "{:?}", c.cable().remaining());
        assert_eq!(app.data, [1, 2, 3, 4, 5]);
        assert_eq!(app.data_type, FlashDataType::App);
    }

    /// libticalcs2 `get_version` on a TI-89 with AMS 2.09, boot 2.00, HW2 (buf[5] = 1).
    #[test]
    fn reads_the_version() {
        let mut c = calc(&[
            (">", "08 2d 00 00"),
            ("<", "98 56 00 00"),
            (">", "08 09 00 00"),
            (
                "<",
                "98 56 00 00 98 15 0e 00 02 09 02 00 00 01 01 00 00 00 00 00 00 03 12 00",
            ),
            (">", "08 56 00 00"),
        ]);
        let id = c.identity().unwrap();
        assert_eq!(id.model.as_deref(), Some("TI-89"));
        assert_eq!(id.os_version.as_deref(), Some("2.09"));
        assert_eq!(id.hardware_version, Some(2));
        assert_eq!(id.battery_ok, Some(true));
        // PedroM: ACK, then nothing after the CTS.
        let mut c = calc(&[
            (">", "08 2d 00 00"),
            ("<", "98 56 00 00"),
            (">", "08 09 00 00"),
        ]);
        let e = c.identity().unwrap_err().to_string();
        assert!(e.contains("Link: Command?"), "{e}");
    }

    /// The link guide's example: `08 88 0C 00 00 00 00 00 00 06 "main\x" 7F 02`.
    #[test]
    fn deletes_like_the_link_guide() {
        let mut c = calc(&[
            (">", "08 88 0c 00 00 00 00 00 00 06 6d 61 69 6e 5c 78 7f 02"),
            ("<", "98 56 00 00 98 56 00 00"),
        ]);
        c.delete_variable(&VarPath::parse("main\\x").unwrap(), VarType::EXPR)
            .unwrap();
        assert!(c.cable().finished());
    }
}
