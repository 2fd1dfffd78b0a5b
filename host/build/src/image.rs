//! A linked nostub program, and its encoding as the data of an AMS ASM variable (type 0x21):
//! code and data, a zero word, the relocation table, the 0xF3 tag
//! (docs/files.md#asm-program-variables, docs/rom-calls.md#relocation-table; GCC4TI
//! `ld-tigcc/export/exp_tios.c`, `doc/System/Include/system.h/EX_patch.hsf`).
//!
//! AMS runs a program from the first byte after the variable's size word, after EX_patch has
//! walked the relocation table backwards from the tag and written `base + target` at
//! `base + location` for every entry.

use std::collections::BTreeMap;

/// The tag byte that ends an ASM program variable.
pub const ASM_TAG: u8 = 0xF3;

/// Largest offset a relocation may name: entries hold signed 16-bit offsets (ld-tigcc checks
/// `< 0x8000`).
pub const MAX_RELOC_OFFSET: u32 = 0x7FFF;

/// Largest offset a relocation of a launcher's body may name: the launcher applies the body's
/// relocations itself and reads their offsets as unsigned words, so a body may be as large as
/// a variable (docs/building.md#programs-over-24-kb).
pub const MAX_BODY_RELOC_OFFSET: u32 = 0xFFFF;

/// One absolute 32-bit relocation: the long at `location` must hold the run-time address of
/// the byte at `target` (both offsets from the start of the program).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Relocation {
    /// Offset of the 4-byte slot to patch. Never 0: EX_patch reads a zero location as the end
    /// of the table.
    pub location: u32,
    /// Offset of the byte the slot must point at.
    pub target: u32,
}

/// A linked program: everything the packager and the CPU harness need.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ProgramImage {
    /// Code, then read-only data, then writable data and zero-filled storage, as one block.
    /// The four bytes at every relocation location are zero (ld-tigcc's convention).
    pub body: Vec<u8>,
    /// Length of the executable, read-only part at the start of [`ProgramImage::body`]; a write
    /// below it is a bug (the CPU harness traps it).
    pub text_len: u32,
    /// Absolute relocations, applied at load time.
    pub relocations: Vec<Relocation>,
    /// Exported symbols: name to offset in the body. The program's entry point is offset 0.
    pub exports: BTreeMap<String, u32>,
}

/// What is wrong with an image or an ASM variable's data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// The data does not end with the ASM tag.
    #[error("not an ASM program: the last byte is {found:#04x}, not the tag 0xF3")]
    NotAsm {
        /// The byte found instead.
        found: u8,
    },
    /// The relocation table runs off the start of the data, or has no zero terminator.
    #[error("the relocation table is not terminated by a zero word")]
    UnterminatedRelocations,
    /// A relocation names an offset outside the program or beyond what AMS can encode.
    #[error("relocation at {location:#x} -> {target:#x} is outside the {len}-byte program (or beyond 0x7FFF)")]
    RelocationOutOfRange {
        /// Location offset.
        location: u32,
        /// Target offset.
        target: u32,
        /// Body length.
        len: usize,
    },
    /// The program is larger than a variable can hold.
    #[error("program data of {0} bytes does not fit in a variable (at most 65,517 bytes)")]
    TooLarge(usize),
}

impl ProgramImage {
    /// Checks every relocation against the body and the AMS table's encoding limits.
    pub fn validate(&self) -> Result<(), ImageError> {
        self.validate_within(MAX_RELOC_OFFSET)
    }

    /// Checks every relocation against the body, with offsets up to `limit`
    /// (`MAX_RELOC_OFFSET` for a program AMS relocates, `MAX_BODY_RELOC_OFFSET` for a
    /// launcher's body), and the variable's size.
    pub fn validate_within(&self, limit: u32) -> Result<(), ImageError> {
        for r in &self.relocations {
            let fits = r.location != 0
                && r.location <= limit
                && r.target <= limit
                && (r.location as usize) + 4 <= self.body.len()
                && (r.target as usize) <= self.body.len();
            if !fits {
                return Err(ImageError::RelocationOutOfRange {
                    location: r.location,
                    target: r.target,
                    len: self.body.len(),
                });
            }
        }
        let len = self.variable_data_len();
        if len > 0xFFEA {
            return Err(ImageError::TooLarge(len));
        }
        Ok(())
    }

    /// Length of [`ProgramImage::to_variable_data`]'s result.
    pub fn variable_data_len(&self) -> usize {
        self.body.len() + 2 + 4 * self.relocations.len() + 1
    }

    /// The data of the ASM variable, without its size word: body, `00 00`, relocation
    /// entries (BE target, BE location), tag. Entries are written in reverse order, as
    /// ld-tigcc does, so EX_patch (which walks backwards) applies them in list order.
    pub fn to_variable_data(&self) -> Result<Vec<u8>, ImageError> {
        self.to_variable_data_within(MAX_RELOC_OFFSET)
    }

    /// [`ProgramImage::to_variable_data`] with offsets up to `limit`: with
    /// `MAX_BODY_RELOC_OFFSET`, a table that only a reader of unsigned offsets (the CPU
    /// harness, the profiler) applies, not AMS.
    pub fn to_variable_data_within(&self, limit: u32) -> Result<Vec<u8>, ImageError> {
        self.validate_within(limit)?;
        Ok(self.encode(true))
    }

    /// The data of an ASM variable holding this program with an empty relocation table (body,
    /// `00 00`, tag), every relocation slot zero: a launcher's body, whose relocations travel
    /// beside it (offsets up to `MAX_BODY_RELOC_OFFSET`) and which the launcher applies.
    pub fn to_unrelocated_data(&self) -> Result<Vec<u8>, ImageError> {
        self.validate_within(MAX_BODY_RELOC_OFFSET)?;
        Ok(self.encode(false))
    }

    /// The body with every relocation slot zeroed, `00 00`, the relocation table as AMS reads
    /// it (backwards) when `with_table`, the tag.
    fn encode(&self, with_table: bool) -> Vec<u8> {
        let table: &[Relocation] = if with_table { &self.relocations } else { &[] };
        let mut out = Vec::with_capacity(self.body.len() + 3 + 4 * table.len());
        out.extend_from_slice(&self.body);
        for r in &self.relocations {
            let at = r.location as usize;
            out[at..at + 4].fill(0);
        }
        out.extend_from_slice(&[0, 0]);
        for r in table.iter().rev() {
            out.extend_from_slice(&(r.target as u16).to_be_bytes());
            out.extend_from_slice(&(r.location as u16).to_be_bytes());
        }
        out.push(ASM_TAG);
        out
    }

    /// Parses the data of an ASM variable (without its size word) the way EX_patch reads it:
    /// backwards from the tag until a zero location. Exports and the text length are not
    /// stored in a variable: the result has none and `text_len` 0.
    pub fn from_variable_data(data: &[u8]) -> Result<ProgramImage, ImageError> {
        let (&tag, rest) = data.split_last().ok_or(ImageError::NotAsm { found: 0 })?;
        if tag != ASM_TAG {
            return Err(ImageError::NotAsm { found: tag });
        }
        let mut end = rest.len();
        let mut relocations = Vec::new();
        loop {
            if end < 2 {
                return Err(ImageError::UnterminatedRelocations);
            }
            let location = u16::from_be_bytes([rest[end - 2], rest[end - 1]]) as u32;
            end -= 2;
            if location == 0 {
                break;
            }
            if end < 2 {
                return Err(ImageError::UnterminatedRelocations);
            }
            let target = u16::from_be_bytes([rest[end - 2], rest[end - 1]]) as u32;
            end -= 2;
            relocations.push(Relocation { location, target });
        }
        let image = ProgramImage {
            body: rest[..end].to_vec(),
            text_len: 0,
            relocations,
            exports: BTreeMap::new(),
        };
        image.validate()?;
        Ok(image)
    }

    /// The body relocated for a load at `base`, as AMS's EX_patch leaves it in memory.
    pub fn relocated(&self, base: u32) -> Vec<u8> {
        let mut body = self.body.clone();
        for r in &self.relocations {
            let at = r.location as usize;
            body[at..at + 4].copy_from_slice(&base.wrapping_add(r.target).to_be_bytes());
        }
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/files.md#worked-example-a-tiny-asm-program: `rts`, no relocations.
    #[test]
    fn rts_only_program() {
        let image = ProgramImage {
            body: vec![0x4E, 0x75],
            ..Default::default()
        };
        assert_eq!(image.to_variable_data().unwrap(), [0x4E, 0x75, 0, 0, 0xF3]);
    }

    /// docs/files.md#worked-example-a-tiny-asm-program, the variant with one relocation: `move.l
    /// #abs,d0; rts; dc.w 0x1234`, the long at offset 2 pointing at offset 8.
    #[test]
    fn one_relocation_round_trip() {
        let image = ProgramImage {
            body: vec![0x20, 0x3C, 0, 0, 0, 0, 0x4E, 0x75, 0x12, 0x34],
            relocations: vec![Relocation {
                location: 2,
                target: 8,
            }],
            ..Default::default()
        };
        let data = image.to_variable_data().unwrap();
        assert_eq!(
            data,
            [0x20, 0x3C, 0, 0, 0, 0, 0x4E, 0x75, 0x12, 0x34, 0, 0, 0, 8, 0, 2, 0xF3]
        );
        assert_eq!(ProgramImage::from_variable_data(&data).unwrap(), image);
        assert_eq!(&image.relocated(0x1_0000)[2..6], &[0x00, 0x01, 0x00, 0x08]);
    }

    #[test]
    fn bad_data_is_refused() {
        assert_eq!(
            ProgramImage::from_variable_data(&[0x4E, 0x75, 0, 0, 0x2D]),
            Err(ImageError::NotAsm { found: 0x2D })
        );
        assert_eq!(
            ProgramImage::from_variable_data(&[0x00, 0x08, 0xF3]),
            Err(ImageError::UnterminatedRelocations)
        );
        let bad = ProgramImage {
            body: vec![0; 4],
            relocations: vec![Relocation {
                location: 2,
                target: 0,
            }],
            ..Default::default()
        };
        assert!(matches!(
            bad.to_variable_data(),
            Err(ImageError::RelocationOutOfRange { .. })
        ));
    }
}
