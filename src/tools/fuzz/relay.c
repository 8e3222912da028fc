/*
 * cbc-emu fuzz's relay (issue #21): the `cbc`, `codebuddy` and `claude` a consumer starts from PATH during a spawned
 * campaign. It is the process the consumer sees (its pid, pipes, exit status and signals), and it hands the session
 * to the campaign process, which runs the drop-in in memory (src/tools/fuzz/relay-server.ts): one warm emulator for
 * every run instead of a Node process started per run (~80 ms of CPU each). Written in C because a relay in Node would
 * cost a Node start itself; compiled with the machine's cc at a campaign's first use (relay-server.ts), and never
 * required: without cc, or when it cannot reach the campaign, the consumer gets the Node drop-in (exec of
 * CBC_EMU_RELAY_NODE with the bin/shims file of the same name, in CBC_EMU_RELAY_SHIMS, and the same arguments).
 *
 * Wire (unix socket CBC_EMU_RELAY_SOCKET, little-endian): the relay sends "CBCR1", its pid, the name it was started by,
 * argv[1..], environ and cwd (u32 counts and lengths), then frames of a tag byte and a u32 length each way:
 *   relay -> campaign: 'i' stdin bytes, 'e' stdin ended, 's' a signal (one byte: its number, SIGHUP, SIGINT or SIGTERM),
 *                      'p' stdout is gone (EPIPE: the consumer closed its end)
 *   campaign -> relay: first 'a' (served here) or 'f' (start the Node drop-in instead: a session the campaign
 *                      does not serve in memory, such as one for the control server), then 'o' stdout bytes,
 *                      'r' stderr bytes, 'x' the end (i32 exit code, then one byte: the signal the drop-in died
 *                      by, 0 for none)
 * stdout is written without blocking, so signals and stdin still flow while the consumer is not reading; the socket
 * is not read while more than RELAY_MAX_PENDING bytes wait for stdout (the campaign's run then waits too, as a
 * drop-in waits on a full pipe).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

#define RELAY_MAX_PENDING (1 << 20)

static int sig_pipe[2] = {-1, -1};

static void on_signal(int s) {
  int saved = errno;
  unsigned char b = (unsigned char)s;
  if (write(sig_pipe[1], &b, 1) < 0) { /* the pipe is full: the signal is already on its way */ }
  errno = saved;
}

/* A growable byte buffer. */
struct buf {
  unsigned char *p;
  size_t len, cap, off;
};

static void need(struct buf *b, size_t more) {
  if (b->len + more <= b->cap) return;
  size_t cap = b->cap ? b->cap : 65536;
  while (cap < b->len + more) cap *= 2;
  unsigned char *p = realloc(b->p, cap);
  if (!p) {
    fputs("cbc-emu relay: out of memory\n", stderr);
    _exit(70);
  }
  b->p = p;
  b->cap = cap;
}

static void put(struct buf *b, const void *p, size_t n) {
  need(b, n);
  memcpy(b->p + b->len, p, n);
  b->len += n;
}

static void put_u32(struct buf *b, uint32_t v) {
  unsigned char c[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
  put(b, c, 4);
}

static void put_str(struct buf *b, const char *s) {
  size_t n = strlen(s);
  put_u32(b, (uint32_t)n);
  put(b, s, n);
}

static uint32_t get_u32(const unsigned char *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/*
 * Writes all of p to fd, waiting whenever it is full: a descriptor the relay inherited may be non-blocking (its open
 * file is shared with a parent, a Node consumer's own stderr for one); -1 on an error other than EINTR and EAGAIN.
 */
static int write_all(int fd, const void *p, size_t n) {
  const unsigned char *c = p;
  while (n > 0) {
    ssize_t w = write(fd, c, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        struct pollfd f = {fd, POLLOUT, 0};
        poll(&f, 1, -1);
        continue;
      }
      return -1;
    }
    c += w;
    n -= (size_t)w;
  }
  return 0;
}

static int send_frame(int fd, char tag, const void *p, uint32_t n) {
  unsigned char h[5] = {(unsigned char)tag, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff};
  if (write_all(fd, h, 5) < 0) return -1;
  return n > 0 ? write_all(fd, p, n) : 0;
}

/* The name this process was started by: cbc, codebuddy or claude (the shims' names; anything else is cbc). */
static const char *shim_name(int argc, char **argv) {
  const char *n = argc > 0 && argv[0] ? argv[0] : "cbc";
  const char *slash = strrchr(n, '/');
  if (slash) n = slash + 1;
  return strcmp(n, "claude") == 0 || strcmp(n, "codebuddy") == 0 ? n : "cbc";
}

/* The Node drop-in's PATH shim of the same name with this process's arguments: what the consumer gets when the campaign cannot serve it. */
static int fall_back(int argc, char **argv) {
  const char *node = getenv("CBC_EMU_RELAY_NODE");
  const char *shims = getenv("CBC_EMU_RELAY_SHIMS");
  if (!node || !shims) {
    fputs("cbc-emu relay: CBC_EMU_RELAY_NODE and CBC_EMU_RELAY_SHIMS are not set (run it through cbc-emu fuzz)\n", stderr);
    return 127;
  }
  char **args = calloc((size_t)argc + 2, sizeof *args);
  char *shim = malloc(strlen(shims) + 16);
  if (!args || !shim) return 70;
  sprintf(shim, "%s/%s", shims, shim_name(argc, argv));
  args[0] = (char *)node;
  args[1] = shim;
  for (int i = 1; i < argc; i++) args[i + 1] = argv[i];
  execv(node, args);
  fprintf(stderr, "cbc-emu relay: cannot start %s: %s\n", node, strerror(errno));
  return 127;
}

static int connect_to(const char *path) {
  struct sockaddr_un a;
  if (!path || strlen(path) >= sizeof a.sun_path) return -1;
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC); /* not the Node drop-in's, should the relay fall back to it */
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  strcpy(a.sun_path, path);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int main(int argc, char **argv) {
  /* as Node does at its start: a closed stdin, stdout or stderr is /dev/null, so the socket never takes their number */
  for (int fd = 0; fd < 3; fd++)
    if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd) return 70;
  int sock = connect_to(getenv("CBC_EMU_RELAY_SOCKET"));
  if (sock < 0) return fall_back(argc, argv);

  struct buf hello = {0};
  put(&hello, "CBCR1", 5);
  put_u32(&hello, (uint32_t)getpid());
  put_str(&hello, shim_name(argc, argv));
  put_u32(&hello, (uint32_t)(argc > 0 ? argc - 1 : 0));
  for (int i = 1; i < argc; i++) put_str(&hello, argv[i]);
  uint32_t envc = 0;
  for (char **e = environ; *e; e++) envc++;
  put_u32(&hello, envc);
  for (char **e = environ; *e; e++) put_str(&hello, *e);
  char *cwd = getcwd(NULL, 0);
  put_str(&hello, cwd ? cwd : "/");
  free(cwd);
  if (write_all(sock, hello.p, hello.len) < 0) return fall_back(argc, argv);
  free(hello.p);
  /* 'a': the campaign serves this session; 'f': start the Node drop-in instead (nothing was read from stdin yet) */
  unsigned char answer[5];
  size_t got = 0;
  while (got < sizeof answer) {
    ssize_t r = read(sock, answer + got, sizeof answer - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  if (got < sizeof answer || answer[0] != 'a') {
    close(sock);
    return fall_back(argc, argv);
  }

  if (pipe(sig_pipe) < 0) return 70;
  for (int i = 0; i < 2; i++) {
    fcntl(sig_pipe[i], F_SETFD, FD_CLOEXEC);
    fcntl(sig_pipe[i], F_SETFL, fcntl(sig_pipe[i], F_GETFL) | O_NONBLOCK);
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGHUP, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  int out_flags = fcntl(1, F_GETFL);
  int out_ok = out_flags >= 0 && fcntl(1, F_SETFL, out_flags | O_NONBLOCK) >= 0; /* no stdout at all: output is dropped */
  int in_open = 1;

  struct buf pending = {0}; /* stdout bytes not yet taken by the consumer */
  struct buf rx = {0};      /* bytes from the campaign not yet parsed */
  unsigned char chunk[65536];
  for (;;) {
    struct pollfd f[4];
    int n = 0, i_sock = -1, i_in = -1, i_sig, i_out = -1;
    if (pending.len - pending.off < RELAY_MAX_PENDING) f[i_sock = n++] = (struct pollfd){sock, POLLIN, 0};
    if (in_open) f[i_in = n++] = (struct pollfd){0, POLLIN, 0};
    f[i_sig = n++] = (struct pollfd){sig_pipe[0], POLLIN, 0};
    if (out_ok && pending.len > pending.off) f[i_out = n++] = (struct pollfd){1, POLLOUT, 0};
    if (poll(f, (nfds_t)n, -1) < 0) {
      if (errno == EINTR) continue;
      return 70;
    }
    if (f[i_sig].revents) {
      unsigned char s;
      while (read(sig_pipe[0], &s, 1) == 1)
        if (send_frame(sock, 's', &s, 1) < 0) return 70;
    }
    if (i_in >= 0 && f[i_in].revents) {
      ssize_t r = read(0, chunk, sizeof chunk);
      if (r > 0) {
        if (send_frame(sock, 'i', chunk, (uint32_t)r) < 0) return 70;
      } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
        in_open = 0;
        if (send_frame(sock, 'e', NULL, 0) < 0) return 70;
      }
    }
    if (i_out >= 0 && f[i_out].revents) {
      ssize_t w = write(1, pending.p + pending.off, pending.len - pending.off);
      if (w > 0) pending.off += (size_t)w;
      else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        out_ok = 0; /* EPIPE: the consumer closed its end; the drop-in hears of it as from its own pipe */
        pending.len = pending.off = 0;
        if (send_frame(sock, 'p', NULL, 0) < 0) return 70;
      }
      if (pending.off == pending.len) pending.len = pending.off = 0;
    }
    if (i_sock >= 0 && f[i_sock].revents) {
      need(&rx, sizeof chunk);
      ssize_t r = read(sock, rx.p + rx.len, sizeof chunk);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) {
        fputs("cbc-emu relay: the fuzz campaign went away before this session ended\n", stderr);
        return 70;
      }
      rx.len += (size_t)r;
      size_t at = 0;
      while (rx.len - at >= 5) {
        uint32_t len = get_u32(rx.p + at + 1);
        if (rx.len - at - 5 < len) break;
        unsigned char tag = rx.p[at];
        const unsigned char *body = rx.p + at + 5;
        if (tag == 'o') {
          if (out_ok) put(&pending, body, len);
        } else if (tag == 'r') {
          write_all(2, body, len);
        } else if (tag == 'x' && len >= 5) {
          /* stdout's last bytes go before the exit, as the drop-in flushes before it exits */
          if (out_ok) fcntl(1, F_SETFL, out_flags);
          if (out_ok && pending.len > pending.off) write_all(1, pending.p + pending.off, pending.len - pending.off);
          int code = (int)get_u32(body);
          int sig = body[4];
          if (sig) {
            signal(sig, SIG_DFL);
            sigset_t m;
            sigemptyset(&m);
            sigaddset(&m, sig);
            sigprocmask(SIG_UNBLOCK, &m, NULL);
            raise(sig);
          }
          return code;
        }
        at += 5 + len;
      }
      memmove(rx.p, rx.p + at, rx.len - at);
      rx.len -= at;
    }
  }
}
