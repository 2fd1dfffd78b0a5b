//! The test's side of the VAT: create folders and typed variables before a run, install ASM
//! programs in folders, run a program by name as typed on the home screen, read variables
//! back and list the VAT afterwards. The calls mirror what the TiEmu bench does over the link
//! (the TiEmu bench's `TiEmu::set_value`, in emu-tests, `get_value`, `send_file`,
//! `send_variables`, `run`), so the same contest test can run on both benches. Values are encoded and decoded by
//! `ti_files` ([`Value::encode`], [`Value::decode`]): there is no second encoder here.
//!
//! Like the link (which creates a missing folder when a variable arrives for it), storing a
//! variable creates its folder. Paths follow the calculator's rules ([`VarPath::parse`]); a
//! path without a folder means the current folder.

use crate::ReadMemory;
use std::path::Path;
use std::time::Instant;

use ti_build::{rom_calls, Installable, ProgramImage};
use ti_files::{Attribute, Value, VarFile, VarName, VarPath, VarType, Variable};
use ti_link::{DirEntry, FolderListing};

use super::ams::exec::RunRecord;
use super::ams::heap::Owner;
use super::ams::parse;
use super::ams::vat::{self, Lookup, SymPath, VatError, SF_ARCHIVED, SF_LOCKED};
use super::ams::{errors, estack};
use super::call::CallOutcome;
use super::failure::Failure;
use super::machine::Machine;
use super::map;
use super::run::Counters;
use super::session::{PendingRun, RunState};

/// Bytes a stored variable may need beyond its own block, for its entry in its folder's list
/// (which may have to grow): [`Machine::room_for_variable`]'s margin.
const VAT_ENTRY_MARGIN: u32 = 64;

fn setup(msg: impl Into<String>) -> Failure {
    Failure::Setup(msg.into())
}

fn parse_path(path: &str) -> Result<VarPath, Failure> {
    VarPath::parse(path).map_err(|e| setup(format!("bad variable path {path:?}: {e}")))
}

fn sym_path(path: &VarPath) -> SymPath {
    SymPath {
        folder: path.folder.as_ref().map(|f| f.as_bytes().to_vec()),
        name: path.name.as_bytes().to_vec(),
    }
}

impl Machine {
    /// The current folder's name.
    pub fn current_folder(&self) -> String {
        ti_files::charset::decode(&self.os.vat.current)
    }

    /// Makes `folder` current (it must exist), as FolderCur does.
    pub fn set_current_folder(&mut self, folder: &str) -> Result<(), Failure> {
        let name = VarName::new(folder).map_err(|e| setup(format!("folder {folder:?}: {e}")))?;
        if vat::folder(&self.bus, &self.os.heap, &self.os.vat, name.as_bytes()).is_none() {
            return Err(setup(format!("there is no folder {name}")));
        }
        self.os.vat.current = name.as_bytes().to_vec();
        Ok(())
    }

    /// Creates `folder` if it does not exist yet.
    pub fn new_folder(&mut self, folder: &str) -> Result<(), Failure> {
        let name = VarName::new(folder).map_err(|e| setup(format!("folder {folder:?}: {e}")))?;
        self.ensure_folder(name.as_bytes())
    }

    fn ensure_folder(&mut self, name: &[u8]) -> Result<(), Failure> {
        match vat::add_folder(&mut self.bus, &mut self.os.heap, &self.os.vat, name) {
            Ok(_) | Err(VatError::Exists) => Ok(()),
            Err(e) => Err(setup(format!("cannot create folder: {e:?}"))),
        }
    }

    /// Stores raw variable data (without the size word, ending with its tag) at `path`,
    /// creating the folder. Returns the handle of the new data.
    fn store_data(&mut self, path: &VarPath, data: &[u8]) -> Result<u16, Failure> {
        if let Some(f) = &path.folder {
            self.ensure_folder(f.as_bytes())?;
        }
        let sp = sym_path(path);
        vat::store(&mut self.bus, &mut self.os.heap, &self.os.vat, &sp, data)
            .map(|e| e.handle)
            .map_err(|e| {
                setup(format!(
                    "cannot store {}: {}",
                    sp.display(&self.os.vat),
                    match e {
                        VatError::Locked => "it is locked or archived".to_string(),
                        VatError::InUse => "it is in use".to_string(),
                        VatError::IsFolder => "it is a folder".to_string(),
                        VatError::NoMemory => "the heap is full".to_string(),
                        other => format!("{other:?}"),
                    }
                ))
            })
    }

    /// Writes a typed value (integer, string, list...) to `path`, e.g. `ai1\colonne`, as the
    /// link's silent send would.
    pub fn set_value(&mut self, path: &str, value: &Value) -> Result<(), Failure> {
        let p = parse_path(path)?;
        let data = value
            .encode()
            .map_err(|e| setup(format!("value for {path}: {e}")))?;
        self.store_data(&p, &data).map(|_| ())
    }

    /// Stores variables as the link's silent send would (each in its folder, or the current
    /// one).
    pub fn send_variables(&mut self, vars: &[Variable]) -> Result<(), Failure> {
        for v in vars {
            self.store_data(&v.path(), &v.data)?;
            if v.attribute == Attribute::Locked {
                self.set_flag(&v.path(), SF_LOCKED, true)?;
            }
        }
        Ok(())
    }

    /// Stores every variable of a calculator file (`.89z`, `.v2s`, a group...), then the body of
    /// a launcher beside it (`ti_build::launcher::missing_bodies`, as `ti68k send`), and returns
    /// their paths, the file's first. The file must be for this machine's model.
    pub fn send_file(&mut self, path: &Path) -> Result<Vec<VarPath>, Failure> {
        let bytes = std::fs::read(path)
            .map_err(|e| setup(format!("cannot read {}: {e}", path.display())))?;
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let file = VarFile::from_bytes_with_extension(&bytes, ext)
            .map_err(|e| setup(format!("{}: {e}", path.display())))?;
        if file.model != self.model() {
            return Err(setup(format!(
                "{} is a {} file, this machine emulates a {}",
                path.display(),
                file.model,
                self.model()
            )));
        }
        let bodies =
            ti_build::launcher::missing_bodies(path, &file).map_err(|e| setup(e.to_string()))?;
        let mut vars = file.variables;
        vars.extend(bodies);
        self.send_variables(&vars)?;
        Ok(vars.iter().map(Variable::path).collect())
    }

    /// Installs a program built by the project's linker as the ASM variable `path` (e.g.
    /// `ai1\joueur`). The harness remembers its text length, so that when it runs (through
    /// NG_execute, EX_patch or [`Machine::run`]) writes into its code are failures.
    pub fn store_program(&mut self, path: &str, image: &ProgramImage) -> Result<(), Failure> {
        let p = parse_path(path)?;
        let data = image
            .to_variable_data()
            .map_err(|e| setup(format!("program for {path}: {e}")))?;
        let h = self.store_data(&p, &data)?;
        let text = (image.text_len > 0).then_some(image.text_len);
        self.os.heap.set_text_len(h, text);
        Ok(())
    }

    /// Installs a built program as `path` (e.g. `ai1\joueur`) the way every command installs
    /// one ([`Installable::variables`]): its ASM variable, and for a program built with a
    /// launcher its body beside it, in the same folder. The text of the ASM variable is
    /// protected against writes when its length is known; a body's text is protected when the
    /// launcher relocates it (its header gives the length).
    pub fn install(&mut self, path: &str, program: &Installable) -> Result<(), Failure> {
        let p = parse_path(path)?;
        let vars = program
            .variables(p.folder.as_ref(), &p.name)
            .map_err(|e| setup(format!("installing {path}: {e}")))?;
        for v in &vars {
            let h = self.store_data(&v.path(), &v.data)?;
            if v.var_type == VarType::ASM && program.text_len > 0 {
                self.os.heap.set_text_len(h, Some(program.text_len));
            }
        }
        Ok(())
    }

    fn lookup_path(&self, path: &str) -> Result<(VarPath, vat::Entry), Failure> {
        let p = parse_path(path)?;
        let sp = sym_path(&p);
        match vat::lookup(&self.bus, &self.os.heap, &self.os.vat, &sp) {
            Lookup::Found(e) => Ok((p, e)),
            Lookup::Absent(_) => Err(setup(format!(
                "there is no variable {}",
                sp.display(&self.os.vat)
            ))),
            Lookup::NoFolder(f) => Err(setup(format!(
                "there is no folder {} (for {path})",
                String::from_utf8_lossy(&f)
            ))),
        }
    }

    /// The variable at `path`, with its type and attribute, as the link would receive it.
    pub fn get_variable(&self, path: &str) -> Result<Variable, Failure> {
        let (p, e) = self.lookup_path(path)?;
        let data = vat::variable_data(&self.bus, &self.os.heap, e.handle).ok_or_else(|| {
            setup(format!(
                "{path} has no valid data (handle {}): a program left its entry without a MULTI_EXPR",
                e.handle
            ))
        })?;
        let tag = data.last().copied().unwrap_or(0);
        let folder = p.folder.unwrap_or_else(|| {
            VarName::from_bytes(&self.os.vat.current).expect("folder names are valid")
        });
        let mut v = Variable::from_data(VarPath::new(folder, p.name), VarType::from_tag(tag), data)
            .map_err(|e| setup(format!("{path}: {e}")))?;
        v.attribute = attribute(e.flags);
        Ok(v)
    }

    /// The typed value of `path` (decoded by `ti_files`).
    pub fn get_value(&self, path: &str) -> Result<Value, Failure> {
        Ok(self.get_variable(path)?.value())
    }

    /// Deletes the variable at `path` (as DelVar, or the link's DEL): it must be neither locked,
    /// archived nor in use.
    pub fn delete_variable(&mut self, path: &str) -> Result<(), Failure> {
        let (_, e) = self.lookup_path(path)?;
        vat::check_replaceable(&e).map_err(|e| setup(format!("cannot delete {path}: {e:?}")))?;
        vat::delete_variable(&mut self.bus, &mut self.os.heap, &e);
        Ok(())
    }

    /// Whether the variable at `path` is in use (a program running from it).
    pub fn is_in_use(&self, path: &str) -> bool {
        self.lookup_path(path)
            .is_ok_and(|(_, e)| e.flags & vat::SF_INUSE != 0)
    }

    /// Whether a variable of `size` bytes (its size word included) can be stored at `path` now:
    /// what the link asks before it accepts one. Its block, with 64 bytes to spare for its VAT
    /// entry, and the lists a new entry makes grow: its folder's list when it is full, or, when
    /// the folder does not exist yet, the folder's new list and the folder table when that is
    /// full. All must fit in the largest block the heap can give, compacted first when its free
    /// space is in pieces (as AMS does before it refuses). [`Machine::heap_avail`] counts the
    /// pieces too, so it may promise room that no single block has.
    pub fn room_for_variable(&mut self, path: &VarPath, size: u32) -> bool {
        let lists = vat::room_for_entry(&self.bus, &self.os.heap, &self.os.vat, &sym_path(path));
        self.os
            .heap
            .make_room(&mut self.bus, size + VAT_ENTRY_MARGIN + lists)
    }

    /// Sets or clears the locked flag of `path`'s entry (as the `lock` command does).
    pub fn set_locked(&mut self, path: &str, locked: bool) -> Result<(), Failure> {
        let p = parse_path(path)?;
        self.set_flag(&p, SF_LOCKED, locked)
    }

    /// Sets or clears the archived flag of `path`'s entry (as the `archive` command does; the
    /// harness has no archive memory: the data stays where it is, and what the flag changes
    /// is what the OS refuses to do with the variable).
    pub fn set_archived(&mut self, path: &str, archived: bool) -> Result<(), Failure> {
        let p = parse_path(path)?;
        self.set_flag(&p, SF_ARCHIVED, archived)
    }

    fn set_flag(&mut self, path: &VarPath, flag: u16, on: bool) -> Result<(), Failure> {
        let sp = sym_path(path);
        let Lookup::Found(e) = vat::lookup(&self.bus, &self.os.heap, &self.os.vat, &sp) else {
            return Err(setup(format!(
                "there is no variable {}",
                sp.display(&self.os.vat)
            )));
        };
        let flags = if on { e.flags | flag } else { e.flags & !flag };
        vat::set_flags(&mut self.bus, &self.os.heap, &e, flags);
        Ok(())
    }

    /// Every folder and its variables, as the link's directory listing gives them (type from
    /// the data's tag, size of the variable image).
    pub fn list_vat(&self) -> Vec<FolderListing> {
        let (bus, heap) = (&self.bus, &self.os.heap);
        vat::entries(bus, heap, self.os.vat.folder_table)
            .into_iter()
            .filter_map(|f| {
                let entries = vat::entries(bus, heap, f.handle)
                    .into_iter()
                    .filter_map(|e| {
                        let data = vat::variable_data(bus, heap, e.handle).unwrap_or_default();
                        Some(DirEntry {
                            name: VarName::from_bytes(&e.name).ok()?,
                            var_type: VarType::from_tag(data.last().copied().unwrap_or(0)),
                            attribute: attribute(e.flags),
                            size: data.len() as u32 + 2,
                        })
                    })
                    .collect();
                Some(FolderListing {
                    folder: VarName::from_bytes(&f.name).ok()?,
                    entries,
                })
            })
            .collect()
    }

    /// Every program NG_execute ran since the machine was created: name, cycles, how it ended.
    pub fn runs(&self) -> &[RunRecord] {
        &self.os.runs
    }

    /// Takes the record of the programs NG_execute ran, leaving it empty.
    pub fn take_runs(&mut self) -> Vec<RunRecord> {
        std::mem::take(&mut self.os.runs)
    }

    /// The bytes of the expression stack, from `bottom_estack` to `top_estack`.
    pub fn estack(&self) -> Vec<u8> {
        let (bottom, top) = (estack::bottom(&self.bus), estack::top(&self.bus));
        self.read_bytes(bottom, (top + 1).saturating_sub(bottom))
            .unwrap_or_default()
    }

    /// Runs the ASM program `path` with the arguments `args` (TI-BASIC text: integers and
    /// strings separated by commas) as typed on the home screen: `path(args)` is tokenized
    /// and executed by the harness's NG_execute, in the current folder, from an empty
    /// estack. Afterwards, as [`Machine::run_program`], every heap block the program (or a
    /// program it ran) allocated must be freed or belong to the VAT, and every ER_catch frame
    /// popped. The counters cover everything that ran. A program that waits for a key with
    /// none queued fails ([`Failure::KeysExhausted`]); [`Machine::start_run`] suspends it
    /// instead.
    pub fn run(&mut self, path: &str, args: &str) -> Result<CallOutcome, Failure> {
        self.begin_run(path, args, false)?;
        match self.continue_run()? {
            RunState::Finished(outcome) => Ok(outcome),
            RunState::WaitingForKey => unreachable!("only start_run suspends"),
        }
    }

    /// Tokenizes `path(args)`, puts the statement in a heap block and starts NG_execute on it
    /// from the harness's return address; [`Machine::continue_run`] then runs the CPU.
    pub(crate) fn begin_run(
        &mut self,
        path: &str,
        args: &str,
        suspend: bool,
    ) -> Result<(), Failure> {
        if self.pending.is_some() {
            return Err(setup(format!(
                "cannot run {path}: a program is still waiting for a key (Machine::resume it)"
            )));
        }
        self.lookup_path(path)?;
        let text = format!("{path}({args})");
        let bytes =
            ti_files::charset::encode(&text).map_err(|e| setup(format!("{text:?}: {e}")))?;
        let tokens = match parse::parse(&bytes) {
            Ok(p) if p.tokens.last() == Some(&estack::USERFUNC_TAG) => p.tokens,
            Ok(_) => return Err(setup(format!("{text:?} is not a program call"))),
            Err(e) => return Err(setup(format!("{text:?} does not parse: {e:?}"))),
        };
        estack::reset(&mut self.bus);
        self.os.nested.clear();
        let mut block = (tokens.len() as u16 + 1).to_be_bytes().to_vec();
        block.push(estack::ENDSTACK_TAG);
        block.extend_from_slice(&tokens);
        let (h, a) = self
            .os
            .heap
            .alloc(
                &mut self.bus,
                block.len() as u32,
                false,
                Owner::Harness,
                "run",
                0,
            )
            .ok_or_else(|| setup("the heap has no room for the statement"))?;
        self.bus.poke(a, &block);
        // NG_execute(h, FALSE) called from the harness's return address.
        self.cpu.set_sr(0x2700);
        self.cpu.dar[15] = map::SUPERVISOR_STACK_TOP;
        self.cpu.set_usp(map::USER_STACK_TOP);
        self.cpu.set_sr(0x0000);
        let sp = map::USER_STACK_TOP - 8;
        let ret = self.layout.return_address();
        self.bus.poke(sp, &ret.to_be_bytes());
        self.bus.poke(sp + 4, &h.to_be_bytes());
        self.bus.poke(sp + 6, &[0, 0]);
        self.cpu.dar[15] = sp;
        self.cpu.stopped = 0;
        self.os.keys.suspend = suspend;
        self.pending = Some(PendingRun {
            statement: h,
            label: path.to_string(),
            started: Instant::now(),
            cycles: self.cycles,
            instructions: self.instructions,
            rom_calls: self.rom_calls_total,
            launched: false,
        });
        Ok(())
    }

    /// Runs the CPU for the program begun by [`Machine::begin_run`] (or suspended) until it
    /// returns, fails, or (when suspending) waits for a key the queue does not hold.
    pub(crate) fn continue_run(&mut self) -> Result<RunState, Failure> {
        let Some(pending) = self.pending.as_mut() else {
            return Err(setup("no program is running"));
        };
        let launch = !pending.launched;
        pending.launched = true;
        let statement = pending.statement;
        let label = pending.label.clone();
        let result = (|| {
            if launch {
                let ret = self.layout.return_address();
                let ng = self
                    .registry
                    .get(rom_calls::NG_execute.index)
                    .copied()
                    .expect("NG_execute is served");
                let jumped = self.serve(ng.call.index, ng.call.name, ret, ng.handler)?;
                if !jumped {
                    return Err(setup(format!(
                        "{label} did not start: {}",
                        self.os
                            .transcript
                            .calls
                            .last()
                            .map_or("", |c| c.detail.as_str())
                    )));
                }
            }
            self.run_to_return()
        })();
        match result {
            Err(Failure::KeysExhausted { .. }) if self.os.keys.suspend => {
                return Ok(RunState::WaitingForKey)
            }
            _ => {}
        }
        let pending = self.pending.take().expect("a run is pending");
        self.os.keys.suspend = false;
        let _ = self.os.heap.free(&mut self.bus, statement);
        result?;
        let outcome = CallOutcome {
            d0: self.cpu.dar[0],
            a0: self.cpu.dar[8],
            counters: Counters {
                cycles: self.cycles - pending.cycles,
                instructions: self.instructions - pending.instructions,
                rom_calls: self.rom_calls_total - pending.rom_calls,
            },
            host_time: pending.started.elapsed(),
        };
        self.check_program_leftovers()?;
        Ok(RunState::Finished(outcome))
    }

    /// After a program: every block a program allocated must be freed or held by the VAT
    /// (a variable it created), and every ER_catch frame popped.
    pub(crate) fn check_program_leftovers(&self) -> Result<(), Failure> {
        let in_vat = vat::handles(&self.bus, &self.os.heap, &self.os.vat);
        let leaks: Vec<String> = self
            .os
            .heap
            .blocks()
            .filter(|b| b.owner == Owner::Program && !in_vat.contains(&b.handle))
            .map(|b| {
                format!(
                    "handle {} ({} bytes, from {} at pc {:#x})",
                    b.handle, b.size, b.via, b.caller
                )
            })
            .collect();
        if !leaks.is_empty() {
            return Err(Failure::Leaks {
                count: leaks.len(),
                list: leaks.join(", "),
            });
        }
        let mut n = 0;
        let mut f = self.read_u32(map::ERROR_FRAME_HEAD)?;
        while f != 0 && n < 10_000 {
            n += 1;
            f = self.read_u32(f + errors::FRAME_SIZE - 4)?;
        }
        if n > 0 {
            return Err(Failure::ErrorFramesLeft { count: n });
        }
        Ok(())
    }
}

fn attribute(flags: u16) -> Attribute {
    if flags & SF_ARCHIVED != 0 {
        Attribute::Archived
    } else if flags & SF_LOCKED != 0 {
        Attribute::Locked
    } else {
        Attribute::None
    }
}
