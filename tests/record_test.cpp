// GameRecord's own bookkeeping: the ply it is at, the positions and the repetition counts
// through plays, undos and copies (the record keeps its ply apart from its entries).
#include <arbiter/arbiter.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "catch.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

// Occurrences of positions[p] among positions[0..p], itself included (9.2: the same player
// to move, the same placement, castling rights and en passant captures).
unsigned brute_count(const std::vector<Position>& positions, std::size_t p) {
  unsigned n = 0;
  for (std::size_t q = 0; q <= p; ++q) n += same_position(positions[q], positions[p]);
  return n;
}

void check_record(const GameRecord& record, const std::vector<Position>& expected) {
  REQUIRE(record.ply() + 1 == expected.size());
  CHECK(record.position() == expected.back());
  for (std::size_t p = 0; p < expected.size(); ++p) {
    INFO("ply " << p);
    CHECK(record.position(GameRecord::Ply(p)) == expected[p]);
    CHECK(record.count(GameRecord::Ply(p)) == brute_count(expected, p));
  }
  CHECK(record.count() == brute_count(expected, expected.size() - 1));
}

}  // namespace

TEST_CASE("record: plays, undos and copies keep the ply, the positions and the counts",
          "[record]") {
  // Knights shuffled (each cycle repeats the start), then a random game from there.
  std::vector<Move> moves;
  Position p = Position::startpos();
  for (int cycle = 0; cycle < 3; ++cycle)
    for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8"}) {
      moves.push_back(*parse_uci(p, uci));
      p = p.play_unchecked(moves.back());
    }
  for (std::uint32_t seed = 1; seed <= 30; ++seed) {
    INFO("seed " << seed);
    std::vector<Move> line = moves;
    for (Move m : arbiter_test::random_game(seed, 60, p).moves) line.push_back(m);
    std::mt19937 rng(seed);
    GameRecord record;
    std::vector<Position> expected{Position::startpos()};
    std::size_t next = 0;
    int undos = 0, copies = 0;
    while (next < line.size()) {
      const unsigned action = rng() % 10;
      if (action == 0 && record.ply() > 0) {
        // Takes back up to three moves; they are played again later.
        for (unsigned k = 1 + rng() % 3; k > 0 && record.ply() > 0; --k) {
          record.undo();
          expected.pop_back();
          --next;
        }
        ++undos;
      } else if (action == 1) {
        // Goes on with a copy, the original gone.
        GameRecord copy = record;
        record = GameRecord();
        record = copy;
        ++copies;
      } else if (action % 2 == 0) {
        record.play(line[next]);
        expected.push_back(expected.back().play_unchecked(line[next++]));
      } else {
        const Position after = record.position().play_unchecked(line[next++]);
        record.play(line[next - 1], after);
        expected.push_back(after);
      }
      check_record(record, expected);
    }
    CHECK(undos > 0);
    CHECK(copies > 0);
    // The start again: undo() there does nothing.
    while (record.ply() > 0) record.undo();
    record.undo();
    CHECK(record.ply() == 0);
    CHECK(record.position() == Position::startpos());
    record.play(line[0]);
    CHECK(record.ply() == 1);
  }
}
