//! TI-BASIC text to tokens: push_parse_text and TokenizeSymName, for the part of
//! the grammar programs send to run another program or store a value (docs/files.md#expressions,
//! docs/rom-calls.md#running-another-program, docs/rom-calls.md#creating-and-reading-variables;
//! GCC4TI `estack.h/push_parse_text.hsf`, `top_estack.hsf`, `TokenizeSymName.hsf`).
//!
//! The grammar served, on one line:
//!
//! ```text
//! statement := value [ STO name ]                 STO is the store arrow, character 0x16
//! value     := integer | string | name | name "(" [ arg { "," arg } ] ")"
//! arg       := integer | string
//! integer   := [ 0xAD ] digits                    0xAD is the negation sign
//! string    := '"' characters '"'
//! name      := [ folder "\" ] name                letters, digits, '_'; capitals folded
//! ```
//!
//! Tokens as AMS lays them out (RPN, docs/files.md#expressions): a call `f(a1, a2)` is `END_TAG a2
//! a1 name USERFUNC_TAG`; a name is `00 name 00` (with its folder: `00 folder\name 00`) or a
//! one-letter tag; a store `value name STORE_TAG`; a negative literal is a NEGINT (AMS's own parser
//! may keep a negation operator instead: programs do not look at it, NG_execute evaluates both the
//! same). push_parse_text returns TRUE for a single expression, FALSE for a store.
//!
//! Errors AMS throws for sure are thrown: an unterminated string (700), a missing `)` (690),
//! a name longer than 8 characters (990), an ASCII `-` where a value is expected (910: unary
//! minus must be 0xAD). Anything else (operators, `:`, other functions and commands, nested
//! calls as arguments, the ASCII `->`) is a clear failure naming what is not emulated.

use ti_build::rom_calls;

use super::{estack, throwing, ti_text, Reply, RomCallDef, RomCtx, Stop};
use crate::failure::Failure;

/// ER_SYNTAX.
pub const ERR_SYNTAX: u16 = 910;
/// ER_EXPECTED_RPAR.
pub const ERR_EXPECTED_RPAR: u16 = 690;
/// ER_EXPECTED_DOUBLE_QUOTE.
pub const ERR_EXPECTED_DOUBLE_QUOTE: u16 = 700;
/// ER_NAME_TOO_LONG.
pub const ERR_NAME_TOO_LONG: u16 = 990;
/// The store arrow character.
pub const STO: u8 = 0x16;
/// The negation sign (unary minus).
pub const NEG: u8 = 0xAD;

/// What a line parses to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The tokens, lowest address first.
    pub tokens: Vec<u8>,
    /// Whether it is a single expression (push_parse_text's result).
    pub single: bool,
}

/// Why a line does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextParseError {
    /// AMS would throw this error.
    Throw(u16, String),
    /// The line uses something the harness does not parse.
    NotEmulated(String),
}

struct Lexer<'a> {
    text: &'a [u8],
    at: usize,
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || (0x80..=0x94).contains(&b) && b != 0x8C || b >= 0xC0
}

fn is_name_char(b: u8) -> bool {
    is_name_start(b) || b.is_ascii_digit() || b == b'_'
}

impl Lexer<'_> {
    fn skip_spaces(&mut self) {
        while self.text.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_spaces();
        self.text.get(self.at).copied()
    }

    fn rest(&self) -> String {
        ti_text(&self.text[self.at..])
    }

    fn not_emulated(&self, what: &str) -> TextParseError {
        TextParseError::NotEmulated(format!("{what} (at \"{}\")", self.rest()))
    }

    fn name(&mut self) -> Result<Vec<u8>, TextParseError> {
        let start = self.at;
        while self.text.get(self.at).is_some_and(|&b| is_name_char(b)) {
            self.at += 1;
        }
        let name: Vec<u8> = self.text[start..self.at]
            .iter()
            .map(u8::to_ascii_lowercase)
            .collect();
        if name.len() > 8 {
            return Err(TextParseError::Throw(
                ERR_NAME_TOO_LONG,
                format!(
                    "the name \"{}\" is longer than 8 characters",
                    ti_text(&name)
                ),
            ));
        }
        Ok(name)
    }

    /// `[folder\]name`, as tokens.
    fn path(&mut self) -> Result<Vec<u8>, TextParseError> {
        let first = self.name()?;
        if self.text.get(self.at) == Some(&b'\\') {
            self.at += 1;
            if !self.text.get(self.at).is_some_and(|&b| is_name_start(b)) {
                return Err(TextParseError::Throw(
                    ERR_SYNTAX,
                    "a name must follow the folder's backslash".into(),
                ));
            }
            let second = self.name()?;
            let mut out = vec![0];
            out.extend_from_slice(&first);
            out.push(b'\\');
            out.extend_from_slice(&second);
            out.push(0);
            return Ok(out);
        }
        Ok(name_tokens(&first))
    }

    fn integer(&mut self, negative: bool) -> Result<Vec<u8>, TextParseError> {
        let start = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        if self.at == start {
            return Err(TextParseError::Throw(
                ERR_SYNTAX,
                "the negation sign must be followed by a number".into(),
            ));
        }
        if self
            .text
            .get(self.at)
            .is_some_and(|&b| b == b'.' || b == b'E')
        {
            return Err(self.not_emulated("decimal and floating-point numbers are not parsed"));
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).expect("ASCII digits");
        let text = if negative {
            format!("-{digits}")
        } else {
            digits.to_string()
        };
        let value: ti_files::Integer = text
            .parse()
            .map_err(|e| TextParseError::NotEmulated(format!("the integer {text}: {e}")))?;
        Ok(value.to_estack())
    }

    fn string(&mut self) -> Result<Vec<u8>, TextParseError> {
        self.at += 1;
        let start = self.at;
        while self.text.get(self.at).is_some_and(|&b| b != b'"') {
            self.at += 1;
        }
        if self.at >= self.text.len() {
            return Err(TextParseError::Throw(
                ERR_EXPECTED_DOUBLE_QUOTE,
                "the string has no closing quote".into(),
            ));
        }
        let mut out = vec![0];
        out.extend_from_slice(&self.text[start..self.at]);
        out.extend_from_slice(&[0, estack::STR_TAG]);
        self.at += 1;
        Ok(out)
    }

    /// An integer or a string (a call's argument), or `None` if neither starts here.
    fn literal(&mut self) -> Result<Option<Vec<u8>>, TextParseError> {
        match self.peek() {
            Some(b'"') => self.string().map(Some),
            Some(NEG) => {
                self.at += 1;
                self.integer(true).map(Some)
            }
            Some(b) if b.is_ascii_digit() => self.integer(false).map(Some),
            Some(b'-') => Err(TextParseError::Throw(
                ERR_SYNTAX,
                "an ASCII '-' where a value is expected: AMS's unary minus is the negation sign 0xAD".into(),
            )),
            _ => Ok(None),
        }
    }

    fn value(&mut self) -> Result<Vec<u8>, TextParseError> {
        if let Some(v) = self.literal()? {
            return Ok(v);
        }
        match self.peek() {
            Some(b) if is_name_start(b) => {}
            None => return Err(self.not_emulated("an empty statement")),
            Some(_) => return Err(self.not_emulated("this expression")),
        }
        let name = self.path()?;
        if self.peek() != Some(b'(') {
            return Ok(name);
        }
        self.at += 1;
        let mut args = Vec::new();
        if self.peek() == Some(b')') {
            self.at += 1;
        } else {
            loop {
                match self.literal()? {
                    Some(a) => args.push(a),
                    None if self.peek().is_none() => {
                        return Err(TextParseError::Throw(
                            ERR_EXPECTED_RPAR,
                            "the call has no closing parenthesis".into(),
                        ))
                    }
                    None => {
                        return Err(self.not_emulated(
                            "call arguments other than integers and strings are not parsed",
                        ))
                    }
                }
                match self.peek() {
                    Some(b',') => self.at += 1,
                    Some(b')') => {
                        self.at += 1;
                        break;
                    }
                    None => {
                        return Err(TextParseError::Throw(
                            ERR_EXPECTED_RPAR,
                            "the call has no closing parenthesis".into(),
                        ))
                    }
                    Some(_) => return Err(self.not_emulated("operators are not parsed")),
                }
            }
        }
        let mut out = vec![estack::END_TAG];
        for a in args.iter().rev() {
            out.extend_from_slice(a);
        }
        out.extend_from_slice(&name);
        out.push(estack::USERFUNC_TAG);
        Ok(out)
    }
}

/// The tokens of a name without folder: its one-letter tag, or `00 name 00`.
pub fn name_tokens(name: &[u8]) -> Vec<u8> {
    if let [letter] = name {
        if let Some(tag) = estack::tag_of_letter(*letter) {
            return vec![tag];
        }
    }
    let mut out = vec![0];
    out.extend_from_slice(name);
    out.push(0);
    out
}

/// Parses one line of TI-BASIC (TI charset) into tokens.
pub fn parse(text: &[u8]) -> Result<Parsed, TextParseError> {
    let mut lx = Lexer { text, at: 0 };
    let mut tokens = lx.value()?;
    let mut single = true;
    match lx.peek() {
        None => {}
        Some(STO) => {
            lx.at += 1;
            lx.skip_spaces();
            if !lx.text.get(lx.at).is_some_and(|&b| is_name_start(b)) {
                return Err(TextParseError::Throw(
                    ERR_SYNTAX,
                    "the store arrow must be followed by a variable name".into(),
                ));
            }
            tokens.extend(lx.path()?);
            tokens.push(estack::STORE_TAG);
            single = false;
            if lx.peek().is_some() {
                return Err(lx.not_emulated("anything after a store"));
            }
        }
        Some(b'-') if lx.text.get(lx.at + 1) == Some(&b'>') => {
            return Err(lx.not_emulated(
                "the ASCII \"->\": the store arrow is the character 0x16 (whether AMS's parser accepts \"->\" is unconfirmed)",
            ))
        }
        Some(b':') => return Err(lx.not_emulated("several statements separated by ':'")),
        Some(b')') => {
            return Err(TextParseError::Throw(
                ERR_SYNTAX,
                "a ')' without its '('".into(),
            ))
        }
        Some(_) => return Err(lx.not_emulated("operators and anything after the first value")),
    }
    Ok(Parsed { tokens, single })
}

fn push_parse_text(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [p] = ctx.args([4])?;
        let text = ctx.read_cstr(p, 0xFFFF)?;
        ctx.detail = format!("(\"{}\")", ti_text(&text));
        let parsed = match parse(&text) {
            Ok(parsed) => parsed,
            Err(TextParseError::Throw(code, why)) => {
                ctx.detail.push_str(&format!(": {why},"));
                return Err(Stop::Throw(code));
            }
            Err(TextParseError::NotEmulated(why)) => {
                return Err(ctx
                    .misuse(format!(
                        "\"{}\": {why}; the harness parses only a call name(args) with integer and string arguments, a literal, a name, and a store with the arrow 0x16",
                        ti_text(&text)
                    ))
                    .into())
            }
        };
        estack::push(ctx, &parsed.tokens)?;
        ctx.detail
            .push_str(&format!(" = {}", u32::from(parsed.single)));
        Ok(Reply::Short(u16::from(parsed.single)))
    })
}

/// TokenizeSymName's flags (GCC4TI `estack.h/TokenizeSymNameFlags.hsf`).
const TSF_FULLY_QUALIFIED: u32 = 1;
const TSF_PASS_ERRORS: u32 = 4;

fn tokenize_sym_name(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    throwing(ctx, |ctx| {
        let [p, flags] = ctx.args([4, 2])?;
        let text = ctx.read_cstr(p, 64)?;
        ctx.detail = format!("(\"{}\", {flags:#x})", ti_text(&text));
        let lowered: Vec<u8> = text.iter().map(u8::to_ascii_lowercase).collect();
        let mut path = super::vat::SymPath::parse(&lowered);
        let valid = path
            .folder
            .as_deref()
            .map_or(Ok(()), super::vat::check_name)
            .and_then(|()| super::vat::check_name(&path.name));
        if let Err(why) = valid {
            if flags & TSF_PASS_ERRORS != 0 {
                return Err(ctx
                    .misuse(format!(
                        "\"{}\" is not a valid name ({why}); the error AMS throws then is not emulated",
                        ti_text(&text)
                    ))
                    .into());
            }
            ctx.detail.push_str(" = NULL_INDEX");
            return Ok(Reply::A0(0));
        }
        if flags & TSF_FULLY_QUALIFIED != 0 && path.folder.is_none() {
            path.folder = Some(ctx.os.vat.current.clone());
        }
        let tokens = match &path.folder {
            Some(f) => {
                let mut out = vec![0];
                out.extend_from_slice(f);
                out.push(b'\\');
                out.extend_from_slice(&path.name);
                out.push(0);
                out
            }
            None => name_tokens(&path.name),
        };
        let old = estack::checked_top(ctx)?;
        estack::push(ctx, &tokens)?;
        ctx.detail.push_str(&format!(" = {old:#x}"));
        Ok(Reply::A0(old))
    })
}

/// The parser calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::TokenizeSymName, handler: tokenize_sym_name },
    RomCallDef { call: rom_calls::push_parse_text, handler: push_parse_text },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8]) -> Vec<u8> {
        parse(text).unwrap().tokens
    }

    #[test]
    fn calls_names_and_literals() {
        assert_eq!(
            tokens(b"ai1\\joueur()"),
            [&[0xE5, 0][..], b"ai1\\joueur", &[0, 0xDA]].concat()
        );
        assert_eq!(
            tokens(b"Prog()"),
            [&[0xE5, 0][..], b"prog", &[0, 0xDA]].concat()
        );
        // The documented my_func(a,b,c) layout, with literals: f(1,"x") = E5 "x" 1 f DA.
        assert_eq!(
            tokens(b"f(1, \"x\")"),
            vec![0xE5, 0, b'x', 0, 0x2D, 1, 1, 0x1F, 0x10, 0xDA]
        );
        assert_eq!(tokens(b"\xAD7"), vec![7, 1, 0x20]);
        assert_eq!(tokens(b"300"), vec![0x2C, 1, 2, 0x1F]);
        assert_eq!(tokens(b"\"N\""), vec![0, b'N', 0, 0x2D]);
        assert!(parse(b"x").unwrap().single);
    }

    #[test]
    fn stores() {
        let p = parse(b"7\x16ai1\\colonne").unwrap();
        assert!(!p.single);
        assert_eq!(
            p.tokens,
            [&[7, 1, 0x1F, 0][..], b"ai1\\colonne", &[0, 0x80]].concat()
        );
        // a + b ... -> a ends with [0B] [80] in the documented example.
        assert_eq!(tokens(b"1\x16a"), vec![1, 1, 0x1F, 0x0B, 0x80]);
    }

    #[test]
    fn errors_ams_throws_and_what_is_not_emulated() {
        let throw = |t: &[u8]| match parse(t) {
            Err(TextParseError::Throw(code, _)) => code,
            other => panic!("{other:?}"),
        };
        assert_eq!(throw(b"\"abc"), ERR_EXPECTED_DOUBLE_QUOTE);
        assert_eq!(throw(b"f(1"), ERR_EXPECTED_RPAR);
        assert_eq!(throw(b"abcdefghi()"), ERR_NAME_TOO_LONG);
        assert_eq!(throw(b"-1"), ERR_SYNTAX);
        for t in [
            &b"1+2"[..],
            b"a:b",
            b"7->x",
            b"f(g())",
            b"",
            b"1.5",
            b"sin(1)x",
        ] {
            assert!(
                matches!(parse(t), Err(TextParseError::NotEmulated(_))),
                "{:?}: {:?}",
                String::from_utf8_lossy(t),
                parse(t)
            );
        }
    }
}
