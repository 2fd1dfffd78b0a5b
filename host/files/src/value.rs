//! Typed values of variables: what a variable's data means, for the types the project reads
//! and writes (integers, strings, text, lists, ASM programs, TI-BASIC programs in text form);
//! every other content is kept as opaque bytes so that it survives unchanged.
//!
//! The data of a variable (after its BE size word) is an expression-stack image ending with a
//! tag (docs/files.md#variable-data-on-the-calculator): string `00 chars 00 2D`; integer
//! docs/files.md#integers; list `E5`, elements from last to first, `D9`; text: BE cursor offset,
//! lines (each starting with a mark byte) separated by 0x0D, then `00 E0`; TI-BASIC text:
//! [`BasicText`]. Decoding is exact: a value decodes as typed only if encoding it again gives the
//! same bytes, so a round trip never changes a variable.

use super::basic::{BasicError, BasicText};
use super::charset::{self, CharsetError};
use super::integer::Integer;
use super::types::VarType;

/// Tag ending a string.
pub const STR_TAG: u8 = 0x2D;
/// Tag ending a list.
pub const LIST_TAG: u8 = 0xD9;
/// Tag marking the end (lowest element) of a list.
pub const END_TAG: u8 = 0xE5;
/// Tag ending a text variable.
pub const TEXT_TAG: u8 = 0xE0;
/// Tag of a float (BCD, 9 bytes before the tag).
pub const FLOAT_TAG: u8 = 0x23;

/// The meaning of a variable's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An exact integer (type EXPR).
    Integer(Integer),
    /// A string (type STR), as Unicode text (converted through the TI charset).
    Str(String),
    /// A text variable (type TEXT).
    Text(Text),
    /// A list (type LIST) of integers, strings and other single expressions.
    List(Vec<Value>),
    /// An ASM program (type ASM): its data without the size word, ending with 0xF3; see
    /// `ti_build`'s `ProgramImage::to_variable_data`.
    Program(Vec<u8>),
    /// A TI-BASIC program or function in text form (type PRGM or FUNC); see [`BasicText`].
    Basic(BasicText),
    /// An expression that is not a plain integer (a float, a fraction, a symbolic
    /// expression), kept as its estack bytes. Also a list element of that kind.
    Expression(Vec<u8>),
    /// Any other type, kept as it is.
    Opaque {
        /// The variable's type.
        var_type: VarType,
        /// Its data (without the size word).
        data: Vec<u8>,
    },
}

/// One line of a text variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextLine {
    /// The mark byte that starts the line: b' ' (plain), b'C' (command), b'P' (PrintObj),
    /// 0x0C (page break).
    pub mark: u8,
    /// The line's text, without its mark.
    pub text: String,
}

/// A text variable: lines and the editor's cursor offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// Offset of the text editor's cursor, in bytes from the start of the text.
    pub cursor: u16,
    /// The lines, in order.
    pub lines: Vec<TextLine>,
}

impl Text {
    /// Plain text: one line per `\n`-separated line, each with the plain mark, cursor at 0.
    pub fn plain(text: &str) -> Text {
        Text {
            cursor: 0,
            lines: text
                .split('\n')
                .map(|l| TextLine {
                    mark: b' ',
                    text: l.to_string(),
                })
                .collect(),
        }
    }

    /// The lines' texts joined with `\n` (marks dropped).
    pub fn to_plain(&self) -> String {
        let lines: Vec<&str> = self.lines.iter().map(|l| l.text.as_str()).collect();
        lines.join("\n")
    }
}

/// Why a value cannot be encoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A character has no TI equivalent.
    #[error(transparent)]
    Charset(#[from] CharsetError),
    /// A string or text contains a character that would end it early.
    #[error("{what} may not contain {byte:#04x} (it would end the data early)")]
    ForbiddenByte {
        /// "a string", "a text line"...
        what: &'static str,
        /// The byte.
        byte: u8,
    },
    /// A TI-BASIC text cannot be encoded.
    #[error(transparent)]
    Basic(#[from] BasicError),
    /// A list element is not something a list can hold.
    #[error("a list may hold integers, strings and single expressions, not {0}")]
    BadListElement(&'static str),
    /// The data of a program or opaque value is empty or lacks its tag.
    #[error("{0} data is empty")]
    EmptyData(&'static str),
}

impl Value {
    /// The variable type a value is stored as.
    pub fn var_type(&self) -> VarType {
        match self {
            Value::Integer(_) | Value::Expression(_) => VarType::EXPR,
            Value::Str(_) => VarType::STR,
            Value::Text(_) => VarType::TEXT,
            Value::List(_) => VarType::LIST,
            Value::Program(_) => VarType::ASM,
            Value::Basic(b) => b.kind.var_type(),
            Value::Opaque { var_type, .. } => *var_type,
        }
    }

    /// A short name of the kind of value, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Integer(_) => "integer",
            Value::Str(_) => "string",
            Value::Text(_) => "text",
            Value::List(_) => "list",
            Value::Program(_) => "ASM program",
            Value::Basic(_) => "TI-BASIC text",
            Value::Expression(_) => "expression",
            Value::Opaque { .. } => "opaque data",
        }
    }

    /// The variable data (without the size word) that stores this value.
    pub fn encode(&self) -> Result<Vec<u8>, ValueError> {
        match self {
            Value::Integer(i) => Ok(i.to_estack()),
            Value::Str(s) => {
                let bytes = charset::encode(s)?;
                if bytes.contains(&0) {
                    return Err(ValueError::ForbiddenByte {
                        what: "a string",
                        byte: 0,
                    });
                }
                let mut out = Vec::with_capacity(bytes.len() + 3);
                out.push(0);
                out.extend_from_slice(&bytes);
                out.extend_from_slice(&[0, STR_TAG]);
                Ok(out)
            }
            Value::Text(t) => encode_text(t),
            Value::Basic(b) => Ok(b.encode()?),
            Value::List(items) => {
                let mut out = vec![END_TAG];
                for item in items.iter().rev() {
                    match item {
                        Value::Integer(_) | Value::Str(_) | Value::Expression(_) => {
                            out.extend(item.encode()?)
                        }
                        other => return Err(ValueError::BadListElement(other.kind())),
                    }
                }
                out.push(LIST_TAG);
                Ok(out)
            }
            Value::Program(data) | Value::Expression(data) | Value::Opaque { data, .. } => {
                if data.is_empty() {
                    return Err(ValueError::EmptyData(self.kind()));
                }
                Ok(data.clone())
            }
        }
    }

    /// The value stored in variable data of type `var_type` (data without the size word).
    /// Falls back to [`Value::Expression`] / [`Value::Opaque`] when the data is not exactly a
    /// typed value; never fails.
    pub fn decode(var_type: VarType, data: &[u8]) -> Value {
        let typed = match var_type {
            VarType::EXPR => Integer::from_estack(data).map(Value::Integer),
            VarType::STR => decode_string(data),
            VarType::TEXT => decode_text(data),
            VarType::LIST => decode_list(data),
            VarType::ASM if data.last() == Some(&0xF3) => Some(Value::Program(data.to_vec())),
            VarType::PRGM | VarType::FUNC => BasicText::decode(var_type, data).map(Value::Basic),
            _ => None,
        };
        match typed {
            Some(v) if v.encode().as_deref() == Ok(data) => v,
            _ if var_type == VarType::EXPR => Value::Expression(data.to_vec()),
            _ => Value::Opaque {
                var_type,
                data: data.to_vec(),
            },
        }
    }
}

fn decode_string(data: &[u8]) -> Option<Value> {
    let inner = data.strip_prefix(&[0])?.strip_suffix(&[0, STR_TAG])?;
    (!inner.contains(&0)).then(|| Value::Str(charset::decode(inner)))
}

fn encode_text(t: &Text) -> Result<Vec<u8>, ValueError> {
    let mut out = t.cursor.to_be_bytes().to_vec();
    for (i, line) in t.lines.iter().enumerate() {
        if i > 0 {
            out.push(0x0D);
        }
        let bytes = charset::encode(&line.text)?;
        for &b in std::iter::once(&line.mark).chain(&bytes) {
            if b == 0 || b == 0x0D {
                return Err(ValueError::ForbiddenByte {
                    what: "a text line",
                    byte: b,
                });
            }
        }
        out.push(line.mark);
        out.extend_from_slice(&bytes);
    }
    out.extend_from_slice(&[0, TEXT_TAG]);
    Ok(out)
}

fn decode_text(data: &[u8]) -> Option<Value> {
    let body = data.strip_suffix(&[0, TEXT_TAG])?;
    let (cursor, body) = body.split_first_chunk::<2>()?;
    if body.contains(&0) {
        return None;
    }
    let lines = if body.is_empty() {
        Vec::new()
    } else {
        body.split(|&b| b == 0x0D)
            .map(|l| {
                let (&mark, text) = l.split_first()?;
                Some(TextLine {
                    mark,
                    text: charset::decode(text),
                })
            })
            .collect::<Option<Vec<_>>>()?
    };
    Some(Value::Text(Text {
        cursor: u16::from_be_bytes(*cursor),
        lines,
    }))
}

/// Start index of the single expression whose tag is at `end - 1`, for the element kinds a
/// list of numbers and strings holds; `None` for anything else.
fn element_start(data: &[u8], end: usize) -> Option<usize> {
    let tag_at = end.checked_sub(1)?;
    match data[tag_at] {
        // integer: magnitude, count, tag
        0x1F | 0x20 => tag_at.checked_sub(1 + *data.get(tag_at.checked_sub(1)?)? as usize),
        // fraction: denominator, its count, numerator, its count, tag
        0x21 | 0x22 => {
            let num_count_at = tag_at.checked_sub(1)?;
            let den_count_at = num_count_at.checked_sub(1 + data[num_count_at] as usize)?;
            den_count_at.checked_sub(data[den_count_at] as usize)
        }
        FLOAT_TAG => tag_at.checked_sub(9),
        STR_TAG => {
            let close = tag_at.checked_sub(1)?;
            if data[close] != 0 {
                return None;
            }
            data[..close].iter().rposition(|&b| b == 0)
        }
        // false, true, one-letter variables
        0x2B | 0x2C | 0x02..=0x1B => Some(tag_at),
        _ => None,
    }
}

fn decode_list(data: &[u8]) -> Option<Value> {
    let inner = data.strip_prefix(&[END_TAG])?.strip_suffix(&[LIST_TAG])?;
    let mut items = Vec::new();
    let mut end = inner.len();
    while end > 0 {
        let start = element_start(inner, end)?;
        let bytes = &inner[start..end];
        items.push(match Value::decode(VarType::EXPR, bytes) {
            Value::Expression(_) => {
                decode_string(bytes).unwrap_or(Value::Expression(bytes.to_vec()))
            }
            v => v,
        });
        end = start;
    }
    Some(Value::List(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(v: Value, bytes: &[u8]) {
        assert_eq!(v.encode().unwrap(), bytes, "{v:?}");
        assert_eq!(Value::decode(v.var_type(), bytes), v);
    }

    #[test]
    fn strings() {
        round_trip(Value::Str("N".into()), &[0x00, 0x4E, 0x00, 0x2D]);
        round_trip(Value::Str("".into()), &[0x00, 0x00, 0x2D]);
        round_trip(
            Value::Str("α≤2".into()),
            &[0x00, 0x80, 0x9C, b'2', 0x00, 0x2D],
        );
        assert!(matches!(
            Value::Str("€".into()).encode(),
            Err(ValueError::Charset(_))
        ));
        assert!(Value::Str("a\0b".into()).encode().is_err());
    }

    #[test]
    fn integers_and_other_expressions() {
        round_trip(Value::Integer(7.into()), &[0x07, 0x01, 0x1F]);
        round_trip(Value::Integer((-1).into()), &[0x01, 0x01, 0x20]);
        // 1.5 as a float: kept as an opaque expression.
        let f = [0x40, 0x00, 0x15, 0, 0, 0, 0, 0, 0, 0x23];
        assert_eq!(
            Value::decode(VarType::EXPR, &f),
            Value::Expression(f.to_vec())
        );
        // A non-canonical integer stays opaque too, so it is rewritten unchanged.
        let odd = [0x07, 0x00, 0x02, 0x1F];
        assert_eq!(
            Value::decode(VarType::EXPR, &odd),
            Value::Expression(odd.to_vec())
        );
    }

    /// docs/files.md#lists-and-matrices: {1,2} = E5 02 01 1F 01 01 1F D9.
    #[test]
    fn lists() {
        round_trip(
            Value::List(vec![Value::Integer(1.into()), Value::Integer(2.into())]),
            &[0xE5, 0x02, 0x01, 0x1F, 0x01, 0x01, 0x1F, 0xD9],
        );
        let mixed = Value::List(vec![
            Value::Str("ab".into()),
            Value::Integer((-300).into()),
            Value::Expression(vec![0x40, 0x00, 0x15, 0, 0, 0, 0, 0, 0, 0x23]),
        ]);
        let bytes = mixed.encode().unwrap();
        round_trip(mixed, &bytes);
        round_trip(Value::List(vec![]), &[0xE5, 0xD9]);
        // An element kind we cannot delimit keeps the whole list opaque.
        let sym = [0xE5, 0x08, 0x09, 0x8B, 0xD9];
        assert!(matches!(
            Value::decode(VarType::LIST, &sym),
            Value::Opaque { .. }
        ));
    }

    #[test]
    fn text() {
        let t = Value::Text(Text {
            cursor: 3,
            lines: vec![
                TextLine {
                    mark: b' ',
                    text: "hello".into(),
                },
                TextLine {
                    mark: b'C',
                    text: "x+1".into(),
                },
            ],
        });
        let mut bytes = vec![0x00, 0x03, b' '];
        bytes.extend_from_slice(b"hello\rCx+1\0\xE0");
        round_trip(t, &bytes);
        round_trip(
            Value::Text(Text {
                cursor: 0,
                lines: vec![],
            }),
            &[0, 0, 0, 0xE0],
        );
        assert_eq!(Text::plain("a\nb").to_plain(), "a\nb");
    }

    #[test]
    fn programs_and_opaque_data() {
        round_trip(
            Value::Program(vec![0x4E, 0x75, 0, 0, 0xF3]),
            &[0x4E, 0x75, 0, 0, 0xF3],
        );
        let pic = Value::decode(VarType::PIC, &[0, 1, 0, 8, 0xFF, 0xDF]);
        assert_eq!(pic.var_type(), VarType::PIC);
        assert_eq!(pic.encode().unwrap(), [0, 1, 0, 8, 0xFF, 0xDF]);
    }
}
