/* joueur.c: a Connect Four AI for the contest, written in C the TIGCC way (docs/c-programs.md).
 *
 * The arbiter runs joueur() in the AI's folder for each of its moves, with the protocol in the
 * variables colonne and nom of that folder (docs/requirements.md#the-colonne-and-nom-protocol):
 *
 *   colonne -1, nom 1 or 2 (the model)   a new game, this AI plays second: give the name
 *   colonne  0, nom 1 or 2               a new game, this AI plays first: the name and a move
 *   colonne 1..7                         the opponent played there: answer with a move
 *   colonne 8, 9 or 10                   the game is over (won, lost, drawn): forget it
 *
 * The AI answers in the same variables: its name in nom, its column (1..7) in colonne. Between
 * calls it keeps the game in the string variable etat of its folder: 'O' or 'X' (its side),
 * then the columns played so far. An impossible call (values that make no sense, etat lost in
 * the middle of a game) raises an AMS error, so that the arbiter disqualifies the AI instead of
 * reading a stale colonne.
 *
 * It plays: a column that wins at once; else one that stops the opponent winning at once;
 * else the most central column that does not give the opponent a winning square above it;
 * else the most central legal column.
 *
 * Built with `ti68k build joueur.c` (or as the program cjoueur of the toolkit); the name is
 * NAME below. */
#include "tigcclib.h"

#define NAME "cjoueur"

#define WIDTH 7
#define HEIGHT 6
#define EMPTY 0
#define MINE 1
#define THEIRS 2

/* The board, cell[col][row] with row 0 at the bottom, and the height of each column. Global
 * data is zeroed at every run of the program (start.S). */
static unsigned char cell[WIDTH][HEIGHT];
static unsigned char height[WIDTH];

/* The columns from the centre out (0-based). */
static const unsigned char centre_first[WIDTH] = {3, 2, 4, 1, 5, 0, 6};

/* The last byte (the tag) of variable `name`'s data, or NULL when there is no such
 * variable. */
static const unsigned char *value_of(SYM_STR name) {
  SYM_ENTRY *entry = SymFindPtr(name, 0);
  const unsigned char *data;
  if (!entry || !entry->handle) return NULL;
  data = HeapDeref(entry->handle);
  return data + 1 + ((data[0] << 8) | data[1]);
}

/* The integer whose tag is at `tag` into *out (at most 2 magnitude bytes): 1 if it is one. */
static short read_int(const unsigned char *tag, short *out) {
  unsigned char count;
  short value = 0;
  if (!tag || (*tag != POSINT_TAG && *tag != NEGINT_TAG)) return 0;
  count = tag[-1];
  if (count > 2) return 0;
  if (count == 2) value = (short)((tag[-2] << 8) | tag[-3]);
  if (count == 1) value = tag[-2];
  *out = *tag == NEGINT_TAG ? (short)-value : value;
  return 1;
}

/* Stores the expression just pushed on the estack into `name`, then drops it. */
static void store_pushed(SYM_STR name, ESI before) {
  VarStore(name, STOF_ESI, 0, top_estack);
  top_estack = before;
}

/* colonne = a whole number from 1 to 7. */
static void store_column(short column) {
  ESI before = top_estack;
  push_quantum((unsigned char)column);
  push_quantum(1);
  push_quantum(POSINT_TAG);
  store_pushed(SYMSTR("colonne"), before);
}

static void store_string(SYM_STR name, const char *text) {
  ESI before = top_estack;
  push_zstr(text);
  store_pushed(name, before);
}

/* Whether a stone of `who` at column `col`, row `row` would make four in a row. */
static short makes_four(unsigned char who, short col, short row) {
  static const signed char dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  short d;
  for (d = 0; d < 4; d++) {
    short run = 1, side;
    for (side = -1; side <= 1; side += 2) {
      short c = col + side * dirs[d][0], r = row + side * dirs[d][1];
      while (c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT && cell[c][r] == who) {
        run++;
        c += side * dirs[d][0];
        r += side * dirs[d][1];
      }
    }
    if (run >= 4) return 1;
  }
  return 0;
}

static short can_play(short col) { return col >= 0 && col < WIDTH && height[col] < HEIGHT; }

static void play(short col, unsigned char who) { cell[col][height[col]++] = who; }

/* The column (0-based) this AI plays (see the top of the file). */
static short choose(void) {
  short i, c;
  for (i = 0; i < WIDTH; i++) {
    c = centre_first[i];
    if (can_play(c) && makes_four(MINE, c, height[c])) return c;
  }
  for (i = 0; i < WIDTH; i++) {
    c = centre_first[i];
    if (can_play(c) && makes_four(THEIRS, c, height[c])) return c;
  }
  for (i = 0; i < WIDTH; i++) {
    c = centre_first[i];
    if (can_play(c) && !(height[c] + 1 < HEIGHT && makes_four(THEIRS, c, height[c] + 1)))
      return c;
  }
  for (i = 0; i < WIDTH; i++) {
    c = centre_first[i];
    if (can_play(c)) return c;
  }
  ER_throw(ER_ARGUMENT); /* a full board: the arbiter never asks */
  return 0;
}

/* Saves the side and the moves as the string etat: "O4453" (this AI moved first) or "X...". */
static void save(char side, const char *moves, short count, short last) {
  char text[2 + WIDTH * HEIGHT + 1];
  short i;
  text[0] = side;
  for (i = 0; i < count; i++) text[1 + i] = moves[i];
  text[1 + count] = (char)('1' + last);
  text[2 + count] = 0;
  store_string(SYMSTR("etat"), text);
}

void _main(void) {
  const unsigned char *state;
  char moves[WIDTH * HEIGHT];
  short colonne, count = 0, col, i;
  char side;

  if (!read_int(value_of(SYMSTR("colonne")), &colonne)) ER_throw(ER_ARGUMENT);
  if (colonne >= 8 && colonne <= 10) {
    SymDel(SYMSTR("etat")); /* the game is over */
    return;
  }
  if (colonne == -1 || colonne == 0) {
    store_string(SYMSTR("nom"), NAME);
    if (colonne == -1) {
      store_string(SYMSTR("etat"), "X");
      return;
    }
    col = choose();
    save('O', "", 0, col);
    store_column(col + 1);
    return;
  }
  if (colonne < 1 || colonne > 7) ER_throw(ER_ARGUMENT);
  /* The game so far, from etat: 00 side moves... 00 2D. */
  state = value_of(SYMSTR("etat"));
  if (!state || *state != STR_TAG) ER_throw(ER_UNDEFINED_VAR);
  {
    const unsigned char *end = state - 1, *start = end - 1;
    while (*start) start--;
    start++;
    if (start == end || (*start != 'O' && *start != 'X')) ER_throw(ER_ARGUMENT);
    side = (char)*start;
    for (i = 1; start + i < end; i++) moves[count++] = (char)start[i];
  }
  /* Replay: the first mover's stones are MINE when this AI is 'O'. */
  for (i = 0; i < count; i++) {
    unsigned char who = (unsigned char)((i % 2 == 0) == (side == 'O') ? MINE : THEIRS);
    col = moves[i] - '1';
    if (!can_play(col)) ER_throw(ER_ARGUMENT);
    play(col, who);
  }
  if (!can_play(colonne - 1) || (count % 2 == 0) == (side == 'O')) ER_throw(ER_ARGUMENT);
  play(colonne - 1, THEIRS);
  moves[count++] = (char)('0' + colonne);
  col = choose();
  save(side, moves, count, col);
  store_column(col + 1);
}
