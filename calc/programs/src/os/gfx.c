/* Drawing beyond text, keys without waiting, the 50 ms clock, a countdown and raising an OS
 * error: the wasm imports of module "ams" declared in sys.rs for the contest's programs and the
 * games (the boards, the AI zones, the replay's keys, the arbiter's move times, the computer's
 * pause before its move, the faulty test AI). ROM indexes in rom.h. Coordinates are clipped to
 * the whole LCD (240x128; the TI-89 shows its top-left 160x100). */
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

/* The countdown: the OS's notify timer USER_TIMER (6), which counts down once per 50 ms on
 * every AMS version and on PedroM (docs/rom-calls.md#timers-and-delays). `timer_held` says the
 * program registered it, so that the session gives it back however the program ends
 * (w68k_release_timer, called by session.c). */
static uint8_t timer_held;

typedef struct {
  int16_t timer;
  uint32_t ticks;
} register_timer_args;
_Static_assert(sizeof(register_timer_args) == 6, "OSRegisterTimer takes 2+4 bytes of arguments");

/* Starts the countdown of `ticks` 50 ms ticks (at least 1): 1, or 0 when the OS refused the
 * timer. */
uint32_t Z_amsZ_countdown_start(struct Z_ams_instance_t *ctx, uint32_t ticks) {
  rom_short_arg timer = {USER_TIMER, 0};
  register_timer_args args = {USER_TIMER, ticks ? ticks : 1};
  (void)ctx;
  ROM_FN(int16_t (*)(rom_short_arg), ROM_OSFreeTimer)(timer);
  timer_held = ROM_FN(int16_t (*)(register_timer_args), ROM_OSRegisterTimer)(args) != 0;
  return timer_held;
}

/* 1 when the countdown has run out (or none runs), else 0. */
uint32_t Z_amsZ_countdown_over(struct Z_ams_instance_t *ctx) {
  rom_short_arg timer = {USER_TIMER, 0};
  (void)ctx;
  if (!timer_held) return 1;
  return ROM_FN(int16_t (*)(rom_short_arg), ROM_OSTimerExpired)(timer) != 0;
}

void w68k_release_timer(void) {
  rom_short_arg timer = {USER_TIMER, 0};
  if (!timer_held) return;
  ROM_FN(int16_t (*)(rom_short_arg), ROM_OSFreeTimer)(timer);
  timer_held = 0;
}

/* Stops the countdown and gives the timer back to the OS. */
void Z_amsZ_countdown_stop(struct Z_ams_instance_t *ctx) {
  (void)ctx;
  w68k_release_timer();
}
