//! The deep book on the computer (`calc::connect4::deep_book`): its positions as text, one a
//! line (the generator's resumable progress file, and the book the toolkit keeps,
//! [`TOOLKIT_FILE`]), its bytes, and the calculator variable `livre` that holds them.
//!
//! A line is `MOVES COLUMN VALUE BEST ENGINE ENGINE_VALUE NODES`: the moves that reach the
//! position (columns 1-7, `-` for none), the book's column (1-7), its proven value (`win`,
//! `draw`, `loss`, `?`), `best` when no column is better (else `-`), the column the engine
//! alone plays and its value, and the solver nodes the position took. Lines starting with `#`
//! are comments. A last line cut short (a run killed while writing it) is left out when read.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use calc::connect4::ai::Ai;
use calc::connect4::deep_book::{self, DeepBook, Header, WithDeepBook, MAX_ENTRIES};
use calc::connect4::search::Entry;
use calc::connect4::solver;
use calc::connect4::strategy::Ladder;
use calc::connect4::Board;
use ti_files::{Model, VarFile, VarName, VarPath, VarType, Variable};

use super::{BookPosition, Settings};
use crate::append_file::AppendFile;

/// The toolkit's deep book, relative to its checkout: the positions of 7 and 8 stones that
/// `joueur`'s expert levels read from the variable `livre` (docs/solver.md#the-deep-book).
pub const TOOLKIT_FILE: &str = "calc/data/connect4/livre.txt";

/// The toolkit's deep book as it was when this tool was built ([`TOOLKIT_FILE`]).
const TOOLKIT_TEXT: &str = include_str!("../../../../calc/data/connect4/livre.txt");

/// The toolkit's deep book, as bytes: what the expert levels read natively, and what the
/// contest installs as `livre` beside `joueur` when it plays an expert level.
pub fn toolkit() -> DeepBook<'static> {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    let bytes = BYTES.get_or_init(|| {
        let positions = parse_text(TOOLKIT_TEXT, Path::new(TOOLKIT_FILE))
            .expect("the toolkit's deep book parses (checked by its tests)");
        book_bytes_of_positions(&positions).expect("the toolkit's deep book fits a variable")
    });
    DeepBook::new(bytes).expect("the toolkit's deep book is well formed")
}

/// `ai` as a contest strategy the way `joueur` plays it with the toolkit's deep book in its
/// folder, lending `table` to its engine and `solver_table` to the expert's exact solves
/// (`joueur`'s: `contest::versus::JOUEUR_TABLE` and `JOUEUR_SOLVER_TABLE` entries): an expert
/// level plays the deep book's move where it holds the position, any other level is the
/// ladder's player unchanged.
pub fn ladder<'t>(
    ai: Ai,
    table: &'t mut [Entry],
    solver_table: &'t mut [solver::Entry],
) -> WithDeepBook<Ladder<'t>, impl FnMut(u32) -> Option<u64>> {
    let book = toolkit();
    let header = match ai {
        Ai::Expert(_) => book.header(),
        // No ply is in it: every lookup misses at once.
        _ => Header {
            min_ply: 1,
            max_ply: 0,
            count: 0,
        },
    };
    WithDeepBook::new(Ladder::lending(ai, table, solver_table), header, move |i| {
        book.entry(i)
    })
}

/// The toolkit's deep book's move for an expert level `ai` in `board`, if it holds the
/// position (`None` for the other levels).
pub fn expert_move(ai: Ai, board: &Board) -> Option<u8> {
    match ai {
        Ai::Expert(_) => toolkit().lookup(board).map(|m| m.column),
        _ => None,
    }
}

/// What can go wrong with a deep book on the computer.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of a book file says something that is not a position of the book.
    #[error("{path}, line {line}: {why}")]
    Line {
        /// The file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// More positions than a calculator variable holds.
    #[error(
        "{0} positions: a calculator variable holds at most {MAX_ENTRIES}; make the book shallower"
    )]
    TooLarge(usize),
    /// The variable or its file could not be made.
    #[error("the variable livre: {0}")]
    Variable(String),
}

/// The text of a proven value.
fn value_text(v: Option<i8>) -> &'static str {
    match v {
        Some(1) => "win",
        Some(0) => "draw",
        Some(_) => "loss",
        None => "?",
    }
}

/// The value of its text.
fn parse_value(text: &str) -> Result<Option<i8>, String> {
    match text {
        "win" => Ok(Some(1)),
        "draw" => Ok(Some(0)),
        "loss" => Ok(Some(-1)),
        "?" => Ok(None),
        other => Err(format!("`{other}` is not a value (win, draw, loss or ?)")),
    }
}

/// The line of `p` (module doc).
pub fn position_line(p: &BookPosition) -> String {
    format!(
        "{} {} {} {} {} {} {}",
        if p.moves.is_empty() { "-" } else { &p.moves },
        p.column + 1,
        value_text(p.value),
        if p.proven_best { "best" } else { "-" },
        p.engine_column + 1,
        value_text(p.engine_value),
        p.solver_nodes
    )
}

/// The position of a line (module doc).
pub fn parse_position(line: &str) -> Result<BookPosition, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [moves, column, value, best, engine, engine_value, nodes] = fields[..] else {
        return Err(format!("7 fields expected, {} found", fields.len()));
    };
    let moves = if moves == "-" { "" } else { moves };
    let board = Board::from_moves(moves).map_err(|e| format!("moves `{moves}`: {e:?}"))?;
    let column_of = |text: &str| -> Result<u8, String> {
        match text.parse::<u8>() {
            Ok(c @ 1..=7) if board.can_play(c - 1) => Ok(c - 1),
            _ => Err(format!("`{text}` is not a playable column of `{moves}`")),
        }
    };
    Ok(BookPosition {
        moves: moves.to_string(),
        board,
        column: column_of(column)?,
        value: parse_value(value)?,
        proven_best: match best {
            "best" => true,
            "-" => false,
            other => return Err(format!("`{other}` is neither `best` nor `-`")),
        },
        engine_column: column_of(engine)?,
        engine_value: parse_value(engine_value)?,
        solver_nodes: nodes
            .parse()
            .map_err(|_| format!("`{nodes}` is not a node count"))?,
    })
}

/// The positions of the book file at `path` (module doc).
pub fn read_positions(path: &Path) -> Result<Vec<BookPosition>, BookError> {
    let text = std::fs::read_to_string(path).map_err(|source| BookError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_text(&text, path)
}

/// The positions of the text of a book file (`path` names it in errors).
pub fn parse_text(text: &str, path: &Path) -> Result<Vec<BookPosition>, BookError> {
    let whole = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut positions = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_position(line) {
            Ok(p) => positions.push(p),
            Err(_) if i + 1 == lines.len() && !whole => {}
            Err(why) => {
                return Err(BookError::Line {
                    path: path.to_path_buf(),
                    line: i + 1,
                    why,
                })
            }
        }
    }
    Ok(positions)
}

/// The generator's progress file: each position appended as it is decided, read back by a
/// resumed run.
pub struct ProgressFile {
    file: AppendFile,
}

impl ProgressFile {
    /// Opens the progress file at `path`, made with `header` (a comment line) when it does not
    /// exist; returns it and the positions it already holds. A last line cut short is cut off
    /// the file, so that the next line starts on a line of its own.
    pub fn open(path: &Path, header: &str) -> Result<(ProgressFile, Vec<BookPosition>), BookError> {
        let io = |source| BookError::Io {
            path: path.to_path_buf(),
            source,
        };
        if !path.exists() {
            std::fs::write(path, format!("# {header}\n")).map_err(io)?;
        }
        let positions = read_positions(path)?;
        let text = std::fs::read_to_string(path).map_err(io)?;
        if !text.ends_with('\n') {
            let keep = text.rfind('\n').map_or(0, |i| i + 1);
            std::fs::write(path, &text[..keep]).map_err(io)?;
        }
        let file = AppendFile::open(path).map_err(io)?;
        Ok((ProgressFile { file }, positions))
    }

    /// Appends `p`, synced to the disk.
    pub fn append(&mut self, p: &BookPosition) -> Result<(), BookError> {
        self.file
            .append_line(&position_line(p))
            .map_err(|source| BookError::Io {
                path: self.file.path().to_path_buf(),
                source,
            })
    }
}

/// The book file of `positions` made with `settings` by `command`: a header of comments, then
/// the positions by number of stones and moves.
pub fn book_text(positions: &[BookPosition], settings: &Settings, command: &str) -> String {
    let mut sorted: Vec<&BookPosition> = positions.iter().collect();
    sorted.sort_by(|a, b| (a.board.moves(), &a.moves).cmp(&(b.board.moves(), &b.moves)));
    let count = |f: &dyn Fn(&BookPosition) -> bool| positions.iter().filter(|p| f(p)).count();
    let mut out = format!(
        "# Connect Four's deep book (calc::connect4::deep_book): {} positions of {} to {} stones.\n\
         # Moves proven best: {}; proven to win {}, draw {}, lose {}; not proven {}. Solver nodes: {}.\n\
         # Generated, do not edit: {command}\n\
         # moves column value best engine engine_value nodes\n",
        positions.len(),
        settings.min_ply,
        settings.max_ply,
        count(&|p| p.proven_best),
        count(&|p| p.value == Some(1)),
        count(&|p| p.value == Some(0)),
        count(&|p| p.value == Some(-1)),
        count(&|p| p.value.is_none()),
        positions.iter().map(|p| p.solver_nodes).sum::<u64>(),
    );
    for p in sorted {
        out.push_str(&position_line(p));
        out.push('\n');
    }
    out
}

/// The bytes of the deep book of `positions` (the format of `calc::connect4::deep_book`),
/// holding `min_ply..=max_ply` stones.
pub fn book_bytes(
    positions: &[BookPosition],
    min_ply: u8,
    max_ply: u8,
) -> Result<Vec<u8>, BookError> {
    if positions.len() > MAX_ENTRIES as usize {
        return Err(BookError::TooLarge(positions.len()));
    }
    let mut entries: Vec<u64> = positions
        .iter()
        .map(|p| deep_book::entry(&p.board, p.column, p.value))
        .collect();
    entries.sort_unstable();
    entries.dedup_by_key(|e| *e >> 8);
    let header = Header {
        min_ply,
        max_ply,
        count: entries.len() as u32,
    };
    let mut bytes = header.encode().to_vec();
    for e in entries {
        bytes.extend_from_slice(&e.to_be_bytes());
    }
    Ok(bytes)
}

/// The bytes of the deep book of `positions`, whose plies are those of its positions.
pub fn book_bytes_of_positions(positions: &[BookPosition]) -> Result<Vec<u8>, BookError> {
    let plies = positions.iter().map(|p| p.board.moves());
    let (min, max) = (plies.clone().min().unwrap_or(0), plies.max().unwrap_or(0));
    let bytes = book_bytes(positions, min, max)?;
    DeepBook::new(&bytes).map_err(|e| BookError::Variable(format!("{e:?}")))?;
    Ok(bytes)
}

/// The bytes of the deep book in the book file at `path`.
pub fn file_bytes(path: &Path) -> Result<Vec<u8>, BookError> {
    book_bytes_of_positions(&read_positions(path)?)
}

/// The variable `folder\livre` (custom data of type `c4b`) holding the book `bytes`.
pub fn variable(folder: Option<&str>, bytes: &[u8]) -> Result<Variable, BookError> {
    let mut data = bytes.to_vec();
    data.push(0);
    data.extend_from_slice(deep_book::VARIABLE_TYPE);
    data.extend_from_slice(&[0, 0xF8]);
    let name = |text: &str| VarName::new(text).map_err(|e| BookError::Variable(e.to_string()));
    let path = VarPath {
        folder: folder.map(name).transpose()?,
        name: name(std::str::from_utf8(deep_book::VARIABLE).expect("ASCII"))?,
    };
    Variable::from_data(path, VarType::OTH, data).map_err(|e| BookError::Variable(e.to_string()))
}

/// Writes the variable `folder\livre` holding `bytes` as a calculator file at `path`, for the
/// model its extension names (`.89y`, `.9xy`, `.v2y`).
pub fn write_variable_file(path: &Path, folder: &str, bytes: &[u8]) -> Result<(), BookError> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let model = Model::from_extension(ext).ok_or_else(|| {
        BookError::Variable(format!(
            "{}: name the file .89y (TI-89), .9xy (TI-92 Plus) or .v2y (Voyage 200)",
            path.display()
        ))
    })?;
    let file_bytes = VarFile::single(model, variable(Some(folder), bytes)?)
        .to_bytes()
        .map_err(|e| BookError::Variable(e.to_string()))?;
    ti_files::disk::write_atomic(path, &file_bytes).map_err(|source| BookError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(moves: &str, column: u8, value: Option<i8>) -> BookPosition {
        BookPosition {
            moves: moves.into(),
            board: Board::from_moves(moves).unwrap(),
            column,
            value,
            proven_best: value == Some(1),
            engine_column: 3,
            engine_value: None,
            solver_nodes: 12,
        }
    }

    #[test]
    fn lines_round_trip() {
        for p in [
            position("4444123", 1, Some(1)),
            position("", 3, None),
            position("1234567", 6, Some(-1)),
        ] {
            let back = parse_position(&position_line(&p)).unwrap();
            assert_eq!(back, p);
        }
        assert!(parse_position("44 4 win best 4 win").is_err());
        assert!(
            parse_position("444444 4 win best 4 win 1").is_err(),
            "full column"
        );
        assert!(parse_position("44 8 win best 4 win 1").is_err());
        assert!(parse_position("44 4 won best 4 win 1").is_err());
    }

    #[test]
    fn a_progress_file_resumes_after_a_cut_line() {
        let dir = std::env::temp_dir().join(format!("ti68k-deep-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("progress.txt");
        let _ = std::fs::remove_file(&path);
        let (mut file, known) = ProgressFile::open(&path, "test").unwrap();
        assert!(known.is_empty());
        file.append(&position("4444123", 1, Some(1))).unwrap();
        drop(file);
        // A kill while writing the second line.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("4444124 2 wi");
        std::fs::write(&path, text).unwrap();
        let (mut file, known) = ProgressFile::open(&path, "test").unwrap();
        assert_eq!(known.len(), 1);
        file.append(&position("4444125", 2, Some(0))).unwrap();
        let again = read_positions(&path).unwrap();
        assert_eq!(again.len(), 2);
        assert_eq!(again[1].moves, "4444125");
        // A damaged line that is not the last is an error naming the line.
        std::fs::write(&path, "# h\n44 9 win best 4 win 1\n44 4 win best 4 win 1\n").unwrap();
        let e = read_positions(&path).unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_bytes_answer_every_position() {
        let positions = vec![
            position("4444123", 1, Some(1)),
            position("4444125", 5, Some(0)),
            position("1234567", 6, Some(-1)),
        ];
        let bytes = book_bytes(&positions, 7, 7).unwrap();
        let book = DeepBook::new(&bytes).unwrap();
        assert_eq!(book.header().count, 3);
        for p in &positions {
            let m = book.lookup(&p.board).unwrap();
            assert_eq!((m.column, m.value), (p.column, p.value), "{}", p.moves);
        }
        let var = variable(Some("ia1"), &bytes).unwrap();
        assert!(var.data.ends_with(b"\0c4b\0\xF8"));
        assert_eq!(var.data.len(), bytes.len() + 6);
    }
}
