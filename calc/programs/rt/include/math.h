/* Freestanding <math.h>: the names wasm2c's float helpers use, mapped to GCC builtins. The
 * helpers are static and vanish unless a program uses floats; a program that does is refused
 * at link time (no 68000 soft-float routines are provided). */
#define NAN __builtin_nanf("")
#define isnan(x) __builtin_isnan(x)
#define signbit(x) __builtin_signbit(x)
#define floor __builtin_floor
#define floorf __builtin_floorf
#define ceil __builtin_ceil
#define ceilf __builtin_ceilf
#define trunc __builtin_trunc
#define truncf __builtin_truncf
#define nearbyint __builtin_nearbyint
#define nearbyintf __builtin_nearbyintf
#define fabs __builtin_fabs
#define fabsf __builtin_fabsf
#define sqrt __builtin_sqrt
#define sqrtf __builtin_sqrtf
