/* floor: what a host's sockets and journal cost a move on this machine, with no game at all.
 *
 *   floor -m MATCHES -d SECONDS [--no-journal | --keyed] [--threads 1|2] [--json]
 *   floor -m MATCHES -d SECONDS --target PORT --host-pid PID [--json]
 *
 * A relay with tcnet/1's traffic and nothing else: a move is a frame of 86 bytes (4-byte big-endian
 * length, then the payload) from the seat holding the turn; the host answers it with a frame of 550
 * bytes to both seats of the match (a `state`'s size after a Tax Collection move), one write(2) each.
 * With the journal (the default) every move is a row of 175 bytes in an SQLite file in WAL mode,
 * `synchronous=NORMAL`, in a table like tcnet's `move` table (no index: each row appended), and the
 * moves read in one epoll_wait are committed in one transaction before any of their answers is
 * written: tcnet's rule D-1 and its group commit, with nothing in between but copying bytes. No
 * JSON is parsed or written, no rule checked, no state hashed; no table record, archive or sweep
 * is written. With --keyed the table has the primary key `(tableID, match, seq)` that tcnet's
 * `move` table had before `v7-move-log` (rows are never deleted here, so its index keeps growing).
 *
 * The host is a child process with one thread (Redis's design) or, with --threads 2, two event
 * loops that hand the moves to a third thread which commits and writes back. The parent is the
 * load: one thread, epoll, one move in flight per match (like redis-benchmark -c N and the C
 * client `loadgen.c`). After a second of warm-up it counts the moves of SECONDS and reads the
 * child's CPU from /proc/PID/stat over the same window.
 *
 * With --target the load plays against a relay already listening on 127.0.0.1:PORT instead of its
 * own child, and reads the CPU of the process PID: `tcnet bench relay` (the same relay written with
 * SwiftNIO) is measured so, beside this one, to tell NIO's part of a move's cost from tcnet's. The
 * relay then decides about its journal and its threads.
 *
 * Output: a `floor:` line on stderr (with --json also one JSON object on stdout) with the moves per
 * second and the host's and the load's CPU a move in microseconds: the least any host spends a move
 * with this wire and this journal, since a real host does all of it and then its game's work.
 *
 * Build: cc -O2 -o /tmp/floor floor.c -lsqlite3 -lpthread
 * Exit status: 0 when moves were played, 1 when none were or something failed, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MOVE_BYTES = 86, UPDATE_BYTES = 550, RECORD_BYTES = 175, BUFFER = 1 << 16, MAX_CONNS = 4096 };

static void die(const char *what) {
  fprintf(stderr, "floor: %s: %s\n", what, strerror(errno));
  exit(1);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

static uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Writes all of a frame; the socket's buffer always has room for these few bytes. */
static void write_all(int fd, const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) continue;
      die("write");
    }
    p += w;
    n -= (size_t)w;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The host                                                                                     */

struct conn {
  int fd;
  size_t have;
  unsigned char buf[BUFFER];
};

static struct conn *conns[MAX_CONNS]; /* by accept order: seats 2k and 2k+1 play match k */
static long seqs[MAX_CONNS / 2];
static sqlite3 *db;
static sqlite3_stmt *insert, *begin, *commit;
static long transactions;

static void journal_open(const char *folder, int keyed) {
  char path[4096];
  snprintf(path, sizeof path, "%s/floor.sqlite", folder);
  if (sqlite3_open(path, &db) != SQLITE_OK) die("sqlite3_open");
  const char *setup =
      keyed ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
              "CREATE TABLE move (tableID TEXT NOT NULL, match INTEGER NOT NULL, seq INTEGER NOT NULL,"
              " record TEXT NOT NULL, PRIMARY KEY (tableID, match, seq))"
            : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
              "CREATE TABLE move (tableID TEXT NOT NULL, match INTEGER NOT NULL, seq INTEGER NOT NULL,"
              " record TEXT NOT NULL)";
  char *error = NULL;
  if (sqlite3_exec(db, setup, NULL, NULL, &error) != SQLITE_OK) {
    fprintf(stderr, "floor: %s\n", error);
    exit(1);
  }
  if (sqlite3_prepare_v2(db, "INSERT INTO move VALUES (?, ?, ?, ?)", -1, &insert, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(db, "BEGIN", -1, &begin, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2(db, "COMMIT", -1, &commit, NULL) != SQLITE_OK) {
    fprintf(stderr, "floor: %s\n", sqlite3_errmsg(db));
    exit(1);
  }
}

static void step(sqlite3_stmt *s) {
  if (sqlite3_step(s) != SQLITE_DONE) {
    fprintf(stderr, "floor: %s\n", sqlite3_errmsg(db));
    exit(1);
  }
  sqlite3_reset(s);
}

/* A move read and not yet answered: its match and its number there. */
struct pending {
  int match;
  long seq;
};

/* Commits the moves (one transaction), then answers each to both seats of its match. */
static void settle(struct pending *moves, int n) {
  if (n == 0) return;
  if (db) {
    step(begin);
    for (int i = 0; i < n; i++) {
      char table[40], record[RECORD_BYTES + 1];
      snprintf(table, sizeof table, "%08x-0000-4000-8000-%012x", moves[i].match * 2654435761u, moves[i].match);
      memset(record, 'r', RECORD_BYTES);
      record[RECORD_BYTES] = 0;
      snprintf(record, 40, "{\"match\":%d,\"seq\":%ld,", moves[i].match, moves[i].seq);
      record[strlen(record)] = 'r';
      sqlite3_bind_text(insert, 1, table, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(insert, 2, moves[i].seq / 30);
      sqlite3_bind_int64(insert, 3, moves[i].seq);
      sqlite3_bind_text(insert, 4, record, RECORD_BYTES, SQLITE_TRANSIENT);
      step(insert);
    }
    step(commit);
    transactions++;
  }
  unsigned char update[4 + UPDATE_BYTES];
  memset(update, 's', sizeof update);
  put32(update, UPDATE_BYTES);
  for (int i = 0; i < n; i++) {
    put32(update + 4, (uint32_t)moves[i].seq);
    write_all(conns[2 * moves[i].match]->fd, update, sizeof update);
    write_all(conns[2 * moves[i].match + 1]->fd, update, sizeof update);
  }
}

/* Reads what a seat sent; returns the complete moves found (at most `room`). */
static int take(int index, struct pending *out, int room) {
  struct conn *c = conns[index];
  ssize_t r = read(c->fd, c->buf + c->have, BUFFER - c->have);
  if (r <= 0) {
    if (r < 0 && (errno == EAGAIN || errno == EINTR)) return 0;
    exit(0); /* the load left */
  }
  c->have += (size_t)r;
  int n = 0;
  size_t at = 0;
  while (n < room && c->have - at >= 4 && c->have - at >= 4 + get32(c->buf + at)) {
    at += 4 + get32(c->buf + at);
    out[n].match = index / 2;
    out[n].seq = ++seqs[index / 2];
    n++;
  }
  memmove(c->buf, c->buf + at, c->have - at);
  c->have -= at;
  return n;
}

static int accept_into(int listener, int epoll, int *count) {
  int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK);
  if (fd < 0) return -1;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct conn *c = calloc(1, sizeof *c);
  c->fd = fd;
  conns[*count] = c;
  struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)*count};
  if (epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &ev) < 0) die("epoll_ctl");
  (*count)++;
  return fd;
}

static void on_term(int sig) {
  (void)sig;
  char line[64];
  int n = snprintf(line, sizeof line, "floor: host transactions=%ld\n", transactions);
  if (write(2, line, (size_t)n) < 0) _exit(1);
  _exit(0);
}

/* One thread: epoll, read, commit, write. */
static void host_single(int listener, int total) {
  int epoll = epoll_create1(0);
  int count = 0;
  while (count < total)
    if (accept_into(listener, epoll, &count) < 0 && errno != EINTR) die("accept");
  static struct pending moves[MAX_CONNS];
  struct epoll_event events[256];
  for (;;) {
    int ready = epoll_wait(epoll, events, 256, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      die("epoll_wait");
    }
    int n = 0;
    for (int i = 0; i < ready; i++) n += take((int)events[i].data.u32, moves + n, MAX_CONNS - n);
    settle(moves, n);
  }
}

/* Two event loops (half the seats each) hand their moves to the journal's thread, which commits
 * every move waiting in one transaction and writes the answers itself, as tcnet's lane does. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER;
static struct pending queued[MAX_CONNS];
static int nqueued;

struct loop {
  int epoll;
};

static void *loop_main(void *arg) {
  struct loop *l = arg;
  struct epoll_event events[256];
  static __thread struct pending moves[MAX_CONNS];
  for (;;) {
    int ready = epoll_wait(l->epoll, events, 256, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      die("epoll_wait");
    }
    int n = 0;
    for (int i = 0; i < ready; i++) n += take((int)events[i].data.u32, moves + n, MAX_CONNS - n);
    if (n == 0) continue;
    pthread_mutex_lock(&lock);
    memcpy(queued + nqueued, moves, (size_t)n * sizeof *moves);
    nqueued += n;
    pthread_cond_signal(&work);
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

static void host_threads(int listener, int total) {
  struct loop loops[2] = {{epoll_create1(0)}, {epoll_create1(0)}};
  int count = 0;
  while (count < total) {
    int epoll = loops[(count / 2) % 2].epoll; /* both seats of a match on one loop */
    if (accept_into(listener, epoll, &count) < 0 && errno != EINTR) die("accept");
  }
  pthread_t threads[2];
  for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, loop_main, &loops[i]);
  static struct pending moves[MAX_CONNS];
  for (;;) {
    pthread_mutex_lock(&lock);
    while (nqueued == 0) pthread_cond_wait(&work, &lock);
    int n = nqueued;
    memcpy(moves, queued, (size_t)n * sizeof *moves);
    nqueued = 0;
    pthread_mutex_unlock(&lock);
    settle(moves, n);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The load                                                                                     */

static double cpu_of(pid_t pid) {
  char path[64], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  char *p = strrchr(text, ')');
  unsigned long utime = 0, stime = 0;
  if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
  return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static double cpu_self(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

static int usage(void) {
  fprintf(stderr, "usage: floor -m MATCHES -d SECONDS [--no-journal | --keyed] [--threads 1|2] [--json]\n"
                  "       floor -m MATCHES -d SECONDS --target PORT --host-pid PID [--json]\n");
  return 2;
}

int main(int argc, char **argv) {
  int matches = 0, threads = 1, json = 0, journal = 1, keyed = 0, target = 0;
  long target_pid = 0;
  double seconds = 0;
  static struct option options[] = {{"no-journal", no_argument, 0, 'n'},
                                    {"keyed", no_argument, 0, 'k'},
                                    {"threads", required_argument, 0, 't'},
                                    {"json", no_argument, 0, 'j'},
                                    {"target", required_argument, 0, 'p'},
                                    {"host-pid", required_argument, 0, 'P'},
                                    {0, 0, 0, 0}};
  int o;
  while ((o = getopt_long(argc, argv, "m:d:", options, NULL)) != -1) {
    switch (o) {
    case 'm': matches = atoi(optarg); break;
    case 'd': seconds = atof(optarg); break;
    case 'n': journal = 0; break;
    case 'k': keyed = 1; break;
    case 't': threads = atoi(optarg); break;
    case 'j': json = 1; break;
    case 'p': target = atoi(optarg); break;
    case 'P': target_pid = atol(optarg); break;
    default: return usage();
    }
  }
  if (matches < 1 || 2 * matches > MAX_CONNS || seconds <= 0 || (threads != 1 && threads != 2) ||
      (keyed && !journal))
    return usage();
  if ((target || target_pid) && (target < 1 || target > 65535 || target_pid < 1 || !journal || keyed || threads != 1)) {
    fprintf(stderr, "floor: --target takes a port (1-65535) with --host-pid PID, and no --no-journal, --keyed or"
                    " --threads: the relay there decides those\n");
    return usage();
  }
  if (target) journal = 0; /* nothing of ours to create or remove */

  char folder[] = "/tmp/floor.XXXXXX";
  if (journal && !mkdtemp(folder)) die("mkdtemp");
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  pid_t host = (pid_t)target_pid;
  if (target) {
    address.sin_port = htons((uint16_t)target);
  } else {
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    socklen_t length = sizeof address;
    if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 4096) < 0 ||
        getsockname(listener, (struct sockaddr *)&address, &length) < 0)
      die("listen");
    host = fork();
    if (host < 0) die("fork");
    if (host == 0) {
      signal(SIGTERM, on_term);
      if (journal) journal_open(folder, keyed);
      if (threads == 1) host_single(listener, 2 * matches);
      else host_threads(listener, 2 * matches);
      return 0;
    }
    close(listener);
  }

  int epoll = epoll_create1(0);
  static int fds[MAX_CONNS];
  static long seen[MAX_CONNS / 2];
  static size_t have[MAX_CONNS];
  static unsigned char bufs[MAX_CONNS][2 * (4 + UPDATE_BYTES)];
  for (int i = 0; i < 2 * matches; i++) {
    fds[i] = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(fds[i], (struct sockaddr *)&address, sizeof address) < 0) die("connect");
    int one = 1;
    setsockopt(fds[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
    epoll_ctl(epoll, EPOLL_CTL_ADD, fds[i], &ev);
  }
  unsigned char move[4 + MOVE_BYTES];
  memset(move, 'm', sizeof move);
  put32(move, MOVE_BYTES);
  for (int m = 0; m < matches; m++) write_all(fds[2 * m], move, sizeof move);

  long moves = 0, counted = 0;
  double start = now_s(), window = 0, host_cpu = 0, load_cpu = 0;
  int measuring = 0;
  struct epoll_event events[256];
  for (;;) {
    double t = now_s();
    if (!measuring && t - start >= 1) {
      measuring = 1;
      counted = moves;
      window = t;
      host_cpu = cpu_of(host);
      load_cpu = cpu_self();
    } else if (measuring && t - window >= seconds) {
      counted = moves - counted;
      window = t - window;
      host_cpu = cpu_of(host) - host_cpu;
      load_cpu = cpu_self() - load_cpu;
      break;
    }
    int ready = epoll_wait(epoll, events, 256, 100);
    for (int e = 0; e < ready; e++) {
      int i = (int)events[e].data.u32;
      ssize_t r = read(fds[i], bufs[i] + have[i], sizeof bufs[i] - have[i]);
      if (r <= 0) {
        if (r < 0 && errno == EINTR) continue;
        fprintf(stderr, "floor: the host closed a connection\n");
        if (!target) kill(host, SIGKILL);
        return 1;
      }
      have[i] += (size_t)r;
      while (have[i] >= 4 + UPDATE_BYTES) {
        long seq = get32(bufs[i] + 4);
        int m = i / 2;
        /* Seat A moves when seq is even, B when odd; each answer counts once, at seat A. */
        if (i % 2 == 0 && seq > seen[m]) {
          seen[m] = seq;
          moves++;
        }
        if ((seq % 2 == 0) == (i % 2 == 0)) write_all(fds[i], move, sizeof move);
        memmove(bufs[i], bufs[i] + 4 + UPDATE_BYTES, have[i] - (4 + UPDATE_BYTES));
        have[i] -= 4 + UPDATE_BYTES;
      }
    }
  }
  if (target) {
    /* The relay stops when its load leaves. */
    for (int i = 0; i < 2 * matches; i++) close(fds[i]);
  } else {
    kill(host, SIGTERM);
    int status;
    waitpid(host, &status, 0);
  }
  if (journal) {
    char command[128];
    snprintf(command, sizeof command, "rm -rf %s", folder);
    if (system(command) != 0) fprintf(stderr, "floor: could not remove %s\n", folder);
  }
  double rate = counted / window;
  double host_us = counted ? host_cpu * 1e6 / counted : 0, load_us = counted ? load_cpu * 1e6 / counted : 0;
  const char *kind = target ? "target" : !journal ? "off" : keyed ? "keyed" : "on";
  fprintf(stderr, "floor: matches=%d threads=%d journal=%s moves=%ld seconds=%.3f movesPerSecond=%.0f"
                  " hostCpuUsPerMove=%.1f clientCpuUsPerMove=%.1f\n",
          matches, threads, kind, counted, window, rate, host_us, load_us);
  if (json)
    printf("{\"matches\":%d,\"threads\":%d,\"journal\":\"%s\",\"moves\":%ld,\"movesPerSecond\":%.0f,"
           "\"hostCpuMicrosPerMove\":%.1f,\"clientCpuMicrosPerMove\":%.1f}\n",
           matches, threads, kind, counted, rate, host_us, load_us);
  return counted > 0 ? 0 : 1;
}
