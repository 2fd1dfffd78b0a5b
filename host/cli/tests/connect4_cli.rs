//! The `solve connect4`, `bench` and `book connect4` commands, run as the user runs them.

use std::io::Write;
use std::process::{Command, Stdio};

fn ti68k() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ti68k"))
}

const MIDDLE_EASY: &str = include_str!("../../../calc/tests/data/connect4/Test_L2_R1");

#[test]
fn solves_one_position() {
    let out = ti68k()
        .args(["solve", "connect4", "2252576253462244111563365343671351441"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "-1\n");
    let out = ti68k()
        .args([
            "solve",
            "connect4",
            "--weak",
            "7422341735647741166133573473242566",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
}

#[test]
fn solves_many_positions_from_standard_input() {
    let lines: Vec<&str> = MIDDLE_EASY.lines().take(100).collect();
    let mut child = ti68k()
        .args(["solve", "connect4", "-", "--table-bits", "20"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = lines.join("\n") + "\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    let want: Vec<String> = lines
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect();
    assert_eq!(got, want);
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let out = ti68k()
        .args(["solve", "connect4", "4489"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("character 3 is not a column 1-7"), "{err}");
    let mut child = ti68k()
        .args(["solve", "connect4", "-", "--table-bits", "10"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"4453\n11111111\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert_eq!(
        out.stdout.iter().filter(|&&b| b == b'\n').count(),
        1,
        "first line answered"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("full column"), "{err}");
}

/// A stand-in peer: a shell script at `dir/name` that prints `hello` (if any), then answers
/// each position line with this project's `solve connect4 - --stats` (`SCORE NODES
/// MICROSECONDS`, the last three fields the bench reads from either peer).
fn stand_in(dir: &std::path::Path, name: &str, hello: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let echo = if hello.is_empty() {
        String::new()
    } else {
        format!("echo '{hello}'\n")
    };
    let script = format!(
        "#!/bin/sh\n{echo}exec '{}' solve connect4 - --stats --table-bits 16\n",
        env!("CARGO_BIN_EXE_ti68k")
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const SETS: [&str; 6] = [
    "End-Easy",
    "Middle-Easy",
    "Middle-Medium",
    "Begin-Easy",
    "Begin-Medium",
    "Begin-Hard",
];

#[test]
fn bench_compares_with_the_peers_side_by_side() {
    let dir = testkit::scratch!("bench_peers");
    let pons = stand_in(&dir, "c4solver", "");
    let python = stand_in(&dir, "python", "bitbully stand-in");
    // A repository whose six sets are the first End-Easy positions (quick for three solvers).
    let data = dir.join("repo/calc/tests/data/connect4");
    std::fs::create_dir_all(&data).unwrap();
    let easy: String = include_str!("../../../calc/tests/data/connect4/Test_L3_R1")
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    for file in [
        "Test_L3_R1",
        "Test_L2_R1",
        "Test_L2_R2",
        "Test_L1_R1",
        "Test_L1_R2",
        "Test_L1_R3",
    ] {
        std::fs::write(data.join(file), &easy).unwrap();
    }
    let out = ti68k()
        .args([
            "bench",
            "connect4",
            "--limit",
            "2",
            "--step",
            "1",
            "--toolkit",
        ])
        .arg(dir.join("repo"))
        .env("TI68K_PONS_SOLVER", &pons)
        .env("TI68K_PYTHON", &python)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("connect4 peer Pons part 12: {}", pons.display())),
        "{text}"
    );
    assert!(text.contains("connect4 peer BitBully stand-in"), "{text}");
    assert!(text.contains("tables: ti68k 2^"), "{text}");
    for set in SETS {
        for solver in ["ti68k", "Pons p12", "BitBully"] {
            let row = text
                .lines()
                .find(|l| l.starts_with(&format!("connect4 {set:<13} {solver:<10}")))
                .unwrap_or_else(|| panic!("{set} {solver} missing:\n{text}"));
            assert!(row.contains(" 2/2 "), "{row}");
            assert!(!row.contains("WRONG"), "{row}");
        }
    }
    assert!(text.contains("load average"), "{text}");
    assert!(text.contains("connect4 fingerprint:"), "{text}");
}

#[test]
fn bench_says_how_to_get_a_missing_peer_and_drops_a_broken_one() {
    let dir = testkit::scratch!("bench_missing");
    // BitBully answers nonsense after its greeting; Pons' solver is not there.
    let python = dir.join("python");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::write(
            &python,
            "#!/bin/sh\necho 'bitbully broken'\nwhile read l; do echo nonsense; done\n",
        )
        .unwrap();
        std::fs::set_permissions(&python, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = ti68k()
        .args(["bench", "connect4", "--limit", "1"])
        .env("TI68K_PONS_SOLVER", dir.join("no-such-c4solver"))
        .env("TI68K_PYTHON", &python)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("connect4 peer Pons part 12: not found"),
        "{text}"
    );
    assert!(
        text.contains("git clone https://github.com/PascalPons/connect4"),
        "{text}"
    );
    assert!(
        text.contains("BitBully: unexpected answer \"nonsense\""),
        "{text}"
    );
    assert!(text.contains("dropped from the comparison"), "{text}");
    for set in SETS {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("connect4 {set:<13} ti68k")))
            .unwrap_or_else(|| panic!("{set} missing:\n{text}"));
        assert!(row.contains(" 1/1 "), "{row}");
    }
    // Without Python at all, the line says how to install BitBully.
    let out = ti68k()
        .args(["bench", "connect4", "--limit", "0"])
        .env("TI68K_PONS_SOLVER", dir.join("no-such-c4solver"))
        .env("TI68K_PYTHON", dir.join("no-such-python"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pip install bitbully"), "{text}");
    let out = ti68k().args(["bench", "chess"]).output().unwrap();
    assert!(!out.status.success());
}

/// `--stats` adds the solver's node count (the same as the core's, table cleared) and a time.
#[test]
fn stats_give_the_node_count_of_each_position() {
    use calc::connect4::solver::{Entry, Solver};
    let lines: Vec<&str> = MIDDLE_EASY.lines().take(3).collect();
    let mut child = ti68k()
        .args(["solve", "connect4", "-", "--stats", "--table-bits", "16"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut table = vec![Entry::EMPTY; 1 << 16];
    let mut solver = Solver::new(&mut table);
    for (line, printed) in lines.iter().zip(text.lines()) {
        let mut words = line.split_whitespace();
        let board = calc::connect4::Board::from_moves(words.next().unwrap()).unwrap();
        solver.reset();
        let score = solver.solve(&board, false);
        let fields: Vec<u64> = printed
            .split(' ')
            .map(|f| f.trim_start_matches('-').parse().unwrap())
            .collect();
        assert_eq!(printed.split(' ').next().unwrap(), score.to_string());
        assert_eq!(printed.split(' ').next().unwrap(), words.next().unwrap());
        assert_eq!(fields[1], solver.nodes(), "{line}");
        assert_eq!(fields.len(), 3, "{printed}");
    }
    assert_eq!(text.lines().count(), 3);
}

#[test]
fn book_writes_a_small_book_and_says_what_it_proved() {
    let dir = std::env::temp_dir().join(format!("c4-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book_data.rs");
    let out = ti68k()
        .args([
            "book",
            "connect4",
            "--max-ply",
            "2",
            "--solve-nodes",
            "100000",
            "--table-bits",
            "16",
            "--verbose",
            "--output",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("positions of at most 2 stones"), "{stdout}");
    assert!(stdout.contains("moves proven best:"), "{stdout}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("pub(super) const MAX_PLY: u8 = 2;"), "{text}");
    assert!(text.contains("pub(super) static ENTRIES: [u32; "), "{text}");
    // One line of progress per position on standard error.
    let positions = String::from_utf8_lossy(&out.stderr).lines().count();
    assert!(
        stdout.starts_with(&format!("{positions} positions")),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The built-in book is what its recorded command makes (the generator is deterministic):
/// about 5 minutes of one core and 512 MiB in release.
#[test]
#[ignore = "regenerates the whole book: about 5 minutes in release: cargo test --release -p ti68k --test connect4_cli -- --ignored"]
fn the_built_in_book_regenerates_identically() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let built_in = std::fs::read_to_string(root.join("calc/src/connect4/book_data.rs")).unwrap();
    let command = built_in
        .lines()
        .find_map(|l| l.strip_prefix("//! `cargo run --release -p ti68k -- "))
        .and_then(|l| l.strip_suffix('`'))
        .expect("the header records the command");
    let dir = std::env::temp_dir().join(format!("c4-book-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book_data.rs");
    let mut args: Vec<String> = command.split_whitespace().map(String::from).collect();
    let out_at = args.iter().position(|a| a == "--output").unwrap();
    args[out_at + 1] = path.display().to_string();
    let out = ti68k().args(&args).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let made = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        made, built_in,
        "the built-in book differs from what its command makes"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
