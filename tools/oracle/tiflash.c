/* tiflash: libtifiles2 as an oracle for FLASH files (.89u/.9xu/.v2u/.89k/...).
 *
 *   tiflash write OUT.89u NAME DEVICE DATATYPE HWID REVMAJ REVMIN FLAGS OBJTYPE DAY MONTH YEAR DATA [NAME ...]
 *       writes OUT with libtifiles2's own writer; each group of 12 arguments after OUT is one
 *       block (numbers in C syntax, DATA a file holding the block's data).
 *   tiflash read FILE OUTDIR
 *       reads FILE with libtifiles2, prints one line per block and writes each block's data to
 *       OUTDIR/blockN.bin.
 *
 * Exit status: 0 success, 1 libtifiles2 refused the file, 2 usage or I/O error.
 * Build: gcc -o tiflash tiflash.c $(pkg-config --cflags --libs tifiles2 glib-2.0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <tifiles.h>

static unsigned long num(const char *s) { return strtoul(s, NULL, 0); }

static int slurp(const char *path, uint8_t **data, uint32_t *len)
{
	gchar *buf; gsize n;
	if (!g_file_get_contents(path, &buf, &n, NULL)) return -1;
	*data = (uint8_t *)buf; *len = (uint32_t)n;
	return 0;
}

static int do_write(int argc, char **argv)
{
	const char *out = argv[0];
	argc--; argv++;
	if (argc == 0 || argc % 12 != 0) { fprintf(stderr, "tiflash write: need OUT and groups of 12 block arguments\n"); return 2; }
	CalcModel model = tifiles_file_get_model(out);
	FlashContent *head = tifiles_content_create_flash(model), *c = head;
	for (int b = 0; b < argc / 12; b++) {
		char **a = argv + 12 * b;
		if (b > 0) { c->next = tifiles_content_create_flash(model); c = c->next; }
		strncpy(c->name, a[0], sizeof(c->name) - 1);
		c->device_type = (uint8_t)num(a[1]);
		c->data_type = (uint8_t)num(a[2]);
		c->hw_id = (uint8_t)num(a[3]);
		c->revision_major = (uint8_t)num(a[4]);
		c->revision_minor = (uint8_t)num(a[5]);
		c->flags = (uint8_t)num(a[6]);
		c->object_type = (uint8_t)num(a[7]);
		c->revision_day = (uint8_t)num(a[8]);
		c->revision_month = (uint8_t)num(a[9]);
		c->revision_year = (uint16_t)num(a[10]);
		if (slurp(a[11], &c->data_part, &c->data_length)) { fprintf(stderr, "cannot read %s\n", a[11]); return 2; }
	}
	int err = tifiles_file_write_flash(out, head);
	if (err) { fprintf(stderr, "tifiles_file_write_flash: error %d\n", err); return 1; }
	/* data_part came from g_file_get_contents, which libtifiles2 frees with g_free as well. */
	tifiles_content_delete_flash(head);
	return 0;
}

static int do_read(const char *file, const char *outdir)
{
	if (!tifiles_file_is_flash(file)) { printf("not a FLASH file for libtifiles2\n"); return 1; }
	FlashContent *head = tifiles_content_create_flash(tifiles_file_get_model(file));
	int err = tifiles_file_read_flash(file, head);
	if (err) { printf("tifiles_file_read_flash: error %d\n", err); return 1; }
	int i = 0;
	for (FlashContent *c = head; c; c = c->next, i++) {
		printf("block %d: name=\"%s\" rev=%u.%u flags=0x%02x object_type=0x%02x date=%u/%u/%u "
		       "device_type=0x%02x data_type=0x%02x hw_id=%u length=%u\n",
		       i, c->name, c->revision_major, c->revision_minor, c->flags, c->object_type,
		       c->revision_day, c->revision_month, c->revision_year,
		       c->device_type, c->data_type, c->hw_id, c->data_length);
		gchar *path = g_strdup_printf("%s/block%d.bin", outdir, i);
		if (!g_file_set_contents(path, (const gchar *)c->data_part, c->data_length, NULL)) { g_free(path); return 2; }
		g_free(path);
	}
	tifiles_content_delete_flash(head);
	return 0;
}

int main(int argc, char **argv)
{
	tifiles_library_init();
	if (argc >= 4 && !strcmp(argv[1], "write")) return do_write(argc - 2, argv + 2);
	if (argc == 4 && !strcmp(argv[1], "read")) return do_read(argv[2], argv[3]);
	fprintf(stderr, "usage: tiflash write OUT NAME DEVICE DATATYPE HWID REVMAJ REVMIN FLAGS OBJTYPE DAY MONTH YEAR DATA ...\n"
	                "       tiflash read FILE OUTDIR\n");
	return 2;
}
