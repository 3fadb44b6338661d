// Moves as a scoresheet has them (notation/written.hpp): the language's piece letters,
// English letters where they mean nothing else in the language, figurines; Portuguese and
// Spanish "R" stays the king.

#include <string>

#include <arbiter/notation/written.hpp>

#include "catch.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {
std::string read(const Position& pos, const char* text, SanLanguage l) {
  const Result<Move, SanError> m = parse_written_san(pos, text, l);
  return m ? to_san(pos, *m) : std::string("error: ") + describe(m.error().kind);
}
}  // namespace

TEST_CASE("written moves: the language's letters, English, figurines", "[san]") {
  // White: Kg1, Qd1, Rf1 (a rook that can reach f8... and e1), Bc1, Nb1; pawns a2 h2.
  const Position pos = arbiter_test::position("4k3/8/8/8/8/8/P6P/1NBQ1RK1 w - - 0 1");
  // Portuguese: D queen, T rook, B bishop, C knight, R king.
  CHECK(read(pos, "Dd4", SanLanguage::Portuguese) == "Qd4");
  CHECK(read(pos, "Tf7", SanLanguage::Portuguese) == "Rf7");
  CHECK(read(pos, "Cc3", SanLanguage::Portuguese) == "Nc3");
  CHECK(read(pos, "Rh1", SanLanguage::Portuguese) == "Kh1");
  // English letters the language does not use: read as English.
  CHECK(read(pos, "Qd4", SanLanguage::Portuguese) == "Qd4");
  CHECK(read(pos, "Nc3", SanLanguage::Spanish) == "Nc3");
  CHECK(read(pos, "Kh1", SanLanguage::Russian) == "Kh1");
  // "R" is the king in Portuguese and Spanish: "Rf7" is no rook move there.
  CHECK(read(pos, "Rf7", SanLanguage::Portuguese) == "error: illegal move");
  CHECK(read(pos, "Rf7", SanLanguage::Spanish) == "error: illegal move");
  CHECK(read(pos, "Rf7", SanLanguage::English) == "Rf7");
  // Spanish A bishop; Russian Ф queen, Л rook, Кр king, К knight; figurines everywhere.
  CHECK(read(pos, "Ae3", SanLanguage::Spanish) == "Be3");
  CHECK(read(pos, "Фd4", SanLanguage::Russian) == "Qd4");
  CHECK(read(pos, "Лf7", SanLanguage::Russian) == "Rf7");
  CHECK(read(pos, "Крh1", SanLanguage::Russian) == "Kh1");
  CHECK(read(pos, "Кc3", SanLanguage::Russian) == "Nc3");
  CHECK(read(pos, "♕d4", SanLanguage::Portuguese) == "Qd4");
  CHECK(read(pos, "♛d4", SanLanguage::English) == "Qd4");
  CHECK(read(pos, "a4", SanLanguage::Russian) == "a4");
  // A letter no set knows: the language's error.
  CHECK(read(pos, "Xd4", SanLanguage::Portuguese).rfind("error: ", 0) == 0);
  // The piece a written move names, read the same way.
  CHECK(written_piece("Dh5+", SanLanguage::Portuguese) == PieceType::Queen);
  CHECK(written_piece("Rf8", SanLanguage::Portuguese) == PieceType::King);
  CHECK(written_piece("Rf8", SanLanguage::English) == PieceType::Rook);
  CHECK(written_piece("Qh5", SanLanguage::Spanish) == PieceType::Queen);
  CHECK(written_piece("♘f3", SanLanguage::Russian) == PieceType::Knight);
  CHECK(written_piece("e4", SanLanguage::Portuguese) == PieceType::None);
}
