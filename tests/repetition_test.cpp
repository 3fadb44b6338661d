// RepetitionTracker and HalfmoveClock: counts on hand-made key sequences, push/pop
// symmetry against a naive scan over random games, the confirmation hook, evidence.

#include <algorithm>
#include <random>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

namespace {

// Hand-made keys are plain numbers; the random games use FIDE keys.
using Key = std::uint64_t;

// The naive reference: scan the whole history back to the last irreversible move.
template <class K>
unsigned naive_count(const std::vector<K>& keys, const std::vector<bool>& irreversible,
                     std::size_t ply) {
  unsigned n = 1;
  for (std::size_t i = ply; i-- > 0;) {
    if (irreversible[i + 1]) break;
    if (keys[i] == keys[ply]) ++n;
  }
  return n;
}

}  // namespace

static_assert(noexcept(std::declval<RepetitionTracker<Key>&>().push(Key(), false)));
static_assert(noexcept(std::declval<RepetitionTracker<Key>&>().pop()));
static_assert(noexcept(std::declval<const RepetitionTracker<Key>&>().count()));

TEST_CASE("tracker: threefold and fivefold on a hand-made sequence, start position counted",
          "[repetition]") {
  // Keys stand for positions: 1 is the start. 1 2 3 4 1 2 3 4 1 -> the start a third time.
  RepetitionTracker<int> t;
  const int line[] = {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1};
  std::vector<unsigned> counts;
  for (int k : line) {
    REQUIRE(t.push(k, false));
    counts.push_back(t.count());
  }
  CHECK(counts[0] == 1);
  CHECK(counts[4] == 2);
  CHECK(counts[8] == 3);
  CHECK(t.count_at(8) == 3);
  CHECK(counts[16] == 5);
  CHECK(t.is_repetition(5));
  CHECK_FALSE(t.is_repetition(6));
  std::vector<unsigned> plies;
  CHECK(t.for_each_earlier_occurrence(16, [&](unsigned p) { plies.push_back(p); }) == 4);
  CHECK(plies == std::vector<unsigned>{12, 8, 4, 0});
}

TEST_CASE("tracker: non-consecutive repetitions and the irreversible barrier", "[repetition]") {
  RepetitionTracker<Key> t;
  // 10 20 10 30 10: the third occurrence need not be consecutive with the others.
  for (Key k : {10, 20, 10, 30, 10}) REQUIRE(t.push(k, false));
  CHECK(t.count() == 3);
  // After an irreversible move no earlier position can recur: counting starts afresh.
  REQUIRE(t.push(40, true));
  REQUIRE(t.push(10, false));
  CHECK(t.count() == 1);
  CHECK(t.last_irreversible() == 5);
  t.pop();
  t.pop();
  CHECK(t.count() == 3);
  CHECK(t.last_irreversible() == 0);
}

TEST_CASE("tracker: the count a candidate next position would have (intended move)",
          "[repetition]") {
  RepetitionTracker<Key> t;
  for (Key k : {1, 2, 3, 4, 1, 2, 3, 4}) REQUIRE(t.push(k, false));
  CHECK(t.count_if_pushed(1, false) == 3);  // writing the move that returns to 1 claims threefold
  CHECK(t.count_if_pushed(1, true) == 1);   // an irreversible move makes a new position
  CHECK(t.count_if_pushed(9, false) == 1);
  CHECK(t.size() == 8);  // asking pushes nothing
}

TEST_CASE("tracker: a confirmation hook stops a hash collision from making a repetition",
          "[repetition]") {
  // Positions "a" and "b" share key 7 (a collision); the caller keeps what they really are.
  std::vector<char> actual;
  RepetitionTracker<Key> t;
  auto push = [&](Key k, char what) {
    actual.push_back(what);
    REQUIRE(t.push(k, false, [&](std::uint32_t earlier) { return actual[earlier] == what; }));
  };
  push(7, 'a');
  push(8, 'x');
  push(7, 'b');
  CHECK(t.count() == 1);  // trusting the key alone would say 2
  push(8, 'x');
  push(7, 'a');
  CHECK(t.count() == 2);
  auto same_as_a = [&](std::uint32_t earlier) { return actual[earlier] == 'a'; };
  CHECK(t.count_if_pushed(7, false, same_as_a) == 3);
  std::vector<unsigned> plies;
  t.for_each_earlier_occurrence(
      4, [&](unsigned p) { plies.push_back(p); }, same_as_a);
  CHECK(plies == std::vector<unsigned>{0});
}

TEST_CASE("tracker: exact signatures as keys", "[repetition][signature]") {
  RepetitionTracker<PositionSignature> t;
  const auto positions = arbiter_test::play_uci(
      Position::startpos(), {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  for (const Position& p : positions) REQUIRE(t.push(PositionSignature(p), false));
  CHECK(t.count() == 3);
  CHECK(t.count_at(4) == 2);
}

TEST_CASE("tracker: push and pop agree with a naive scan over random games", "[repetition]") {
  std::mt19937 rng(12345);
  RepetitionTracker<FideKey> t;
  REQUIRE(t.reserve(512));
  int checked = 0, after_clear = 0;
  unsigned highest = 0;
  bool cleared = false;  // the game before was left to clear()
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    // Random games repeat rarely: play them among few pieces so that repetitions happen
    // (and the games repeat each other's positions, which a cleared tracker must forget).
    const auto game = arbiter_test::random_game(
        seed, 300, arbiter_test::position("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    std::vector<FideKey> keys;
    std::vector<bool> irreversible;
    t.clear();
    for (std::size_t i = 0; i < game.positions.size(); ++i) {
      keys.push_back(game.positions[i].key());
      irreversible.push_back(i == 0 || game.positions[i - 1].is_irreversible(game.moves[i - 1]));
      REQUIRE(t.push(keys.back(), irreversible.back()));
      REQUIRE(t.count() == naive_count(keys, irreversible, i));
      highest = std::max(highest, t.count());
      // Now and then, unmake a few plies and make them again, as an engine does.
      if (rng() % 8 == 0 && i > 4) {
        const std::size_t back = 1 + rng() % 4;
        for (std::size_t b = 0; b < back; ++b) t.pop();
        for (std::size_t j = i + 1 - back; j <= i; ++j) REQUIRE(t.push(keys[j], irreversible[j]));
        REQUIRE(t.size() == i + 1);
        for (std::size_t j = 0; j <= i; ++j)
          REQUIRE(t.count_at(std::uint32_t(j)) == naive_count(keys, irreversible, j));
      }
      ++checked;
    }
    // Every query by ply against the naive scan, on a game read after a pop to empty or
    // after clear(): the earlier occurrences of each position, and the count the next
    // position would have had at each ply.
    for (std::uint32_t j = 0; j < t.size(); ++j) {
      std::vector<std::uint32_t> found, naive;
      t.for_each_earlier_occurrence(j, [&](std::uint32_t p) { found.push_back(p); });
      for (std::size_t p = j; p-- > 0;) {
        if (irreversible[p + 1]) break;
        if (keys[p] == keys[j]) naive.push_back(std::uint32_t(p));
      }
      REQUIRE(found == naive);
      if (j + 1 < t.size())
        REQUIRE(t.count_if_pushed_at(j, keys[j + 1], irreversible[j + 1]) ==
                naive_count(keys, irreversible, j + 1));
    }
    if (cleared) ++after_clear;
    // Pop everything: the tracker ends empty and reusable. Every other game is left for
    // clear() instead, which forgets the game without touching the table: the next game's
    // counts and occurrences must not see it.
    cleared = seed % 2 == 0;
    if (!cleared) {
      while (!t.empty()) t.pop();
      CHECK(t.count() == 0);
    }
  }
  CHECK(checked > 10000);
  CHECK(after_clear >= 100);
  CHECK(highest >= 3);  // the games did repeat positions
}

TEST_CASE("tracker: copies and moves keep the history", "[repetition]") {
  RepetitionTracker<Key> a;
  for (Key k : {1, 2, 1, 2, 1}) REQUIRE(a.push(k, false));
  RepetitionTracker<Key> b = a;
  CHECK(b.count() == 3);
  REQUIRE(b.push(2, false));
  CHECK(b.count() == 3);
  CHECK(a.count() == 3);
  RepetitionTracker<Key> c = std::move(b);
  CHECK(c.size() == 6);
  c = a;
  CHECK(c.size() == 5);
}

TEST_CASE("halfmove clock: resets, thresholds and evidence (9.3, 9.6.2)", "[halfmove]") {
  const Result<HalfmoveClock, HalfmoveClockError> started =
      HalfmoveClock::start(98, 0);  // a FEN's clock 98
  REQUIRE(started);
  HalfmoveClock clock = *started;
  CHECK(clock.last_reset_ply() == HalfmoveClock::none);
  CHECK_FALSE(clock.reached_claim());
  clock.advance(false);
  clock.advance(false);
  CHECK(clock.value() == 100);
  CHECK(clock.reached_claim());
  CHECK_FALSE(clock.reached_automatic());
  clock.advance(true);
  CHECK(clock.value() == 0);
  CHECK(clock.last_reset_ply() == 3);
  for (int i = 0; i < 150; ++i) clock.advance(false);
  CHECK(clock.reached_automatic());
  CHECK(HalfmoveClock::claim_threshold == 100);
  CHECK(HalfmoveClock::automatic_threshold == 150);
}

TEST_CASE("halfmove clock: which moves reset it", "[halfmove]") {
  // Promotion is a pawn move; en passant is a pawn move and a capture; castling and
  // checks are neither.
  const Position pos = arbiter_test::position("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
  CHECK(pos.resets_halfmove_clock(parse_uci(pos, "b7b8q").value_or(Move::none())));
  CHECK(pos.resets_halfmove_clock(parse_uci(pos, "b7a8n").value_or(Move::none())));
  CHECK(pos.resets_halfmove_clock(parse_uci(pos, "e5d6").value_or(Move::none())));
  CHECK_FALSE(pos.resets_halfmove_clock(parse_uci(pos, "e1g1").value_or(Move::none())));
  CHECK_FALSE(pos.resets_halfmove_clock(parse_uci(pos, "a1a7").value_or(Move::none())));
  CHECK(pos.resets_halfmove_clock(parse_uci(pos, "a1a8").value_or(Move::none())));
  const Position check = arbiter_test::position("4k3/8/8/8/8/8/8/R3K3 w - - 5 10");
  CHECK_FALSE(
      check.resets_halfmove_clock(parse_uci(check, "a1a8").value_or(Move::none())));  // a check
  CHECK(check.play_unchecked(parse_uci(check, "a1a8").value_or(Move::none())).halfmove_clock() ==
        6);
}
