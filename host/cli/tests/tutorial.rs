//! docs/tutorial.md, followed to the letter on the computer and the emulator: every `sh` block
//! is run as written (with `ti68k` this test's binary and `~` a fresh home folder outside the
//! repository), every `file=` block written into the project where the page says, in the
//! page's order. The project is then the tutorial's: its native tests pass, it builds for the
//! calculator (from its folder and with `--manifest-path`), and its AI beats `winblock` in
//! matches on the emulator. The figures the page quotes are the ones the commands print. The
//! `sh tiemu` block is followed by emu-tests/tests/user_projects_tiemu.rs; `sh setup` blocks
//! (installing the toolkit, a real cable) are not run.
//!
//! Slow (three cross builds of a fresh project, a native test run, twenty emulated games):
//! about two minutes; it needs the cross toolchain (tools/setup) and says SKIPPED without it.

use std::path::{Path, PathBuf};
use std::process::Command;

use testkit::{code_blocks, CodeBlock};

/// Cargo's variables of the enclosing `cargo test` that must not reach the project's own
/// cargo: they would move its target folder or change its flags.
const CARGO_ENV: [&str; 6] = [
    "CARGO_TARGET_DIR",
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_TARGET",
    "RUSTC_WRAPPER",
    "CARGO_MANIFEST_DIR",
];

/// A shell for the page's commands: `~` is `home`, `ti68k` is this package's binary, cargo
/// keeps the user's registry and toolchain.
fn shell(home: &Path, script: &str) -> Command {
    let real_home = PathBuf::from(std::env::var_os("HOME").unwrap_or_default());
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_ti68k")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut c = Command::new("sh");
    c.arg("-e").arg("-c").arg(script).current_dir(home);
    c.env("HOME", home).env("PATH", path);
    for (var, default) in [("CARGO_HOME", ".cargo"), ("RUSTUP_HOME", ".rustup")] {
        let value = std::env::var_os(var).unwrap_or_else(|| real_home.join(default).into());
        c.env(var, value);
    }
    for var in CARGO_ENV {
        c.env_remove(var);
    }
    c
}

/// Runs a block of the page; its output (stdout and stderr).
fn run_block(home: &Path, block: &CodeBlock) -> String {
    let out = shell(home, &block.text).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the tutorial's block\n{}failed:\n{text}",
        block.text
    );
    text
}

/// The part of `text` from `start` to the end of its line.
fn line_from<'a>(text: &'a str, start: &str) -> Option<&'a str> {
    let at = text.find(start)?;
    text[at..].lines().next()
}

/// The first number before `word` in `line` (`9 won` -> 9).
fn count_before(line: &str, word: &str) -> u32 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.trim_end_matches(',') == word)
        .unwrap_or_else(|| panic!("no {word:?} in {line:?}"));
    words[at - 1].parse().unwrap()
}

#[test]
fn the_tutorial_from_nothing_to_an_ai_that_beats_winblock() {
    let test = "the_tutorial_from_nothing_to_an_ai_that_beats_winblock";
    if !ti_build::tools::Tools::available() {
        assert!(
            std::env::var_os("CI").is_none() && std::env::var_os("TI68K_REQUIRE_PEERS").is_none(),
            "{test}: the cross toolchain is missing (run tools/setup)"
        );
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let page = std::fs::read_to_string(testkit::repo_root().join("docs/tutorial.md")).unwrap();
    let blocks = code_blocks(&page);
    // A home folder outside the repository, as a new user's.
    let home = std::env::temp_dir().join(format!("ti68k-tutorial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let repo = testkit::repo_root().canonicalize().unwrap();
    assert!(!home.canonicalize().unwrap().starts_with(&repo));
    let project = home.join("four");

    let mut outputs: Vec<(String, String)> = Vec::new();
    let mut template_checked = false;
    for block in &blocks {
        let words = block.words();
        match words.as_slice() {
            ["sh"] => outputs.push((block.text.clone(), run_block(&home, block))),
            ["sh", "setup"] | ["sh", "tiemu"] => {}
            // What the command before it prints: each line of it, in its output.
            ["text"] => {
                let (command, output) = outputs.last().expect("a text block follows a command");
                for line in block.text.lines().filter(|l| !l.trim().is_empty()) {
                    assert!(
                        output.contains(line),
                        "the page says\n{command}prints {line:?}; it printed:\n{output}"
                    );
                }
            }
            [_, file] if file.starts_with("file=") => {
                let path = project.join(block.attribute("file").unwrap());
                std::fs::write(&path, &block.text).unwrap();
            }
            other => panic!("a block the test does not know how to follow: {other:?}"),
        }
        if !template_checked && project.join("Cargo.toml").is_file() {
            // Before the page changes it: the template as made builds and runs its program on
            // the emulator.
            template_checked = true;
            let out = shell(
                &home,
                "cd ~/four && ti68k build joueur && \
                 ti68k match --cable emu --ai1 target/ti/joueur.89z --ai2 random --games 2",
            )
            .output()
            .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(
                out.status.success(),
                "{text}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(text.contains("of 2 games"), "{text}");
            println!("the template:\n{text}");
        }
    }
    assert!(template_checked, "the page makes no project");

    // The build wrote the three files, and builds the same from another folder.
    let (_, built) = outputs
        .iter()
        .find(|(cmd, _)| cmd.contains("ti68k build joueur"))
        .expect("the page builds joueur");
    for ext in ["89z", "9xz", "v2z"] {
        assert!(
            built.contains(&format!("target/ti/joueur.{ext}")),
            "{built}"
        );
    }
    let elsewhere = shell(
        &home,
        "ti68k build --manifest-path ~/four/Cargo.toml joueur",
    )
    .output()
    .unwrap();
    assert!(elsewhere.status.success(), "{elsewhere:?}");
    let size = |text: &str| line_from(text, "joueur: ").unwrap().to_string();
    assert_eq!(
        size(built),
        size(&String::from_utf8_lossy(&elsewhere.stdout))
    );

    // The matches on the emulator: the AI beats winblock.
    let (_, matches) = outputs
        .iter()
        .find(|(cmd, _)| cmd.contains("--cable emu"))
        .expect("the page plays on the emulator");
    println!("{matches}");
    let tally = line_from(matches, "target/ti/joueur.89z against winblock:").unwrap();
    let (won, lost) = (count_before(tally, "won"), count_before(tally, "lost"));
    assert!(won >= 7 && won > 3 * lost, "{tally}");
    let _ = std::fs::remove_dir_all(&home);
}
