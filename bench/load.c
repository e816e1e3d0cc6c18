/*
 * load.c — the benchmark's loading figures: dlopen and the first call in fresh processes, and
 * the size of the shared library (the harness is bench/bench.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "bench.h"
#include "snaplayout.h"

/* ---------------------------------------------------------------------------------------------
 * Loading: dlopen + first call in fresh processes, and the size of the .so
 * ------------------------------------------------------------------------------------------- */

#define PATH_SIZE 4096

/* The file of a library this process has mapped, by a part of its name ("/libjson-c.so."). */
static void mapped_library(const char *needle, char *out, size_t size) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[PATH_SIZE + 256];
  if (!maps) die("cannot open /proc/self/maps");
  out[0] = 0;
  while (fgets(line, sizeof line, maps)) {
    char *path = strchr(line, '/');
    if (!path || !strstr(path, needle)) continue;
    path[strcspn(path, "\n")] = 0;
    snprintf(out, size, "%s", path);
    break;
  }
  fclose(maps);
  if (!out[0]) die("a library is not mapped");
}

/* Runs a program (argv[0] a path, or a name found on PATH) and reads what it prints into `out`;
   returns its exit status (-1 when it did not exit). */
static int run_program(char *const argv[], char *out, size_t size) {
  int fds[2];
  if (pipe(fds) != 0) die("pipe failed");
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) die("fork failed");
  if (pid == 0) {
    close(fds[0]);
    if (dup2(fds[1], STDOUT_FILENO) < 0) _exit(127);
    execvp(argv[0], argv);
    _exit(127);
  }
  close(fds[1]);
  size_t got = 0;
  for (;;) {
    ssize_t n = read(fds[0], out + got, size - 1 - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += (size_t)n;
    if (got == size - 1) break;
  }
  out[got] = 0;
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) die("waitpid failed");
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

typedef struct load_result {
  double ns, rss_growth;
  char version[64];
} load_result;

/* One dlopen + first call, in a fresh process started from build/bench-dlopen. */
static load_result load_once(const char *probe, const char *library, const char *symbol) {
  char output[256];
  char *argv[4] = {(char *)probe, (char *)library, (char *)symbol, NULL};
  load_result result;
  double rss0 = 0, rss1 = 0;
  if (run_program(argv, output, sizeof output) != 0)
    die("build/bench-dlopen failed (is it built? `make bench` builds it)");
  if (sscanf(output, "%lf %lf %lf %63s", &result.ns, &rss0, &rss1, result.version) != 4)
    die("cannot read build/bench-dlopen's output");
  result.rss_growth = rss1 - rss0;
  return result;
}

/* The size of a shared library after `strip`, in bytes. */
static double stripped_size(const char *path) {
  char temporary[] = "/tmp/snaplayout-bench-XXXXXX", output[256];
  int fd = mkstemp(temporary);
  if (fd < 0) die("mkstemp failed");
  close(fd);
  char *argv[5] = {"strip", "-o", temporary, (char *)path, NULL};
  int status = run_program(argv, output, sizeof output);
  struct stat info;
  int found = stat(temporary, &info) == 0;
  unlink(temporary);
  if (status != 0 || !found) die("strip failed (binutils' strip measures the .so size)");
  return (double)info.st_size;
}

void bench_load(void) {
  char exe[PATH_SIZE], probe[PATH_SIZE + 16], ours[PATH_SIZE], jsonc[PATH_SIZE];
  ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (length <= 0) die("cannot read /proc/self/exe");
  exe[length] = 0;
  char *slash = strrchr(exe, '/');
  if (slash) *slash = 0;
  snprintf(probe, sizeof probe, "%s/bench-dlopen", exe);
  mapped_library("/libsnaplayout.so", ours, sizeof ours);
  mapped_library("/libjson-c.so", jsonc, sizeof jsonc);

  double ns[64], floor_ns[64], rss[64], floor_rss[64];
  load_once(probe, ours, "sl_version_string"); /* warm-up: both files in the page cache */
  load_once(probe, jsonc, "json_c_version");
  for (int rep = 0; rep < reps; rep++) {
    load_result a = load_once(probe, ours, "sl_version_string");
    load_result b = load_once(probe, jsonc, "json_c_version");
    /* The floor does what the library's load does: each call returns its library's version. */
    if (strcmp(a.version, sl_version_string()) != 0 || strcmp(b.version, json_c_version()) != 0)
      die("bench-dlopen: a first call returned another version");
    ns[rep] = a.ns / 1000;
    floor_ns[rep] = b.ns / 1000;
    rss[rep] = a.rss_growth / 1024;
    floor_rss[rep] = b.rss_growth / 1024;
  }
  stats lib = summarize(ns, reps), floor_stats = summarize(floor_ns, reps);
  part = PART_LOAD;
  add_row("dlopen + sl_version_string, fresh process", "-", lib, "us")->ratio =
      lib.median / floor_stats.median;
  add_row("floor: dlopen libjson-c + json_c_version", "-", floor_stats, "us");
  lib = summarize(rss, reps);
  floor_stats = summarize(floor_rss, reps);
  part = PART_MEMORY;
  add_row("RSS added by dlopen + sl_version_string", "-", lib, "KiB")->ratio =
      lib.median / floor_stats.median;
  add_row("floor: dlopen libjson-c + json_c_version", "-", floor_stats, "KiB");

  /* Sizes: each file stripped by the same command, as the install does. */
  part = PART_SIZE;
  double size = stripped_size(ours), floor_size = stripped_size(jsonc);
  stats a = {size / 1024, NAN}, b = {floor_size / 1024, NAN};
  add_row("libsnaplayout.so.0, stripped", "-", a, "KiB")->ratio = size / floor_size;
  add_row("floor: libjson-c .so, stripped (a dependency)", "-", b, "KiB");
}
