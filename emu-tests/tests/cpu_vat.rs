//! The VAT, the estack and programs running programs in the CPU harness: 68000 code
//! (fixtures assembled by binutils) calls the ROM through the jump table with AMS's
//! convention, and the test checks the bytes AMS's layouts put in RAM, the typed values read
//! back through `ti_files`, and the failures for what a calculator would not do.

use emu_tests::fixture;
use ti_build::rom_calls::{self, RomCall};
use ti_emulator::ams::exec::RunEnd;
use ti_emulator::ReadMemory;
use ti_emulator::{map, Failure, Machine};
use ti_files::{Integer, Model, Value, VarPath, VarType, Variable};

const STOF_ESI: u32 = 0x4000;
const STOF_HESI: u32 = 0x4003;

fn machine(test: &str) -> Option<Machine> {
    if !fixture::require_binutils(test) {
        return None;
    }
    let mut m = Machine::new(Model::Ti89);
    m.load(&fixture::assemble_fixture("vat").expect("vat.s builds"))
        .expect("loads");
    Some(m)
}

/// `"\0name\0"` in emulated RAM; returns the address of its terminating zero (SYMSTR).
fn sym(m: &mut Machine, name: &str) -> u32 {
    let bytes = [&[0u8][..], name.as_bytes(), &[0]].concat();
    m.alloc_bytes(&bytes).unwrap() + bytes.len() as u32 - 1
}

/// A C string in emulated RAM.
fn cstr(m: &mut Machine, text: &[u8]) -> u32 {
    m.alloc_bytes(&[text, &[0]].concat()).unwrap()
}

/// Calls ROM call `call` through trampoline `tramp` (rc0, rc_l, rc_lw...); returns (d0, a0).
fn rc(m: &mut Machine, tramp: &str, call: RomCall, args: &[u32]) -> Result<(u32, u32), Failure> {
    let all = [&[u32::from(call.index)][..], args].concat();
    let out = m.call(tramp, &all)?;
    Ok((out.d0, out.a0))
}

fn ok(m: &mut Machine, tramp: &str, call: RomCall, args: &[u32]) -> (u32, u32) {
    rc(m, tramp, call, args).unwrap_or_else(|e| panic!("{e}\n{}", m.transcript()))
}

fn int(v: i64) -> Value {
    Value::Integer(Integer::from(v))
}

fn top_estack(m: &Machine) -> u32 {
    m.read_u32(map::TOP_ESTACK).unwrap()
}

#[test]
fn variables_are_sym_entries_and_multi_exprs_in_ram() {
    let Some(mut m) = machine("variables_are_sym_entries_and_multi_exprs_in_ram") else {
        return;
    };
    m.set_value("ai1\\colonne", &int(-1)).unwrap();
    m.set_value("ai1\\nom", &Value::Str("N".into())).unwrap();
    let s = sym(&mut m, "ai1\\colonne");
    let (_, entry) = ok(&mut m, "rc_lw", rom_calls::SymFindPtr, &[s, 0]);
    assert_ne!(entry, 0);
    // SYM_ENTRY: name[8], compat, flags, handle; the handle table gives the MULTI_EXPR.
    let raw = m.read_bytes(entry, 14).unwrap();
    assert_eq!(&raw[..8], b"colonne\0");
    let handle = u16::from_be_bytes([raw[12], raw[13]]);
    let block = m
        .read_u32(map::HANDLE_TABLE + 4 * u32::from(handle))
        .unwrap();
    assert_eq!(m.read_bytes(block, 5).unwrap(), [0, 3, 1, 1, 0x20]);
    // SymFind + DerefSym lead to the same bytes; SymFindMain does not look in ai1.
    let (hs, _) = ok(&mut m, "rc_l", rom_calls::SymFind, &[s]);
    assert_eq!(ok(&mut m, "rc_l", rom_calls::DerefSym, &[hs]).1, entry);
    assert_eq!(ok(&mut m, "rc_l", rom_calls::SymFindMain, &[s]).0, 0);
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::DerefSym, &[0]).1,
        0,
        "HS_NULL"
    );
    // Unqualified names are looked up in the current folder.
    let plain = sym(&mut m, "colonne");
    assert_eq!(ok(&mut m, "rc_lw", rom_calls::SymFindPtr, &[plain, 0]).1, 0);
    m.set_current_folder("ai1").unwrap();
    assert_eq!(
        ok(&mut m, "rc_lw", rom_calls::SymFindPtr, &[plain, 0]).1,
        entry
    );

    // Created the low-level way, read back typed.
    let name = sym(&mut m, "ai1\\salut");
    let text = cstr(&mut m, b"hi there");
    let h = m.call("create_string", &[name, text]).unwrap().d0;
    assert_ne!(h, 0);
    assert_eq!(
        m.get_value("ai1\\salut").unwrap(),
        Value::Str("hi there".into())
    );
    // Overwritten by SymAdd: a fresh entry without data, the old data freed.
    let (hs, _) = ok(&mut m, "rc_l", rom_calls::SymAdd, &[name]);
    let (_, e) = ok(&mut m, "rc_l", rom_calls::DerefSym, &[hs]);
    assert_eq!(m.read_bytes(e + 12, 2).unwrap(), [0, 0]);
    assert!(m.heap_blocks().iter().all(|b| u32::from(b.handle) != h));
    // Deleted: SymDel says so once.
    assert_eq!(ok(&mut m, "rc_l", rom_calls::SymDel, &[name]).0 & 0xFFFF, 1);
    assert_eq!(ok(&mut m, "rc_l", rom_calls::SymDel, &[name]).0 & 0xFFFF, 0);
    assert_eq!(ok(&mut m, "rc_l", rom_calls::SymFind, &[name]).0, 0);
    // HSymDel by HSym.
    let (hs, _) = ok(&mut m, "rc_l", rom_calls::SymFind, &[s]);
    assert_eq!(ok(&mut m, "rc_l", rom_calls::HSymDel, &[hs]).0 & 0xFFFF, 1);
    let listing = m.list_vat();
    let ai1 = listing
        .iter()
        .find(|f| f.folder.to_string() == "ai1")
        .unwrap();
    let names: Vec<String> = ai1.entries.iter().map(|e| e.name.to_string()).collect();
    assert_eq!(names, ["nom"]);
    assert_eq!(ai1.entries[0].var_type, VarType::STR);
    assert_eq!(ai1.entries[0].size, 6);
    eprintln!("{}", m.transcript());
}

#[test]
fn varstore_stores_integers_and_strings_from_the_estack() {
    let Some(mut m) = machine("varstore_stores_integers_and_strings_from_the_estack") else {
        return;
    };
    m.new_folder("ai2").unwrap();
    let colonne = sym(&mut m, "ai2\\colonne");
    let nom = sym(&mut m, "ai2\\nom");
    for v in [7i64, 0, -1, 300, -32768, 1 << 40] {
        let before = top_estack(&m);
        ok(&mut m, "rc_l", rom_calls::push_long_to_integer, &[v as u32]);
        if v == 1 << 40 {
            // Beyond a long: push the bytes with push_quantum, low byte first.
            m.write_u32(map::TOP_ESTACK, before).unwrap();
            for b in [0, 0, 0, 0, 0, 1, 6, 0x1F] {
                ok(&mut m, "rc_w", rom_calls::push_quantum, &[b]);
            }
        }
        let top = top_estack(&m);
        let (hs, _) = ok(
            &mut m,
            "rc_lwwl",
            rom_calls::VarStore,
            &[colonne, STOF_ESI, 0, top],
        );
        assert_ne!(hs, 0);
        m.write_u32(map::TOP_ESTACK, before).unwrap();
        assert_eq!(m.get_value("ai2\\colonne").unwrap(), int(v), "{v}");
    }
    let text = cstr(&mut m, b"Minimax");
    ok(&mut m, "rc_l", rom_calls::push_zstr, &[text]);
    let top = top_estack(&m);
    ok(
        &mut m,
        "rc_lwwl",
        rom_calls::VarStore,
        &[nom, STOF_ESI, 0, top],
    );
    assert_eq!(
        m.get_value("ai2\\nom").unwrap(),
        Value::Str("Minimax".into())
    );
    // With an explicit size: the 4 bytes ending at the tag of "N" pushed after "Minimax".
    let n = cstr(&mut m, b"N");
    ok(&mut m, "rc_l", rom_calls::push_zstr, &[n]);
    let top = top_estack(&m);
    ok(
        &mut m,
        "rc_lwwl",
        rom_calls::VarStore,
        &[nom, STOF_ESI, 4, top],
    );
    assert_eq!(m.get_value("ai2\\nom").unwrap(), Value::Str("N".into()));
    // STOF_HESI: a copy of another variable's data.
    m.set_value("main\\src", &Value::Str("abc".into())).unwrap();
    let src = m.get_variable("main\\src").unwrap();
    let s = sym(&mut m, "src");
    let (hs, _) = ok(&mut m, "rc_lw", rom_calls::VarRecall, &[s, 0]);
    let (_, e) = ok(&mut m, "rc_l", rom_calls::DerefSym, &[hs]);
    let handle = u32::from(m.read_u16(e + 12).unwrap());
    let copy = sym(&mut m, "ai2\\copy");
    ok(
        &mut m,
        "rc_lwww",
        rom_calls::VarStore,
        &[copy, STOF_HESI, 0, handle],
    );
    assert_eq!(m.get_variable("ai2\\copy").unwrap().data, src.data);
    // A locked variable is not overwritten: ER_LOCKED (980).
    m.set_locked("ai2\\nom", true).unwrap();
    let top = top_estack(&m);
    let e = rc(
        &mut m,
        "rc_lwwl",
        rom_calls::VarStore,
        &[nom, STOF_ESI, 0, top],
    )
    .unwrap_err();
    assert!(matches!(e, Failure::UncaughtError { code: 980, .. }), "{e}");
    // estack_to_short on what is left on the estack: "N", then "Minimax".
    let out = m.alloc(2).unwrap();
    let (r, _) = ok(&mut m, "rc_ll", rom_calls::estack_to_short, &[top, out]);
    assert_eq!(r & 0xFFFF, 0xFFFF, "a string is not a whole number");
    eprintln!("{}", m.transcript());
}

#[test]
fn estack_calls_walk_and_pop_expressions() {
    let Some(mut m) = machine("estack_calls_walk_and_pop_expressions") else {
        return;
    };
    let bottom = m.read_u32(map::BOTTOM_ESTACK).unwrap();
    assert_eq!(
        m.estack(),
        [0xE9, 0xE5],
        "ENDSTACK_TAG, then an empty argument list"
    );
    let text = cstr(&mut m, b"f(12, \"ab\")");
    let (single, _) = ok(&mut m, "rc_l", rom_calls::push_parse_text, &[text]);
    assert_eq!(single & 0xFFFF, 1);
    assert_eq!(
        m.estack(),
        [0xE9, 0xE5, 0xE5, 0, b'a', b'b', 0, 0x2D, 12, 1, 0x1F, 0x10, 0xDA]
    );
    let top = top_estack(&m);
    let (_, below) = ok(&mut m, "rc_l", rom_calls::next_expression_index, &[top]);
    assert_eq!(below, bottom + 1, "the whole call is one expression");
    // The integer argument: its value, then delete it from the estack.
    let arg = top - 2;
    let out = m.alloc(2).unwrap();
    let (r, _) = ok(&mut m, "rc_ll", rom_calls::estack_to_short, &[arg, out]);
    assert_eq!((r & 0xFFFF, m.read_u16(out).unwrap()), (1, 12));
    ok(&mut m, "rc_l", rom_calls::delete_expression, &[arg]);
    assert_eq!(
        m.estack(),
        [0xE9, 0xE5, 0xE5, 0, b'a', b'b', 0, 0x2D, 0x10, 0xDA]
    );
    // HS_popEStack takes everything from the bottom into a handle and empties the estack.
    let (h, _) = ok(&mut m, "rc0", rom_calls::HS_popEStack, &[]);
    assert_eq!(top_estack(&m), bottom);
    let block = m.read_u32(map::HANDLE_TABLE + 4 * (h & 0xFFFF)).unwrap();
    assert_eq!(m.read_u16(block).unwrap(), 10);
    assert_eq!(m.read_bytes(block + 2, 2).unwrap(), [0xE9, 0xE5]);
    ok(&mut m, "rc_w", rom_calls::HeapFree, &[h & 0xFFFF]);
    // A syntax error is thrown as AMS does.
    let bad = cstr(&mut m, b"f(1");
    let e = rc(&mut m, "rc_l", rom_calls::push_parse_text, &[bad]).unwrap_err();
    assert!(matches!(e, Failure::UncaughtError { code: 690, .. }), "{e}");
    // Something outside the grammar served is a clear failure.
    let op = cstr(&mut m, b"1+2");
    let e = rc(&mut m, "rc_l", rom_calls::push_parse_text, &[op]).unwrap_err();
    assert!(e.to_string().contains("operators"), "{e}");
}

#[test]
fn folders_and_the_current_folder() {
    let Some(mut m) = machine("folders_and_the_current_folder") else {
        return;
    };
    let ai1 = sym(&mut m, "ai1");
    let main = sym(&mut m, "main");
    let none = sym(&mut m, "zz");
    let (h, _) = ok(&mut m, "rc_l", rom_calls::FolderAdd, &[ai1]);
    assert_ne!(h & 0xFFFF, 0);
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::FolderAdd, &[ai1]).0 & 0xFFFF,
        0,
        "exists"
    );
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::FolderFind, &[main]).0 & 0xFFFF,
        2
    );
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::FolderFind, &[ai1]).0 & 0xFFFF,
        3
    );
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::FolderFind, &[none]).0 & 0xFFFF,
        4
    );
    assert_eq!(
        ok(&mut m, "rc_lw", rom_calls::FolderCur, &[none, 1]).0 & 0xFFFF,
        0
    );
    assert_eq!(
        ok(&mut m, "rc_lw", rom_calls::FolderCur, &[ai1, 1]).0 & 0xFFFF,
        1
    );
    let buf = m.alloc(9).unwrap();
    ok(&mut m, "rc_l", rom_calls::FolderGetCur, &[buf]);
    assert_eq!(m.read_bytes(buf, 4).unwrap(), b"ai1\0");
    assert_eq!(m.current_folder(), "ai1");
    // A variable stored unqualified goes to the current folder.
    m.set_value("x", &int(5)).unwrap();
    assert_eq!(m.get_value("ai1\\x").unwrap(), int(5));
    // SymFindFirst: the folders (sorted), then one folder's variables.
    let mut seen = Vec::new();
    let (_, mut e) = ok(&mut m, "rc_lw", rom_calls::SymFindFirst, &[0, 0]);
    while e != 0 {
        seen.push(String::from_utf8_lossy(&m.read_bytes(e, 8).unwrap()).into_owned());
        e = ok(&mut m, "rc0", rom_calls::SymFindNext, &[]).1;
    }
    assert_eq!(seen, ["ai1\0\0\0\0\0", "main\0\0\0\0"]);
    let (_, e) = ok(&mut m, "rc_lw", rom_calls::SymFindFirst, &[ai1, 1]);
    assert_eq!(m.read_bytes(e, 2).unwrap(), b"x\0");
    assert_eq!(ok(&mut m, "rc0", rom_calls::SymFindNext, &[]).1, 0);
    // FO_RECURSE walks every folder then its variables; SymFindFolderName names the folder.
    m.set_value("main\\y", &int(6)).unwrap();
    let mut walked = Vec::new();
    let (_, mut e) = ok(&mut m, "rc_lw", rom_calls::SymFindFirst, &[0, 2]);
    while e != 0 {
        let name = m.read_bytes(e, 8).unwrap();
        let (_, f) = ok(&mut m, "rc0", rom_calls::SymFindFolderName, &[]);
        let folder = m.read_bytes(f, 8).unwrap();
        let text =
            |b: &[u8]| String::from_utf8_lossy(b.split(|&c| c == 0).next().unwrap()).into_owned();
        walked.push(format!("{}/{}", text(&folder), text(&name)));
        e = ok(&mut m, "rc0", rom_calls::SymFindNext, &[]).1;
    }
    assert_eq!(walked, ["ai1/ai1", "ai1/x", "main/main", "main/y"]);
    // HeapPtrToHandle finds the handle of a block from its address.
    let x = sym(&mut m, "x");
    let (_, e) = ok(&mut m, "rc_lw", rom_calls::SymFindPtr, &[x, 0]);
    let h = u32::from(m.read_u16(e + 12).unwrap());
    let block = m.read_u32(map::HANDLE_TABLE + 4 * h).unwrap();
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::HeapPtrToHandle, &[block]).0 & 0xFFFF,
        h
    );
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::HeapPtrToHandle, &[block + 2]).0 & 0xFFFF,
        0
    );
    // FolderDel deletes the folder and its variables; the current folder becomes main.
    let before = m.heap_blocks().len();
    assert_eq!(
        ok(&mut m, "rc_lw", rom_calls::FolderDel, &[ai1, 0]).0 & 0xFFFF,
        1
    );
    assert_eq!(m.heap_blocks().len(), before - 2, "its list and x's data");
    assert_eq!(m.current_folder(), "main");
    assert_eq!(
        ok(&mut m, "rc_l", rom_calls::FolderFind, &[ai1]).0 & 0xFFFF,
        4
    );
}

/// Installs `child` as `folder\child` with `colonne` set.
fn with_child(m: &mut Machine, folder: &str, colonne: i64) {
    let child = fixture::assemble_fixture("child").expect("child.s builds");
    assert!(
        !child.relocations.is_empty(),
        "child.s uses absolute addresses"
    );
    m.store_program(&format!("{folder}\\child"), &child)
        .unwrap();
    m.set_value(&format!("{folder}\\colonne"), &int(colonne))
        .unwrap();
}

fn launch(m: &mut Machine, text: &str) -> Result<u32, Failure> {
    let t = cstr(m, text.as_bytes());
    m.call("launch", &[t]).map(|o| o.d0)
}

#[test]
fn ng_execute_runs_a_program_of_another_folder_nested() {
    let Some(mut m) = machine("ng_execute_runs_a_program_of_another_folder_nested") else {
        return;
    };
    with_child(&mut m, "ai1", 3);
    let ai1 = sym(&mut m, "ai1");
    ok(&mut m, "rc_lw", rom_calls::FolderCur, &[ai1, 1]);
    let os_blocks = |m: &Machine| {
        m.heap_blocks()
            .iter()
            .filter(|b| b.via != "harness")
            .count()
    };
    let blocks = os_blocks(&m);
    let r = launch(&mut m, "ai1\\child()").unwrap_or_else(|e| panic!("{e}\n{}", m.transcript()));
    assert_eq!(r, 0, "{}", m.transcript());
    assert_eq!(m.get_value("ai1\\colonne").unwrap(), int(4));
    assert_eq!(m.get_value("ai1\\nom").unwrap(), Value::Str("child".into()));
    let runs = m.runs().to_vec();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].program, "ai1\\child");
    assert_eq!(runs[0].end, RunEnd::Returned);
    assert!(runs[0].cycles > 500, "{runs:?}");
    // Nothing left: same blocks but colonne's and nom's new data, the program unlocked,
    // the estack emptied by HS_popEStack, no error frame.
    assert_eq!(os_blocks(&m), blocks + 1, "nom is new");
    let child = m.get_variable("ai1\\child").unwrap();
    assert_eq!(child.var_type, VarType::ASM);
    assert!(m
        .heap_blocks()
        .iter()
        .all(|b| !b.locked || b.via == "harness" || b.via == "program"));
    assert_eq!(m.estack(), [0xE9]);
    assert_eq!(m.read_u32(map::ERROR_FRAME_HEAD).unwrap(), 0);
    // With an integer argument, and again (the program is relocated in place each time).
    let r = launch(&mut m, "ai1\\child(5)").unwrap();
    assert_eq!(r, 0);
    assert_eq!(m.get_value("ai1\\colonne").unwrap(), int(10));
    let names = m.transcript().names();
    assert!(names.contains(&"NG_execute") && names.contains(&"VarStore"));
    eprintln!("{}", m.transcript());
    eprintln!("{:?}", m.runs());
}

#[test]
fn an_error_in_the_nested_program_reaches_the_callers_frame() {
    let Some(mut m) = machine("an_error_in_the_nested_program_reaches_the_callers_frame") else {
        return;
    };
    with_child(&mut m, "ai1", -40);
    m.set_current_folder("ai1").unwrap();
    let r = launch(&mut m, "ai1\\child()").unwrap_or_else(|e| panic!("{e}\n{}", m.transcript()));
    assert_eq!(
        r, 40,
        "ER_ARGUMENT thrown by the child, caught by launch's ER_catch"
    );
    assert_eq!(m.runs().last().unwrap().end, RunEnd::Threw(40));
    assert_eq!(m.read_u32(map::ERROR_FRAME_HEAD).unwrap(), 0);
    let prog = m.list_vat();
    assert!(prog
        .iter()
        .any(|f| f.find(&"child".parse().unwrap()).is_some()));
    // The program's handle is unlocked again and the statement's handle freed: it runs again.
    m.set_value("ai1\\colonne", &int(1)).unwrap();
    assert_eq!(launch(&mut m, "ai1\\child()").unwrap(), 0);
    assert_eq!(m.get_value("ai1\\colonne").unwrap(), int(2));
    // A syntax error of push_parse_text is caught the same way.
    assert_eq!(launch(&mut m, "ai1\\child(").unwrap(), 690);
    assert_eq!(m.read_u32(map::ERROR_FRAME_HEAD).unwrap(), 0);
}

#[test]
fn ex_patch_launches_a_program_directly() {
    let Some(mut m) = machine("ex_patch_launches_a_program_directly") else {
        return;
    };
    with_child(&mut m, "ai2", 6);
    m.set_current_folder("ai2").unwrap();
    let s = sym(&mut m, "ai2\\child");
    let out = m
        .call("exlaunch", &[s])
        .unwrap_or_else(|e| panic!("{e}\n{}", m.transcript()));
    assert_ne!(out.d0, u32::MAX, "found");
    assert_eq!(m.get_value("ai2\\colonne").unwrap(), int(7));
    let patch = m.transcript().first("EX_patch").unwrap().clone();
    assert!(
        patch.detail.contains("ai2\\child: 4 relocation(s)"),
        "{patch:?}"
    );
    // The launcher unlocked it; a second launch relocates it again.
    m.set_value("ai2\\colonne", &int(0)).unwrap();
    m.call("exlaunch", &[s]).unwrap();
    assert_eq!(m.get_value("ai2\\colonne").unwrap(), int(1));
}

#[test]
fn a_program_runs_by_name_as_from_the_home_screen() {
    let Some(mut m) = machine("a_program_runs_by_name_as_from_the_home_screen") else {
        return;
    };
    with_child(&mut m, "ai1", 20);
    m.set_current_folder("ai1").unwrap();
    let out = m
        .run("ai1\\child", "2")
        .unwrap_or_else(|e| panic!("{e}\n{}", m.transcript()));
    assert_eq!(m.get_value("ai1\\colonne").unwrap(), int(23));
    assert!(out.counters.cycles > 500);
    assert_eq!(
        m.runs().last().unwrap().cycles,
        out.counters.cycles - 16,
        "all but NG_execute's rts"
    );
    // An error out of a program run from the home screen is uncaught.
    m.set_value("ai1\\colonne", &int(-210)).unwrap();
    let e = m.run("ai1\\child", "").unwrap_err();
    assert!(matches!(e, Failure::UncaughtError { code: 210, .. }), "{e}");
    let e = m.run("ai1\\nothere", "").unwrap_err();
    assert!(e.to_string().contains("no variable ai1\\nothere"), "{e}");
}

#[test]
fn what_ams_would_not_do_fails_clearly() {
    let Some(mut m) = machine("what_ams_would_not_do_fails_clearly") else {
        return;
    };
    m.new_folder("ai1").unwrap();
    // A missing program: AMS leaves the call unevaluated, as the statement's result.
    assert_eq!(launch(&mut m, "ai1\\nothere()").unwrap(), 0);
    let est = m.estack();
    assert_eq!(est.last(), Some(&0xDA), "{est:02x?}");
    assert!(m
        .transcript()
        .calls
        .iter()
        .any(|c| c.detail.contains("ai1\\nothere() is not defined")));
    // A TI-BASIC program cannot run in the harness.
    let basic = Variable::from_data(
        VarPath::parse("ai1\\basic").unwrap(),
        VarType::PRGM,
        vec![
            0xE9, 0x00, 0x00, 0xE5, 0x19, 0xE4, 0xE5, 0x00, 0x00, 0x40, 0xDC,
        ],
    )
    .unwrap();
    m.send_variables(&[basic]).unwrap();
    let e = launch(&mut m, "ai1\\basic()").unwrap_err();
    assert!(e.to_string().contains("TI-BASIC"), "{e}");
    // Bad SYM_STRs: a plain C string, capitals, too long.
    let c = cstr(&mut m, b"colonne");
    let e = rc(&mut m, "rc_lw", rom_calls::SymFindPtr, &[c, 0]).unwrap_err();
    assert!(
        e.to_string()
            .contains("looks like the C string \"colonne\""),
        "{e}"
    );
    let caps = sym(&mut m, "ai1\\Colonne");
    let e = rc(&mut m, "rc_lw", rom_calls::SymFindPtr, &[caps, 0]).unwrap_err();
    assert!(e.to_string().contains("lowercase"), "{e}");
    let long = sym(&mut m, "abcdefghij");
    let e = rc(&mut m, "rc_lw", rom_calls::SymFindPtr, &[long, 0]).unwrap_err();
    assert!(e.to_string().contains("at most 8"), "{e}");
    // SymAdd into a missing folder: AMS would ask.
    let missing = sym(&mut m, "zz\\x");
    let e = rc(&mut m, "rc_l", rom_calls::SymAdd, &[missing]).unwrap_err();
    assert!(
        e.to_string()
            .contains("SymAdd into missing folder zz: AMS would ask to create it"),
        "{e}"
    );
    // A nested program that breaks the calling convention is named.
    let clobber = fixture::assemble_fixture("clobber").unwrap();
    m.store_program("ai1\\clobber", &clobber).unwrap();
    let e = launch(&mut m, "ai1\\clobber()").unwrap_err();
    assert!(
        matches!(&e, Failure::ConventionBroken { function, details } if function == "ai1\\clobber" && details.contains("d3 was")),
        "{e}"
    );
}
