/* Moving bytes between the program's linear memory and the 68000's own memory, for the OS
 * bindings of this folder. Linear memory is stored byte-reversed (wasm2c's big-endian
 * layout): the wasm byte at offset a lives at w68k_top[-1 - a]. Every range is checked
 * against the backed linear memory; a range outside it is the wasm out-of-bounds trap, as
 * for any access of the program itself. */
#ifndef W68K_LINEAR_H
#define W68K_LINEAR_H

#include <stdint.h>

#include "w68k.h"

/* Traps unless [at, at + len) lies in the backed linear memory. */
static inline void w68k_check_range(uint32_t at, uint32_t len) {
  if (at > w68k_linear_bytes || len > w68k_linear_bytes - at) w68k_trap(W68K_TRAP_OOB);
}

/* Copies `len` bytes at linear offset `at` to `out` (in their natural order). */
static inline void w68k_copy_out(void *out, uint32_t at, uint32_t len) {
  const uint8_t *src;
  uint8_t *dst = out;
  uint32_t i;
  w68k_check_range(at, len);
  src = w68k_top - 1 - at;
  for (i = 0; i < len; i++) dst[i] = src[-(int32_t)i];
}

/* Copies `len` bytes from `in` to linear offset `at`. */
static inline void w68k_copy_in(uint32_t at, const void *in, uint32_t len) {
  const uint8_t *src = in;
  uint8_t *dst;
  uint32_t i;
  w68k_check_range(at, len);
  dst = w68k_top - 1 - at;
  for (i = 0; i < len; i++) dst[-(int32_t)i] = src[i];
}

/* The longest variable path: an 8-character folder, '\', an 8-character name. */
#define W68K_PATH_MAX 17

/* A SYM_STR (docs/rom-calls.md#the-vat): "\0path\0", used through a pointer to its final zero. */
typedef struct {
  char bytes[W68K_PATH_MAX + 2];
} w68k_sym_str;

/* Builds the SYM_STR of the `len` bytes at linear offset `at` into `s` and returns the
 * pointer the ROM expects, or 0 when the path is empty, too long or holds a zero byte. */
static inline const char *w68k_sym_str_from(w68k_sym_str *s, uint32_t at, uint32_t len) {
  uint32_t i;
  if (len == 0 || len > W68K_PATH_MAX) return 0;
  s->bytes[0] = 0;
  w68k_copy_out(s->bytes + 1, at, len);
  for (i = 1; i <= len; i++)
    if (s->bytes[i] == 0) return 0;
  s->bytes[len + 1] = 0;
  return s->bytes + len + 1;
}

/* Runs body(arg) inside an AMS error frame (ER_catch): returns 0 when it returned normally,
 * or the number of the AMS error it threw (try.S). */
int16_t w68k_try(void (*body)(void *), void *arg);

#endif
