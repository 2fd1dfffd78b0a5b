//! A calculator variable: where it lives, its type and attribute, and its data. This is the
//! unit that files hold, that the link sends and receives.

use super::name::{VarName, VarPath};
use super::types::VarType;
use super::value::{Value, ValueError};
use super::Model;

/// Largest data a variable can hold: its size word is 16 bits. (AMS itself refuses somewhat
/// less; ld-tigcc limits programs to 0xFFEA bytes.)
pub const MAX_DATA_LEN: usize = 0xFFFF;

/// A variable's attribute byte in files (docs/files.md#archived-and-locked-flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Attribute {
    /// Neither locked nor archived (0).
    #[default]
    None,
    /// Locked (1).
    Locked,
    /// Archived (3, as tilibs writes it).
    Archived,
    /// Any other byte, kept as it is (2 is "archived" in the link guide: see
    /// [`Attribute::is_archived`]).
    Other(u8),
}

impl Attribute {
    /// The attribute of a file's attribute byte.
    pub fn from_byte(b: u8) -> Attribute {
        match b {
            0 => Attribute::None,
            1 => Attribute::Locked,
            3 => Attribute::Archived,
            other => Attribute::Other(other),
        }
    }

    /// Whether the variable is archived: 3, or 2 as the link guide has it (tilibs reads both).
    pub fn is_archived(self) -> bool {
        matches!(self, Attribute::Archived | Attribute::Other(2))
    }

    /// The byte written in files.
    pub fn to_byte(self) -> u8 {
        match self {
            Attribute::None => 0,
            Attribute::Locked => 1,
            Attribute::Archived => 3,
            Attribute::Other(b) => b,
        }
    }

    /// A short word for listings: "", "locked", "archived".
    pub fn describe(self) -> &'static str {
        match self {
            Attribute::None => "",
            Attribute::Locked => "locked",
            Attribute::Archived => "archived",
            Attribute::Other(2) => "archived",
            Attribute::Other(_) => "attr?",
        }
    }
}

/// One variable: folder, name, type, attribute and data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Its folder, or `None` for "the receiving calculator's current folder".
    pub folder: Option<VarName>,
    /// Its name.
    pub name: VarName,
    /// Its type ID.
    pub var_type: VarType,
    /// Locked / archived.
    pub attribute: Attribute,
    /// Its data **without** the 2-byte size word: the estack image, ending with the type's
    /// tag (0xF3 for an ASM program).
    pub data: Vec<u8>,
}

/// Why a variable cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariableError {
    /// The value cannot be encoded.
    #[error("value of {path}: {source}")]
    Value {
        /// The variable.
        path: String,
        /// Why.
        #[source]
        source: ValueError,
    },
    /// The data is too large for a variable.
    #[error("{path}: {len} bytes of data do not fit in a variable (at most 65,535)")]
    TooLarge {
        /// The variable.
        path: String,
        /// The data length.
        len: usize,
    },
    /// The data is empty or does not end with the tag its type requires.
    #[error("{path}: data of a {var_type} must end with the tag {expected:#04x}, found {found}")]
    WrongTag {
        /// The variable.
        path: String,
        /// Its type.
        var_type: VarType,
        /// The tag required.
        expected: u8,
        /// What was found ("nothing" for empty data).
        found: String,
    },
}

impl Variable {
    /// A variable holding `value` at `path` (no attribute).
    pub fn new(path: VarPath, value: &Value) -> Result<Variable, VariableError> {
        let data = value.encode().map_err(|source| VariableError::Value {
            path: path.to_string(),
            source,
        })?;
        Variable::from_data(path, value.var_type(), data)
    }

    /// An ASM program variable from the data of `ti_build`'s `ProgramImage::to_variable_data`
    /// (without the size word, ending with 0xF3).
    pub fn asm_program(path: VarPath, data: Vec<u8>) -> Result<Variable, VariableError> {
        Variable::from_data(path, VarType::ASM, data)
    }

    /// A variable of any type from its raw data (without the size word); checks the length
    /// and, for types that have a single tag, that the data ends with it.
    pub fn from_data(
        path: VarPath,
        var_type: VarType,
        data: Vec<u8>,
    ) -> Result<Variable, VariableError> {
        let var = Variable {
            folder: path.folder,
            name: path.name,
            var_type,
            attribute: Attribute::None,
            data,
        };
        var.check()?;
        Ok(var)
    }

    /// Checks the data's length and final tag against the type.
    pub fn check(&self) -> Result<(), VariableError> {
        if self.data.len() > MAX_DATA_LEN {
            return Err(VariableError::TooLarge {
                path: self.path().to_string(),
                len: self.data.len(),
            });
        }
        if let Some(expected) = self.var_type.tag() {
            if self.data.last() != Some(&expected) {
                return Err(VariableError::WrongTag {
                    path: self.path().to_string(),
                    var_type: self.var_type,
                    expected,
                    found: self
                        .data
                        .last()
                        .map_or("nothing".to_string(), |t| format!("{t:#04x}")),
                });
            }
        }
        Ok(())
    }

    /// Its full name.
    pub fn path(&self) -> VarPath {
        VarPath {
            folder: self.folder.clone(),
            name: self.name.clone(),
        }
    }

    /// The typed value of its data (see [`Value::decode`]).
    pub fn value(&self) -> Value {
        Value::decode(self.var_type, &self.data)
    }

    /// The on-calculator image: BE size word, then the data. This is what files and link
    /// data packets carry (after 4 zero bytes).
    pub fn image(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.data.len() + 2);
        out.extend_from_slice(&(self.data.len() as u16).to_be_bytes());
        out.extend_from_slice(&self.data);
        out
    }

    /// Length of [`Variable::image`]: the size link headers and listings give.
    pub fn image_len(&self) -> usize {
        self.data.len() + 2
    }

    /// The checksum of the image: 16-bit sum of its bytes, size word included
    /// (docs/files.md#checksum).
    pub fn checksum(&self) -> u16 {
        checksum(&self.image())
    }

    /// The name of the single-variable file that holds it for `model`: `name.89z`. Names
    /// outside ASCII are written in UTF-8. `None` for types without such a file.
    pub fn file_name(&self, model: Model) -> Option<String> {
        let letter = self.var_type.extension_letter()?;
        Some(format!(
            "{}.{}{}",
            self.name,
            model.extension_prefix(),
            letter
        ))
    }
}

/// 16-bit wrapping sum of bytes: the checksum of files and link packets.
pub fn checksum(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0u16, |s, &b| s.wrapping_add(b as u16))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_and_checksum() {
        let v = Variable::new(
            VarPath::parse("main\\nom").unwrap(),
            &Value::Str("N".into()),
        )
        .unwrap();
        assert_eq!(v.image(), [0x00, 0x04, 0x00, 0x4E, 0x00, 0x2D]);
        assert_eq!(v.checksum(), 0x007F);
        assert_eq!(v.file_name(Model::V200).unwrap(), "nom.v2s");
    }

    #[test]
    fn wrong_tags_are_refused() {
        let p = VarPath::parse("main\\p").unwrap();
        let e = Variable::asm_program(p.clone(), vec![0x4E, 0x75, 0x2D]).unwrap_err();
        assert!(e.to_string().contains("must end with the tag 0xf3"), "{e}");
        assert!(Variable::asm_program(p.clone(), vec![]).is_err());
        assert!(matches!(
            Variable::from_data(p, VarType::OTH, vec![0xF8; 70_000]),
            Err(VariableError::TooLarge { .. })
        ));
    }
}
