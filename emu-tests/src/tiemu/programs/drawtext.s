| drawtext: the bench's reference renderer for the text oracle (emu-tests/src/tiemu/text.rs).
| Clears the screen, draws the NUL-terminated text that the bench appends after this code in
| each system font (F_4x6 at y=0, F_6x8 at y=12, F_8x10 at y=28; x=0, A_NORMAL), restores the
| font, and waits for a key, so that the bench can take the screenshot before the OS draws
| anything over it. Position-independent, no relocations; the bench appends the text at `text`.
|
| ROM calls through the jump table at 0xC8 (docs/rom-calls.md#resolution-through-the-jump-table):
| ClrScr, FontSetSys, DrawStr, ngetchx. Their ROM_<name> indexes are not written here: the
| assembler gets them from the project's table of ROM calls (crate::fixture::assemble_str, which
| passes --defsym ROM_<name>=<index> for every call of ti_build::rom_calls), and the test
| drawtext_code_matches_its_source re-assembles this file and compares with DRAWTEXT_CODE.

    .text
start:
    movem.l %d3-%d4/%a2-%a3,-(%sp)
    move.l  0xC8.w,%a2              | jump table
    move.l  ROM_ClrScr*4(%a2),%a0   | ClrScr()
    jsr     (%a0)
    lea     rows(%pc),%a3
    moveq   #-1,%d4                 | previous font, not yet known
    moveq   #0,%d3                  | font 0, 1, 2
draw:
    move.w  %d3,-(%sp)
    move.l  ROM_FontSetSys*4(%a2),%a0 | FontSetSys(font), returns the previous font
    jsr     (%a0)
    addq.l  #2,%sp
    tst.w   %d4
    bpl.s   1f
    moveq   #0,%d4
    move.b  %d0,%d4                 | remember the font in use before the first change
1:
    move.w  #1,-(%sp)               | A_NORMAL
    pea     text(%pc)
    move.w  (%a3)+,-(%sp)           | y
    clr.w   -(%sp)                  | x = 0
    move.l  ROM_DrawStr*4(%a2),%a0  | DrawStr(x, y, text, attr)
    jsr     (%a0)
    lea     10(%sp),%sp
    addq.w  #1,%d3
    cmp.w   #3,%d3
    blt.s   draw
    move.w  %d4,-(%sp)
    move.l  ROM_FontSetSys*4(%a2),%a0 | FontSetSys(previous)
    jsr     (%a0)
    addq.l  #2,%sp
    move.l  ROM_ngetchx*4(%a2),%a0  | ngetchx()
    jsr     (%a0)
    movem.l (%sp)+,%d3-%d4/%a2-%a3
    rts
rows:
    .word   0, 12, 28
text:
