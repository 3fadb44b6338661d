// PGN (notation/pgn.hpp): the streaming reader and its events, the PgnGame record,
// malformed input (each error with its message, game number, line and column, and the
// games around it still read), resynchronization, encodings, limits, the export-format
// writer, and the `arbiter pgn` command.

#include <arbiter/notation/pgn.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "process_util.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

std::string fixture(const std::string& name) { return arbiter_test::data_path("pgn/" + name); }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A game in export format; the test fails if the writer refuses it.
std::string pgn_text(const PgnGame& game, const PgnWriteOptions& options = {}) {
  Result<std::string, PgnWriteError> r = to_pgn(game, options);
  INFO((r ? std::string() : r.error().message()));
  REQUIRE(r.ok());
  return std::move(r).value();
}

// Every game of a text, with the status of each and the error of each bad one.
struct ReadAll {
  std::vector<PgnGame> games;    // the games read (good ones only)
  std::vector<bool> status;      // per game: read (true) or bad (false)
  std::vector<PgnError> errors;  // one per bad game
  std::vector<PgnError> warnings;
};

ReadAll read_all(PgnReader reader) {
  ReadAll r;
  PgnGame game;
  for (;;) {
    const Result<PgnRead, PgnError> s = reader.next(game);
    if (is_end(s)) break;
    r.status.push_back(s.ok());
    for (const PgnError& w : game.warnings) r.warnings.push_back(w);
    if (s)
      r.games.push_back(game);
    else
      r.errors.push_back(s.error());
  }
  return r;
}

ReadAll read_text(std::string_view text, PgnOptions options = {}) {
  return read_all(PgnReader::from_memory(text, options));
}

// Records every event as text, to compare readers and options.
struct Recorder : PgnVisitor {
  std::string log;
  void begin_game(std::uint64_t n, std::uint64_t line) override {
    log += "begin " + std::to_string(n) + "@" + std::to_string(line) + "\n";
  }
  void tag(std::string_view name, std::string_view value) override {
    log += "tag " + std::string(name) + "=" + std::string(value) + "\n";
  }
  PgnAction begin_movetext(const Position& start) override {
    log += "start " + to_fen(start) + "\n";
    return PgnAction::Continue;
  }
  void move(const Position& before, Move m, std::string_view san) override {
    log += "move " + std::string(san) + " " + (m ? to_uci(before, m) : std::string("null")) + "\n";
  }
  void nag(int n) override { log += "nag " + std::to_string(n) + "\n"; }
  void comment(std::string_view text, bool truncated) override {
    log += "comment " + std::string(text) + (truncated ? " [truncated]" : "") + "\n";
  }
  void begin_variation() override { log += "(\n"; }
  void end_variation() override { log += ")\n"; }
  void result(GameResult r) override { log += std::string("result ") + to_pgn(r) + "\n"; }
  void end_game() override { log += "end\n"; }
  void game_error(const PgnError& e) override { log += "error " + e.to_string() + "\n"; }
  void warning(const PgnError& w) override { log += "warning " + w.to_string() + "\n"; }
};

std::string record(PgnReader reader) {
  Recorder rec;
  while (!is_end(reader.next(rec))) {
  }
  return rec.log;
}

std::vector<std::string> uci_line(const PgnGame& g) {
  std::vector<std::string> out;
  Position pos = g.start;
  for (const PgnMove& m : g.main_line.moves) {
    out.push_back(m.move ? to_uci(pos, m.move) : "0000");
    if (m.move)
      pos.play_in_place(m.move);
    else {
      const Result<Position, MoveError> passed = pos.play_null();
      REQUIRE(passed);
      pos = *passed;
    }
  }
  return out;
}

// Comments compared with their white space runs folded into one space (the writer
// re-wraps them).
std::string fold_space(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

void check_same_line(const PgnLine& a, const PgnLine& b) {
  CHECK(a.nags_before == b.nags_before);
  REQUIRE(a.comments_before.size() == b.comments_before.size());
  for (std::size_t i = 0; i < a.comments_before.size(); ++i)
    CHECK(fold_space(a.comments_before[i]) == fold_space(b.comments_before[i]));
  REQUIRE(a.moves.size() == b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    INFO("move " << i + 1 << " (" << a.moves[i].san << ")");
    CHECK(a.moves[i].move == b.moves[i].move);
    CHECK(a.moves[i].nags == b.moves[i].nags);
    REQUIRE(a.moves[i].comments.size() == b.moves[i].comments.size());
    for (std::size_t j = 0; j < a.moves[i].comments.size(); ++j)
      CHECK(fold_space(a.moves[i].comments[j]) == fold_space(b.moves[i].comments[j]));
    REQUIRE(a.moves[i].variations.size() == b.moves[i].variations.size());
    for (std::size_t j = 0; j < a.moves[i].variations.size(); ++j)
      check_same_line(a.moves[i].variations[j], b.moves[i].variations[j]);
  }
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(text.substr(start, nl - start));
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

// A temporary folder for the files the tests write, removed at the end.
using arbiter_test::TempDir;

const char* const immortal =
    "[Event \"Casual game\"]\n[Site \"London ENG\"]\n[Date \"1851.06.21\"]\n[Round \"?\"]\n"
    "[White \"Anderssen, Adolf\"]\n[Black \"Kieseritzky, Lionel\"]\n[Result \"1-0\"]\n\n"
    "1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5\n"
    "9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6\n"
    "16.Nc3 Bc5 17.Nd5 Qxb2 18.Bd6 {the famous sacrifices} Bxg1 19.e5 Qxa1+ 20.Ke2 Na6\n"
    "21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0\n";

}  // namespace

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

namespace {
// Whether PgnReader::from_memory() takes an argument of type T.
template <class T, class = void>
struct reads_from_memory : std::false_type {};
template <class T>
struct reads_from_memory<T, std::void_t<decltype(PgnReader::from_memory(std::declval<T>()))>>
    : std::true_type {};
}  // namespace

TEST_CASE("pgn: from_memory() refuses a temporary string, whose text would be gone", "[pgn]") {
  // The reader does not copy the text: a temporary std::string would be destroyed at the
  // end of the statement, and the reader read freed memory.
  static_assert(!reads_from_memory<std::string>::value);
  static_assert(reads_from_memory<std::string&>::value);
  static_assert(reads_from_memory<const std::string&>::value);
  static_assert(reads_from_memory<std::string_view>::value);
  static_assert(reads_from_memory<const char*>::value);
  // A literal lives as long as the program.
  const ReadAll r = read_all(PgnReader::from_memory("1. e4 e5 2. Nf3 *"));
  REQUIRE(r.games.size() == 1);
  CHECK(r.games[0].main_line.moves.size() == 3);
}

TEST_CASE("pgn: tags with escapes, % lines, ; and {} comments, NAGs and suffixes", "[pgn]") {
  const std::string basic = slurp(fixture("basic.pgn"));
  const ReadAll r = read_all(PgnReader::from_memory(basic));
  REQUIRE(r.errors.empty());
  CHECK(r.warnings.empty());
  REQUIRE(r.games.size() == 3);

  const PgnGame& g = r.games[0];
  CHECK(g.number == 1);
  CHECK(g.line == 2);  // line 1 is a % escape line
  REQUIRE(g.tags.size() == 8);
  CHECK(g.tags[0].name == "Event");
  CHECK(g.tags[0].value == "Escapes: \"quoted\" and \\backslash\\");
  CHECK(g.tag("White") == "Anderssen, Adolf");
  CHECK(g.tag("ECO") == "C33");
  CHECK(g.tag("Annotator").empty());
  CHECK(g.find_tag("Annotator") == nullptr);
  CHECK(g.result == GameResult::WhiteWins);
  REQUIRE(g.main_line.moves.size() == 45);
  CHECK(g.main_line.comments_before ==
        std::vector<std::string>{"a comment to the end of the line, before the first move"});
  CHECK(g.main_line.moves[0].san == "e4");
  CHECK(g.main_line.moves[20].san == "Rg1");
  CHECK(g.main_line.moves[20].nags == std::vector<int>{1});  // 11.Rg1!
  CHECK(g.main_line.moves[42].san == "Qf6+");
  CHECK(g.main_line.moves[42].nags == std::vector<int>{3});  // 22.Qf6+!!
  CHECK(g.main_line.moves[44].san == "Be7#");
  REQUIRE(g.main_line.moves[35].comments.size() == 1);  // after 18...Bxg1, over two lines
  CHECK(g.main_line.moves[35].comments[0] ==
        "It is from this capture that the game\ntakes its name.");
  const Position end = g.end_position();
  CHECK(end.in_check());
  CHECK(!any_legal_move(end));

  const PgnGame& v = r.games[1];
  CHECK(v.number == 2);
  CHECK(v.line == 17);
  CHECK(v.result == GameResult::Ongoing);
  CHECK(v.main_line.comments_before == std::vector<std::string>{"Before the first move."});
  REQUIRE(v.main_line.moves.size() == 10);
  CHECK(v.main_line.moves[0].nags == std::vector<int>{1});
  CHECK(v.main_line.moves[9].san == "Be7");
  CHECK(v.main_line.moves[9].nags == std::vector<int>{5});  // !?
  CHECK(v.main_line.moves[5].comments == std::vector<std::string>{"Morphy"});
  CHECK(v.main_line.moves[8].move == Move::castling(Square::E1, Square::H1));

  const PgnGame& n = r.games[2];
  CHECK(n.result == GameResult::Draw);
  REQUIRE(n.main_line.moves.size() == 17);
  CHECK(n.main_line.moves[4].comments == std::vector<std::string>{"the Slav"});
  CHECK(n.main_line.moves[9].san == "Nbd7");
  CHECK(n.main_line.moves[11].nags == std::vector<int>{14});
  CHECK(uci_line(n)[13] == "e8g8");
  CHECK(uci_line(n)[14] == "e1g1");
}

TEST_CASE("pgn: nested variations, kept as a tree or skipped", "[pgn][variations]") {
  const std::string text = slurp(fixture("basic.pgn"));
  const ReadAll kept = read_text(text);
  REQUIRE(kept.games.size() == 3);
  const PgnLine& main = kept.games[1].main_line;
  // 1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 (2... d6) 3. f4) 2... d6) (1... e6) 2. Nf3 ...
  REQUIRE(main.moves[1].variations.size() == 2);
  const PgnLine& sicilian = main.moves[1].variations[0];
  REQUIRE(sicilian.moves.size() == 3);
  CHECK(sicilian.moves[0].san == "c5");
  CHECK(sicilian.moves[2].san == "d6");
  REQUIRE(sicilian.moves[1].variations.size() == 1);
  const PgnLine& nc3 = sicilian.moves[1].variations[0];
  REQUIRE(nc3.moves.size() == 3);
  CHECK(nc3.moves[0].move == Move(Square::B1, Square::C3));
  REQUIRE(nc3.moves[1].variations.size() == 1);
  CHECK(nc3.moves[1].variations[0].moves.size() == 1);
  CHECK(nc3.moves[1].variations[0].moves[0].move == Move(Square::D7, Square::D6));
  CHECK(nc3.moves[2].move == Move(Square::F2, Square::F4));
  CHECK(main.moves[1].variations[1].moves.size() == 1);
  CHECK(main.moves[1].variations[1].moves[0].move == Move(Square::E7, Square::E6));

  PgnOptions skip;
  skip.variations = false;
  const ReadAll skipped = read_text(text, skip);
  REQUIRE(skipped.games.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(uci_line(skipped.games[i]) == uci_line(kept.games[i]));
    for (const PgnMove& m : skipped.games[i].main_line.moves) CHECK(m.variations.empty());
  }
  // Skipped variations are not checked: an illegal move there goes unnoticed.
  const std::string bad = "1. e4 (1. Ke2 Kxe2) e5 *";
  CHECK(read_text(bad).errors.size() == 1);
  CHECK(read_text(bad, skip).games.size() == 1);

  // A variation needs a move to vary.
  const ReadAll early = read_text("( 1. d4 ) 1. e4 *\n\n1. d4 *");
  REQUIRE(early.errors.size() == 1);
  CHECK(early.errors[0].kind == PgnErrorKind::VariationWithoutMove);
  CHECK(early.errors[0].column == 1);
  CHECK(early.games.size() == 1);

  // Too deep.
  std::string deep = "1. e4";
  for (int i = 0; i < 70; ++i) deep += " (1. d4";
  for (int i = 0; i < 70; ++i) deep += ")";
  deep += " *";
  const ReadAll too_deep = read_text(deep);
  REQUIRE(too_deep.errors.size() == 1);
  CHECK(too_deep.errors[0].kind == PgnErrorKind::TooDeep);
  CHECK(too_deep.errors[0].message ==
        "variations nested more than 64 deep, in the variation at line 1, column 448 (depth 64), "
        "in place of 1.d4");
}

TEST_CASE("pgn: eight-byte word tests against the byte-by-byte rule", "[pgn]") {
  // detail/byte_words.hpp answers "some byte of the word is ..." a word at a time: every
  // byte value at every place, among fillers chosen to provoke a borrow or a false match.
  using namespace arbiter::detail;
  for (const unsigned char filler : {0x00, 0x01, 0x1F, 0x20, 0x22, 0x5C, 0x7F, 0x80, 0xFF})
    for (int at = 0; at < 8; ++at)
      for (int byte = 0; byte < 256; ++byte) {
        unsigned char bytes[8];
        std::fill(bytes, bytes + 8, filler);
        bytes[at] = static_cast<unsigned char>(byte);
        const std::uint64_t w = load_word(reinterpret_cast<const char*>(bytes));
        INFO("byte " << byte << " at " << at << " among " << int(filler));
        for (const unsigned char c : {0x00, 0x0A, 0x22, 0x5C, 0x80, 0xFF})
          CHECK((has_byte(w, c) != 0) == std::count(bytes, bytes + 8, c) > 0);
        for (const unsigned n : {1u, 0x20u, 0x80u})
          CHECK((bytes_below(w, n) != 0) ==
                std::any_of(bytes, bytes + 8, [&](unsigned char b) { return b < n; }));
        CHECK((has_high_byte(w) != 0) ==
              std::any_of(bytes, bytes + 8, [](unsigned char b) { return b >= 0x80; }));
      }
}

TEST_CASE(
    "pgn: tag values of every length, with an escape, a Latin-1 byte or a line end "
    "at every place",
    "[pgn]") {
  // The reader skips a tag value's ordinary bytes eight at a time: what stops the run (a
  // backslash, the closing quote, the end of the line) must be found wherever it falls.
  for (std::size_t size = 0; size <= 20; ++size)
    for (std::size_t at = 0; at <= size; ++at) {
      const std::string head(at, 'a'), tail(size - at, 'z');
      INFO("size " << size << ", at " << at);
      // An escaped quote, an escaped backslash, a Latin-1 byte (made UTF-8), nothing.
      for (const auto& [written, read] : std::vector<std::pair<std::string, std::string>>{
               {"\\\"", "\""}, {"\\\\", "\\"}, {"\xE9", "\xC3\xA9"}, {"", ""}}) {
        const ReadAll r =
            read_text("[Event \"" + head + written + tail + "\"]\n[Site \"x\"]\n\n1. e4 *\n");
        REQUIRE(r.errors.empty());
        REQUIRE(r.games.size() == 1);
        CHECK(r.games[0].tag("Event") == head + read + tail);
        CHECK(r.games[0].tag("Site") == "x");
      }
      // No closing quote on the line: an error at the value's opening quote.
      const ReadAll bad = read_text("[Event \"" + head + tail + "\n\"]\n\n1. e4 *\n");
      REQUIRE(bad.errors.size() == 1);
      CHECK(bad.errors[0].message.find("has no closing") != std::string::npos);
      CHECK(bad.errors[0].column == 8);
    }
}

TEST_CASE("pgn: move numbers, glued and spaced, results and the Result tag", "[pgn]") {
  for (const char* text :
       {"1.e4 e5 2.Nf3 *", "1. e4 e5 2. Nf3 *", "1.e4 1...e5 2.Nf3 *", "1. e4 1... e5 2. Nf3 *",
        "1 e4 e5 2 Nf3 *", "e4 e5 Nf3 *", "1. e4 ... e5 2. Nf3 *", "1.e4 e5\n2.Nf3\n*"}) {
    INFO(text);
    const ReadAll r = read_text(text);
    REQUIRE(r.games.size() == 1);
    CHECK(uci_line(r.games[0]) == std::vector<std::string>{"e2e4", "e7e5", "g1f3"});
  }
  CHECK(read_text("1. e4 1-0").games[0].result == GameResult::WhiteWins);
  CHECK(read_text("1. e4 0-1").games[0].result == GameResult::BlackWins);
  CHECK(read_text("1. e4 1/2-1/2").games[0].result == GameResult::Draw);
  CHECK(read_text("1. e4 \xC2\xBD-\xC2\xBD").games[0].result == GameResult::Draw);
  CHECK(read_text("1. e4 *").games[0].result == GameResult::Ongoing);
  CHECK(read_text("*").games[0].main_line.moves.empty());

  // A Result tag that differs from the termination marker: read, with a warning.
  const ReadAll mismatch = read_text("[Result \"1-0\"]\n\n1. e4 0-1");
  REQUIRE(mismatch.games.size() == 1);
  CHECK(mismatch.games[0].result == GameResult::BlackWins);
  REQUIRE(mismatch.warnings.size() == 1);
  CHECK(mismatch.warnings[0].kind == PgnErrorKind::ResultMismatch);
  CHECK(mismatch.warnings[0].warning);
  CHECK(mismatch.warnings[0].message == "termination marker 0-1 differs from the Result tag 1-0");

  CHECK(parse_pgn_result("1-0") == GameResult::WhiteWins);
  CHECK(parse_pgn_result("") == std::nullopt);
  CHECK(parse_pgn_result("1-0 ") == std::nullopt);
  CHECK(std::string(to_pgn(GameResult::Draw)) == "1/2-1/2");
  CHECK(std::string(to_pgn(std::optional<GameResult>())) == "");
}

TEST_CASE("pgn: games without tags, without moves, and tags without movetext", "[pgn]") {
  const ReadAll r = read_text(
      "1. e4 e5 *\n\n"
      "[Event \"No moves\"]\n[Result \"*\"]\n\n*\n\n"
      "[Event \"Tags only\"]\n[Result \"1-0\"]\n\n"
      "[Event \"Next\"]\n[Result \"*\"]\n\n1. d4 *\n");
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 4);
  CHECK(r.games[0].tags.empty());
  CHECK(r.games[0].main_line.moves.size() == 2);
  CHECK(r.games[1].main_line.moves.empty());
  CHECK(r.games[2].tag("Event") == "Tags only");
  CHECK(r.games[2].result == std::nullopt);
  CHECK(r.games[3].tag("Event") == "Next");
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].kind == PgnErrorKind::MissingResult);
  CHECK(r.warnings[0].game == 3);

  // A blank line among the tags of one game (ChessBase does this) does not split it.
  const ReadAll blank =
      read_text("[Event \"E\"]\n\n[Date \"2017.12.04\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n");
  REQUIRE(blank.games.size() == 1);
  CHECK(blank.games[0].tags.size() == 3);
  CHECK(blank.warnings.empty());

  // No blank lines between games (some exports).
  const ReadAll tight = read_text("[Event \"A\"]\n1. e4 1-0\n[Event \"B\"]\n1. d4 0-1\n");
  REQUIRE(tight.games.size() == 2);
  CHECK(tight.games[1].tag("Event") == "B");
  CHECK(tight.warnings.empty());

  // Comments among or after the tags go to the movetext.
  const ReadAll c = read_text("[Event \"A\"]\n{intro}\n[Site \"B\"]\n; more\n1. e4 *");
  REQUIRE(c.games.size() == 1);
  CHECK(c.games[0].tags.size() == 2);
  CHECK(c.games[0].main_line.comments_before == std::vector<std::string>{"intro", "more"});

  // Empty input, white space only.
  CHECK(read_text("").status.empty());
  CHECK(read_text("  \n\n \r\n").status.empty());
  CHECK(read_text("% only an escape line\n").status.empty());
}

TEST_CASE("pgn: set-up positions, Chess960 and variants", "[pgn][chess960]") {
  const std::string setup = slurp(fixture("setup.pgn"));
  const ReadAll r = read_all(PgnReader::from_memory(setup));
  REQUIRE(r.games.size() == 5);
  REQUIRE(r.errors.size() == 1);

  CHECK(to_fen(r.games[0].start) == "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
  CHECK(uci_line(r.games[0]) == std::vector<std::string>{"e1d2", "e5d4", "e2e3", "d4e4"});
  CHECK(r.games[0].end_position().fullmove_number() == 3);

  // FEN without SetUp, Black to move, numbered 40...
  CHECK(r.games[1].start.side_to_move() == Color::Black);
  CHECK(r.games[1].start.fullmove_number() == 40);
  CHECK(uci_line(r.games[1]) == std::vector<std::string>{"e8d7", "e2e4", "d7e6"});

  // Chess960: O-O-O with the king on c1 and the rook on b1 (king takes rook).
  for (int i : {2, 3}) {
    INFO("game " << r.games[i].number << " " << r.games[i].tag("Variant"));
    CHECK(r.games[i].start.is_chess960());
    CHECK(r.games[i].start.castling_rook(Color::White, CastlingSide::QueenSide) == Square::B1);
    REQUIRE(r.games[i].main_line.moves.size() == 6);
    CHECK(r.games[i].main_line.moves[4].move == Move::castling(Square::C1, Square::B1));
    CHECK(r.games[i].main_line.moves[5].move == Move::castling(Square::C8, Square::B8));
    const Position end = r.games[i].end_position();
    CHECK(end.piece_on(Square::C1) == Piece::WhiteKing);
    CHECK(end.piece_on(Square::D1) == Piece::WhiteRook);
  }

  // SetUp "1" without FEN.
  CHECK(r.errors[0].game == 5);
  CHECK(r.errors[0].kind == PgnErrorKind::BadSetUp);
  CHECK(r.errors[0].line == 31);
  CHECK(r.errors[0].column == 1);
  CHECK(r.errors[0].message == "SetUp tag is \"1\" but there is no FEN tag");

  // The standard start position under Chess960 rules: castling is king takes rook.
  const PgnGame& s = r.games[4];
  CHECK(s.start.is_chess960());
  CHECK(s.main_line.moves[6].move == Move::castling(Square::E1, Square::H1));
  CHECK(s.end_position().piece_on(Square::G1) == Piece::WhiteKing);

  // Variant names.
  for (const char* v : {"Standard", "chess", "From Position", ""})
    CHECK(!read_text(std::string("[Variant \"") + v + "\"]\n\n1. e4 *")
               .games.at(0)
               .start.is_chess960());
  for (const char* v : {"Chess960", "chess 960", "Fischerandom", "fischer random"})
    CHECK(read_text(std::string("[Variant \"") + v + "\"]\n\n1. e4 *")
              .games.at(0)
              .start.is_chess960());
  const ReadAll atomic = read_text("[Variant \"Atomic\"]\n\n1. e4 *");
  REQUIRE(atomic.errors.size() == 1);
  CHECK(atomic.errors[0].kind == PgnErrorKind::UnsupportedVariant);
  CHECK(atomic.errors[0].message ==
        "unsupported variant 'Atomic' (only standard chess and Chess960)");

  // A FEN tag repaired in lenient mode (an impossible en passant square): a warning;
  // strict mode refuses it.
  const std::string repaired = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - e6 0 1\"]\n\n1. e4 *";
  const ReadAll lenient = read_text(repaired);
  REQUIRE(lenient.games.size() == 1);
  REQUIRE(lenient.warnings.size() == 1);
  CHECK(lenient.warnings[0].kind == PgnErrorKind::RepairedSetUp);
  CHECK(lenient.warnings[0].line == 1);
  PgnOptions strict;
  strict.strict = true;
  const ReadAll refused = read_text(repaired, strict);
  REQUIRE(refused.errors.size() == 1);
  CHECK(refused.errors[0].kind == PgnErrorKind::BadSetUp);
  CHECK(refused.errors[0].message.rfind("bad FEN tag '4k3/8/8/8/8/8/4P3/4K3 w - e6 0 1': field 4",
                                        0) == 0);
}

TEST_CASE("pgn: UTF-8 byte order mark and Latin-1 text", "[pgn][encoding]") {
  const std::string text = slurp(fixture("encoding.pgn"));
  REQUIRE(text.substr(0, 3) == "\xEF\xBB\xBF");
  const ReadAll r = read_text(text);
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].tag("Event") == "BOM and Latin-1");
  CHECK(r.games[0].tag("White") == "Ren\xC3\xA9, Fran\xC3\xA7ois");  // René, François
  CHECK(r.games[0].tag("Black") == "M\xC3\xBCller, J\xC3\xB6rg");    // Müller, Jörg
  CHECK(r.games[0].main_line.moves[0].comments ==
        std::vector<std::string>{"Sch\xC3\xB6n gespielt"});
  CHECK(r.games[0].main_line.moves.size() == 7);
  // Already UTF-8: unchanged.
  CHECK(r.games[1].tag("White") == "Ren\xC3\xA9, Fran\xC3\xA7ois");
  CHECK(r.games[1].tag("Black") == "\xD0\x9A\xD0\xB0\xD1\x80\xD0\xBF\xD0\xBE\xD0\xB2");  // Карпов
  CHECK(r.games[1].main_line.moves[0].comments ==
        std::vector<std::string>{"\xE2\x99\x98 \xC3\xA9l\xC3\xA8ve"});

  PgnOptions raw;
  raw.latin1_to_utf8 = false;
  const ReadAll kept = read_text(text, raw);
  REQUIRE(kept.games.size() == 2);
  CHECK(kept.games[0].tag("White") == "Ren\xE9, Fran\xE7ois");

  // A byte order mark at the start of a second file concatenated to the first.
  const ReadAll cat = read_text(text + text);
  CHECK(cat.games.size() == 4);
  CHECK(cat.errors.empty());
}

TEST_CASE("pgn: UCI moves, other lenient forms, and strict mode", "[pgn][san]") {
  const std::string uci_null = slurp(fixture("uci_null.pgn"));
  const ReadAll r = read_all(PgnReader::from_memory(uci_null));
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 2);
  const PgnGame& u = r.games[0];
  REQUIRE(u.main_line.moves.size() == 22);
  CHECK(u.main_line.moves[0].san == "e2e4");
  CHECK(u.main_line.moves[6].move == Move::castling(Square::E1, Square::H1));   // e1g1
  CHECK(u.main_line.moves[21].move == Move::castling(Square::E8, Square::A8));  // e8c8

  for (const char* text :
       {"1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *", "1. e4 e5 2. Ng1-f3 Nb8c6 3. Bc4 Nf6 4. O-O *",
        "1. e4 e5 2. N:f3+ Nc6 3. Bc4 Nf6 4. O-O *", "1. Pe4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. e1g1 *"}) {
    INFO(text);
    const ReadAll lenient = read_text(text);
    REQUIRE(lenient.games.size() == 1);
    CHECK(uci_line(lenient.games[0]).size() == 7);
    PgnOptions strict;
    strict.strict = true;
    const ReadAll refused = read_text(text, strict);
    REQUIRE(refused.errors.size() == 1);
    CHECK(refused.errors[0].kind == PgnErrorKind::BadMove);
    // Strict SAN names the standard form.
    CHECK(refused.errors[0].san == SanErrorKind::NotStandard);
  }
  PgnOptions strict;
  strict.strict = true;
  const ReadAll zeros = read_text("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *", strict);
  REQUIRE(zeros.errors.size() == 1);
  CHECK(zeros.errors[0].message == "not in standard SAN (standard form: O-O)");
  CHECK(zeros.errors[0].column == 35);
  CHECK(read_text("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *", strict).games.size() == 1);

  // Promotion written e8(Q) (not a variation), and e.p. after an en passant capture.
  const std::string promo = "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8(Q) Ka3 2. Qa8+ *";
  const ReadAll p = read_text(promo);
  REQUIRE(p.games.size() == 1);
  CHECK(p.games[0].main_line.moves[0].move ==
        Move::promotion(Square::E7, Square::E8, PieceType::Queen));
  CHECK(p.games[0].main_line.moves[0].variations.empty());
  const ReadAll ep = read_text("1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 *");
  REQUIRE(ep.games.size() == 1);
  CHECK(ep.games[0].main_line.moves[4].move == Move::en_passant(Square::E5, Square::D6));

  // Other languages.
  PgnOptions spanish;
  spanish.language = SanLanguage::Spanish;
  const ReadAll es = read_text("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. O-O Dd6 *", spanish);
  REQUIRE(es.games.size() == 1);
  CHECK(es.games[0].main_line.moves[6].move == Move(Square::B5, Square::C6));
  PgnOptions figurine;
  figurine.language = SanLanguage::Figurine;
  const ReadAll fig = read_text(
      "1. e4 e5 2. \xE2\x99\x98"
      "f3 \xE2\x99\x9E"
      "c6 *",
      figurine);
  REQUIRE(fig.games.size() == 1);
  CHECK(uci_line(fig.games[0]) == std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"});
}

TEST_CASE("pgn: null moves -- and Z0", "[pgn]") {
  const std::string uci_null = slurp(fixture("uci_null.pgn"));
  const ReadAll r = read_all(PgnReader::from_memory(uci_null));
  REQUIRE(r.games.size() == 2);
  const PgnGame& g = r.games[1];
  REQUIRE(g.main_line.moves.size() == 8);
  CHECK(!g.main_line.moves[1].move);
  CHECK(g.main_line.moves[1].san == "--");
  CHECK(!g.main_line.moves[3].move);
  CHECK(g.main_line.moves[3].san == "Z0");
  CHECK(!g.main_line.moves[6].move);
  REQUIRE(g.main_line.moves[5].variations.size() == 1);
  CHECK(!g.main_line.moves[5].variations[0].moves[0].move);
  const Position end = g.end_position();
  CHECK(end.side_to_move() == Color::White);
  CHECK(end.fullmove_number() == 5);
  CHECK(end.key() == fide_key(end));

  PgnOptions no_null;
  no_null.allow_null_moves = false;
  const ReadAll refused = read_text("1. e4 -- 2. d4 *", no_null);
  REQUIRE(refused.errors.size() == 1);
  CHECK(refused.errors[0].kind == PgnErrorKind::NullMove);
  CHECK(refused.errors[0].message == "null move '--' (null moves are not allowed)");
  CHECK(refused.errors[0].column == 7);

  const Result<Position, MoveError> passed = Position::startpos().play_null();
  REQUIRE(passed);
  CHECK(passed->side_to_move() == Color::Black);
  const Position check = arbiter_test::position("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
  const Result<Position, MoveError> in_check = check.play_null();
  REQUIRE_FALSE(in_check);
  CHECK(in_check.error().kind == MoveError::Kind::NullMoveInCheck);
}

TEST_CASE("pgn: a visitor sees every event, and can skip a game's movetext", "[pgn]") {
  const std::string text =
      "[Event \"A\"]\n[Result \"*\"]\n\n1. e4 $1 {c} (1. d4 d5) e5 *\n\n[Event \"B\"]\n\n1. Kf3 "
      "1-0\n";
  const std::string log = record(PgnReader::from_memory(text));
  const std::string start = "start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
  CHECK(log ==
        "begin 1@1\ntag Event=A\ntag Result=*\n" + start +
            "move e4 e2e4\nnag 1\ncomment c\n(\nmove d4 d2d4\nmove d5 d7d5\n)\nmove e5 "
            "e7e5\nresult *\nend\n"
            "begin 2@6\ntag Event=B\n" +
            start +
            "error game 2, line 8, column 4: illegal move 'Kf3' (no legal move of that piece)\n");

  // Skipping: the movetext of game A is not resolved, so an illegal move there is not seen.
  struct Skipper : Recorder {
    PgnAction begin_movetext(const Position&) override { return PgnAction::Skip; }
  } skipper;
  PgnReader reader = PgnReader::from_memory(text);
  CHECK(reader.next(skipper).value_or(PgnRead::End) == PgnRead::Game);
  CHECK(reader.next(skipper).value_or(PgnRead::End) == PgnRead::Game);
  CHECK(is_end(reader.next(skipper)));
  CHECK(skipper.log.find("move") == std::string::npos);
  CHECK(skipper.log.find("result 1-0\nend\n") != std::string::npos);
  CHECK(reader.games() == 2);
  CHECK(reader.bad_games() == 0);
}

TEST_CASE("pgn: a tag reads the same in place as the general way, in every form", "[pgn]") {
  // A tag whole in the buffer in the form `[Name "value"]` is read in place
  // (read_plain_tag()); every other form, and any tag with a buffer of one byte, the
  // general way. The events, errors and warnings must be the same.
  const std::string tags[] = {"[Event \"plain\"]",
                              "[Event \"\"]",
                              "[Event \"with \\\"escaped\\\" quotes\"]",
                              "[Event \"a backslash \\ alone\"]",
                              "[Annotator \"an escaped \\\\ backslash\"]",
                              "[Event  \"two spaces\"]",
                              "[ Event \"a blank first\"]",
                              "[Event\"no space\"]",
                              "[Event\t\"a tab\"]",
                              "[Event \"a blank last\" ]",
                              "[Event \"a ] inside\"]",
                              "[Event \"a \"quote\" inside\"]",
                              "[White \"M\xC3\xBCller\"]",
                              "[White \"M\xFCller\"]",
                              "[Site \"" + std::string(40, 'x') + "\"]",
                              "[Site \"" + std::string(41, 'y') + "\"]",
                              "[" + std::string(255, 'N') + " \"a long name\"]",
                              "[" + std::string(256, 'N') + " \"too long a name\"]",
                              "[Event \"no closing quote]",
                              "[Event \"no closing bracket\"",
                              "[Result \"0-1\"]",
                              "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]",
                              "[Variant \"chess960\"]",
                              "[Variant \"crazyhouse\"]",
                              "[Event_2 \"an underscore\"]",
                              "[Event \"at the end\"]"};
  std::string text;
  for (const std::string& t : tags) text += t + "\n[Round \"1\"]\n\n1. e4 *\n\n";
  text += "[Event \"the last, at the end of the input\"]";
  PgnOptions options;
  options.max_tag_bytes = 40;
  const std::string expected = record(PgnReader::from_memory(text, options));
  const auto count = [&](const std::string& event) {
    std::size_t n = 0;
    for (std::size_t at = expected.find(event); at != std::string::npos;
         at = expected.find(event, at + 1))
      ++n;
    return n;
  };
  for (const char* event : {"tag Event=plain\n",
                            "tag Event=\n",
                            "tag Event=with \"escaped\" quotes\n",
                            "tag Event=a backslash \\ alone\n",
                            "tag Annotator=an escaped \\ backslash\n",
                            "tag Event=two spaces\n",
                            "tag Event=a blank first\n",
                            "tag Event=no space\n",
                            "tag Event=a tab\n",
                            "tag Event=a blank last\n",
                            "tag Event=a ] inside\n",
                            "tag Event=a \"quote\" inside\n",
                            "tag Result=0-1\n",
                            "tag Event_2=an underscore\n",
                            "tag Event=at the end\n",
                            "tag Variant=chess960\n",
                            "tag SetUp=1\n",
                            "tag FEN=4k3/8/8/8/8/8/8/4K2R w K - 0 1\n",
                            "start 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n",
                            "unsupported variant 'crazyhouse'",
                            "bad tag: the value of tag Site is longer than 40 bytes",
                            "bad tag: tag name longer than 255 characters",
                            "bad tag: the value of tag Event has no closing '\"' on its line",
                            "bad tag: expected ']' to close tag Event"}) {
    INFO(event);
    CHECK(count(event) == 1);
  }
  CHECK(count("tag " + std::string(255, 'N') + "=a long name\n") == 1);
  CHECK(count("tag Site=" + std::string(40, 'x') + "\n") == 1);
  // Latin-1 converted, UTF-8 kept: the same name twice.
  CHECK(count("tag White=M\xC3\xBCller\n") == 2);
  CHECK(count("tag Round=1\n") > 15);
  for (std::size_t buffer : {std::size_t(1), std::size_t(7), std::size_t(64)}) {
    INFO("buffer size " << buffer);
    PgnOptions small = options;
    small.buffer_size = buffer;
    std::istringstream in(text);
    CHECK(record(PgnReader::from_stream(in, small)) == expected);
  }
}

TEST_CASE("pgn: a FILE*, a stream and memory give the same events, at any buffer size", "[pgn]") {
  std::string text;
  for (const char* name :
       {"basic.pgn", "malformed.pgn", "setup.pgn", "encoding.pgn", "uci_null.pgn"})
    text += slurp(fixture(name)) + "\n";
  std::string big;
  for (int i = 0; i < 8; ++i) big += text;
  REQUIRE(big.size() > 20000);
  const std::string expected = record(PgnReader::from_memory(big));
  CHECK(expected.find("error") != std::string::npos);

  for (std::size_t buffer :
       {std::size_t(1), std::size_t(4096), std::size_t(4099), std::size_t(1) << 16}) {
    INFO("buffer size " << buffer);
    PgnOptions options;
    options.buffer_size = buffer;
    std::istringstream in(big);
    CHECK(record(PgnReader::from_stream(in, options)) == expected);
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    REQUIRE(std::fwrite(big.data(), 1, big.size(), f) == big.size());
    std::rewind(f);
    CHECK(record(PgnReader::from_file(f, options)) == expected);
    std::fclose(f);
  }

  // Game counts, plies.
  PgnReader reader = PgnReader::from_memory(text);
  PgnVisitor nothing;
  while (!is_end(reader.next(nothing))) {
  }
  CHECK(reader.games() == 3 + 17 + 6 + 2 + 2);
  CHECK(reader.bad_games() == 9 + 1);
}

TEST_CASE("pgn: a movetext token reads the same on the plain path as on the general one", "[pgn]") {
  // The reader takes a move number or a move without suffix after one space or line break
  // apart from its general path. Two spaces, or a space before each line break, send
  // every token the general way. Each text here is read as it is and so spaced, under
  // several options: every event, warning and error must be the same, but for the
  // columns (the spacing moves them) and the white space inside comments.
  std::vector<std::string> texts = {
      // suffixes glued or apart, NAGs, move numbers glued, spaced, without a dot, "1..."
      "1. e4 e5 2. Nf3!? Nc6?! 3. Bb5 $1 a6 ! 4.Ba4 Nf6 5 O-O 5... Be7 6. Re1 *",
      "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O f6 6.d4 exd4 7.Nxd4 c5 1/2-1/2",
      // glued numbers before castling with zeros, a suffix, black's "9...", a bad move
      "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.0-0 Be7 6.Re1! b5 7.Bb3 d6 8.c3 O-O 9.h3 "
      "9...Na5 10.Bc2 c5 11.d4 Qc7 12.Kd3 Bd7 13.Nbd2 *",
      // promotions in each form, "e8(Q)" among them; castling written with zeros
      "[FEN \"4k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQ - 0 1\"]\n\n1. b8=Q+ Kd7 2. 0-0 b1(Q) "
      "3. g8N g1=R+ 4. Kh2 Rg2+ 5. Kxg2 *",
      "[FEN \"r3k2r/1P6/8/8/8/8/8/4K3 w kq - 0 1\"]\n\n1. b8(Q)+ Kd7 2. Qxa8 0-0-0 *",
      // a move to the last rank that looks like a promotion written "e8(Q)"
      "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra8(Q) Kd7 2. Ra7+ Kc6 3. Ra6+ Kb5 *",
      // en passant marked, UCI moves, null moves, a Chess960 castle
      "1. e4 Nf6 2. e5 d5 3. exd6 e.p. cxd6 4. d4 ep 5. Nf3 *",
      "1. e2e4 e7e5 2. g1f3 -- 3. f1c4 Z0 4. e1g1 *",
      // line breaks, CRLF, % lines, a token at the start of each line
      "1. d4 d5\n2. c4 e6\n3.\nNc3 Nf6\r\n4. Bg5 Be7\n% escaped\n5. e3 O-O 0-1",
      // comments, variations, and tokens glued to them
      "1. e4 {best} e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3;line\nNc6 (2... d6)3. Bb5 a6 1-0",
      // bad moves and tokens: errors at a column, then the next game
      "1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 Nf6 2. c4 e6 *",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Zz9 *",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5O-O Be7 6. Re1 b5 7. Bb3 d6 *",
      "1. e4 e5 2. Nf3xxxxxxxxxxxxxxxxxxxxxxxxx Nc6 *",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O-O *",
      // results in every form, a missing one, the next game after a blank line
      "1. e4 e5 2. Nf3 Nc6 \xC2\xBD-\xC2\xBD",
      "1. e4 e5 2. Nf3 Nc6\n\n1. d4 d5 2. c4 *",
      "1. e4 e5 2. Nf3 Nc6\n1. d4 d5 *",
      "1. e4 e5 2. Nf3 Nc6 3.",
      "1. e4 e5 2. Nf3 Nc6 3. Bb5",
  };
  // The committed corpus, whole, and the fixtures (malformed ones among them).
  for (const char* name : {"corpus/tcec_sample.pgn", "corpus/twic0920_sample.pgn"})
    texts.push_back(slurp(arbiter_test::data_path(name)));
  for (const char* name : {"basic.pgn", "malformed.pgn", "setup.pgn", "encoding.pgn",
                           "uci_null.pgn", "boundaries.pgn"})
    texts.push_back(slurp(fixture(name)));

  PgnOptions strict;
  strict.strict = true;
  PgnOptions no_variations;
  no_variations.variations = false;
  PgnOptions no_null;
  no_null.allow_null_moves = false;
  PgnOptions dropped;
  dropped.drop_bad_variations = true;
  // Movetext lines (not tag lines) with each space doubled and a space before each break.
  const auto spaced = [](const std::string& text) {
    std::string out;
    bool line_start = true, tag_line = false;
    for (const char c : text) {
      if (line_start) tag_line = c == '[';
      line_start = c == '\n';
      if (!tag_line && (c == ' ' || c == '\n')) out += ' ';
      out += c;
    }
    return out;
  };
  // A log with its columns left out and its white space runs folded.
  const auto without_columns = [](const std::string& log) {
    std::string out;
    for (std::size_t i = 0; i < log.size(); ++i) {
      if (log.compare(i, 7, "column ") == 0) {
        out += "column #";
        i += 7;
        while (i < log.size() && log[i] >= '0' && log[i] <= '9') ++i;
        --i;
        continue;
      }
      out += log[i];
    }
    return fold_space(out);
  };
  std::size_t moves = 0, errors = 0;
  for (const PgnOptions& options : {PgnOptions{}, strict, no_variations, no_null, dropped}) {
    for (std::size_t i = 0; i < texts.size(); ++i) {
      INFO("text " << i << ", strict " << options.strict << ", variations " << options.variations
                   << ", null moves " << options.allow_null_moves);
      const std::string plain = record(PgnReader::from_memory(texts[i], options));
      const std::string general = spaced(texts[i]);
      REQUIRE(general != texts[i]);
      CHECK(without_columns(record(PgnReader::from_memory(general, options))) ==
            without_columns(plain));
      for (std::size_t at = plain.find("\nmove "); at != std::string::npos;
           at = plain.find("\nmove ", at + 1))
        ++moves;
      for (std::size_t at = plain.find("\nerror "); at != std::string::npos;
           at = plain.find("\nerror ", at + 1))
        ++errors;
    }
  }
  CHECK(moves > 5 * 4000);  // the corpus's moves were read, not only the short texts
  CHECK(errors > 5 * 10);

  // Columns and lines after tokens read the plain way, across line breaks.
  const ReadAll bad = read_text("1. d4 d5\n2. c4 e6\n3. Nc3 Kf7 4. Nf3 *\n\n1. e4 e5\n2. Ke3 *");
  REQUIRE(bad.errors.size() == 2);
  CHECK(bad.errors[0].line == 3);
  CHECK(bad.errors[0].column == 8);
  CHECK(bad.errors[0].kind == PgnErrorKind::BadMove);
  CHECK(bad.errors[1].line == 6);
  CHECK(bad.errors[1].column == 4);
}

// ---------------------------------------------------------------------------------------
// Malformed input
// ---------------------------------------------------------------------------------------

TEST_CASE("pgn: malformed games give precise errors and the games around them are read",
          "[pgn][errors]") {
  const std::string malformed = slurp(fixture("malformed.pgn"));
  const ReadAll r = read_all(PgnReader::from_memory(malformed));
  REQUIRE(r.status.size() == 17);
  REQUIRE(r.errors.size() == 9);

  std::vector<std::string> good;
  for (const PgnGame& g : r.games) good.push_back(std::string(g.tag("Event")));
  CHECK(good == std::vector<std::string>{"Good 1", "Good 2", "Good 3", "Good 4", "Good 5",
                                         "Missing result", "Good 6", "Good 7"});

  struct Expected {
    std::uint64_t game, line, column;
    PgnErrorKind kind;
    const char* message;
  };
  const Expected expected[] = {
      {2, 9, 7, PgnErrorKind::UnterminatedComment,
       "unterminated comment started at line 9, column 7 (expected '}' before the tag pairs at "
       "line 12)"},
      {4, 20, 37, PgnErrorKind::BadMove,
       "illegal move 'Nxe5'; legal moves of that piece: Na3, Nc3"},
      {6, 28, 7, PgnErrorKind::BadTag,
       "bad tag: expected a string after the tag name Site, found 'London]'"},
      {8, 41, 24, PgnErrorKind::UnterminatedVariation,
       "unterminated variation started at line 41, column 7 (expected ')' before the result *)"},
      {12, 63, 4, PgnErrorKind::BadMove, "ambiguous move 'Nd2'; candidates: Nbd2, Nfd2"},
      {13, 68, 10, PgnErrorKind::UnmatchedParenthesis, "')' without a matching '('"},
      {14, 72, 1, PgnErrorKind::BadSetUp,
       "bad FEN tag '8/8/8/8/8/8/8/8 w - - 0 1': field 1 (piece placement), character 1: a side "
       "has no king"},
      {15, 78, 1, PgnErrorKind::UnsupportedVariant,
       "unsupported variant 'Crazyhouse' (only standard chess and Chess960)"},
      {16, 86, 18, PgnErrorKind::NullMove, "null move '--' while in check"},
  };
  for (std::size_t i = 0; i < 9; ++i) {
    const PgnError& e = r.errors[i];
    INFO(e.to_string());
    CHECK(e.game == expected[i].game);
    CHECK(e.line == expected[i].line);
    CHECK(e.column == expected[i].column);
    CHECK(e.kind == expected[i].kind);
    CHECK(e.message == expected[i].message);
    CHECK(!e.warning);
  }
  CHECK(r.errors[1].san == SanErrorKind::Illegal);
  CHECK(r.errors[4].san == SanErrorKind::Ambiguous);
  CHECK(r.errors[1].to_string() ==
        "game 4, line 20, column 37: illegal move 'Nxe5'; legal moves of that piece: Na3, Nc3");

  // The game without a result is read, with a warning where the result should be.
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].kind == PgnErrorKind::MissingResult);
  CHECK(r.warnings[0].game == 10);
  CHECK(r.warnings[0].line == 53);
  CHECK(r.warnings[0].message ==
        "missing result (expected 1-0, 0-1, 1/2-1/2 or * before a tag pair (the next game))");

  // ... or is an error when results are required; the next game is still read.
  PgnOptions require;
  require.require_result = true;
  const ReadAll strict = read_all(PgnReader::from_memory(malformed, require));
  REQUIRE(strict.errors.size() == 10);
  CHECK(strict.errors[4].game == 10);
  CHECK(strict.errors[4].kind == PgnErrorKind::MissingResult);
  CHECK(strict.errors[4].line == 53);
  CHECK(strict.games.size() == 7);
  CHECK(strict.games[5].tag("Event") == "Good 6");
}

TEST_CASE("pgn: more errors: tags, tokens, NAGs, ends of input", "[pgn][errors]") {
  struct Case {
    const char* text;
    std::optional<PgnErrorKind> kind;  // none: the text reads without an error
    std::uint64_t line, column;
    const char* message;
  };
  const Case cases[] = {
      {"[Event \"x\n\n1. e4 *", PgnErrorKind::BadTag, 1, 8,
       "bad tag: the value of tag Event has no closing '\"' on its line"},
      {"[Event \"x\"\n\n1. e4 *", PgnErrorKind::BadTag, 3, 1,
       "bad tag: expected ']' to close tag Event, found '1.'"},
      {"[\"x\"]\n1. e4 *", PgnErrorKind::BadTag, 1, 2,
       "bad tag: expected a tag name after '[', found '\"x\"]'"},
      {"[Event \"x\" junk]\n1. e4 *", PgnErrorKind::BadTag, 1, 12,
       "bad tag: expected ']' to close tag Event, found 'junk]'"},
      {"[Event \"x", PgnErrorKind::UnexpectedEnd, 1, 10,
       "bad tag: the input ends inside the value of tag Event"},
      {"[Event", PgnErrorKind::UnexpectedEnd, 1, 7, "bad tag: the input ends inside tag Event"},
      {"1. e4 e5 2.", PgnErrorKind::UnexpectedEnd, 1, 12,
       "the input ends after a move number (truncated?)"},
      {"1. e4 {open", PgnErrorKind::UnterminatedComment, 1, 12,
       "unterminated comment started at line 1, column 7 (expected '}' before the end of the "
       "input)"},
      {"1. e4 (1. d4", PgnErrorKind::UnterminatedVariation, 1, 13,
       "unterminated variation started at line 1, column 7 (expected ')' before the end of the "
       "input)"},
      {"1. e4 e5 2. Nf *", PgnErrorKind::BadMove, 1, 13,
       "move ends before its destination square 'Nf'"},
      {"1. e4 e5 2. Xf3 *", PgnErrorKind::BadMove, 1, 13, "unknown piece letter 'X'"},
      {"1. e4 @ *", PgnErrorKind::Syntax, 1, 7,
       "unexpected '@' (expected a move, a move number, a comment, a NAG, a variation or a "
       "result)"},
      {"1. e4 $ *", PgnErrorKind::Syntax, 1, 7, "expected digits after '$' (a NAG such as $1)"},
      {"1. e4 $300 *", PgnErrorKind::Syntax, 1, 7, "NAG $300 out of range (0 to 255)"},
      {"1. e4 12x *", PgnErrorKind::Syntax, 1, 7,
       "unexpected '12x' (expected a move number, a move or a result)"},
      {"!? 1. e4 *", std::nullopt, 0, 0, ""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const ReadAll r = read_text(c.text);
    if (!c.kind) {
      CHECK(r.errors.empty());
      continue;
    }
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].kind == *c.kind);
    CHECK(r.errors[0].line == c.line);
    CHECK(r.errors[0].column == c.column);
    CHECK(r.errors[0].message == c.message);
  }
  // A tag value longer than the limit.
  PgnOptions small;
  small.max_tag_bytes = 10;
  const ReadAll r =
      read_text("[Event \"12345678901\"]\n\n1. e4 *\n\n[Event \"1234567890\"]\n\n1. e4 *", small);
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].kind == PgnErrorKind::TooLong);
  CHECK(r.errors[0].message == "bad tag: the value of tag Event is longer than 10 bytes");
  CHECK(r.games.size() == 1);
  // A token longer than 255 characters.
  const ReadAll t = read_text("1. " + std::string(1000, 'a') + " *");
  REQUIRE(t.errors.size() == 1);
  CHECK(t.errors[0].kind == PgnErrorKind::TooLong);
  // Lenient reading takes a quote inside a tag value that is not followed by ']'.
  const ReadAll q = read_text("[Event \"The \"Big\" Match\"]\n\n*");
  REQUIRE(q.games.size() == 1);
  CHECK(q.games[0].tag("Event") == "The \"Big\" Match");
  PgnOptions strict;
  strict.strict = true;
  CHECK(read_text("[Event \"The \"Big\" Match\"]\n\n*", strict).errors.size() == 1);
}

TEST_CASE("pgn: after an unterminated comment the next game is still found", "[pgn][errors]") {
  // The comment runs into a blank line and a tag pair: reported there.
  const ReadAll r = read_text(
      "[Event \"A\"]\n\n1. e4 {oops 1-0\n\n[Event \"B\"]\n\n1. d4 *\n\n"
      "[Event \"C\"]\n\n1. c4 {a comment with\n\n[a bracket] after a blank line} *\n");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].game == 1);
  CHECK(r.errors[0].kind == PgnErrorKind::UnterminatedComment);
  CHECK(r.errors[0].message ==
        "unterminated comment started at line 3, column 7 (expected '}' before the tag pairs at "
        "line 5)");
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].tag("Event") == "B");
  CHECK(r.games[1].tag("Event") == "C");  // "[a bracket]" does not look like a tag pair
  CHECK(r.games[1].main_line.moves[0].comments[0] ==
        "a comment with\n\n[a bracket] after a blank line");
}

TEST_CASE(
    "pgn: a bad variation's error says which variation: where it starts, its depth, the move it "
    "replaces",
    "[pgn][variations]") {
  // A bad variation makes the whole game bad (PGN 8.2.5), so the message must say which one
  // (before, only the place of the fault: "illegal move 'Qh5' (no legal move of that piece)").
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"1. e4 (1. Qh5) *",
       "illegal move 'Qh5' (no legal move of that piece), in the variation at line 1, column 7 "
       "(depth 1), in place of "
       "1.e4"},
      {"1. e4 ((1. d4)) *",
       "variation before any move of the line it would vary (expected a move before '('), in the "
       "variation at line 1, "
       "column 7 (depth 1), in place of 1.e4"},
      {"1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... Nf6 3. Bc4\n(3. Qh5 Nxh5 4. Qh5)) 3. Bc4) *",
       "illegal move 'Qh5' (no legal move of that piece), in the variation at line 2, column 1 "
       "(depth 3), in place of "
       "3.Bc4"},
      {"1. e4 e5 (1... f6 2. Qh5+ --) *",
       "null move '--' while in check, in the variation at line 1, column 10 (depth 1), in place "
       "of 1...e5"},
      // After a variation ends, the move it left is again the one a next variation
      // replaces (2...Nc6, not the inner variation's 2...d6; the stale move crashed to_san()
      // where it was illegal, found by pgn_fuzzer).
      {"1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... d6) (2... Nf6 3. Bg5)) *",
       "illegal move 'Bg5'; legal moves of that piece: Be2, Bd3, Bc4, Bb5, Ba6, in the variation "
       "at line 1, column 39 (depth 2), in place of 2...Nc6"},
      {"1. e4 -- (1... f6 2. Qh5+ --) *",  // in place of a null move
       "null move '--' while in check, in the variation at line 1, column 10 (depth 1), in place "
       "of 1...--"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const ReadAll r = read_text(c.text);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == c.message);
  }
}

TEST_CASE("pgn: bad variations can be dropped instead of failing the game", "[pgn][variations]") {
  const std::string text = "1. e4 e5 (1... Kf8 2. d4) (1... c5 2. Nf3 Qxh1 3. d4) 2. Nf3 *";
  const ReadAll strict = read_text(text);
  REQUIRE(strict.errors.size() == 1);
  CHECK(strict.errors[0].message ==
        "illegal move 'Kf8' (no legal move of that piece), in the variation at line 1, column 10 "
        "(depth 1), in place "
        "of 1...e5");  // the king has no legal move
  PgnOptions drop;
  drop.drop_bad_variations = true;
  const ReadAll r = read_text(text, drop);
  REQUIRE(r.games.size() == 1);
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].kind == PgnErrorKind::BadMove);
  CHECK(r.warnings[0].warning);
  CHECK(r.warnings[0].column == 16);
  CHECK(r.warnings[0].message ==
        "illegal move 'Kf8' (no legal move of that piece), in the variation at line 1, column 10 "
        "(depth 1), in place "
        "of 1...e5 (the rest of the variation is dropped)");
  CHECK(r.warnings[1].message ==
        "illegal move 'Qxh1'; legal moves of that piece: Qa5, Qb6, Qc7, in the variation at line "
        "1, column 27 "
        "(depth 1), in place of 1...e5 (the rest of the variation is dropped)");
  const PgnGame& g = r.games[0];
  REQUIRE(g.main_line.moves.size() == 3);
  REQUIRE(g.main_line.moves[1].variations.size() == 2);
  CHECK(g.main_line.moves[1].variations[0].moves.empty());
  CHECK(g.main_line.moves[1].variations[1].moves.size() == 2);  // 1... c5 2. Nf3, then dropped
  // The main line is always checked.
  CHECK(read_text("1. e4 Kf8 *", drop).errors.size() == 1);
}

TEST_CASE("pgn: a 10 MB comment is truncated while it is read, not held whole", "[pgn][limits]") {
  const std::size_t size = std::size_t(10) << 20;
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  const std::string head = "[Event \"Big\"]\n[Result \"*\"]\n\n1. e4 {";
  std::fwrite(head.data(), 1, head.size(), f);
  const std::string chunk(4096, 'x');
  for (std::size_t written = 0; written < size; written += chunk.size())
    std::fwrite(chunk.data(), 1, chunk.size(), f);
  const std::string tail =
      "} e5 *\n\n[Event \"After\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  std::fwrite(tail.data(), 1, tail.size(), f);

  struct Sizes : PgnVisitor {
    std::vector<std::size_t> comments;
    std::vector<bool> truncated;
    std::vector<PgnError> warnings;
    void comment(std::string_view text, bool t) override {
      comments.push_back(text.size());
      truncated.push_back(t);
    }
    void warning(const PgnError& w) override { warnings.push_back(w); }
  };

  {
    std::rewind(f);
    PgnReader reader = PgnReader::from_file(f);  // default limit: 64 KiB
    Sizes v;
    CHECK(reader.next(v).value_or(PgnRead::End) == PgnRead::Game);
    CHECK(reader.next(v).value_or(PgnRead::End) ==
          PgnRead::Game);  // the next game is read, with its wrong result
    CHECK(is_end(reader.next(v)));
    REQUIRE(v.comments.size() == 1);
    CHECK(v.comments[0] == std::size_t(1) << 16);
    CHECK(v.truncated[0]);
    REQUIRE(v.warnings.size() == 2);
    CHECK(v.warnings[0].kind == PgnErrorKind::CommentTruncated);
    CHECK(v.warnings[0].message == "comment longer than 65536 bytes truncated");
    CHECK(v.warnings[0].line == 4);
    CHECK(v.warnings[0].column == 7);
    CHECK(v.warnings[1].kind == PgnErrorKind::ResultMismatch);
    CHECK(v.warnings[1].game == 2);
    CHECK(reader.plies() == 2 + 4);
  }
  {
    // Comments not kept at all: skipped unread.
    std::rewind(f);
    PgnOptions options;
    options.comments = false;
    PgnReader reader = PgnReader::from_file(f, options);
    Sizes v;
    CHECK(reader.next(v).value_or(PgnRead::End) == PgnRead::Game);
    CHECK(v.comments.empty());
    CHECK(v.warnings.empty());
  }
  {
    // Asked for: the whole comment.
    std::rewind(f);
    PgnOptions options;
    options.max_comment_bytes = std::size_t(-1);
    PgnReader reader = PgnReader::from_file(f, options);
    Sizes v;
    CHECK(reader.next(v).value_or(PgnRead::End) == PgnRead::Game);
    REQUIRE(v.comments.size() == 1);
    CHECK(v.comments[0] == size);
    CHECK(!v.truncated[0]);
  }
  std::fclose(f);

  // Truncation keeps UTF-8 characters whole.
  PgnOptions options;
  options.max_comment_bytes = 4;
  const ReadAll r = read_text("1. e4 {ab\xC3\xA9\xC3\xA9} *", options);  // "abéé": 6 bytes
  REQUIRE(r.games.size() == 1);
  CHECK(r.games[0].main_line.moves[0].comments[0] == "ab\xC3\xA9");
}

TEST_CASE("pgn: a truncated file: every prefix reads to a game or a clear error", "[pgn][errors]") {
  const std::string text = immortal;
  for (std::size_t n = 0; n <= text.size(); ++n) {
    const std::string prefix = text.substr(0, n);
    INFO("prefix of " << n << " bytes: ..."
                      << prefix.substr(prefix.size() > 30 ? prefix.size() - 30 : 0));
    const ReadAll r = read_text(prefix);
    REQUIRE(r.status.size() <= 1);
    if (r.status.empty()) {
      CHECK(n == 0);
      continue;
    }
    if (r.status[0]) {
      const bool complete = n >= text.size() - 1;  // the final newline is optional
      if (!complete) {
        // Read up to a whole move: flagged as having no result.
        REQUIRE(r.warnings.size() == 1);
        CHECK(r.warnings[0].kind == PgnErrorKind::MissingResult);
      }
    } else {
      CHECK(!r.errors[0].message.empty());
      CHECK(r.errors[0].line >= 1);
      CHECK(r.errors[0].line <= 12);
    }
  }
  // Some cut points.
  auto error_at = [&](const std::string& upto) {
    const ReadAll r = read_text(text.substr(0, text.find(upto) + upto.size()));
    REQUIRE(r.errors.size() == 1);
    return r.errors[0];
  };
  CHECK(error_at("[Site \"Lon").kind == PgnErrorKind::UnexpectedEnd);
  CHECK(error_at("{the famous").kind == PgnErrorKind::UnterminatedComment);
  CHECK(error_at("2.f4 ex").message == "move ends before its destination square 'ex'");
  CHECK(error_at("2.f4 ex").san == SanErrorKind::Truncated);
  CHECK(error_at("12.").message == "the input ends after a move number (truncated?)");
}

TEST_CASE("pgn: binary junk gives errors, never a crash or a hang, and good games survive",
          "[pgn][errors]") {
  const std::string before =
      "[Event \"Before\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  const std::string after = "\n\n[Event \"After\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  std::mt19937 rng(20240611);
  int errors = 0;
  for (int round = 0; round < 300; ++round) {
    std::string junk(std::size_t(rng() % 2000), '\0');
    const bool text_like = round % 3 == 0;  // some rounds with PGN-ish characters only
    const char* alphabet = "[]{}()\";%$!?.-*0123456789abcdefghNBRQKx+#= \n\n\n";
    for (char& c : junk)
      c = text_like ? alphabet[rng() % std::strlen(alphabet)] : char(rng() & 0xFF);
    const ReadAll r = read_text(before + junk + after);
    INFO("round " << round);
    REQUIRE(r.games.size() >= 2);
    CHECK(r.games.front().tag("Event") == "Before");
    CHECK(r.games.back().tag("Event") == "After");
    CHECK(r.games.back().main_line.moves.size() == 4);
    errors += int(r.errors.size());
    for (const PgnGame& g : r.games) {
      // Whatever is read replays legally.
      Position pos = g.start;
      for (const PgnMove& m : g.main_line.moves) {
        if (!m.move) {
          const Result<Position, MoveError> passed = pos.play_null();
          REQUIRE(passed);
          pos = *passed;
          continue;
        }
        REQUIRE(is_legal(pos, m.move));
        pos.play_in_place(m.move);
      }
    }
  }
  CHECK(errors > 250);
  // NUL bytes.
  const ReadAll nul = read_text(before + std::string(100, '\0') + after);
  REQUIRE(nul.errors.size() == 1);
  CHECK(nul.errors[0].kind == PgnErrorKind::Syntax);
  CHECK(nul.errors[0].message ==
        "unexpected byte 0x00 (expected a move, a move number, a comment, a NAG, a variation or a "
        "result)");
  CHECK(nul.games.size() == 2);
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

TEST_CASE("pgn writer: export format, seven-tag roster, escapes, 80 columns", "[pgn][writer]") {
  const ReadAll r = read_text(slurp(fixture("basic.pgn")));
  REQUIRE(r.games.size() == 3);
  const std::string out = pgn_text(r.games[0]);
  const std::vector<std::string> lines = lines_of(out);
  REQUIRE(lines.size() > 10);
  CHECK(lines[0] == "[Event \"Escapes: \\\"quoted\\\" and \\\\backslash\\\\\"]");
  CHECK(lines[1] == "[Site \"London ENG\"]");
  CHECK(lines[2] == "[Date \"1851.06.21\"]");
  CHECK(lines[3] == "[Round \"?\"]");
  CHECK(lines[4] == "[White \"Anderssen, Adolf\"]");
  CHECK(lines[5] == "[Black \"Kieseritzky, Lionel\"]");
  CHECK(lines[6] == "[Result \"1-0\"]");
  CHECK(lines[7] == "[ECO \"C33\"]");
  CHECK(lines[8].empty());
  CHECK(lines[9].rfind("{a comment to the end of the line, before the first move} 1. e4 e5 2. f4",
                       0) == 0);
  CHECK(out.find("11. Rg1 $1 cxb5") != std::string::npos);
  CHECK(out.find("22. Qf6+ $3 Nxf6\n23. Be7# 1-0\n\n") != std::string::npos);
  CHECK(out.find("18... Bxg1") == std::string::npos);
  CHECK(out.find("Bxg1 {It is from this capture that the game\ntakes its name.} 19. e5") !=
        std::string::npos);
  for (std::size_t i = 9; i < lines.size(); ++i) CHECK(lines[i].size() <= 80);
  CHECK(out.back() == '\n');
  CHECK(lines.back().empty());

  // Roster defaults and the order of the other tags.
  PgnGame g;
  g.tags = {{"Annotator", "Me"}, {"White", "W"}, {"ECO", "B00"}};
  g.main_line.moves.push_back({Move(Square::E2, Square::E4), "e4", {}, {}, {}});
  CHECK(pgn_text(g) ==
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black "
        "\"?\"]\n"
        "[Result \"*\"]\n[Annotator \"Me\"]\n[ECO \"B00\"]\n\n1. e4 *\n\n");

  // Variations and comments, and Black's move numbers after them.
  const std::string v = pgn_text(r.games[1]);
  CHECK(v.find("\n\n{Before the first move.} 1. e4 $1 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 (2... d6)\n3. "
               "f4) 2... d6) (1... e6) "
               "2. Nf3") != std::string::npos);
  CHECK(v.find("3. Bb5 a6 {Morphy} 4. Ba4 Nf6 5. O-O Be7 $5\n*\n\n") != std::string::npos);
  PgnWriteOptions bare;
  bare.comments = false;
  bare.nags = false;
  bare.variations = false;
  CHECK(pgn_text(r.games[1], bare)
            .find("\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n") !=
        std::string::npos);
}

TEST_CASE("pgn writer: tag values escaped at every place; roster, SetUp, FEN and Variant once",
          "[pgn][writer]") {
  // A value is copied eight bytes at a time up to the first byte that may need escaping,
  // then byte by byte: each such byte at each place of values of several lengths.
  const auto expected = [](const std::string& value) {
    std::string out = "\"";
    for (const char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    return out + "\"";
  };
  std::size_t checked = 0;
  for (const std::size_t size : {std::size_t(1), std::size_t(7), std::size_t(8), std::size_t(9),
                                 std::size_t(16), std::size_t(23)})
    for (std::size_t at = 0; at < size; ++at)
      for (const char special : {'"', '\\', '\n', '\r', '\t', '\x01', '\xE9', 'x'}) {
        std::string value(size, 'a');
        value[at] = special;
        value[size - 1 - at / 2] = at % 3 ? 'Z' : value[size - 1 - at / 2];
        PgnGame g;
        g.tags = {{"Annotator", value}};
        const std::string out = pgn_text(g);
        INFO("size " << size << ", at " << at << ", byte " << int(special));
        CHECK(out.find("[Annotator " + expected(value) + "]\n") != std::string::npos);
        ++checked;
      }
  CHECK(checked == 8 * (1 + 7 + 8 + 9 + 16 + 23));

  // Each roster name once, from its first tag; SetUp and FEN once, written from the start
  // position; a Variant tag kept in its place; the other tags in their order.
  PgnGame g;
  g.start = arbiter_test::position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  g.tags = {{"Black", "B1"},   {"FEN", "old"},   {"Event", "E1"},   {"SetUp", "1"},
            {"Result", "0-1"}, {"Event", "E2"},  {"FENs", "x"},     {"Variant", "Standard"},
            {"SetUp", "1"},    {"FEN", "older"}, {"Result", "1-0"}, {"Sites", "y"}};
  g.result = GameResult::BlackWins;
  CHECK(pgn_text(g) ==
        "[Event \"E1\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
        "[Black \"B1\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 "
        "1\"]\n[FENs \"x\"]\n[Variant \"Standard\"]\n[Sites \"y\"]\n\n0-1\n\n");
  // A Result tag that is not a result gives way to the termination marker in the roster.
  PgnGame odd;
  odd.tags = {{"Result", " ? "}, {"Result", "1-0"}};
  odd.result = GameResult::Draw;
  CHECK(pgn_text(odd).find("[Result \"1/2-1/2\"]\n\n1/2-1/2\n") != std::string::npos);
}

TEST_CASE("pgn writer: read, write, read gives the same games; writing is idempotent",
          "[pgn][writer]") {
  std::string text;
  for (const char* name :
       {"basic.pgn", "malformed.pgn", "setup.pgn", "encoding.pgn", "uci_null.pgn"})
    text += slurp(fixture(name)) + "\n";
  const ReadAll first = read_text(text);
  REQUIRE(first.games.size() == 3 + 8 + 5 + 2 + 2);
  std::string written;
  for (const PgnGame& g : first.games) REQUIRE(write_pgn(g, written));
  for (const std::string& line : lines_of(written))
    if (line.empty() || line[0] != '[') CHECK(line.size() <= 80);
  const ReadAll second = read_text(written);
  REQUIRE(second.errors.empty());
  CHECK(second.warnings.empty());
  REQUIRE(second.games.size() == first.games.size());
  for (std::size_t i = 0; i < first.games.size(); ++i) {
    const PgnGame& a = first.games[i];
    const PgnGame& b = second.games[i];
    INFO("game " << i + 1 << ": " << a.tag("Event"));
    CHECK(a.start == b.start);
    CHECK(a.start.is_chess960() == b.start.is_chess960());
    check_same_line(a.main_line, b.main_line);
    const std::optional<GameResult> tag = parse_pgn_result(a.tag("Result"));
    const GameResult expected = a.result ? *a.result : tag.value_or(GameResult::Ongoing);
    CHECK(b.result == expected);
    for (const PgnTag& t : a.tags) {
      if (t.name == "FEN" || t.name == "SetUp" || t.name == "Result") continue;
      CHECK(b.tag(t.name) == t.value);
    }
    std::string again;
    REQUIRE(write_pgn(b, again));
    CHECK(again == pgn_text(a));
  }
  // Set-ups: SetUp and FEN from the position; Chess960 named.
  const std::string setup = pgn_text(first.games[11]);
  CHECK(setup.find("[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n") !=
        std::string::npos);
  const std::string c960 = pgn_text(first.games[15]);
  CHECK(c960.find("[Variant \"Chess 960\"]\n[SetUp \"1\"]\n[FEN "
                  "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n") !=
        std::string::npos);
  // Null moves are written --.
  CHECK(pgn_text(first.games.back())
            .find("1. e4 -- 2. d4 -- 3. Nf3 e5 (3... -- 4. c4) 4. -- exd4 *") != std::string::npos);
}

TEST_CASE("pgn writer: a Chess960 game whose Variant tag reads as standard is written as one",
          "[pgn][writer][chess960]") {
  // Found by pgn_fuzzer: the reader takes this game for Chess960 by its FEN's Shredder
  // letters despite Variant "", the writer wrote Variant "" and the FEN with KQkq, and
  // what it wrote read as standard chess, where O-O-O is illegal.
  for (const char* variant : {"", "Standard", "chess"}) {
    INFO("Variant \"" << variant << "\"");
    const std::string text = std::string("[Variant \"") + variant +
                             "\"]\n[FEN \"nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfb - 0 "
                             "1\"]\n\n1. e4 e5 2. Be2 Be7 3. O-O-O O-O-O *\n";
    const ReadAll first = read_all(PgnReader::from_memory(text));
    REQUIRE(first.games.size() == 1);
    REQUIRE(first.games[0].start.is_chess960());
    const std::string written = pgn_text(first.games[0]);
    CHECK(written.find("[Variant \"Chess960\"]") != std::string::npos);
    const ReadAll again = read_all(PgnReader::from_memory(written));
    REQUIRE(again.games.size() == 1);
    CHECK(uci_line(again.games[0]) == uci_line(first.games[0]));
    CHECK(pgn_text(again.games[0]) == written);
  }
  // A standard game keeps its Variant tag as written.
  const ReadAll standard =
      read_all(PgnReader::from_memory("[Variant \"Standard\"]\n\n1. e4 e5 *\n"));
  REQUIRE(standard.games.size() == 1);
  CHECK(pgn_text(standard.games[0]).find("[Variant \"Standard\"]") != std::string::npos);
}

TEST_CASE("pgn writer: long comments wrap, odd comments and strings stay readable",
          "[pgn][writer]") {
  PgnGame g;
  g.set_tag("Event", "Line\nbreak and tab\t");
  g.main_line.comments_before.push_back(std::string(200, 'w'));  // one word longer than a line
  PgnMove m{Move(Square::E2, Square::E4), "e4", {}, {}, {}};
  std::string words;
  for (int i = 0; i < 60; ++i) words += "word" + std::to_string(i) + " ";
  m.comments.push_back(words);
  m.comments.push_back("a } brace");  // cannot be a {} comment
  g.main_line.moves.push_back(m);
  PgnMove e5{Move(Square::E7, Square::E5), "e5", {}, {}, {}};
  g.main_line.moves.push_back(e5);
  const std::string out = pgn_text(g);
  CHECK(out.find("[Event \"Line break and tab \"]") != std::string::npos);
  const std::vector<std::string> lines = lines_of(out);
  int long_lines = 0;
  for (const std::string& line : lines) long_lines += line.size() > 80;
  CHECK(long_lines == 1);  // the 200-character word, alone on its line
  CHECK(out.find("\n{" + std::string(200, 'w') + "}\n") != std::string::npos);
  CHECK(out.find("; a } brace\n1... e5 *") != std::string::npos);
  const ReadAll back = read_text(out);
  REQUIRE(back.games.size() == 1);
  REQUIRE(back.games[0].main_line.moves[0].comments.size() == 2);
  CHECK(fold_space(back.games[0].main_line.moves[0].comments[0]) == fold_space(words));
  CHECK(back.games[0].main_line.moves[0].comments[1] == "a } brace");

  // A move that is not legal is refused.
  PgnGame bad;
  bad.main_line.moves.push_back({Move(Square::E2, Square::E5), "e5", {}, {}, {}});
  std::string s;
  const Result<void, PgnWriteError> refused = write_pgn(bad, s);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message() == "move 1. 'e5' (e2e5): not legal in its position (main line)");
  CHECK_FALSE(to_pgn(bad));
}

// ---------------------------------------------------------------------------------------
// PgnExportWriter: the export text written while reading
// ---------------------------------------------------------------------------------------

namespace {

// Each game of `text` written back twice: by PgnExportWriter while the reader reads it,
// and by write_pgn() from the PgnGame the reader builds. Returns the number of games.
std::size_t check_streamed_equals_written(const std::string& text, const PgnWriteOptions& w,
                                          PgnOptions options = {}) {
  PgnReader streamed = PgnReader::from_memory(text, options);
  PgnReader built = PgnReader::from_memory(text, options);
  PgnExportWriter writer(w);
  PgnGame game;
  std::size_t games = 0;
  for (;;) {
    const Result<PgnRead, PgnError> a = streamed.next(writer);
    const Result<PgnRead, PgnError> b = built.next(game);
    REQUIRE(a.ok() == b.ok());
    if (is_end(b)) break;
    ++games;
    if (!b) continue;
    std::string from_stream, from_game;
    writer.write(from_stream);
    REQUIRE(write_pgn(game, from_game, w));
    INFO("game " << games);
    REQUIRE(from_stream == from_game);
    CHECK(writer.warnings().size() == game.warnings.size());
  }
  return games;
}

}  // namespace

TEST_CASE("PgnExportWriter writes while reading what write_pgn writes of the game read") {
  // What follows a move in any order: the export format writes its NAGs, then its
  // comments, then its variations, whatever the order they were read in.
  const std::string text =
      "[Event \"orders\"]\n[Result \"1-0\"]\n\n"
      "{before} $10 {more} 1. e4 {c} $1 (1. d4 {v} d5 (1... Nf6 2. c4) 2. c4) {after} $2 "
      "(1. c4) e5 2. Nf3 (2. f4 exf4 {gambit}) $5 Nc6 3. Bb5 -- 4. O-O a6 1-0\n\n"
      "[Event \"set up\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/R3K3 w - - 0 40\"]\n\n"
      "40. R1a1 Kd7 41. Ra7+ Kc6 42. R1a6+ Kb5 {a } brace} 43. Rb7+ *\n\n"
      "[Event \"no result tag\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
      "[White \"a \\\"quoted\\\" name\"]\n[Result \"0-1\"]\n\n1. d4 1-0\n";
  PgnOptions options;
  options.allow_null_moves = true;
  options.comments = true;
  for (bool comments : {true, false})
    for (bool nags : {true, false})
      for (bool variations : {true, false})
        for (std::size_t line_length : {std::size_t(80), std::size_t(12)}) {
          PgnWriteOptions w;
          w.comments = comments;
          w.nags = nags;
          w.variations = variations;
          w.line_length = line_length;
          CHECK(check_streamed_equals_written(text, w, options) == 4);
        }
  // The order written, spelled out once.
  PgnExportWriter writer;
  PgnReader reader = PgnReader::from_memory("1. e4 {c} $1 (1. d4) {after} $2 e5 *", options);
  REQUIRE(reader.next(writer));
  std::string out;
  writer.write(out);
  CHECK(out.substr(out.find("\n\n") + 2) == "1. e4 $1 $2 {c} {after} (1. d4) 1... e5 *\n\n");
}

TEST_CASE("PgnExportWriter lays moves out as they come until the first annotation") {
  // Moves are laid out as they are read until a NAG, a comment or a variation; from there
  // the events are kept and laid out at the end, the line going on where it stood (Black's
  // b5 after the first NAG unnumbered). The texts below are what the writer wrote when it
  // kept every event of a game: the same lines, broken at the same places.
  const std::string text =
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 $1 b5 7. Bb3 d6 8. c3 O-O "
      "{a plan} 9. h3 (9. d4 Bg4) 9... Nb8 10. d4 -- 11. Nbd2 *";
  PgnOptions options;
  options.allow_null_moves = true;
  options.comments = true;
  auto written = [&](std::size_t line_length) {
    PgnWriteOptions w;
    w.line_length = line_length;
    PgnExportWriter writer(w);
    PgnReader reader = PgnReader::from_memory(text, options);
    REQUIRE(reader.next(writer));
    std::string once, twice;
    writer.write(once);
    writer.write(twice);
    CHECK(once == twice);  // write() leaves the writer as it was
    return once.substr(once.find("\n\n") + 2);
  };
  CHECK(written(12) ==
        "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Be7\n6. Re1 $1 b5\n7. Bb3 d6\n"
        "8. c3 O-O {a\nplan} 9. h3\n(9. d4 Bg4)\n9... Nb8\n10. d4 --\n11. Nbd2 *\n\n");
  CHECK(written(20) ==
        "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7 6. Re1 $1\nb5 7. Bb3 d6 8. c3\n"
        "O-O {a plan} 9. h3\n(9. d4 Bg4) 9... Nb8\n10. d4 -- 11. Nbd2 *\n\n");
  CHECK(written(80) ==
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 $1 b5 7. Bb3 d6 8. c3\n"
        "O-O {a plan} 9. h3 (9. d4 Bg4) 9... Nb8 10. d4 -- 11. Nbd2 *\n\n");
}

TEST_CASE("PgnExportWriter: events out of their place are harmless") {
  PgnExportWriter writer;
  writer.begin_game(1, 1);
  writer.end_variation();               // none is open
  writer.played(Position::startpos());  // no move before it
  const Position start = Position::startpos();
  writer.begin_movetext(start);
  const Move e4(Square::E2, Square::E4);
  writer.move(start, e4, "e4");
  const Position after = start.play_unchecked(e4);
  writer.played(after);
  writer.played(after);      // the sign is set again, never added twice
  writer.begin_variation();  // left open: written closed, the game being cut short
  writer.end_game();
  std::string out;
  writer.write(out);
  CHECK(out.substr(out.find("\n\n") + 2) == "1. e4 () *\n\n");
}

TEST_CASE("PgnExportWriter over the committed corpus equals write_pgn", "[data]") {
  PgnOptions options;
  options.comments = true;
  std::size_t games = 0;
  for (const std::string& file : arbiter_test::committed_corpus_files())
    games += check_streamed_equals_written(slurp(file), PgnWriteOptions{}, options);
  CHECK(games == arbiter_test::committed_corpus_games);
}

// ---------------------------------------------------------------------------------------
// The `arbiter pgn` command
// ---------------------------------------------------------------------------------------

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
#include <sys/wait.h>

namespace {

struct CliRun {
  std::string out, err;
  int status;
};

// Runs the tool with `args` (already shell-quoted), capturing standard output and error.
CliRun run_cli(const TempDir& dir, const std::string& args) {
  const std::string err_path = (dir.path / "stderr.txt").string();
  const std::string command =
      std::string("'") + ARBITER_CLI_PATH + "' " + args + " 2>'" + err_path + "'";
  const arbiter_test::Run run = arbiter_test::run_command(command);
  CliRun r;
  r.out = run.out;
  r.status = run.status;
  r.err = slurp(err_path);
  return r;
}

}  // namespace

TEST_CASE("cli pgn: normalized output, bad games on stderr, exit statuses", "[pgn][cli]") {
  TempDir dir;
  const std::string good = dir.file("good.pgn", slurp(fixture("basic.pgn")));
  const std::string bad = dir.file("bad.pgn", slurp(fixture("malformed.pgn")));

  CliRun r = run_cli(dir, "pgn '" + good + "'");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  const ReadAll expected = read_text(slurp(fixture("basic.pgn")));
  std::string normalized;
  for (const PgnGame& g : expected.games) REQUIRE(write_pgn(g, normalized));
  CHECK(r.out == normalized);

  // --out, and the same result from standard input.
  const std::string out_path = (dir.path / "out.pgn").string();
  r = run_cli(dir, "pgn '" + good + "' --out '" + out_path + "'");
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(slurp(out_path) == normalized);
  r = run_cli(dir, "pgn - < '" + good + "'");
  CHECK(r.status == 0);
  CHECK(r.out == normalized);

  // Bad games: reported with file, game, line and column; the others written; status 1.
  r = run_cli(dir, "pgn '" + good + "' '" + bad + "'");
  CHECK(r.status == 1);
  const std::vector<std::string> err = lines_of(r.err);
  REQUIRE(err.size() == 11);
  CHECK(err[0] == bad +
                      ": game 2, line 9, column 7: unterminated comment started at line 9, column "
                      "7 (expected '}' "
                      "before the tag pairs at line 12)");
  CHECK(
      err[1] ==
      bad +
          ": game 4, line 20, column 37: illegal move 'Nxe5'; legal moves of that piece: Na3, Nc3");
  CHECK(
      err[4] ==
      bad +
          ": warning: game 10, line 53, column 1: missing result (expected 1-0, 0-1, 1/2-1/2 or * "
          "before a tag pair (the next game))");
  CHECK(err[10] == "arbiter: 9 of 20 games could not be read");
  const ReadAll written = read_text(r.out);
  CHECK(written.errors.empty());
  CHECK(written.games.size() == 3 + 8);
  r = run_cli(dir, "pgn --no-warnings '" + bad + "'");
  CHECK(r.status == 1);
  CHECK(r.err.find("warning") == std::string::npos);

  // Options.
  r = run_cli(dir, "pgn --no-comments --no-nags --no-variations '" + good + "'");
  CHECK(r.status == 0);
  CHECK(r.out.find('{') == std::string::npos);
  CHECK(r.out.find('(') == std::string::npos);
  CHECK(r.out.find('$') == std::string::npos);
  const std::string zeros = dir.file("zeros.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n");
  CHECK(run_cli(dir, "pgn '" + zeros + "'").status == 0);
  r = run_cli(dir, "pgn --strict '" + zeros + "'");
  CHECK(r.status == 1);
  CHECK(r.err.find("game 1, line 1, column 35: not in standard SAN (standard form: O-O)") !=
        std::string::npos);

  // Usage errors and unreadable files: status 2, nothing written.
  r = run_cli(dir, "pgn '" + good + "' '" + (dir.path / "missing.pgn").string() + "'");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("missing.pgn") != std::string::npos);
  CHECK(run_cli(dir, "pgn").status == 2);
  CHECK(run_cli(dir, "pgn --frobnicate '" + good + "'").status == 2);
  CHECK(run_cli(dir, "pgn - - < '" + good + "'").status == 2);
  CHECK(run_cli(dir, "pgn '" + dir.path.string() + "'").status == 2);
  CHECK(run_cli(dir, "pgn '" + good + "' --out '" +
                         (dir.path / "no" / "such" / "dir.pgn").string() + "'")
            .status == 2);
}

#endif

// What the arbiter tool's -j stands on (examples/arbiter/reading.hpp): PgnReader::starts_game()
// finds only bytes where the reader of the whole input begins a game, and a reader restart()ed
// at any point between two games reads on exactly as the reader of the whole input does.
TEST_CASE("pgn reader: starts_game() finds game starts, restart() reads on as the whole input",
          "[pgn][scale]") {
  std::vector<std::string> files;
  for (const char* name : {"basic.pgn", "malformed.pgn", "boundaries.pgn", "encoding.pgn",
                           "setup.pgn", "uci_null.pgn"})
    files.push_back(fixture(name));
  for (const std::string& f : arbiter_test::committed_corpus_files()) files.push_back(f);
  std::string all;  // every file, one after another
  for (const std::string& f : files) all += slurp(f) + "\n";
  std::vector<std::string> texts = {all};
  for (const std::string& f : arbiter_test::shared_corpus_files()) texts.push_back(slurp(f));
  if (texts.size() == 1)
    WARN("the real-games corpus is absent (" << arbiter_test::shared_corpus_dir()
                                             << "): the committed files only");
  PgnOptions options;
  options.comments = false;
  // What a game read says: its number, where it begins, its moves or its error, its warnings.
  auto account = [](const Result<PgnRead, PgnError>& r, const PgnGame& game) {
    std::string a = is_end(r) ? "end"
                    : r       ? "game " + std::to_string(game.number)
                              : r.error().to_string();
    a += " @" + std::to_string(game.line) + " " + std::to_string(game.main_line.moves.size());
    for (const PgnError& w : game.warnings) a += "; " + w.to_string();
    return a;
  };
  std::uint64_t cut_points = 0, bad = 0;
  PgnReader again = PgnReader::from_memory({}, options);
  for (const std::string& text : texts) {
    std::vector<PgnPoint> points;
    std::vector<std::string> games;
    PgnReader whole = PgnReader::from_memory(text, options);
    PgnGame game;
    for (;;) {
      points.push_back(whole.resume_point());
      const Result<PgnRead, PgnError> r = whole.next(game);
      games.push_back(account(r, game));
      if (is_end(r)) break;
      bad += !r;
    }
    // Every point starts_game() finds is one where the whole input's reader begins a game.
    std::vector<std::uint64_t> starts;
    for (const PgnPoint& p : points) starts.push_back(p.offset);
    for (std::size_t at = 1; at < text.size(); ++at) {
      if (text[at - 1] != '\n' || !PgnReader::starts_game(text, at)) continue;
      ++cut_points;
      INFO("byte " << at << ": " << text.substr(at, 40));
      CHECK(std::binary_search(starts.begin(), starts.end(), std::uint64_t(at)));
    }
    // From each point, a reader of the rest reads the next game as the whole input's did, and
    // stops where it did (the line, the games before, the offset).
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
      const PgnPoint& p = points[i];
      again.restart(std::string_view(text).substr(p.offset), p);
      const Result<PgnRead, PgnError> r = again.next(game);
      INFO("game " << i + 1 << " at byte " << p.offset);
      REQUIRE(account(r, game) == games[i]);
      const PgnPoint q = again.resume_point();
      CHECK(q.offset == points[i + 1].offset);
      CHECK(q.line == points[i + 1].line);
      CHECK(q.line_start == points[i + 1].line_start);
      CHECK(q.games == points[i + 1].games);
    }
  }
  CHECK(cut_points > 40);
  CHECK(bad >= 12);  // the malformed games of malformed.pgn and boundaries.pgn
}

TEST_CASE("pgn: a move token reads as parse_san() reads it under every option", "[pgn][san]") {
  // The reader resolves plain tokens by resolve_common_san() straight where parse_san()
  // would try it first (lenient English): under strict rules or other letters it must not.
  // Each token after e4 e5, both in a line long enough for the reader's plain-token path
  // and at the end of a short one.
  const Position after_e4_e5 =
      arbiter_test::position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  const char* const tokens[] = {"Nf3",
                                "Ngf3",
                                "Ng1f3",
                                "g1f3",
                                "Nh3",
                                "d4",
                                "d2d4",
                                "Cf3",
                                "Sf3",
                                "\xD0\x9A"
                                "f3",
                                "Ke2",
                                "Re2",
                                "Qh5",
                                "Dh5",
                                "O-O",
                                "0-0",
                                "exd5",
                                "Bc4",
                                "Ac4",
                                "\xD0\xA1"
                                "c4"};
  for (const bool strict : {false, true})
    for (const SanLanguage language : {SanLanguage::English, SanLanguage::Portuguese,
                                       SanLanguage::Spanish, SanLanguage::Russian})
      for (const char* token : tokens)
        for (const bool long_line : {true, false}) {
          PgnOptions options;
          options.strict = strict;
          options.language = language;
          const std::string text =
              std::string(
                  "[Event \"t\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                  "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. ") +
              token + (long_line ? " {a comment long enough to follow} *\n" : " *\n");
          const Result<Move, SanError> want =
              parse_san(after_e4_e5, token, SanOptions{strict, language});
          PgnReader reader = PgnReader::from_memory(text, options);
          PgnGame game;
          const auto read = reader.next(game);
          INFO("strict " << strict << ", language " << int(language) << ", token " << token
                         << (long_line ? ", long line" : ", short line"));
          REQUIRE(bool(read) == bool(want));
          if (want) {
            REQUIRE(game.main_line.moves.size() == 3);
            CHECK(game.main_line.moves[2].move == *want);
          } else {
            CHECK(read.error().kind == PgnErrorKind::BadMove);
          }
        }
}
