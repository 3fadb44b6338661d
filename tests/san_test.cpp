// SAN (notation/san.hpp): every lenient form, every language, strict mode, every error
// with its message, minimal disambiguation, check and mate signs, en passant,
// promotions, castling (Chess960 too), and the round trip over random games.

#include <string>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

namespace {

const char* const castle_fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const char* const promo_fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
const char* const promo_check_fen = "7k/4P3/8/8/8/8/8/4K3 w - - 0 1";
const char* const promo_capture_fen = "1r5k/P7/8/8/8/8/8/4K3 w - - 0 1";
const char* const ep_fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const char* const mate_fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
const char* const knights_fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
const char* const rooks_fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
const char* const queens_fen = "2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1";

Move read(const Position& pos, const std::string& text, SanOptions options = {}) {
  const auto r = parse_san(pos, text, options);
  INFO("'" << text << "' in " << to_fen(pos) << ": "
           << (r ? std::string("ok") : r.error().message(pos, options.language)));
  REQUIRE(r.ok());
  return (*r);
}

SanOptions strict_options(SanLanguage language = SanLanguage::English) {
  SanOptions o;
  o.strict = true;
  o.language = language;
  return o;
}

SanOptions in(SanLanguage language) {
  SanOptions o;
  o.language = language;
  return o;
}

}  // namespace

TEST_CASE("san: lenient forms read as the standard move", "[san]") {
  const Position start = Position::startpos();
  const Move nf3(Square::G1, Square::F3), e4(Square::E2, Square::E4);
  // Long algebraic, separators, a pawn letter, check signs that are not there.
  for (const char* text :
       {"Nf3", "Ng1-f3", "Ng1f3", "Ng1xf3", "g1f3", "N:f3", "Nf3+", "Nf3#", "Nf3++"})
    CHECK(read(start, text) == nf3);
  for (const char* text : {"e4", "e2-e4", "e2e4", "Pe4", "Pe2e4", "e4+"})
    CHECK(read(start, text) == e4);
  // Annotation glyphs glued to the move.
  for (const char* text : {"Nf3!", "Nf3?", "Nf3!?", "Nf3?!", "Nf3!!", "Nf3??", "Nf3+!"})
    CHECK(read(start, text) == nf3);

  // Castling with zeros, and a check sign it does not give.
  const Position castle = arbiter_test::position(castle_fen);
  CHECK(read(castle, "O-O") == Move::castling(Square::E1, Square::H1));
  CHECK(read(castle, "0-0") == Move::castling(Square::E1, Square::H1));
  CHECK(read(castle, "O-O-O") == Move::castling(Square::E1, Square::A1));
  CHECK(read(castle, "0-0-0") == Move::castling(Square::E1, Square::A1));
  CHECK(read(castle, "O-O+") == Move::castling(Square::E1, Square::H1));

  // Promotions: =Q, Q, (Q), /Q, lower case, long algebraic.
  const Position promo = arbiter_test::position(promo_fen);
  const Move queen = Move::promotion(Square::E7, Square::E8, PieceType::Queen);
  for (const char* text :
       {"e8=Q", "e8Q", "e8(Q)", "e8/Q", "e8=q", "e8q", "e7e8q", "e7-e8=Q", "Pe8=Q"})
    CHECK(read(promo, text) == queen);
  CHECK(read(promo, "e8=N") == Move::promotion(Square::E7, Square::E8, PieceType::Knight));
  CHECK(read(promo, "e8R") == Move::promotion(Square::E7, Square::E8, PieceType::Rook));
  CHECK(read(promo, "e8(B)") == Move::promotion(Square::E7, Square::E8, PieceType::Bishop));

  // En passant, with or without its marker, and in short forms.
  const Position ep = arbiter_test::position(ep_fen);
  const Move exf6 = Move::en_passant(Square::E5, Square::F6);
  for (const char* text :
       {"exf6", "exf6 e.p.", "exf6e.p.", "exf6ep", "ef6", "e5f6", "e5xf6", "exf6+"})
    CHECK(read(ep, text) == exf6);
}

TEST_CASE("san: every language, read and written", "[san]") {
  struct Case {
    const char* fen;
    const char* english;
    const char* portuguese;
    const char* spanish;
    const char* russian;
    const char* figurine;
  };
  const char* const open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  const Case cases[] = {
      {open, "Nf3", "Cf3", "Cf3",
       "\xD0\x9A"
       "f3",
       "\xE2\x99\x98"
       "f3"},  // К, ♘
      {open, "Bc4", "Bc4", "Ac4",
       "\xD0\xA1"
       "c4",
       "\xE2\x99\x97"
       "c4"},  // С, ♗
      {open, "Qh5", "Dh5", "Dh5",
       "\xD0\xA4"
       "h5",
       "\xE2\x99\x95"
       "h5"},  // Ф, ♕
      {open, "Ke2", "Re2", "Re2",
       "\xD0\x9A\xD1\x80"
       "e2",
       "\xE2\x99\x94"
       "e2"},  // Кр, ♔
      {castle_fen, "Rb1", "Tb1", "Tb1",
       "\xD0\x9B"
       "b1",
       "\xE2\x99\x96"
       "b1"},  // Л, ♖
      {castle_fen, "O-O", "O-O", "O-O", "O-O", "O-O"},
      {promo_fen, "e8=Q", "e8=D", "e8=D", "e8=\xD0\xA4", "e8=\xE2\x99\x95"},
      {promo_fen, "e8=N", "e8=C", "e8=C", "e8=\xD0\x9A", "e8=\xE2\x99\x98"},
  };
  const SanLanguage languages[] = {SanLanguage::English, SanLanguage::Portuguese,
                                   SanLanguage::Spanish, SanLanguage::Russian,
                                   SanLanguage::Figurine};
  for (const Case& c : cases) {
    const Position pos = arbiter_test::position(c.fen);
    const Move m = read(pos, c.english);
    const char* const texts[] = {c.english, c.portuguese, c.spanish, c.russian, c.figurine};
    for (int i = 0; i < 5; ++i) {
      INFO(c.english << " in language " << i << ": " << texts[i]);
      CHECK(read(pos, texts[i], in(languages[i])) == m);
      CHECK(read(pos, texts[i], strict_options(languages[i])) == m);
      CHECK(to_san(pos, m, languages[i]) == texts[i]);
    }
  }
  // Figurines of either colour, and a figurine pawn.
  const Position black =
      arbiter_test::position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  CHECK(read(black,
             "\xE2\x99\x9E"
             "f6",
             in(SanLanguage::Figurine)) == Move(Square::G8, Square::F6));  // ♞
  CHECK(read(black,
             "\xE2\x99\x98"
             "f6",
             in(SanLanguage::Figurine)) == Move(Square::G8, Square::F6));  // ♘
  const Position start = Position::startpos();
  CHECK(read(start,
             "\xE2\x99\x99"
             "e4",
             in(SanLanguage::Figurine)) == Move(Square::E2, Square::E4));  // ♙
  CHECK(read(start,
             "\xE2\x99\x9F"
             "e4",
             in(SanLanguage::Figurine)) == Move(Square::E2, Square::E4));  // ♟
  // Russian pawn letter п.
  CHECK(read(start,
             "\xD0\xBF"
             "e4",
             in(SanLanguage::Russian)) == Move(Square::E2, Square::E4));
  // In Russian, К alone is the knight and Кр the king; English letters are not Russian.
  const Position kings = arbiter_test::position("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
  CHECK(read(kings,
             "\xD0\x9A"
             "f3",
             in(SanLanguage::Russian)) == Move(Square::G1, Square::F3));
  CHECK(read(kings,
             "\xD0\x9A\xD1\x80"
             "f2",
             in(SanLanguage::Russian)) == Move(Square::E1, Square::F2));
  CHECK(parse_san(start, "Nf3", in(SanLanguage::Russian)).error().kind ==
        SanErrorKind::UnknownPiece);
  CHECK(parse_san(start, "Nf3", in(SanLanguage::Portuguese)).error().kind ==
        SanErrorKind::UnknownPiece);
  // Spanish A is a bishop; Portuguese has no A.
  CHECK(parse_san(arbiter_test::position(open), "Ac4", in(SanLanguage::Portuguese)).error().kind ==
        SanErrorKind::UnknownPiece);
}

TEST_CASE("san: strict mode accepts only the export form, and names it", "[san][strict]") {
  const Position start = Position::startpos();
  const Position castle = arbiter_test::position(castle_fen);
  const Position mate = arbiter_test::position(mate_fen);
  const Position promo_check = arbiter_test::position(promo_check_fen);
  const Position ep = arbiter_test::position(ep_fen);
  struct Case {
    const Position* pos;
    const char* text;
    const char* standard;
  };
  const Case rejected[] = {
      {&castle, "0-0", "O-O"},         {&castle, "0-0-0", "O-O-O"}, {&start, "Ng1f3", "Nf3"},
      {&start, "e2e4", "e4"},          {&start, "Nf3+", "Nf3"},     {&start, "Ngf3", "Nf3"},
      {&start, "N1f3", "Nf3"},         {&mate, "Ra8", "Ra8#"},      {&mate, "Ra8+", "Ra8#"},
      {&promo_check, "e8=Q", "e8=Q+"}, {&ep, "exf6 e.p.", "exf6"},  {&castle, "O-O+", "O-O"},
  };
  for (const Case& c : rejected) {
    INFO(c.text);
    const auto r = parse_san(*c.pos, c.text, strict_options());
    CHECK(r.error().kind == SanErrorKind::NotStandard);
    CHECK(r.error().detail == c.standard);
    REQUIRE(r.error().candidates.size() == 1);
    CHECK(to_san(*c.pos, r.error().candidates[0]) == c.standard);
    CHECK(r.error().candidates[0] == read(*c.pos, c.text));  // the move is still named
    CHECK(r.error().message(*c.pos) ==
          std::string("not in standard SAN (standard form: ") + c.standard + ")");
  }
  // The export form itself, with annotation glyphs after it.
  for (const char* text : {"Nf3", "e4", "Nf3!", "e4?!"})
    CHECK(parse_san(start, text, strict_options()).ok());
  CHECK(parse_san(mate, "Ra8#", strict_options()).ok());
  CHECK(parse_san(promo_check, "e8=Q+", strict_options()).ok());
  CHECK(parse_san(castle, "O-O-O", strict_options()).ok());
  CHECK(parse_san(ep, "exf6", strict_options()).ok());
  // Strict mode still tells illegal and ambiguous moves apart from non-standard ones.
  CHECK(parse_san(start, "Nf4", strict_options()).error().kind == SanErrorKind::Illegal);
  CHECK(parse_san(arbiter_test::position(knights_fen), "Nd2", strict_options()).error().kind ==
        SanErrorKind::Ambiguous);
}

// Strict mode names the standard form for every non-standard spelling of a legal move,
// and lenient mode reads castling written as the king's move (e1g1, Ke1-g1) as UCI files
// and long algebraic do.
TEST_CASE("san: strict mode names the standard form for every non-standard spelling",
          "[san][strict]") {
  const Position start = Position::startpos();
  const Position promo = arbiter_test::position(promo_fen);
  const struct {
    const Position* pos;
    const char* text;
    const char* standard;
  } cases[] = {{&start, "N:f3", "Nf3"},   {&start, "Ng1-f3", "Nf3"}, {&start, "e2-e4", "e4"},
               {&start, "Ng1xf3", "Nf3"}, {&promo, "e8Q", "e8=Q"},   {&promo, "e8(Q)", "e8=Q"},
               {&promo, "e8/Q", "e8=Q"},  {&start, "Pe4", "e4"}};
  for (const auto& c : cases) {
    INFO(c.text);
    const auto r = parse_san(*c.pos, c.text, strict_options());
    CHECK(r.error().kind == SanErrorKind::NotStandard);
    CHECK(r.error().detail == c.standard);
  }
}

TEST_CASE("san: lenient mode reads castling written as the king's move", "[san]") {
  const Position castle = arbiter_test::position(castle_fen);
  for (const char* text : {"e1g1", "e1-g1", "Ke1g1", "Ke1-g1"}) {
    INFO(text);
    const auto r = parse_san(castle, text);
    CHECK(r.ok());
    CHECK((*r) == Move::castling(Square::E1, Square::H1));
  }
  CHECK(parse_san(castle, "e1c1").value_or(Move::none()) == Move::castling(Square::E1, Square::A1));
}

TEST_CASE("san: every error, with its message", "[san][errors]") {
  const Position start = Position::startpos();
  const Position promo = arbiter_test::position(promo_fen);
  const Position knights = arbiter_test::position(knights_fen);
  struct Case {
    const Position* pos;
    const char* text;
    SanErrorKind error;
    const char* message;
  };
  const Case cases[] = {
      {&start, "", SanErrorKind::Empty, "empty move"},
      {&start, "  ", SanErrorKind::Empty, "empty move"},
      {&start, "!!", SanErrorKind::Empty, "empty move"},
      {&promo, "e8=QQ", SanErrorKind::Syntax, "not a move in algebraic notation 'e8=QQ'"},
      {&promo, "e8(Q", SanErrorKind::Syntax, "not a move in algebraic notation 'e8(Q'"},
      {&start, "Xf3", SanErrorKind::UnknownPiece, "unknown piece letter 'X'"},
      {&start,
       "\xE2\x99\x98"
       "f3",
       SanErrorKind::UnknownPiece, "unknown piece letter '\xE2\x99\x98'"},  // ♘ in English
      {&promo, "e8=K", SanErrorKind::UnknownPiece, "unknown piece letter 'K'"},
      {&start, "N", SanErrorKind::Truncated, "move ends before its destination square 'N'"},
      {&start, "Nf", SanErrorKind::Truncated, "move ends before its destination square 'Nf'"},
      {&start, "e", SanErrorKind::Truncated, "move ends before its destination square 'e'"},
      {&promo, "e8", SanErrorKind::MissingPromotion, "promotion piece missing 'e8'"},
      {&promo, "e7e8", SanErrorKind::MissingPromotion, "promotion piece missing 'e7e8'"},
      {&start, "Nf4", SanErrorKind::Illegal,
       "illegal move 'Nf4'; legal moves of that piece: Na3, Nc3, Nf3, Nh3"},
      {&start, "e5", SanErrorKind::Illegal,
       "illegal move 'e5'; legal moves of that piece: a3, b3, c3, d3, e3, f3, g3, h3, a4, b4, c4, "
       "d4, e4, f4, g4, h4"},
      {&start, "O-O", SanErrorKind::Illegal, "illegal move 'O-O' (no legal move of that piece)"},
      {&start, "Ke2", SanErrorKind::Illegal, "illegal move 'Ke2' (no legal move of that piece)"},
      {&knights, "Nd2", SanErrorKind::Ambiguous, "ambiguous move 'Nd2'; candidates: Nbd2, Nfd2"},
  };
  for (const Case& c : cases) {
    INFO("'" << c.text << "'");
    const auto r = parse_san(*c.pos, c.text);
    CHECK(!r.ok());
    CHECK(!r);
    CHECK(r.error().kind == c.error);
    CHECK(r.error().message(*c.pos) == c.message);
  }
  CHECK(std::string(describe(SanErrorKind::Ambiguous)) == "ambiguous move");
  CHECK(std::string(describe(SanErrorKind::NotStandard)) == "not in standard SAN");
  // The candidates of an ambiguous move are the moves, in a usable form.
  const auto amb = parse_san(knights, "Nd2");
  REQUIRE(amb.error().candidates.size() == 2);
  CHECK(amb.error().candidates.contains(Move(Square::B1, Square::D2)));
  CHECK(amb.error().candidates.contains(Move(Square::F1, Square::D2)));
  // Messages in another language use its letters.
  const auto ru = parse_san(knights,
                            "\xD0\x9A"
                            "d2",
                            in(SanLanguage::Russian));
  CHECK(ru.error().message(knights, SanLanguage::Russian) ==
        "ambiguous move '\xD0\x9A"
        "d2'; candidates: \xD0\x9A"
        "bd2, \xD0\x9A"
        "fd2");
}

TEST_CASE("san: minimal disambiguation by file, by rank, by both", "[san]") {
  const Position knights = arbiter_test::position(knights_fen);
  CHECK(to_san(knights, Move(Square::B1, Square::D2)) == "Nbd2");
  CHECK(to_san(knights, Move(Square::F1, Square::D2)) == "Nfd2");
  CHECK(to_san(knights, Move(Square::B1, Square::C3)) == "Nc3");  // only one knight reaches c3
  CHECK(read(knights, "Nbd2") == Move(Square::B1, Square::D2));

  const Position rooks = arbiter_test::position(rooks_fen);
  CHECK(to_san(rooks, Move(Square::A1, Square::A3)) == "R1a3");
  CHECK(to_san(rooks, Move(Square::A5, Square::A3)) == "R5a3");
  CHECK(read(rooks, "R1a3") == Move(Square::A1, Square::A3));
  CHECK(parse_san(rooks, "Ra3").error().kind == SanErrorKind::Ambiguous);
  CHECK(parse_san(rooks, "Raa3").error().kind == SanErrorKind::Ambiguous);

  // Three queens: a4 shares a file with a1 and a rank with h4, so it needs both.
  const Position queens = arbiter_test::position(queens_fen);
  CHECK(to_san(queens, Move(Square::A4, Square::D4)) == "Qa4d4");
  CHECK(to_san(queens, Move(Square::A1, Square::D4)) == "Q1d4");
  CHECK(to_san(queens, Move(Square::H4, Square::D4)) == "Qhd4");
  CHECK(read(queens, "Qa4d4") == Move(Square::A4, Square::D4));
  CHECK(read(queens, "Q1d4") == Move(Square::A1, Square::D4));
  CHECK(read(queens, "Qhd4") == Move(Square::H4, Square::D4));
  CHECK(read(queens, "Qa1d4") ==
        Move(Square::A1, Square::D4));  // over-specified: fine when lenient
  CHECK(parse_san(queens, "Qd4").error().kind == SanErrorKind::Ambiguous);
  CHECK(parse_san(queens, "Qd4").error().message(queens) ==
        "ambiguous move 'Qd4'; candidates: Q1d4, Qa4d4, Qhd4");
  CHECK(parse_san(queens, "Qad4").error().message(queens) ==
        "ambiguous move 'Qad4'; candidates: Q1d4, Qa4d4");
  CHECK(parse_san(queens, "Qa1d4", strict_options()).error().kind == SanErrorKind::NotStandard);

  // A pinned piece does not count: the knight on g8 cannot move.
  const Position pinned =
      arbiter_test::position("2R1R1nk/1p4rp/p1n2N2/6p1/1P6/2P5/P6P/2K5 b - - 2 1");
  CHECK(to_san(pinned, Move(Square::C6, Square::E7)) == "Ne7");
  CHECK(read(pinned, "Nce7") == Move(Square::C6, Square::E7));
  CHECK(parse_san(pinned, "Nge7").error().kind == SanErrorKind::Illegal);
}

TEST_CASE("san: check and mate signs, en passant, promotions with capture", "[san]") {
  const Position mate = arbiter_test::position(mate_fen);
  CHECK(to_san(mate, Move(Square::A1, Square::A8)) == "Ra8#");
  CHECK(to_san(mate, Move(Square::A1, Square::A7)) == "Ra7");
  const Position check = arbiter_test::position("6k1/8/8/8/8/8/8/R5K1 w - - 0 1");
  CHECK(to_san(check, Move(Square::A1, Square::A8)) == "Ra8+");

  const Position ep = arbiter_test::position(ep_fen);
  CHECK(to_san(ep, Move::en_passant(Square::E5, Square::F6)) == "exf6");
  // En passant that gives check.
  const Position ep_check = arbiter_test::position("8/8/8/2k5/3Pp3/8/4K3/8 b - d3 0 1");
  CHECK(to_san(ep_check, Move::en_passant(Square::E4, Square::D3)) == "exd3+");
  CHECK(read(ep_check, "exd3") == Move::en_passant(Square::E4, Square::D3));

  const Position promo = arbiter_test::position(promo_check_fen);
  CHECK(to_san(promo, Move::promotion(Square::E7, Square::E8, PieceType::Queen)) == "e8=Q+");
  CHECK(to_san(promo, Move::promotion(Square::E7, Square::E8, PieceType::Knight)) == "e8=N");
  const Position capture = arbiter_test::position(promo_capture_fen);
  CHECK(to_san(capture, Move::promotion(Square::A7, Square::B8, PieceType::Queen)) == "axb8=Q+");
  CHECK(to_san(capture, Move::promotion(Square::A7, Square::B8, PieceType::Knight)) == "axb8=N");
  CHECK(to_san(capture, Move::promotion(Square::A7, Square::A8, PieceType::Rook)) == "a8=R");
  CHECK(read(capture, "axb8=N") == Move::promotion(Square::A7, Square::B8, PieceType::Knight));
  CHECK(read(capture, "axb8N") == Move::promotion(Square::A7, Square::B8, PieceType::Knight));
  CHECK(read(capture, "ab8=Q") == Move::promotion(Square::A7, Square::B8, PieceType::Queen));
  CHECK(parse_san(capture, "axb8").error().kind == SanErrorKind::MissingPromotion);
  CHECK(parse_san(capture, "axb8=N", strict_options()).ok());
  CHECK(parse_san(capture, "axb8=Q+", strict_options()).ok());
}

TEST_CASE("san: castling in standard chess and Chess960", "[san][chess960]") {
  const Position castle = arbiter_test::position(castle_fen);
  CHECK(to_san(castle, Move::castling(Square::E1, Square::H1)) == "O-O");
  CHECK(to_san(castle, Move::castling(Square::E1, Square::A1)) == "O-O-O");
  // Castling that gives check.
  const Position check = arbiter_test::position("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(to_san(check, Move::castling(Square::E1, Square::H1)) == "O-O+");
  CHECK(parse_san(check, "O-O+", strict_options()).ok());

  // Chess960: the king on f1 with its rook on h1 castles with O-O; a king step to g1 is Kg1.
  const Position k960 = arbiter_test::position("6k1/8/8/8/8/8/8/5K1R w H - 0 1");
  REQUIRE(k960.is_chess960());
  CHECK(read(k960, "O-O") == Move::castling(Square::F1, Square::H1));
  CHECK(to_san(k960, Move::castling(Square::F1, Square::H1)) == "O-O");
  CHECK(read(k960, "Kg1") == Move(Square::F1, Square::G1));
  CHECK(parse_san(k960, "O-O-O").error().kind == SanErrorKind::Illegal);
  CHECK(parse_san(k960, "O-O-O").error().message(k960) ==
        "illegal move 'O-O-O'; legal moves of that piece: Ke1, Kg1, Ke2, Kf2, Kg2, O-O");
  // The king on c1 with its rook on a1: O-O-O leaves the king where it stands.
  const Position q960 = arbiter_test::position("6k1/8/8/8/8/8/8/R1K5 w A - 0 1");
  REQUIRE(q960.is_chess960());
  CHECK(read(q960, "O-O-O") == Move::castling(Square::C1, Square::A1));
  CHECK(read(q960, "0-0-0") == Move::castling(Square::C1, Square::A1));
  const Position after = q960.play_unchecked(Move::castling(Square::C1, Square::A1));
  CHECK(after.piece_on(Square::C1) == Piece::WhiteKing);
  CHECK(after.piece_on(Square::D1) == Piece::WhiteRook);
}

TEST_CASE("san: to_san and parse_san agree on every legal move of random games", "[san]") {
  const SanLanguage languages[] = {SanLanguage::English, SanLanguage::Portuguese,
                                   SanLanguage::Spanish, SanLanguage::Russian,
                                   SanLanguage::Figurine};
  std::uint64_t moves = 0;
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const arbiter_test::RandomGame g = arbiter_test::random_game(seed, 160);
    for (const Position& pos : g.positions) {
      for (Move m : legal_moves(pos)) {
        for (SanLanguage language : languages) {
          const std::string san = to_san(pos, m, language);
          const auto lenient = parse_san(pos, san, in(language));
          const auto strict = parse_san(pos, san, strict_options(language));
          INFO(to_fen(pos) << " " << to_uci(pos, m) << " written " << san);
          CHECK((*lenient) == m);
          CHECK(lenient.ok());
          CHECK(strict.ok());
          CHECK((*strict) == m);
          ++moves;
        }
      }
    }
  }
  CHECK(moves > 100000);
}

TEST_CASE("san: castling read without the general path is the general path's reading",
          "[san][chess960]") {
  // resolve_castling() generates only the king's moves to its rook's square: wherever the
  // general path reads O-O or O-O-O as a move, so must it, and nowhere else.
  std::uint64_t castled = 0, refused = 0;
  auto check = [&](const Position& pos) {
    for (const char* text : {"O-O", "O-O-O", "O-O+", "O-O-O#"}) {
      const Move common = detail::try_common_san(pos, text, SanOptions{});
      const Move general =
          detail::parse_san_general(pos, text, SanOptions{}).value_or(Move::none());
      INFO(to_fen(pos) << " " << text);
      CHECK(common == general);
      (general ? castled : refused) += 1;
    }
  };
  for (std::uint32_t seed = 1; seed <= 60; ++seed)
    for (const Position& pos : arbiter_test::random_game(seed, 200).positions) check(pos);
  // Attacked and blocked paths, castling out of check, Chess960 kings and rooks.
  for (const char* fen :
       {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/1R2K2R w Kkq - 0 1", "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1"})
    check(arbiter_test::position(fen));
  for (const char* fen : {"3k4/8/8/8/8/8/8/4RK1R w HE - 0 1", "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
                          "4k3/8/8/8/8/8/8/2RK3R w HC - 0 1", "4k3/8/8/8/8/8/8/R1K4r w A - 0 1"}) {
    FenOptions o;
    o.castling = CastlingMode::Chess960;
    const Result<ParsedFen, FenError> parsed = parse_fen(fen, o);
    INFO(fen);
    REQUIRE(parsed);
    check(parsed->position);
  }
  CHECK(castled > 100);
  CHECK(refused > 1000);
}

TEST_CASE("san: the rivals found from attack sets are those of the legal move list", "[san]") {
  // san_rival_squares() reads attacks and king safety instead of generating moves; it
  // must name exactly the other legal moves of the same piece type to the same square.
  std::uint64_t with_rivals = 0, moves = 0;
  auto check = [&](const Position& pos) {
    const MoveList legal = legal_moves(pos);
    for (Move m : legal) {
      Bitboard expected = 0;
      const PieceType type = type_of(pos.piece_on(m.from()));
      if (!m.is_castling() && type != PieceType::Pawn)
        for (Move o : legal)
          if (o != m && o.to() == m.to() && !o.is_castling() &&
              type_of(pos.piece_on(o.from())) == type)
            expected |= square_bb(o.from());
      INFO(to_fen(pos) << " " << to_uci(pos, m));
      CHECK(detail::san_rival_squares(pos, m) == expected);
      with_rivals += expected != 0;
      ++moves;
    }
  };
  for (std::uint32_t seed = 1; seed <= 60; ++seed)
    for (const Position& pos : arbiter_test::random_game(seed, 200).positions) check(pos);
  // A rival pinned to its king is no rival: the knight on c2, pinned by the bishop on a4,
  // cannot go to e3, so Ng2-e3 is "Ne3".
  const Position pinned = arbiter_test::position("4k3/8/8/8/b7/8/2N3N1/3K4 w - - 0 1");
  check(pinned);
  CHECK(to_san(pinned, Move(Square::G2, Square::E3)) == "Ne3");
  check(arbiter_test::position("4k3/8/8/8/8/8/8/RN2KN1R w - - 0 1"));
  check(arbiter_test::position("7k/8/8/3Q1Q2/8/3Q1Q2/8/K7 w - - 0 1"));
  CHECK(moves > 100000);
  CHECK(with_rivals > 100);
}
