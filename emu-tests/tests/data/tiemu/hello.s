| hello: draws "HELLO FROM TIEMU" with DrawStr (a ROM call through the jump table at 0xC8;
| docs/rom-calls.md#resolution-through-the-jump-table) at (4, 50) in the current font, and
| returns to the OS. A test fixture of emu-tests/tests/tiemu/tiemu_run.rs, assembled there by
| emu_tests::fixture::assemble_str, which defines ROM_DrawStr and the other ROM_<name> indexes
| from the project's table of ROM calls (ti_build::rom_calls).
    .text
start:
    move.l  0xC8.w,%a0              | jump table
    move.w  #1,-(%sp)               | A_NORMAL
    pea     message(%pc)
    move.w  #50,-(%sp)              | y
    move.w  #4,-(%sp)               | x
    move.l  ROM_DrawStr*4(%a0),%a0  | DrawStr(x, y, text, attr)
    jsr     (%a0)
    lea     10(%sp),%sp
    rts
message:
    .asciz  "HELLO FROM TIEMU"
    .even
