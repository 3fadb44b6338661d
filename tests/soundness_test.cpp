// Issue 9, "sound by construction": each defect of the review as a named test (each fails
// on the main before the fix): no invalid Position can be made, every Setup field is
// checked, Chess960 is read only when asked for, and the smaller silent wrong values.

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/pgn.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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

namespace {
GameRecord record_of(const Position& start, const std::vector<std::string>& uci,
                     const Rules& rules = Rules{}) {
  GameRecord record(start, rules);
  const std::vector<Position> positions = arbiter_test::play_uci(start, uci);
  for (std::size_t i = 0; i < uci.size(); ++i)
    record.play(parse_uci(positions[i], uci[i]).value_or(Move::none()));
  return record;
}

// The definition: some position up to `ply` ended the game by itself, for good (E7: under
// the 2014 wording "the last 75 moves" a 75-move point that a pawn move or capture has
// passed since ended nothing).
bool ended_by_definition(const GameRecord& record, GameRecord::Ply ply, const Rules& rules) {
  for (GameRecord::Ply p = 0; p <= ply; ++p) {
    const Termination t = automatic_ending(record, p, rules);
    if (t == Termination::None) continue;
    const bool passed = t == Termination::SeventyFiveMoves &&
                        rules.seventyfive() == SeventyFiveRule::Last75 &&
                        record.last_reset(ply) > std::int32_t(p);
    if (!passed) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("issue 9 defect 5: available_claims after the game ended offers nothing",
          "[issue9][claims]") {
  SECTION("a mate on the board after a hundred plies without pawn move or capture") {
    // 1.Ra8#: Black is mated (5.1.1) with the fifty moves complete (trusted FEN clock): a
    // fifty-move claim by Black would be on the board but for the mate.
    Rules rules;
    rules.interpretation.trust_fen_halfmove_clock = true;
    const GameRecord record =
        record_of(arbiter_test::position("7k/8/6K1/8/8/8/8/R7 w - - 100 80"), {"a1a8"}, rules);
    REQUIRE(board_ending(record.position()) == Termination::Checkmate);
    REQUIRE(record.halfmoves() >= HalfmoveClock::claim_threshold);
    for (const AvailableClaims& c :
         {available_claims(record, ClaimContext{}, rules),
          available_claims(record, record.ply(), ClaimContext{}, rules)}) {
      CHECK_FALSE(c.any());
      CHECK_FALSE(c.fifty_on_board);
    }
    // One ply earlier the game was on, and White could claim.
    CHECK(available_claims(record, 0, ClaimContext{}, rules).fifty());
    const Ruling r =
        evaluate(record, Claim{ClaimKind::FiftyMoves, Color::Black}, ClaimContext{}, rules);
    CHECK(r.inadmissible == Inadmissible::GameOver);
  }
  SECTION("a record that went on past a fivefold repetition (9.6.1)") {
    std::vector<std::string> line;
    for (int i = 0; i < 5; ++i) line.insert(line.end(), {"g1f3", "g8f6", "f3g1", "f6g8"});
    const GameRecord record = record_of(Position::startpos(), line);
    REQUIRE(automatic_ending(record, 16, Rules{}) == Termination::FivefoldRepetition);
    REQUIRE(record.count() == 6);  // the start position, a sixth time at ply 20
    const AvailableClaims after = available_claims(record, ClaimContext{}, Rules{});
    CHECK_FALSE(after.threefold_on_board);
    CHECK_FALSE(after.any());
    // Before the fivefold, the threefold claim was there.
    CHECK(available_claims(record, 8, ClaimContext{}, Rules{}).threefold_on_board);
    // Under the 1997 Laws nothing ended by itself: the claim stands at ply 20.
    Rules rules1997;
    rules1997.edition = Edition::Fide1997;
    CHECK(available_claims(record, ClaimContext{}, rules1997).threefold_on_board);
  }
  SECTION("the issue's example: 1.f3 e5 2.g4 Qh4#") {
    const GameRecord record = record_of(Position::startpos(), {"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(available_claims(record, ClaimContext{}, Rules{}).any() == false);
    const Ruling r =
        evaluate(record, Claim{ClaimKind::FiftyMoves, Color::White}, ClaimContext{}, Rules{});
    CHECK(r.inadmissible == Inadmissible::GameOver);
  }
}

TEST_CASE("issue 9: ended_automatically agrees with its definition, also after undo",
          "[issue9][claims]") {
  // ended_automatically() looks at the material only where it can have changed; the
  // answer must be the one a scan of every position gives, under every rule of fivefold
  // and seventy-five moves, at every ply, and again after moves are taken back.
  Rules rules[3];
  rules[1].edition = Edition::Fide2014;  // fivefold on consecutive alternate moves
  rules[2].edition = Edition::Fide1997;  // no automatic draws
  // Queens to trade (material), a knight against a bishop, a clock near 75 moves, a
  // locked wall that only the static proof finds dead (from the start), and one that
  // becomes so once the bishop is taken.
  const char* starts[] = {"3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", "4k3/8/8/8/8/8/2b5/1N2K3 w - - 0 1",
                          "4k3/3p4/8/8/8/8/3P4/4K3 w - - 140 1",
                          "k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 w - - 0 1",
                          "6Bk/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 b - - 0 40"};
  int ended = 0, checked = 0;
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    for (const char* fen : starts) {
      const auto game = arbiter_test::random_game(seed, 220, arbiter_test::position(fen));
      for (const Rules& base : rules) {
        Rules r = base;
        r.interpretation.trust_fen_halfmove_clock = true;
        GameRecord record(game.positions[0], r);
        for (std::size_t i = 0; i < game.moves.size(); ++i) {
          record.play(game.moves[i]);
          if (i % 7 == 3) {  // take the move back and play it again
            record.undo();
            record.play(game.moves[i]);
          }
        }
        EndingWalk walk;
        for (GameRecord::Ply p = 0; p <= record.ply(); ++p) {
          const bool expected = ended_by_definition(record, p, r);
          REQUIRE(ended_automatically(record, p, r) == expected);
          REQUIRE(walk.ended_at(record, p, r) == expected);  // asked in order
          ended += expected;
          ++checked;
        }
        REQUIRE(walk.ended_at(record, 0, r) == ended_by_definition(record, 0, r));  // backwards
      }
    }
  }
  CHECK(ended > 100);  // the games did end, by every kind
  CHECK(checked > ended);
}

TEST_CASE("E7: a 75-move point passed by a pawn move ends nothing under the 2014 \"last 75 moves\"",
          "[issue9][claims][E7]") {
  // The 150th ply without pawn move or capture is made at ply 2, 3.e3 passes it, then the
  // kings go back and forth until the position after 3.e3 stands for the third time (ply
  // 11, Black to move).
  const std::vector<std::string> line = {"d1c1", "d8c8", "e2e3", "c8d8", "c1d1", "d8c8",
                                         "d1c1", "c8d8", "c1d1", "d8c8", "d1c1"};
  const Position start = arbiter_test::position("3k4/8/8/8/8/8/4P3/3K4 w - - 148 80");
  Rules last75;
  last75.edition = Edition::Fide2014;
  last75.interpretation.trust_fen_halfmove_clock = true;
  last75.interpretation.seventyfive_2014 = SeventyFiveRule::Last75;
  Rules any_series = last75;
  any_series.edition = Edition::Fide2018;
  for (const Rules& rules : {last75, any_series}) {
    const GameRecord record = record_of(start, line, rules);
    REQUIRE(record.ply() == 11);
    REQUIRE(automatic_ending(record, 2, rules) == Termination::SeventyFiveMoves);
    REQUIRE(record.count(11) == 3);
    const bool passed = rules.seventyfive() == SeventyFiveRule::Last75;
    INFO((passed ? "2014, the last 75 moves" : "2018, any series of 75 moves"));
    CHECK(ended_automatically(record, 2, rules));
    CHECK(ended_automatically(record, 11, rules) == !passed);
    CHECK(available_claims(record, ClaimContext{}, rules).threefold_on_board == passed);
    const Ruling r =
        evaluate(record, Claim{ClaimKind::Threefold, Color::Black}, ClaimContext{}, rules);
    CHECK(r.correct == passed);
    CHECK((r.inadmissible == Inadmissible::GameOver) == !passed);
    // The audit reads the point the same way: passed, the game goes on to the claim.
    const GameAudit a = audit_game(record, GameResult::Ongoing);
    CHECK((a.ending == Termination::None) == passed);
    // White by the written 11.Kc1 at ply 10, Black on the board at ply 11.
    CHECK(a.count(Termination::ThreefoldClaim) == (passed ? 2 : 0));
    bool on_board_at_11 = false;
    for (const Finding& f : a.findings)
      on_board_at_11 |= f.kind == Termination::ThreefoldClaim && f.ply == 11 && f.on_board;
    CHECK(on_board_at_11 == passed);
  }
}

TEST_CASE("issue 9: one halfmove counter, HalfmoveClock, kept by the record",
          "[issue9][halfmove]") {
  static_assert(std::is_same_v<decltype(GameRecord::Entry::clock), HalfmoveClock>);
  Rules trust;
  trust.interpretation.trust_fen_halfmove_clock = true;
  const Position start = arbiter_test::position("4k3/8/8/8/8/8/4P3/4K1N1 w - - 7 30");
  const GameRecord record = record_of(start, {"g1f3", "e8d7", "e2e4", "d7e6"}, trust);
  HalfmoveClock clock = HalfmoveClock::start(7).value_or(HalfmoveClock());
  for (GameRecord::Ply p = 0; p <= record.ply(); ++p) {
    if (p > 0) clock.advance(record.position(p - 1).resets_halfmove_clock(record.move(p)));
    CHECK(record.halfmoves(p) == clock.value());
    CHECK(record.last_reset(p) == clock.last_reset_ply());
  }
  CHECK(record.halfmoves(1) == 8);
  CHECK(record.last_reset(1) == HalfmoveClock::none);
  CHECK(record.halfmoves(4) == 1);
  CHECK(record.last_reset(4) == 3);
}

TEST_CASE("issue 9: one result type, GameResult, for Game, the audit and PGN", "[issue9][pgn]") {
  // PgnResult is gone: a PGN game's marker is a GameResult, or none at all.
  static_assert(std::is_same_v<decltype(PgnGame::result), std::optional<GameResult>>);
  static_assert(std::is_same_v<decltype(std::declval<const Game&>().result()), GameResult>);
  for (GameResult r :
       {GameResult::Ongoing, GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw})
    CHECK(parse_pgn_result(to_pgn(r)) == r);
  CHECK(parse_pgn_result("1-0 ") == std::nullopt);
  // A Game written as PGN carries its result as it is.
  Game g;
  for (const char* m : {"f3", "e5", "g4", "Qh4#"}) REQUIRE(g.play_san(m));
  CHECK(pgn_from_game(g).result == GameResult::BlackWins);
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
