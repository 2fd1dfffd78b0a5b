/* Freestanding <alloca.h> for wasm2c's output. */
#define alloca __builtin_alloca
