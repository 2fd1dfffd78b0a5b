| illegal: executes the ILLEGAL instruction (opcode 0x4AFC), which raises the 68000's
| illegal-instruction exception. The bench must report the run as a crash. A test fixture of
| emu-tests/tests/tiemu/tiemu_run.rs.
    .text
start:
    illegal
    rts
