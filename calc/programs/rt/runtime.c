/* The wasm2c runtime (wasm-rt.h) for a freestanding 68000 under AMS.
 *
 * The module's linear memory and tables are borrowed from the OS heap at instantiation and
 * returned by w68k_release() when the program ends, so the program file holds none of them.
 * Only the first w68k_linear_bytes of the module's one 64 KiB page are backed: a Rust program
 * with no heap allocator never touches memory above __heap_base (the build checks the module
 * declares exactly one page, and sizes w68k_linear_bytes from __heap_base).
 * Traps never return: they end the run through w68k_trap (src/os/session.c). */
#include <stdarg.h>
#include <string.h>

#include "wasm-rt.h"
#include "w68k.h"

_Static_assert((int)WASM_RT_TRAP_OOB == (int)W68K_TRAP_OOB &&
                   (int)WASM_RT_TRAP_UNREACHABLE == (int)W68K_TRAP_UNREACHABLE &&
                   (int)WASM_RT_TRAP_EXHAUSTION == (int)W68K_TRAP_EXHAUSTION,
               "trap reasons must match wasm_rt_trap_t");

uint8_t *w68k_top;

/* Blocks taken from the OS heap: linear memory plus at most a few tables. */
#define MAX_BLOCKS 4
static void *blocks[MAX_BLOCKS];
static uint8_t block_count;
static bool initialized;

static void *take_block(uint32_t bytes) {
  void *block;
  if (block_count == MAX_BLOCKS) w68k_trap(W68K_TRAP_BAD_MODULE);
  block = w68k_os_alloc(bytes ? bytes : 2);
  if (!block) w68k_trap(W68K_TRAP_NO_MEMORY);
  memset(block, 0, bytes);
  blocks[block_count++] = block;
  return block;
}

void w68k_release(void) {
  while (block_count) {
    block_count--;
    w68k_os_free(blocks[block_count]);
    blocks[block_count] = 0;
  }
  w68k_top = 0;
  initialized = false;
}

void wasm_rt_init(void) { initialized = true; }

bool wasm_rt_is_initialized(void) { return initialized; }

void wasm_rt_free(void) { w68k_release(); }

void wasm_rt_trap(wasm_rt_trap_t trap) { w68k_trap((uint32_t)trap); }

const char *wasm_rt_strerror(wasm_rt_trap_t trap) {
  (void)trap;
  return "wasm trap";
}

/* Function signatures, interned so that equal signatures get equal indexes (call_indirect
 * compares them). Each is stored as [params, results, type...] in one byte pool. */
#define SIGNATURE_POOL 192
static uint8_t signature_pool[SIGNATURE_POOL];
static uint16_t signature_pool_used;
static uint16_t signature_count;

uint32_t wasm_rt_register_func_type(uint32_t params, uint32_t results, ...) {
  uint8_t signature[2 + 30];
  uint32_t length = 2 + params + results, i, at = 0, index;
  va_list types;
  if (length > sizeof signature) w68k_trap(W68K_TRAP_BAD_MODULE);
  signature[0] = (uint8_t)params;
  signature[1] = (uint8_t)results;
  va_start(types, results);
  for (i = 2; i < length; i++) signature[i] = (uint8_t)va_arg(types, int);
  va_end(types);
  for (index = 0; index < signature_count; index++) {
    uint32_t known = 2u + signature_pool[at] + signature_pool[at + 1];
    if (known == length && memcmp(signature_pool + at, signature, length) == 0) return index;
    at += known;
  }
  if (signature_pool_used + length > SIGNATURE_POOL) w68k_trap(W68K_TRAP_BAD_MODULE);
  memcpy(signature_pool + signature_pool_used, signature, length);
  signature_pool_used += length;
  return signature_count++;
}

uint32_t wasm_rt_register_tag(uint32_t size) {
  (void)size;
  w68k_trap(W68K_TRAP_BAD_MODULE); /* exceptions are not supported */
}

void wasm_rt_allocate_memory(wasm_rt_memory_t *memory, uint32_t initial_pages, uint32_t max_pages) {
  if (initial_pages != 1) w68k_trap(W68K_TRAP_BAD_MODULE);
  memory->data = take_block(w68k_linear_bytes);
  memory->size = w68k_linear_bytes;
  memory->pages = initial_pages;
  memory->max_pages = max_pages;
  w68k_top = memory->data + w68k_linear_bytes;
}

uint32_t wasm_rt_grow_memory(wasm_rt_memory_t *memory, uint32_t pages) {
  return pages == 0 ? memory->pages : 0xFFFFFFFFu; /* the memory never grows */
}

void wasm_rt_free_memory(wasm_rt_memory_t *memory) { (void)memory; /* w68k_release frees it */ }

void wasm_rt_allocate_funcref_table(wasm_rt_funcref_table_t *table, uint32_t elements,
                                    uint32_t max_elements) {
  table->data = take_block(elements * sizeof(wasm_rt_funcref_t));
  table->size = elements;
  table->max_size = max_elements;
}

void wasm_rt_free_funcref_table(wasm_rt_funcref_table_t *table) { (void)table; }

void wasm_rt_allocate_externref_table(wasm_rt_externref_table_t *table, uint32_t elements,
                                      uint32_t max_elements) {
  table->data = take_block(elements * sizeof(wasm_rt_externref_t));
  table->size = elements;
  table->max_size = max_elements;
}

void wasm_rt_free_externref_table(wasm_rt_externref_table_t *table) { (void)table; }

uint32_t wasm_rt_grow_funcref_table(wasm_rt_funcref_table_t *table, uint32_t delta,
                                    wasm_rt_funcref_t init) {
  (void)init;
  return delta == 0 ? table->size : 0xFFFFFFFFu;
}

uint32_t wasm_rt_grow_externref_table(wasm_rt_externref_table_t *table, uint32_t delta,
                                      wasm_rt_externref_t init) {
  (void)init;
  return delta == 0 ? table->size : 0xFFFFFFFFu;
}
