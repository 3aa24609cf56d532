/* Preloaded into `clvet run` and its program (tests/layer/run_report_test.cpp): another process
 * cutting a trace at the worst moment for a reader. A writer grows its trace 8 MiB at a time
 * and cuts it to its length when its process ends; a writer given the path of a dead process's
 * trace again (its process id reused) truncates it. The trace named by CLVET_TEST_CUT_TRACE is
 * cut to CLVET_TEST_CUT_LENGTH bytes, once:
 *   - by default, at the second time this process asks its size (fstat) or reads from it
 *     (read, or pread of its first bytes): the first is clvet run's check of its first bytes
 *     (is it a trace at all), the
 *     second where it maps or reads the file to find whose it is. A size asked is the one
 *     before the cut, as a reader that maps the file gets it just before it maps it; a read
 *     gets what is there after the cut;
 *   - with CLVET_TEST_CUT_WHEN=whole, right after this process first maps the file (mmap) or
 *     reads a part of it at an offset (pread): where it reads the whole file, not its first
 *     bytes through a stream. A mapping then ends past the file's end; a read has its part.
 *     CLVET_TEST_CUT_AFTER=N lets the first N such reads pass (clvet run reads the start of a
 *     trace to find whose it is before it reads the trace's findings).
 * CLVET_TEST_CUT_PROCESS, when set, names the only program (its short name) that cuts. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int looks;

/* Whether `fd` is the trace to cut, in the process that cuts. */
static int is_the_trace(int fd) {
  const char* trace = getenv("CLVET_TEST_CUT_TRACE");
  const char* process = getenv("CLVET_TEST_CUT_PROCESS");
  if (trace == NULL || getenv("CLVET_TEST_CUT_LENGTH") == NULL) return 0;
  if (process != NULL && strcmp(process, program_invocation_short_name) != 0) return 0;
  char link[64];
  char target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, target, sizeof target - 1);
  if (n <= 0) return 0;
  target[n] = '\0';
  return strcmp(target, trace) == 0;
}

static void cut(void) {
  const int saved = errno;
  (void)truncate(getenv("CLVET_TEST_CUT_TRACE"), atoll(getenv("CLVET_TEST_CUT_LENGTH")));
  errno = saved;
}

static int cuts_whole_reads(void) {
  const char* when = getenv("CLVET_TEST_CUT_WHEN");
  return when != NULL && strcmp(when, "whole") == 0;
}

/* The default: at the second look at the file's size or its first bytes. */
static void cut_at_second_look(int fd) {
  if (looks >= 2 || cuts_whole_reads() || !is_the_trace(fd)) return;
  if (++looks == 2) cut();
}

/* CLVET_TEST_CUT_WHEN=whole: once the file is mapped or a part of it read. */
static void cut_at_whole_read(int fd) {
  static int passed;
  if (looks >= 1 || !cuts_whole_reads() || !is_the_trace(fd)) return;
  const char* after = getenv("CLVET_TEST_CUT_AFTER");
  if (after != NULL && passed < atoi(after)) {
    ++passed;
    return;
  }
  looks = 1;
  cut();
}

__attribute__((visibility("default"))) int fstat(int fd, struct stat* st) {
  static int (*real)(int, struct stat*);
  if (real == NULL) *(void**)&real = dlsym(RTLD_NEXT, "fstat");
  const int rc = real(fd, st);
  if (rc == 0) cut_at_second_look(fd);
  return rc;
}

__attribute__((visibility("default"))) ssize_t read(int fd, void* buffer, size_t size) {
  static ssize_t (*real)(int, void*, size_t);
  if (real == NULL) *(void**)&real = dlsym(RTLD_NEXT, "read");
  cut_at_second_look(fd);
  return real(fd, buffer, size);
}

__attribute__((visibility("default"))) void* mmap(void* at, size_t size, int protection, int flags,
                                                  int fd, off_t offset) {
  static void* (*real)(void*, size_t, int, int, int, off_t);
  if (real == NULL) *(void**)&real = dlsym(RTLD_NEXT, "mmap");
  void* mapped = real(at, size, protection, flags, fd, offset);
  if (mapped != MAP_FAILED && fd >= 0) cut_at_whole_read(fd);
  return mapped;
}

__attribute__((visibility("default"))) ssize_t pread(int fd, void* buffer, size_t size, off_t offset) {
  static ssize_t (*real)(int, void*, size_t, off_t);
  if (real == NULL) *(void**)&real = dlsym(RTLD_NEXT, "pread");
  if (offset == 0) cut_at_second_look(fd);
  const ssize_t got = real(fd, buffer, size, offset);
  if (got > 0) cut_at_whole_read(fd);
  return got;
}

__attribute__((visibility("default"))) ssize_t pread64(int fd, void* buffer, size_t size, off_t offset) {
  return pread(fd, buffer, size, offset);
}

__attribute__((visibility("default"))) void* mmap64(void* at, size_t size, int protection, int flags,
                                                    int fd, off_t offset) {
  return mmap(at, size, protection, flags, fd, offset);
}
