// Perft against published counts: the standard positions, a suite of special cases,
// and Chess960. The default run covers every position to a bounded depth; the
// hidden [deep] tag runs every depth listed in the data files.

#include <cstdint>
#include <string>

#include "test_util.hpp"

using namespace arbiter;
using arbiter_test::PerftCase;

namespace {

// The default run goes as deep as the first depth whose count exceeds this (so that
// even a sanitizer build stays fast), and always to depth 2 at least.
constexpr std::uint64_t bounded_nodes = 200'000;

void check_suite(const std::string& file, bool deep) {
  const auto cases = arbiter_test::read_perft_suite(file);
  REQUIRE(!cases.empty());
  std::uint64_t total = 0;
  for (const PerftCase& c : cases) {
    const Position pos = arbiter_test::suite_position(c.fen);
    for (std::size_t d = 1; d <= c.counts.size(); ++d) {
      if (!deep && d > 2 && c.counts[d - 1] > bounded_nodes) break;
      INFO(c.fen << " depth " << d);
      const std::uint64_t n = perft(pos, int(d));
      CHECK(n == c.counts[d - 1]);
      total += n;
    }
  }
  WARN(file << ": " << cases.size() << " positions, " << total << " leaf nodes");
}

}  // namespace

TEST_CASE("perft: standard positions of the perft results page (bounded)", "[perft]") {
  check_suite("perft_standard.epd", false);
}
TEST_CASE("perft: special-case suite (bounded)", "[perft]") {
  check_suite("perft_suite.epd", false);
}
TEST_CASE("perft: Chess960 (bounded)", "[perft][chess960]") {
  check_suite("perft_chess960.epd", false);
}

TEST_CASE("perft: standard positions, full depth", "[.deep][deep]") {
  check_suite("perft_standard.epd", true);
}
TEST_CASE("perft: special-case suite, full depth", "[.deep][deep]") {
  check_suite("perft_suite.epd", true);
}
TEST_CASE("perft: Chess960, full depth", "[.deep][deep]") {
  check_suite("perft_chess960.epd", true);
}

TEST_CASE("perft: the suites are as large as promised", "[perft]") {
  CHECK(arbiter_test::read_perft_suite("perft_standard.epd").size() >= 6);
  CHECK(arbiter_test::read_perft_suite("perft_suite.epd").size() >= 100);
  CHECK(arbiter_test::read_perft_suite("perft_chess960.epd").size() >= 50);
  // The start position is checked to depth 6 and Kiwipete to depth 5 in the deep run.
  const auto standard = arbiter_test::read_perft_suite("perft_standard.epd");
  CHECK(standard[0].counts.size() >= 6);
  CHECK(standard[0].counts[5] == 119060324);
  CHECK(standard[1].counts.size() >= 5);
  CHECK(standard[1].counts[4] == 193690690);
}

TEST_CASE("perft_divide sums to perft and names every legal move once", "[perft]") {
  const Position pos = arbiter_test::position(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  MoveList seen;
  const std::uint64_t total = perft_divide(pos, 3, [&](Move m, std::uint64_t n) {
    CHECK_FALSE(seen.contains(m));
    seen.push_back(m);
    CHECK(n == perft(pos.play_unchecked(m), 2));
  });
  CHECK(total == 97862);
  CHECK(seen.size() == 48);
  CHECK(perft(pos, 0) == 1);
}

TEST_CASE("perft: strict validation accepts every suite position but the unreachable one",
          "[perft][fen]") {
  // B6b/.../b6B: two bishops check the king from both ends of one diagonal; no single
  // move can give both checks, so strict parsing must refuse it.
  const std::string unreachable = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
  int rejected = 0;
  for (const char* file : {"perft_standard.epd", "perft_suite.epd", "perft_chess960.epd"}) {
    for (const PerftCase& c : arbiter_test::read_perft_suite(file)) {
      const auto r = parse_fen(c.fen);
      INFO(c.fen);
      if (c.fen == unreachable) {
        CHECK(r.error().error == PositionError::ImpossibleCheck);
        ++rejected;
      } else {
        CHECK(r.ok());
      }
    }
  }
  CHECK(rejected == 1);
}
