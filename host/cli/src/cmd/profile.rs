//! `ti68k profile PROGRAM`: runs a calculator program, or calls its exported functions, on the
//! project's emulator (`ti_emulator`) with the cycle profiler on, and prints where the 68000
//! cycles went: per function (self and with callees, calls, cycles per call), the callers of
//! the hottest functions and the hottest instructions; `--svg` writes a flame graph
//! (docs/profiling.md).
//!
//! PROGRAM is a program of `calc/programs` (built first, as `ti68k build` does), or a
//! calculator file `.89z`/`.9xz`/`.v2z` with the symbol map its build wrote beside it
//! (`PROGRAM.sym`). A program built with a launcher is profiled itself: its body (the `.89y`
//! beside the launcher's file), not the launcher.
//!
//! ```text
//! ti68k profile t_c4 --setup "c4_play 3" --setup "c4_play 3" --call "c4_choose 148 1" --svg c4.svg
//! ti68k profile hello --run --keys 13
//! ```

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;
use ti_build::{build, repository_root, BuildOptions, Installable, SymbolMap};
use ti_emulator::{Machine, Profile};
use ti_files::disk::write_atomic;
use ti_files::{parse_extension, Model};

/// Arguments of `ti68k profile`.
#[derive(Args, Debug)]
pub struct ProfileArgs {
    /// A program of calc/programs (e.g. `t_c4`), or a `.89z`/`.9xz`/`.v2z` file with its
    /// `.sym` beside it.
    program: String,
    /// Calls made before profiling starts, in order: `"FUNCTION ARG..."` (arguments are
    /// integers: 12, -1, 0x1F), e.g. `--setup "c4_play 3"`. The module is opened first
    /// (`w68k_open`) when the program exports it.
    #[arg(long, value_name = "CALL")]
    setup: Vec<String>,
    /// Calls profiled, in order: `"FUNCTION ARG..."`; their costs add up in one profile.
    #[arg(long, value_name = "CALL")]
    call: Vec<String>,
    /// Profile the program run from its entry, as AMS starts it (after the calls, if any).
    #[arg(long)]
    run: bool,
    /// Keys for the program's ngetchx/kbhit, in order: ngetchx codes separated by commas
    /// (13 is ENTER, 264 ESC; docs/rom-calls.md#keyboard-codes).
    #[arg(long, value_delimiter = ',')]
    keys: Vec<u16>,
    /// The calculator emulated.
    #[arg(long, default_value = "ti89")]
    model: Model,
    /// Functions listed in the table (by self cycles).
    #[arg(long, default_value_t = 25)]
    functions: usize,
    /// How many of the hottest functions get their callers listed.
    #[arg(long, default_value_t = 5)]
    callers: usize,
    /// How many of the hottest instruction addresses are listed.
    #[arg(long, default_value_t = 0)]
    instructions: usize,
    /// Also list the instructions of this function (a name, or part of one) with the cycles
    /// each took.
    #[arg(long, value_name = "FUNCTION")]
    annotate: Option<String>,
    /// Also write the table to this file.
    #[arg(long)]
    text: Option<PathBuf>,
    /// Write a flame graph (SVG) to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Write the collapsed stacks (the input of flamegraph.pl / inferno-flamegraph) here.
    #[arg(long)]
    collapsed: Option<PathBuf>,
    /// The title of the flame graph (default: the program and its calls).
    #[arg(long)]
    title: Option<String>,
    /// Cycle budget of each call (default 100 s at 12 MHz).
    #[arg(long, default_value_t = ti_emulator::DEFAULT_BUDGET)]
    budget: u64,
    /// The repository, for a program name (default: found from the current directory).
    #[arg(long)]
    root: Option<PathBuf>,
}

/// A call given on the command line: `"FUNCTION ARG..."`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSpec {
    /// The exported function.
    pub function: String,
    /// Its arguments, as 32-bit slots.
    pub args: Vec<u32>,
}

impl CallSpec {
    /// Reads `"FUNCTION ARG..."`.
    pub fn parse(text: &str) -> anyhow::Result<CallSpec> {
        let mut words = text.split_whitespace();
        let Some(function) = words.next() else {
            bail!("an empty call: give \"FUNCTION ARG...\", e.g. \"c4_play 3\"");
        };
        let args = words
            .map(|w| {
                parse_integer(w).with_context(|| {
                    format!("argument {w:?} of {function} is not an integer (12, -1, 0x1F)")
                })
            })
            .collect::<anyhow::Result<Vec<u32>>>()?;
        Ok(CallSpec {
            function: function.to_string(),
            args,
        })
    }
}

/// An integer argument: decimal, negative (two's complement) or `0x` hexadecimal.
fn parse_integer(word: &str) -> anyhow::Result<u32> {
    if let Some(hex) = word.strip_prefix("0x") {
        return Ok(u32::from_str_radix(hex, 16)?);
    }
    if let Some(negative) = word.strip_prefix('-') {
        let n: u32 = negative.parse()?;
        if n > 1 << 31 {
            bail!("out of range");
        }
        return Ok(n.wrapping_neg());
    }
    Ok(word.parse()?)
}

/// The program's variable data and symbols: built from calc/programs, or read from files.
fn load(args: &ProfileArgs, m: &mut Machine) -> anyhow::Result<SymbolMap> {
    let path = Path::new(&args.program);
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext.is_empty() {
        let root = match &args.root {
            Some(root) => root.clone(),
            None => repository_root(&std::env::current_dir()?)?,
        };
        let built = build(&BuildOptions::new(&root, &args.program))
            .with_context(|| format!("building {}", args.program))?;
        m.load(&built.image)?;
        return Ok(built.symbols);
    }
    parse_extension(ext)?;
    // The program itself: a launcher's body (beside its file), not the launcher
    // (docs/building.md#programs-over-24-kb).
    let program = Installable::from_file(path)?;
    let data = match &program.body {
        None => program.program.clone(),
        // Its relocations back in the table, which the emulator reads unsigned.
        Some(body) => ti_build::launcher::parse_body(&body.data)
            .map_err(|why| anyhow::anyhow!("the body of {}: {why}", path.display()))?
            .image()?
            .to_variable_data_within(ti_build::MAX_BODY_RELOC_OFFSET)?,
    };
    let sym = path.with_extension("sym");
    let text = std::fs::read_to_string(&sym).with_context(|| {
        format!(
            "reading {}: the profiler needs the symbol map the build writes beside the program",
            sym.display()
        )
    })?;
    let symbols = SymbolMap::parse(&text).with_context(|| format!("reading {}", sym.display()))?;
    m.load_variable_data_with_symbols(&data, &symbols)?;
    Ok(symbols)
}

/// Runs `ti68k profile`.
pub fn run(args: ProfileArgs) -> anyhow::Result<()> {
    if args.call.is_empty() && !args.run {
        bail!("say what to profile: --call \"FUNCTION ARG...\" (an exported function) or --run (the program)");
    }
    let setup = args
        .setup
        .iter()
        .map(|c| CallSpec::parse(c))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let calls = args
        .call
        .iter()
        .map(|c| CallSpec::parse(c))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut m = Machine::new(args.model);
    m.set_budget(args.budget);
    let symbols = load(&args, &mut m)?;
    if (!calls.is_empty() || !setup.is_empty()) && symbols.exports.contains_key("w68k_open") {
        m.call("w68k_open", &[])
            .context("opening the module (w68k_open)")?;
    }
    for c in &setup {
        let out = m
            .call(&c.function, &c.args)
            .with_context(|| format!("set-up call {}", c.function))?;
        eprintln!("set-up {} {:?} -> {}", c.function, c.args, out.d0 as i32);
    }
    m.push_keys(&args.keys);
    m.start_profiling(&symbols)?;
    let mut results = Vec::new();
    for c in &calls {
        let out = m
            .call(&c.function, &c.args)
            .with_context(|| format!("profiled call {}", c.function))?;
        results.push(format!(
            "{} {:?} -> d0 = {} ({} cycles)",
            c.function, c.args, out.d0 as i32, out.counters.cycles
        ));
    }
    if args.run {
        let out = m.run_program().context("running the program")?;
        results.push(format!(
            "the program's run: {} cycles, {} ROM calls",
            out.counters.cycles, out.counters.rom_calls
        ));
    }
    let profile = m.stop_profiling().expect("profiling was started");
    for r in &results {
        eprintln!("{r}");
    }
    report(&args, &profile)?;
    if let Some(function) = &args.annotate {
        print!("\n{}", m.annotate(&profile, function)?);
    }
    Ok(())
}

fn report(args: &ProfileArgs, profile: &Profile) -> anyhow::Result<()> {
    let table = profile.table(args.functions, args.callers, args.instructions);
    print!("{table}");
    if let Some(path) = &args.text {
        write_atomic(path, table.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.collapsed {
        write_atomic(path, profile.collapsed().as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.svg {
        let title = args.title.clone().unwrap_or_else(|| {
            format!(
                "{}: {}",
                profile.program,
                if args.call.is_empty() {
                    "the program's run".to_string()
                } else {
                    args.call.join(", ")
                }
            )
        });
        let svg = profile
            .flame_graph(&title)
            .context("drawing the flame graph")?;
        write_atomic(path, svg.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_read() {
        let c = CallSpec::parse("c4_choose 148 0x1F -1").unwrap();
        assert_eq!(c.function, "c4_choose");
        assert_eq!(c.args, vec![148, 31, u32::MAX]);
        assert!(CallSpec::parse("").is_err());
        let e = CallSpec::parse("c4_play x").unwrap_err();
        assert!(format!("{e:#}").contains("not an integer"), "{e:#}");
    }
}
