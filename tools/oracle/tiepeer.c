/* tiepeer: one end of libticables2's "TiEmu" (TIE) virtual cable, driven by a script, to test
 * the project's own implementation of that cable against the reference library.
 *
 *   tiepeer [-p PORT] [-t DECISEC] [-d MS] STEP...
 *     -p 1  side 0 (the emulator's end, as TiEmu with cable_port=#1); -p 2  side 1 (the host's)
 *     -t    libticables2's timeout, in tenths of a second (default 20)
 *     -d    milliseconds to wait before opening the cable
 *   steps, run in order:
 *     send=HEX     send these bytes            recv=HEX     receive and compare these bytes
 *     sendpat=N    send N pattern bytes        recvpat=N    receive and check N pattern bytes
 *     sleep=MS     wait
 *   (pattern byte i = (7*i + 3) & 0xff)
 *
 * libticables2 does no I/O while the presence counter in shared memory is below 2 and reports
 * success, so before running the script this program waits (up to 10 s) until the counter,
 * read directly from the segment, says the other side is there.
 * Prints "ok" and exits 0 when every step succeeded; otherwise names the step and exits 1.
 * Build: gcc -o tiepeer tiepeer.c $(pkg-config --cflags --libs ticables2 glib-2.0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <glib.h>
#include <ticables.h>

static uint8_t pattern(uint32_t i) { return (uint8_t)(7 * i + 3); }

static int wait_presence(void)
{
	key_t key = ftok("/tmp", 0x1234);
	int id = shmget(key, 1, 0);
	if (id < 0) { fprintf(stderr, "tiepeer: no presence segment after open\n"); return -1; }
	volatile int *cnt = (volatile int *)shmat(id, NULL, SHM_RDONLY);
	if (cnt == (void *)-1) { perror("shmat"); return -1; }
	for (int i = 0; i < 1000 && *cnt < 2; i++) usleep(10000);
	int ok = *cnt >= 2;
	shmdt((const void *)cnt);
	if (!ok) fprintf(stderr, "tiepeer: the other side never came (counter stayed below 2)\n");
	return ok ? 0 : -1;
}

static int hex(const char *s, uint8_t **out)
{
	size_t n = strlen(s) / 2;
	*out = g_malloc(n + 1);
	for (size_t i = 0; i < n; i++) { unsigned v; sscanf(s + 2 * i, "%2x", &v); (*out)[i] = (uint8_t)v; }
	return (int)n;
}

int main(int argc, char **argv)
{
	int port = 1, tmo = 20, delay = 0, opt;
	while ((opt = getopt(argc, argv, "p:t:d:")) != -1) {
		if (opt == 'p') port = atoi(optarg);
		else if (opt == 't') tmo = atoi(optarg);
		else if (opt == 'd') delay = atoi(optarg);
		else return 2;
	}
	if (delay) usleep(delay * 1000);
	ticables_library_init();
	CableHandle *h = ticables_handle_new(CABLE_TIE, port == 2 ? PORT_2 : PORT_1);
	if (!h) { fprintf(stderr, "tiepeer: ticables_handle_new failed\n"); return 2; }
	ticables_options_set_timeout(h, tmo);
	int err = ticables_cable_open(h);
	if (err) {
		int e = errno;
		fprintf(stderr, "tiepeer: ticables_cable_open: error %d (last system error: %s)\n", err, strerror(e));
		return 2;
	}
	if (wait_presence()) return 1;
	int status = 0;
	for (int i = optind; i < argc && !status; i++) {
		const char *step = argv[i];
		uint8_t *buf = NULL, *got = NULL;
		if (!strncmp(step, "send=", 5)) {
			int n = hex(step + 5, &buf);
			err = ticables_cable_send(h, buf, n);
			if (err) { printf("step %s: send error %d\n", step, err); status = 1; }
		} else if (!strncmp(step, "recv=", 5)) {
			int n = hex(step + 5, &buf);
			got = g_malloc0(n + 1);
			err = ticables_cable_recv(h, got, n);
			if (err) { printf("step %s: recv error %d\n", step, err); status = 1; }
			else if (memcmp(buf, got, n)) {
				printf("step %s: got", step);
				for (int k = 0; k < n; k++) printf(" %02x", got[k]);
				printf("\n"); status = 1;
			}
		} else if (!strncmp(step, "sendpat=", 8)) {
			uint32_t n = (uint32_t)atol(step + 8);
			buf = g_malloc(n);
			for (uint32_t k = 0; k < n; k++) buf[k] = pattern(k);
			err = ticables_cable_send(h, buf, n);
			if (err) { printf("step %s: send error %d\n", step, err); status = 1; }
		} else if (!strncmp(step, "recvpat=", 8)) {
			uint32_t n = (uint32_t)atol(step + 8);
			got = g_malloc0(n);
			err = ticables_cable_recv(h, got, n);
			if (err) { printf("step %s: recv error %d\n", step, err); status = 1; }
			for (uint32_t k = 0; k < n && !status; k++)
				if (got[k] != pattern(k)) { printf("step %s: byte %u is %02x\n", step, k, got[k]); status = 1; }
		} else if (!strncmp(step, "sleep=", 6)) {
			usleep(atoi(step + 6) * 1000);
		} else {
			printf("unknown step %s\n", step); status = 2;
		}
		g_free(buf); g_free(got);
	}
	ticables_cable_close(h);
	ticables_handle_del(h);
	if (!status) printf("ok\n");
	return status;
}
