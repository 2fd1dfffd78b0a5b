| helper.s: plain GNU assembler (no preprocessor) for bridge.c. The build defines every ROM
| call of the project's table as a symbol ROM_<name> (its jump-table index).
|
| long helper_draw(long x, long y, const char *text): called from C with GCC's convention
| (arguments in 4-byte slots at 4(sp), 8(sp), 12(sp)); calls DrawStr(x, y, text, A_NORMAL)
| the AMS way: right to left, shorts as 2-byte words. Returns x + y in d0. d3-d7/a2-a6 kept.
	.text
	.globl	helper_draw
helper_draw:
	move.l	%a2,-(%sp)
	move.w	#1,-(%sp)		| attr: A_NORMAL
	move.l	18(%sp),-(%sp)		| text (was 12(sp): +4 a2, +2 attr)
	move.w	20(%sp),-(%sp)		| y: the low word of its slot (was 8(sp), +4 +2 +4)
	move.w	18(%sp),-(%sp)		| x: the low word of its slot (was 4(sp), +4 +2 +4 +2)
	move.l	0xC8.w,%a2
	move.l	ROM_DrawStr*4(%a2),%a2
	jsr	(%a2)
	lea	10(%sp),%sp
	move.l	8(%sp),%d0
	add.l	12(%sp),%d0
	move.l	(%sp)+,%a2
	rts
