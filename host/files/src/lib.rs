//! Calculator files (`.89z`, `.9xs`, `.v2e`, `.89g`, ...): pure code over byte slices.
//!
//! This crate knows the calculator models, variable names and types, the typed values of
//! variables (integers, strings, text, lists, ASM programs, TI-BASIC programs in text form;
//! anything else kept as opaque bytes)
//! and the layouts of single-variable and group files (docs/files.md). Only its [`disk`] module
//! touches the file system (a whole file written or none); nothing here knows a cable or a
//! packet.
//!
//! # Writing a program file
//!
//! The data of an ASM variable is the program, its relocation table and the tag 0xF3, as the
//! cross build's `ProgramImage::to_variable_data` gives it (**without** the size word:
//! [`Variable`] adds it):
//!
//! ```
//! use ti_files::{Model, VarFile, VarPath, Variable};
//! # let dir = std::env::temp_dir();
//! // rts, an empty relocation table, the ASM tag
//! let data = vec![0x4E, 0x75, 0x00, 0x00, 0xF3];
//! let var = Variable::asm_program(VarPath::parse("main\\hello")?, data)?;
//! let file = VarFile::single(Model::Ti89, var);
//! ti_files::disk::write_atomic(&dir.join("hello.89z"), &file.to_bytes()?)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `file.extension()` gives `"89z"` (`"9xz"`, `"v2z"` for the other models) and
//! `var.file_name(model)` gives `"hello.89z"`.
//!
//! # Writing a TI-BASIC program file
//!
//! From its source text, in text form (TI's OS tokenizes it on its first run; see
//! [`BasicText`] for the layout):
//!
//! ```
//! use ti_files::{BasicText, Model, Value, VarFile, VarPath, Variable};
//! let source = "joueur()\nPrgm\n\"basic\"→nom\nEndPrgm\n";
//! let var = Variable::new(VarPath::parse("ai1\\joueur")?, &Value::Basic(BasicText::program(source)?))?;
//! assert_eq!(var.data.last(), Some(&0xDC));
//! let file = VarFile::single(Model::V200, var);
//! assert_eq!(file.extension(), "v2p");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Typed values
//!
//! ```
//! use ti_files::{Integer, Model, Value, VarFile, VarPath, Variable};
//! let colonne = Variable::new(VarPath::parse("main\\colonne")?, &Value::Integer((-1).into()))?;
//! let nom = Variable::new(VarPath::parse("main\\nom")?, &Value::Str("N".into()))?;
//! assert_eq!(colonne.image(), [0x00, 0x03, 0x01, 0x01, 0x20]);
//! let bytes = VarFile::single(Model::Ti89, nom).to_bytes()?;
//! let back = VarFile::from_bytes_with_extension(&bytes, "89s")?;
//! assert_eq!(back.variables[0].value(), Value::Str("N".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod basic;
pub mod charset;
pub mod disk;
pub mod flash;
mod integer;
mod model;
mod name;
pub mod screen;
mod types;
mod value;
mod var_file;
mod variable;

pub use basic::{BasicError, BasicKind, BasicText};
pub use flash::{FlashBlock, FlashDataType, FlashError, FlashFile};
pub use integer::{Integer, IntegerError};
pub use model::{Model, UnknownModel};
pub use name::{NameError, VarName, VarPath, MAX_NAME_LEN};
pub use screen::{Screen, ScreenError};
pub use types::VarType;
pub use value::{Text, TextLine, Value, ValueError};
pub use var_file::{check_extension, parse_extension, FileError, ParsedFile, VarFile, COMMENT_LEN};
pub use variable::{checksum, Attribute, Variable, VariableError, MAX_DATA_LEN};
