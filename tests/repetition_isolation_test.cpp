// repetition.hpp and halfmove.hpp alone bring nothing chess-specific (an engine can
// include them without arbiter's board): proved at compile time in this file.

#include <arbiter/halfmove.hpp>
#include <arbiter/repetition.hpp>

#ifdef ARBITER_CHESS_TYPES_INCLUDED
#error "repetition.hpp or halfmove.hpp pulled in arbiter's chess types"
#endif

#include <type_traits>

// Had any chess header come along, these declarations would clash with its classes.
namespace arbiter {
using Position = int;
using Move = int;
using Square = int;
using Bitboard = int;
using MoveList = int;
using Key = long;
}  // namespace arbiter
static_assert(std::is_same_v<arbiter::Position, int>, "arbiter::Position must not exist here");

#include "catch.hpp"

TEST_CASE("repetition.hpp stands alone", "[repetition]") {
  arbiter::RepetitionTracker<unsigned long long> engine_keys;  // an engine's own keys
  REQUIRE(engine_keys.push(0xabcULL, true));
  REQUIRE(engine_keys.push(0xdefULL, false));
  REQUIRE(engine_keys.push(0xabcULL, false));
  CHECK(engine_keys.count() == 2);
  arbiter::HalfmoveClock clock;
  clock.advance(false);
  CHECK(clock.value() == 1);
}
