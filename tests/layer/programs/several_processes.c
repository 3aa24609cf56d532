/* An application that starts other processes, as test runners and piglit do: it runs itself
 * twice more, one after the other, and each of the three processes passes a NULL handle of
 * its own. clvet run reports the findings of every process, not only of the last to end.
 * runs-without-clvet: yes */
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"

static int child(const char* which) {
  (void)choose_platform(); /* the loader, and the layer under it, start in this process too */
  if (strcmp(which, "1") == 0)
    report_code("first child retains NULL", clRetainContext(NULL)); /* expect: RetainContextInvalidContext */
  else
    report_code("second child releases NULL", clReleaseCommandQueue(NULL)); /* expect: ReleaseCommandQueueInvalidQueue */
  printf("child %s done\n", which);
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && strcmp(argv[1], "child") == 0) return child(argv[2]);
  for (int k = 1; k <= 2; ++k) {
    fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
      const char* which = k == 1 ? "1" : "2";
      execl("/proc/self/exe", argv[0], "child", which, (char*)NULL);
      _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
      fprintf(stderr, "child %d failed\n", k);
      return 2;
    }
  }
  struct setup s = setup_first_device();
  report_code("parent releases NULL", clReleaseMemObject(NULL)); /* expect: ReleaseMemObjectInvalidMemObject */
  printf("parent done\n");
  teardown(&s);
  return 0;
}
