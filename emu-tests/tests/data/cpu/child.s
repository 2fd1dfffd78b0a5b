| A nostub program that talks through variables of the current folder, as a contest AI
| does: it reads `colonne` (an integer v); if v < 0 it throws AMS error -v; else it stores
| colonne = v + 1 + (its first argument, if that is an integer) and nom = "child", with
| VarStore from the estack, restoring top_estack after each. Its names are reached through
| absolute addresses, so the program has relocations that EX_patch must apply.
        .text
        .globl  _start
_start:
        movem.l d3-d4/a2-a3,-(sp)
        move.l  0xC8,a2
        move.l  ROM_top_estack*4(a2),a3 | a3 = &top_estack
        moveq   #0,d3
        move.l  (a3),a0                 | the first argument, if any
        cmp.b   #0x1F,(a0)              | POSINT_TAG
        bne.s   1f
        bsr     to_short                | d0 = its value
        move.w  d0,d3                   | d3 = the argument
1:      clr.w   -(sp)
        pea     sym_colonne             | absolute: a relocation
        move.l  ROM_SymFindPtr*4(a2),a0 | SymFindPtr(SYMSTR("colonne"), 0)
        jsr     (a0)
        addq.l  #6,sp
        cmp.l   #0,a0
        beq     done
        move.w  12(a0),-(sp)
        move.l  ROM_HeapDeref*4(a2),a0  | HeapDeref(entry->handle)
        jsr     (a0)
        addq.l  #2,sp
        moveq   #0,d0
        move.w  (a0),d0
        lea     1(a0,d0.l),a0           | the tag: MULTI_EXPR + 2 + size - 1
        bsr     to_short
        tst.w   d0
        bge.s   2f
        neg.w   d0
        move.w  d0,-(sp)
        move.l  ROM_ER_throwVar*4(a2),a0 | ER_throwVar(-v)
        jsr     (a0)
2:      add.w   d0,d3
        addq.w  #1,d3                   | v + 1 + argument
        move.l  (a3),d4                 | save top_estack
        ext.l   d3
        move.l  d3,-(sp)
        move.l  ROM_push_long_to_integer*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        pea     sym_colonne
        bsr     store_top
        move.l  d4,(a3)                 | restore top_estack
        pea     text_child
        move.l  ROM_push_zstr*4(a2),a0  | push_zstr("child")
        jsr     (a0)
        addq.l  #4,sp
        pea     sym_nom
        bsr     store_top
        move.l  d4,(a3)
done:   movem.l (sp)+,d3-d4/a2-a3
        rts

| store_top(SYM_STR name): VarStore(name, STOF_ESI, 0, top_estack); pops its argument.
store_top:
        move.l  (a3),-(sp)
        clr.w   -(sp)
        move.w  #0x4000,-(sp)
        move.l  12(sp),-(sp)            | the name (8 bytes pushed + return address)
        move.l  ROM_VarStore*4(a2),a0
        jsr     (a0)
        lea     12(sp),sp
        move.l  (sp)+,a0                | return address
        addq.l  #4,sp                   | the argument
        jmp     (a0)

| d0 = estack_to_short(a0): the value of the integer whose tag a0 points at.
to_short:
        subq.l  #2,sp
        pea     (sp)
        pea     (a0)
        move.l  ROM_estack_to_short*4(a2),a0
        jsr     (a0)
        addq.l  #8,sp
        move.w  (sp)+,d0
        rts

        .section .rodata
        .byte   0
        .ascii  "colonne"
sym_colonne:
        .byte   0
        .byte   0
        .ascii  "nom"
sym_nom:
        .byte   0
text_child:
        .asciz  "child"
