/* calcpeer: libticalcs2 as the computer side of a link, over a cable of this program's own
 * whose bytes go through a Unix socket, so that the project's tests can drive the reference
 * host implementation against their simulated calculators and compare its every cable call
 * with their own (docs/testing.md#peers-used-as-oracles, docs/link.md#the-oracles).
 *
 *   calcpeer -s SOCKET -l LOG [-m MODEL] [-f] [-t DECISEC] OP...
 *     -m ti89t-usb  the TI-89 Titanium over its USB port (DUSB; cable model CABLE_USB), the default
 *        ti89 | ti92p | v200  DBUS over a SilverLink (cable model CABLE_SLV)
 *     -f   frame each send on the socket as a BE32 length and the bytes (so that the other end
 *          sees the transfers, zero-length ones included); receives are never framed
 *     -t   the cable timeout, tenths of a second (default 15)
 *   operations, run in order (a failure stops the run):
 *     ready | dirlist | screen | version | memfree | key=CODE | backup=OUT
 *     send=FILE | sendapp=FILE | recv=FOLDER,NAME,TYPE,OUT[,SIZE] | recvapp=NAME,OUT
 *     exec=FOLDER,NAME,TYPE[,ARGS] | del=FOLDER,NAME,TYPE      (TYPE in hexadecimal)
 *   LOG gets one line per cable call, in order: "W <hex>" for a send (no hex: zero length),
 *   "R <n>" for a receive of n bytes (0 included). Results go to stdout; "ok" ends a good run.
 *
 * libticables2 has no virtual USB cable, so this program makes one: it takes a handle of the
 * wanted cable model and puts its own functions in the handle's CableFncts (a structure
 * ticables.h declares, marked for private use); libticalcs2 then runs unchanged over it.
 * Build: cc -o calcpeer calcpeer.c $(pkg-config --cflags --libs ticalcs2 tifiles2 ticables2 ticonv glib-2.0)
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <glib.h>
#include <ticalcs.h>
#include <tifiles.h>
#include <ticables.h>

enum { E_READ_TIMEOUT = 4, E_READ = 5, E_WRITE = 7 }; /* libticables2 error.h values */

static int sock = -1;
static int framed = 0;
static FILE *logf;

static int write_all(const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(sock, p, n);
		if (w < 0 && errno == EINTR) continue;
		if (w <= 0) return -1;
		p += w; n -= (size_t)w;
	}
	return 0;
}

static int c_send(CableHandle *h, uint8_t *data, uint32_t len)
{
	(void)h;
	fputc('W', logf);
	if (len) fputc(' ', logf);
	for (uint32_t i = 0; i < len; i++) fprintf(logf, "%02x", data[i]);
	fputc('\n', logf);
	fflush(logf);
	if (framed) {
		uint8_t hdr[4] = { len >> 24, len >> 16, len >> 8, len };
		if (write_all(hdr, 4)) return E_WRITE;
	}
	return write_all(data, len) ? E_WRITE : 0;
}

static int c_recv(CableHandle *h, uint8_t *data, uint32_t len)
{
	fprintf(logf, "R %u\n", len);
	fflush(logf);
	uint32_t got = 0;
	while (got < len) {
		struct pollfd p = { sock, POLLIN, 0 };
		int r = poll(&p, 1, 100 * (int)h->timeout);
		if (r == 0) return E_READ_TIMEOUT;
		if (r < 0) { if (errno == EINTR) continue; return E_READ; }
		ssize_t n = read(sock, data + got, len - got);
		if (n < 0 && errno == EINTR) continue;
		if (n <= 0) return E_READ;
		got += (uint32_t)n;
	}
	return 0;
}

static int c_ok(CableHandle *h) { (void)h; return 0; }
static int c_check(CableHandle *h, int *status) { (void)h; *status = 0; return 0; }

/* The same functions under the two cable models libticalcs2 may look at. */
static CableFncts usb_cable = {
	CABLE_USB, "SOCK", "socket cable", "calcpeer's DirectLink over a Unix socket", 0,
	NULL, c_ok, c_ok, c_ok, c_ok, NULL, c_send, c_recv, c_check,
	NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
};
static CableFncts slv_cable = {
	CABLE_SLV, "SOCK", "socket cable", "calcpeer's SilverLink over a Unix socket", 0,
	NULL, c_ok, c_ok, c_ok, c_ok, NULL, c_send, c_recv, c_check,
	NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
};

/* Splits "a,b,c" into at most n fields (in place). */
static int fields(char *s, char **out, int n)
{
	int k = 0;
	while (k < n) {
		out[k++] = s;
		char *c = strchr(s, ',');
		if (!c) break;
		*c = 0; s = c + 1;
	}
	return k;
}

static void print_dirlist(GNode *vars, GNode *apps)
{
	for (GNode *f = vars ? vars->children : NULL; f; f = f->next) {
		VarEntry *fe = (VarEntry *)f->data;
		printf("folder %s\n", fe ? fe->name : "");
		for (GNode *v = f->children; v; v = v->next) {
			VarEntry *ve = (VarEntry *)v->data;
			printf("var %s %s %02x %u %u\n", ve->folder, ve->name, ve->type, ve->size, ve->attr);
		}
	}
	for (GNode *f = apps ? apps->children : NULL; f; f = f->next) {
		for (GNode *v = f->children; v; v = v->next) {
			VarEntry *ve = (VarEntry *)v->data;
			printf("app %s %02x %u\n", ve->name, ve->type, ve->size);
		}
	}
}

static int run(CalcHandle *calc, char *op)
{
	char *arg = strchr(op, '=');
	char *f[5] = { 0 };
	if (arg) *arg++ = 0;
	if (!strcmp(op, "ready")) return ticalcs_calc_isready(calc);
	if (!strcmp(op, "dirlist")) {
		GNode *vars = NULL, *apps = NULL;
		int e = ticalcs_calc_get_dirlist(calc, &vars, &apps);
		if (!e) print_dirlist(vars, apps);
		return e;
	}
	if (!strcmp(op, "screen")) {
		CalcScreenCoord sc = { SCREEN_FULL, 0, 0, 0, 0, CALC_PIXFMT_MONO };
		uint8_t *bitmap = NULL;
		int e = ticalcs_calc_recv_screen(calc, &sc, &bitmap);
		if (!e) {
			unsigned sum = 0;
			for (unsigned i = 0; i < sc.width * sc.height / 8; i++) sum += bitmap[i];
			printf("screen %ux%u sum %u\n", sc.width, sc.height, sum);
		}
		return e;
	}
	if (!strcmp(op, "version")) {
		CalcInfos in;
		int e = ticalcs_calc_get_version(calc, &in);
		if (!e) printf("version os=%s boot=%s hw=%u id=%s ram_free=%llu flash_free=%llu\n",
			in.os_version, in.boot_version, in.hw_version, in.main_calc_id,
			(unsigned long long)in.ram_free, (unsigned long long)in.flash_free);
		return e;
	}
	if (!strcmp(op, "memfree")) {
		uint32_t ram = 0, flash = 0;
		int e = ticalcs_calc_get_memfree(calc, &ram, &flash);
		if (!e) printf("memfree ram=%u flash=%u\n", ram, flash);
		return e;
	}
	if (!strcmp(op, "key") && arg) return ticalcs_calc_send_key(calc, (uint32_t)strtoul(arg, NULL, 0));
	if (!strcmp(op, "backup") && arg) return ticalcs_calc_recv_backup2(calc, arg);
	if (!strcmp(op, "send") && arg) return ticalcs_calc_send_var2(calc, MODE_NORMAL, arg);
	if (!strcmp(op, "sendapp") && arg) return ticalcs_calc_send_app2(calc, arg);
	if ((!strcmp(op, "recv") || !strcmp(op, "exec") || !strcmp(op, "del")) && arg) {
		int n = fields(arg, f, 5);
		if (n < 3) return -1;
		VarEntry ve;
		memset(&ve, 0, sizeof(ve));
		g_strlcpy(ve.folder, f[0], sizeof(ve.folder));
		g_strlcpy(ve.name, f[1], sizeof(ve.name));
		ve.type = (uint8_t)strtoul(f[2], NULL, 16);
		if (!strcmp(op, "exec")) return ticalcs_calc_execute(calc, &ve, n > 3 ? f[3] : "");
		if (!strcmp(op, "del")) return ticalcs_calc_del_var(calc, &ve);
		if (n < 4) return -1;
		if (n > 4) ve.size = (uint32_t)strtoul(f[4], NULL, 10);
		return ticalcs_calc_recv_var2(calc, MODE_NORMAL, f[3], &ve);
	}
	if (!strcmp(op, "recvapp") && arg) {
		if (fields(arg, f, 2) < 2) return -1;
		VarEntry ve;
		memset(&ve, 0, sizeof(ve));
		g_strlcpy(ve.name, f[0], sizeof(ve.name));
		ve.type = 0x24;
		return ticalcs_calc_recv_app2(calc, f[1], &ve);
	}
	fprintf(stderr, "calcpeer: unknown operation %s\n", op);
	return -1;
}

int main(int argc, char **argv)
{
	const char *path = NULL, *log = NULL, *model = "ti89t-usb";
	int tmo = 15, opt;
	while ((opt = getopt(argc, argv, "s:l:m:ft:")) != -1) {
		if (opt == 's') path = optarg;
		else if (opt == 'l') log = optarg;
		else if (opt == 'm') model = optarg;
		else if (opt == 'f') framed = 1;
		else if (opt == 't') tmo = atoi(optarg);
		else return 2;
	}
	if (!path || !log) { fprintf(stderr, "usage: calcpeer -s SOCKET -l LOG [-m MODEL] [-f] OP...\n"); return 2; }
	logf = fopen(log, "w");
	if (!logf) { perror(log); return 2; }

	CalcModel cm; CableModel km;
	if (!strcmp(model, "ti89t-usb")) { cm = CALC_TI89T_USB; km = CABLE_USB; }
	else if (!strcmp(model, "ti89")) { cm = CALC_TI89; km = CABLE_SLV; }
	else if (!strcmp(model, "ti92p")) { cm = CALC_TI92P; km = CABLE_SLV; }
	else if (!strcmp(model, "v200")) { cm = CALC_V200; km = CABLE_SLV; }
	else { fprintf(stderr, "calcpeer: unknown model %s\n", model); return 2; }

	sock = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un a;
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	g_strlcpy(a.sun_path, path, sizeof(a.sun_path));
	if (connect(sock, (struct sockaddr *)&a, sizeof(a))) { perror("connect"); return 2; }

	ticables_library_init();
	tifiles_library_init();
	ticalcs_library_init();
	CableHandle *cable = ticables_handle_new(km, PORT_1);
	if (!cable) { fprintf(stderr, "calcpeer: ticables_handle_new failed\n"); return 2; }
	cable->cable = km == CABLE_USB ? &usb_cable : &slv_cable;
	ticables_options_set_timeout(cable, tmo);
	CalcHandle *calc = ticalcs_handle_new(cm);
	if (!calc) { fprintf(stderr, "calcpeer: ticalcs_handle_new failed\n"); return 2; }
	int err = ticalcs_cable_attach(calc, cable);
	if (err) { fprintf(stderr, "calcpeer: ticalcs_cable_attach: error %d\n", err); return 2; }

	for (int i = optind; i < argc; i++) {
		char *op = g_strdup(argv[i]);
		err = run(calc, op);
		g_free(op);
		if (err) {
			char *msg = NULL;
			ticalcs_error_get(err, &msg);
			printf("error %d in %s: %s\n", err, argv[i], msg ? msg : "?");
			fflush(stdout);
			return 1;
		}
	}
	printf("ok\n");
	fflush(stdout);
	return 0;
}
