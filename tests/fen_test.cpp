// FEN: every PositionError kind with the field and character it is reported at
// (tests/data/fen_invalid.txt), valid but tricky positions and their round trip
// (tests/data/fen_valid.txt), the lenient mode's repairs, the castling modes, error
// messages, and random inputs that must never crash the parser.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

namespace {

// ---------------------------------------------------------------------------------------
// PositionError names, in enum order: the data file names errors this way.
// ---------------------------------------------------------------------------------------

struct ErrorName {
  const char* name;
  PositionError error;
};

constexpr ErrorName error_names[] = {
    {"FieldCount", PositionError::FieldCount},
    {"BoardCharacter", PositionError::BoardCharacter},
    {"RankTooLong", PositionError::RankTooLong},
    {"RankTooShort", PositionError::RankTooShort},
    {"RankCount", PositionError::RankCount},
    {"SideToMove", PositionError::SideToMove},
    {"CastlingSyntax", PositionError::CastlingSyntax},
    {"EnPassantSyntax", PositionError::EnPassantSyntax},
    {"HalfmoveClock", PositionError::HalfmoveClock},
    {"FullmoveNumber", PositionError::FullmoveNumber},
    {"FieldSeparator", PositionError::FieldSeparator},
    {"AdjacentDigits", PositionError::AdjacentDigits},
    {"MissingKing", PositionError::MissingKing},
    {"TooManyKings", PositionError::TooManyKings},
    {"PawnOnBackRank", PositionError::PawnOnBackRank},
    {"TooManyPieces", PositionError::TooManyPieces},
    {"TooManyPawns", PositionError::TooManyPawns},
    {"TooManyPromotedPieces", PositionError::TooManyPromotedPieces},
    {"CastlingWithoutKing", PositionError::CastlingWithoutKing},
    {"CastlingWithoutRook", PositionError::CastlingWithoutRook},
    {"EnPassantWrongRank", PositionError::EnPassantWrongRank},
    {"EnPassantNoPawn", PositionError::EnPassantNoPawn},
    {"EnPassantSquaresOccupied", PositionError::EnPassantSquaresOccupied},
    {"EnPassantWithHalfmoveClock", PositionError::EnPassantWithHalfmoveClock},
    {"OpponentInCheck", PositionError::OpponentInCheck},
    {"TooManyCheckers", PositionError::TooManyCheckers},
    {"ImpossibleCheck", PositionError::ImpossibleCheck},
    {"InvalidPiece", PositionError::InvalidPiece},
    {"InvalidSideToMove", PositionError::InvalidSideToMove},
    {"InvalidSquare", PositionError::InvalidSquare},
};

// The last enumerator: a kind added after it must be added here, to the table above and
// to fen_invalid.txt, or the tests below fail.
constexpr PositionError last_error = PositionError::InvalidSquare;
// The kinds only a Setup built by hand can have (no FEN can write them): the setup tests
// in position_test.cpp produce them.
constexpr bool setup_only(PositionError e) {
  return e == PositionError::InvalidPiece || e == PositionError::InvalidSideToMove ||
         e == PositionError::InvalidSquare;
}
constexpr int error_kind_count = int(last_error) + 1;

std::string error_name(PositionError e) {
  for (const ErrorName& n : error_names)
    if (n.error == e) return n.name;
  return "PositionError(" + std::to_string(int(e)) + ")";
}

bool error_from_name(const std::string& name, PositionError& out) {
  for (const ErrorName& n : error_names) {
    if (name == n.name) {
      out = n.error;
      return true;
    }
  }
  return false;
}

std::string describe_result(const Result<ParsedFen, FenError>& r) {
  if (r.ok()) return "ok: " + to_fen(r->position);
  return error_name(r.error().error) + " field " + std::to_string(r.error().field) + " column " +
         std::to_string(r.error().column) + " (" + r.error().message() + ")";
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t");
  return s.substr(first, last - first + 1);
}

// ---------------------------------------------------------------------------------------
// Data files
// ---------------------------------------------------------------------------------------

struct InvalidCase {
  std::string line;
  PositionError error{};
  int field = 0;
  int column = 0;
  std::string fen;
};

/// fen_invalid.txt: `ERROR_NAME field column | FEN` (the FEN is everything after "| ").
std::vector<InvalidCase> read_invalid_cases() {
  std::vector<InvalidCase> cases;
  for (const std::string& line :
       arbiter_test::read_data_lines(arbiter_test::data_path("fen_invalid.txt"))) {
    INFO("fen_invalid.txt: " << line);
    const std::size_t bar = line.find(" | ");
    REQUIRE(bar != std::string::npos);
    InvalidCase c;
    c.line = line;
    c.fen = line.substr(bar + 3);
    std::istringstream head(line.substr(0, bar));
    std::string name;
    REQUIRE(static_cast<bool>(head >> name >> c.field >> c.column));
    std::string rest;
    REQUIRE_FALSE(static_cast<bool>(head >> rest));
    REQUIRE(error_from_name(name, c.error));
    cases.push_back(c);
  }
  return cases;
}

struct ValidCase {
  std::string line;
  std::string fen;
  std::string canonical;  // to_fen(FenCastling::Auto)
  std::string shredder;   // to_fen(FenCastling::Shredder), empty if not given
};

/// fen_valid.txt: `FEN [; canonical FEN] [; shredder FEN]`.
std::vector<ValidCase> read_valid_cases() {
  std::vector<ValidCase> cases;
  for (const std::string& line :
       arbiter_test::read_data_lines(arbiter_test::data_path("fen_valid.txt"))) {
    INFO("fen_valid.txt: " << line);
    ValidCase c;
    c.line = line;
    std::size_t semi = line.find(';');
    c.fen = trim(line.substr(0, semi));
    while (semi != std::string::npos) {
      const std::size_t next = line.find(';', semi + 1);
      const std::string part = trim(
          line.substr(semi + 1, next == std::string::npos ? std::string::npos : next - semi - 1));
      const std::size_t space = part.find(' ');
      REQUIRE(space != std::string::npos);
      const std::string key = part.substr(0, space), value = trim(part.substr(space + 1));
      if (key == "canonical") {
        c.canonical = value;
      } else if (key == "shredder") {
        c.shredder = value;
      } else {
        FAIL("unknown annotation '" << key << "'");
      }
      semi = next;
    }
    if (c.canonical.empty()) c.canonical = c.fen;
    cases.push_back(c);
  }
  return cases;
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Lenient mode may repair these (the first repair is then the strict mode's error).
bool is_droppable(PositionError e) {
  switch (e) {
    case PositionError::CastlingWithoutKing:
    case PositionError::CastlingWithoutRook:
    case PositionError::EnPassantWrongRank:
    case PositionError::EnPassantNoPawn:
    case PositionError::EnPassantSquaresOccupied:
    case PositionError::EnPassantWithHalfmoveClock:
    case PositionError::FieldSeparator:
    case PositionError::AdjacentDigits:
      return true;
    default:
      return false;
  }
}

// The data files hold Chess960 positions in X-FEN (KQkq for rooks off the corners): they are
// read with the detection asked for explicitly, as their headers say (CastlingMode::Auto).
FenOptions detecting(FenOptions o = {}) {
  o.castling = CastlingMode::Auto;
  return o;
}

bool same_error(const FenError& a, const FenError& b) {
  return a.error == b.error && a.field == b.field && a.column == b.column;
}

FenOptions options_for(const Position& pos) {
  FenOptions o;
  o.castling = pos.is_chess960() ? CastlingMode::Chess960 : CastlingMode::Standard;
  return o;
}

/// `pos` written as FEN (both castling dialects) reads back as the same position: same
/// placement, rights, rooks, counters and key.
void check_round_trip(const Position& pos, const FenOptions& options) {
  for (FenCastling dialect : {FenCastling::Auto, FenCastling::Shredder}) {
    const std::string fen = to_fen(pos, dialect);
    INFO("to_fen: " << fen);
    const auto again = parse_fen(fen, options);
    INFO("re-parsed: " << describe_result(again));
    REQUIRE(again.ok());
    CHECK(again->repairs.empty());
    CHECK(again->position == pos);
    CHECK(again->position.key() == pos.key());
    CHECK(again->position.is_chess960() == pos.is_chess960());
    CHECK(to_fen(again->position, dialect) == fen);
  }
}

const char* const start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// ---------------------------------------------------------------------------------------
// Invalid FENs
// ---------------------------------------------------------------------------------------

TEST_CASE("fen: the error name table lists every PositionError in order", "[fen]") {
  REQUIRE(sizeof(error_names) / sizeof(error_names[0]) == std::size_t(error_kind_count));
  std::set<std::string> names;
  for (int i = 0; i < error_kind_count; ++i) {
    INFO(error_names[i].name);
    CHECK(int(error_names[i].error) == i);
    CHECK(names.insert(error_names[i].name).second);
    CHECK(std::string(describe(PositionError(i))) != "unknown error");
  }
  CHECK(std::string(describe(PositionError(error_kind_count))) == "unknown error");
}

TEST_CASE("fen: each invalid FEN fails with its error, field and column", "[fen][invalid]") {
  const std::vector<InvalidCase> cases = read_invalid_cases();
  CHECK(cases.size() >= 60);
  for (const InvalidCase& c : cases) {
    INFO("fen_invalid.txt: " << c.line);
    const auto strict = parse_fen(c.fen, detecting());
    INFO("strict: " << describe_result(strict));
    REQUIRE_FALSE(strict.ok());
    CHECK(strict.error().error == c.error);
    CHECK(strict.error().field == c.field);
    CHECK(strict.error().column == c.column);

    // The same FEN in lenient mode: a droppable fault is repaired (and reported where
    // strict mode reported it); any other fault still fails, in the same way.
    FenOptions lenient_options;
    lenient_options.lenient = true;
    const auto lenient = parse_fen(c.fen, detecting(lenient_options));
    INFO("lenient: " << describe_result(lenient));
    const bool fixable_counters =
        (c.error == PositionError::FieldCount && (c.field == 5 || c.field == 6)) ||
        (c.error == PositionError::FullmoveNumber && c.fen.substr(c.column) == "0");
    if (is_droppable(c.error)) {
      REQUIRE(lenient.ok());
      REQUIRE_FALSE(lenient->repairs.empty());
      CHECK(same_error(lenient->repairs.front(), strict.error()));
      CHECK(Position::validate(lenient->position.to_setup()).ok());
    } else if (fixable_counters) {
      REQUIRE(lenient.ok());
      CHECK_FALSE(lenient->repairs.empty());
    } else {
      REQUIRE_FALSE(lenient.ok());
      CHECK(same_error(lenient.error(), strict.error()));
    }

    // Only the two check kinds are waived by ignore_impossible_check.
    FenOptions relaxed;
    relaxed.ignore_impossible_check = true;
    const auto r = parse_fen(c.fen, detecting(relaxed));
    INFO("ignore_impossible_check: " << describe_result(r));
    if (c.error == PositionError::TooManyCheckers || c.error == PositionError::ImpossibleCheck) {
      CHECK(r.ok());
    } else {
      REQUIRE_FALSE(r.ok());
      CHECK(same_error(r.error(), strict.error()));
    }
  }
}

TEST_CASE("fen: every PositionError kind is produced by fen_invalid.txt", "[fen][invalid]") {
  std::set<int> produced;
  for (const InvalidCase& c : read_invalid_cases()) {
    const auto r = parse_fen(c.fen, detecting());
    if (!r.ok() && r.error().error == c.error) produced.insert(int(r.error().error));
  }
  // Every kind up to last_error, and beyond while describe() knows the value: a kind added
  // after last_error without a FEN here fails too.
  for (int i = 0; i < 256; ++i) {
    const PositionError e = PositionError(i);
    if (setup_only(e)) continue;
    if (i > int(last_error) && std::string(describe(e)) == "unknown error") break;
    INFO("PositionError::" << error_name(e) << " (" << describe(e) << ")");
    if (!produced.count(i)) FAIL("no FEN in fen_invalid.txt produces this error");
  }
}

TEST_CASE("fen: field count faults and separators", "[fen][invalid]") {
  SECTION("empty and blank input") {
    auto r = parse_fen("");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::FieldCount);
    CHECK(r.error().field == 1);
    CHECK(r.error().column == 0);
    r = parse_fen(" \t ");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::FieldCount);
    CHECK(r.error().field == 1);
    CHECK(r.error().column == 3);
  }
  SECTION("strict: fields are separated by exactly one space, nothing before or after") {
    // Before, tabs, line breaks and runs of spaces were taken as separators in strict mode.
    struct Bad {
      const char* fen;
      int field, column;
    };
    const Bad cases[] = {
        {"4k3/8/8/8/8/8/8/4K3\tw - - 0 1", 2, 19},   // a tab
        {"4k3/8/8/8/8/8/8/4K3 w\n- - 0 1", 3, 21},   // a line break
        {"4k3/8/8/8/8/8/8/4K3 w - -  0 1", 5, 26},   // two spaces: the second is out of place
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 \t1", 6, 28},  // a space and a tab
        {" 4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, 0},    // before the first field
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", 6, 29},  // after the last
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ", 6, 29},
    };
    for (const Bad& c : cases) {
      const auto r = parse_fen(c.fen);
      INFO(c.fen << ": " << describe_result(r));
      REQUIRE_FALSE(r.ok());
      CHECK(r.error().error == PositionError::FieldSeparator);
      CHECK(r.error().field == c.field);
      CHECK(r.error().column == c.column);
    }
    CHECK(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1\t").error().message() ==
          "field 6 (fullmove number), character 30: fields must be separated by exactly one space, "
          "with nothing "
          "before the first or after the last");
  }
  SECTION("lenient: tabs, line breaks and runs of blanks separate fields, each one reported") {
    FenOptions lenient;
    lenient.lenient = true;
    const auto r = parse_fen(" \t4k3/8/8/8/8/8/8/4K3\tw\n-  -\r\n0 1\n", lenient);
    INFO(describe_result(r));
    REQUIRE(r.ok());
    CHECK(to_fen(r->position) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    std::vector<std::pair<int, int>> places;  // field, column
    for (const FenError& e : r->repairs) {
      CHECK(e.error == PositionError::FieldSeparator);
      places.emplace_back(e.field, e.column);
    }
    CHECK(places ==
          std::vector<std::pair<int, int>>{{1, 0}, {2, 21}, {3, 23}, {4, 26}, {5, 28}, {6, 33}});
    // A fault in field 1 is reported at its place in the whole input.
    const auto bad = parse_fen("\t\t4k3/8/8/8/8/8/8/4K3N w - - 0 1", lenient);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().error == PositionError::RankTooLong);
    CHECK(bad.error().column == 21);
  }
  SECTION("adjacent digits: an error in strict mode, added up and reported in lenient mode") {
    // Before, strict mode read rnbqkbnr/pppppppp/44/... as 8 empty squares.
    const auto strict = parse_fen("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    REQUIRE_FALSE(strict.ok());
    CHECK(strict.error().message() ==
          "field 1 (piece placement), character 20: two digits in a row in a rank (one digit "
          "counts the empty "
          "squares)");
    FenOptions lenient;
    lenient.lenient = true;
    const auto r = parse_fen("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", lenient);
    REQUIRE(r.ok());
    CHECK(to_fen(r->position) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    REQUIRE(r->repairs.size() == 1);
    CHECK(same_error(r->repairs[0], strict.error()));
    // Three digits in a row: each after the first is reported.
    const auto three = parse_fen("4k3/8/8/8/125/8/8/4K3 w - - 0 1", lenient);
    REQUIRE(three.ok());
    CHECK(three->repairs.size() == 2);
    // Still too long when added up.
    CHECK(parse_fen("4k3/8/8/8/54/8/8/4K3 w - - 0 1", lenient).error().error ==
          PositionError::RankTooLong);
  }
  SECTION("an extra field is reported at the seventh field") {
    const std::string seven = std::string(start_fen) + " x";
    auto r = parse_fen(seven);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::FieldCount);
    CHECK(r.error().field == 7);
    CHECK(r.error().column == int(seven.size()) - 1);
    // With more than seven fields the error still names field 7; the column is the
    // start of an extra field (the library reports where it stopped reading).
    const std::string eight = std::string(start_fen) + " x y";
    r = parse_fen(eight);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::FieldCount);
    CHECK(r.error().field == 7);
    CHECK(r.error().column >= int(std::string(start_fen).size()) + 1);
    CHECK(r.error().column <= int(eight.size()));
  }
}

// ---------------------------------------------------------------------------------------
// Valid FENs
// ---------------------------------------------------------------------------------------

TEST_CASE("fen: valid FENs parse strictly and round-trip", "[fen][valid]") {
  const std::vector<ValidCase> cases = read_valid_cases();
  CHECK(cases.size() >= 40);
  for (const ValidCase& c : cases) {
    INFO("fen_valid.txt: " << c.line);
    const auto r = parse_fen(c.fen, detecting());
    INFO("parsed: " << describe_result(r));
    REQUIRE(r.ok());
    CHECK(r->repairs.empty());
    const Position& pos = r->position;
    CHECK(Position::validate(pos.to_setup()).ok());
    CHECK(to_fen(pos) == c.canonical);
    CHECK(to_fen(pos, FenCastling::Auto) == to_fen(pos));
    if (!c.shredder.empty()) CHECK(to_fen(pos, FenCastling::Shredder) == c.shredder);
    // append_fen() writes the same after what its buffer already holds.
    std::string line = "fen\t";
    append_fen(line, pos);
    CHECK(line == "fen\t" + c.canonical);

    // The canonical form is itself valid and canonical; Auto mode reads back exactly
    // this position, from either dialect.
    const FenOptions auto_mode = detecting();
    check_round_trip(pos, auto_mode);
    const auto canonical = parse_fen(c.canonical, auto_mode);
    REQUIRE(canonical.ok());
    CHECK(canonical->position == pos);
    CHECK(to_fen(canonical->position) == c.canonical);

    // Lenient mode changes nothing in a valid six-field FEN.
    FenOptions lenient;
    lenient.lenient = true;
    const auto l = parse_fen(c.fen, detecting(lenient));
    REQUIRE(l.ok());
    CHECK(l->repairs.empty());
    CHECK(l->position == pos);

    // The same position is read in Chess960 mode too (flagged as Chess960), and in
    // Standard mode exactly when it is a standard-chess position.
    FenOptions chess960;
    chess960.castling = CastlingMode::Chess960;
    const auto r960 = parse_fen(c.fen, chess960);
    REQUIRE(r960.ok());
    CHECK(r960->position.is_chess960());
    CHECK(to_fen(r960->position) == to_fen(pos));
    FenOptions standard;
    standard.castling = CastlingMode::Standard;
    const auto rstd = parse_fen(c.fen, standard);
    CHECK(rstd.ok() == !pos.is_chess960());
    if (rstd.ok()) CHECK(rstd->position == pos);

    // A position you can set up is one you can play from.
    for (Move m : legal_moves(pos)) {
      const Position next = pos.play_unchecked(m);
      INFO("after " << to_uci(pos, m) << ": " << to_fen(next));
      CHECK(Position::validate(next.to_setup()).ok());
      const auto again = parse_fen(to_fen(next), options_for(next));
      REQUIRE(again.ok());
      CHECK(again->position == next);
      CHECK(again->position.key() == next.key());
    }
  }
}

TEST_CASE("fen: what valid FENs mean", "[fen][valid]") {
  SECTION("an en passant square is kept even without a pawn to capture") {
    const Position pos =
        arbiter_test::position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(pos.en_passant_square() == Square::E3);
    CHECK_FALSE(pos.has_legal_en_passant());
    const Position plain =
        arbiter_test::position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(pos.key() == plain.key());  // FIDE 9.2.3: the same position for repetitions
    CHECK(pos != plain);
  }
  SECTION("an en passant capture that is possible changes the key") {
    const Position pos =
        arbiter_test::position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    CHECK(pos.has_legal_en_passant());
    const Position plain =
        arbiter_test::position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    CHECK(pos.key() != plain.key());
  }
  SECTION("a pinned pawn's en passant capture is not legal") {
    const Position pos = arbiter_test::position("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2");
    CHECK(pos.en_passant_square() == Square::C6);
    CHECK_FALSE(pos.has_legal_en_passant());
  }
  SECTION("double checks") {
    CHECK(popcount(arbiter_test::position("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1").checkers()) == 2);
    CHECK(popcount(arbiter_test::position("8/4k3/5P2/8/8/8/8/4R1K1 b - - 0 1").checkers()) == 2);
    CHECK(popcount(arbiter_test::position("1kQ5/8/8/8/8/8/8/1R4K1 b - - 0 1").checkers()) == 2);
    CHECK(popcount(arbiter_test::position("4k3/8/8/4p3/3K4/8/8/8 w - e6 0 2").checkers()) == 1);
  }
  SECTION("X-FEN letters name the inner rook; KQ names the outermost") {
    const Position inner = arbiter_test::position("4k3/8/8/8/8/8/8/R3K1RR w GQ - 0 1");
    CHECK(inner.is_chess960());
    CHECK(inner.castling_rook(Color::White, CastlingSide::KingSide) == Square::G1);
    CHECK(inner.castling_rook(Color::White, CastlingSide::QueenSide) == Square::A1);
    const Position outer = arbiter_test::position("4k3/8/8/8/8/8/8/R3K1RR w KQ - 0 1");
    CHECK_FALSE(outer.is_chess960());  // K = h1, Q = a1, king on e1: standard squares
    CHECK(outer.castling_rook(Color::White, CastlingSide::KingSide) == Square::H1);
    CHECK(inner.key() != outer.key());
  }
  SECTION("counters") {
    const Position pos = arbiter_test::position("8/8/4k3/8/8/3K4/8/8 b - - 65535 65535");
    CHECK(pos.halfmove_clock() == 65535);
    CHECK(pos.fullmove_number() == 65535);
    CHECK(arbiter_test::position("4k3/8/8/8/8/8/8/4K3 w - - 007 01").halfmove_clock() == 7);
  }
}

// ---------------------------------------------------------------------------------------
// Lenient mode
// ---------------------------------------------------------------------------------------

namespace {

struct Repair {
  PositionError error;
  int field;
  int column;
};

/// Parses `fen` leniently; it must fail strictly, succeed leniently with exactly the
/// repairs `expected`, give a valid position and write `repaired`.
void check_lenient(const std::string& fen, const std::vector<Repair>& expected,
                   const std::string& repaired) {
  INFO("FEN: " << fen);
  CHECK_FALSE(parse_fen(fen).ok());
  FenOptions options;
  options.lenient = true;
  const auto r = parse_fen(fen, options);
  INFO("lenient: " << describe_result(r));
  REQUIRE(r.ok());
  REQUIRE(r->repairs.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("repair " << i << ": " << error_name(r->repairs[i].error) << " field "
                   << r->repairs[i].field << " column " << r->repairs[i].column);
    CHECK(r->repairs[i].error == expected[i].error);
    CHECK(r->repairs[i].field == expected[i].field);
    CHECK(r->repairs[i].column == expected[i].column);
  }
  CHECK(Position::validate(r->position.to_setup()).ok());
  CHECK(to_fen(r->position) == repaired);
  const auto strict = parse_fen(repaired, options_for(r->position));
  REQUIRE(strict.ok());
  CHECK(strict->position == r->position);
}

}  // namespace

TEST_CASE("fen: lenient mode repairs an impossible en passant square", "[fen][lenient]") {
  // Column 26 = the en passant field in all four.
  check_lenient("4k3/8/8/4p3/8/8/8/4K3 b - e6 0 7", {{PositionError::EnPassantWrongRank, 4, 26}},
                "4k3/8/8/4p3/8/8/8/4K3 b - - 0 7");
  check_lenient("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 7", {{PositionError::EnPassantNoPawn, 4, 26}},
                "4k3/8/8/4P3/8/8/8/4K3 w - - 0 7");
  check_lenient("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 7",
                {{PositionError::EnPassantSquaresOccupied, 4, 28}},
                "4k3/4n3/8/4p3/8/8/8/4K3 w - - 0 7");
  check_lenient("4k3/8/8/4p3/8/8/8/4K3 w - e6 3 7",
                {{PositionError::EnPassantWithHalfmoveClock, 4, 26}},
                "4k3/8/8/4p3/8/8/8/4K3 w - - 3 7");
}

TEST_CASE("fen: lenient mode repairs impossible castling rights", "[fen][lenient]") {
  SECTION("the king has left its square: both of its rights go") {
    check_lenient(
        "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1",
        {{PositionError::CastlingWithoutKing, 3, 26}, {PositionError::CastlingWithoutKing, 3, 27}},
        "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1");
  }
  SECTION("a Shredder letter with the king off its back rank") {
    check_lenient(
        "4k3/8/8/8/8/8/4K3/7R w Hk - 0 1",
        {{PositionError::CastlingWithoutKing, 3, 23}, {PositionError::CastlingWithoutRook, 3, 24}},
        "4k3/8/8/8/8/8/4K3/7R w - - 0 1");
  }
  SECTION("no rook on the king side") {
    check_lenient("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
                  {{PositionError::CastlingWithoutRook, 3, 25}},
                  "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
  }
  SECTION("a letter naming an empty file (found when the position is validated)") {
    check_lenient("r3k2r/8/8/8/8/8/8/R3K2R w KBkq - 0 1",
                  {{PositionError::CastlingWithoutRook, 3, 27}},
                  "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
  }
  SECTION("a right and an en passant square, both repaired, in the order found") {
    check_lenient(
        "r3k3/8/8/8/4P3/8/8/R3K2R b KQkq e3 4 9",
        {{PositionError::CastlingWithoutRook, 3, 29},  // k: no black rook on the king side
         {PositionError::EnPassantWithHalfmoveClock, 4, 32}},
        "r3k3/8/8/8/4P3/8/8/R3K2R b KQq - 4 9");
  }
}

TEST_CASE("fen: lenient mode fills in missing counters and fullmove 0", "[fen][lenient]") {
  SECTION("four fields") {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 b - -";
    check_lenient(fen,
                  {{PositionError::HalfmoveClock, 5, int(fen.size())},
                   {PositionError::FullmoveNumber, 6, int(fen.size())}},
                  "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  }
  SECTION("five fields") {
    const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 17";
    check_lenient(fen, {{PositionError::FullmoveNumber, 6, int(fen.size())}},
                  "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 17 1");
  }
  SECTION("fullmove number 0") {
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 0";
    check_lenient(fen, {{PositionError::FullmoveNumber, 6, int(fen.size()) - 1}},
                  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  }
  SECTION("four fields and an en passant square to drop") {
    const std::string fen = "4k3/8/8/4p3/8/8/8/4K3 b - e6";
    check_lenient(fen,
                  {{PositionError::HalfmoveClock, 5, int(fen.size())},
                   {PositionError::FullmoveNumber, 6, int(fen.size())},
                   {PositionError::EnPassantWrongRank, 4, 26}},
                  "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1");
  }
}

TEST_CASE("fen: lenient mode does not repair other faults", "[fen][lenient]") {
  FenOptions options;
  options.lenient = true;
  struct Case {
    const char* fen;
    PositionError error;
    int field;
    int column;
  };
  const Case cases[] = {
      {"4k3/8/8/8", PositionError::FieldCount, 2, 9},
      {"4k3/8/8/8/8/8/8/4K3 w -", PositionError::FieldCount, 4, 23},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 1", PositionError::FieldCount, 7, 30},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 00", PositionError::FullmoveNumber, 6, 28},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 -1", PositionError::FullmoveNumber, 6, 28},
      {"4k3/8/8/8/8/8/8/4K3 w - - x", PositionError::HalfmoveClock, 5, 26},
      {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", PositionError::EnPassantSyntax, 4, 24},
      {"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", PositionError::CastlingSyntax, 3, 24},
      {"4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1", PositionError::CastlingSyntax, 3, 24},
      {"4k3/8/8/8/8/8/8/8 w - - 0 1", PositionError::MissingKing, 1, 0},
      {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", PositionError::SideToMove, 2, 20},
      {"4k3/8/8/8/8/8/K7/4K3 w - - 0 1", PositionError::TooManyKings, 1, 14},
      {"4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", PositionError::OpponentInCheck, 1, 5},
      {"4k3/3P4/8/8/8/8/8/4K3 w - -", PositionError::OpponentInCheck, 1, 5},
      {"4k3/8/8/8/1b6/3n4/8/4K2r w - - 0 1", PositionError::TooManyCheckers, 1, 23},
      {"4k3/8/8/4p3/8/3n4/8/4K3 w - e6 0 2", PositionError::ImpossibleCheck, 1, 15},
      {"4k3/8/8/8/8/8/PPPPPPPP/3QK2Q w - - 0 1", PositionError::TooManyPromotedPieces, 1, 0},
  };
  for (const Case& c : cases) {
    INFO(c.fen);
    const auto r = parse_fen(c.fen, options);
    INFO(describe_result(r));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == c.error);
    CHECK(r.error().field == c.field);
    CHECK(r.error().column == c.column);
  }
  SECTION("faults found after a repair are reported") {
    // Dropping the en passant square (halfmove clock 1) leaves a plain knight check,
    // which is possible without it.
    const auto r = parse_fen("4k3/8/8/4p3/8/3n4/8/4K3 w - e6 1 2", options);
    INFO(describe_result(r));
    REQUIRE(r.ok());
    REQUIRE(r->repairs.size() == 1);
    CHECK(r->repairs[0].error == PositionError::EnPassantWithHalfmoveClock);
    CHECK(to_fen(r->position) == "4k3/8/8/4p3/8/3n4/8/4K3 w - - 1 2");
    // The castling rights are dropped, then the side not to move is found in check.
    const auto check = parse_fen("R3k3/8/8/8/8/8/4K3/7R w KQ - 0 1", options);
    INFO(describe_result(check));
    REQUIRE_FALSE(check.ok());
    CHECK(check.error().error == PositionError::OpponentInCheck);
    CHECK(check.error().field == 1);
    CHECK(check.error().column == 0);
  }
}

// ---------------------------------------------------------------------------------------
// Castling modes
// ---------------------------------------------------------------------------------------

TEST_CASE("fen: castling modes", "[fen][castling]") {
  const std::string fen960 = "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1";
  FenOptions standard, chess960;
  standard.castling = CastlingMode::Standard;
  chess960.castling = CastlingMode::Chess960;

  SECTION("Standard mode rejects a Chess960 position's rights") {
    auto r = parse_fen(fen960, standard);
    INFO(describe_result(r));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::CastlingWithoutRook);
    CHECK(r.error().field == 3);
    CHECK(r.error().column == 46);
    // King on d1: the king is off its standard square.
    r = parse_fen("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", standard);
    INFO(describe_result(r));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::CastlingWithoutKing);
    CHECK(r.error().field == 3);
    CHECK(r.error().column == 26);
    // A second rook between king and corner: K names the corner rook, G does not.
    CHECK(parse_fen("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", standard).ok());
    r = parse_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", standard);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::CastlingWithoutRook);
    CHECK(r.error().column == 24);
    // K finds the outermost rook g1 when h1 is empty: not a standard right.
    r = parse_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", standard);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().error == PositionError::CastlingWithoutRook);
    CHECK(r.error().column == 24);
    // Positions without castling rights are read in Standard mode whatever the placement.
    const auto none = parse_fen("nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w - - 0 1", standard);
    REQUIRE(none.ok());
    CHECK_FALSE(none->position.is_chess960());
  }
  SECTION("Auto mode reads X-FEN") {
    const auto r = parse_fen(fen960, detecting());
    REQUIRE(r.ok());
    const Position& pos = r->position;
    CHECK(pos.is_chess960());
    CHECK(pos.castling_rook(Color::White, CastlingSide::KingSide) == Square::G1);
    CHECK(pos.castling_rook(Color::White, CastlingSide::QueenSide) == Square::B1);
    CHECK(pos.castling_rook(Color::Black, CastlingSide::KingSide) == Square::G8);
    CHECK(pos.castling_rook(Color::Black, CastlingSide::QueenSide) == Square::B8);
    CHECK(to_fen(pos) == fen960);
    CHECK(to_fen(pos, FenCastling::Shredder) ==
          "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1");
    // Chess960 mode reads the same.
    const auto same = parse_fen(fen960, chess960);
    REQUIRE(same.ok());
    CHECK(same->position == pos);
    CHECK(same->position.key() == pos.key());
  }
  SECTION("Chess960 mode flags every position as Chess960") {
    const auto start960 = parse_fen(start_fen, chess960);
    REQUIRE(start960.ok());
    CHECK(start960->position.is_chess960());
    CHECK(to_fen(start960->position) == start_fen);  // X-FEN of the outermost rooks is KQkq
    const Position start = Position::startpos();
    CHECK_FALSE(start.is_chess960());
    CHECK(start960->position.key() == start.key());
    CHECK(start960->position != start);  // only the Chess960 flag differs
    // Castling is written king-takes-rook in Chess960.
    const Position open960 =
        parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960).value().position;
    CHECK(to_uci(open960, Move::castling(Square::E1, Square::H1)) == "e1h1");
    // Without castling rights too.
    const auto none = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", chess960);
    REQUIRE(none.ok());
    CHECK(none->position.is_chess960());
    CHECK_FALSE(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").value().position.is_chess960());
  }
  SECTION("Shredder HAha on the standard start position is KQkq") {
    const std::string shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    for (CastlingMode mode : {CastlingMode::Auto, CastlingMode::Standard}) {
      FenOptions o;
      o.castling = mode;
      const auto r = parse_fen(shredder, o);
      REQUIRE(r.ok());
      CHECK_FALSE(r->position.is_chess960());
      CHECK(r->position == Position::startpos());
      CHECK(r->position.key() == Position::startpos().key());
      CHECK(to_fen(r->position) == start_fen);
      CHECK(to_fen(r->position, FenCastling::Shredder) == shredder);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------

TEST_CASE("fen: error messages name the field and the 1-based character", "[fen]") {
  auto r = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message() ==
        "field 2 (side to move), character 45: side to move must be 'w' or 'b'");

  r = parse_fen("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message() ==
        "field 1 (piece placement), character 6: the side not to move is in check");

  r = parse_fen(std::string(start_fen) + " 1");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message() == "field 7, character 58: wrong number of fields");

  for (const InvalidCase& c : read_invalid_cases()) {
    const auto bad = parse_fen(c.fen, detecting());
    REQUIRE_FALSE(bad.ok());
    const std::string m = bad.error().message();
    INFO(c.line << " -> " << m);
    CHECK(m.rfind("field " + std::to_string(bad.error().field), 0) == 0);
    CHECK(m.find(", character " + std::to_string(bad.error().column + 1) + ": ") !=
          std::string::npos);
    CHECK(m.find(describe(bad.error().error)) != std::string::npos);
  }
}

// ---------------------------------------------------------------------------------------
// Former bugs, kept as regression tests.
// ---------------------------------------------------------------------------------------

TEST_CASE("fen: regressions (extra fields, lenient standard mode, Chess960 flag after a repair)",
          "[fen]") {
  SECTION("with eight or more fields the column is that of the seventh field") {
    const std::string fen = std::string(start_fen) + " x y";
    const auto r = parse_fen(fen);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().field == 7);
    CHECK(r.error().column == 57);  // was 59, the eighth field
  }
  SECTION("lenient Standard mode drops a right that is not a standard-chess right") {
    FenOptions o;
    o.lenient = true;
    o.castling = CastlingMode::Standard;
    // Dropped as expected when no rook at all is on the king side ...
    auto r = parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1", o);
    REQUIRE(r.ok());
    // ... and also with a rook on g1 (it used to fail with CastlingWithoutRook, column 24).
    r = parse_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", o);
    INFO(describe_result(r));
    REQUIRE(r.ok());
    REQUIRE(r->repairs.size() == 1);
    CHECK(r->repairs[0].error == PositionError::CastlingWithoutRook);
    CHECK(r->repairs[0].column == 24);
    CHECK(to_fen(r->position) == "4k3/8/8/8/8/8/8/4K1R1 w - - 0 1");
  }
  SECTION("a lenient repair that drops the only Chess960 right leaves a standard position") {
    FenOptions o;
    o.lenient = true;
    const auto r = parse_fen("4k3/8/8/8/8/8/8/R3K3 w GQ - 0 1", o);
    REQUIRE(r.ok());
    CHECK_FALSE(r->position.is_chess960());
    CHECK(to_fen(r->position) == "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  }
}

// ---------------------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------------------

namespace {

/// What any input must give: an error inside the input, or a valid position whose FEN
/// reads back identically.
void check_any_input(const std::string& input, const FenOptions& options) {
  const auto r = parse_fen(input, options);
  if (!r.ok()) {
    if (r.error().field < 1 || r.error().field > 7 || r.error().column < 0 ||
        r.error().column > int(input.size())) {
      CAPTURE(input, options.lenient, int(options.castling));
      FAIL("error outside the input: " << describe_result(r));
    }
    return;
  }
  for (const FenError& d : r->repairs) {
    if (!options.lenient || d.field < 1 || d.field > 6 || d.column < 0 ||
        d.column > int(input.size())) {
      CAPTURE(input, options.lenient, int(options.castling));
      FAIL("bad repair: " << error_name(d.error) << " field " << d.field << " column " << d.column);
    }
  }
  const Position& pos = r->position;
  const std::string fen = to_fen(pos);
  FenOptions again_options = options;
  again_options.lenient = false;
  // A position read in Chess960 mode may hold only standard rights; read a repaired one
  // back in the mode its flag names.
  if (options.lenient) {
    again_options = options_for(pos);
    again_options.ignore_impossible_check = options.ignore_impossible_check;
  }
  const auto again = parse_fen(fen, again_options);
  if (!again.ok() || !(again->position == pos) || again->position.key() != pos.key() ||
      to_fen(again->position) != fen ||
      !Position::validate(pos.to_setup(), options.ignore_impossible_check)) {
    CAPTURE(input, fen, options.lenient, int(options.castling));
    FAIL("the parsed position does not read back identically: " << describe_result(again));
  }
}

FenOptions make_options(bool lenient, CastlingMode mode, bool ignore_impossible_check = false) {
  FenOptions o;
  o.lenient = lenient;
  o.castling = mode;
  o.ignore_impossible_check = ignore_impossible_check;
  return o;
}

const FenOptions fuzz_options[] = {
    make_options(false, CastlingMode::Auto),     make_options(false, CastlingMode::Standard),
    make_options(false, CastlingMode::Chess960), make_options(true, CastlingMode::Auto),
    make_options(true, CastlingMode::Chess960),  make_options(true, CastlingMode::Auto, true),
};

const std::string fen_alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh09 ";

}  // namespace

TEST_CASE("fen: random byte strings never crash the parser", "[fen][robustness]") {
  std::mt19937 rng(20240601u);
  std::uniform_int_distribution<int> byte(0, 255), length(0, 100), coin(0, 3);
  std::uniform_int_distribution<std::size_t> pick(0, fen_alphabet.size() - 1);
  for (int i = 0; i < 3000; ++i) {
    std::string s(std::size_t(length(rng)), ' ');
    const bool from_alphabet = coin(rng) != 0;  // mostly FEN characters, to get further in
    for (char& c : s) c = from_alphabet ? fen_alphabet[pick(rng)] : char(byte(rng));
    for (const FenOptions& o : fuzz_options) check_any_input(s, o);
  }
}

TEST_CASE("fen: random mutations of FENs never crash the parser", "[fen][robustness]") {
  std::vector<std::string> seeds;
  for (const ValidCase& c : read_valid_cases()) seeds.push_back(c.fen);
  for (const InvalidCase& c : read_invalid_cases()) seeds.push_back(c.fen);
  REQUIRE_FALSE(seeds.empty());

  std::mt19937 rng(1851u);
  std::uniform_int_distribution<std::size_t> seed_pick(0, seeds.size() - 1);
  std::uniform_int_distribution<std::size_t> alpha_pick(0, fen_alphabet.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255), kind(0, 6), count(1, 4);
  auto position_in = [&](const std::string& s, bool allow_end) {
    const std::size_t n = s.size() + (allow_end ? 1 : 0);
    return n == 0 ? std::size_t(0) : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  auto random_char = [&]() {
    return byte(rng) < 32 ? char(byte(rng)) : fen_alphabet[alpha_pick(rng)];
  };

  int parsed = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string s = seeds[seed_pick(rng)];
    for (int m = count(rng); m > 0; --m) {
      switch (kind(rng)) {
        case 0:  // replace
          if (!s.empty()) s[position_in(s, false)] = random_char();
          break;
        case 1:  // insert
          s.insert(s.begin() + std::ptrdiff_t(position_in(s, true)), random_char());
          break;
        case 2:  // delete
          if (!s.empty()) s.erase(position_in(s, false), 1);
          break;
        case 3: {  // swap two characters
          if (s.size() >= 2) std::swap(s[position_in(s, false)], s[position_in(s, false)]);
          break;
        }
        case 4: {  // duplicate a piece of the string
          const std::size_t from = position_in(s, true);
          const std::size_t len =
              std::min<std::size_t>(s.size() - from, std::size_t(byte(rng) % 12));
          s.insert(position_in(s, true), s.substr(from, len));
          break;
        }
        case 5:  // truncate
          s.resize(position_in(s, true));
          break;
        default: {  // change a counter or square digit into another digit
          const std::size_t p = position_in(s, false);
          if (p < s.size() && s[p] >= '0' && s[p] <= '9') s[p] = char('0' + byte(rng) % 10);
          break;
        }
      }
    }
    for (const FenOptions& o : fuzz_options) check_any_input(s, o);
    parsed += parse_fen(s).ok();
  }
  // The mutations must not only produce garbage: some still parse.
  CHECK(parsed > 20);
}

TEST_CASE("fen: random placements with random state fields", "[fen][robustness]") {
  // Mostly well-formed FENs whose castling and en passant fields often fit the board,
  // so that the checks after the syntax (kings, material, castling, en passant, checks)
  // and the writer see many cases, valid and not.
  std::mt19937 rng(77u);
  std::uniform_int_distribution<int> square(0, 63), n_pieces(0, 14), percent(0, 99);
  const std::string piece_letters = "PPPNBRRQppPnbrrq";
  std::uniform_int_distribution<std::size_t> piece_pick(0, piece_letters.size() - 1);
  const std::string any_castling = "KQkqABCDEFGHabcdefgh-";
  std::uniform_int_distribution<std::size_t> castling_pick(0, any_castling.size() - 1);
  int parsed = 0, chess960 = 0, with_ep = 0, with_castling = 0;
  for (int i = 0; i < 4000; ++i) {
    char board[64];
    for (char& c : board) c = 0;
    const int white_king = percent(rng) < 40   ? 4
                           : percent(rng) < 60 ? percent(rng) % 8
                                               : square(rng);
    int black_king = percent(rng) < 40   ? 60
                     : percent(rng) < 60 ? 56 + percent(rng) % 8
                                         : square(rng);
    if (black_king == white_king) black_king ^= 32;
    board[white_king] = 'K';
    board[black_king] = 'k';
    for (int k = n_pieces(rng); k > 0; --k) {
      int sq = square(rng);
      char p = piece_letters[piece_pick(rng)];
      if (percent(rng) < 25) {  // a rook at home, for castling
        sq = percent(rng) < 50 ? sq % 8 : 56 + sq % 8;
        p = sq < 8 ? 'R' : 'r';
      }
      if ((p == 'P' || p == 'p') && (sq < 8 || sq >= 56) && percent(rng) < 95) continue;
      if (!board[sq]) board[sq] = p;
    }
    const bool white = percent(rng) < 50;

    // En passant: usually a pawn of the side not to move that may just have advanced two.
    std::string ep = "-";
    if (percent(rng) < 40) {
      const int rank = white ? 4 : 3, behind = white ? 8 : -8;
      const char pawn = white ? 'p' : 'P';
      std::vector<int> files;
      for (int f = 0; f < 8; ++f) {
        const int sq = rank * 8 + f;
        if (board[sq] == pawn && !board[sq + behind] && !board[sq + 2 * behind]) files.push_back(f);
      }
      if (!files.empty()) {
        const int f = files[std::size_t(percent(rng)) % files.size()];
        ep = std::string{char('a' + f), white ? '6' : '3'};
      } else if (percent(rng) < 30) {
        ep = std::string{char('a' + percent(rng) % 8), char('1' + percent(rng) % 8)};
      }
    }

    // Castling: usually letters of the home-rank rooks (Shredder or K/Q), sometimes noise.
    std::string castling;
    for (int c = 0; c < 2; ++c) {
      const int back = c == 0 ? 0 : 56;
      const char rook = c == 0 ? 'R' : 'r';
      for (int f = 0; f < 8; ++f) {
        if (board[back + f] != rook || percent(rng) < 40) continue;
        char letter = char('A' + f);
        if (percent(rng) < 50) letter = f > (c == 0 ? white_king : black_king) % 8 ? 'K' : 'Q';
        castling += c == 0 ? letter : char(letter - 'A' + 'a');
      }
    }
    if (percent(rng) < 10) castling += any_castling[castling_pick(rng)];
    if (castling.empty()) castling = "-";

    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const char c = board[rank * 8 + file];
        if (!c) {
          ++empty;
          continue;
        }
        if (empty) fen += char('0' + empty);
        empty = 0;
        fen += c;
      }
      if (empty) fen += char('0' + empty);
      if (rank) fen += '/';
    }
    const int halfmove = ep != "-" || percent(rng) < 50 ? 0 : percent(rng);
    fen += std::string(white ? " w " : " b ") + castling + ' ' + ep + ' ' +
           std::to_string(halfmove) + ' ' + std::to_string(1 + percent(rng));

    for (const FenOptions& o : fuzz_options) check_any_input(fen, o);
    const auto r = parse_fen(fen);
    if (r.ok()) {
      ++parsed;
      chess960 += r->position.is_chess960();
      with_ep += r->position.en_passant_square() != Square::None;
      with_castling += r->position.castling_rights().any();
    }
  }
  INFO("parsed " << parsed << ", Chess960 " << chess960 << ", en passant " << with_ep
                 << ", castling " << with_castling);
  CHECK(parsed > 200);
  CHECK(chess960 > 10);
  CHECK(with_ep > 10);
  CHECK(with_castling > 50);
}
