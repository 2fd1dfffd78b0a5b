| crash: reads a word at an odd address, which raises a 68000 address error. The bench must
| report the run as a crash. A test fixture of emu-tests/tests/tiemu/tiemu_run.rs.
    .text
start:
    lea     0x1235.w,%a0
    move.w  (%a0),%d0               | address error
    rts
