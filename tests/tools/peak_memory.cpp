// arbiter_peak_memory OUT PROGRAM [ARGS...]: runs PROGRAM and writes its peak resident
// memory in KiB (ru_maxrss) to the file OUT, then exits with PROGRAM's status (128 + the
// signal if one ended it).
//
// Why a program of its own (cli_scale_test.cpp): Linux counts in a process's ru_maxrss the
// memory of the program it replaced by exec, and a child forked by the tests starts as a
// copy of the test process (tens of MB once the real-games corpus has been read). Forked
// from this small program instead, the command's peak is its own.

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: arbiter_peak_memory OUT PROGRAM [ARGS...]\n");
    return 2;
  }
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("arbiter_peak_memory: fork");
    return 2;
  }
  if (pid == 0) {
    execvp(argv[2], argv + 2);
    std::perror("arbiter_peak_memory: exec");
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid) {
    std::perror("arbiter_peak_memory: wait4");
    return 2;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out || std::fprintf(out, "%ld\n", usage.ru_maxrss) < 0 || std::fclose(out) != 0) {
    std::perror(argv[1]);
    return 2;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
