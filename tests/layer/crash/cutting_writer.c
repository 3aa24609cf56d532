/* Preloaded into `clvet run` (tests/layer/run_report_test.cpp): another program's trace writer
 * cutting its file at the worst moment for a reader. The writer grows its trace 8 MiB at a
 * time and cuts it to its length when its process ends. Here the trace named by
 * CLVET_TEST_CUT_TRACE is cut to CLVET_TEST_CUT_LENGTH bytes at the second time this process
 * asks its size (fstat) or reads from it (read): the first is clvet run's check of its first
 * bytes (is it a trace at all), the second where it maps or reads the file to find whose it is.
 * A size asked is the one before the cut, as a reader that maps the file gets it just before it
 * maps it; a read gets what is there after the cut. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int looks;

static void cut_if_it_is_the_trace(int fd) {
  const char* trace = getenv("CLVET_TEST_CUT_TRACE");
  const char* length = getenv("CLVET_TEST_CUT_LENGTH");
  if (looks >= 2 || trace == NULL || length == NULL) return;
  char link[64];
  char target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, target, sizeof target - 1);
  if (n <= 0) return;
  target[n] = '\0';
  if (strcmp(target, trace) != 0) return;
  if (++looks == 2) (void)truncate(trace, atoll(length));
}

__attribute__((visibility("default"))) int fstat(int fd, struct stat* st) {
  static int (*real)(int, struct stat*);
  if (real == NULL) real = (int (*)(int, struct stat*))dlsym(RTLD_NEXT, "fstat");
  const int rc = real(fd, st);
  if (rc == 0) cut_if_it_is_the_trace(fd);
  return rc;
}

__attribute__((visibility("default"))) ssize_t read(int fd, void* buffer, size_t size) {
  static ssize_t (*real)(int, void*, size_t);
  if (real == NULL) real = (ssize_t(*)(int, void*, size_t))dlsym(RTLD_NEXT, "read");
  cut_if_it_is_the_trace(fd);
  return real(fd, buffer, size);
}
