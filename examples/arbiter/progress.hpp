#pragma once
// The progress line of the commands that read a database (audit, trace, pgn, dead): on
// standard error, how many games (or positions) are done and how many megabytes of input
// have been read. Shown only where it can be seen and spoils nothing: standard error is a
// terminal and the command's output is not (the line would land among the output), and
// not with --no-progress. Redrawn once 1024 more are done or half a second has passed,
// whichever comes first; cleared before any other message on standard error and at the end.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "audit_text.hpp"
#include "output.hpp"  // is_terminal

namespace arbiter_cli {

class ProgressLine {
 public:
  /// `wanted`: not --no-progress; `output_on_terminal`: the command's output goes to the
  /// terminal (standard output, unless the command writes to a file). The line is
  /// `message` in `lang`, its placeholder `counted` ("games", "positions") the count done
  /// and {mb} the megabytes read ("12.3").
  ProgressLine(bool wanted, bool output_on_terminal, AuditText message, arbiter::Language lang,
               std::string_view counted = "games")
      : on_(wanted && !output_on_terminal && is_terminal(stderr)),
        message_(message),
        lang_(lang),
        counted_(counted) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// `done` items are done and `bytes` of input taken so far (in input order).
  void update(std::uint64_t done, std::uint64_t bytes) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < drawn_ + 1024 && now - drawn_at_ < std::chrono::milliseconds(500)) return;
    drawn_ = done;
    drawn_at_ = now;
    const std::string count = std::to_string(done);
    const std::string mb = fmt::format("{:.1f}", double(bytes) / 1e6);
    fmt::print(stderr, "\r{}\033[K", say(message_, lang_, {{counted_, count}, {"mb", mb}}));
    std::fflush(stderr);
    shown_ = true;
  }

  /// Writes `text` on standard error, the line cleared first (the next update draws it again).
  void message(std::string_view text) {
    clear();
    fmt::print(stderr, "{}", text);
  }

  /// Clears the line (before the command's last words, and at the end).
  void clear() {
    if (!shown_) return;
    fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
    shown_ = false;
  }

 private:
  bool on_;
  bool shown_ = false;  // drawn and not cleared since
  AuditText message_;
  arbiter::Language lang_;
  std::string_view counted_;
  std::uint64_t drawn_ = 0;  // the count when last drawn
  std::chrono::steady_clock::time_point drawn_at_ = std::chrono::steady_clock::now();
};

}  // namespace arbiter_cli
