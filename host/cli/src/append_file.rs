//! A text file that only grows, one whole line at a time: the results files of `ti68k
//! tournament` and `ti68k evolve` (their headers, and which lines they keep when a run is
//! resumed, are their own). Each line is written in one write and synced to the disk before the
//! next game ends, so a kill leaves the last line whole or cut short, never two lines mixed.

use std::io::Write;
use std::path::{Path, PathBuf};

/// A file open for appending whole lines.
pub struct AppendFile {
    path: PathBuf,
    file: std::fs::File,
}

impl AppendFile {
    /// Opens the existing file at `path` for appending.
    pub fn open(path: &Path) -> std::io::Result<AppendFile> {
        let file = std::fs::OpenOptions::new().append(true).open(path)?;
        Ok(AppendFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `line` and its newline in one write, then syncs the file's data to the disk.
    pub fn append_line(&mut self, line: &str) -> std::io::Result<()> {
        let whole = format!("{line}\n");
        self.file.write_all(whole.as_bytes())?;
        self.file.sync_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_appended_after_what_the_file_holds() {
        let dir = std::env::temp_dir().join(format!("ti68k-append-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.txt");
        std::fs::write(&path, "# header\n").unwrap();
        let mut file = AppendFile::open(&path).unwrap();
        file.append_line("game 1").unwrap();
        file.append_line("game 2").unwrap();
        assert_eq!(file.path(), path);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "# header\ngame 1\ngame 2\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
