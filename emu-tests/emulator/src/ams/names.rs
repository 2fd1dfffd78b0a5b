//! Names of AMS error codes (docs/rom-calls.md#errors, GCC4TI's documentation) and of 68000
//! exception vectors, for failure messages and transcripts. The names of ROM calls come from the
//! project's table, [`ti_build::rom_calls::by_index`].

/// The name of AMS error `code` (docs/rom-calls.md#errors), or "unknown error".
pub fn error_name(code: u16) -> &'static str {
    match code {
        2 => "STOP",
        40 => "ARGUMENT",
        161 => "ASAP or Exec string too long",
        180 => "BREAK",
        210 => "DATATYPE",
        330 => "FOLDER",
        580 => "ILLEGAL_PRGM_REF",
        630 => "INVALID_VAR_REF",
        650 => "LINK_IO",
        670 => "MEMORY",
        850 => "PRGM_NOT_FOUND",
        870 => "RESERVED",
        910 => "SYNTAX",
        960 => "UNDEFINED_VAR",
        970 => "VAR_IN_USE",
        980 => "LOCKED/PROTECTED",
        990 => "NAME_TOO_LONG",
        _ => "unknown error",
    }
}

/// The name of a 68000 exception vector.
pub fn vector_name(vector: u32) -> &'static str {
    match vector {
        2 => "bus error",
        3 => "address error",
        4 => "illegal instruction",
        5 => "division by zero",
        6 => "CHK",
        7 => "TRAPV",
        8 => "privilege violation",
        9 => "trace",
        10 => "line 1010 (A-line)",
        11 => "line 1111 (F-line)",
        24 => "spurious interrupt",
        25..=31 => "auto-vectored interrupt",
        32..=47 => "TRAP",
        _ => "reserved or user vector",
    }
}
