/* The launcher of a program over 24 KB (docs/building.md#programs-over-24-kb).
 *
 * AMS 2.04 and later refuse to run an ASM program over 24 KB. A program built with the setting
 * `launcher = true` is written as two variables: this small ASM program, under the program's
 * name, and the program itself (its ASM image: code, data, an empty relocation table, tag 0xF3,
 * then its own relocations) inside a custom-data variable, its "body" (launch_format.h,
 * ti_build::launcher). Run like any program
 * (`folder\name()`, NG_execute), the launcher:
 *
 * 1. finds its own variable and folder by walking the VAT (SymFindFirst with FO_RECURSE) for
 *    the entry whose data holds the code running now; the body is looked for in that folder;
 * 2. on a TI-89 Titanium (bit 23 of the jump table's address: its ROM is at 0x800000) runs the
 *    body at its own address (in place or copied), when nothing protects RAM from execution
 *    (PedroM, or TI's OS with HW3Patch); else (HW1, HW2) moves its own execution into the "ghost space", the RAM's
 *    mirror at +0x40000 that HW2's execution protection does not watch, as GCC4TI's
 *    EXECUTE_IN_GHOST_SPACE does (on AMS 2 through the OS's own protection function, trap #11
 *    function 0xF, and with the "last executed program" moved to the end of RAM);
 * 3. inside an error frame (ER_catch): finds the body (SymFindPtr), checks its signature,
 *    version and sizes; runs it in place, its variable locked, when it is in RAM; else (an
 *    archived body) copies the whole variable into a block of its own (HeapAllocHigh: locked,
 *    at the top of the heap); relocates it for the address it runs at (the ghost address on
 *    HW1/HW2), writing base + target at base + location for each of its relocations (unsigned
 *    16-bit offsets, so a body may be as large as a variable, past the 32 KB an AMS relocation
 *    table reaches; writing, not adding, so a body relocated by an earlier run is relocated
 *    again correctly), then calls EX_patch on its empty AMS table (nothing for the OS to do); then calls it with
 *    d0 = W68K_LAUNCH_MAGIC, d1 = its complement and a0 = the launcher's own variable, so that
 *    the body (start.S) finds the folder and variables of the launcher as its own;
 * 4. frees the copy or unlocks the body, and passes on any error the body (or the OS while
 *    loading it) threw.
 *
 * Failures show a line on the status line and throw an AMS error, so that a program that runs
 * this one (the contest's arbiter) learns it failed: the body missing (850, "NAMEx missing: send
 * it with NAME"), not a body of this format or version (210), not enough memory for the copy
 * (670), an unpatched Titanium (580). The registers AMS expects back (d3-d7/a2-a6) are kept.
 * Every reference is PC-relative: the launcher needs no relocation.
 *
 * The build writes the body's name into the header (offset W68K_LAUNCHER_NAME) after linking.
 * What needs TI's OS (the 24 KB check, HW2's protection, the trap #11 path, the Titanium) is
 * not verified: docs/rom-calls.md#the-asm-size-limit. */
#include "rom.h"
#include "launch_format.h"

/* Local variables, below a6 (link). */
#define COPY     -2             /* the copy's handle (0: none) */
#define ERROR    -4             /* the error caught */
#define OWNBLOCK -8             /* the launcher's own variable (its size word) */
#define OWNNAME  -18            /* the launcher's name, NUL-terminated (10 bytes) */
#define FOLDER   -28            /* its folder, NUL-terminated (10 bytes; empty: not found) */
#define SYMSTR   -48            /* "\0folder\\body\0" (20 bytes) */
#define MESSAGE  -112           /* a status-line message (64 bytes) */
#define LOCKED   -114           /* the body's handle, locked to run in place (0: not locked) */
#define RELOCS   -118           /* bytes of the body's relocations (4 an entry) */
#define LOCALS   118

#define SF_FOLDER 0x0080
#define SF_ARCHIVED_BIT 9       /* SF_ARCHIVED, 0x0200 */
#define GHOST 0x40000

	.section .text.start,"ax",@progbits
	.globl	_start
_start:
	bra.w	launch
	.long	W68K_LAUNCHER_MARK		/* offset 4: "W68L", what the host tools look for */
	.word	W68K_LAUNCHER_VERSION		/* offset 8 */
body_name:					/* offset 10: written by the build */
	.byte	0,0,0,0,0,0,0,0,0,0

launch:
	movem.l	%d3-%d7/%a2-%a6,-(%sp)
	link	%a6,#-LOCALS
	move.l	(ROM_JUMP_TABLE_PTR).w,%a5
	clr.w	COPY(%a6)
	clr.w	LOCKED(%a6)
	clr.l	OWNBLOCK(%a6)			/* 0: not found, the body looks for itself */
	move.w	#0x3F00,OWNNAME(%a6)		/* "?" */
	clr.b	FOLDER(%a6)
	jbsr	find_self			/* OWNBLOCK, OWNNAME, FOLDER */

	move.l	%a5,%d0
	btst	#23,%d0
	jbeq	1f
	jbsr	titanium_may_run		/* throws when it may not */
	moveq	#0,%d7				/* the body runs where it is copied */
	jbra	2f
1:	jbsr	enter_ghost			/* we now run at +0x40000 */
	move.l	#GHOST,%d7			/* the body runs in the ghost space too */
2:
	lea	-ER_FRAME_BYTES(%sp),%sp
	pea	(%sp)
	move.l	ROM_ER_catch*4(%a5),%a0
	jsr	(%a0)				/* 0 now; the error number after a throw */
	addq.l	#4,%sp
	tst.w	%d0
	jbne	caught

	jbsr	run_body
	move.l	ROM_ER_success*4(%a5),%a0
	jsr	(%a0)
	moveq	#0,%d0
caught:
	move.w	%d0,ERROR(%a6)
	move.w	COPY(%a6),-(%sp)
	jbeq	3f
	move.l	ROM_HeapFree*4(%a5),%a0
	jsr	(%a0)
3:	addq.l	#2,%sp
	move.w	LOCKED(%a6),-(%sp)
	jbeq	5f
	move.l	ROM_HeapUnlock*4(%a5),%a0
	jsr	(%a0)
5:	addq.l	#2,%sp
	move.w	ERROR(%a6),-(%sp)
	jbeq	4f
	move.l	ROM_ER_throwVar*4(%a5),%a0	/* to our caller's frame, the copy freed */
	jsr	(%a0)
4:	addq.l	#2,%sp
	lea	ER_FRAME_BYTES(%sp),%sp
	unlk	%a6
	movem.l	(%sp)+,%d3-%d7/%a2-%a6
	rts

/* Finds, checks, copies, relocates and calls the body (inside the error frame). */
run_body:
	/* SymFindPtr("folder\\body") (just "body", the current folder, if ours is unknown) */
	lea	SYMSTR(%a6),%a1
	clr.b	(%a1)+
	lea	FOLDER(%a6),%a0
	tst.b	(%a0)
	jbeq	2f
1:	move.b	(%a0)+,(%a1)+
	jbne	1b
	move.b	#'\\',-1(%a1)
2:	lea	body_name(%pc),%a0
	moveq	#7,%d0
3:	move.b	(%a0)+,(%a1)+
	dbeq	%d0,3b
	jbeq	4f				/* a1 is past the zero */
	clr.b	(%a1)+				/* 8 characters: add the zero */
4:	subq.l	#1,%a1				/* the zero: the SYM_STR */
	clr.w	-(%sp)
	pea	(%a1)
	move.l	ROM_SymFindPtr*4(%a5),%a0
	jsr	(%a0)
	addq.l	#6,%sp
	move.l	%a0,%d0
	jbeq	missing
	move.w	10(%a0),%d3			/* its flags */
	move.w	12(%a0),%d6			/* its handle */
	jbeq	missing
	jbsr	deref_d6			/* a0: the size word */
	move.l	%a0,%d0
	btst	#0,%d0
	jbne	bad_format			/* data is always even on AMS */
	moveq	#0,%d5
	move.w	(%a0)+,%d5			/* the variable's size */
	cmpi.w	#W68K_BODY_HEADER+W68K_BODY_TRAILER+5,%d5
	jbcs	bad_format
	cmpi.b	#0xF8,-1(%a0,%d5.l)		/* custom data */
	jbne	bad_format
	cmpi.l	#W68K_BODY_SIGNATURE,(%a0)
	jbne	bad_format
	cmpi.w	#W68K_BODY_VERSION,W68K_BODY_VERSION_AT(%a0)
	jbne	bad_format
	moveq	#0,%d4
	move.w	W68K_BODY_ASM_LEN_AT(%a0),%d4	/* bytes of the ASM image */
	move.l	%d5,%d0				/* what follows it: its relocations, */
	sub.l	%d4,%d0				/* after a zero byte when its length is odd */
	subi.l	#W68K_BODY_HEADER+W68K_BODY_TRAILER,%d0
	jbcs	bad_format
	btst	#0,%d4
	jbeq	1f
	subq.l	#1,%d0
	jbcs	bad_format
1:	moveq	#3,%d1
	and.w	%d0,%d1
	jbne	bad_format
	move.l	%d0,RELOCS(%a6)
	cmpi.b	#0xF3,W68K_BODY_HEADER-1(%a0,%d4.l)	/* the image's tag */
	jbne	bad_format
	tst.b	W68K_BODY_HEADER-3(%a0,%d4.l)	/* its AMS table: empty */
	jbne	bad_format
	tst.b	W68K_BODY_HEADER-2(%a0,%d4.l)
	jbne	bad_format

	/* In place when the body is in RAM (not archived): its variable locked where it is, as
	 * the OS runs a program; a copy otherwise. The body zeroes its .bss at each start
	 * (start.S), so nothing of a run is left for the next. */
	btst	#SF_ARCHIVED_BIT,%d3
	jbne	copy
	cmpa.l	#GHOST,%a0
	jbcc	copy
	move.w	%d6,-(%sp)
	move.l	ROM_HeapGetLock*4(%a5),%a0
	jsr	(%a0)
	tst.w	%d0
	jbne	6f				/* locked already (by its owner): left so */
	move.l	ROM_HeapLock*4(%a5),%a0
	jsr	(%a0)
	move.w	%d6,LOCKED(%a6)
6:	addq.l	#2,%sp
	jbsr	deref_d6
	move.l	%a0,%a2				/* the body, where it is */
	jbra	patch

copy:
	/* The copy: the whole variable, size word included, in longs. */
	addq.l	#2+3,%d5
	lsr.l	#2,%d5				/* longs */
	move.l	%d5,%d0
	lsl.l	#2,%d0
	move.l	%d0,-(%sp)
	move.l	ROM_HeapAllocHigh*4(%a5),%a0	/* locked; the heap compressed first */
	jsr	(%a0)
	addq.l	#4,%sp
	move.w	%d0,COPY(%a6)
	jbeq	no_memory
	move.w	%d0,-(%sp)
	move.l	ROM_HeapDeref*4(%a5),%a0
	jsr	(%a0)
	addq.l	#2,%sp
	move.l	%a0,%a2				/* the copy */
	jbsr	deref_d6			/* the body again: the compression may have moved it */
	move.l	%a2,%a1
	subq.w	#1,%d5
5:	move.l	(%a0)+,(%a1)+
	dbra	%d5,5b

	/* The body's relocations for where it runs: base + target at base + location, each. */
patch:
	lea	2+W68K_BODY_HEADER(%a2,%d7.l),%a3	/* base */
	move.l	%d4,%d0
	addq.l	#1,%d0
	bclr	#0,%d0				/* the image, to an even length */
	lea	(%a3,%d0.l),%a0			/* the relocations */
	move.l	RELOCS(%a6),%d0
	lsr.l	#2,%d0				/* entries: at most 16,383 */
	jbra	2f
1:	moveq	#0,%d1
	move.w	(%a0)+,%d1			/* location */
	moveq	#0,%d2
	move.w	(%a0)+,%d2			/* target */
	add.l	%a3,%d2
	move.l	%d2,(%a3,%d1.l)
2:	dbra	%d0,1b
	/* EX_patch(base, tag) on the image's empty table: nothing for the OS to patch (it tells
	 * an emulator where the program is), then the call */
	pea	-1(%a3,%d4.l)			/* tag */
	pea	(%a3)
	move.l	ROM_EX_patch*4(%a5),%a0
	jsr	(%a0)
	addq.l	#8,%sp
	move.l	#W68K_LAUNCH_MAGIC,%d0
	move.l	%d0,%d1
	not.l	%d1
	move.l	OWNBLOCK(%a6),%a0
	jsr	(%a3)				/* keeps d3-d7/a2-a6 */
	rts

missing:
	lea	text_missing(%pc),%a1
	move.w	#W68K_ERR_MISSING,%d3
	jbra	fail
bad_format:
	lea	text_format(%pc),%a1
	move.w	#W68K_ERR_FORMAT,%d3
	jbra	fail
no_memory:
	lea	text_memory(%pc),%a1
	move.w	#W68K_ERR_MEMORY,%d3

/* Shows the text at a1 (say) and throws the AMS error d3. */
fail:
	jbsr	say
	move.w	%d3,-(%sp)
	move.l	ROM_ER_throwVar*4(%a5),%a0
	jsr	(%a0)

/* a0 = HeapDeref(d6) */
deref_d6:
	move.w	%d6,-(%sp)
	move.l	ROM_HeapDeref*4(%a5),%a0
	jsr	(%a0)
	addq.l	#2,%sp
	rts

/* Shows the text at a1 on the status line, \1 standing for the body's name and \2 for the
 * launcher's. */
say:
	lea	MESSAGE(%a6),%a2
1:	move.b	(%a1)+,%d0
	jbeq	4f
	lea	body_name(%pc),%a0
	cmpi.b	#1,%d0
	jbeq	2f
	lea	OWNNAME(%a6),%a0
	cmpi.b	#2,%d0
	jbeq	2f
	move.b	%d0,(%a2)+
	jbra	1b
2:	moveq	#7,%d1
3:	move.b	(%a0)+,(%a2)+
	dbeq	%d1,3b
	tst.b	-1(%a2)
	jbne	1b
	subq.l	#1,%a2
	jbra	1b
4:	clr.b	(%a2)
	pea	MESSAGE(%a6)
	move.l	ROM_ST_helpMsg*4(%a5),%a0
	jsr	(%a0)
	addq.l	#4,%sp
	rts

/* Walks every folder and variable for the entry whose data holds this code: its data address
 * (OWNBLOCK), name (OWNNAME) and folder (FOLDER, the last folder entry listed before it). */
find_self:
	lea	_start(%pc),%a0
	move.l	%a0,%d4
	andi.l	#0x3FFFF,%d4			/* where it is in RAM, even from the ghost space */
	move.w	#FO_RECURSE,-(%sp)
	clr.l	-(%sp)
	move.l	ROM_SymFindFirst*4(%a5),%a0
	jsr	(%a0)
	addq.l	#6,%sp
1:	move.l	%a0,%d0
	jbeq	9f
	move.l	%a0,%a3
	lea	FOLDER(%a6),%a1
	btst	#7,11(%a3)			/* SF_FOLDER (flags' low byte) */
	jbne	4f
	move.w	12(%a3),%d6
	jbeq	8f
	jbsr	deref_d6
	cmp.l	%d4,%a0
	jbhi	8f				/* it starts after us */
	moveq	#0,%d0
	move.w	(%a0),%d0
	lea	2(%a0,%d0.l),%a1
	cmp.l	%d4,%a1
	jbls	8f				/* it ends before us */
	move.l	%a0,OWNBLOCK(%a6)
	lea	OWNNAME(%a6),%a1
4:	moveq	#7,%d0				/* copy the entry's name (8 bytes, NUL padded) */
	move.l	%a3,%a0
5:	move.b	(%a0)+,(%a1)+
	dbra	%d0,5b
	clr.b	(%a1)
	btst	#7,11(%a3)
	jbeq	9f				/* our own entry: done */
8:	move.l	ROM_SymFindNext*4(%a5),%a0
	jsr	(%a0)
	jbra	1b
9:	rts

/* On a Titanium: returns when RAM may run code (PedroM, whose vector 12 holds 'RO'; HW3Patch in
 * ROM, found as GCC4TI's EXECUTE_IN_GHOST_SPACE finds it, at EX_stoBCD + 92; or HW3Patch in RAM,
 * 0x100 in the trap #11 vector); else says so and throws. */
titanium_may_run:
	cmpi.w	#0x524F,(0x32).w
	jbeq	1f
	move.l	ROM_EX_stoBCD*4(%a5),%a0
	tst.w	92(%a0)
	jbeq	1f
	cmpi.l	#0x100,(0xAC).w
	jbeq	1f
	lea	text_titanium(%pc),%a1
	move.w	#W68K_ERR_TITANIUM,%d3
	jbra	fail
1:	rts

/* Returns to the caller at its return address + 0x40000 (the ghost space). On AMS 1 (and
 * PedroM, which reports fewer than 1000 ROM calls) a plain jump; on AMS 2, whose protection
 * also watches jumps into the ghost space, through the OS's protection function (trap #11,
 * function 0xF, entered from supervisor mode with a3 = 0x3E000 and two longs of the ROM base +
 * 0x20000 on the user stack), then with AMS's "last executed program" moved to 0x3F000 so that
 * the auto power-down finds nothing to protect: both exactly as GCC4TI's
 * EXECUTE_IN_GHOST_SPACE (archive/startup/_execute_in_ghost_space.s). */
enter_ghost:
	cmpi.l	#GHOST,(%sp)
	jbcc	9f				/* already there */
	cmpi.l	#1000,-4(%a5)
	jbcs	8f
	movem.l	%d3-%d7/%a2-%a6,-(%sp)
	lea	-20(%sp),%sp
	move.l	#0x3E000,%a3
	move.l	%a5,%d0
	andi.l	#0xE00000,%d0
	addi.l	#0x20000,%d0
	move.l	%d0,12(%sp)
	move.l	%d0,16(%sp)
	trap	#12				/* supervisor mode */
	move.w	#0x2700,%sr
	moveq	#0xF,%d3
	pea	1f(%pc)
	bset.b	#2,1(%sp)			/* the return PC + 0x40000 */
	clr.w	-(%sp)				/* the SR: user mode */
	move.l	(0xAC).w,%a0
	jmp	(%a0)
1:	lea	20(%sp),%sp
	movem.l	(%sp)+,%d3-%d7/%a2-%a6
	/* The "last executed program": GCC4TI finds it after the stack fence 0xDEADDEAD that AMS 2's
	 * start-up code sets, between the ROM base + 0x12000 and + 0x18000. Not on PedroM; nothing is
	 * written unless the fence is found and the pointer is a short address in RAM. */
	cmpi.w	#0x524F,(0x32).w
	jbeq	8f
	move.l	%a5,%d0
	andi.l	#0xE00000,%d0
	addi.l	#0x12000,%d0
	move.l	%d0,%a0
	move.w	#0xDEAD,%d2			/* the fence, a word at a time (18 cycles a word) */
	move.w	#0x3000-1,%d1
2:	cmp.w	(%a0)+,%d2
	dbeq	%d1,2b
	jbne	8f				/* not found */
	cmp.w	(%a0),%d2			/* its second word? */
	dbeq	%d1,2b
	jbne	8f
	subq.l	#2,%a0				/* the fence's address */
3:	tst.w	4(%a0)
	jbne	4f
	addq.l	#4,%a0
4:	move.w	8(%a0),%d0
	jbmi	8f
	btst	#0,%d0
	jbne	8f
	move.w	%d0,%a0
	move.l	#0x3F000,(%a0)
8:	bset.b	#2,1(%sp)
9:	rts

/* Status-line texts: \1 the body's name, \2 the launcher's. Data, out of the code the 68000-only
 * check reads. */
	.section .rodata.launcher,"a",@progbits
text_missing:	.asciz	"\1 missing: send it with \2"
text_format:	.asciz	"\1 is not a body for \2: send it again"
text_memory:	.asciz	"\2: not enough memory"
text_titanium:	.asciz	"\2: this Titanium needs HW3Patch"
	.even
