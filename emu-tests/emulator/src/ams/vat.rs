//! The variable allocation table (VAT) as AMS lays it out, in heap blocks of emulated RAM, so
//! that a program that dereferences a `SYM_ENTRY` or a variable's handle sees real bytes
//! (docs/rom-calls.md#the-vat).
//!
//! The folder table is a heap block `u16 max, u16 count, SYM_ENTRY[max]`; each of its entries
//! is a folder (flag SF_FOLDER) whose handle is the block, of the same shape, listing the
//! folder's variables. A `SYM_ENTRY` is 14 bytes: `name[8]` (zero padded; an 8-character
//! name has no zero), `u16 compat`, `u16 flags`, `HANDLE handle`. A variable's handle holds a
//! MULTI_EXPR: a big-endian size word, then the data, ending with the type tag
//! (docs/files.md#variable-data-on-the-calculator). An `HSym` is the handle of the table holding
//! the entry in its high word and the entry's byte offset in its low word; any change to that table
//! invalidates it, as on AMS.
//!
//! Entries are kept sorted by name (AMS inserts with SymCmp and memmove). A table starts with
//! room for 10 entries and grows by 10 with a reallocation that may move it: pointers into it
//! become stale, as after AMS's heap compression. The home folder `main` always exists;
//! the current folder starts as `main`. Everything is read back from RAM on every call, so
//! a program that writes a `SYM_ENTRY` (e.g. `DerefSym(hs)->handle = h`) is seen.
//!
//! Simplifications: no archive memory (SF_ARCHIVED is honoured as a flag only), no twins, no
//! temporary folders, no system variables, no "home" pseudo-folder entry.

use super::heap::Heap;
use crate::bus::Bus;
use crate::map;
use crate::ReadMemory;

/// Size of one `SYM_ENTRY`.
pub const ENTRY_SIZE: u32 = 14;
/// Size of a table's header (`u16 max, u16 count`).
pub const HEADER: u32 = 4;
/// The variable is locked (`lock` command).
pub const SF_LOCKED: u16 = 0x0008;
/// The variable is in use (AMS's "hidden" bit).
pub const SF_INUSE: u16 = 0x0010;
/// The entry is a folder.
pub const SF_FOLDER: u16 = 0x0080;
/// The variable is archived.
pub const SF_ARCHIVED: u16 = 0x0200;
/// Entries a new table has room for, and its growth step.
const SLOTS: u16 = 10;
/// Bytes of a new table (a new folder's list).
const NEW_TABLE_BYTES: u32 = table_bytes(SLOTS);
/// What a heap block takes beyond the bytes asked for (its guard and the rounding to an even
/// size, rounded up), counted for each table block in [`room_for_entry`].
const BLOCK_SLACK: u32 = 8;
/// The home folder.
pub const MAIN: &[u8] = b"main";

/// The VAT's state kept outside RAM.
#[derive(Debug, Default)]
pub struct Vat {
    /// Handle of the folder table (0 before [`init`]).
    pub folder_table: u16,
    /// Name of the current folder.
    pub current: Vec<u8>,
    /// The entries SymFindFirst selected, as (table handle, offset, name of the folder
    /// SymFindFolderName gives for it), and the next to return.
    pub walk: Vec<(u16, u16, Vec<u8>)>,
    /// Index in `walk` of the entry SymFindNext returns next.
    pub walk_next: usize,
}

/// One `SYM_ENTRY` read from RAM, with where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Handle of the table holding it (the folder table, or a folder's list).
    pub table: u16,
    /// Byte offset of the entry in that table.
    pub offset: u16,
    /// The name (up to 8 bytes, no padding).
    pub name: Vec<u8>,
    /// The compat word.
    pub compat: u16,
    /// The flags (SF_*).
    pub flags: u16,
    /// The handle: the variable's data, or a folder's list.
    pub handle: u16,
}

impl Entry {
    /// The `HSym` of this entry (table handle in the high word, offset in the low word).
    pub fn hsym(&self) -> u32 {
        u32::from(self.table) << 16 | u32::from(self.offset)
    }
}

/// A variable path: an optional folder and a name (bytes of the TI charset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymPath {
    /// The folder, or `None` for the current one.
    pub folder: Option<Vec<u8>>,
    /// The name.
    pub name: Vec<u8>,
}

impl SymPath {
    /// Splits `folder\name` or `name`.
    pub fn parse(bytes: &[u8]) -> SymPath {
        match bytes.iter().position(|&b| b == b'\\') {
            Some(i) => SymPath {
                folder: Some(bytes[..i].to_vec()),
                name: bytes[i + 1..].to_vec(),
            },
            None => SymPath {
                folder: None,
                name: bytes.to_vec(),
            },
        }
    }

    /// `folder\name` as text, with the current folder filled in.
    pub fn display(&self, vat: &Vat) -> String {
        let folder = self.folder.as_deref().unwrap_or(&vat.current);
        format!("{}\\{}", super::ti_text(folder), super::ti_text(&self.name))
    }
}

/// Checks a folder or variable name against AMS's rules: 1 to 8 bytes, lowercase, no NUL,
/// backslash or space. The error says what is wrong.
pub fn check_name(name: &[u8]) -> Result<(), String> {
    let shown = super::ti_text(name);
    if name.is_empty() {
        return Err("the name is empty".into());
    }
    if name.len() > 8 {
        return Err(format!(
            "the name \"{shown}\" has {} characters; AMS names have at most 8",
            name.len()
        ));
    }
    if let Some(c) = name.iter().find(|c| c.is_ascii_uppercase()) {
        return Err(format!(
            "the name \"{shown}\" contains the capital '{}': AMS names are lowercase (SYMSTR(\"{}\"))",
            *c as char,
            shown.to_ascii_lowercase()
        ));
    }
    if name.iter().any(|&c| c < 0x20 || c == b'\\' || c == b' ') {
        return Err(format!(
            "the name \"{shown}\" contains a control character, a space or a backslash"
        ));
    }
    Ok(())
}

/// Why a VAT operation did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VatError {
    /// The heap has no room.
    NoMemory,
    /// The folder does not exist.
    MissingFolder(Vec<u8>),
    /// The variable is locked or archived.
    Locked,
    /// The variable is in use.
    InUse,
    /// The name is a folder's, not a variable's.
    IsFolder,
    /// A folder of that name exists already.
    Exists,
    /// Nothing has that name.
    NotFound,
}

/// A word of a VAT table (the tables are heap blocks: always mapped).
fn read_u16(bus: &Bus, a: u32) -> u16 {
    bus.read_u16(a).unwrap_or(0)
}

/// Address of the table of handle `h`, if allocated.
fn table_address(heap: &Heap, h: u16) -> Option<u32> {
    heap.block(h).map(|b| b.address)
}

fn new_table(bus: &mut Bus, heap: &mut Heap) -> Option<u16> {
    let (h, a) = heap.alloc_os(bus, NEW_TABLE_BYTES, "VAT")?;
    bus.poke(a, &[0; 4]);
    bus.poke(a, &SLOTS.to_be_bytes());
    Some(h)
}

/// Creates the folder table with the folder `main`, current.
pub fn init(bus: &mut Bus, heap: &mut Heap) -> Vat {
    let table = new_table(bus, heap).expect("an empty heap has room for the VAT");
    let main = new_table(bus, heap).expect("an empty heap has room for the VAT");
    insert(bus, heap, table, MAIN, SF_FOLDER, main).expect("room for main");
    Vat {
        folder_table: table,
        current: MAIN.to_vec(),
        walk: Vec::new(),
        walk_next: 0,
    }
}

/// Reads the entry at byte `offset` of table `table`.
fn entry_at(bus: &Bus, table: u16, base: u32, offset: u16) -> Entry {
    let a = base + u32::from(offset);
    let mut raw = [0u8; ENTRY_SIZE as usize];
    bus.peek(a, &mut raw);
    let len = raw[..8].iter().position(|&b| b == 0).unwrap_or(8);
    Entry {
        table,
        offset,
        name: raw[..len].to_vec(),
        compat: u16::from_be_bytes([raw[8], raw[9]]),
        flags: u16::from_be_bytes([raw[10], raw[11]]),
        handle: u16::from_be_bytes([raw[12], raw[13]]),
    }
}

/// Every entry of table `table`, in order.
pub fn entries(bus: &Bus, heap: &Heap, table: u16) -> Vec<Entry> {
    let Some(base) = table_address(heap, table) else {
        return Vec::new();
    };
    let count = read_u16(bus, base + 2);
    (0..count)
        .map(|i| {
            entry_at(
                bus,
                table,
                base,
                (HEADER + ENTRY_SIZE * u32::from(i)) as u16,
            )
        })
        .collect()
}

/// The entry named `name` in table `table`.
pub fn find_in(bus: &Bus, heap: &Heap, table: u16, name: &[u8]) -> Option<Entry> {
    entries(bus, heap, table)
        .into_iter()
        .find(|e| e.name == name)
}

/// The folder named `name`.
pub fn folder(bus: &Bus, heap: &Heap, vat: &Vat, name: &[u8]) -> Option<Entry> {
    find_in(bus, heap, vat.folder_table, name).filter(|e| e.flags & SF_FOLDER != 0)
}

/// The entry `hsym` designates, if its table is allocated and the offset is an entry's.
pub fn deref_hsym(bus: &Bus, heap: &Heap, hsym: u32) -> Option<(u32, Entry)> {
    let (table, offset) = ((hsym >> 16) as u16, hsym as u16);
    let base = table_address(heap, table)?;
    let count = u32::from(read_u16(bus, base + 2));
    let off = u32::from(offset);
    if off < HEADER || (off - HEADER) % ENTRY_SIZE != 0 || (off - HEADER) / ENTRY_SIZE >= count {
        return None;
    }
    Some((base + off, entry_at(bus, table, base, offset)))
}

/// Bytes of a table with room for `slots` entries.
const fn table_bytes(slots: u16) -> u32 {
    HEADER + ENTRY_SIZE * slots as u32
}

/// The heap bytes a new entry for `path` takes beyond the variable's own block: none when the
/// entry is there already; the grown list of its folder when that list is full; for a folder
/// that does not exist yet, its new list and, when the folder table is full, the grown table.
/// Each block with 8 bytes of slack for its guard and rounding.
pub fn room_for_entry(bus: &Bus, heap: &Heap, vat: &Vat, path: &SymPath) -> u32 {
    match lookup(bus, heap, vat, path) {
        Lookup::Found(_) => 0,
        Lookup::Absent(list) => growth_bytes(bus, heap, list),
        Lookup::NoFolder(_) => {
            NEW_TABLE_BYTES + BLOCK_SLACK + growth_bytes(bus, heap, vat.folder_table)
        }
    }
}

/// The bytes [`insert`] needs for a new block of table `table` when it is full (its grown
/// size, with [`BLOCK_SLACK`]); 0 when it has room for one more entry.
fn growth_bytes(bus: &Bus, heap: &Heap, table: u16) -> u32 {
    let Some(base) = table_address(heap, table) else {
        return 0;
    };
    let (max, count) = (read_u16(bus, base), read_u16(bus, base + 2));
    if count < max {
        0
    } else {
        table_bytes(max + SLOTS) + BLOCK_SLACK
    }
}

/// Adds an entry to table `table` at its sorted place, growing the table when full (it may
/// move). Returns the new entry.
pub fn insert(
    bus: &mut Bus,
    heap: &mut Heap,
    table: u16,
    name: &[u8],
    flags: u16,
    handle: u16,
) -> Result<Entry, VatError> {
    let mut base = table_address(heap, table).ok_or(VatError::NotFound)?;
    let (max, count) = (read_u16(bus, base), read_u16(bus, base + 2));
    if count >= max {
        let grown = max + SLOTS;
        base = heap
            .realloc_os(bus, table, table_bytes(grown))
            .ok_or(VatError::NoMemory)?;
        bus.poke(base, &grown.to_be_bytes());
    }
    let index = entries(bus, heap, table)
        .iter()
        .position(|e| e.name.as_slice() > name)
        .unwrap_or(count as usize) as u32;
    let at = base + HEADER + ENTRY_SIZE * index;
    let end = base + HEADER + ENTRY_SIZE * u32::from(count);
    let mut moved = vec![0u8; (end - at) as usize];
    bus.peek(at, &mut moved);
    bus.poke(at + ENTRY_SIZE, &moved);
    let mut raw = [0u8; ENTRY_SIZE as usize];
    raw[..name.len()].copy_from_slice(name);
    raw[10..12].copy_from_slice(&flags.to_be_bytes());
    raw[12..14].copy_from_slice(&handle.to_be_bytes());
    bus.poke(at, &raw);
    bus.poke(base + 2, &(count + 1).to_be_bytes());
    Ok(entry_at(bus, table, base, (at - base) as u16))
}

/// Removes `entry` from its table (the entries after it move down). Frees nothing.
pub fn remove(bus: &mut Bus, heap: &Heap, entry: &Entry) {
    let Some(base) = table_address(heap, entry.table) else {
        return;
    };
    let count = read_u16(bus, base + 2);
    let at = base + u32::from(entry.offset);
    let end = base + HEADER + ENTRY_SIZE * u32::from(count);
    let mut moved = vec![0u8; (end - at - ENTRY_SIZE) as usize];
    bus.peek(at + ENTRY_SIZE, &mut moved);
    bus.poke(at, &moved);
    bus.poke(end - ENTRY_SIZE, &[0; ENTRY_SIZE as usize]);
    bus.poke(base + 2, &(count - 1).to_be_bytes());
}

/// Writes the handle field of `entry`.
pub fn set_handle(bus: &mut Bus, heap: &Heap, entry: &Entry, handle: u16) {
    if let Some(base) = table_address(heap, entry.table) {
        bus.poke(base + u32::from(entry.offset) + 12, &handle.to_be_bytes());
    }
}

/// Writes the flags field of `entry`.
pub fn set_flags(bus: &mut Bus, heap: &Heap, entry: &Entry, flags: u16) {
    if let Some(base) = table_address(heap, entry.table) {
        bus.poke(base + u32::from(entry.offset) + 10, &flags.to_be_bytes());
    }
}

/// What a path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The variable's entry, and its folder's list handle.
    Found(Entry),
    /// The folder exists (its list is this handle); the name is not in it.
    Absent(u16),
    /// The folder does not exist.
    NoFolder(Vec<u8>),
}

/// Looks `path` up (in the current folder when it names none).
pub fn lookup(bus: &Bus, heap: &Heap, vat: &Vat, path: &SymPath) -> Lookup {
    let folder_name = path.folder.as_deref().unwrap_or(&vat.current);
    let Some(f) = folder(bus, heap, vat, folder_name) else {
        return Lookup::NoFolder(folder_name.to_vec());
    };
    match find_in(bus, heap, f.handle, &path.name) {
        Some(e) => Lookup::Found(e),
        None => Lookup::Absent(f.handle),
    }
}

/// Clears the in-use flag of every variable (after a program that set it was abandoned).
pub fn clear_in_use(bus: &mut Bus, heap: &Heap, vat: &Vat) {
    for folder in entries(bus, heap, vat.folder_table) {
        for e in entries(bus, heap, folder.handle) {
            if e.flags & SF_INUSE != 0 {
                set_flags(bus, heap, &e, e.flags & !SF_INUSE);
            }
        }
    }
}

/// Frees a variable's data (if its handle is allocated) and removes its entry.
pub fn delete_variable(bus: &mut Bus, heap: &mut Heap, entry: &Entry) {
    if entry.handle != 0 {
        let _ = heap.free(bus, entry.handle);
    }
    remove(bus, heap, entry);
}

/// SymAdd: a fresh entry with no data for `path`, replacing an existing variable (which must
/// be neither locked nor archived nor in use, nor a folder).
pub fn add_symbol(
    bus: &mut Bus,
    heap: &mut Heap,
    vat: &Vat,
    path: &SymPath,
) -> Result<Entry, VatError> {
    let list = match lookup(bus, heap, vat, path) {
        Lookup::NoFolder(f) => return Err(VatError::MissingFolder(f)),
        Lookup::Absent(list) => list,
        Lookup::Found(e) => {
            check_replaceable(&e)?;
            let list = e.table;
            delete_variable(bus, heap, &e);
            list
        }
    };
    insert(bus, heap, list, &path.name, 0, 0)
}

/// Whether an existing entry may be replaced or overwritten.
pub fn check_replaceable(e: &Entry) -> Result<(), VatError> {
    if e.flags & SF_FOLDER != 0 {
        Err(VatError::IsFolder)
    } else if e.flags & (SF_LOCKED | SF_ARCHIVED) != 0 {
        Err(VatError::Locked)
    } else if e.flags & SF_INUSE != 0 {
        Err(VatError::InUse)
    } else {
        Ok(())
    }
}

/// Stores `data` (a variable's data without its size word, ending with its tag) as `path`:
/// a new handle owned by the OS holds the MULTI_EXPR; an existing variable keeps its entry
/// and flags and gets the new handle, its old data is freed. The memory is found before
/// anything is deleted, as VarStore does, compacting the heap when its free space is in pieces
/// ([`Heap::alloc_os`]).
pub fn store(
    bus: &mut Bus,
    heap: &mut Heap,
    vat: &Vat,
    path: &SymPath,
    data: &[u8],
) -> Result<Entry, VatError> {
    let existing = match lookup(bus, heap, vat, path) {
        Lookup::NoFolder(f) => return Err(VatError::MissingFolder(f)),
        Lookup::Absent(_) => None,
        Lookup::Found(e) => {
            check_replaceable(&e)?;
            Some(e)
        }
    };
    let (h, a) = heap
        .alloc_os(bus, data.len() as u32 + 2, "VarStore")
        .ok_or(VatError::NoMemory)?;
    let mut image = (data.len() as u16).to_be_bytes().to_vec();
    image.extend_from_slice(data);
    bus.poke(a, &image);
    match existing {
        Some(e) => {
            if e.handle != 0 {
                let _ = heap.free(bus, e.handle);
            }
            set_handle(bus, heap, &e, h);
            Ok(Entry { handle: h, ..e })
        }
        None => {
            let list = match lookup(bus, heap, vat, path) {
                Lookup::Absent(list) => list,
                _ => unreachable!("looked up above"),
            };
            insert(bus, heap, list, &path.name, 0, h).inspect_err(|_| {
                let _ = heap.free(bus, h);
            })
        }
    }
}

/// FolderAdd: a new, empty folder. Returns its list's handle.
pub fn add_folder(bus: &mut Bus, heap: &mut Heap, vat: &Vat, name: &[u8]) -> Result<u16, VatError> {
    if find_in(bus, heap, vat.folder_table, name).is_some() {
        return Err(VatError::Exists);
    }
    let list = new_table(bus, heap).ok_or(VatError::NoMemory)?;
    match insert(bus, heap, vat.folder_table, name, SF_FOLDER, list) {
        Ok(_) => Ok(list),
        Err(e) => {
            let _ = heap.free(bus, list);
            Err(e)
        }
    }
}

/// FolderDel: deletes every variable of folder `name` (even locked ones, as AMS does) and,
/// unless it is `main`, the folder itself; the current folder falls back to `main`.
pub fn delete_folder(
    bus: &mut Bus,
    heap: &mut Heap,
    vat: &mut Vat,
    name: &[u8],
) -> Result<(), VatError> {
    let f = folder(bus, heap, vat, name).ok_or(VatError::NotFound)?;
    for e in entries(bus, heap, f.handle).iter().rev() {
        delete_variable(bus, heap, e);
    }
    if name != MAIN {
        let _ = heap.free(bus, f.handle);
        remove(bus, heap, &f);
        if vat.current == name {
            vat.current = MAIN.to_vec();
        }
    }
    Ok(())
}

/// Every handle the VAT holds: the tables and the variables' data.
pub fn handles(bus: &Bus, heap: &Heap, vat: &Vat) -> Vec<u16> {
    let mut out = vec![vat.folder_table];
    for f in entries(bus, heap, vat.folder_table) {
        out.push(f.handle);
        out.extend(entries(bus, heap, f.handle).iter().map(|e| e.handle));
    }
    out.retain(|&h| h != 0);
    out
}

/// The `folder\name` of the variable whose data is handle `h`.
pub fn path_of_handle(bus: &Bus, heap: &Heap, vat: &Vat, h: u16) -> Option<String> {
    if h == 0 {
        return None;
    }
    entries(bus, heap, vat.folder_table).iter().find_map(|f| {
        entries(bus, heap, f.handle)
            .into_iter()
            .find(|e| e.handle == h)
            .map(|e| format!("{}\\{}", super::ti_text(&f.name), super::ti_text(&e.name)))
    })
}

/// The MULTI_EXPR of handle `h`: its data (after the size word), if the block is allocated
/// and the size word fits in it.
pub fn variable_data(bus: &Bus, heap: &Heap, h: u16) -> Option<Vec<u8>> {
    let b = heap.block(h)?;
    let size = u32::from(read_u16(bus, b.address));
    if size + 2 > b.size || b.address + 2 + size > map::RAM_SIZE {
        return None;
    }
    let mut data = vec![0; size as usize];
    bus.peek(b.address + 2, &mut data);
    Some(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Layout;
    use ti_files::Model;

    fn path(p: &str) -> SymPath {
        SymPath::parse(p.as_bytes())
    }

    #[test]
    fn folders_and_variables_live_in_heap_tables() {
        let mut bus = Bus::new(&Layout::of(Model::Ti89));
        let mut heap = Heap::default();
        let mut vat = init(&mut bus, &mut heap);
        add_folder(&mut bus, &mut heap, &vat, b"ai1").unwrap();
        assert_eq!(
            add_folder(&mut bus, &mut heap, &vat, b"ai1"),
            Err(VatError::Exists)
        );
        let names: Vec<Vec<u8>> = entries(&bus, &heap, vat.folder_table)
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, vec![b"ai1".to_vec(), b"main".to_vec()], "sorted");
        let e = store(
            &mut bus,
            &mut heap,
            &vat,
            &path("ai1\\colonne"),
            &[7, 1, 0x1F],
        )
        .unwrap();
        assert_eq!(
            variable_data(&bus, &heap, e.handle).unwrap(),
            vec![7, 1, 0x1F]
        );
        // The SYM_ENTRY bytes are where the HSym says.
        let (addr, back) = deref_hsym(&bus, &heap, e.hsym()).unwrap();
        assert_eq!(back, e);
        let mut raw = [0u8; 14];
        bus.peek(addr, &mut raw);
        assert_eq!(&raw[..8], b"colonne\0");
        assert_eq!(u16::from_be_bytes([raw[12], raw[13]]), e.handle);
        // Overwrite keeps the entry, frees the old data.
        let old = e.handle;
        let e2 = store(&mut bus, &mut heap, &vat, &path("ai1\\colonne"), &[0, 0x1F]).unwrap();
        assert_eq!(e2.offset, e.offset);
        assert!(heap.block(old).is_none() || old == e2.handle);
        // Growing a table past 10 entries keeps everything.
        for i in 0..25u8 {
            let name = format!("v{i:02}");
            store(&mut bus, &mut heap, &vat, &path(&name), &[i, 1, 0x1F]).unwrap();
        }
        let main = folder(&bus, &heap, &vat, MAIN).unwrap();
        assert_eq!(entries(&bus, &heap, main.handle).len(), 25);
        let e = find_in(&bus, &heap, main.handle, b"v17").unwrap();
        assert_eq!(
            variable_data(&bus, &heap, e.handle).unwrap(),
            vec![17, 1, 0x1F]
        );
        // Deleting a folder frees its variables and falls back to main.
        vat.current = b"ai1".to_vec();
        delete_folder(&mut bus, &mut heap, &mut vat, b"ai1").unwrap();
        assert_eq!(vat.current, MAIN);
        assert!(folder(&bus, &heap, &vat, b"ai1").is_none());
        assert_eq!(
            lookup(&bus, &heap, &vat, &path("ai1\\colonne")),
            Lookup::NoFolder(b"ai1".to_vec())
        );
    }

    #[test]
    fn names_follow_ams_rules() {
        assert!(check_name(b"colonne").is_ok());
        assert!(check_name(b"abcdefghi").unwrap_err().contains("at most 8"));
        assert!(check_name(b"Joueur").unwrap_err().contains("lowercase"));
        assert!(check_name(b"").is_err());
    }
}
