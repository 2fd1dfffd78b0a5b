//! Decoding DUSB commands, strictly (see `command.rs`): fixed bytes must be what libticalcs2
//! writes, counts must match, nothing may be left over, so that decoding and encoding again gives
//! the same bytes. The meaning of error codes as far as libticalcs2 knows them.

use super::command::{Command, DIR_REQUEST_TAIL, VAR_REQUEST_MIDDLE};
use super::fields::Reader;
use super::virt::{VirtualPacket, VirtualType};
use crate::packet::PacketError;

impl Command {
    /// Decodes a virtual packet (strictly: see the module's documentation).
    pub fn decode(p: &VirtualPacket) -> Result<Command, PacketError> {
        let mut r = Reader::new(&p.data, p.vtype.name());
        let c = match p.vtype {
            VirtualType::MODE_SET => {
                let mut w = [0u16; 5];
                for x in &mut w {
                    *x = r.u16()?;
                }
                Command::ModeSet(w)
            }
            VirtualType::OS_BEGIN => {
                r.expect(&[0; 7])?;
                Command::OsBegin { size: r.u32()? }
            }
            VirtualType::OS_ACK => Command::OsAck { chunk: r.u32()? },
            VirtualType::OS_HEADER => Command::OsHeader(r.rest().to_vec()),
            VirtualType::OS_DATA => Command::OsData(r.rest().to_vec()),
            VirtualType::EOT_ACK => Command::EotAck,
            VirtualType::PARAM_REQUEST => {
                let n = r.u16()?;
                Command::ParamRequest((0..n).map(|_| r.u16()).collect::<Result<_, _>>()?)
            }
            VirtualType::PARAM_DATA => Command::ParamData(r.fields()?),
            VirtualType::DIR_REQUEST => {
                let n = r.u32()?;
                if n as usize > p.data.len() / 2 {
                    return Err(PacketError::Malformed(format!(
                        "{}: {n} attribute IDs announced in {} bytes",
                        p.vtype.name(),
                        p.data.len()
                    )));
                }
                let ids = (0..n).map(|_| r.u16()).collect::<Result<_, _>>()?;
                r.expect(&DIR_REQUEST_TAIL)?;
                Command::DirRequest(ids)
            }
            VirtualType::VAR_HEADER => Command::VarHeader {
                folder: r.name(false)?,
                name: r.name(false)?,
                fields: r.fields()?,
            },
            VirtualType::RTS => Command::Rts {
                folder: r.name(false)?,
                name: r.name(true)?,
                size: r.u32()?,
                mode: r.u8()?,
                attrs: r.attrs()?,
            },
            VirtualType::VAR_REQUEST => {
                let folder = r.name(false)?;
                let name = r.name(true)?;
                r.expect(&VAR_REQUEST_MIDDLE)?;
                let n = r.u16()?;
                let wanted = (0..n).map(|_| r.u16()).collect::<Result<_, _>>()?;
                let attrs = r.attrs()?;
                r.expect(&[0, 0])?;
                Command::VarRequest {
                    folder,
                    name,
                    wanted,
                    attrs,
                }
            }
            VirtualType::VAR_CONTENT => Command::VarContent(r.rest().to_vec()),
            VirtualType::PARAM_SET => {
                let id = r.u16()?;
                let size = r.u16()? as usize;
                Command::ParamSet {
                    id,
                    value: r.take(size)?.to_vec(),
                }
            }
            VirtualType::MODIFY_VAR => {
                let folder = r.name(false)?;
                let name = r.name(true)?;
                let attrs = r.attrs()?;
                r.expect(&[0x01])?;
                Command::ModifyVar {
                    folder,
                    name,
                    attrs,
                    new_folder: r.name(false)?,
                    new_name: r.name(false)?,
                    new_attrs: r.attrs()?,
                }
            }
            VirtualType::EXECUTE => {
                let folder = r.name(false)?;
                let name = r.name(false)?;
                let action = r.u8()?;
                let args = r.rest().to_vec();
                if action == super::fields::action::KEY
                    && folder.is_empty()
                    && name.is_empty()
                    && args.len() == 2
                {
                    Command::Key(u16::from_be_bytes([args[0], args[1]]))
                } else {
                    Command::Execute {
                        folder,
                        name,
                        action,
                        args,
                    }
                }
            }
            VirtualType::MODE_ACK => Command::ModeAck,
            VirtualType::DATA_ACK => Command::DataAck,
            VirtualType::DELAY_ACK => Command::DelayAck(r.u32()?),
            VirtualType::EOT => Command::Eot,
            VirtualType::ERROR => Command::Error(r.u16()?),
            other => {
                return Err(PacketError::Malformed(format!(
                    "unknown virtual packet type {:#06X}",
                    other.0
                )))
            }
        };
        r.end()?;
        Ok(c)
    }
}

/// What libticalcs2 knows of a DUSB error code: its index in `dusb_cmd.cc`'s table of known
/// codes (it reports error `ERR_CALC_ERROR2 + index`); the meanings are not documented
/// (docs/link.md#virtual-packet-types).
pub fn error_index(code: u16) -> Option<usize> {
    const KNOWN: [u16; 19] = [
        0x0004, 0x0006, 0x0008, 0x0009, 0x000c, 0x000d, 0x000e, 0x0011, 0x0012, 0x001c, 0x001d,
        0x0021, 0x0022, 0x0023, 0x0027, 0x0029, 0x002b, 0x002e, 0x0034,
    ];
    KNOWN.iter().position(|&c| c == code).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::super::command::Command;
    use super::super::fields::{aid, pid, type_value, Field};
    use super::super::virt::{VirtualPacket, VirtualType};
    use super::*;

    fn roundtrip(c: Command) -> Vec<u8> {
        let p = c.encode();
        assert_eq!(Command::decode(&p).as_ref(), Ok(&c), "{p:02X?}");
        p.data
    }

    #[test]
    fn calculator_replies_decode() {
        // A listing entry: folder main, variable str1, the six attributes of get_dirlist.
        let entry = Command::VarHeader {
            folder: b"main".to_vec(),
            name: b"str1".to_vec(),
            fields: vec![
                Field::present(aid::VAR_TYPE, type_value(0x0C)),
                Field::present(aid::ARCHIVED, vec![0]),
                Field::absent(aid::APPVAR),
                Field::present(aid::VAR_SIZE, vec![0, 0, 0, 10]),
                Field::present(aid::LOCKED, vec![1]),
                Field::absent(aid::UNKNOWN_42),
            ],
        };
        let d = roundtrip(entry);
        assert_eq!(
            &d[..14],
            [4, b'm', b'a', b'i', b'n', 0, 4, b's', b't', b'r', b'1', 0, 0, 6]
        );
        // A folder's own entry has no name.
        let folder = Command::VarHeader {
            folder: b"main".to_vec(),
            name: vec![],
            fields: vec![],
        };
        assert_eq!(roundtrip(folder), [4, b'm', b'a', b'i', b'n', 0, 0, 0, 0]);
        assert_eq!(roundtrip(Command::DelayAck(100_000)), [0, 1, 0x86, 0xA0]);
        assert_eq!(roundtrip(Command::Error(0x0012)), [0, 0x12]);
        assert_eq!(
            roundtrip(Command::ParamData(vec![
                Field::present(pid::FREE_RAM, vec![0, 0, 0, 0, 0, 1, 0, 0]),
                Field::absent(pid::FREE_FLASH)
            ])),
            [0, 2, 0, 0x0E, 0, 0, 8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0x11, 1]
        );
        assert_eq!(error_index(0x0004), Some(1));
        assert_eq!(error_index(0x0005), None);
    }

    #[test]
    fn malformed_commands_are_errors() {
        let bad = |vtype, data: &[u8]| Command::decode(&VirtualPacket::new(vtype, data.to_vec()));
        assert!(bad(VirtualType::MODE_SET, &[0, 3]).is_err());
        assert!(bad(VirtualType::DATA_ACK, &[1]).is_err(), "left over byte");
        assert!(bad(VirtualType(0x0F00), &[]).is_err());
        assert!(bad(VirtualType::VAR_HEADER, &[4, b'm', b'a', b'i', b'n', 1]).is_err());
        assert!(bad(VirtualType::DIR_REQUEST, &[0xFF, 0xFF, 0xFF, 0xFF]).is_err());
        let e = bad(VirtualType::PARAM_DATA, &[0, 1, 0, 2, 0, 0, 9, 1]).unwrap_err();
        assert!(e.to_string().contains("Parameter Data"), "{e}");
    }
}
