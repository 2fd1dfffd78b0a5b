/* bridge.c: a TIGCC-style C program that calls ROM functions with every kind of parameter the
 * calling-convention bridge of tigcclib.h handles (docs/c-programs.md): 2-byte shorts and
 * chars, 4-byte pointers and longs, a 4-byte struct (HSym) passed and returned, a variadic
 * call, a ROM variable read and written, and a function of assembler (helper.s) called from C.
 * emu-tests/tests/user_programs.rs checks every call as the emulator received it. */
#include <tigcclib.h>

/* helper.s: draws `text` at (x, y) with DrawStr, the AMS way (2-byte words on the stack);
 * called with GCC's convention (4-byte slots). Returns x + y. */
long helper_draw(long x, long y, const char *text);

/* Zeroed at every run (start.S): counts runs within one run only. */
static short runs;

void _main(void) {
  HSym sym;
  SYM_ENTRY *entry;
  const unsigned char *data;
  ESI before;
  short previous;

  runs++;
  ClrScr();
  previous = FontSetSys(F_8x10);
  DrawStr(10, 20, "hello", A_XOR);
  FontSetSys(previous);
  DrawChar(30, 40, 'Z', A_NORMAL);
  DrawLine(1, 2, 3, 4, A_NORMAL);

  /* nom = "c"; then read it back through SymFind (HSym returned in d0) and DerefSym (HSym
   * passed by value). */
  before = top_estack;
  push_zstr("c");
  VarStore(SYMSTR("nom"), STOF_ESI, 0, top_estack);
  top_estack = before;
  sym = SymFind(SYMSTR("nom"));
  if (!sym.folder) ER_throw(ER_UNDEFINED_VAR);
  entry = DerefSym(sym);
  data = HeapDeref(entry->handle);
  /* 00 04 00 'c' 00 2D: the size word, then the string. */
  if (data[1] != 4 || data[3] != 'c' || data[5] != STR_TAG) ER_throw(ER_DATATYPE);

  /* The font now (back to the one before) and the run count, drawn by the assembler. */
  {
    char line[6] = "f0 r0";
    line[1] = (char)('0' + FontGetSys());
    line[4] = (char)('0' + runs);
    if (helper_draw(50, 60, line) != 110) ER_throw(ER_ARGUMENT);
  }
}
