//! Single-variable and group files (`.89z`, `.9xs`, `.v2e`, `.89g`...): layout, reading with
//! strict checks, and writing byte for byte as libtifiles2 does
//! (docs/files.md#single-variable-files, docs/files.md#group-files, docs/files.md#checksum; tilibs
//! `libtifiles/trunk/src/files9x.cc`).
//!
//! Header (all numbers LE): signature (8), `01 00`, default folder (8), comment (40), number
//! of table entries (2), then 16-byte entries, the total file size (4) and `A5 5A`. A file
//! with one variable has one entry and its folder in the header; a group has, per folder, a
//! folder entry (type 0x1F, count of variables) followed by its variables' entries. Each
//! variable's data block is 4 zero bytes, its image (BE size word + data) and the LE checksum
//! of the image.
//!
//! libtifiles2 is lenient (a bad checksum is only a warning); this reader is strict: every
//! offset, marker, count, size word and checksum must be right, and the error says which.

use super::name::{NameError, VarName};
use super::types::VarType;
use super::variable::{Attribute, Variable, VariableError};
use super::Model;

/// Offset of the first table entry.
const TABLE_START: usize = 0x3C;
/// Size of a table entry.
const ENTRY_LEN: usize = 16;
/// The marker after the table.
const MARKER: [u8; 2] = [0xA5, 0x5A];
/// Length of the comment field.
pub const COMMENT_LEN: usize = 40;

/// A single-variable or group file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarFile {
    /// The model the file is for (from its extension: `.v2z` and `.9xz` share a signature).
    pub model: Model,
    /// The comment field, raw (zero padded; calculators ignore it).
    pub comment: [u8; COMMENT_LEN],
    /// The header's folder: for a group, the folder of variables listed before any folder
    /// entry; for a single variable, its folder.
    pub default_folder: Option<VarName>,
    /// The variables, in file order (grouped by folder).
    pub variables: Vec<Variable>,
}

/// Everything that can be wrong with a calculator file.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file ends before a field it must have.
    #[error("truncated file: {what} needs {needed} bytes, the file has {len}")]
    Truncated {
        /// The field.
        what: String,
        /// Bytes needed.
        needed: usize,
        /// Bytes present.
        len: usize,
    },
    /// The signature is not this model's.
    #[error("not a {model} variable file: the signature is {found:?} (expected {expected:?}); check the file and its extension")]
    BadSignature {
        /// The model from the extension.
        model: Model,
        /// The 8 bytes found.
        found: String,
        /// The signature expected.
        expected: String,
    },
    /// The file is shorter than its header says: it was cut short.
    #[error("truncated: {len} of {size} bytes (the file was cut short, in a copy or a download?)", len = group_digits(*len), size = group_digits(*size))]
    Cut {
        /// Bytes present.
        len: usize,
        /// Bytes the header announces.
        size: usize,
    },
    /// The file is longer than its header says.
    #[error("corrupted file: the header says {size} bytes, the file has {len}", len = group_digits(*len), size = group_digits(*size))]
    TrailingBytes {
        /// Bytes present.
        len: usize,
        /// Bytes the header announces.
        size: usize,
    },
    /// A fixed marker or padding has the wrong bytes.
    #[error("corrupted file: {what} at offset {offset:#x} should be {expected:02x?}, found {found:02x?}")]
    BadMarker {
        /// The field.
        what: String,
        /// Its offset.
        offset: usize,
        /// The bytes expected.
        expected: Vec<u8>,
        /// The bytes found.
        found: Vec<u8>,
    },
    /// An offset in the table does not point where the data is.
    #[error("corrupted file: {what} is {found:#x}, expected {expected:#x}")]
    BadOffset {
        /// The field.
        what: String,
        /// The value found.
        found: usize,
        /// The value it must have.
        expected: usize,
    },
    /// The table is inconsistent.
    #[error("corrupted file: {0}")]
    BadTable(String),
    /// A name field is not a valid name.
    #[error("corrupted file: entry {entry}: {source}")]
    BadName {
        /// Index of the table entry.
        entry: usize,
        /// Why.
        #[source]
        source: NameError,
    },
    /// A variable's size word disagrees with its data block.
    #[error(
        "corrupted file: {path}: the size word says {word} bytes, the data block holds {actual}"
    )]
    InnerLength {
        /// The variable.
        path: String,
        /// The size word.
        word: usize,
        /// The data bytes present.
        actual: usize,
    },
    /// A variable's checksum is wrong.
    #[error("damaged file: {path}: checksum is {stored:#06x}, the data sums to {computed:#06x}")]
    Checksum {
        /// The variable.
        path: String,
        /// The stored checksum.
        stored: u16,
        /// The checksum of the data.
        computed: u16,
    },
    /// The extension names one type, the file holds another.
    #[error(
        "wrongly typed file: the extension .{ext} is for a {expected}, but {path} is a {found}"
    )]
    WrongType {
        /// The extension.
        ext: String,
        /// The type the extension names.
        expected: VarType,
        /// The variable.
        path: String,
        /// The type found.
        found: VarType,
    },
    /// A single-variable extension on a file with several variables.
    #[error("the extension .{ext} is for one variable, but the file holds {count}; use .{prefix}g for a group")]
    NotSingle {
        /// The extension.
        ext: String,
        /// Variables found.
        count: usize,
        /// The model's extension prefix.
        prefix: &'static str,
    },
    /// The extension is not one of a TI-89/92+/V200 variable file.
    #[error("{0}")]
    UnknownExtension(String),
    /// A variable cannot be written.
    #[error(transparent)]
    Variable(#[from] VariableError),
}

/// What a file extension says: the model, and the type of its variable (`None` for a group).
pub fn parse_extension(ext: &str) -> Result<(Model, Option<VarType>), FileError> {
    let unknown = || {
        FileError::UnknownExtension(format!(
            "{ext:?} is not a TI-89 / TI-92 Plus / Voyage 200 variable file extension (.89z, .9xs, .v2e, .89g...)"
        ))
    };
    let model = Model::from_extension(ext).ok_or_else(unknown)?;
    let letter = ext.chars().nth(2).ok_or_else(unknown)?.to_ascii_lowercase();
    if letter == 'g' {
        return Ok((model, None));
    }
    VarType::from_extension_letter(letter)
        .map(|t| (model, Some(t)))
        .ok_or_else(unknown)
}

/// `2781` as `2,781`: byte counts in messages.
fn group_digits(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn le16(b: &[u8], at: usize) -> usize {
    u16::from_le_bytes([b[at], b[at + 1]]) as usize
}

fn le32(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) as usize
}

fn need(bytes: &[u8], needed: usize, what: impl Into<String>) -> Result<(), FileError> {
    if bytes.len() < needed {
        return Err(FileError::Truncated {
            what: what.into(),
            needed,
            len: bytes.len(),
        });
    }
    Ok(())
}

fn marker(bytes: &[u8], at: usize, expected: &[u8], what: &str) -> Result<(), FileError> {
    let found = &bytes[at..at + expected.len()];
    if found != expected {
        return Err(FileError::BadMarker {
            what: what.to_string(),
            offset: at,
            expected: expected.to_vec(),
            found: found.to_vec(),
        });
    }
    Ok(())
}

/// A file as read, before its checksums are judged: each variable with its stored checksum.
#[derive(Clone, Debug)]
pub struct ParsedFile {
    /// The file's content.
    pub file: VarFile,
    /// The checksum stored for each variable, in order.
    pub stored_checksums: Vec<u16>,
}

impl ParsedFile {
    /// The first variable whose stored checksum is wrong, as an error.
    pub fn verify(&self) -> Result<(), FileError> {
        for (var, &stored) in self.file.variables.iter().zip(&self.stored_checksums) {
            let computed = var.checksum();
            if computed != stored {
                return Err(FileError::Checksum {
                    path: var.path().to_string(),
                    stored,
                    computed,
                });
            }
        }
        Ok(())
    }
}

impl VarFile {
    /// A file holding one variable.
    pub fn single(model: Model, variable: Variable) -> VarFile {
        VarFile {
            model,
            comment: [0; COMMENT_LEN],
            default_folder: variable.folder.clone(),
            variables: vec![variable],
        }
    }

    /// A group file holding several variables (written with folder entries).
    pub fn group(model: Model, variables: Vec<Variable>) -> VarFile {
        VarFile {
            model,
            comment: [0; COMMENT_LEN],
            default_folder: variables.first().and_then(|v| v.folder.clone()),
            variables,
        }
    }

    /// The comment as text, up to its first NUL.
    pub fn comment_text(&self) -> String {
        let end = self
            .comment
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(COMMENT_LEN);
        super::charset::decode(&self.comment[..end])
    }

    /// Sets the comment (ASCII/TI text, truncated to 40 bytes, zero padded).
    pub fn set_comment(&mut self, text: &str) {
        self.comment = [0; COMMENT_LEN];
        let bytes = super::charset::encode(text).unwrap_or_else(|_| text.bytes().collect());
        let n = bytes.len().min(COMMENT_LEN);
        self.comment[..n].copy_from_slice(&bytes[..n]);
    }

    /// Reads a file whose extension is `ext` (`89z`, `v2g`...): the model comes from the
    /// extension, which must also match the variable's type. Strict: checksums included.
    pub fn from_bytes_with_extension(bytes: &[u8], ext: &str) -> Result<VarFile, FileError> {
        let (model, var_type) = parse_extension(ext)?;
        let file = VarFile::from_bytes(bytes, model)?;
        check_extension(&file, ext, var_type)?;
        Ok(file)
    }

    /// Reads a file of `model`, strictly: any structural fault or bad checksum is an error.
    pub fn from_bytes(bytes: &[u8], model: Model) -> Result<VarFile, FileError> {
        let parsed = VarFile::parse(bytes, model)?;
        parsed.verify()?;
        Ok(parsed.file)
    }

    /// Reads a file's structure strictly, but returns the stored checksums instead of judging
    /// them (for `ti68k info`, which reports each one).
    pub fn parse(bytes: &[u8], model: Model) -> Result<ParsedFile, FileError> {
        need(bytes, TABLE_START, "the header")?;
        if !model.accepts_signature(&bytes[..8]) {
            return Err(FileError::BadSignature {
                model,
                found: String::from_utf8_lossy(&bytes[..8]).into_owned(),
                expected: String::from_utf8_lossy(model.signature()).into_owned(),
            });
        }
        marker(bytes, 8, &[1, 0], "the format word")?;
        let default_folder = VarName::from_zero_padded(&bytes[0x0A..0x12])
            .map_err(|source| FileError::BadName { entry: 0, source })?;
        let mut comment = [0u8; COMMENT_LEN];
        comment.copy_from_slice(&bytes[0x12..0x3A]);
        let count = le16(bytes, 0x3A);
        if count == 0 {
            return Err(FileError::BadTable("the table has no entries".into()));
        }
        let table_end = TABLE_START + ENTRY_LEN * count;
        need(bytes, table_end + 6, format!("a table of {count} entries"))?;
        let size_field = le32(bytes, table_end);
        marker(bytes, table_end + 4, &MARKER, "the A5 5A marker")?;
        if size_field > bytes.len() {
            return Err(FileError::Cut {
                len: bytes.len(),
                size: size_field,
            });
        }
        if size_field < bytes.len() {
            return Err(FileError::TrailingBytes {
                len: bytes.len(),
                size: size_field,
            });
        }
        // The offset that follows entry i: the next entry's, or the file size.
        let next_offset = |i: usize| {
            if i + 1 < count {
                le32(bytes, TABLE_START + ENTRY_LEN * (i + 1))
            } else {
                size_field
            }
        };

        let mut variables = Vec::new();
        let mut stored_checksums = Vec::new();
        let mut folder = default_folder.clone();
        let mut expected_offset = table_end + 6;
        // (folder name, declared count, variables seen) of the current folder entry.
        let mut open_folder: Option<(String, usize, usize)> = None;
        let mut seen_folders: Vec<Option<VarName>> = Vec::new();
        for i in 0..count {
            let e = TABLE_START + ENTRY_LEN * i;
            let offset = le32(bytes, e);
            let name_field = &bytes[e + 4..e + 12];
            let var_type = VarType(bytes[e + 12]);
            if offset != expected_offset {
                return Err(FileError::BadOffset {
                    what: format!("the data offset of entry {i}"),
                    found: offset,
                    expected: expected_offset,
                });
            }
            if var_type == VarType::DIR && count > 1 {
                close_folder(&mut open_folder)?;
                folder = VarName::from_zero_padded(name_field)
                    .map_err(|source| FileError::BadName { entry: i, source })?;
                if seen_folders.contains(&folder) {
                    return Err(FileError::BadTable(format!(
                        "folder {:?} has two folder entries",
                        folder.as_ref().map_or(String::new(), |f| f.to_string())
                    )));
                }
                seen_folders.push(folder.clone());
                marker(bytes, e + 13, &[0], "a folder entry's attribute")?;
                let declared = le16(bytes, e + 14);
                if declared == 0 {
                    return Err(FileError::BadTable(format!(
                        "folder entry {:?} lists no variable (a group names a folder only before \
                         its variables)",
                        folder.as_ref().map_or(String::new(), |f| f.to_string())
                    )));
                }
                open_folder = Some((
                    folder.as_ref().map_or(String::new(), |f| f.to_string()),
                    declared,
                    0,
                ));
                continue;
            }
            if let Some(open) = &mut open_folder {
                open.2 += 1;
            }
            let name = VarName::from_zero_padded(name_field)
                .map_err(|source| FileError::BadName { entry: i, source })?
                .ok_or(FileError::BadName {
                    entry: i,
                    source: NameError::Empty,
                })?;
            let attribute = Attribute::from_byte(bytes[e + 13]);
            marker(bytes, e + 14, &[0, 0], "a variable entry's padding")?;
            let end = next_offset(i);
            let path = match &folder {
                Some(f) => format!("{f}\\{name}"),
                None => name.to_string(),
            };
            if end < offset + 8 || end > bytes.len() {
                return Err(FileError::BadOffset {
                    what: format!("the end of {path}'s data block"),
                    found: end,
                    expected: offset + 8,
                });
            }
            marker(
                bytes,
                offset,
                &[0, 0, 0, 0],
                "the zeros before a data block",
            )?;
            let image = &bytes[offset + 4..end - 2];
            let word = u16::from_be_bytes([image[0], image[1]]) as usize;
            if word != image.len() - 2 {
                return Err(FileError::InnerLength {
                    path,
                    word,
                    actual: image.len() - 2,
                });
            }
            let var = Variable {
                folder: folder.clone(),
                name,
                var_type,
                attribute,
                data: image[2..].to_vec(),
            };
            var.check()?;
            if variables
                .iter()
                .any(|v: &Variable| v.folder == var.folder && v.name == var.name)
            {
                return Err(FileError::BadTable(format!("{path} appears twice")));
            }
            variables.push(var);
            stored_checksums.push(le16(bytes, end - 2) as u16);
            expected_offset = end;
        }
        close_folder(&mut open_folder)?;
        if variables.is_empty() {
            return Err(FileError::BadTable(
                "the file holds folders but no variable".into(),
            ));
        }
        Ok(ParsedFile {
            file: VarFile {
                model,
                comment,
                default_folder,
                variables,
            },
            stored_checksums,
        })
    }

    /// The file's bytes, laid out exactly as libtifiles2 writes them: one variable gives a
    /// single-variable file, several a group with one folder entry per folder (folders in
    /// order of first appearance).
    pub fn to_bytes(&self) -> Result<Vec<u8>, FileError> {
        for v in &self.variables {
            v.check()?;
        }
        let single = self.variables.len() == 1;
        // Folders in order of first appearance, each with its variables in order.
        let mut groups: Vec<(Option<VarName>, Vec<&Variable>)> = Vec::new();
        for v in &self.variables {
            match groups.iter_mut().find(|g| g.0 == v.folder) {
                Some(g) => g.1.push(v),
                None => groups.push((v.folder.clone(), vec![v])),
            }
        }
        let entries = if single {
            1
        } else {
            self.variables.len() + groups.len()
        };
        if self.variables.is_empty() || entries > 0xFFFF {
            return Err(FileError::BadTable(format!(
                "a file holds 1 to 65,535 entries, not {entries}"
            )));
        }
        let header_folder = if single {
            &self.variables[0].folder
        } else {
            &self.default_folder
        };
        let mut out = Vec::new();
        out.extend_from_slice(self.model.signature());
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&header_folder.as_ref().map_or([0; 8], |f| f.padded()));
        out.extend_from_slice(&self.comment);
        out.extend_from_slice(&(entries as u16).to_le_bytes());
        let mut offset = TABLE_START + ENTRY_LEN * entries + 6;
        for (folder, vars) in &groups {
            if !single {
                out.extend_from_slice(&(offset as u32).to_le_bytes());
                out.extend_from_slice(&folder.as_ref().map_or([0; 8], |f| f.padded()));
                out.extend_from_slice(&[VarType::DIR.0, 0]);
                out.extend_from_slice(&(vars.len() as u16).to_le_bytes());
            }
            for v in vars {
                out.extend_from_slice(&(offset as u32).to_le_bytes());
                out.extend_from_slice(&v.name.padded());
                out.extend_from_slice(&[v.var_type.0, v.attribute.to_byte(), 0, 0]);
                offset += 4 + v.image_len() + 2;
            }
        }
        let total = u32::try_from(offset)
            .map_err(|_| FileError::BadTable("the file would exceed 4 GiB".into()))?;
        out.extend_from_slice(&total.to_le_bytes());
        out.extend_from_slice(&MARKER);
        for (_, vars) in &groups {
            for v in vars {
                out.extend_from_slice(&[0; 4]);
                out.extend_from_slice(&v.image());
                out.extend_from_slice(&v.checksum().to_le_bytes());
            }
        }
        debug_assert_eq!(out.len(), offset);
        Ok(out)
    }

    /// The extension this file should carry: the type's letter for one variable, `g` for a
    /// group (or a single variable of a type without its own extension).
    pub fn extension(&self) -> String {
        let letter = match self.variables.as_slice() {
            [v] => v.var_type.extension_letter().unwrap_or('g'),
            _ => 'g',
        };
        format!("{}{}", self.model.extension_prefix(), letter)
    }
}

fn close_folder(open: &mut Option<(String, usize, usize)>) -> Result<(), FileError> {
    if let Some((name, declared, seen)) = open.take() {
        if declared != seen {
            return Err(FileError::BadTable(format!(
                "folder entry {name:?} declares {declared} variables but is followed by {seen}"
            )));
        }
    }
    Ok(())
}

/// Checks that a file's content matches what its extension says.
pub fn check_extension(
    file: &VarFile,
    ext: &str,
    var_type: Option<VarType>,
) -> Result<(), FileError> {
    let Some(expected) = var_type else {
        return Ok(());
    };
    match file.variables.as_slice() {
        [v] if v.var_type == expected => Ok(()),
        [v] => Err(FileError::WrongType {
            ext: ext.to_string(),
            expected,
            path: v.path().to_string(),
            found: v.var_type,
        }),
        vars => Err(FileError::NotSingle {
            ext: ext.to_string(),
            count: vars.len(),
            prefix: file.model.extension_prefix(),
        }),
    }
}
