#pragma once
// Running a built program from a test (POSIX): its standard output and exit status.

#if !defined(_WIN32)
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_util.hpp"

namespace arbiter_test {

/// A fresh temporary directory, removed with what it holds at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::random_device rd;
    path = std::filesystem::temp_directory_path() / ("arbiter_test_" + std::to_string(rd()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string file(const std::string& name, const std::string& content) const {
    const std::string p = (path / name).string();
    std::ofstream out(p, std::ios::binary);
    out << content;
    return p;
  }
};

struct Run {
  std::string out;  // standard output
  int status;       // exit status; 128 + N when killed by signal N
};

/// `word` quoted for the POSIX shell: in single quotes, a single quote inside as '\''.
inline std::string quote(const std::string& word) {
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// A wait status as an exit status: 128 + N when killed by signal N.
inline int exit_status(int raw) {
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : -1;
}

/// Runs a shell command and collects its standard output and exit status.
inline Run run_command(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Run r;
  std::array<char, 65536> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  r.status = exit_status(raw);
  return r;
}

/// What a shell command wrote on each stream, and its exit status.
struct Captured {
  std::string out, err;
  int status;  // exit status; 128 + N when killed by signal N
};

/// Runs a shell command (it may end with a `< file` redirection) with its standard error
/// written to the file `err` and read back.
inline Captured run_capturing(const std::string& command, const std::filesystem::path& err) {
  const Run r = run_command(command + " 2>" + quote(err.string()));
  return {r.out, read_file(err), r.status};
}

/// Runs a shell command, calling on_line for each line of its standard output (without
/// the newline), and returns its exit status: for outputs too large to hold in memory.
template <class OnLine>
int run_command_lines(const std::string& command, OnLine&& on_line) {
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 65536> buffer;
  std::string line;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    for (const char *p = buffer.data(), *end = p + n; p != end;) {
      const char* newline = std::find(p, end, '\n');
      line.append(p, newline);
      if (newline == end) break;
      on_line(line);
      line.clear();
      p = newline + 1;
    }
  }
  if (!line.empty()) on_line(line);
  const int raw = pclose(pipe);
  return exit_status(raw);
}

/// A program run with pipes to its standard input and from its standard output, for a
/// test that talks to it: writes, waits for lines, looks at the process while it runs.
class Conversation {
 public:
  /// Starts `program` with `args` (no shell).
  Conversation(const char* program, std::initializer_list<const char*> args) {
    int to_child[2], from_child[2];
    REQUIRE(pipe(to_child) == 0);
    REQUIRE(pipe(from_child) == 0);
    std::vector<const char*> argv{program};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back(nullptr);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execv(program, const_cast<char* const*>(argv.data()));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    to_ = to_child[1];
    from_ = from_child[0];
  }
  Conversation(const Conversation&) = delete;
  Conversation& operator=(const Conversation&) = delete;
  ~Conversation() {
    if (pid_ > 0) finish();
  }

  pid_t pid() const { return pid_; }
  /// What it has written so far.
  const std::string& got() const { return got_; }
  /// Writes `text` to its standard input; false if not all of it could be.
  bool write(const std::string& text) {
    return ::write(to_, text.data(), text.size()) == ssize_t(text.size());
  }
  /// Reads until it has written `lines` lines in all, within 20 seconds; false if not.
  bool read_lines(std::size_t lines) {
    while (std::size_t(std::count(got_.begin(), got_.end(), '\n')) < lines) {
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, 20000) <= 0) return false;
      char buffer[4096];
      const ssize_t n = read(from_, buffer, sizeof buffer);
      if (n <= 0) return false;
      got_.append(buffer, std::size_t(n));
    }
    return true;
  }
  /// Closes its standard input and waits for it: its exit status (128 + N when killed by
  /// signal N).
  int finish() {
    close(to_);
    int raw = 0;
    waitpid(pid_, &raw, 0);
    close(from_);
    pid_ = -1;
    return exit_status(raw);
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string got_;
};

}  // namespace arbiter_test

#endif
