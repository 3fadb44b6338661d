#pragma once
// Running a built program from a test (POSIX): its standard output and exit status.

#if !defined(_WIN32)
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

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

/// Runs a shell command and collects its standard output and exit status.
inline Run run_command(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Run r;
  std::array<char, 65536> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : -1;
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
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : -1;
}

}  // namespace arbiter_test

#endif
