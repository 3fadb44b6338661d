// The `arbiter` command-line tool: output formats and exit statuses of perft, fen,
// moves and key (a contract that outside tools rely on).

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

#include "process_util.hpp"
#include "test_util.hpp"

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
#include <sys/wait.h>

namespace {

using arbiter_test::Run;

// Runs the tool with `args` (already shell-quoted), standard error discarded.
Run run(const std::string& args) {
  return arbiter_test::run_command(std::string("'") + ARBITER_CLI_PATH + "' " + args +
                                   " 2>/dev/null");
}

std::string hex16(std::uint64_t k) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(k));
  return buf;
}

}  // namespace

TEST_CASE("cli perft: the last line is the node count, nodes per second before it", "[cli]") {
  const Run r = run("perft --fen startpos --depth 4");
  REQUIRE(r.status == 0);
  const auto out = arbiter_test::split_lines(r.out);
  REQUIRE(out.size() == 2);
  CHECK(out[0].rfind("nodes per second: ", 0) == 0);
  CHECK(out[1] == "197281");
}

TEST_CASE("cli perft --divide: one `move: count` line per legal move", "[cli]") {
  const Run r =
      run("perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' "
          "--depth 2 --divide");
  REQUIRE(r.status == 0);
  const auto out = arbiter_test::split_lines(r.out);
  REQUIRE(out.size() == 48 + 2);
  CHECK(out.back() == "2039");
  int castles = 0;
  for (std::size_t i = 0; i < 48; ++i) {
    CHECK(out[i].find(": ") != std::string::npos);
    castles += out[i].rfind("e1g1: ", 0) == 0 || out[i].rfind("e1c1: ", 0) == 0;
  }
  CHECK(castles == 2);
}

TEST_CASE("cli fen: normalized FEN, or the error with exit status 1", "[cli]") {
  // Fields separated by two spaces: an error in strict mode, a repair in lenient mode.
  Run r = run("fen --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq - 0 1'");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "error: field 2 (side to move), character 45: fields must be separated by exactly one "
        "space, with "
        "nothing before the first or after the last\n");
  r = run("fen --lenient --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq - 0 1'");
  CHECK(r.status == 0);
  CHECK(r.out == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  r = run("fen --fen startpos");
  CHECK(r.out == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  r = run("fen --fen '8/8/8/8/8/8/8/K6k w - e6 0 1'");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "error: field 4 (en passant square), character 23: en passant square without a pawn that "
        "just "
        "advanced two squares\n");
  r = run("fen --fen '8/8/8/8/8/8/8/K6k w - e6 0 1' --lenient");
  CHECK(r.status == 0);
  CHECK(r.out == "8/8/8/8/8/8/8/K6k w - - 0 1\n");
  r = run("fen --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'");
  CHECK(r.out == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9\n");
}

TEST_CASE(
    "cli fen: strict FEN rejects adjacent digits and irregular separators; --lenient repairs and "
    "says so",
    "[cli]") {
  // Before, both were accepted in strict mode and rewritten silently.
  Run r = run("fen --fen 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "error: field 1 (piece placement), character 20: two digits in a row in a rank (one digit "
        "counts the empty "
        "squares)\n");
  r = run("fen --lenient --fen 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'");
  CHECK(r.status == 0);
  CHECK(r.out == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  const arbiter_test::Run note = arbiter_test::run_command(
      std::string("'") + ARBITER_CLI_PATH +
      "' fen --lenient --fen \"$(printf 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR\\tw KQkq - 0 "
      "1')\" 2>&1 >/dev/null");
  CHECK(note.out ==
        "arbiter: note: repaired field 2 (side to move), character 45: fields must be separated by "
        "exactly one space, "
        "with nothing before the first or after the last\n"
        "arbiter: note: repaired field 1 (piece placement), character 20: two digits in a row in a "
        "rank (one digit "
        "counts the empty squares)\n");
  // A tab, a line break: errors naming the place.
  r = run("fen --fen \"$(printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\\tKQkq - 0 1')\"");
  CHECK(r.status == 1);
  CHECK(
      r.out.rfind(
          "error: field 3 (castling), character 46: fields must be separated by exactly one space",
          0) == 0);
  // The other commands: an invalid FEN is bad input.
  CHECK(run("moves --fen 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'").status == 2);
  CHECK(run("moves --lenient --fen 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'")
            .status == 0);
}

TEST_CASE("cli moves: legal moves in UCI, one per line", "[cli]") {
  const Run r = run("moves --fen startpos");
  REQUIRE(r.status == 0);
  const auto out = arbiter_test::split_lines(r.out);
  CHECK(out.size() == 20);
  CHECK(std::find(out.begin(), out.end(), "e2e4") != out.end());
  const Run mate =
      run("moves --fen 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'");
  CHECK(mate.status == 0);
  CHECK(mate.out.empty());
}

TEST_CASE("cli key: keys of one position, or of each position of a line with its count", "[cli]") {
  Run r = run("key --fen startpos");
  CHECK(r.status == 0);
  CHECK(r.out == "fide=463b96181691fc9c polyglot=463b96181691fc9c\n");
  // A pinned pawn: the FIDE key ignores the en passant square, Polyglot does not.
  r = run("key --fen '6bk/8/8/2pP4/8/1K6/8/8 w - c6 0 1'");
  const auto parts = arbiter_test::split_lines(r.out);
  REQUIRE(parts.size() == 1);
  CHECK(parts[0].substr(0, 21) ==
        "fide=" + hex16(arbiter_test::position("6bk/8/8/2pP4/8/1K6/8/8 w - - 0 1").key().value()));
  CHECK(parts[0].substr(22) ==
        "polyglot=" +
            hex16(arbiter::polyglot_key(arbiter_test::position("6bk/8/8/2pP4/8/1K6/8/8 w - c6 0 1"))
                      .value()));
  CHECK(parts[0].substr(5, 16) != parts[0].substr(31, 16));
  r = run("key --fen startpos --moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  CHECK(r.status == 0);
  const auto out = arbiter_test::split_lines(r.out);
  REQUIRE(out.size() == 9);
  CHECK(out[0] == "fide=463b96181691fc9c polyglot=463b96181691fc9c count=1");
  CHECK(out[4] == "fide=463b96181691fc9c polyglot=463b96181691fc9c count=2");
  CHECK(out[8] == "fide=463b96181691fc9c polyglot=463b96181691fc9c count=3");
}

TEST_CASE("cli: bad input gives a message and exit status 2, never a crash", "[cli]") {
  CHECK(run("perft --fen 'not a fen' --depth 2").status == 2);
  CHECK(run("perft --fen startpos").status == 2);  // --depth missing
  CHECK(run("perft --fen startpos --depth x").status == 2);
  CHECK(run("moves --fen '8/8/8/8/8/8/8/8 w - - 0 1'").status == 2);
  CHECK(run("key --fen startpos --moves e2e5").status == 2);
  CHECK(run("key --fen startpos --moves e2e4 zz").status == 2);
  CHECK(run("frobnicate").status == 2);
  CHECK(run("").status == 2);
}

#else

TEST_CASE("cli: the arbiter tool is not part of this build", "[cli]") {
  WARN("ARBITER_CLI_PATH is not defined (examples not built): command-line tests skipped");
}

#endif
