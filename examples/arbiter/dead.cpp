// arbiter dead: can each side checkmate by some series of legal moves (5.2.2, 6.9)?
// One row per FEN read, streaming (one position in memory at a time).

#include "dead.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/fen.hpp>
#include <arbiter/notation/uci.hpp>
#include <arbiter/unwinnable.hpp>

#include "in_order.hpp"
#include "input.hpp"
#include "memory_pages.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "reading.hpp"
#include "rulings.hpp"

namespace arbiter_cli {
namespace {

using nlohmann::json;

// The FEN of an input line: what precedes a tab or " ;", trimmed.
std::string fen_of_line(const std::string& line) {
  std::size_t end = line.find('\t');
  const std::size_t semi = line.find(" ;");
  if (semi < end) end = semi;
  std::string fen = line.substr(0, end);
  const std::size_t first = fen.find_first_not_of(" \r\n");
  if (first == std::string::npos) return {};
  return fen.substr(first, fen.find_last_not_of(" \r\n") - first + 1);
}

// `fen` as the first column of a row: a byte below 0x20 or 0x7F as \xNN and a backslash
// doubled, so that a bad line's echo (a FEN can hold none of them) keeps its row one line
// of seven columns and sends no control sequence to a terminal.
std::string tsv_column(const std::string& fen) {
  std::string out;
  out.reserve(fen.size());
  for (const char c : fen) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == '\\')
      out += "\\\\";
    else if (byte < 0x20 || byte == 0x7F)
      out += fmt::format("\\x{:02X}", byte);
    else
      out += c;
  }
  return out;
}

// Reads a FEN as written. Four fields (as EPD and the test sets write them) are read
// with the move counters 0 and 1; nothing else is repaired. `startpos` is the start.
using FenRead = arbiter::Result<arbiter::ParsedFen, arbiter::FenError>;

FenRead read_fen(const std::string& fen) {
  if (fen == "startpos") return arbiter::ParsedFen{arbiter::Position::startpos(), {}};
  FenRead r = arbiter::parse_fen(fen);
  if (!r && r.error().error == arbiter::PositionError::FieldCount) {
    int fields = 0;
    for (std::size_t i = 0; i < fen.size(); ++i)
      fields += fen[i] != ' ' && (i == 0 || fen[i - 1] == ' ');
    if (fields == 4) {
      FenRead filled = arbiter::parse_fen(fen + " 0 1");
      if (filled) return filled;
    }
  }
  return r;
}

// The helpmate in UCI, moves separated by single spaces; "#" when the position is
// already checkmate by that side; "-" when the side is not Win.
std::string mate_text(const arbiter::Position& start, const arbiter::WinAnswer& a) {
  if (!a.win()) return "-";
  if (a.length == 0) return "#";
  std::string text;
  arbiter::Position p = start;
  for (int i = 0; i < a.length; ++i) {
    if (i) text += ' ';
    text += arbiter::to_uci(p, a.line[i]);
    p.play_in_place(a.line[i]);
  }
  return text;
}

const char* dead_text(arbiter::Deadness d) {
  switch (d) {
    case arbiter::Deadness::Dead:
      return "1";
    case arbiter::Deadness::Alive:
      return "0";
    case arbiter::Deadness::Unknown:
      return "?";
  }
  return "?";
}

// The analysis of one line: its row, and the message for standard error if its FEN is bad.
struct DeadRow {
  std::string out, message;
  bool bad = false;
};

// Analyses lines (one DeadWriter per -j thread: each has its own search workspace).
class DeadWriter {
 public:
  explicit DeadWriter(const DeadCommand& c)
      : command_(c),
        workspace_(c.quick ? arbiter::WinWorkspace::for_quick()
                           : arbiter::WinWorkspace::for_full(huge_page_memory())),
        white_(std::make_unique<arbiter::WinAnswer>()),
        black_(std::make_unique<arbiter::WinAnswer>()) {
    budget_ = c.nodes > 0 ? std::uint64_t(c.nodes)
              : c.quick   ? arbiter::quick_node_budget
                          : arbiter::full_node_budget;
  }

  // The row of one input line (none for a blank or `#` line).
  void line(const std::string& text, const std::string& where, DeadRow& row) {
    row.out.clear();
    row.message.clear();
    row.bad = false;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) return;
    if (text[text.find_first_not_of(" \t")] == '#') return;
    const std::string fen = fen_of_line(text);
    const FenRead r = read_fen(fen);
    std::string& out = row.out;
    if (!r) {
      row.bad = true;
      row.message = fmt::format("arbiter: {}: invalid FEN: {}\n", where, r.error().message());
      if (command_.json)
        out = json({{"fen", fen},
                    {"white", "error"},
                    {"black", "error"},
                    {"error", r.error().message()}})
                  .dump(-1, ' ', false, json::error_handler_t::replace);
      else
        out = fmt::format("{}\terror\terror\t?\t-\t-\t0", tsv_column(fen));
    } else {
      const arbiter::Position& position = r->position;
      const arbiter::WinMode mode =
          command_.quick ? arbiter::WinMode::Quick : arbiter::WinMode::Full;
      arbiter::analyze_win(position, arbiter::Color::White, mode, budget_, workspace_, *white_);
      arbiter::analyze_win(position, arbiter::Color::Black, mode, budget_, workspace_, *black_);
      const arbiter::Deadness dead = arbiter::deadness(white_->verdict, black_->verdict);
      const std::uint64_t nodes = white_->nodes + black_->nodes;
      const std::string white_mate = mate_text(position, *white_),
                        black_mate = mate_text(position, *black_);
      if (command_.json) {
        json j = {
            {"fen", fen},
            {"white", arbiter::to_string(white_->verdict)},
            {"black", arbiter::to_string(black_->verdict)},
            {"dead", dead == arbiter::Deadness::Unknown ? json(nullptr)
                                                        : json(dead == arbiter::Deadness::Dead)},
            {"white_mate", white_->win() ? json(white_mate) : json(nullptr)},
            {"black_mate", black_->win() ? json(black_mate) : json(nullptr)},
            {"nodes", nodes}};
        out = j.dump(-1, ' ', false, json::error_handler_t::replace);
      } else {
        out = fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}", tsv_column(fen),
                          arbiter::to_string(white_->verdict), arbiter::to_string(black_->verdict),
                          dead_text(dead), white_mate, black_mate, nodes);
      }
    }
    out += '\n';
  }

 private:
  const DeadCommand& command_;
  arbiter::WinWorkspace workspace_;
  std::uint64_t budget_ = 0;
  std::unique_ptr<arbiter::WinAnswer> white_, black_;
};

// Writes a row (its message on standard error past the progress line); false once
// standard output has failed.
bool emit_row(const DeadRow& row, bool flush, ProgressLine& progress) {
  if (!row.message.empty()) progress.message(row.message);
  standard_output().write(row.out);
  if (flush) std::fflush(stdout);  // a row as soon as its line is read
  return !standard_output().failed();
}

// Appends the rest of the line standard input is at, with its '\n' if it has one (a NUL
// byte is kept as a byte of the line, never taken for its end).
void read_stdin_line(std::string& line) {
  for (int c; (c = std::getc(stdin)) != EOF;) {
    line += char(c);
    if (c == '\n') break;
  }
}

// How standard input starts: `read`, its first bytes up to the end of the first line or
// as many as a compression's magic bytes take (none of them is '\n'), and whether they
// begin a compressed stream (then read whole through Input, those bytes first), as a
// file's first bytes tell it (compression_of()). Otherwise FENs are answered line by line,
// `read` the start of the first.
struct StdinStart {
  bool compressed = false;
  std::string read;
};
StdinStart start_of_stdin() {
  StdinStart start;
  for (int c; start.read.size() < compression_magic_bytes && (c = std::getc(stdin)) != EOF;) {
    start.read += char(c);
    if (c == '\n') break;
  }
  start.compressed = compression_of(start.read) != Compression::None;
  return start;
}

// One line of an input file, where it is (FILE:N), and the bytes of input read up to it.
struct DeadLine {
  std::string text, where;
  std::uint64_t bytes = 0;
};

}  // namespace

int run_dead(const DeadCommand& command) {
  std::vector<std::string> files = command.files;
  if (files.empty() && command.fen.empty()) files.push_back("-");
  if (!inputs_readable(files)) return exit_bad_input;
  if (!command.json)
    standard_output().write("fen\twhite\tblack\tdead\twhite_mate\tblack_mate\tnodes\n");
  std::vector<std::unique_ptr<DeadWriter>> writers;
  for (unsigned j = 0; j < std::max(1u, command.jobs); ++j)
    writers.push_back(std::make_unique<DeadWriter>(command));
  // No --lang: English.
  ProgressLine progress(command.progress, is_terminal(stdout), AuditText::ProgressDead,
                        arbiter::Language::English, "positions");
  std::uint64_t done = 0, bytes = 0;  // positions analysed, bytes read (every file)
  bool bad = false;
  DeadRow row;
  if (!command.fen.empty()) {
    writers[0]->line(command.fen, "--fen", row);
    bad |= row.bad;
    if (!emit_row(row, false, progress)) return exit_bad_input;
    ++done;
  }
  for (const std::string& name : files) {
    const bool is_stdin = name == "-";
    const std::string label = is_stdin ? "<stdin>" : name;
    // Standard input is read line by line as it comes, and answered so (one thread, a
    // flush per row: a program may send one FEN and wait for its row), unless it starts a
    // compressed stream (start_of_stdin()). A file, or such a stream, is read through
    // Input (plain or compressed, told by its first bytes), and analysed by the -j
    // threads, its rows written in its order.
    StdinStart start;
    if (is_stdin) start = start_of_stdin();
    const bool streamed = is_stdin && !start.compressed;
    std::unique_ptr<Input> input;
    if (!streamed) {
      arbiter::Result<std::unique_ptr<Input>, std::string> opened =
          Input::open(name, is_stdin ? start.read : std::string());
      if (!opened) {
        progress.message(fmt::format("arbiter: {}\n", opened.error()));
        return exit_bad_input;
      }
      input = std::move(opened).value();
    }
    std::optional<InputLines> lines;
    if (input) lines.emplace(*input);
    std::uint64_t number = 0;
    const std::uint64_t bytes_before = bytes;
    std::string pending = streamed ? std::move(start.read) : std::string();  // a line begun
    // Reads the next line (a long one whole); false at the end of the input.
    auto read = [&](DeadLine& line) {
      if (lines) {
        line.text.clear();
        if (!lines->next(line.text)) return false;
        bytes = bytes_before + input->bytes_read();
      } else {
        line.text.swap(pending);  // the start of the first line, if not read yet
        pending.clear();
        if (line.text.empty() || line.text.back() != '\n') read_stdin_line(line.text);
        if (line.text.empty()) return false;
        bytes += line.text.size();
      }
      line.where = fmt::format("{}:{}", label, ++number);
      line.bytes = bytes;
      return true;
    };
    judge_in_order<DeadLine, DeadRow>(
        streamed ? 1u : command.jobs, read,
        [&](const DeadLine& line, DeadRow& r, unsigned worker) {
          writers[worker]->line(line.text, line.where, r);
        },
        [&](const DeadLine& line, const DeadRow& r) {
          bad |= r.bad;
          const bool written = emit_row(r, streamed, progress);
          progress.update(++done, line.bytes);
          return written;
        });
    if (standard_output().failed()) return exit_bad_input;
    if (streamed && std::ferror(stdin)) {
      progress.message(fmt::format("arbiter: {}: read error\n", label));
      return exit_bad_input;
    }
    if (input && input->failed()) {
      // Every complete line before the break has its row; a line it cut short has none.
      progress.message(
          fmt::format("arbiter: {}: {} (after line {})\n", label, input->error(), lines->number()));
      if (input->io_failed()) return exit_bad_input;
      bad = true;
    }
  }
  return bad ? exit_bad_game : exit_ok;
}

}  // namespace arbiter_cli
