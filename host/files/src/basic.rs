//! TI-BASIC programs and functions in **text form**: the source text the program editor shows,
//! stored as it is, which TI's OS tokenizes the first time the program runs. This is the form
//! TI's computer software sends a program typed on the computer in, and the one this project
//! writes (it has no TI-BASIC tokenizer).
//!
//! Layout of the data of a PRGM (0x12) or FUNC (0x13) variable in text form (after the size
//! word), from the TI-89 / TI-92 Plus Developer Guide §14.10, table 14.15 ("Programs and
//! Functions in Text Format"), and checked against text-form programs backed up from a
//! calculator:
//!
//! | bytes | what |
//! | --- | --- |
//! | n | the text, in the TI charset: lines separated by 0x0D; the first line is the parameter list (`()`), then `Prgm` ... `EndPrgm` (`Func` ... `EndFunc`) |
//! | 1 | 0x00 |
//! | 2 | the editor's cursor offset in the text, big-endian |
//! | 1 | 0x19 `PRGM_ITAG` for a program, 0x17 `FUNC_ITAG` for a function |
//! | 1 | 0xE4 `COMMAND_TAG` |
//! | 1 | 0xE5 `END_TAG` |
//! | 1 | flag 3, not used: 0 |
//! | 1 | flag 2: bit 0 is the LOCK flag (the program is locked on receive) |
//! | 1 | flag 1: `FF_PARSE` (0x08) set, meaning "text form, tokenize before running" |
//! | 1 | 0xDC `USER_DEF_TAG` |
//!
//! The tokenized form (flag 1 without `FF_PARSE`) is TI's byte code; it is kept as opaque
//! data ([`super::Value::Opaque`]).

use super::charset::{self, CharsetError};
use super::types::VarType;

/// The tag that ends a program or function variable (`USER_DEF_TAG`).
pub const USER_DEF_TAG: u8 = 0xDC;
/// `COMMAND_TAG` (GCC4TI's `EXT_INSTR_TAG`): an instruction follows.
const COMMAND_TAG: u8 = 0xE4;
/// `END_TAG`: the end of the (empty) parameter list of the text form.
const END_TAG: u8 = 0xE5;
/// The instruction tag `Prgm` (`PRGM_ITAG`).
const PRGM_ITAG: u8 = 0x19;
/// The instruction tag `Func` (`FUNC_ITAG`).
const FUNC_ITAG: u8 = 0x17;
/// Flag 1's bit for "stored as text, to be tokenized" (`FF_PARSE`).
pub const FF_PARSE: u8 = 0x08;
/// Flag 2's LOCK bit.
const LOCK: u8 = 0x01;
/// The line separator of the text.
const CR: u8 = 0x0D;
/// The bytes after the text: zero byte, cursor (2), begin tag, COMMAND_TAG, END_TAG, 3 flags,
/// USER_DEF_TAG.
const TAIL_LEN: usize = 10;

/// A program or a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasicKind {
    /// A program (`Prgm` ... `EndPrgm`), type PRGM.
    Program,
    /// A function (`Func` ... `EndFunc`), type FUNC.
    Function,
}

impl BasicKind {
    /// The variable type.
    pub fn var_type(self) -> VarType {
        match self {
            BasicKind::Program => VarType::PRGM,
            BasicKind::Function => VarType::FUNC,
        }
    }

    /// The kind a variable type stores, if it is PRGM or FUNC.
    pub fn from_var_type(var_type: VarType) -> Option<BasicKind> {
        match var_type {
            VarType::PRGM => Some(BasicKind::Program),
            VarType::FUNC => Some(BasicKind::Function),
            _ => None,
        }
    }

    /// The first and last statements of the body: `Prgm`/`EndPrgm`, `Func`/`EndFunc`.
    pub fn keywords(self) -> (&'static str, &'static str) {
        match self {
            BasicKind::Program => ("Prgm", "EndPrgm"),
            BasicKind::Function => ("Func", "EndFunc"),
        }
    }

    fn begin_tag(self) -> u8 {
        match self {
            BasicKind::Program => PRGM_ITAG,
            BasicKind::Function => FUNC_ITAG,
        }
    }
}

/// Why TI-BASIC source text cannot become a program variable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BasicError {
    /// The source has no line at all.
    #[error("the TI-BASIC source is empty: it needs a parameter line such as \"()\", then {begin} ... {end}")]
    Empty {
        /// `Prgm` or `Func`.
        begin: &'static str,
        /// `EndPrgm` or `EndFunc`.
        end: &'static str,
    },
    /// The first line is not a parameter list.
    #[error("line 1 {line:?} is not a parameter list: write \"()\" (or \"name()\", \"name(a,b)\") as the first line")]
    NoParameterList {
        /// The line.
        line: String,
    },
    /// The second line is not `Prgm` / `Func`.
    #[error(
        "line 2 {line:?} should be {expected} (the body starts right after the parameter line)"
    )]
    NoBegin {
        /// The line.
        line: String,
        /// `Prgm` or `Func`.
        expected: &'static str,
    },
    /// The last line is not `EndPrgm` / `EndFunc`.
    #[error("the last line {line:?} should be {expected}")]
    NoEnd {
        /// The line.
        line: String,
        /// `EndPrgm` or `EndFunc`.
        expected: &'static str,
    },
    /// A character has no TI equivalent.
    #[error("line {line}: {source}")]
    Charset {
        /// 1-based line number.
        line: usize,
        /// The character.
        #[source]
        source: CharsetError,
    },
    /// A byte that would end the text early.
    #[error("line {line}: a TI-BASIC text may not contain the byte {byte:#04x}")]
    ForbiddenByte {
        /// 1-based line number.
        line: usize,
        /// The byte.
        byte: u8,
    },
}

/// A TI-BASIC program or function in text form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasicText {
    /// Program or function.
    pub kind: BasicKind,
    /// The lines of the text, as the program editor shows them without its `:` marks: the
    /// parameter list (`()`), `Prgm`, the statements, `EndPrgm`.
    pub lines: Vec<String>,
    /// The editor's cursor offset in the text.
    pub cursor: u16,
    /// The LOCK flag (flag 2, bit 0): the program arrives locked.
    pub locked: bool,
}

impl BasicText {
    /// The cursor offset this project writes: 1, the value seen in text-form programs backed up
    /// from calculators.
    pub const DEFAULT_CURSOR: u16 = 1;

    /// A program from its source as a person writes it in a text file:
    ///
    /// ```text
    /// joueur()
    /// Prgm
    /// Disp "hello"
    /// EndPrgm
    /// ```
    ///
    /// See [`BasicText::from_source`] for what is accepted.
    pub fn program(source: &str) -> Result<BasicText, BasicError> {
        BasicText::from_source(BasicKind::Program, source)
    }

    /// A program or function from source text. Lines end with LF or CR LF; a leading `:` on
    /// a line (as TI's editors display lines) is dropped; trailing empty lines are dropped; a
    /// name before the parameter list on the first line (`joueur()`) is dropped (the
    /// variable's name is what names the program). The first line must then be a parameter
    /// list, the second `Prgm` (`Func`), the last `EndPrgm` (`EndFunc`), in any case. Every
    /// character must exist in the TI charset (`→` for store, `−` U+2212 for negation, `≤`,
    /// `≠`...).
    pub fn from_source(kind: BasicKind, source: &str) -> Result<BasicText, BasicError> {
        let (begin, end) = kind.keywords();
        let source = source.strip_prefix('\u{FEFF}').unwrap_or(source);
        let mut lines: Vec<String> = source
            .split('\n')
            .map(|l| {
                let l = l.strip_suffix('\r').unwrap_or(l);
                l.strip_prefix(':').unwrap_or(l).to_string()
            })
            .collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let Some(first) = lines.first_mut() else {
            return Err(BasicError::Empty { begin, end });
        };
        let params = parameter_list(first.trim()).ok_or_else(|| BasicError::NoParameterList {
            line: first.clone(),
        })?;
        *first = params.to_string();
        match lines.get(1) {
            Some(l) if l.trim().eq_ignore_ascii_case(begin) => {}
            other => {
                return Err(BasicError::NoBegin {
                    line: other.cloned().unwrap_or_default(),
                    expected: begin,
                })
            }
        }
        let last = lines.last().expect("at least two lines");
        if lines.len() < 3 || !last.trim().eq_ignore_ascii_case(end) {
            return Err(BasicError::NoEnd {
                line: if lines.len() < 3 {
                    String::new()
                } else {
                    last.clone()
                },
                expected: end,
            });
        }
        let text = BasicText {
            kind,
            lines,
            cursor: BasicText::DEFAULT_CURSOR,
            locked: false,
        };
        text.text_bytes()?;
        Ok(text)
    }

    /// The text in the TI charset, lines separated by 0x0D.
    fn text_bytes(&self) -> Result<Vec<u8>, BasicError> {
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                out.push(CR);
            }
            let bytes = charset::encode(line).map_err(|source| BasicError::Charset {
                line: i + 1,
                source,
            })?;
            if let Some(&byte) = bytes.iter().find(|&&b| b == 0 || b == CR) {
                return Err(BasicError::ForbiddenByte { line: i + 1, byte });
            }
            out.extend_from_slice(&bytes);
        }
        Ok(out)
    }

    /// The variable data (without the size word), ending with `USER_DEF_TAG`.
    pub fn encode(&self) -> Result<Vec<u8>, BasicError> {
        let mut out = self.text_bytes()?;
        out.push(0);
        out.extend_from_slice(&self.cursor.to_be_bytes());
        out.extend_from_slice(&[
            self.kind.begin_tag(),
            COMMAND_TAG,
            END_TAG,
            0,
            if self.locked { LOCK } else { 0 },
            FF_PARSE,
            USER_DEF_TAG,
        ]);
        Ok(out)
    }

    /// The text-form program or function in `data` (a PRGM or FUNC variable's data without
    /// the size word); `None` when the data is not exactly in text form (tokenized, or a tail
    /// this layout does not describe).
    pub fn decode(var_type: VarType, data: &[u8]) -> Option<BasicText> {
        let kind = BasicKind::from_var_type(var_type)?;
        let split = data.len().checked_sub(TAIL_LEN)?;
        let (text, tail) = data.split_at(split);
        let [zero, c0, c1, begin, command, end, flag3, flag2, flag1, tag] = *tail else {
            return None;
        };
        let fixed = [zero, begin, command, end, flag3, flag1, tag];
        let expected = [
            0,
            kind.begin_tag(),
            COMMAND_TAG,
            END_TAG,
            0,
            FF_PARSE,
            USER_DEF_TAG,
        ];
        if fixed != expected || flag2 & !LOCK != 0 || text.contains(&0) {
            return None;
        }
        Some(BasicText {
            kind,
            lines: text.split(|&b| b == CR).map(charset::decode).collect(),
            cursor: u16::from_be_bytes([c0, c1]),
            locked: flag2 & LOCK != 0,
        })
    }

    /// The text as source: the lines joined with `\n`.
    pub fn to_source(&self) -> String {
        self.lines.join("\n")
    }
}

/// The parameter list of a header line: `(a,b)` of `(a,b)` or of `name(a,b)` (a name is
/// letters, digits, `_` and the folder separator).
fn parameter_list(header: &str) -> Option<&str> {
    let open = header.find('(')?;
    let (name, params) = header.split_at(open);
    let name_ok = name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '\\');
    (name_ok && params.ends_with(')')).then_some(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest program, byte for byte as table 14.15 lays it out.
    #[test]
    fn empty_program_layout() {
        let p = BasicText::program("()\nPrgm\nEndPrgm\n").unwrap();
        let mut want = b"()\rPrgm\rEndPrgm".to_vec();
        want.extend_from_slice(&[0x00, 0x00, 0x01, 0x19, 0xE4, 0xE5, 0x00, 0x00, 0x08, 0xDC]);
        assert_eq!(p.encode().unwrap(), want);
        assert_eq!(BasicText::decode(VarType::PRGM, &want), Some(p));
    }

    /// The tail seen in text-form programs backed up from a calculator (cursor 1, flag 2 = 1).
    #[test]
    fn backed_up_tail_decodes() {
        let mut data = b"()\rPrgm\rDisp \xAD1\rEndPrgm".to_vec();
        data.extend_from_slice(&[0x00, 0x00, 0x01, 0x19, 0xE4, 0xE5, 0x00, 0x01, 0x08, 0xDC]);
        let p = BasicText::decode(VarType::PRGM, &data).unwrap();
        assert!(p.locked);
        assert_eq!(p.cursor, 1);
        assert_eq!(p.lines[2], "Disp \u{2212}1");
        assert_eq!(p.encode().unwrap(), data);
        // Not a function, and not tokenized data.
        assert_eq!(BasicText::decode(VarType::FUNC, &data), None);
        let tokenized = [
            0xE9, 0x12, 0xE4, 0x00, 0xE8, 0x19, 0xE4, 0xE5, 0, 0, 0, 0xDC,
        ];
        assert_eq!(BasicText::decode(VarType::PRGM, &tokenized), None);
    }

    #[test]
    fn source_is_normalised() {
        let src = "\u{FEFF}:joueur()\r\n:Prgm\r\n:  1→x\r\n:EndPrgm\r\n\r\n";
        let p = BasicText::program(src).unwrap();
        assert_eq!(p.lines, ["()", "Prgm", "  1→x", "EndPrgm"]);
        assert_eq!(p.to_source(), "()\nPrgm\n  1→x\nEndPrgm");
        let bytes = p.encode().unwrap();
        assert_eq!(&bytes[..17], b"()\rPrgm\r  1\x16x\rEnd");
        let f = BasicText::from_source(BasicKind::Function, "f(a,b)\nFunc\nReturn a+b\nEndFunc")
            .unwrap();
        assert_eq!(f.lines[0], "(a,b)");
        assert_eq!(f.kind.var_type(), VarType::FUNC);
        assert_eq!(f.encode().unwrap()[f.encode().unwrap().len() - 7], 0x17);
    }

    #[test]
    fn bad_sources_say_what_is_wrong() {
        let err = |s: &str| BasicText::program(s).unwrap_err().to_string();
        assert!(err("").contains("empty"), "{}", err(""));
        assert!(err("Prgm\nEndPrgm").contains("parameter list"));
        assert!(err("a b()\nPrgm\nEndPrgm").contains("parameter list"));
        assert!(err("()\nDisp 1\nEndPrgm").contains("should be Prgm"));
        assert!(err("()\nPrgm\nDisp 1").contains("should be EndPrgm"));
        assert!(err("()\nPrgm").contains("should be EndPrgm"));
        let e = err("()\nPrgm\nDisp \"€\"\nEndPrgm");
        assert!(e.starts_with("line 3:") && e.contains("U+20AC"), "{e}");
        assert!(err("()\nPrgm\nDisp \"\0\"\nEndPrgm").contains("0x00"));
    }
}
