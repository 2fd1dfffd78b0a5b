//! Variable type IDs: the byte that names a variable's type in files, link headers and
//! directory listings, with the extension letter of its single-variable file and the tag that
//! ends its data. Sources: tilibs `libtifiles/trunk/src/types89.h`, `types92p.h`,
//! `typesv2.h`; GCC4TI `include/C/estack.h` (tags); docs/files.md#extensions-type-ids-and-tags,
//! docs/files.md#tags.

use core::fmt;

/// A variable type ID. The same values serve the TI-89, TI-92 Plus and Voyage 200.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarType(pub u8);

impl VarType {
    /// Expression (numbers, symbolic expressions).
    pub const EXPR: VarType = VarType(0x00);
    /// List.
    pub const LIST: VarType = VarType(0x04);
    /// Matrix.
    pub const MAT: VarType = VarType(0x06);
    /// Data (spreadsheet).
    pub const DATA: VarType = VarType(0x0A);
    /// Text.
    pub const TEXT: VarType = VarType(0x0B);
    /// String.
    pub const STR: VarType = VarType(0x0C);
    /// Graph database.
    pub const GDB: VarType = VarType(0x0D);
    /// Geometry figure.
    pub const FIG: VarType = VarType(0x0E);
    /// Picture.
    pub const PIC: VarType = VarType(0x10);
    /// TI-BASIC program.
    pub const PRGM: VarType = VarType(0x12);
    /// TI-BASIC function.
    pub const FUNC: VarType = VarType(0x13);
    /// Geometry macro.
    pub const MAC: VarType = VarType(0x14);
    /// Custom type ("other", e.g. PPG).
    pub const OTH: VarType = VarType(0x1C);
    /// Backup.
    pub const BKUP: VarType = VarType(0x1D);
    /// Folder (in group files and listings only).
    pub const DIR: VarType = VarType(0x1F);
    /// Assembly program.
    pub const ASM: VarType = VarType(0x21);
    /// Directory-listing request (link only).
    pub const RDIR: VarType = VarType(0x1A);
    /// Flash application (in listings; files are FLASH files).
    pub const APPL: VarType = VarType(0x24);

    /// Every type that has its own single-variable file, with its extension letter, short
    /// name and the tag that ends its data (None when several tags are possible).
    const TABLE: [(VarType, char, &'static str, Option<u8>); 14] = [
        (VarType::EXPR, 'e', "expression", None),
        (VarType::LIST, 'l', "list", Some(0xD9)),
        (VarType::MAT, 'm', "matrix", Some(0xD9)),
        (VarType::DATA, 'c', "data", Some(0xDD)),
        (VarType::TEXT, 't', "text", Some(0xE0)),
        (VarType::STR, 's', "string", Some(0x2D)),
        (VarType::GDB, 'd', "graph database", Some(0xDE)),
        (VarType::FIG, 'a', "figure", Some(0xE1)),
        (VarType::PIC, 'i', "picture", Some(0xDF)),
        (VarType::PRGM, 'p', "TI-BASIC program", Some(0xDC)),
        (VarType::FUNC, 'f', "TI-BASIC function", Some(0xDC)),
        (VarType::MAC, 'x', "macro", Some(0xE2)),
        (VarType::OTH, 'y', "custom-type data", Some(0xF8)),
        (VarType::ASM, 'z', "ASM program", Some(0xF3)),
    ];

    /// The letter after the model prefix in a single-variable file's extension (`z` for
    /// `.89z`), or `None` for types that have no single-variable file.
    pub fn extension_letter(self) -> Option<char> {
        Self::TABLE.iter().find(|e| e.0 == self).map(|e| e.1)
    }

    /// The type a single-variable file extension letter names.
    pub fn from_extension_letter(letter: char) -> Option<VarType> {
        let letter = letter.to_ascii_lowercase();
        Self::TABLE.iter().find(|e| e.1 == letter).map(|e| e.0)
    }

    /// A short human name: "string", "ASM program"...
    pub fn name(self) -> &'static str {
        match self {
            VarType::DIR => "folder",
            VarType::BKUP => "backup",
            VarType::APPL => "Flash application",
            VarType::RDIR => "directory request",
            _ => Self::TABLE
                .iter()
                .find(|e| e.0 == self)
                .map_or("unknown type", |e| e.2),
        }
    }

    /// The tag byte that must end data of this type, when there is exactly one.
    pub fn tag(self) -> Option<u8> {
        Self::TABLE.iter().find(|e| e.0 == self).and_then(|e| e.3)
    }

    /// The type that data ending with `tag` has, from the tag alone (GCC4TI `estack.h`; PM
    /// `src/Link.asm` TagTranslation): the tag names the type for every type but a few
    /// ambiguous pairs, where the first is returned (list for 0xD9, program for 0xDC).
    /// Every other tag ends an expression.
    pub fn from_tag(tag: u8) -> VarType {
        match tag {
            0xD9 => VarType::LIST,
            0xDC => VarType::PRGM,
            _ => Self::TABLE
                .iter()
                .find(|e| e.3 == Some(tag))
                .map_or(VarType::EXPR, |e| e.0),
        }
    }

    /// Whether data ending with `tag` may be of this type.
    pub fn accepts_tag(self, tag: u8) -> bool {
        match self.tag() {
            Some(t) => t == tag,
            None if self == VarType::EXPR => VarType::from_tag(tag) == VarType::EXPR,
            None => true,
        }
    }
}

impl fmt::Display for VarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (0x{:02X})", self.name(), self.0)
    }
}

impl fmt::Debug for VarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VarType(0x{:02X} {})", self.0, self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_tags() {
        assert_eq!(VarType::ASM.extension_letter(), Some('z'));
        assert_eq!(VarType::from_extension_letter('S'), Some(VarType::STR));
        assert_eq!(VarType::DIR.extension_letter(), None);
        assert_eq!(VarType::from_tag(0x2D), VarType::STR);
        assert_eq!(VarType::from_tag(0xF3), VarType::ASM);
        assert_eq!(VarType::from_tag(0x1F), VarType::EXPR);
        assert!(VarType::EXPR.accepts_tag(0x20));
        assert!(!VarType::EXPR.accepts_tag(0x2D));
        assert!(VarType::FUNC.accepts_tag(0xDC));
        assert_eq!(VarType::STR.to_string(), "string (0x0C)");
    }
}
