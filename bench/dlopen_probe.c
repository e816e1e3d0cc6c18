/*
 * dlopen_probe.c — one measurement of loading a shared library, for bench/bench.c.
 *
 *   build/bench-dlopen LIBRARY SYMBOL
 *
 * In a fresh process (this program links no library but libc), times dlopen(LIBRARY, RTLD_NOW)
 * plus dlsym(SYMBOL) plus the first call of SYMBOL, a `const char *(void)` function
 * (sl_version_string, json_c_version), and reads the resident set size before and after. Prints
 * one line: nanoseconds, RSS before (bytes), RSS after (bytes), and the string the call returned.
 * The benchmark starts it once per repetition, alternating the library and its floor.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double rss_bytes(void) {
  FILE *file = fopen("/proc/self/statm", "r");
  unsigned long size = 0, resident = 0;
  if (!file) return -1;
  if (fscanf(file, "%lu %lu", &size, &resident) != 2) resident = 0;
  fclose(file);
  return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

typedef const char *(*version_fn)(void);

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s LIBRARY SYMBOL\n", argv[0]);
    return 2;
  }
  double rss0 = rss_bytes();
  double t0 = now_ns();
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "bench-dlopen: %s\n", dlerror());
    return 1;
  }
  version_fn fn;
  void *symbol = dlsym(library, argv[2]);
  if (!symbol) {
    fprintf(stderr, "bench-dlopen: %s\n", dlerror());
    return 1;
  }
  memcpy(&fn, &symbol, sizeof fn); /* ISO C has no cast from object to function pointer */
  const char *version = fn();
  double elapsed = now_ns() - t0;
  double rss1 = rss_bytes();
  printf("%.0f %.0f %.0f %s\n", elapsed, rss0, rss1, version ? version : "(null)");
  return 0;
}
