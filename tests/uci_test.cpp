// UCI notation: writing and reading moves, castling in both notations, promotions,
// and the errors for malformed, incomplete and illegal moves.

#include "test_util.hpp"

using namespace arbiter;

TEST_CASE("uci: ordinary moves and promotions", "[uci]") {
  const Position start = Position::startpos();
  CHECK(to_uci(start, Move(Square::E2, Square::E4)) == "e2e4");
  CHECK(parse_uci(start, "e2e4").value_or(Move::none()) == Move(Square::E2, Square::E4));
  CHECK(parse_uci(start, "g1f3").value_or(Move::none()) == Move(Square::G1, Square::F3));

  const Position promo = arbiter_test::position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  const auto q = parse_uci(promo, "e7e8q");
  REQUIRE(q.ok());
  CHECK((*q) == Move::promotion(Square::E7, Square::E8, PieceType::Queen));
  CHECK(parse_uci(promo, "e7e8n").value_or(Move::none()).promotion_type() == PieceType::Knight);
  CHECK(parse_uci(promo, "e7e8N").value_or(Move::none()).promotion_type() == PieceType::Knight);
  CHECK(to_uci(promo, Move::promotion(Square::E7, Square::E8, PieceType::Rook)) == "e7e8r");
  CHECK(parse_uci(promo, "e7e8").error() == UciError::MissingPromotion);
}

TEST_CASE("uci: castling in standard chess is written as the king's move", "[uci][castling]") {
  const Position pos = arbiter_test::position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move short_castle = Move::castling(Square::E1, Square::H1);
  CHECK(to_uci(pos, short_castle) == "e1g1");
  CHECK(to_uci(pos, short_castle, true) == "e1h1");
  CHECK(parse_uci(pos, "e1g1").value_or(Move::none()) == short_castle);
  CHECK(parse_uci(pos, "e1h1").value_or(Move::none()) ==
        short_castle);  // king takes rook is accepted too
  CHECK(parse_uci(pos, "e1c1").value_or(Move::none()) == Move::castling(Square::E1, Square::A1));
}

TEST_CASE("uci: castling in Chess960 is king takes rook", "[uci][castling][chess960]") {
  // King f1 and rook h1: f1g1 is a king step, f1h1 is castling.
  const Position pos = arbiter_test::position("6k1/8/8/8/8/8/8/5K1R w H - 0 1");
  REQUIRE(pos.is_chess960());
  const Move castle = Move::castling(Square::F1, Square::H1);
  CHECK(to_uci(pos, castle) == "f1h1");
  CHECK(parse_uci(pos, "f1h1").value_or(Move::none()) == castle);
  CHECK(parse_uci(pos, "f1g1").value_or(Move::none()) == Move(Square::F1, Square::G1));
}

TEST_CASE("uci: errors", "[uci]") {
  const Position start = Position::startpos();
  CHECK(parse_uci(start, "").error() == UciError::Syntax);
  CHECK(parse_uci(start, "e2").error() == UciError::Syntax);
  CHECK(parse_uci(start, "e2e4x").error() == UciError::Syntax);
  CHECK(parse_uci(start, "i2i4").error() == UciError::Syntax);
  CHECK(parse_uci(start, "e2e9").error() == UciError::Syntax);
  CHECK(parse_uci(start, "0000").error() == UciError::Syntax);
  CHECK(parse_uci(start, "e2e5").error() == UciError::Illegal);
  CHECK(parse_uci(start, "e1g1").error() == UciError::Illegal);
  CHECK(parse_uci(start, "e2e4q").error() == UciError::Illegal);
  CHECK(std::string(describe(UciError::Illegal)) == "illegal move in this position");
}
