//! Programs over 24 KB (docs/building.md#programs-over-24-kb): a small ASM program, the
//! launcher (`calc/programs/src/os/launcher.S`), under the program's name, and the program
//! itself, its "body", in a custom-data variable of the same folder. AMS 2.04+ runs ASM
//! programs of at most 24 KB; the launcher copies the body into a heap block, relocates it and
//! calls it, on HW1/HW2 in the RAM's mirror at +0x40000 (docs/rom-calls.md#the-asm-size-limit).
//!
//! The formats both sides share are defined here; the 68000 code gets them as the header
//! `launch_format.h` ([`c_header`]), generated into every program's build folder.
//!
//! - The launcher's ASM variable starts with `bra.w` (0x6000 and a displacement), the mark
//!   "W68L", the launcher's version (BE u16) and, at offset 10, the body's name (8 bytes, zero
//!   padded, and a zero byte).
//! - The body variable (type 0x1C, custom data, tag 0xF8): "W68B", the format's version (BE
//!   u16), the length of the ASM image that follows (BE u16), the length of its text (BE u16),
//!   the ASM image (the data of the program's ASM variable with an empty relocation table:
//!   code and data, every relocation slot zero, zero word, 0xF3), a zero byte when the image's
//!   length is odd, the relocations (BE u16 location, BE u16 target, unsigned offsets from the
//!   image's start), then `00 "w68" 00 F8` (the extension VAR-LINK shows). The launcher writes
//!   `base + target` at `base + location` for each at every run: it relocates the body in
//!   place, so a body may be larger than the 32 KB AMS's relocation table reaches, up to a
//!   variable's 64 KB.
//! - The launcher calls the body with d0 = [`LAUNCH_MAGIC`], d1 = its complement and a0 = the
//!   launcher's own variable (its size word), which `start.S` keeps so that the body's folder
//!   and variables are the launcher's.
//!
//! [`Installable`] (`install.rs`) is a built program as it goes onto a calculator; its
//! [`Installable::variables`] is the one place that turns it into the variables to send, a
//! launcher and its body together, for every command and bench. `build.rs` assembles and links
//! the launcher for a program.

mod build;
mod install;

pub(crate) use build::build_launcher;
pub use install::{body_beside, body_file, missing_bodies, read_body_file, Body, Installable};

use ti_files::VarName;

use super::image::{ImageError, ProgramImage, Relocation};

/// d0 when the launcher calls a body ("W68L"); d1 holds its complement.
pub const LAUNCH_MAGIC: u32 = 0x5736_384C;
/// The mark at offset 4 of a launcher.
pub const LAUNCHER_MARK: [u8; 4] = *b"W68L";
/// The launcher's version, at offset 8.
pub const LAUNCHER_VERSION: u16 = 2;
/// Offset of the body's name in the launcher (8 bytes, zero padded, then a zero).
pub const LAUNCHER_NAME_AT: usize = 10;
/// The body's signature.
pub const BODY_SIGNATURE: [u8; 4] = *b"W68B";
/// The body format's version.
pub const BODY_VERSION: u16 = 2;
/// Bytes before the ASM image in a body.
pub const BODY_HEADER: usize = 10;
/// The extension of a body's custom data (what VAR-LINK shows as its type).
pub const BODY_EXTENSION: &str = "w68";
/// Bytes after the ASM image: `00 "w68" 00 F8`.
pub const BODY_TRAILER: usize = BODY_EXTENSION.len() + 3;
/// The tag of custom data.
const OTH_TAG: u8 = 0xF8;

/// AMS errors the launcher throws (docs/rom-calls.md#errors): the body is missing
/// (PRGM_NOT_FOUND).
pub const ERR_BODY_MISSING: u16 = 850;
/// The variable is not a body of this format or version (DATATYPE).
pub const ERR_BODY_FORMAT: u16 = 210;
/// No memory for the body's copy (MEMORY).
pub const ERR_NO_MEMORY: u16 = 670;
/// A Titanium whose OS protects RAM from execution (no HW3Patch) (ILLEGAL_PRGM_REF).
pub const ERR_TITANIUM: u16 = 580;

/// What is wrong with a launcher, a body or their files.
#[derive(Debug, thiserror::Error)]
pub enum LauncherError {
    /// A launcher's body file is not beside it.
    #[error(
        "{launcher} is a launcher: its body {body} should be in {expected}, which {why}; build \
         the program again (ti68k build) and send both files"
    )]
    BodyMissing {
        /// The launcher's file.
        launcher: String,
        /// The body's variable name.
        body: String,
        /// Where the body was looked for.
        expected: String,
        /// What went wrong.
        why: String,
    },
    /// A variable is not a body of this format.
    #[error("{what} is not a program body of this toolkit: {why}")]
    NotABody {
        /// The variable or file.
        what: String,
        /// Why.
        why: String,
    },
    /// A name is not a calculator name.
    #[error("{0}")]
    Name(String),
    /// A file cannot be read.
    #[error("{0}")]
    File(String),
}

/// The constants of the launch formats as C and assembler `#define`s (`launch_format.h`).
pub fn c_header() -> String {
    let long = |b: [u8; 4]| u32::from_be_bytes(b);
    let defines: [(&str, u32, &str); 16] = [
        (
            "W68K_LAUNCH_MAGIC",
            LAUNCH_MAGIC,
            "d0 when a launcher calls a body; d1 = ~d0",
        ),
        (
            "W68K_LAUNCHER_MARK",
            long(LAUNCHER_MARK),
            "\"W68L\" at offset 4 of a launcher",
        ),
        (
            "W68K_LAUNCHER_VERSION",
            LAUNCHER_VERSION.into(),
            "at offset 8",
        ),
        (
            "W68K_LAUNCHER_NAME",
            LAUNCHER_NAME_AT as u32,
            "offset of the body's name",
        ),
        ("W68K_BODY_SIGNATURE", long(BODY_SIGNATURE), "\"W68B\""),
        (
            "W68K_BODY_VERSION",
            BODY_VERSION.into(),
            "the body format's version",
        ),
        ("W68K_BODY_VERSION_AT", 4, "offsets in the body's data"),
        ("W68K_BODY_ASM_LEN_AT", 6, ""),
        ("W68K_BODY_TEXT_LEN_AT", 8, ""),
        (
            "W68K_BODY_HEADER",
            BODY_HEADER as u32,
            "bytes before the ASM image",
        ),
        (
            "W68K_BODY_TRAILER",
            BODY_TRAILER as u32,
            "bytes after it: 00 \"w68\" 00 F8",
        ),
        (
            "W68K_ERR_MISSING",
            ERR_BODY_MISSING.into(),
            "AMS errors the launcher throws",
        ),
        ("W68K_ERR_FORMAT", ERR_BODY_FORMAT.into(), ""),
        ("W68K_ERR_MEMORY", ERR_NO_MEMORY.into(), ""),
        ("W68K_ERR_TITANIUM", ERR_TITANIUM.into(), ""),
        (
            "W68K_GHOST",
            0x4_0000,
            "the RAM's mirror that HW2 does not protect",
        ),
    ];
    let mut out = String::from(
        "/* Generated by the build (host/build/src/launcher/mod.rs): the formats of a launcher and\n \
         * its body (docs/building.md#programs-over-24-kb). */\n\
         #ifndef W68K_LAUNCH_FORMAT_H\n#define W68K_LAUNCH_FORMAT_H\n",
    );
    for (name, value, note) in defines {
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(" /* {note} */")
        };
        out.push_str(&format!("#define {name} {value:#x}{note}\n"));
    }
    out.push_str("#endif\n");
    out
}

/// The name of a program's body when its settings give none: the first 7 characters of the
/// program's variable name and `x`.
pub fn default_body_name(var_name: &str) -> String {
    let stem: String = var_name.chars().take(7).collect();
    format!("{stem}x")
}

/// The data of the body variable holding `image` (see the module documentation).
pub fn body_data(image: &ProgramImage) -> Result<Vec<u8>, ImageError> {
    let asm = image.to_unrelocated_data()?;
    let pad = asm.len() % 2;
    let len = BODY_HEADER + asm.len() + pad + 4 * image.relocations.len() + BODY_TRAILER;
    if len > ti_files::MAX_DATA_LEN {
        return Err(ImageError::TooLarge(len));
    }
    let mut data = Vec::with_capacity(len);
    data.extend_from_slice(&BODY_SIGNATURE);
    data.extend_from_slice(&BODY_VERSION.to_be_bytes());
    data.extend_from_slice(&(asm.len() as u16).to_be_bytes());
    data.extend_from_slice(&(image.text_len.min(0xFFFF) as u16).to_be_bytes());
    data.extend_from_slice(&asm);
    data.resize(data.len() + pad, 0);
    for r in &image.relocations {
        data.extend_from_slice(&(r.location as u16).to_be_bytes());
        data.extend_from_slice(&(r.target as u16).to_be_bytes());
    }
    data.push(0);
    data.extend_from_slice(BODY_EXTENSION.as_bytes());
    data.extend_from_slice(&[0, OTH_TAG]);
    Ok(data)
}

/// A body's contents, checked as the launcher checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyView<'a> {
    /// The ASM image (the data of an ASM program variable, its relocation table empty).
    pub asm: &'a [u8],
    /// Its text's length.
    pub text_len: u32,
    /// The relocations the launcher applies: (location, target) pairs of BE words.
    relocations: &'a [u8],
}

impl BodyView<'_> {
    /// The relocations the launcher applies, in the body's order.
    pub fn relocations(&self) -> impl Iterator<Item = Relocation> + '_ {
        self.relocations.chunks_exact(4).map(|e| Relocation {
            location: u32::from(u16::from_be_bytes([e[0], e[1]])),
            target: u32::from(u16::from_be_bytes([e[2], e[3]])),
        })
    }

    /// The program as the launcher runs it: the image with its relocations and text length
    /// ([`parse_body`] checked every relocation against the image).
    pub fn image(&self) -> Result<ProgramImage, ImageError> {
        let mut image = ProgramImage::from_variable_data(self.asm)?;
        image.text_len = self.text_len;
        image.relocations = self.relocations().collect();
        Ok(image)
    }
}

/// Reads the data of a body variable (without its size word); the error says what is wrong.
pub fn parse_body(data: &[u8]) -> Result<BodyView<'_>, String> {
    if data.len() < BODY_HEADER + BODY_TRAILER + 5 {
        return Err(format!("{} bytes are too few", data.len()));
    }
    if data[..4] != BODY_SIGNATURE {
        return Err("it does not start with the signature W68B".into());
    }
    let word = |at: usize| u16::from_be_bytes([data[at], data[at + 1]]);
    if word(4) != BODY_VERSION {
        return Err(format!(
            "its format version is {}, this toolkit writes {BODY_VERSION}",
            word(4)
        ));
    }
    let asm_len = usize::from(word(6));
    let pad = asm_len % 2;
    let table_len = (data.len() - BODY_HEADER - BODY_TRAILER)
        .checked_sub(asm_len + pad)
        .filter(|n| n % 4 == 0)
        .ok_or_else(|| {
            format!(
                "its header says {asm_len} bytes of program in {} bytes of data",
                data.len()
            )
        })?;
    let asm = &data[BODY_HEADER..BODY_HEADER + asm_len];
    let relocations = &data[BODY_HEADER + asm_len + pad..][..table_len];
    let trailer = &data[data.len() - BODY_TRAILER..];
    if asm.len() < 3
        || asm[asm.len() - 3..] != [0, 0, 0xF3]
        || trailer[1..1 + BODY_EXTENSION.len()] != *BODY_EXTENSION.as_bytes()
        || trailer.last() != Some(&OTH_TAG)
    {
        return Err("its program or its custom-data trailer is damaged".into());
    }
    let view = BodyView {
        asm,
        text_len: u32::from(word(8)),
        relocations,
    };
    let code_len = (asm_len - 3) as u32;
    if let Some(r) = view
        .relocations()
        .find(|r| r.location == 0 || r.location + 4 > code_len || r.target > code_len)
    {
        return Err(format!(
            "its relocation {:#x} -> {:#x} is outside its {code_len}-byte program",
            r.location, r.target
        ));
    }
    Ok(view)
}

/// The body's name a launcher's ASM variable data names, or `None` when it is not a launcher.
pub fn launcher_body_name(asm_data: &[u8]) -> Option<VarName> {
    let header = asm_data.get(..LAUNCHER_NAME_AT + 9)?;
    if header[..2] != [0x60, 0x00] || header[4..8] != LAUNCHER_MARK {
        return None;
    }
    let field = &header[LAUNCHER_NAME_AT..LAUNCHER_NAME_AT + 8];
    VarName::from_zero_padded(field).ok().flatten()
}

/// Writes `body` into the launcher's image (offset [`LAUNCHER_NAME_AT`]).
pub fn name_launcher(launcher: &mut ProgramImage, body: &VarName) -> Result<(), String> {
    let at = LAUNCHER_NAME_AT;
    let slot = launcher
        .body
        .get_mut(at..at + 9)
        .filter(|s| s.iter().all(|&b| b == 0))
        .ok_or("the launcher has no empty name slot at offset 10 (launcher.S changed?)")?;
    slot[..8].copy_from_slice(&body.padded());
    Ok(())
}

/// A launcher's image as the tests need one: its header (`bra.w`, the mark, the version, the
/// name `body`), then an `rts`.
#[cfg(test)]
pub(crate) fn test_launcher(body: &VarName) -> ProgramImage {
    let mut launcher = ProgramImage {
        body: [0x60, 0x00, 0x00, 0x14]
            .into_iter()
            .chain(LAUNCHER_MARK)
            .chain(LAUNCHER_VERSION.to_be_bytes())
            .chain([0; 10])
            .chain([0x4E, 0x75])
            .collect(),
        ..Default::default()
    };
    name_launcher(&mut launcher, body).unwrap();
    launcher
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image() -> ProgramImage {
        ProgramImage {
            body: vec![0x4E, 0x75, 0x12, 0x34],
            text_len: 2,
            ..Default::default()
        }
    }

    #[test]
    fn a_body_holds_the_asm_image_between_its_header_and_trailer() {
        let data = body_data(&image()).unwrap();
        assert_eq!(
            data,
            [
                b'W', b'6', b'8', b'B', 0, 2, 0, 7, 0, 2, // header
                0x4E, 0x75, 0x12, 0x34, 0, 0, 0xF3, // the ASM image
                0,    // to an even length
                0, b'w', b'6', b'8', 0, 0xF8
            ]
        );
        let view = parse_body(&data).unwrap();
        assert_eq!(view.asm, image().to_variable_data().unwrap());
        assert_eq!(view.text_len, 2);
        assert_eq!(view.relocations().count(), 0);
        let mut bad = data.clone();
        bad[5] = 1;
        assert!(parse_body(&bad).unwrap_err().contains("version is 1"));
        let mut bad = data.clone();
        bad[7] = 9;
        assert!(parse_body(&bad).unwrap_err().contains("9 bytes of program"));
        assert!(parse_body(&data[1..]).unwrap_err().contains("signature"));
    }

    /// Relocations past the 32 KB an AMS table reaches travel after the image, unsigned.
    #[test]
    fn a_body_carries_relocations_past_32_kb_after_its_image() {
        let mut body = vec![0u8; 0x9000];
        body[..2].copy_from_slice(&[0x4E, 0x75]);
        let far = ProgramImage {
            body,
            text_len: 0x8800,
            relocations: vec![
                Relocation {
                    location: 0x8802,
                    target: 0x8F00,
                },
                Relocation {
                    location: 4,
                    target: 0x8002,
                },
            ],
            ..Default::default()
        };
        assert!(
            far.to_variable_data().is_err(),
            "AMS's table cannot hold it"
        );
        let data = body_data(&far).unwrap();
        let view = parse_body(&data).unwrap();
        assert_eq!(view.asm.len(), 0x9000 + 3);
        assert_eq!(&view.asm[0x9000..], [0, 0, 0xF3]);
        assert_eq!(
            &data[10 + 0x9003..][..9],
            [0, 0x88, 0x02, 0x8F, 0x00, 0, 4, 0x80, 2]
        );
        assert_eq!(view.image().unwrap(), far);
        let mut bad = data.clone();
        bad[10 + 0x9004] = 0x95; // a location past the program
        assert!(parse_body(&bad).unwrap_err().contains("outside its"));
    }

    #[test]
    fn a_launcher_is_recognised_by_its_mark_and_names_its_body() {
        let name = VarName::new("joueurx").unwrap();
        let mut launcher = test_launcher(&name);
        let data = launcher.to_variable_data().unwrap();
        assert_eq!(launcher_body_name(&data), Some(name.clone()));
        assert!(
            name_launcher(&mut launcher, &name).is_err(),
            "a slot already written is refused"
        );
        assert_eq!(
            launcher_body_name(&image().to_variable_data().unwrap()),
            None
        );
    }

    #[test]
    fn default_body_names_keep_to_eight_characters() {
        assert_eq!(default_body_name("othia"), "othiax");
        assert_eq!(default_body_name("abcdefgh"), "abcdefgx");
    }

    #[test]
    fn the_c_header_defines_every_constant() {
        let h = c_header();
        assert!(h.contains("#define W68K_LAUNCH_MAGIC 0x5736384c"));
        assert!(h.contains("#define W68K_BODY_TRAILER 0x6"));
        assert!(h.contains("#define W68K_ERR_MISSING 0x352"));
    }
}
