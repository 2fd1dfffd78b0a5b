//! The one module of the crate that touches the disk.
//!
//! - Writing files so that a failure never leaves a half-written one ([`write_atomic`]): the
//!   bytes go to a temporary file in the same directory, which is flushed and then renamed over
//!   the target.
//! - Reading a calculator file ([`read_calculator_file`]) without trusting it: its first bytes
//!   must be a calculator signature (`**TI89**`, `**TI92P*`, `**V200**`, `**TIFL**`) before the
//!   rest is read, and a file larger than any calculator file can be is refused unread, so
//!   that a wrong path (a disk image, a video) costs nothing.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The largest file [`read_calculator_file`] reads: 8 MiB, above the largest calculator file
/// there is (a Voyage 200 OS upgrade is under 4 MB; a variable holds at most 64 KB).
pub const MAX_CALCULATOR_FILE: u64 = 8 << 20;

/// The signatures a calculator file starts with (docs/files.md).
pub const SIGNATURES: [&[u8; 8]; 4] = [b"**TI89**", b"**TI92P*", b"**V200**", b"**TIFL**"];

/// Why a calculator file could not be read from disk.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The operating system refused.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Too large to be a calculator file.
    #[error(
        "{path} is {len} bytes: too large for a calculator file (at most {max}); check the path"
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its length.
        len: u64,
        /// The limit.
        max: u64,
    },
    /// It does not start with a calculator signature.
    #[error("{path} is not a calculator file: it starts with {found:?}, not **TI89**, **TI92P*, **V200** or **TIFL**")]
    NotCalculatorFile {
        /// The file.
        path: PathBuf,
        /// Its first bytes, as text.
        found: String,
    },
}

/// Reads the calculator file at `path` (module doc): an error, without reading the rest, when
/// it is larger than [`MAX_CALCULATOR_FILE`] or does not start with one of [`SIGNATURES`].
pub fn read_calculator_file(path: &Path) -> Result<Vec<u8>, ReadError> {
    let io_error = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = fs::File::open(path).map_err(io_error)?;
    let len = file.metadata().map_err(io_error)?.len();
    if len > MAX_CALCULATOR_FILE {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            len,
            max: MAX_CALCULATOR_FILE,
        });
    }
    let mut head = Vec::with_capacity(8);
    (&mut file)
        .take(8)
        .read_to_end(&mut head)
        .map_err(io_error)?;
    if !SIGNATURES.iter().any(|s| head.as_slice() == &s[..]) {
        return Err(ReadError::NotCalculatorFile {
            path: path.to_path_buf(),
            found: String::from_utf8_lossy(&head).into_owned(),
        });
    }
    let mut bytes = head;
    bytes.reserve(len as usize);
    // Bounded even if the file grows while it is read.
    file.take(MAX_CALCULATOR_FILE - 8)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    Ok(bytes)
}

/// Writes `bytes` to `path` atomically: either the old file (or none) or the complete new one
/// is there afterwards, never a truncated mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("atomic-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.89s");
        write_atomic(&path, b"first version, long").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let leftovers: Vec<_> = fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_calculator_files_are_read_and_never_huge_ones() {
        let dir = std::env::temp_dir().join(format!("read-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let good = dir.join("x.89s");
        fs::write(&good, b"**TI89**\x01\x00rest").unwrap();
        assert_eq!(read_calculator_file(&good).unwrap().len(), 14);
        let text = dir.join("notes.89s");
        fs::write(&text, b"hello, this is text").unwrap();
        let e = read_calculator_file(&text).unwrap_err().to_string();
        assert!(
            e.contains("not a calculator file") && e.contains("hello, t"),
            "{e}"
        );
        // A sparse file of 1 GB: refused from its length, nothing read.
        let huge = dir.join("huge.89s");
        let f = fs::File::create(&huge).unwrap();
        f.set_len(1 << 30).unwrap();
        let e = read_calculator_file(&huge).unwrap_err().to_string();
        assert!(e.contains("1073741824 bytes: too large"), "{e}");
        let e = read_calculator_file(&dir.join("absent.89s")).unwrap_err();
        assert!(matches!(e, ReadError::Io { .. }));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_partial_file() {
        let path = std::env::temp_dir().join("no-such-dir-for-atomic-test/x.89s");
        assert!(write_atomic(&path, b"data").is_err());
        assert!(!path.exists());
    }
}
