//! DUSB commands: the contents of each virtual packet type, encoded and decoded exactly as
//! libticalcs2 builds and parses them for the TI-89 Titanium (docs/link.md#virtual-packet-types;
//! tilibs `libticalcs/trunk/src/dusb_cmd.cc`).
//!
//! [`Command::decode`] is strict: fixed bytes must be what libticalcs2 writes, counts must
//! match, nothing may be left over, so that `decode(p).encode() == p` for every packet it
//! accepts (the fuzz target checks that). The operations read the calculator's replies with
//! it too, after handling the delay acknowledgement and the error packet, which every
//! receiving function of libticalcs2 handles first.

use super::fields::{put_attrs, put_fields, put_name, put_name_always_terminated, Attr, Field};
use super::virt::{VirtualPacket, VirtualType};

/// The fixed tail of a directory listing request (`dusb_cmd_s_dirlist_request`).
pub(super) const DIR_REQUEST_TAIL: [u8; 7] = [0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x01];
/// The fixed bytes after the name of a variable request (`dusb_cmd_s_var_request`).
pub(super) const VAR_REQUEST_MIDDLE: [u8; 5] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF];

/// Mode byte of a request to send: silent.
pub const RTS_SILENT: u8 = 0x01;
/// Mode byte of a request to send: non-silent.
pub const RTS_NON_SILENT: u8 = 0x02;

/// One DUSB command, of either direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// 0x0001: set the mode (five BE16 words; [`super::fields::mode`]).
    ModeSet([u16; 5]),
    /// 0x0002: begin an OS transfer of `size` bytes (7 zero bytes, then BE32 size).
    OsBegin {
        /// The OS size.
        size: u32,
    },
    /// 0x0003: acknowledgement of an OS transfer, with the chunk size (BE32).
    OsAck {
        /// The chunk size.
        chunk: u32,
    },
    /// 0x0004: OS header bytes.
    OsHeader(Vec<u8>),
    /// 0x0005: OS data bytes.
    OsData(Vec<u8>),
    /// 0x0006: acknowledgement of an end of transmission.
    EotAck,
    /// 0x0007: request parameters (BE16 count, BE16 IDs).
    ParamRequest(Vec<u16>),
    /// 0x0008: parameter values (BE16 count, fields).
    ParamData(Vec<Field>),
    /// 0x0009: request a directory listing with these attributes (BE32 count, BE16 IDs, then
    /// `00 01 00 01 00 01 01`).
    DirRequest(Vec<u16>),
    /// 0x000A: a variable header (a listing entry, or the answer to a variable request).
    VarHeader {
        /// The folder (a folder's own entry carries its name here).
        folder: Vec<u8>,
        /// The name (empty for a folder's entry).
        name: Vec<u8>,
        /// The attributes.
        fields: Vec<Field>,
    },
    /// 0x000B: request to send a variable.
    Rts {
        /// The folder (empty: the current folder; FLASH applications have none).
        folder: Vec<u8>,
        /// The name.
        name: Vec<u8>,
        /// Bytes of the variable contents that follow.
        size: u32,
        /// [`RTS_SILENT`] or [`RTS_NON_SILENT`].
        mode: u8,
        /// The attributes (type, archived, version, locked).
        attrs: Vec<Attr>,
    },
    /// 0x000C: request a variable.
    VarRequest {
        /// The folder.
        folder: Vec<u8>,
        /// The name.
        name: Vec<u8>,
        /// The attribute IDs wanted in the answer.
        wanted: Vec<u16>,
        /// The attributes that identify the variable (its type).
        attrs: Vec<Attr>,
    },
    /// 0x000D: the contents of a variable.
    VarContent(Vec<u8>),
    /// 0x000E: set a parameter.
    ParamSet {
        /// The parameter ID.
        id: u16,
        /// The value.
        value: Vec<u8>,
    },
    /// 0x0010: modify a variable: rename it, change its attributes, or delete it (empty new
    /// folder and name, no new attributes).
    ModifyVar {
        /// The folder.
        folder: Vec<u8>,
        /// The name.
        name: Vec<u8>,
        /// Attributes that identify the variable (its type).
        attrs: Vec<Attr>,
        /// The new folder (empty: none).
        new_folder: Vec<u8>,
        /// The new name (empty: none).
        new_name: Vec<u8>,
        /// The new attributes.
        new_attrs: Vec<Attr>,
    },
    /// 0x0011: run a program or an application.
    Execute {
        /// The folder (empty: the current one).
        folder: Vec<u8>,
        /// The name.
        name: Vec<u8>,
        /// [`super::fields::action`].
        action: u8,
        /// The arguments as text, without terminator.
        args: Vec<u8>,
    },
    /// 0x0011 with action 3, no folder and no name: press a key (BE16 code).
    Key(u16),
    /// 0x0012: acknowledgement of a mode setting.
    ModeAck,
    /// 0xAA00: acknowledgement of data.
    DataAck,
    /// 0xBB00: wait this many microseconds, then read the real answer.
    DelayAck(u32),
    /// 0xDD00: end of transmission.
    Eot,
    /// 0xEE00: an error, with its code.
    Error(u16),
}

impl Command {
    /// The virtual packet type.
    pub fn vtype(&self) -> VirtualType {
        match self {
            Command::ModeSet(_) => VirtualType::MODE_SET,
            Command::OsBegin { .. } => VirtualType::OS_BEGIN,
            Command::OsAck { .. } => VirtualType::OS_ACK,
            Command::OsHeader(_) => VirtualType::OS_HEADER,
            Command::OsData(_) => VirtualType::OS_DATA,
            Command::EotAck => VirtualType::EOT_ACK,
            Command::ParamRequest(_) => VirtualType::PARAM_REQUEST,
            Command::ParamData(_) => VirtualType::PARAM_DATA,
            Command::DirRequest(_) => VirtualType::DIR_REQUEST,
            Command::VarHeader { .. } => VirtualType::VAR_HEADER,
            Command::Rts { .. } => VirtualType::RTS,
            Command::VarRequest { .. } => VirtualType::VAR_REQUEST,
            Command::VarContent(_) => VirtualType::VAR_CONTENT,
            Command::ParamSet { .. } => VirtualType::PARAM_SET,
            Command::ModifyVar { .. } => VirtualType::MODIFY_VAR,
            Command::Execute { .. } | Command::Key(_) => VirtualType::EXECUTE,
            Command::ModeAck => VirtualType::MODE_ACK,
            Command::DataAck => VirtualType::DATA_ACK,
            Command::DelayAck(_) => VirtualType::DELAY_ACK,
            Command::Eot => VirtualType::EOT,
            Command::Error(_) => VirtualType::ERROR,
        }
    }

    /// The virtual packet, as libticalcs2 builds it.
    pub fn encode(&self) -> VirtualPacket {
        let mut d = Vec::new();
        match self {
            Command::ModeSet(words) => words.iter().for_each(|w| d.extend(w.to_be_bytes())),
            Command::OsBegin { size } => {
                d.extend([0; 7]);
                d.extend(size.to_be_bytes());
            }
            Command::OsAck { chunk } => d.extend(chunk.to_be_bytes()),
            Command::OsHeader(b) | Command::OsData(b) | Command::VarContent(b) => {
                d.extend_from_slice(b)
            }
            Command::EotAck | Command::ModeAck | Command::DataAck | Command::Eot => {}
            Command::ParamRequest(ids) => {
                d.extend((ids.len() as u16).to_be_bytes());
                ids.iter().for_each(|id| d.extend(id.to_be_bytes()));
            }
            Command::ParamData(fields) => put_fields(&mut d, fields),
            Command::DirRequest(ids) => {
                d.extend((ids.len() as u32).to_be_bytes());
                ids.iter().for_each(|id| d.extend(id.to_be_bytes()));
                d.extend(DIR_REQUEST_TAIL);
            }
            Command::VarHeader {
                folder,
                name,
                fields,
            } => {
                put_name(&mut d, folder);
                put_name(&mut d, name);
                put_fields(&mut d, fields);
            }
            Command::Rts {
                folder,
                name,
                size,
                mode,
                attrs,
            } => {
                put_name(&mut d, folder);
                put_name_always_terminated(&mut d, name);
                d.extend(size.to_be_bytes());
                d.push(*mode);
                put_attrs(&mut d, attrs);
            }
            Command::VarRequest {
                folder,
                name,
                wanted,
                attrs,
            } => {
                put_name(&mut d, folder);
                put_name_always_terminated(&mut d, name);
                d.extend(VAR_REQUEST_MIDDLE);
                d.extend((wanted.len() as u16).to_be_bytes());
                wanted.iter().for_each(|id| d.extend(id.to_be_bytes()));
                put_attrs(&mut d, attrs);
                d.extend([0, 0]);
            }
            Command::ParamSet { id, value } => {
                d.extend(id.to_be_bytes());
                d.extend((value.len() as u16).to_be_bytes());
                d.extend_from_slice(value);
            }
            Command::ModifyVar {
                folder,
                name,
                attrs,
                new_folder,
                new_name,
                new_attrs,
            } => {
                put_name(&mut d, folder);
                put_name_always_terminated(&mut d, name);
                put_attrs(&mut d, attrs);
                d.push(0x01);
                put_name(&mut d, new_folder);
                put_name(&mut d, new_name);
                put_attrs(&mut d, new_attrs);
            }
            Command::Execute {
                folder,
                name,
                action,
                args,
            } => {
                put_name(&mut d, folder);
                put_name(&mut d, name);
                d.push(*action);
                d.extend_from_slice(args);
            }
            Command::Key(code) => {
                d.extend([0, 0, super::fields::action::KEY]);
                d.extend(code.to_be_bytes());
            }
            Command::DelayAck(us) => d.extend(us.to_be_bytes()),
            Command::Error(code) => d.extend(code.to_be_bytes()),
        }
        VirtualPacket::new(self.vtype(), d)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fields::{aid, mode, pid, type_value};
    use super::*;

    fn roundtrip(c: Command) -> Vec<u8> {
        let p = c.encode();
        assert_eq!(Command::decode(&p).as_ref(), Ok(&c), "{p:02X?}");
        p.data
    }

    /// The data of every command the Titanium code of libticalcs2 sends, built by hand from
    /// `dusb_cmd.cc` and `calc_89t.cc` (one test per function).
    #[test]
    fn computer_commands_like_libticalcs2() {
        // is_ready: dusb_cmd_s_mode_set(DUSB_MODE_NORMAL)
        assert_eq!(
            roundtrip(Command::ModeSet(mode::NORMAL)),
            [0, 3, 0, 1, 0, 0, 0, 0, 0x07, 0xD0]
        );
        // get_memfree: dusb_cmd_s_param_request(2, {FREE_RAM, FREE_FLASH})
        assert_eq!(
            roundtrip(Command::ParamRequest(vec![pid::FREE_RAM, pid::FREE_FLASH])),
            [0, 2, 0, 0x0E, 0, 0x11]
        );
        // get_dirlist: six attribute IDs, then the fixed tail
        assert_eq!(
            roundtrip(Command::DirRequest(vec![2, 3, 5, 1, 0x41, 0x42])),
            [0, 0, 0, 6, 0, 2, 0, 3, 0, 5, 0, 1, 0, 0x41, 0, 0x42, 0, 1, 0, 1, 0, 1, 1]
        );
        // send_var of main\str1 (10 bytes), type 0x0C, not archived, version 0, not locked
        let rts = Command::Rts {
            folder: b"main".to_vec(),
            name: b"str1".to_vec(),
            size: 10,
            mode: RTS_SILENT,
            attrs: vec![
                Attr::new(aid::VAR_TYPE, type_value(0x0C)),
                Attr::new(aid::ARCHIVED, vec![0]),
                Attr::new(aid::VAR_VERSION, vec![0; 4]),
                Attr::new(aid::LOCKED, vec![0]),
            ],
        };
        assert_eq!(
            roundtrip(rts),
            [
                4, b'm', b'a', b'i', b'n', 0, 4, b's', b't', b'r', b'1', 0, 0, 0, 0, 10, 1, 0, 4,
                0, 2, 0, 4, 0xF0, 0x0C, 0, 0x0C, 0, 3, 0, 1, 0, 0, 8, 0, 4, 0, 0, 0, 0, 0, 0x41, 0,
                1, 0
            ]
        );
        // recv_var: wanted {ARCHIVED, VAR_VERSION, LOCKED}, attribute {VAR_TYPE2 = F0 0C 00 0C}
        let req = Command::VarRequest {
            folder: b"main".to_vec(),
            name: b"str1".to_vec(),
            wanted: vec![aid::ARCHIVED, aid::VAR_VERSION, aid::LOCKED],
            attrs: vec![Attr::new(aid::VAR_TYPE2, type_value(0x0C))],
        };
        assert_eq!(
            roundtrip(req),
            [
                4, b'm', b'a', b'i', b'n', 0, 4, b's', b't', b'r', b'1', 0, 1, 0xFF, 0xFF, 0xFF,
                0xFF, 0, 3, 0, 3, 0, 8, 0, 0x41, 0, 1, 0, 0x11, 0, 4, 0xF0, 0x0C, 0, 0x0C, 0, 0
            ]
        );
        // del_var: dusb_cmd_s_var_delete = modify with empty destination
        let del = Command::ModifyVar {
            folder: b"main".to_vec(),
            name: b"x".to_vec(),
            attrs: vec![Attr::new(aid::VAR_TYPE2, type_value(0x00))],
            new_folder: vec![],
            new_name: vec![],
            new_attrs: vec![],
        };
        assert_eq!(
            roundtrip(del),
            [
                4, b'm', b'a', b'i', b'n', 0, 1, b'x', 0, 0, 1, 0, 0x11, 0, 4, 0xF0, 0x0C, 0, 0, 1,
                0, 0, 0, 0
            ]
        );
        // send_key(KEY_HOME = 277): empty folder and name, action 3, BE16 code
        assert_eq!(roundtrip(Command::Key(277)), [0, 0, 3, 0x01, 0x15]);
        // execute(main\prog1), ASM, no arguments
        let run = Command::Execute {
            folder: b"main".to_vec(),
            name: b"prog1".to_vec(),
            action: super::super::fields::action::ASM,
            args: vec![],
        };
        assert_eq!(
            roundtrip(run),
            [4, b'm', b'a', b'i', b'n', 0, 5, b'p', b'r', b'o', b'g', b'1', 0, 1]
        );
        // new_folder's go-home: dusb_cmd_s_param_set(HOMESCREEN, 1 byte = 1)
        assert_eq!(
            roundtrip(Command::ParamSet {
                id: pid::HOMESCREEN,
                value: vec![1]
            }),
            [0, 0x37, 0, 1, 1]
        );
        assert_eq!(roundtrip(Command::Eot), []);
        assert_eq!(
            roundtrip(Command::OsBegin { size: 0x12345 }),
            [0, 0, 0, 0, 0, 0, 0, 0, 1, 0x23, 0x45]
        );
    }
}
