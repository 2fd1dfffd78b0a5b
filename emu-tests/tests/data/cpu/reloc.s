| Absolute references that need the AMS relocation table: an abs.l load of a pointer
| stored in .data (itself relocated), and abs.l accesses to a counter in .data.
        .text
        .globl  _start
_start:
        moveq   #0,d0
        rts

| long table_sum(void): the sum of the four longs of `table`, reached through `table_ptr`.
        .globl  table_sum
table_sum:
        move.l  table_ptr,a0
        moveq   #3,d1
        moveq   #0,d0
1:      add.l   (a0)+,d0
        dbra    d1,1b
        rts

| long bump(void): adds 1 to the counter in .data and returns it.
        .globl  bump
bump:
        addq.l  #1,counter
        move.l  counter,d0
        rts

        .section .rodata
        .even
table:  .long   1000, 200, 30, 4

        .data
        .even
table_ptr:
        .long   table
counter:
        .long   0
