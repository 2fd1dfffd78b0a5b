/* Running another program by name, the way AMS documents it
 * (docs/rom-calls.md#running-another-program; GCC4TI doc/System/Info/faq/50.hss): make the
 * program's folder current, parse the call text ("folder\\name()") onto the expression stack with
 * push_parse_text, pop it into a handle with HS_popEStack, run it with NG_execute, free the handle,
 * and put the current folder back. Parsing and execution each run inside an AMS error frame
 * (w68k_try): an error raised by the called program, or by AMS while finding or starting it, comes
 * back as its number and this program goes on.
 *
 * The expression stack. HS_popEStack takes everything from the bottom of the estack to the top
 * (what the caller of this program left there: its arguments, at least AMS's end tag) and
 * empties it; NG_execute then uses it from the bottom. This program's own caller expects to
 * find it as it left it. The handle starts with exactly those bytes, so they are copied back
 * from it after the call and top_estack is restored: the estack is as it was before the call,
 * whatever the called program did with it.
 *
 * PedroM marks a running program in the VAT and does not clear the mark for a program run this
 * way; the mark is cleared here after the call (see SF_RUNNING below). */
#include <stdint.h>
#include <string.h>

#include "linear.h"
#include "rom.h"
#include "w68k.h"

struct Z_ams_instance_t;

/* The longest argument text between the parentheses, and the longest call text:
 * "folder\\name(arguments)". */
#define ARGS_MAX 64
#define CALL_MAX (W68K_PATH_MAX + 2 + ARGS_MAX)

typedef struct {
  const char *text;
  uint8_t *parsed; /* top_estack after parsing, before HS_popEStack */
  uint16_t handle;
} call;

static uint8_t **top_estack(void) { return (uint8_t **)ROM_ENTRY(ROM_top_estack); }

static void parse_body(void *p) {
  call *c = p;
  ROM_FN(int16_t (*)(const char *), ROM_push_parse_text)(c->text);
  c->parsed = *top_estack();
  c->handle = ROM_FN(uint16_t (*)(void), ROM_HS_popEStack)();
}

typedef struct {
  uint16_t handle;
  int16_t approx;
} ng_execute_args;

static void execute_body(void *p) {
  call *c = p;
  ng_execute_args args = {c->handle, 0};
  ROM_FN(void (*)(ng_execute_args), ROM_NG_execute)(args);
}

typedef struct {
  const char *name;
  int16_t non_system;
} folder_cur_args;

static int16_t folder_cur(const char *name) {
  folder_cur_args args = {name, 1};
  return ROM_FN(int16_t (*)(folder_cur_args), ROM_FolderCur)(args);
}

static void heap_free(uint16_t handle) {
  rom_short_arg arg = {(int16_t)handle, 0};
  ROM_FN(void (*)(rom_short_arg), ROM_HeapFree)(arg);
}

static const uint8_t *heap_deref(uint16_t handle) {
  rom_short_arg arg = {(int16_t)handle, 0};
  return ROM_FN(const uint8_t *(*)(rom_short_arg), ROM_HeapDeref)(arg);
}

/* AMS's error for a folder that does not exist (docs/rom-calls.md#errors: 330 FOLDER). */
#define ERROR_FOLDER 330
/* For a program path that is not one (empty, too long): AMS's 910 SYNTAX. */
#define ERROR_SYNTAX 910
/* For a program that is not there, or a variable that is not a program: AMS's 850
 * PRGM_NOT_FOUND. Checked before the call: AMS evaluates the call of an undefined name to
 * itself, without an error, which would leave the caller reading values nobody wrote. */
#define ERROR_PRGM_NOT_FOUND 850
/* The tags a program's data ends with: ASM (0xF3), TI-BASIC program or function (0xDC). */
#define ASM_TAG 0xF3
#define FUNC_TAG 0xDC

/* The VAT flag PedroM sets on a program while it runs (SF_INVIEW, 0x0100, in GCC4TI's
 * enum SymFlags). PedroM clears it when a program run from its shell returns, but not for a
 * program run through NG_execute by another one: the flag stays, and PedroM's link then
 * refuses to overwrite the variable ("in use"). Observed on PedroM 0.81 under TiEmu. */
#define SF_RUNNING 0x0100

typedef struct {
  const char *name;
  uint16_t flags;
} sym_find_args;

static rom_sym_entry *find_entry(const char *name) {
  sym_find_args args = {name, 0};
  return ROM_FN(rom_sym_entry * (*)(sym_find_args), ROM_SymFindPtr)(args);
}

int w68k_own_folder(char folder[9]); /* vat.c */

static int32_t run(const char *folder_name, uint32_t folder_len, uint32_t program_at,
                   uint32_t program_len, uint32_t args_at, uint32_t args_len);

int32_t Z_amsZ_run_program(struct Z_ams_instance_t *ctx, uint32_t folder_at,
                           uint32_t folder_len, uint32_t program_at, uint32_t program_len,
                           uint32_t args_at, uint32_t args_len) {
  w68k_sym_str folder;
  const char *folder_name = w68k_sym_str_from(&folder, folder_at, folder_len);
  (void)ctx;
  return run(folder_name, folder_len, program_at, program_len, args_at, args_len);
}

/* Runs the program named by the `program_len` bytes at linear offset `program_at` from the
 * folder this program is in (main when it cannot be found): run_program's path for a game and
 * its companion program. */
int32_t Z_amsZ_run_sibling(struct Z_ams_instance_t *ctx, uint32_t program_at,
                           uint32_t program_len) {
  w68k_sym_str folder;
  char own[9];
  uint32_t len;
  (void)ctx;
  if (!w68k_own_folder(own)) {
    own[0] = 'm', own[1] = 'a', own[2] = 'i', own[3] = 'n', own[4] = 0;
  }
  folder.bytes[0] = 0;
  for (len = 0; own[len]; len++) folder.bytes[1 + len] = own[len];
  folder.bytes[1 + len] = 0;
  return run(folder.bytes + 1 + len, len, program_at, program_len, 0, 0);
}

/* Runs folder\program(arguments): `folder_name` is the folder as a SYM_STR (its end),
 * `folder_len` characters; the argument text is the `args_len` bytes at linear offset
 * `args_at` (none when 0). */
static int32_t run(const char *folder_name, uint32_t folder_len, uint32_t program_at,
                   uint32_t program_len, uint32_t args_at, uint32_t args_len) {
  w68k_sym_str program;
  const char *program_name;
  char text[CALL_MAX + 1];
  char saved_folder[10] = {0};
  w68k_sym_str saved;
  call c = {text, 0, 0};
  rom_sym_entry *entry;
  uint16_t flags_before = 0;
  uint8_t *before;
  int16_t error;
  uint32_t i;
  if (!folder_name) return ERROR_FOLDER;
  if (program_len == 0 || folder_len + 1 + program_len > W68K_PATH_MAX) return ERROR_SYNTAX;
  if (args_len > ARGS_MAX) return ERROR_SYNTAX;
  /* "folder\name" as a SYM_STR, and the call text "folder\name(arguments)" beside it. */
  program.bytes[0] = 0;
  for (i = 0; i < folder_len; i++) program.bytes[1 + i] = folder_name[(int32_t)i - (int32_t)folder_len];
  program.bytes[1 + folder_len] = '\\';
  w68k_copy_out(program.bytes + 2 + folder_len, program_at, program_len);
  program.bytes[2 + folder_len + program_len] = 0;
  program_name = program.bytes + 2 + folder_len + program_len;
  for (i = 0; i < folder_len + 1 + program_len; i++) text[i] = program.bytes[1 + i];
  text[i++] = '(';
  w68k_copy_out(text + i, args_at, args_len);
  for (; args_len > 0; args_len--, i++)
    if (text[i] == 0) return ERROR_SYNTAX;
  text[i] = ')';
  text[i + 1] = 0;

  entry = find_entry(program_name);
  if (!entry || !entry->handle) return ERROR_PRGM_NOT_FOUND;
  {
    const uint8_t *data = heap_deref(entry->handle);
    uint16_t size = (uint16_t)((data[0] << 8) | data[1]);
    if (size == 0 || (data[1 + size] != ASM_TAG && data[1 + size] != FUNC_TAG))
      return ERROR_PRGM_NOT_FOUND;
  }
  flags_before = entry->flags;
  ROM_FN(void (*)(char *), ROM_FolderGetCur)(saved_folder);
  if (!folder_cur(folder_name)) return ERROR_FOLDER;

  before = *top_estack();
  error = w68k_try(parse_body, &c);
  if (error) {
    *top_estack() = before; /* whatever the parser pushed goes */
  } else {
    /* The handle holds bottom..parsed; the caller's part is bottom..before. The bottom is
     * read from AMS when it publishes it (bottom_estack, AMS 2 and later), and must agree
     * with the handle's size; otherwise the caller's part is left as the call leaves it. */
    const uint8_t *data = heap_deref(c.handle);
    uint16_t size = (uint16_t)((data[0] << 8) | data[1]);
    uint8_t *bottom = c.parsed + 1 - size;
    int restore = c.parsed > before && before >= bottom;
    if (ROM_ENTRIES > ROM_bottom_estack)
      restore = restore && *(uint8_t **)ROM_ENTRY(ROM_bottom_estack) == bottom;
    error = w68k_try(execute_body, &c);
    if (restore) {
      data = heap_deref(c.handle); /* the heap may have moved during the call */
      memcpy(bottom, data + 2, (uint32_t)(before + 1 - bottom));
    }
    *top_estack() = before;
    heap_free(c.handle);
  }

  /* The call may have moved the VAT: find the entry again. */
  entry = find_entry(program_name);
  if (entry && !(flags_before & SF_RUNNING)) entry->flags &= (uint16_t)~SF_RUNNING;

  saved.bytes[0] = 0;
  for (i = 0; i < 8 && saved_folder[i]; i++) saved.bytes[1 + i] = saved_folder[i];
  saved.bytes[1 + i] = 0;
  folder_cur(saved.bytes + 1 + i);
  return error;
}

/* --- The program's own arguments --------------------------------------------------------- */

/* When a program starts, top_estack points at its first argument; the others follow below it,
 * down to an END_TAG (docs/rom-calls.md#arguments-and-return-values). Walking them with
 * next_expression_index works for any argument type; only strings are read. The estack is not
 * changed. */
typedef struct {
  const uint8_t *at;
} arg_walk;

static void next_body(void *p) {
  arg_walk *w = p;
  w->at = ROM_FN(const uint8_t *(*)(const uint8_t *), ROM_next_expression_index)(w->at);
}

/* The arguments as they were when the program started: read before anything else changes the
 * estack (see start.S: nothing touches it before ti_main). */
int32_t Z_amsZ_arg_string(struct Z_ams_instance_t *ctx, uint32_t index, uint32_t out_at,
                          uint32_t out_cap) {
  arg_walk w;
  const uint8_t *end;
  uint32_t len;
  (void)ctx;
  w.at = *top_estack();
  for (; index > 0; index--) {
    if (*w.at == END_TAG || w68k_try(next_body, &w)) return -1;
  }
  if (*w.at == END_TAG) return -1;
  if (*w.at != STR_TAG || w.at[-1] != 0) return -2;
  end = w.at - 1;
  for (len = 0; len < 256 && end[-1 - (int32_t)len] != 0; len++) {
  }
  if (len > out_cap) return -2;
  w68k_copy_in(out_at, end - len, len);
  return (int32_t)len;
}

/* Any argument: its estack image (the tag last), found as above and delimited below by the
 * start of the next expression (next_expression_index). The last `out_cap` bytes of it are
 * copied out; the result is its whole size, or -1 when there is no such argument. */
int32_t Z_amsZ_arg_image(struct Z_ams_instance_t *ctx, uint32_t index, uint32_t out_at,
                         uint32_t out_cap) {
  arg_walk w;
  const uint8_t *top;
  uint32_t size, keep;
  (void)ctx;
  w.at = *top_estack();
  for (; index > 0; index--) {
    if (*w.at == END_TAG || w68k_try(next_body, &w)) return -1;
  }
  if (*w.at == END_TAG) return -1;
  top = w.at;
  if (w68k_try(next_body, &w) || w.at >= top) return -1;
  size = (uint32_t)(top - w.at);
  keep = size < out_cap ? size : out_cap;
  w68k_copy_in(out_at, top + 1 - keep, keep);
  return (int32_t)size;
}
