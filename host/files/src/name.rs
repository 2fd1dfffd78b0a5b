//! Variable and folder names, and `folder\name` paths.
//!
//! On the calculator a name is 1 to 8 characters of the TI character set (see
//! [`super::charset`]), in lowercase: letters (a-z, Greek letters other than π, accented
//! letters), digits and `_`, and it never starts with a digit or `_` (the TI-89 guidebook,
//! "Variable names"; GCC4TI `vat.h/SYMSTR.hsf`: "all legal TIOS symbol names must be in
//! lowercase"). [`VarName::new`] enforces these rules on names typed by a user, folding ASCII
//! capitals to lowercase as AMS does. Names read from a file or a calculator are taken as
//! they are ([`VarName::from_bytes`] checks only length and separators), so that whatever a
//! calculator produced can be read back and written again unchanged.

use core::fmt;
use core::str::FromStr;

use super::charset;

/// Longest variable or folder name, in characters (bytes of the TI charset).
pub const MAX_NAME_LEN: usize = 8;

/// The folder separator in paths: `main\colonne`.
pub const SEPARATOR: char = '\\';

/// A variable or folder name: 1 to 8 bytes of the TI character set.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarName {
    bytes: Vec<u8>,
}

/// What is wrong with a name or a path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// The name is empty.
    #[error("empty name: a variable or folder name has 1 to 8 characters")]
    Empty,
    /// The name is longer than 8 characters.
    #[error("name {name:?} is {len} characters long: a calculator name has at most 8")]
    TooLong {
        /// The name as given.
        name: String,
        /// Its length in TI characters.
        len: usize,
    },
    /// The name starts with a character that may not start a name.
    #[error("name {name:?} starts with {ch:?}: a name must start with a letter")]
    BadFirst {
        /// The name as given.
        name: String,
        /// The offending character.
        ch: char,
    },
    /// The name contains a character that may not appear in a name.
    #[error("name {name:?} contains {ch:?}: names use only letters, digits and '_'")]
    BadChar {
        /// The name as given.
        name: String,
        /// The offending character.
        ch: char,
    },
    /// The name contains a character outside the TI character set.
    #[error("name {name:?}: {source}")]
    Charset {
        /// The name as given.
        name: String,
        /// The character that could not be encoded.
        #[source]
        source: charset::CharsetError,
    },
    /// Raw name bytes contain a NUL, a backslash or a space, or junk after the padding.
    #[error("name bytes {0:02x?} contain a NUL, a backslash, a space or junk after the name")]
    BadBytes(Vec<u8>),
    /// A path has more than one backslash.
    #[error("path {0:?} has more than one '\\': use folder\\name")]
    TooManySeparators(String),
}

/// Whether a TI-charset byte is a letter that may start a name.
fn is_letter(b: u8) -> bool {
    b.is_ascii_lowercase()
        || (0x80..=0x94).contains(&b) && b != 0x8C // Greek, except π (a constant)
        || (0xC0..=0xFF).contains(&b) && b != 0xD7 && b != 0xF7 // accented, except × ÷
}

impl VarName {
    /// A name typed by a user, checked against the calculator's naming rules. ASCII capitals
    /// are folded to lowercase (AMS treats `AB` and `ab` as the same name).
    pub fn new(name: &str) -> Result<VarName, NameError> {
        let bytes =
            charset::encode(&name.to_ascii_lowercase()).map_err(|source| NameError::Charset {
                name: name.to_string(),
                source,
            })?;
        let Some(&first) = bytes.first() else {
            return Err(NameError::Empty);
        };
        if bytes.len() > MAX_NAME_LEN {
            return Err(NameError::TooLong {
                name: name.to_string(),
                len: bytes.len(),
            });
        }
        if !is_letter(first) {
            return Err(NameError::BadFirst {
                name: name.to_string(),
                ch: charset::decode(&[first]).chars().next().unwrap_or('?'),
            });
        }
        if let Some(&bad) = bytes
            .iter()
            .find(|&&b| !(is_letter(b) || b.is_ascii_digit() || b == b'_'))
        {
            return Err(NameError::BadChar {
                name: name.to_string(),
                ch: charset::decode(&[bad]).chars().next().unwrap_or('?'),
            });
        }
        Ok(VarName { bytes })
    }

    /// A name as stored in a file or sent by a calculator (TI charset): 1 to 8 bytes, none of
    /// them NUL, `\` or a space. The naming rules are not applied, so that any name a
    /// calculator produced can be kept.
    pub fn from_bytes(bytes: &[u8]) -> Result<VarName, NameError> {
        if bytes.is_empty() {
            return Err(NameError::Empty);
        }
        if bytes.len() > MAX_NAME_LEN {
            return Err(NameError::TooLong {
                name: charset::decode(bytes),
                len: bytes.len(),
            });
        }
        if bytes.iter().any(|&b| b == 0 || b == b'\\' || b == b' ') {
            return Err(NameError::BadBytes(bytes.to_vec()));
        }
        Ok(VarName {
            bytes: bytes.to_vec(),
        })
    }

    /// A name from a fixed 8-byte, zero-padded field: `None` if the field is empty. Bytes
    /// after the first NUL are ignored (PedroM leaves junk there in directory listings).
    pub fn from_padded(field: &[u8]) -> Result<Option<VarName>, NameError> {
        let len = field.iter().position(|&b| b == 0).unwrap_or(field.len());
        if len == 0 {
            return Ok(None);
        }
        VarName::from_bytes(&field[..len]).map(Some)
    }

    /// A name from a fixed 8-byte field of a file, which must be zero padded: `None` if the
    /// field is empty. Junk after the name is an error, so that a file read is rewritten
    /// unchanged.
    pub fn from_zero_padded(field: &[u8]) -> Result<Option<VarName>, NameError> {
        let len = field.iter().position(|&b| b == 0).unwrap_or(field.len());
        if field[len..].iter().any(|&b| b != 0) {
            return Err(NameError::BadBytes(field.to_vec()));
        }
        VarName::from_padded(field)
    }

    /// The name's bytes in the TI charset.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The name in an 8-byte zero-padded field, as in file headers and listings.
    pub fn padded(&self) -> [u8; MAX_NAME_LEN] {
        let mut out = [0u8; MAX_NAME_LEN];
        out[..self.bytes.len()].copy_from_slice(&self.bytes);
        out
    }
}

impl fmt::Display for VarName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&charset::decode(&self.bytes))
    }
}

impl fmt::Debug for VarName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VarName({:?})", self.to_string())
    }
}

impl FromStr for VarName {
    type Err = NameError;
    fn from_str(s: &str) -> Result<VarName, NameError> {
        VarName::new(s)
    }
}

/// A variable's full name: an optional folder and a name. Without a folder the calculator
/// uses its current folder.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarPath {
    /// The folder, or `None` for "the calculator's current folder".
    pub folder: Option<VarName>,
    /// The variable's name.
    pub name: VarName,
}

impl VarPath {
    /// Parses `folder\name` or `name` typed by a user (see [`VarName::new`] for the rules).
    pub fn parse(path: &str) -> Result<VarPath, NameError> {
        let mut parts = path.split(SEPARATOR);
        let first = parts.next().unwrap_or("");
        match (parts.next(), parts.next()) {
            (None, _) => Ok(VarPath {
                folder: None,
                name: VarName::new(first)?,
            }),
            (Some(name), None) => Ok(VarPath {
                folder: Some(VarName::new(first)?),
                name: VarName::new(name)?,
            }),
            (Some(_), Some(_)) => Err(NameError::TooManySeparators(path.to_string())),
        }
    }

    /// A path in a folder.
    pub fn new(folder: VarName, name: VarName) -> VarPath {
        VarPath {
            folder: Some(folder),
            name,
        }
    }

    /// The path's bytes as the link protocol sends them: `folder\name` or `name`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(17);
        if let Some(folder) = &self.folder {
            out.extend_from_slice(folder.as_bytes());
            out.push(b'\\');
        }
        out.extend_from_slice(self.name.as_bytes());
        out
    }

    /// Parses the bytes of a name as the link protocol carries them (`folder\name` or `name`,
    /// TI charset), without the naming rules (see [`VarName::from_bytes`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<VarPath, NameError> {
        match bytes.iter().position(|&b| b == b'\\') {
            None => Ok(VarPath {
                folder: None,
                name: VarName::from_bytes(bytes)?,
            }),
            Some(i) => Ok(VarPath {
                folder: Some(VarName::from_bytes(&bytes[..i])?),
                name: VarName::from_bytes(&bytes[i + 1..])?,
            }),
        }
    }
}

impl fmt::Display for VarPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.folder {
            Some(folder) => write!(f, "{folder}\\{}", self.name),
            None => write!(f, "{}", self.name),
        }
    }
}

impl FromStr for VarPath {
    type Err = NameError;
    fn from_str(s: &str) -> Result<VarPath, NameError> {
        VarPath::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_names() {
        for ok in [
            "a", "colonne", "nom", "ai1", "my_func", "abcdefgh", "θ1", "élève",
        ] {
            assert_eq!(VarName::new(ok).unwrap().to_string(), ok);
        }
        assert_eq!(VarName::new("Main").unwrap().to_string(), "main");
    }

    #[test]
    fn illegal_names_say_why() {
        assert_eq!(VarName::new(""), Err(NameError::Empty));
        assert!(matches!(
            VarName::new("abcdefghi"),
            Err(NameError::TooLong { len: 9, .. })
        ));
        assert!(matches!(
            VarName::new("1abc"),
            Err(NameError::BadFirst { ch: '1', .. })
        ));
        assert!(matches!(
            VarName::new("_x"),
            Err(NameError::BadFirst { ch: '_', .. })
        ));
        assert!(matches!(
            VarName::new("a-b"),
            Err(NameError::BadChar { ch: '-', .. })
        ));
        assert!(matches!(
            VarName::new("π"),
            Err(NameError::BadFirst { ch: 'π', .. })
        ));
        assert!(matches!(VarName::new("a€"), Err(NameError::Charset { .. })));
        let msg = VarName::new("abcdefghi").unwrap_err().to_string();
        assert!(msg.contains("at most 8"), "{msg}");
    }

    #[test]
    fn paths() {
        let p = VarPath::parse("main\\colonne").unwrap();
        assert_eq!(p.folder.as_ref().unwrap().to_string(), "main");
        assert_eq!(p.to_bytes(), b"main\\colonne");
        assert_eq!(p.to_string(), "main\\colonne");
        assert_eq!(VarPath::parse("nom").unwrap().folder, None);
        assert!(matches!(
            VarPath::parse("a\\b\\c"),
            Err(NameError::TooManySeparators(_))
        ));
        assert!(VarPath::parse("\\x").is_err());
        assert_eq!(
            VarPath::from_bytes(b"main\\str1").unwrap(),
            VarPath::parse("main\\str1").unwrap()
        );
    }

    #[test]
    fn padded_fields() {
        let n = VarName::new("main").unwrap();
        assert_eq!(&n.padded(), b"main\0\0\0\0");
        assert_eq!(VarName::from_padded(b"main\0hom").unwrap(), Some(n));
        assert_eq!(VarName::from_padded(&[0; 8]).unwrap(), None);
        assert!(VarName::from_bytes(b"a b").is_err());
    }
}
