/* tifwrite: writes the project's golden variable files with libtifiles2 (the reference
 * writer), deterministically: comments are set explicitly (libtifiles2's default comment
 * carries the current date).
 *
 *   tifwrite OUTDIR
 *
 * Each file below is described by its variables' folder, name, type, attribute and data
 * (without the size word; the size word is added here, as libtifiles2 expects it in
 * VarEntry.data). host/files/tests/data/README.md lists what each file holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <tifiles.h>

struct var {
	const char *folder, *name;
	uint8_t type, attr;
	unsigned len;
	const uint8_t *data;
};

#define V(folder, name, type, attr, ...) \
	{ folder, name, type, attr, sizeof((const uint8_t[]){ __VA_ARGS__ }), (const uint8_t[]){ __VA_ARGS__ } }

struct golden {
	const char *file;
	CalcModel model;
	const char *default_folder, *comment;
	int count;
	struct var vars[6];
};

static const struct golden set[] = {
	{ "str1.89s", CALC_TI89, "main", "", 1, { V("main", "str1", 0x0c, 0, 0, 'h', 'e', 'l', 'l', 'o', 0, 0x2d) } },
	{ "prog1.89z", CALC_TI89, "main", "", 1, { V("main", "prog1", 0x21, 0, 0x4e, 0x75, 0, 0, 0xf3) } },
	{ "prog1.9xz", CALC_TI92P, "main", "", 1, { V("main", "prog1", 0x21, 0, 0x4e, 0x75, 0, 0, 0xf3) } },
	{ "prog1.v2z", CALC_V200, "main", "", 1, { V("main", "prog1", 0x21, 0, 0x4e, 0x75, 0, 0, 0xf3) } },
	{ "x.89e", CALC_TI89, "main", "comment here", 1, { V("main", "x", 0x00, 0, 0x2a, 0x01, 0x1f) } },
	{ "colonne.89e", CALC_TI89, "main", "", 1, { V("main", "colonne", 0x00, 0, 0x01, 0x01, 0x20) } },
	{ "colonne.v2e", CALC_V200, "ai1", "", 1, { V("ai1", "colonne", 0x00, 0, 0x0a, 0x01, 0x1f) } },
	{ "zero.9xe", CALC_TI92P, "main", "", 1, { V("main", "zero", 0x00, 0, 0x00, 0x1f) } },
	{ "nom.89s", CALC_TI89, "main", "", 1, { V("main", "nom", 0x0c, 0, 0, 'N', 0, 0x2d) } },
	{ "nom.9xs", CALC_TI92P, "ai2", "", 1, { V("ai2", "nom", 0x0c, 0, 0, 'D', 0, 0x2d) } },
	/* 2^64 + 1 = magnitude 01 00 00 00 00 00 00 00 01, 9 bytes */
	{ "big.89e", CALC_TI89, "main", "", 1, { V("main", "big", 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 9, 0x1f) } },
	/* 1.5 as a BCD float: an expression kept as opaque data */
	{ "flt.89e", CALC_TI89, "main", "", 1, { V("main", "flt", 0x00, 0, 0x40, 0x00, 0x15, 0, 0, 0, 0, 0, 0, 0x23) } },
	/* text: cursor 2, lines " hello" and "Cx+1" */
	{ "note.89t", CALC_TI89, "main", "", 1, { V("main", "note", 0x0b, 0, 0, 2, ' ', 'h', 'e', 'l', 'l', 'o', 0x0d, 'C', 'x', '+', '1', 0, 0xe0) } },
	/* {1,2,300} */
	{ "lst.89l", CALC_TI89, "main", "", 1, { V("main", "lst", 0x04, 0, 0xe5, 0x2c, 0x01, 0x02, 0x1f, 0x02, 0x01, 0x1f, 0x01, 0x01, 0x1f, 0xd9) } },
	/* a 2x8 picture: an opaque type */
	{ "pic.89i", CALC_TI89, "main", "", 1, { V("main", "pic", 0x10, 0, 0, 2, 0, 8, 0xff, 0x81, 0xdf) } },
	{ "locked.89s", CALC_TI89, "main", "", 1, { V("main", "locked", 0x0c, ATTRB_LOCKED, 0, 'k', 0, 0x2d) } },
	{ "arch.v2z", CALC_V200, "main", "", 1, { V("main", "arch", 0x21, ATTRB_ARCHIVED, 0x4e, 0x75, 0, 0, 0xf3) } },
	/* TI-charset symbols in a string: theta (0x88), less-or-equal (0x9C) */
	{ "greek.89s", CALC_TI89, "main", "", 1, { V("main", "greek", 0x0c, 0, 0, 0x88, 0x9c, '2', 0, 0x2d) } },
	{ "grp.89g", CALC_TI89, "main", "", 2, {
		V("main", "str1", 0x0c, 0, 0, 'h', 'e', 'l', 'l', 'o', 0, 0x2d),
		V("other", "x", 0x00, 0, 0x2a, 0x01, 0x1f) } },
	{ "contest.v2g", CALC_V200, "main", "contest set-up", 5, {
		V("ai1", "colonne", 0x00, 0, 0x01, 0x01, 0x20),
		V("ai1", "nom", 0x0c, 0, 0, '2', 0, 0x2d),
		V("ai2", "colonne", 0x00, 0, 0x00, 0x1f),
		V("main", "joueur", 0x21, 0, 0x4e, 0x75, 0, 0, 0xf3),
		V("ai2", "nom", 0x0c, 0, 0, '2', 0, 0x2d) } },
	{ "one.9xg", CALC_TI92P, "main", "", 1, { V("main", "a", 0x00, 0, 0x03, 0x01, 0x1f) } },
};

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: tifwrite OUTDIR\n");
		return 2;
	}
	tifiles_library_init();
	for (size_t g = 0; g < sizeof set / sizeof set[0]; g++) {
		const struct golden *s = &set[g];
		FileContent *c = tifiles_content_create_regular(s->model);
		strncpy(c->default_folder, s->default_folder, sizeof c->default_folder - 1);
		memset(c->comment, 0, sizeof c->comment);
		strncpy(c->comment, s->comment, 40);
		for (int i = 0; i < s->count; i++) {
			const struct var *v = &s->vars[i];
			VarEntry *e = tifiles_ve_create_alloc_data(v->len + 2);
			strncpy(e->folder, v->folder, sizeof e->folder - 1);
			strncpy(e->name, v->name, sizeof e->name - 1);
			e->type = v->type;
			e->attr = v->attr;
			e->size = v->len + 2;
			e->data[0] = (uint8_t)(v->len >> 8);
			e->data[1] = (uint8_t)v->len;
			memcpy(e->data + 2, v->data, v->len);
			tifiles_content_add_entry(c, e);
		}
		char *path = g_build_filename(argv[1], s->file, NULL);
		int err = tifiles_file_write_regular(path, c, NULL);
		if (err) {
			fprintf(stderr, "tifwrite: %s: libtifiles2 error %d\n", path, err);
			return 1;
		}
		printf("%s\n", path);
		g_free(path);
		tifiles_content_delete_regular(c);
	}
	return 0;
}
