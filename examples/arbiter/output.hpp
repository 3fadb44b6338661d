#pragma once
// Where the arbiter tool writes its answers: standard output, or the file of `pgn --out`.
// Every write is checked and the first failure kept with its reason, so that a full disk
// in a long batch job never goes unnoticed: main() finishes the output of every command
// and turns a failure into "cannot write standard output: <reason>" and exit status 2.
// Nothing else writes to standard output (fmt::print(stdout) would throw on a failed write).

#include <cstddef>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>

#if defined(_WIN32)
#include <io.h>  // _isatty
#else
#include <unistd.h>  // isatty
#endif

namespace arbiter_cli {

/// Whether `stream` is a terminal.
inline bool is_terminal(std::FILE* stream) {
#if defined(_WIN32)
  return _isatty(_fileno(stream)) != 0;
#else
  return isatty(fileno(stream)) != 0;
#endif
}

/// The buffer of a file the tool writes (not a terminal, which keeps its line buffering):
/// long outputs in few system calls. The C library's default, one 4 KiB block, made 3,667
/// calls for `audit --json` on the TCEC file, at about 1.2 us each in the VMs measured:
/// about 1.5% of the audit's time.
inline constexpr std::size_t output_buffer_bytes = std::size_t(1) << 16;

class Output {
 public:
  /// `name` is what a failure message calls it ("standard output", or a file's name);
  /// with `owned` the file is closed by finish(), and, being one the tool has just opened
  /// (nothing written yet), gets a buffer of output_buffer_bytes.
  Output(std::FILE* file, std::string name, bool owned = false);
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() { finish(); }

  /// Writes `text`; once a write has failed, nothing more is written.
  void write(std::string_view text);

  template <class... Args>
  void print(fmt::format_string<Args...> format, Args&&... args) {
    buffer_.clear();
    fmt::format_to(std::back_inserter(buffer_), format, std::forward<Args>(args)...);
    write(buffer_);
  }

  /// Whether a write has failed (a long command may stop early).
  bool failed() const noexcept { return error_ != 0; }

  /// Flushes, keeping the file open: false, with the message of finish(), if any write
  /// failed (a file written and then read back, like the HTML report's temporary file).
  bool flush();

  /// The file written.
  std::FILE* file() const noexcept { return file_; }

  /// Flushes (and closes an owned file). False, with "arbiter: cannot write NAME: reason"
  /// on standard error (once), if any write failed.
  bool finish();

 private:
  void fail(int error) noexcept;

  std::FILE* file_;
  std::string name_;
  bool owned_;
  int error_ = 0;  // errno of the first failure
  bool finished_ = false;
  std::string buffer_;
  std::unique_ptr<char[]> file_buffer_;  // an owned file's (freed after finish() closed it)
};

/// The tool's standard output, with a buffer of output_buffer_bytes where it is not a
/// terminal: main() asks for it before anything is written to standard output.
Output& standard_output();

}  // namespace arbiter_cli
