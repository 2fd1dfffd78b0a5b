//! The calculator programs' common library: the OS binding layer ([`os`]) and the entry macro.
//!
//! Every program is a bin of this crate. It is compiled for `wasm32-unknown-unknown` (no_std,
//! panic = abort), translated to C by wasm2c and compiled for the 68000 by GCC; `cargo run -p
//! ti68k -- build PROGRAM` does all of it (host/build/src/). A program names its entry function
//! with [`entry!`]; the function receives the [`os::Os`] token, the only way to reach the
//! calculator's operating system.
//!
//! A panic stops the program: the handler executes wasm `unreachable`, which the 68000 runtime
//! turns into a clean exit with a message on the status line (src/os/session.c). The handler
//! never formats the panic message, so no formatting machinery is linked in.
#![no_std]

pub mod contest;
pub mod entropy;
pub mod game;
pub mod morpion;
pub mod os;
pub mod othello;
pub mod puiss4;
pub mod testentry;
pub mod ui;

pub use os::Os;

/// Declares the program's entry point: `programs::entry!(main);` with `fn main(os: Os)`.
///
/// It exports the wasm function `ti_main`, which the 68000 start-up code calls once the linear
/// memory is set up, and hands `main` the [`Os`] token.
#[macro_export]
macro_rules! entry {
    ($main:path) => {
        /// The program's entry point, called by the 68000 start-up code.
        #[no_mangle]
        pub extern "C" fn ti_main() {
            let main: fn($crate::Os) = $main;
            main($crate::os::Os::take());
        }
    };
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    // Only for checking the crate on the host (cargo clippy): programs never run there.
    #[cfg(not(target_arch = "wasm32"))]
    loop {}
}
