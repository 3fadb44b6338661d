// format.hpp brings only the chess core and notation, not Game, the claims or the
// explanations: formatting a Square does not cost the whole library (issue 9, deliver 4).
// Proved at compile time: had game.hpp, record.hpp, claims.hpp or explain.hpp come along,
// these declarations would clash with their classes.

#if __has_include(<fmt/format.h>)

#include <type_traits>

namespace arbiter {
using Game = int;
using GameRecord = int;
using Ruling = int;
using Language = int;
}  // namespace arbiter

#include <arbiter/format.hpp>

#include "catch.hpp"

static_assert(std::is_same_v<arbiter::Game, int>, "format.hpp must not include game.hpp");

TEST_CASE("format.hpp formats the chess types without the rest of the library", "[format]") {
  CHECK(fmt::format("{}", arbiter::Square::E4) == "e4");
  CHECK(fmt::format("{:>4}", arbiter::Square::E4) == "  e4");
  CHECK(fmt::format("{}", arbiter::Move(arbiter::Square::G1, arbiter::Square::F3)) == "g1f3");
  CHECK(fmt::format("{}", arbiter::GameResult::Draw) == "1/2-1/2");
  CHECK(fmt::format("{}", arbiter::Position::startpos()) ==
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

#endif
