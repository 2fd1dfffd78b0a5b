| A contest AI in 68000 assembly, written by hand as a user of TIGCC's assembler would, and
| packaged as a .89z by the tests (not built by `ti68k build`): it names itself "centre" and
| plays the column nearest the centre that is not full (4, 3, 5, 2, 6, 1, 7). It talks through
| `colonne` and `nom` of the current folder (the AI's folder, which the arbiter makes current)
| and keeps the heights of the seven columns between calls in the string `hauteurs` of that
| folder (seven digits), deleted at the end of the game.
|
| colonne -1: the naming call of AI 2 (nom = "centre", colonne left -1); 0: AI 1 names itself
| and plays; 1..7: the opponent's last column, answer with ours; 8, 9, 10: the game is over.
| A missing `colonne` or `hauteurs` in the middle of a game, or no free column, raises AMS
| error 960 (undefined variable) or 40 (argument error), so that the arbiter disqualifies it
| instead of reading a stale answer.
        .text
        .globl  _start
_start:
        movem.l d3-d4/a2-a4,-(sp)
        subq.l  #8,sp                   | the heights: 7 digits and a zero
        move.l  sp,a4
        clr.b   7(a4)
        move.l  0xC8,a2
        move.l  ROM_top_estack*4(a2),a3 | a3 = &top_estack
        move.l  (a3),d4                 | kept: restored after every push
        pea     sym_colonne
        bsr     find                    | a0 = the data of colonne, or 0
        move.l  a0,d0
        beq     undefined
        moveq   #0,d0
        move.w  (a0),d0
        lea     1(a0,d0.l),a0           | its tag
        subq.l  #2,sp
        pea     (sp)
        pea     (a0)
        move.l  ROM_estack_to_short*4(a2),a0
        jsr     (a0)
        addq.l  #8,sp
        move.w  (sp)+,d3                | d3 = colonne
        cmp.w   #8,d3
        bge     game_over
        tst.w   d3
        bgt.s   opponent_moved
        | A new game: no stone anywhere; give the name.
        move.l  #0x30303030,(a4)
        move.l  #0x30303000,4(a4)
        pea     text_name
        move.l  ROM_push_zstr*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        pea     sym_nom
        bsr     store_top
        tst.w   d3
        bmi.s   save                    | -1: naming only
        bra.s   choose
opponent_moved:
        cmp.w   #7,d3
        bgt     bad_argument
        pea     sym_hauteurs
        bsr     find                    | the heights kept by the last call
        move.l  a0,d0
        beq     undefined
        moveq   #6,d0
1:      move.b  3(a0,d0.w),0(a4,d0.w)   | size word, leading zero, then the digits
        dbra    d0,1b
        addq.b  #1,-1(a4,d3.w)          | the opponent's stone
choose:
        lea     order,a0
        moveq   #6,d1
2:      moveq   #0,d0
        move.b  (a0)+,d0
        cmp.b   #0x36,-1(a4,d0.w)       | '6': full
        blt.s   3f
        dbra    d1,2b
        bra     bad_argument            | no free column: the game should be over
3:      addq.b  #1,-1(a4,d0.w)          | our stone
        move.l  d0,-(sp)
        move.l  ROM_push_long_to_integer*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        pea     sym_colonne
        bsr     store_top
save:
        pea     (a4)
        move.l  ROM_push_zstr*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        pea     sym_hauteurs
        bsr     store_top
        bra.s   done
game_over:
        pea     sym_hauteurs
        move.l  ROM_SymDel*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
done:
        addq.l  #8,sp
        movem.l (sp)+,d3-d4/a2-a4
        rts

undefined:
        move.w  #960,-(sp)
        bra.s   throw
bad_argument:
        move.w  #40,-(sp)
throw:
        move.l  ROM_ER_throwVar*4(a2),a0
        jsr     (a0)                    | never returns

| find(SYM_STR name): a0 = HeapDeref of the variable's handle, or 0 when it does not exist;
| pops its argument.
find:
        clr.w   -(sp)
        move.l  6(sp),-(sp)             | the name (2 bytes pushed + return address)
        move.l  ROM_SymFindPtr*4(a2),a0
        jsr     (a0)
        addq.l  #6,sp
        move.l  a0,d0
        beq.s   1f
        move.w  12(a0),-(sp)            | the entry's handle
        move.l  ROM_HeapDeref*4(a2),a0
        jsr     (a0)
        addq.l  #2,sp
1:      move.l  (sp)+,a1                | return address
        addq.l  #4,sp                   | the argument
        jmp     (a1)

| store_top(SYM_STR name): VarStore(name, STOF_ESI, 0, top_estack), then top_estack as it was
| when the program started; pops its argument.
store_top:
        move.l  (a3),-(sp)
        clr.w   -(sp)
        move.w  #0x4000,-(sp)
        move.l  12(sp),-(sp)            | the name (8 bytes pushed + return address)
        move.l  ROM_VarStore*4(a2),a0
        jsr     (a0)
        lea     12(sp),sp
        move.l  d4,(a3)
        move.l  (sp)+,a1                | return address
        addq.l  #4,sp                   | the argument
        jmp     (a1)

        .section .rodata
order:
        .byte   4, 3, 5, 2, 6, 1, 7
        .byte   0
        .ascii  "colonne"
sym_colonne:
        .byte   0
        .byte   0
        .ascii  "nom"
sym_nom:
        .byte   0
        .byte   0
        .ascii  "hauteurs"
sym_hauteurs:
        .byte   0
text_name:
        .asciz  "centre"
