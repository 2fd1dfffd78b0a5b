/* tifinfo: reads TI-89/92+/V200 variable files with libtifiles2 and prints what the library
 * saw, one line per fact, for the project's tests (the file oracle). Names and data are
 * printed in hex so that no character conversion stands between the library and the test.
 *
 *   tifinfo FILE...
 *
 * Exit status: 0 every file accepted with valid checksums and strict checks OK; 1 a file
 * refused by libtifiles2; 2 a checksum mismatch; 3 accepted by the library but failing the
 * strict checks that libtifiles2 itself does not make (end offset, A5 5A marker, inner length
 * word, extension against type, signature against extension). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <glib.h>
#include <tifiles.h>

static int warnings;

static void count_warning(const gchar *domain, GLogLevelFlags level, const gchar *msg, gpointer data)
{
	(void)domain; (void)level; (void)data;
	if (strstr(msg, "hecksum") != NULL)
		warnings++;
}

static void hex(const char *label, const unsigned char *p, size_t n)
{
	printf(" %s=", label);
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static unsigned char *slurp(const char *path, long *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) return NULL;
	fseek(f, 0, SEEK_END);
	*len = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *buf = malloc(*len > 0 ? *len : 1);
	if (fread(buf, 1, *len, f) != (size_t)*len) { free(buf); buf = NULL; }
	fclose(f);
	return buf;
}

/* The checks libtifiles2 does not make; returns a reason or NULL. */
static const char *strict_checks(const char *path, const unsigned char *b, long len, FileContent *c)
{
	static char why[200];
	if (len < 0x42) return "shorter than a header";
	unsigned n = b[0x3a] | (b[0x3b] << 8);
	long table_end = 0x3c + 16L * n;
	if (table_end + 6 > len) return "table runs past the end";
	unsigned long size = b[table_end] | (b[table_end + 1] << 8) | (b[table_end + 2] << 16) | ((unsigned long)b[table_end + 3] << 24);
	if ((long)size != len) return "file-size field differs from the file's length";
	if (b[table_end + 4] != 0xa5 || b[table_end + 5] != 0x5a) return "no A5 5A marker";
	for (unsigned i = 0; i < c->num_entries; i++) {
		VarEntry *e = c->entries[i];
		if (e->size < 2 || ((e->data[0] << 8) | e->data[1]) != (int)e->size - 2) {
			snprintf(why, sizeof why, "entry %u: inner length word differs from size-2", i);
			return why;
		}
	}
	const char *dot = strrchr(path, '.');
	if (!dot) return "no extension";
	CalcModel model = tifiles_file_get_model(path);
	if (c->num_entries == 1 && tolower((unsigned char)dot[3]) != 'g') {
		const char *fext = tifiles_vartype2fext(model, c->entries[0]->type);
		if (fext == NULL || g_ascii_strcasecmp(fext, dot + 1) != 0) {
			snprintf(why, sizeof why, "extension .%s but the type implies .%s", dot + 1, fext ? fext : "?");
			return why;
		}
	}
	int sig89 = memcmp(b, "**TI89**", 8) == 0;
	int sig92p = memcmp(b, "**TI92P*", 8) == 0 || memcmp(b, "**V200**", 8) == 0;
	if ((model == CALC_TI89 && !sig89) || ((model == CALC_TI92P || model == CALC_V200) && !sig92p))
		return "signature does not match the extension's model";
	return NULL;
}

int main(int argc, char **argv)
{
	int worst = 0;
	tifiles_library_init();
	g_log_set_handler("tifiles", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, count_warning, NULL);
	for (int a = 1; a < argc; a++) {
		const char *path = argv[a];
		int status = 0;
		warnings = 0;
		printf("file %s\n", path);
		CalcModel model = tifiles_file_get_model(path);
		printf("file-model %s\n", tifiles_model_to_string(model));
		FileContent *c = tifiles_content_create_regular(model);
		int err = c ? tifiles_file_read_regular(path, c) : -1;
		if (err) {
			char *msg = NULL;
			tifiles_error_get(err, &msg);
			printf("refused %d %s\n", err, msg ? msg : "");
			g_free(msg);
			status = 1;
		} else {
			printf("model %s entries %u", tifiles_model_to_string(c->model), c->num_entries);
			hex("default_folder", (const unsigned char *)c->default_folder, strlen(c->default_folder));
			hex("comment", (const unsigned char *)c->comment, strlen(c->comment));
			printf("\n");
			for (unsigned i = 0; i < c->num_entries; i++) {
				VarEntry *e = c->entries[i];
				printf("entry %u", i);
				hex("folder", (const unsigned char *)e->folder, strlen(e->folder));
				hex("name", (const unsigned char *)e->name, strlen(e->name));
				printf(" type=%02x attr=%d size=%u", e->type, e->attr, e->size);
				hex("data", e->data, e->size);
				printf("\n");
			}
			int valid = c->checksum == c->stored_checksum && warnings == 0;
			printf("checksum computed=%04x stored=%04x warnings=%d %s\n", c->checksum,
			       c->stored_checksum, warnings, valid ? "VALID" : "MISMATCH");
			long len = 0;
			unsigned char *bytes = slurp(path, &len);
			const char *why = bytes ? strict_checks(path, bytes, len, c) : "cannot read the file";
			printf("strict %s\n", why ? why : "OK");
			free(bytes);
			status = !valid ? 2 : why ? 3 : 0;
		}
		if (c) tifiles_content_delete_regular(c);
		printf("status %d\n", status);
		if (status > worst) worst = status;
	}
	return worst;
}
