/* The wasm imports of module "ams" (declared in sys.rs), implemented for the 68000: each one
 * calls an AMS ROM function through the jump table (rom.h). wasm2c names an import
 * `Z_amsZ_<name>` and passes the (unused) import context first.
 *
 * Linear memory is stored byte-reversed (wasm2c's big-endian layout): the wasm byte at offset
 * a lives at w68k_top[-1 - a]. This file and session.c are the only places that turn
 * linear-memory offsets into real addresses; strings are copied out, reversed, into a
 * NUL-terminated buffer on the 68000 stack. */
#include <stddef.h>
#include <stdint.h>

#include "rom.h"
#include "w68k.h"

struct Z_ams_instance_t;

/* The longest string drawn or measured at once (the widest screen holds 60 small glyphs). */
#define TEXT_MAX 63

/* Copies the `len` bytes at linear offset `at` (at most TEXT_MAX) into `out`, NUL-terminated.
 * An offset range outside the backed linear memory is a wasm out-of-bounds trap. */
static void copy_text(char out[TEXT_MAX + 1], uint32_t at, uint32_t len) {
  const uint8_t *src;
  uint32_t i;
  if (len > TEXT_MAX) len = TEXT_MAX;
  if (at > w68k_linear_bytes || len > w68k_linear_bytes - at) w68k_trap(W68K_TRAP_OOB);
  src = w68k_top - 1 - at;
  for (i = 0; i < len; i++) out[i] = (char)src[-(int32_t)i];
  out[len] = 0;
}

/* TIGCC's CALCULATOR codes: 0 TI-89 (and Titanium), 1 TI-92 Plus, 3 Voyage 200. A jump table
 * in the 0x400000 ROM means a TI-92 Plus; otherwise the screen width tells the TI-89 (ScrRect
 * x1 = 159) from the Voyage 200 (239). docs/rom-calls.md#model-and-ams-detection; GCC4TI
 * startup/_detect_calc.s. */
uint32_t Z_amsZ_calc_model(struct Z_ams_instance_t *ctx) {
  uint32_t table = (uint32_t)*(void *const *)ROM_JUMP_TABLE_PTR;
  const rom_scr_rect *screen;
  (void)ctx;
  if (table & 0x400000) return 1;
  screen = ROM_ENTRY(ROM_ScrRect);
  return screen->x1 < 200 ? 0 : 3;
}

void Z_amsZ_clr_scr(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  ROM_FN(void (*)(void), ROM_ClrScr)();
}

uint32_t Z_amsZ_font_set_sys(struct Z_ams_instance_t *ctx, uint32_t font) {
  rom_short_arg arg = {(int16_t)font, 0};
  (void)ctx;
  return ROM_FN(uint8_t (*)(rom_short_arg), ROM_FontSetSys)(arg);
}

uint32_t Z_amsZ_ngetchx(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  return (uint16_t)ROM_FN(int16_t (*)(void), ROM_ngetchx)();
}

typedef struct {
  int16_t x, y;
  const char *text;
  int16_t attr;
} draw_str_args;
_Static_assert(sizeof(draw_str_args) == 10, "DrawStr takes 2+2+4+2 bytes of arguments");

void Z_amsZ_draw_str(struct Z_ams_instance_t *ctx, uint32_t x, uint32_t y, uint32_t text,
                     uint32_t len, uint32_t attr) {
  char buf[TEXT_MAX + 1];
  draw_str_args args;
  (void)ctx;
  copy_text(buf, text, len);
  args.x = (int16_t)x;
  args.y = (int16_t)y;
  args.text = buf;
  args.attr = (int16_t)attr;
  ROM_FN(void (*)(draw_str_args), ROM_DrawStr)(args);
}

/* DrawStr of `len` bytes at linear offset `text` in font `font`, the current font put back
 * afterwards: one call where a program would otherwise set the font, draw and restore it. */
void Z_amsZ_write(struct Z_ams_instance_t *ctx, uint32_t x, uint32_t y, uint32_t text,
                  uint32_t len, uint32_t font, uint32_t attr) {
  rom_short_arg f = {(int16_t)font, 0};
  uint8_t old = ROM_FN(uint8_t (*)(rom_short_arg), ROM_FontSetSys)(f);
  Z_amsZ_draw_str(ctx, x, y, text, len, attr);
  f.value = old;
  ROM_FN(uint8_t (*)(rom_short_arg), ROM_FontSetSys)(f);
}

/* Draws `value` in decimal (a '-' first when negative) at (x, y) in font `font` with
 * A_NORMAL, and returns the number of characters drawn. */
uint32_t Z_amsZ_write_number(struct Z_ams_instance_t *ctx, uint32_t x, uint32_t y,
                             uint32_t value, uint32_t font) {
  char digits[12];
  char *p = digits + sizeof digits - 1;
  uint32_t magnitude = (int32_t)value < 0 ? 0u - value : value;
  rom_short_arg f = {(int16_t)font, 0};
  uint8_t old;
  draw_str_args args;
  (void)ctx;
  *p = 0;
  do {
    *--p = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  if ((int32_t)value < 0) *--p = '-';
  old = ROM_FN(uint8_t (*)(rom_short_arg), ROM_FontSetSys)(f);
  args.x = (int16_t)x;
  args.y = (int16_t)y;
  args.text = p;
  args.attr = 1;
  ROM_FN(void (*)(draw_str_args), ROM_DrawStr)(args);
  f.value = old;
  ROM_FN(uint8_t (*)(rom_short_arg), ROM_FontSetSys)(f);
  return (uint32_t)(digits + sizeof digits - 1 - p);
}
