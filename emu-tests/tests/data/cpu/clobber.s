| A nostub program that breaks AMS's calling convention: it returns with d3 changed.
        .text
        .globl  _start
_start:
        moveq   #7,d3
        rts
