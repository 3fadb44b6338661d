// libFuzzer target for the PGN reader and writer (notation/pgn.hpp).
//
// Each input is read as a PGN stream from memory, from a std::istream and from a FILE*,
// the last two with a 512-byte buffer so that tokens, comments and lookahead cross buffer
// boundaries. These must hold (a violation prints what failed and traps):
//
//   1. the reader ends (no hang: libFuzzer's -timeout) without crashing, and reports
//      as many games as it delivered, bad ones included;
//   2. the three sources give the same events;
//   3. every game it returns replays legally: main line and variations, null moves only
//      where the side to move is not in check;
//   4. write_pgn of each game succeeds, reads back as one game with the same start
//      position and the same moves, and writing that again gives the same text;
//   5. with drop_bad_variations, and with variations and comments skipped, the reader
//      also ends and returns games that replay legally.
//
// Build: cmake --preset fuzz && cmake --build --preset fuzz; run:
//   build/fuzz/bin/pgn_fuzzer -max_total_time=60 work tests/fuzz/corpus/pgn

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>

namespace {

using namespace arbiter;

std::string_view input;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(
      stderr, "\n=== pgn_fuzzer: invariant violated: %s\n%s\ninput (%zu bytes): \"%.*s\"\n", what,
      detail.c_str(), input.size(), int(input.size() > 2000 ? 2000 : input.size()), input.data());
  std::fflush(stderr);
  __builtin_trap();
}

#define PGN_CHECK(cond, detail)         \
  do {                                  \
    if (!(cond)) fail(#cond, (detail)); \
  } while (0)

// Every event as text.
struct Recorder : PgnVisitor {
  std::string log;
  void begin_game(std::uint64_t n, std::uint64_t line) override {
    log += "B" + std::to_string(n) + "@" + std::to_string(line) + "\n";
  }
  void tag(std::string_view name, std::string_view value) override {
    log += "T" + std::string(name) + "=" + std::string(value) + "\n";
  }
  PgnAction begin_movetext(const Position& start) override {
    log += "S" + to_fen(start) + "\n";
    return PgnAction::Continue;
  }
  void move(const Position&, Move m, std::string_view san) override {
    log += "M" + std::string(san) + ":" + std::to_string(m.raw()) + "\n";
  }
  void nag(int n) override { log += "N" + std::to_string(n) + "\n"; }
  void comment(std::string_view text, bool truncated) override {
    log += "C" + std::string(text) + (truncated ? "~" : "") + "\n";
  }
  void begin_variation() override { log += "(\n"; }
  void end_variation() override { log += ")\n"; }
  void result(GameResult r) override { log += std::string("R") + to_pgn(r) + "\n"; }
  void end_game() override { log += "E\n"; }
  void game_error(const PgnError& e) override { log += "X" + e.to_string() + "\n"; }
  void warning(const PgnError& w) override { log += "W" + w.to_string() + "\n"; }
};

std::string record(PgnReader reader) {
  Recorder r;
  std::uint64_t delivered = 0;
  while (!is_end(reader.next(r))) ++delivered;
  PGN_CHECK(delivered == reader.games(), "games() is not the number of games delivered");
  return r.log;
}

void replay_line(const PgnLine& line, Position pos, const std::string& where) {
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    const PgnMove& m = line.moves[i];
    const Position before = pos;
    if (m.move) {
      PGN_CHECK(is_legal(pos, m.move), where + ": move " + std::to_string(i + 1) + " (" + m.san +
                                           ") is not legal in " + to_fen(pos));
      pos.play_in_place(m.move);
    } else {
      const Result<Position, MoveError> passed = pos.play_null();
      PGN_CHECK(passed.ok(), where + ": null move in check in " + to_fen(pos));
      pos = *passed;
    }
    PGN_CHECK(pos.key() == fide_key(pos), where + ": key() differs from fide_key() after " + m.san);
    for (const PgnLine& v : m.variations) replay_line(v, before, where + " variation");
  }
}

void check_games(PgnReader reader, bool round_trip) {
  PgnGame game;
  for (auto s = reader.next(game); !is_end(s); s = reader.next(game)) {
    if (!s) {
      PGN_CHECK(!s.error().message.empty(), "an error without a message");
      PGN_CHECK(s.error().line >= 1, "an error without a line");
      continue;
    }
    const std::string where = "game " + std::to_string(game.number);
    replay_line(game.main_line, game.start, where);
    if (!round_trip) continue;
    std::string written;
    PGN_CHECK(write_pgn(game, written), where + ": write_pgn refuses it");
    PgnReader back = PgnReader::from_memory(written);
    PgnGame again;
    const Result<PgnRead, PgnError> status = back.next(again);
    PGN_CHECK(status && *status == PgnRead::Game,
              where + ": what write_pgn wrote does not read: " +
                  (status ? std::string("the end") : status.error().to_string()) + "\n" + written);
    PgnGame extra;
    PGN_CHECK(is_end(back.next(extra)),
              where + ": what write_pgn wrote reads as more than one game\n" + written);
    PGN_CHECK(again.start == game.start, where + ": the start position changed\n" + written);
    PGN_CHECK(again.main_line.moves.size() == game.main_line.moves.size(),
              where + ": the move count changed\n" + written);
    for (std::size_t i = 0; i < game.main_line.moves.size(); ++i)
      PGN_CHECK(again.main_line.moves[i].move == game.main_line.moves[i].move,
                where + ": move " + std::to_string(i + 1) + " changed\n" + written);
    std::string rewritten;
    PGN_CHECK(write_pgn(again, rewritten), where + ": write_pgn refuses the game read back");
    PGN_CHECK(rewritten == written,
              where + ": writing is not idempotent\n" + written + "\n---\n" + rewritten);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > (std::size_t(1) << 16)) return -1;
  input = std::string_view(reinterpret_cast<const char*>(data), size);

  // 1, 2: the three sources agree.
  PgnOptions small;
  small.buffer_size = 512;
  const std::string expected = record(PgnReader::from_memory(input));
  {
    std::istringstream in{std::string(input)};
    const std::string got = record(PgnReader::from_stream(in, small));
    PGN_CHECK(got == expected,
              "a stream reads differently:\n" + got + "\n--- memory:\n" + expected);
  }
  if (std::FILE* f = std::tmpfile()) {
    if (size) std::fwrite(data, 1, size, f);
    std::rewind(f);
    const std::string got = record(PgnReader::from_file(f, small));
    std::fclose(f);
    PGN_CHECK(got == expected, "a FILE* reads differently:\n" + got + "\n--- memory:\n" + expected);
  }

  // 3, 4: games replay and survive a write and a read.
  check_games(PgnReader::from_memory(input), true);

  // 5: other options.
  PgnOptions drop;
  drop.drop_bad_variations = true;
  drop.max_comment_bytes = 7;
  check_games(PgnReader::from_memory(input, drop), true);
  PgnOptions bare;
  bare.variations = false;
  bare.comments = false;
  bare.require_result = true;
  bare.allow_null_moves = false;
  check_games(PgnReader::from_memory(input, bare), false);
  PgnOptions strict;
  strict.strict = true;
  check_games(PgnReader::from_memory(input, strict), false);
  return 0;
}
