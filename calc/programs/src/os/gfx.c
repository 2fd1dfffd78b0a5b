/* Drawing beyond text, keys without waiting, the 50 ms clock and raising an OS error: the wasm
 * imports of module "ams" declared in sys.rs for the contest's programs (the board, the AI
 * zones, the replay's keys, the arbiter's move times, the faulty test AI). ROM indexes in
 * rom.h. Coordinates are clipped to the whole LCD (240x128; the TI-89 shows its top-left
 * 160x100). */
#include <stdint.h>

#include "rom.h"
#include "w68k.h"

struct Z_ams_instance_t;

/* The whole LCD, the clip of every drawing here. */
static const rom_scr_rect whole = {0, 0, 239, 127};

static uint8_t clamp_x(uint32_t v) { return (int32_t)v < 0 ? 0 : v > 239 ? 239 : (uint8_t)v; }
static uint8_t clamp_y(uint32_t v) { return (int32_t)v < 0 ? 0 : v > 127 ? 127 : (uint8_t)v; }

typedef struct {
  int16_t x0, y0, x1, y1, attr;
} draw_line_args;

void Z_amsZ_draw_line(struct Z_ams_instance_t *ctx, uint32_t x0, uint32_t y0, uint32_t x1,
                      uint32_t y1, uint32_t attr) {
  draw_line_args args = {clamp_x(x0), clamp_y(y0), clamp_x(x1), clamp_y(y1), (int16_t)attr};
  (void)ctx;
  ROM_FN(void (*)(draw_line_args), ROM_DrawLine)(args);
}

typedef struct {
  const rom_scr_rect *rect;
  const rom_scr_rect *clip;
  int16_t attr;
} rect_fill_args;

void Z_amsZ_fill_rect(struct Z_ams_instance_t *ctx, uint32_t x0, uint32_t y0, uint32_t x1,
                      uint32_t y1, uint32_t attr) {
  rom_scr_rect rect = {clamp_x(x0), clamp_y(y0), clamp_x(x1), clamp_y(y1)};
  rect_fill_args args = {&rect, &whole, (int16_t)attr};
  (void)ctx;
  ROM_FN(void (*)(rect_fill_args), ROM_ScrRectFill)(args);
}

uint32_t Z_amsZ_kbhit(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  return ROM_FN(int16_t (*)(void), ROM_kbhit)() != 0;
}

/* FiftyMsecTick (AMS 2 and later: an up-counter of 50 ms ticks), or -1 when the OS has none. */
int32_t Z_amsZ_ticks(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  if (ROM_ENTRIES <= ROM_FiftyMsecTick) return -1;
  return (int32_t)(*(volatile const uint32_t *)ROM_ENTRY(ROM_FiftyMsecTick) & 0x7FFFFFFF);
}

void Z_amsZ_throw_error(struct Z_ams_instance_t *ctx, uint32_t error) {
  rom_short_arg arg = {(int16_t)error, 0};
  (void)ctx;
  ROM_FN(void (*)(rom_short_arg), ROM_ER_throwVar)(arg);
}

/* The jump table's size (TIOS_entries): tells AMS versions apart
 * (docs/rom-calls.md#resolution-through-the-jump-table). */
uint32_t Z_amsZ_rom_entries(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  return ROM_ENTRIES;
}
