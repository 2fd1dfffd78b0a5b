//! FLASH files: operating-system upgrades (`.89u`, `.9xu`, `.v2u`) and FLASH applications
//! (`.89k`, `.9xk`, `.v2k`). Pure code over byte slices.
//!
//! A FLASH file is one or more blocks laid end to end; each is a 78-byte `**TIFL**` header
//! followed by its data (docs/files.md#flash-files; the reference is tilibs' `ti9x_file_read_flash`
//! and `ti9x_file_write_flash`). Header offsets:
//!
//! | off | size | field |
//! |----:|-----:|-------|
//! | 0 | 8 | `**TIFL**` |
//! | 8, 9 | 1, 1 | revision major, minor |
//! | 10 | 1 | flags |
//! | 11 | 1 | object type |
//! | 12, 13 | 1, 1 | revision day, month |
//! | 14 | 2 | revision year, LE |
//! | 16 | 1 | name length |
//! | 17 | 8 | name, NUL-padded ("basecode" for an OS) |
//! | 25 | 23 | filler |
//! | 48 | 1 | device type: 0x98 TI-89, 0x88 TI-92 Plus / V200 |
//! | 49 | 1 | data type: 0x23 OS, 0x24 app, 0x25 certificate, 0x3E licence |
//! | 50 | 23 | filler |
//! | 73 | 1 | hardware ID (1 TI-92 Plus, 3 TI-89, 8 V200, 9 TI-89 Titanium) |
//! | 74 | 4 | data length, LE |
//! | 78 | n | data |
//!
//! The Link Guide describes a trailing 2-byte checksum and a 2-byte hardware ID at 72; tilibs'
//! reader (which TiEmu and TiLP use) has neither, and looks for the next `**TIFL**` right after
//! the data. This module follows tilibs, and keeps any bytes after the last block that are not a
//! block (such as the Link Guide's checksum) in [`FlashFile::trailer`], so reading then writing
//! a file gives back the same bytes.
//!
//! A raw `.tib` (the OS image ld-tigcc writes, and the form Debian ships PedroM in) becomes an
//! OS upgrade with [`FlashFile::os_from_tib`].

use super::Model;

/// The signature every block starts with.
pub const FLASH_SIGNATURE: &[u8; 8] = b"**TIFL**";

/// Size of a block header, before its data.
pub const FLASH_HEADER_LEN: usize = 78;

/// The largest data length tilibs accepts in one block: 4 MiB of FLASH minus the 64 KiB boot
/// sector.
pub const FLASH_MAX_DATA_LEN: usize = 4 * 1024 * 1024 - 65536;

/// Name of an operating-system block.
pub const OS_BLOCK_NAME: &str = "basecode";

/// What a FLASH block holds (header offset 49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlashDataType {
    /// 0x23: an operating system (AMS or PedroM).
    Os,
    /// 0x24: a FLASH application.
    App,
    /// 0x25: a certificate.
    Certificate,
    /// 0x3E: a licence text.
    License,
}

impl FlashDataType {
    /// What it is, in words: `operating system`, `application`, `certificate`, `licence`.
    pub fn name(self) -> &'static str {
        match self {
            FlashDataType::Os => "operating system",
            FlashDataType::App => "application",
            FlashDataType::Certificate => "certificate",
            FlashDataType::License => "licence",
        }
    }

    /// The byte stored in the header.
    pub fn byte(self) -> u8 {
        match self {
            FlashDataType::Os => 0x23,
            FlashDataType::App => 0x24,
            FlashDataType::Certificate => 0x25,
            FlashDataType::License => 0x3E,
        }
    }

    /// The data type of a header byte, if tilibs knows it.
    pub fn from_byte(byte: u8) -> Option<FlashDataType> {
        match byte {
            0x23 => Some(FlashDataType::Os),
            0x24 => Some(FlashDataType::App),
            0x25 => Some(FlashDataType::Certificate),
            0x3E => Some(FlashDataType::License),
            _ => None,
        }
    }
}

/// The revision date of a block, as stored (day, month, LE16 year). tilibs prints the bytes in
/// hexadecimal, so real files may hold BCD; this module keeps the bytes as they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FlashDate {
    /// Byte 12.
    pub day: u8,
    /// Byte 13.
    pub month: u8,
    /// Bytes 14-15, LE.
    pub year: u16,
}

/// One `**TIFL**` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlashBlock {
    /// Revision (major, minor), bytes 8-9.
    pub revision: (u8, u8),
    /// Flags, byte 10.
    pub flags: u8,
    /// Object type, byte 11.
    pub object_type: u8,
    /// Revision date, bytes 12-15.
    pub date: FlashDate,
    /// Name, at most 8 printable ASCII characters ("basecode" for an OS).
    pub name: String,
    /// Device type, byte 48: 0x98 TI-89 / Titanium, 0x88 TI-92 Plus / V200.
    pub device_type: u8,
    /// Data type, byte 49.
    pub data_type: FlashDataType,
    /// Hardware ID, byte 73 (0 when the writer left it unset, as tilibs does).
    pub hardware_id: u8,
    /// The two 23-byte filler fields (offsets 25 and 50); zero in every file tilibs writes,
    /// kept so that a file reads and writes back unchanged.
    pub filler: [[u8; 23]; 2],
    /// The block's data.
    pub data: Vec<u8>,
}

/// A whole FLASH file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlashFile {
    /// The blocks, in file order (TI's OS files may put a licence block first; the OS or app is
    /// then the last block, which is the one TiEmu loads).
    pub blocks: Vec<FlashBlock>,
    /// Bytes after the last block that do not start another block (none in files tilibs
    /// writes).
    pub trailer: Vec<u8>,
}

/// What can be wrong with a FLASH file or a raw `.tib`. Each message says where and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlashError {
    /// The file is shorter than one header, or a header's data runs past the end.
    #[error("FLASH file truncated: block {block} at offset {offset} needs {needed} bytes, the file has {available} left")]
    Truncated {
        /// Index of the block.
        block: usize,
        /// Offset of the block in the file.
        offset: usize,
        /// Bytes the block needs.
        needed: usize,
        /// Bytes left in the file from the block's offset.
        available: usize,
    },
    /// A block does not start with `**TIFL**`.
    #[error("not a FLASH file: no **TIFL** signature at offset {offset}; FLASH files (.89u, .9xk, .v2u...) start with one, and a raw OS image (.tib) has none")]
    BadSignature {
        /// Offset where the signature was expected.
        offset: usize,
    },
    /// The name field is not 0-8 printable ASCII characters followed by NULs.
    #[error("FLASH block {block}: bad name field (length byte {length}, bytes {bytes:02x?}); expected at most 8 printable ASCII characters padded with zeros")]
    BadName {
        /// Index of the block.
        block: usize,
        /// The name-length byte.
        length: u8,
        /// The 8 name bytes.
        bytes: [u8; 8],
    },
    /// The device type is not 0x98 or 0x88.
    #[error("FLASH block {block}: unknown device type 0x{device_type:02x} (expected 0x98 for a TI-89 or 0x88 for a TI-92 Plus / Voyage 200)")]
    BadDeviceType {
        /// Index of the block.
        block: usize,
        /// The byte found.
        device_type: u8,
    },
    /// The data type is not one tilibs knows.
    #[error("FLASH block {block}: unknown data type 0x{data_type:02x} (expected 0x23 OS, 0x24 app, 0x25 certificate or 0x3e licence)")]
    BadDataType {
        /// Index of the block.
        block: usize,
        /// The byte found.
        data_type: u8,
    },
    /// A block claims more data than any calculator's FLASH holds.
    #[error("FLASH block {block}: data length {length} is larger than the {FLASH_MAX_DATA_LEN} bytes a calculator's FLASH can hold")]
    TooLong {
        /// Index of the block.
        block: usize,
        /// The length found (or asked for when writing).
        length: usize,
    },
    /// An OS or app block's data does not start with its header field.
    #[error("FLASH block {block}: {data_type:?} data must start with 0x{expected:02x} (its header field), found {found:02x?}")]
    BadData {
        /// Index of the block.
        block: usize,
        /// The block's data type.
        data_type: FlashDataType,
        /// The first byte an OS (0x80) or app (0x81) has.
        expected: u8,
        /// The first byte found (`None` when the data is empty).
        found: Option<u8>,
    },
    /// A block's device type does not fit the model the file is for.
    #[error("FLASH block {block} has device type 0x{device_type:02x}, which is not for a {model} (expected 0x{expected:02x})")]
    WrongModel {
        /// Index of the block.
        block: usize,
        /// The device type found.
        device_type: u8,
        /// The model the file was expected to be for.
        model: Model,
        /// The device type of that model.
        expected: u8,
    },
    /// A raw `.tib` is not an OS image.
    #[error("not a raw OS image (.tib): {0}")]
    BadTib(String),
}

impl FlashBlock {
    /// A block with the given name, device type, data type and data, every other field zero
    /// (what tilibs writes for a fresh `FlashContent`).
    pub fn new(name: &str, device_type: u8, data_type: FlashDataType, data: Vec<u8>) -> FlashBlock {
        FlashBlock {
            revision: (0, 0),
            flags: 0,
            object_type: 0,
            date: FlashDate::default(),
            name: name.to_string(),
            device_type,
            data_type,
            hardware_id: 0,
            filler: [[0; 23]; 2],
            data,
        }
    }

    /// The number of bytes this block takes in a file.
    pub fn encoded_len(&self) -> usize {
        FLASH_HEADER_LEN + self.data.len()
    }

    /// Appends the block's bytes to `out`. Fails on a name or data length a file cannot hold.
    fn write_to(&self, index: usize, out: &mut Vec<u8>) -> Result<(), FlashError> {
        let name = self.name.as_bytes();
        if name.len() > 8 || !name.iter().all(|b| b.is_ascii_graphic()) {
            let mut bytes = [0u8; 8];
            for (d, s) in bytes.iter_mut().zip(name) {
                *d = *s;
            }
            return Err(FlashError::BadName {
                block: index,
                length: name.len().min(255) as u8,
                bytes,
            });
        }
        if self.data.len() > FLASH_MAX_DATA_LEN {
            return Err(FlashError::TooLong {
                block: index,
                length: self.data.len(),
            });
        }
        check_data_start(index, self.data_type, &self.data)?;
        out.extend_from_slice(FLASH_SIGNATURE);
        out.extend_from_slice(&[
            self.revision.0,
            self.revision.1,
            self.flags,
            self.object_type,
            self.date.day,
            self.date.month,
        ]);
        out.extend_from_slice(&self.date.year.to_le_bytes());
        out.push(name.len() as u8);
        let mut name_field = [0u8; 8];
        name_field[..name.len()].copy_from_slice(name);
        out.extend_from_slice(&name_field);
        out.extend_from_slice(&self.filler[0]);
        out.push(self.device_type);
        out.push(self.data_type.byte());
        out.extend_from_slice(&self.filler[1]);
        out.push(self.hardware_id);
        out.extend_from_slice(&(self.data.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.data);
        Ok(())
    }

    /// Reads the block at `offset` of `bytes`; returns it and its encoded length.
    fn read_at(bytes: &[u8], offset: usize, index: usize) -> Result<FlashBlock, FlashError> {
        let rest = &bytes[offset..];
        if rest.len() < FLASH_HEADER_LEN {
            return Err(FlashError::Truncated {
                block: index,
                offset,
                needed: FLASH_HEADER_LEN,
                available: rest.len(),
            });
        }
        if &rest[..8] != FLASH_SIGNATURE {
            return Err(FlashError::BadSignature { offset });
        }
        let name_len = rest[16];
        let name_field: [u8; 8] = rest[17..25].try_into().expect("8 bytes");
        let name_ok = name_len <= 8
            && name_field[..name_len as usize]
                .iter()
                .all(|b| b.is_ascii_graphic())
            && name_field[name_len as usize..].iter().all(|&b| b == 0);
        if !name_ok {
            return Err(FlashError::BadName {
                block: index,
                length: name_len,
                bytes: name_field,
            });
        }
        let device_type = rest[48];
        let data_type = FlashDataType::from_byte(rest[49]).ok_or(FlashError::BadDataType {
            block: index,
            data_type: rest[49],
        })?;
        // tilibs accepts any device type on a licence block.
        if data_type != FlashDataType::License && device_type != 0x98 && device_type != 0x88 {
            return Err(FlashError::BadDeviceType {
                block: index,
                device_type,
            });
        }
        let length = u32::from_le_bytes(rest[74..78].try_into().expect("4 bytes")) as usize;
        if length > FLASH_MAX_DATA_LEN {
            return Err(FlashError::TooLong {
                block: index,
                length,
            });
        }
        if rest.len() < FLASH_HEADER_LEN + length {
            return Err(FlashError::Truncated {
                block: index,
                offset,
                needed: FLASH_HEADER_LEN + length,
                available: rest.len(),
            });
        }
        let data = &rest[FLASH_HEADER_LEN..FLASH_HEADER_LEN + length];
        check_data_start(index, data_type, data)?;
        Ok(FlashBlock {
            revision: (rest[8], rest[9]),
            flags: rest[10],
            object_type: rest[11],
            date: FlashDate {
                day: rest[12],
                month: rest[13],
                year: u16::from_le_bytes([rest[14], rest[15]]),
            },
            name: String::from_utf8(name_field[..name_len as usize].to_vec())
                .expect("checked ASCII"),
            device_type,
            data_type,
            hardware_id: rest[73],
            filler: [
                rest[25..48].try_into().expect("23 bytes"),
                rest[50..73].try_into().expect("23 bytes"),
            ],
            data: data.to_vec(),
        })
    }
}

/// An OS starts with its header field `80 xx`, an app with `81 xx` (tilibs refuses anything
/// else).
fn check_data_start(block: usize, data_type: FlashDataType, data: &[u8]) -> Result<(), FlashError> {
    let expected = match data_type {
        FlashDataType::Os => 0x80,
        FlashDataType::App => 0x81,
        _ => return Ok(()),
    };
    if data.first() == Some(&expected) {
        Ok(())
    } else {
        Err(FlashError::BadData {
            block,
            data_type,
            expected,
            found: data.first().copied(),
        })
    }
}

impl FlashFile {
    /// Reads a FLASH file, as strictly as tilibs: known device and data types, a length that
    /// fits a calculator, OS data starting with 0x80 and app data with 0x81. Blocks follow one
    /// another while the next 8 bytes are `**TIFL**`; whatever follows the last block is kept in
    /// [`FlashFile::trailer`].
    pub fn parse(bytes: &[u8]) -> Result<FlashFile, FlashError> {
        let mut blocks = Vec::new();
        let mut offset = 0;
        loop {
            let block = FlashBlock::read_at(bytes, offset, blocks.len())?;
            offset += block.encoded_len();
            blocks.push(block);
            if !bytes[offset..].starts_with(FLASH_SIGNATURE) {
                break;
            }
        }
        Ok(FlashFile {
            blocks,
            trailer: bytes[offset..].to_vec(),
        })
    }

    /// The bytes of the file, as tilibs' writer lays them out (plus the trailer, if any).
    pub fn to_bytes(&self) -> Result<Vec<u8>, FlashError> {
        let len = self
            .blocks
            .iter()
            .map(FlashBlock::encoded_len)
            .sum::<usize>();
        let mut out = Vec::with_capacity(len + self.trailer.len());
        for (i, block) in self.blocks.iter().enumerate() {
            block.write_to(i, &mut out)?;
        }
        out.extend_from_slice(&self.trailer);
        Ok(out)
    }

    /// The block TiEmu and TiLP install: the last OS or app block (earlier blocks are licences
    /// or certificates).
    pub fn main_block(&self) -> Option<&FlashBlock> {
        self.blocks
            .iter()
            .rev()
            .find(|b| matches!(b.data_type, FlashDataType::Os | FlashDataType::App))
    }

    /// Checks that every OS, app and certificate block is for `model`'s device type.
    pub fn check_model(&self, model: Model) -> Result<(), FlashError> {
        let expected = model.flash_device_type();
        for (i, b) in self.blocks.iter().enumerate() {
            if b.data_type != FlashDataType::License && b.device_type != expected {
                return Err(FlashError::WrongModel {
                    block: i,
                    device_type: b.device_type,
                    model,
                    expected,
                });
            }
        }
        Ok(())
    }

    /// The file extension (without the dot) for a file of this kind on `model`: `89u` for an
    /// OS, `89k` for an app, and so on.
    pub fn extension(&self, model: Model) -> String {
        let letter = match self.main_block().map(|b| b.data_type) {
            Some(FlashDataType::App) => 'k',
            _ => 'u',
        };
        format!("{}{}", model.extension_prefix(), letter)
    }

    /// Wraps a raw OS image (`.tib`) for `model` into a one-block OS upgrade: name "basecode",
    /// the model's device type, data type 0x23, the model's hardware ID, revision and date
    /// zero. The image must carry the OS header (`80 0F ...`, field `80 11` = hardware ID,
    /// "Advanced Mathematics Software" at offset 22) and be for `model` (a TI-89 Titanium
    /// image counts as a TI-89 one).
    pub fn os_from_tib(model: Model, tib: &[u8]) -> Result<FlashFile, FlashError> {
        let hw = tib_hardware_id(tib)?;
        let fits = match model {
            Model::Ti89 => hw == 3 || hw == 9,
            Model::Ti92Plus => hw == 1,
            Model::V200 => hw == 8,
        };
        if !fits {
            return Err(FlashError::BadTib(format!(
                "its hardware ID is {hw} ({}), not a {model}",
                hardware_name(hw)
            )));
        }
        if tib.len() > FLASH_MAX_DATA_LEN {
            return Err(FlashError::TooLong {
                block: 0,
                length: tib.len(),
            });
        }
        let mut block = FlashBlock::new(
            OS_BLOCK_NAME,
            model.flash_device_type(),
            FlashDataType::Os,
            tib.to_vec(),
        );
        block.hardware_id = model.hardware_id();
        Ok(FlashFile {
            blocks: vec![block],
            trailer: Vec::new(),
        })
    }
}

/// The text "Advanced Mathematics Software" that every OS image carries at offset 22.
const TIB_PRODUCT_NAME: &[u8] = b"Advanced Mathematics Software";

/// The hardware ID stored in a raw OS image: bytes 6-7 are the field tag `80 11` and byte 8
/// its value (this is what tilibs reads to tell the model of a `.tib`).
pub fn tib_hardware_id(tib: &[u8]) -> Result<u8, FlashError> {
    if tib.len() < 22 + TIB_PRODUCT_NAME.len() || tib[0] != 0x80 || tib[1] & 0xF0 != 0 {
        return Err(FlashError::BadTib(
            "it does not start with an OS header field (80 0x)".into(),
        ));
    }
    if &tib[22..22 + TIB_PRODUCT_NAME.len()] != TIB_PRODUCT_NAME {
        return Err(FlashError::BadTib(
            "\"Advanced Mathematics Software\" is missing at offset 22".into(),
        ));
    }
    if tib[6..8] != [0x80, 0x11] {
        return Err(FlashError::BadTib(format!(
            "no hardware-ID field (80 11) at offset 6, found {:02x} {:02x}",
            tib[6], tib[7]
        )));
    }
    Ok(tib[8])
}

fn hardware_name(hw: u8) -> &'static str {
    match hw {
        1 => "TI-92 Plus",
        3 => "TI-89",
        8 => "Voyage 200",
        9 => "TI-89 Titanium",
        _ => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_tib(hw: u8) -> Vec<u8> {
        let mut t = vec![
            0x80, 0x0F, 0x00, 0x01, 0x7C, 0x1E, 0x80, 0x11, hw, 0x80, 0x21,
        ];
        t.resize(22, 0);
        t.extend_from_slice(TIB_PRODUCT_NAME);
        t.extend_from_slice(&[0x4E, 0x75, 1, 2, 3]);
        t
    }

    #[test]
    fn header_fields_sit_at_the_documented_offsets() {
        let mut block = FlashBlock::new("basecode", 0x98, FlashDataType::Os, vec![0x80, 0xBB]);
        block.revision = (2, 9);
        block.flags = 0x11;
        block.object_type = 0x22;
        block.date = FlashDate {
            day: 0x14,
            month: 0x06,
            year: 0x2005,
        };
        block.hardware_id = 3;
        let bytes = FlashFile {
            blocks: vec![block.clone()],
            trailer: vec![],
        }
        .to_bytes()
        .unwrap();
        assert_eq!(bytes.len(), 80);
        assert_eq!(&bytes[..8], b"**TIFL**");
        assert_eq!(&bytes[8..16], &[2, 9, 0x11, 0x22, 0x14, 0x06, 0x05, 0x20]);
        assert_eq!(bytes[16], 8);
        assert_eq!(&bytes[17..25], b"basecode");
        assert_eq!((bytes[48], bytes[49], bytes[73]), (0x98, 0x23, 3));
        assert_eq!(&bytes[74..78], &[2, 0, 0, 0]);
        assert_eq!(&bytes[78..], &[0x80, 0xBB]);
        let back = FlashFile::parse(&bytes).unwrap();
        assert_eq!(back.blocks, vec![block]);
        assert!(back.trailer.is_empty());
    }

    #[test]
    fn several_blocks_and_a_trailer_round_trip() {
        let licence = FlashBlock::new("license", 0x00, FlashDataType::License, b"text".to_vec());
        let os = FlashBlock::new("basecode", 0x88, FlashDataType::Os, vec![0x80, 2, 3]);
        let file = FlashFile {
            blocks: vec![licence, os],
            trailer: vec![0x06, 0x00],
        };
        let bytes = file.to_bytes().unwrap();
        let back = FlashFile::parse(&bytes).unwrap();
        assert_eq!(back, file);
        assert_eq!(back.main_block().unwrap().name, "basecode");
        assert_eq!(back.extension(Model::V200), "v2u");
        assert!(back.check_model(Model::Ti92Plus).is_ok());
        assert!(matches!(
            back.check_model(Model::Ti89),
            Err(FlashError::WrongModel { block: 1, .. })
        ));
    }

    #[test]
    fn bad_input_is_refused_with_the_reason() {
        let good = FlashFile::os_from_tib(Model::Ti89, &fake_tib(3))
            .unwrap()
            .to_bytes()
            .unwrap();
        assert!(matches!(
            FlashFile::parse(&good[..50]),
            Err(FlashError::Truncated { needed: 78, .. })
        ));
        assert!(matches!(
            FlashFile::parse(&good[..good.len() - 1]),
            Err(FlashError::Truncated { .. })
        ));
        let mut bad = good.clone();
        bad[0] = b'#';
        assert_eq!(
            FlashFile::parse(&bad),
            Err(FlashError::BadSignature { offset: 0 })
        );
        let mut bad = good.clone();
        bad[48] = 0x73;
        assert!(matches!(
            FlashFile::parse(&bad),
            Err(FlashError::BadDeviceType { .. })
        ));
        let mut bad = good.clone();
        bad[49] = 0x21;
        assert!(matches!(
            FlashFile::parse(&bad),
            Err(FlashError::BadDataType { .. })
        ));
        let mut bad = good.clone();
        bad[16] = 9;
        assert!(matches!(
            FlashFile::parse(&bad),
            Err(FlashError::BadName { .. })
        ));
        let mut bad = good.clone();
        bad[78] = 0x81;
        assert!(matches!(
            FlashFile::parse(&bad),
            Err(FlashError::BadData { expected: 0x80, .. })
        ));
        let mut bad = good;
        bad[77] = 0x7F;
        assert!(matches!(
            FlashFile::parse(&bad),
            Err(FlashError::TooLong { .. })
        ));
    }

    #[test]
    fn tib_wrapping_checks_the_model() {
        let f = FlashFile::os_from_tib(Model::V200, &fake_tib(8)).unwrap();
        let b = &f.blocks[0];
        assert_eq!(
            (b.name.as_str(), b.device_type, b.hardware_id),
            ("basecode", 0x88, 8)
        );
        assert_eq!(b.data_type, FlashDataType::Os);
        assert!(FlashFile::os_from_tib(Model::Ti89, &fake_tib(9)).is_ok());
        let err = FlashFile::os_from_tib(Model::Ti89, &fake_tib(8)).unwrap_err();
        assert!(err.to_string().contains("Voyage 200"), "{err}");
        let mut not_os = fake_tib(3);
        not_os[25] = b'x';
        assert!(matches!(
            FlashFile::os_from_tib(Model::Ti89, &not_os),
            Err(FlashError::BadTib(_))
        ));
    }

    #[test]
    fn writing_refuses_what_a_file_cannot_hold() {
        let mut f = FlashFile::os_from_tib(Model::Ti89, &fake_tib(3)).unwrap();
        f.blocks[0].name = "too-long-name".into();
        assert!(matches!(f.to_bytes(), Err(FlashError::BadName { .. })));
    }
}
