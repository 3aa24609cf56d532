/* Preloaded into `clvet run` and its program (tests/layer/run_report_test.cpp): the program
 * named by CLVET_TEST_PEAK_PROCESS (its short name) writes its peak resident memory (VmHWM of
 * /proc/self/status, in kB) to the file CLVET_TEST_PEAK_FILE as it exits, so that a test
 * measures clvet run alone, not the program it runs (which a child's rusage would include). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((destructor)) static void write_peak(void) {
  const char* process = getenv("CLVET_TEST_PEAK_PROCESS");
  const char* file = getenv("CLVET_TEST_PEAK_FILE");
  if (process == NULL || file == NULL || strcmp(process, program_invocation_short_name) != 0) return;
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) return;
  char line[256];
  long peak = -1;
  while (fgets(line, sizeof line, status))
    if (sscanf(line, "VmHWM: %ld kB", &peak) == 1) break;
  fclose(status);
  FILE* out = fopen(file, "w");
  if (out == NULL) return;
  fprintf(out, "%ld\n", peak);
  fclose(out);
}
