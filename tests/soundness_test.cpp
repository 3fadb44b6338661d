// Issue 9, "sound by construction": each defect of the review as a named test (each fails
// on the main before the fix): no invalid Position can be made, every Setup field is
// checked, Chess960 is read only when asked for, and the smaller silent wrong values.

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "process_util.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

// Whether `T` has a member named `position` (the old FenResult held one after an error).
template <class T, class = void>
struct has_position_member : std::false_type {};
template <class T>
struct has_position_member<T, std::void_t<decltype(std::declval<T>().position)>> : std::true_type {
};

// A legal set-up: kings on e1 and e8.
Setup kings_only() {
  Setup s;
  s.board[index(Square::E1)] = Piece::WhiteKing;
  s.board[index(Square::E8)] = Piece::BlackKing;
  return s;
}

PositionError setup_error(const Setup& s) {
  const Result<Position, SetupError> r = Position::from_setup(s);
  REQUIRE_FALSE(r.ok());
  CHECK_FALSE(Position::validate(s).ok());
  CHECK_FALSE(r.error().message().empty());
  return r.error().error;
}

const char* const bad_castling_pgn =
    "[Event \"standard\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1\"]\n\n1. O-O *\n";

}  // namespace

TEST_CASE("issue 9 defect 1: no public constructor of an invalid Position", "[issue9][position]") {
  // Position() built an empty board that ctz(0) read as a king square.
  CHECK_FALSE(std::is_default_constructible_v<Position>);
  // A failed parse holds no position: parse_fen(...).position is not even an expression.
  CHECK_FALSE(has_position_member<decltype(parse_fen(""))>::value);
  const Result<ParsedFen, FenError> r = parse_fen("x");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().error == PositionError::FieldCount);
  // The position exists on success only, with the repairs of lenient reading beside it.
  FenOptions lenient;
  lenient.lenient = true;
  const Result<ParsedFen, FenError> repaired = parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1", lenient);
  REQUIRE(repaired.ok());
  REQUIRE(repaired->repairs.size() == 1);
  CHECK(repaired->repairs[0].error == PositionError::CastlingWithoutRook);
  CHECK(Game(repaired->position).position() == repaired->position);
}

TEST_CASE("issue 9 defect 1: play_unchecked trusts, play checks", "[issue9][position]") {
  const Position start = Position::startpos();
  const Result<Position, MoveError> illegal = start.play(Move(Square::E2, Square::E5));
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error().kind == MoveError::Kind::Illegal);
  CHECK(illegal.error().message() == "e2e5 is not a legal move in this position");
  const Result<Position, MoveError> e4 = start.play(Move(Square::E2, Square::E4));
  REQUIRE(e4.ok());
  CHECK(*e4 == start.play_unchecked(Move(Square::E2, Square::E4)));
  CHECK(e4->key() == fide_key(*e4));
}

TEST_CASE("issue 9 defect 2: every Setup field is checked", "[issue9][position]") {
  REQUIRE(Position::from_setup(kings_only()).ok());
  SECTION("piece codes out of range (put_piece wrote out of bounds)") {
    for (int code : {7, 14, 15, 16, 0x20, 0xFF}) {
      INFO("piece code " << code);
      Setup s = kings_only();
      s.board[index(Square::D4)] = Piece(code);
      CHECK(setup_error(s) == PositionError::InvalidPiece);
      CHECK(Position::from_setup(s).error().square == Square::D4);
    }
  }
  SECTION("side to move") {
    Setup s = kings_only();
    s.side_to_move = Color(2);
    CHECK(setup_error(s) == PositionError::InvalidSideToMove);
  }
  SECTION("squares: castling rooks and the en passant square") {
    Setup s = kings_only();
    s.castling.set(Color::White, CastlingSide::KingSide);
    s.castling_rooks[Setup::right_index(Color::White, CastlingSide::KingSide)] = Square(100);
    CHECK(setup_error(s) == PositionError::InvalidSquare);
    Setup e = kings_only();
    e.en_passant = Square(70);
    CHECK(setup_error(e) == PositionError::InvalidSquare);
  }
  SECTION("counters: negative or too large (to_fen wrote them back)") {
    for (int clock : {-5, -1, Position::max_counter + 1}) {
      Setup s = kings_only();
      s.halfmove_clock = clock;
      CHECK(setup_error(s) == PositionError::HalfmoveClock);
    }
    for (int number : {0, -3, Position::max_counter + 1}) {
      Setup s = kings_only();
      s.fullmove_number = number;
      CHECK(setup_error(s) == PositionError::FullmoveNumber);
    }
    Setup ok = kings_only();
    ok.halfmove_clock = Position::max_counter;
    ok.fullmove_number = Position::max_counter;
    CHECK(Position::from_setup(ok).ok());
  }
}

TEST_CASE("issue 9 defect 3: a FEN is standard chess unless Chess960 is asked for",
          "[issue9][fen][castling]") {
  SECTION(
      "rights that do not fit the standard squares are an error naming the right and the square") {
    const Result<ParsedFen, FenError> king_off = parse_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1");
    REQUIRE_FALSE(king_off.ok());
    CHECK(king_off.error().error == PositionError::CastlingWithoutKing);
    CHECK(king_off.error().field == 3);
    CHECK(king_off.error().message() ==
          "field 3 (castling), character 24: castling right but the king is not on its square "
          "(right 'K' in standard "
          "chess needs the white king on e1; Chess960 is read only when asked for)");
    const Result<ParsedFen, FenError> rook_off = parse_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1");
    REQUIRE_FALSE(rook_off.ok());
    CHECK(rook_off.error().error == PositionError::CastlingWithoutRook);
    CHECK(rook_off.error().square == Square::H1);
    CHECK(rook_off.error().right == 'K');
    // Lenient reading drops it, as the impossible right it is in standard chess, and says
    // so with the right and the square; the position stays standard chess.
    FenOptions lenient;
    lenient.lenient = true;
    const Result<ParsedFen, FenError> dropped =
        parse_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", lenient);
    REQUIRE(dropped.ok());
    CHECK_FALSE(dropped->position.is_chess960());
    CHECK_FALSE(dropped->position.castling_rights().any());
    REQUIRE(dropped->repairs.size() == 1);
    CHECK(dropped->repairs[0].square == Square::H1);
    CHECK(dropped->repairs[0].message().find(
              "right 'K' in standard chess needs the white rook on h1") != std::string::npos);
  }
  SECTION("Chess960 when asked for: the mode, or Shredder-FEN letters no standard right has") {
    FenOptions chess960;
    chess960.castling = CastlingMode::Chess960;
    const Result<ParsedFen, FenError> asked = parse_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1", chess960);
    REQUIRE(asked.ok());
    CHECK(asked->position.is_chess960());
    const Result<ParsedFen, FenError> shredder = parse_fen("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1");
    REQUIRE(shredder.ok());
    CHECK(shredder->position.is_chess960());
    CHECK(shredder->position.castling_rook(Color::White, CastlingSide::KingSide) == Square::G1);
    // HAha on the standard squares is standard chess.
    const Result<ParsedFen, FenError> haha = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    REQUIRE(haha.ok());
    CHECK_FALSE(haha->position.is_chess960());
  }
  SECTION("Auto detection only when called for, and the position says what it decided") {
    FenOptions detect;
    detect.castling = CastlingMode::Auto;
    const Result<ParsedFen, FenError> r = parse_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1", detect);
    REQUIRE(r.ok());
    CHECK(r->position.is_chess960());
    CHECK(FenOptions{}.castling == CastlingMode::AsWritten);
  }
  SECTION("PGN: a standard game with such a FEN tag is an error, never a Chess960 game") {
    // Strict reading: the FEN tag itself is the error.
    PgnOptions strict;
    strict.strict = true;
    PgnReader reader = PgnReader::from_memory(bad_castling_pgn, strict);
    PgnGame game;
    const Result<PgnRead, PgnError> r = reader.next(game);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == PgnErrorKind::BadSetUp);
    CHECK(r.error().message.find("right 'K' in standard chess needs the white rook on h1") !=
          std::string::npos);
    CHECK(is_end(reader.next(game)));
    // Lenient reading (the default) drops the right with a warning naming it: 1.O-O is
    // then illegal, and the game is bad (it was read as Chess960 and accepted).
    PgnReader lenient = PgnReader::from_memory(bad_castling_pgn);
    const Result<PgnRead, PgnError> l = lenient.next(game);
    REQUIRE_FALSE(l.ok());
    CHECK(l.error().kind == PgnErrorKind::BadMove);
    REQUIRE(game.warnings.size() == 1);
    CHECK(game.warnings[0].kind == PgnErrorKind::RepairedSetUp);
    CHECK(game.warnings[0].message.find("right 'K' in standard chess needs the white rook on h1") !=
          std::string::npos);
    CHECK_FALSE(game.start.is_chess960());
  }
  SECTION("PGN: Chess960 by the Variant tag or by the reader's option") {
    const std::string tagged = std::string("[Variant \"Chess960\"]\n") + bad_castling_pgn;
    PgnReader by_tag = PgnReader::from_memory(tagged);
    PgnGame game;
    REQUIRE(by_tag.next(game).ok());
    CHECK(game.start.is_chess960());
    REQUIRE(game.main_line.moves.size() == 1);
    CHECK(game.main_line.moves[0].move == Move::castling(Square::E1, Square::G1));
    const Result<std::string, PgnWriteError> written = to_pgn(game);
    REQUIRE(written.ok());
    CHECK(written->find("[Variant \"Chess960\"]") != std::string::npos);

    PgnOptions asked;
    asked.chess960 = true;
    PgnReader by_option = PgnReader::from_memory(bad_castling_pgn, asked);
    REQUIRE(by_option.next(game).ok());
    CHECK(game.start.is_chess960());
  }
}

TEST_CASE("issue 9 defect 6: a promotion to a pawn or a king is no move", "[issue9][move]") {
  // It was encoded as a queen promotion.
  const Move queen = Move::promotion(Square::B7, Square::B8, PieceType::Queen);
  for (PieceType t : {PieceType::Pawn, PieceType::King, PieceType::None}) {
    INFO("promotion type " << int(t));
    const Move m = Move::promotion(Square::B7, Square::B8, t);
    CHECK(m != queen);
    CHECK(m == Move::none());
    CHECK(Move(Square::B7, Square::B8, Move::Kind::Promotion, t) == Move::none());
  }
  for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
    CHECK(Move::promotion(Square::B7, Square::B8, t).promotion_type() == t);
  const Position pos = arbiter_test::position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  CHECK_FALSE(pos.play(Move::promotion(Square::B7, Square::B8, PieceType::Pawn)));
  Game game(pos);
  CHECK(game.play(Move::promotion(Square::B7, Square::B8, PieceType::King)).error() ==
        GameError::IllegalMove);
  CHECK(game.play(queen));
}

TEST_CASE("issue 9 defect 6: HalfmoveClock refuses a negative count", "[issue9][halfmove]") {
  // HalfmoveClock(-5) was clamped to 0 silently.
  CHECK_FALSE(std::is_constructible_v<HalfmoveClock, int>);
  const Result<HalfmoveClock, HalfmoveClockError> negative = HalfmoveClock::start(-5);
  REQUIRE_FALSE(negative);
  CHECK(negative.error() == HalfmoveClockError::NegativeCount);
  CHECK(HalfmoveClock::start(0, -1).error() == HalfmoveClockError::NegativePly);
  const Result<HalfmoveClock, HalfmoveClockError> fen_clock = HalfmoveClock::start(7, 3);
  REQUIRE(fen_clock);
  CHECK(fen_clock->value() == 7);
  CHECK(fen_clock->last_reset_ply() == HalfmoveClock::none);
  CHECK(HalfmoveClock().value() == 0);
}

TEST_CASE("issue 9 defect 6: a tracker refuses what its window field cannot hold",
          "[issue9][repetition]") {
  // reserve() accepted up to 2^32 - 1 entries, but an entry keeps the previous window's
  // start in 31 bits.
  RepetitionTracker<std::uint64_t> t;
  const Result<void, TrackerError> too_many =
      t.reserve(RepetitionTracker<std::uint64_t>::max_size + 1);
  REQUIRE_FALSE(too_many);
  CHECK(too_many.error() == TrackerError::TooManyPositions);
  CHECK(t.size() == 0);
  REQUIRE(t.reserve(16));
  REQUIRE(t.push(1, true));
  REQUIRE(t.push(2, false));
  REQUIRE(t.push(1, false));
  CHECK(t.count() == 2);
  // A copy is the same history or an error, never a silent empty tracker.
  const Result<RepetitionTracker<std::uint64_t>, TrackerError> copy = t.copy();
  REQUIRE(copy);
  CHECK(copy->size() == 3);
  CHECK(copy->count() == 2);
  const RepetitionTracker<std::uint64_t> copied = t;
  CHECK(copied.count() == 2);
}

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
TEST_CASE("issue 9 defect 3: the tool reads Chess960 only with --chess960", "[issue9][cli]") {
  auto run = [](const std::string& args) {
    return arbiter_test::run_command(std::string("'") + ARBITER_CLI_PATH + "' " + args + " 2>&1");
  };
  const arbiter_test::Run standard = run("fen --fen '4k3/8/8/8/8/8/8/3K3R w K - 0 1'");
  CHECK(standard.status == 1);
  CHECK(standard.out.find("right 'K' in standard chess needs the white king on e1") !=
        std::string::npos);
  const arbiter_test::Run asked = run("fen --chess960 --fen '4k3/8/8/8/8/8/8/3K3R w K - 0 1'");
  CHECK(asked.status == 0);
  CHECK(asked.out == "4k3/8/8/8/8/8/8/3K3R w K - 0 1\n");

  arbiter_test::TempDir dir;
  const std::string pgn = dir.file("castling.pgn", bad_castling_pgn);
  // Standard chess: the right is dropped with a warning naming it, 1.O-O is then illegal,
  // and nothing is written back (it was accepted and written with Variant "Chess960").
  const arbiter_test::Run refused = run("pgn '" + pgn + "'");
  CHECK(refused.status == 1);
  CHECK(refused.out.find("Variant") == std::string::npos);
  CHECK(refused.out.find("right 'K' in standard chess needs the white rook on h1") !=
        std::string::npos);
  CHECK(refused.out.find("illegal move 'O-O'") != std::string::npos);
  CHECK(run("pgn --strict '" + pgn + "'").out.find("bad FEN tag") != std::string::npos);
  const arbiter_test::Run read960 = run("pgn --chess960 '" + pgn + "'");
  CHECK(read960.status == 0);
  CHECK(read960.out.find("1. O-O *") != std::string::npos);
}
#endif
