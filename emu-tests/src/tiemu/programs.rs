//! Small 68000 programs for the bench: the reference text renderer the text oracle runs on the
//! calculator, and the making of ASM variables from linked programs.
//!
//! Programs become ASM variables through the project's own types: [`ProgramImage`] gives the
//! variable data (body, relocation table, tag 0xF3) and [`Variable::asm_program`] the
//! variable. Test programs are assembled with the CPU harness's fixture builder
//! ([`crate::fixture::assemble_str`], Debian's `m68k-linux-gnu-as`).

use ti_build::ProgramImage;
use ti_files::{charset, Variable};

use super::ops::parse_path;
use super::TiEmuError;

/// The source of the text renderer (kept beside this file).
pub const DRAWTEXT_SOURCE: &str = include_str!("programs/drawtext.s");

/// The text renderer's code, assembled from [`DRAWTEXT_SOURCE`]; the text is appended after
/// it. The test `drawtext_code_matches_its_source` re-assembles the source and compares.
pub const DRAWTEXT_CODE: [u8; 98] = [
    0x48, 0xE7, 0x18, 0x30, 0x24, 0x78, 0x00, 0xC8, 0x20, 0x6A, 0x06, 0x78, //
    0x4E, 0x90, 0x47, 0xFA, 0x00, 0x4C, 0x78, 0xFF, 0x76, 0x00, 0x3F, 0x03, //
    0x20, 0x6A, 0x06, 0x3C, 0x4E, 0x90, 0x54, 0x8F, 0x4A, 0x44, 0x6A, 0x04, //
    0x78, 0x00, 0x18, 0x00, 0x3F, 0x3C, 0x00, 0x01, 0x48, 0x7A, 0x00, 0x34, //
    0x3F, 0x1B, 0x42, 0x67, 0x20, 0x6A, 0x06, 0xA4, 0x4E, 0x90, 0x4F, 0xEF, //
    0x00, 0x0A, 0x52, 0x43, 0x0C, 0x43, 0x00, 0x03, 0x6D, 0xD0, 0x3F, 0x04, //
    0x20, 0x6A, 0x06, 0x3C, 0x4E, 0x90, 0x54, 0x8F, 0x20, 0x6A, 0x01, 0x44, //
    0x4E, 0x90, 0x4C, 0xDF, 0x0C, 0x18, 0x4E, 0x75, 0x00, 0x00, 0x00, 0x0C, //
    0x00, 0x1C,
];

/// The rows at which the renderer draws the text in fonts 0 (4x6), 1 (6x8) and 2 (8x10), and
/// each font's height.
pub const DRAWTEXT_ROWS: [(u32, u32); 3] = [(0, 6), (12, 8), (28, 10)];

/// An ASM program variable at `path` ("folder\name") whose body is `body`, without
/// relocations.
pub fn asm_variable(path: &str, body: Vec<u8>) -> Result<Variable, TiEmuError> {
    program_variable(
        path,
        &ProgramImage {
            text_len: body.len() as u32,
            body,
            ..Default::default()
        },
    )
}

/// The ASM program variable at `path` ("folder\name") of a linked program.
pub fn program_variable(path: &str, image: &ProgramImage) -> Result<Variable, TiEmuError> {
    let data = image
        .to_variable_data()
        .map_err(|e| TiEmuError::Protocol(format!("{path}: {e}")))?;
    Variable::asm_program(parse_path(path)?, data)
        .map_err(|e| TiEmuError::Protocol(format!("{path}: {e}")))
}

/// The renderer program at `path`, drawing `text` (printable ASCII).
pub fn drawtext_variable(path: &str, text: &str) -> Result<Variable, TiEmuError> {
    if text.is_empty() || !text.bytes().all(|b| (0x20..0x7F).contains(&b)) {
        return Err(TiEmuError::Protocol(format!(
            "text {text:?}: the text oracle takes printable ASCII only"
        )));
    }
    let mut body = DRAWTEXT_CODE.to_vec();
    body.extend(charset::encode(text).map_err(|e| TiEmuError::Protocol(e.to_string()))?);
    body.push(0);
    if body.len() % 2 == 1 {
        body.push(0);
    }
    asm_variable(path, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawtext_code_matches_its_source() {
        use crate::fixture::{assemble_str, require_binutils};
        if !require_binutils("drawtext_code_matches_its_source") {
            return;
        }
        let image = assemble_str("drawtext", DRAWTEXT_SOURCE).unwrap();
        assert!(image.relocations.is_empty());
        assert_eq!(
            image.body, DRAWTEXT_CODE,
            "programs/drawtext.s changed: paste the new bytes into DRAWTEXT_CODE"
        );
    }

    #[test]
    fn the_renderer_variable_holds_code_then_text() {
        let v = drawtext_variable("main\\tbtext", "Hi!").unwrap();
        assert_eq!(&v.data[..98], &DRAWTEXT_CODE);
        assert_eq!(&v.data[98..102], b"Hi!\0");
        assert_eq!(*v.data.last().unwrap(), 0xF3);
        assert!(drawtext_variable("main\\tbtext", "é").is_err());
        assert!(drawtext_variable("main\\tbtext", "").is_err());
    }
}
