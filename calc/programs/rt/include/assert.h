/* Freestanding <assert.h> for wasm2c's output: its asserts only check the embedder's call
 * order (init before instantiate), which the project's glue guarantees. */
#define assert(x) ((void)0)
