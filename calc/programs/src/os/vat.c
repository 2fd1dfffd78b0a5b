/* Variables and folders (the VAT) for the programs: the wasm imports of module "ams" that read
 * and write typed variables, create folders, and find the program's own folder. Declared in
 * vars.rs (see there for the contract of each); the ROM calls are in rom.h.
 *
 * Values cross as their estack bytes (docs/files.md#variable-data-on-the-calculator): the Rust side
 * encodes and decodes integers and strings, this file only moves bytes. Every ROM call that may
 * throw runs inside w68k_try, so a bad name, a locked or archived variable or a full memory comes
 * back as an AMS error number instead of ending the program. */
#include <stdint.h>

#include "linear.h"
#include "rom.h"
#include "w68k.h"

struct Z_ams_instance_t;

/* AMS's errors for a folder that cannot be made, and for no memory (docs/rom-calls.md#errors). */
#define ERROR_FOLDER 330
#define ERROR_MEMORY 670

/* Results of var_read besides a size (vars.rs). */
#define READ_MISSING (-1)
#define READ_BAD_NAME (-2)

typedef struct {
  const char *name;
  uint16_t flags;
} sym_find_args;

typedef struct {
  const char *name;
  rom_sym_entry *found;
} find_call;

static void find_body(void *p) {
  find_call *c = p;
  sym_find_args args = {c->name, 0};
  c->found = ROM_FN(rom_sym_entry * (*)(sym_find_args), ROM_SymFindPtr)(args);
}

/* The VAT entry of `name`, or 0 (absent, or the search threw). */
static rom_sym_entry *find(const char *name) {
  find_call c = {name, 0};
  if (w68k_try(find_body, &c)) return 0;
  return c.found;
}

static const uint8_t *deref(uint16_t handle) {
  rom_short_arg arg = {(int16_t)handle, 0};
  return ROM_FN(const uint8_t *(*)(rom_short_arg), ROM_HeapDeref)(arg);
}

/* The data of the variable named by the `name_len` bytes at linear offset `name_at` (its
 * MULTI_EXPR: a big-endian size, then `size` bytes ending with the type tag): sets `*data`
 * and returns the size, or READ_BAD_NAME / READ_MISSING. Inlined into both readers: a call
 * made every program 32 bytes larger. */
static inline __attribute__((always_inline)) int32_t variable_data(uint32_t name_at,
                                                                    uint32_t name_len,
                                                                    const uint8_t **data) {
  w68k_sym_str s;
  const char *name = w68k_sym_str_from(&s, name_at, name_len);
  rom_sym_entry *entry;
  if (!name) return READ_BAD_NAME;
  entry = find(name);
  if (!entry || !entry->handle) return READ_MISSING;
  *data = deref(entry->handle);
  if (!*data) return READ_MISSING;
  return (uint16_t)(((*data)[0] << 8) | (*data)[1]);
}

int32_t Z_amsZ_var_read(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len,
                        uint32_t out_at, uint32_t out_cap) {
  const uint8_t *data;
  int32_t size = variable_data(name_at, name_len, &data);
  uint16_t keep;
  (void)ctx;
  if (size < 0) return size;
  /* Keep the last bytes: they hold the tag and what the decoder needs. */
  keep = (uint32_t)size < out_cap ? (uint16_t)size : (uint16_t)out_cap;
  w68k_copy_in(out_at, data + 2 + size - keep, keep);
  return size;
}

int32_t Z_amsZ_var_read_at(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len,
                           uint32_t offset, uint32_t out_at, uint32_t out_cap) {
  const uint8_t *data;
  int32_t size = variable_data(name_at, name_len, &data);
  (void)ctx;
  if (size < 0) return size;
  /* The bytes at `offset` of the data after its size word, when they are all there. */
  if (offset <= (uint32_t)size && out_cap <= (uint32_t)size - offset)
    w68k_copy_in(out_at, data + 2 + offset, out_cap);
  return size;
}

typedef struct {
  const char *name;
  const uint8_t *bytes;
  uint16_t len;
} store_call;

typedef struct {
  const char *name;
  uint16_t flags;
  uint16_t size;
  const uint8_t *esi;
} var_store_args;
_Static_assert(sizeof(var_store_args) == 12, "VarStore takes 4+2+2+4 bytes of arguments");

static uint8_t **top_estack(void) { return (uint8_t **)ROM_ENTRY(ROM_top_estack); }

/* Pushes the value's bytes on the estack (push_quantum checks the room and throws when there
 * is none) and stores the expression at the top, as TI-BASIC's store arrow does. */
static void store_body(void *p) {
  store_call *c = p;
  uint16_t i;
  var_store_args args;
  for (i = 0; i < c->len; i++) {
    rom_short_arg quantum = {c->bytes[i], 0};
    ROM_FN(void (*)(rom_short_arg), ROM_push_quantum)(quantum);
  }
  args.name = c->name;
  args.flags = STOF_ESI;
  args.size = 0;
  args.esi = *top_estack();
  ROM_FN(void (*)(var_store_args), ROM_VarStore)(args);
}

/* The largest value stored at once (a game log is about 100 bytes). */
#define STORE_MAX 512

int32_t Z_amsZ_var_store(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len,
                         uint32_t data_at, uint32_t data_len) {
  w68k_sym_str s;
  uint8_t bytes[STORE_MAX];
  store_call c;
  uint8_t *saved_top;
  int16_t error;
  (void)ctx;
  c.name = w68k_sym_str_from(&s, name_at, name_len);
  if (!c.name || data_len == 0 || data_len > STORE_MAX) return READ_BAD_NAME;
  w68k_copy_out(bytes, data_at, data_len);
  c.bytes = bytes;
  c.len = (uint16_t)data_len;
  saved_top = *top_estack();
  error = w68k_try(store_body, &c);
  *top_estack() = saved_top;
  return error;
}

typedef struct {
  const char *name;
  int16_t result;
} name_call;

static void delete_body(void *p) {
  name_call *c = p;
  c->result = ROM_FN(int16_t (*)(const char *), ROM_SymDel)(c->name);
}

int32_t Z_amsZ_var_delete(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len) {
  w68k_sym_str s;
  name_call c = {w68k_sym_str_from(&s, name_at, name_len), 0};
  int16_t error;
  (void)ctx;
  if (!c.name) return READ_BAD_NAME;
  error = w68k_try(delete_body, &c);
  return error ? error : (c.result ? 0 : READ_MISSING);
}

static void folder_body(void *p) {
  name_call *c = p;
  int16_t status = ROM_FN(int16_t (*)(const char *), ROM_FolderFind)(c->name);
  if (status == FOLDER_MAIN || status == FOLDER_FOUND) {
    c->result = 1;
  } else if (status == FOLDER_NOT_FOUND) {
    c->result = ROM_FN(uint16_t (*)(const char *), ROM_FolderAdd)(c->name) ? 1 : 0;
  } else {
    c->result = 0;
  }
}


int32_t Z_amsZ_folder_create(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len) {
  w68k_sym_str s;
  name_call c = {w68k_sym_str_from(&s, name_at, name_len), 0};
  int16_t error;
  (void)ctx;
  if (!c.name) return READ_BAD_NAME;
  error = w68k_try(folder_body, &c);
  return error ? error : (c.result ? 0 : ERROR_FOLDER);
}

/* Copies a C string of at most 8 characters into linear memory; returns its length. */
static int32_t give_name(const char *name, uint32_t out_at, uint32_t out_cap) {
  uint32_t len = 0;
  while (len < 8 && name[len]) len++;
  if (len > out_cap) len = out_cap;
  w68k_copy_in(out_at, name, len);
  return (int32_t)len;
}

int32_t Z_amsZ_folder_current(struct Z_ams_instance_t *ctx, uint32_t out_at, uint32_t out_cap) {
  char name[10] = {0};
  (void)ctx;
  ROM_FN(void (*)(char *), ROM_FolderGetCur)(name);
  return give_name(name, out_at, out_cap);
}

extern const char _start[];
/* The variable of the launcher that runs this program, 0 when the OS runs it itself (start.S). */
extern const uint8_t *w68k_launcher_variable;

/* Where this program's variable is (its size word): the launcher's when a launcher runs it
 * (its folder and name are the program's), else the block the program runs from: 2 bytes of
 * size, then the code. */
static const uint8_t *own_variable(void) {
  if (w68k_launcher_variable) return w68k_launcher_variable;
  return (const uint8_t *)((uintptr_t)_start - 2);
}

typedef struct {
  const uint8_t *block; /* where this program's variable is: its size word, then the code */
  char folder[9];
  int16_t found;
} own_call;

typedef struct {
  const char *folder;
  uint16_t flags;
} find_first_args;

/* The VAT flag of a folder's entry (GCC4TI vat.h, enum SymFlags: SF_FOLDER). */
#define SF_FOLDER 0x0080

/* Walks every folder and variable (SymFindFirst with FO_RECURSE, which lists each folder's
 * entry before its variables) looking for the variable whose data is at c->block (this
 * program's, or its launcher's: own_variable); the folder is the last folder entry seen before
 * it. */
static void own_body(void *p) {
  own_call *c = p;
  find_first_args args = {0, FO_RECURSE};
  rom_sym_entry *e = ROM_FN(rom_sym_entry * (*)(find_first_args), ROM_SymFindFirst)(args);
  char folder[9] = {0};
  uint32_t i;
  while (e) {
    if (e->flags & SF_FOLDER) {
      for (i = 0; i < 8; i++) folder[i] = e->name[i];
    } else if (e->handle && deref(e->handle) == c->block) {
      for (i = 0; i < 9; i++) c->folder[i] = folder[i];
      c->found = folder[0] != 0;
      return;
    }
    e = ROM_FN(rom_sym_entry * (*)(void), ROM_SymFindNext)();
  }
}

/* The folder this program is stored in, NUL-terminated into `folder` (9 bytes); 0 when it
 * cannot be found. */
int w68k_own_folder(char folder[9]) {
  own_call c = {0, {0}, 0};
  uint32_t i;
  c.block = own_variable();
  if (w68k_try(own_body, &c) || !c.found) return 0;
  for (i = 0; i < 9; i++) folder[i] = c.folder[i];
  folder[8] = 0;
  return 1;
}

/* Writes "folder\\name" to linear offset `out_at` (at most 17 bytes), `folder` the one holding
 * this program (main when it cannot be found) and `name` the `name_len` bytes at `name_at`;
 * returns its length. */
int32_t Z_amsZ_own_path(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len,
                        uint32_t out_at) {
  char path[W68K_PATH_MAX + 9];
  uint32_t len;
  (void)ctx;
  if (!w68k_own_folder(path)) {
    path[0] = 'm', path[1] = 'a', path[2] = 'i', path[3] = 'n', path[4] = 0;
  }
  for (len = 0; path[len]; len++) {
  }
  if (name_len > 8) name_len = 8;
  path[len++] = '\\';
  w68k_copy_out(path + len, name_at, name_len);
  len += name_len;
  w68k_copy_in(out_at, path, len);
  return (int32_t)len;
}

int32_t Z_amsZ_own_folder(struct Z_ams_instance_t *ctx, uint32_t out_at, uint32_t out_cap) {
  own_call c = {0, {0}, 0};
  (void)ctx;
  c.block = own_variable();
  if (w68k_try(own_body, &c) || !c.found) return READ_MISSING;
  return give_name(c.folder, out_at, out_cap);
}

/* --- Variables of any type, written whole (custom "OTH" data, docs/files.md#tags) ---------- */

typedef struct {
  const char *name;
  const uint8_t *bytes;
  uint16_t len;
  uint16_t handle; /* allocated, not yet owned by a VAT entry */
} raw_call;

/* An HSym (4 bytes: the folder's handle, then the entry's offset) is returned in d0 and passed
 * in one 4-byte slot: a uint32_t here, whatever GCC would do with a struct. */
static void raw_body(void *p) {
  raw_call *c = p;
  uint32_t entry = ROM_FN(uint32_t (*)(const char *), ROM_SymAdd)(c->name);
  rom_sym_entry *sym;
  if (!(entry >> 16)) {
    rom_short_arg error = {ERROR_FOLDER, 0};
    ROM_FN(void (*)(rom_short_arg), ROM_ER_throwVar)(error);
  }
  sym = ROM_FN(rom_sym_entry * (*)(uint32_t), ROM_DerefSym)(entry);
  sym->handle = c->handle;
  c->handle = 0; /* the variable owns it now */
}

/* The largest variable written whole. */
#define RAW_MAX 1024

/* Creates (or replaces) variable `path` with exactly the data given, `data` then `tail` (its
 * estack image, the type tag last: a caller passes its payload and the few bytes that end it,
 * so that it needs no copy of the whole on its stack): the block is allocated and filled
 * first, then the VAT entry is made with SymAdd, which deletes any variable of that name
 * (GCC4TI vat.h/SymAdd.hsf). */
int32_t Z_amsZ_var_store_whole(struct Z_ams_instance_t *ctx, uint32_t name_at, uint32_t name_len,
                               uint32_t data_at, uint32_t data_len, uint32_t tail_at,
                               uint32_t tail_len) {
  w68k_sym_str s;
  raw_call c;
  uint8_t *block;
  int16_t error;
  uint32_t total = data_len + tail_len;
  (void)ctx;
  c.name = w68k_sym_str_from(&s, name_at, name_len);
  if (!c.name || total == 0 || data_len > RAW_MAX || total > RAW_MAX) return READ_BAD_NAME;
  c.handle = ROM_FN(uint16_t (*)(uint32_t), ROM_HeapAlloc)(total + 2);
  if (!c.handle) return ERROR_MEMORY;
  block = (uint8_t *)deref(c.handle);
  block[0] = (uint8_t)(total >> 8);
  block[1] = (uint8_t)total;
  w68k_copy_out(block + 2, data_at, data_len);
  w68k_copy_out(block + 2 + data_len, tail_at, tail_len);
  error = w68k_try(raw_body, &c);
  if (c.handle) {
    rom_short_arg h = {(int16_t)c.handle, 0};
    ROM_FN(void (*)(rom_short_arg), ROM_HeapFree)(h);
  }
  return error;
}
