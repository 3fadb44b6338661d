// Article 5 on a position (outcome.hpp): checkmate (5.1.1), stalemate (5.2.1), dead
// position (5.2.2), and the one-sided "can checkmate by any possible series of legal
// moves" that a flag fall asks (6.9). Every position below is given by FEN with the
// expected verdict worked out by hand from the Laws and the spec (sections 8.3, 9.1, E23,
// E24), not from the implementation.

#include <string>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;
using arbiter_test::position;

namespace {

struct MaterialCase {
  const char* what;
  const char* fen;
  bool white_can_mate;
  bool black_can_mate;
};

}  // namespace

TEST_CASE("outcome: checkmate (5.1.1) and stalemate (5.2.1) on the board", "[outcome]") {
  SECTION("back-rank mate: the side to move is checkmated") {
    const Position p = position("k2Q4/8/1K6/8/8/8/8/8 b - - 1 1");
    CHECK(p.in_check());
    CHECK(is_checkmate(p));
    CHECK_FALSE(is_stalemate(p));
    CHECK(board_ending(p) == Termination::Checkmate);
  }
  SECTION("fool's mate, reached by moves") {
    const auto line =
        arbiter_test::play_uci(Position::startpos(), {"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(is_checkmate(line.back()));
    CHECK(board_ending(line.back()) == Termination::Checkmate);
    // One move earlier nothing had ended.
    CHECK(board_ending(line[3]) == Termination::None);
  }
  SECTION("check with an escape is not mate") {
    const Position p = position("k7/8/1K6/8/8/8/8/3Q4 b - - 0 1");  // no check yet
    CHECK_FALSE(is_checkmate(p));
    const Position q = position("k2Q4/8/8/1K6/8/8/8/8 b - - 1 1");  // Kb6 gone: a7 and b7 free
    CHECK(q.in_check());
    CHECK_FALSE(is_checkmate(q));
    CHECK(board_ending(q) == Termination::None);
  }
  SECTION("stalemate: no legal move, not in check") {
    const Position p = position("k7/2Q5/1K6/8/8/8/8/8 b - - 1 1");
    CHECK_FALSE(p.in_check());
    CHECK(is_stalemate(p));
    CHECK_FALSE(is_checkmate(p));
    CHECK(board_ending(p) == Termination::Stalemate);
  }
  SECTION(
      "stalemate with material that could never mate is still recorded as stalemate (5.2.1 "
      "first)") {
    // K+B v K: dead by material as well, but there is no legal move: 5.2.1 is reported.
    const Position p = position("7k/5K2/8/8/8/8/8/1B6 b - - 0 1");
    CHECK(is_stalemate(p));
    CHECK(board_ending(p) == Termination::Stalemate);
  }
  SECTION("a blocked pawn: stalemate despite mating material on the board") {
    // Black: Kh8 and a pawn h7 blocked by White's h6; White's Kf7 takes g8 and g7.
    const Position p = position("7k/5K1p/7P/8/8/8/8/8 b - - 0 1");
    CHECK_FALSE(p.in_check());
    CHECK(is_stalemate(p));
    CHECK(board_ending(p) == Termination::Stalemate);
  }
}

TEST_CASE("outcome: dead positions by material (5.2.2)", "[outcome]") {
  // Each of these: neither side can checkmate by any series of legal moves.
  const MaterialCase dead[] = {
      {"bare kings", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", false, false},
      {"bare kings, black to move", "8/8/8/4k3/8/8/8/4K3 b - - 0 1", false, false},
      {"K+N v K", "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", false, false},
      {"K v K+N", "1n6/8/8/4k3/8/8/8/4K3 b - - 0 1", false, false},
      {"K+B v K (light bishop)", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false, false},
      {"K v K+B (light bishop)", "2b5/8/8/4k3/8/8/8/4K3 w - - 0 1", false, false},
      {"K+B v K+B, both on dark squares", "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false, false},
      {"K+B v K+B, both on light squares", "2b5/8/8/4k3/8/8/8/5BK1 b - - 0 1", false, false},
      {"K+2B v K, both bishops on dark squares (a promoted bishop)",
       "8/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1", false, false},
      {"K+2B v K+B, all three on light squares", "2b5/8/8/4k3/8/8/8/1B1BK3 w - - 0 1", false,
       false},
      {"K+B+B v K+B+B, all four on dark squares", "3b1b2/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1", false,
       false},
  };
  for (const MaterialCase& c : dead) {
    INFO(c.what << ": " << c.fen);
    const Position p = position(c.fen);
    CHECK_FALSE(material_can_checkmate(p, Color::White));
    CHECK_FALSE(material_can_checkmate(p, Color::Black));
    CHECK(is_dead_position(p));
    CHECK(material_dead(p));  // dead by material alone, no forced line needed
    CHECK(board_ending(p) == Termination::DeadPosition);
  }
}

TEST_CASE("outcome: positions that are not dead, though little material is left (5.2.2, 6.9)",
          "[outcome]") {
  // A helpmate exists for the side(s) marked true: the test is "any possible series of legal
  // moves", cooperative play included (spec 8.3, 9.1).
  const MaterialCase alive[] = {
      {"K+N v K+N: each side can be mated with help", "1n6/8/8/4k3/8/8/8/1N2K3 w - - 0 1", true,
       true},
      {"K+B v K+N", "1n6/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, true},
      {"K+B v K+B on opposite colours", "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, true},
      {"K+2N v K: helpmate possible", "8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1", true, false},
      {"K+B+N v K", "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", true, false},
      {"K+2B v K on both colours", "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", true, false},
      {"K+P v K: the pawn can promote", "8/8/8/4k3/8/8/P7/4K3 w - - 0 1", true, false},
      {"K v K+P", "8/p7/8/4k3/8/8/8/4K3 w - - 0 1", false, true},
      {"K+R v K", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", true, false},
      {"K+Q v K", "8/8/8/4k3/8/8/8/3QK3 b - - 0 1", true, false},
      {"K+B v K+B same colour plus a pawn", "5b2/8/8/4k3/8/8/P7/2B1K3 w - - 0 1", true, true},
      {"K+N v K+pawns: the knight side can mate (pawns block), the pawns can promote",
       "8/4p3/4kp2/8/8/8/8/1N2K3 w - - 0 1", true, true},
      // Not the bishop side: a bishop's check on a king in the corner, the queen beside it,
      // can always be blocked or taken by the queen (lemma (e) of unwinnable.hpp); the old
      // material test said it could mate.
      {"K+B v K+Q: only the queen side can mate", "7q/8/8/4k3/8/8/8/2B1K3 w - - 0 1", false, true},
  };
  for (const MaterialCase& c : alive) {
    INFO(c.what << ": " << c.fen);
    const Position p = position(c.fen);
    CHECK(material_can_checkmate(p, Color::White) == c.white_can_mate);
    CHECK(material_can_checkmate(p, Color::Black) == c.black_can_mate);
    CHECK_FALSE(is_dead_position(p));
    CHECK(board_ending(p) == Termination::None);
  }
}

TEST_CASE("outcome: material_can_checkmate per side for a flag fall (6.9)", "[outcome]") {
  SECTION("K+N v K+pawns: the knight's side can mate, the bare-king side cannot") {
    // White K+N; Black K+pawns. If Black's flag falls, White (K+N) can still mate: Black loses.
    const Position p = position("8/4p3/4kp2/8/8/8/8/1N2K3 b - - 0 1");
    CHECK(material_can_checkmate(p, Color::White));
  }
  SECTION("a bare king never mates, whatever the other side has") {
    for (const char* fen : {"8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1", "8/pppp4/8/4k3/8/8/8/4K3 w - - 0 1",
                            "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1"}) {
      INFO(fen);
      const Position p = position(fen);
      const Color bare = p.pieces(Color::White) == p.pieces(Color::White, PieceType::King)
                             ? Color::White
                             : Color::Black;
      CHECK_FALSE(material_can_checkmate(p, bare));
      CHECK(material_can_checkmate(p, ~bare));
    }
  }
  SECTION("a lone knight against a rook can mate with help, a lone bishop cannot") {
    CHECK(material_can_checkmate(position("7r/8/8/4k3/8/8/8/1N2K3 w - - 0 1"),
                                 Color::White));  // K+N v K+R
    // K+B v K+R: the rook beside the cornered king always blocks or takes the bishop's
    // check (lemma (e) of unwinnable.hpp).
    CHECK_FALSE(material_can_checkmate(position("7r/8/8/4k3/8/8/8/2B1K3 w - - 0 1"), Color::White));
  }
  SECTION("a lone minor piece against a bare king cannot") {
    CHECK_FALSE(material_can_checkmate(position("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1"), Color::White));
    CHECK_FALSE(material_can_checkmate(position("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"), Color::White));
  }
}

TEST_CASE(
    "outcome: a position whose only legal reply leads to a dead position is already dead (E23)",
    "[outcome]") {
  SECTION("a queen captures with check; the only reply recaptures into K v K") {
    // White Qa1xg7+: Black's Kh8 has g8 and h7 covered, so Kxg7 is the only legal move.
    const Position before = position("K6k/6r1/8/8/8/8/8/Q7 w - - 0 1");
    CHECK(board_ending(before) == Termination::None);
    const Position after = before.play_unchecked(Move(Square::A1, Square::G7));
    REQUIRE(after.in_check());
    REQUIRE(legal_move_count(after) == 1);
    // By material alone White (K+Q) could still mate ...
    CHECK(material_can_checkmate(after, Color::White));
    CHECK_FALSE(material_dead(after));
    // ... but no legal continuation leads to mate: the position is dead now (5.2.2).
    CHECK(is_dead_position(after));
    CHECK(board_ending(after) == Termination::DeadPosition);
    const Position recaptured = after.play_unchecked(Move(Square::H8, Square::G7));
    CHECK(board_ending(recaptured) == Termination::DeadPosition);
  }
  SECTION("a quiet sacrifice with check, the forced recapture leaving K+B v K") {
    const Position before = position("7k/8/8/8/8/8/8/Kb4Q1 w - - 0 1");
    const Position after = before.play_unchecked(Move(Square::G1, Square::G7));  // Qg7+, only Kxg7
    REQUIRE(legal_move_count(after) == 1);
    CHECK(board_ending(after) == Termination::DeadPosition);
  }
  SECTION("a single forced reply that leaves mating material is not dead") {
    // Same capture, but a white rook remains: after Kxg7, K+R v K can still mate.
    const Position before = position("K6k/6r1/8/8/8/8/8/QR6 w - - 0 1");
    const Position after = before.play_unchecked(Move(Square::A1, Square::G7));
    REQUIRE(legal_move_count(after) == 1);
    CHECK_FALSE(is_dead_position(after));
    CHECK(board_ending(after) == Termination::None);
  }
  SECTION("two legal replies: no forced line, not dead even if one reply would be") {
    // Black can recapture with the king or with the rook on g8; after Rxg7 Black keeps a rook.
    const Position before = position("6rk/6r1/8/8/8/8/8/Q3K3 w - - 0 1");
    const Position after = before.play_unchecked(Move(Square::A1, Square::G7));
    REQUIRE(legal_move_count(after) >= 2);
    CHECK_FALSE(is_dead_position(after));
    CHECK(board_ending(after) == Termination::None);
  }
}

namespace {

// Follows `positions` (each after a legal move from the one before): once board_ending()
// finds an ending, every later position has one too. Returns the ply of the first, or -1.
int check_endings_stay(const std::vector<Position>& positions, long& after_first) {
  int first = -1;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const bool ending = board_ending(positions[i]) != Termination::None;
    if (first < 0 && ending) first = int(i);
    if (first >= 0) {
      INFO("first ending at ply " << first << ": " << to_fen(positions[std::size_t(first)])
                                  << "; none at ply " << i << ": " << to_fen(positions[i]));
      REQUIRE(ending);
      ++after_first;
    }
  }
  return first;
}

// The committed corpus and, when it is present, the shared one, every `every`-th game.
void check_corpus_endings_stay(std::size_t every) {
  long games = 0, with_ending = 0, after_first = 0;
  for (const std::string& file : arbiter_test::corpus_files()) {
    const std::string text = arbiter_test::read_file(file);  // the reader reads it in place
    PgnReader reader = PgnReader::from_memory(text);
    GameRecord record;
    PgnRecorder recorder(record, Rules{});
    for (std::size_t n = 0;; ++n) {
      const auto r = reader.next(recorder);
      if (is_end(r)) break;
      if (!r || n % every != 0) continue;
      std::vector<Position> positions;
      for (GameRecord::Ply p = 0; p <= record.ply(); ++p) positions.push_back(record.position(p));
      INFO(file << ", game " << n + 1);
      with_ending += check_endings_stay(positions, after_first) >= 0;
      ++games;
    }
  }
  INFO(games << " games, " << with_ending << " with an ending, " << after_first
             << " positions from the first ending on");
  CHECK(with_ending > 0);
  CHECK(games >= long(arbiter_test::committed_corpus_games / every));
}

}  // namespace

TEST_CASE("outcome: once board_ending() finds an ending every legal move keeps one",
          "[outcome][dead]") {
  // GameAuditor asks board_ending() once a game, where the audit stops, and looks back only
  // where it finds an ending (the argument at board_ending()). Random games through locked
  // walls of pawns (dead or alive by the static proof, with pieces that may or may not
  // cross them), en passant captures given up, checks with one way out (E23), promotions of
  // both sides, castling (Chess960's too), and the material lemmas; each played on past its
  // first ending.
  const char* const starts[] = {
      "1k6/8/8/p1p1p1p1/P1P1P1PK/8/8/8 w - - 0 1",     // a king in check from a steady pawn
      "7k/8/5p2/p1p1pPp1/P1P1P1P1/8/8/K7 w - e6 0 1",  // fxe6 en passant, the one way through
      "1k6/8/8/p1p1p3/P1P1P3/8/8/3K4 w - - 0 1",
      "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1",
      "4k3/2b5/8/p1p1p1p1/P1P1P1P1/8/8/2B1K1N1 w - - 0 1",
      "r3k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2R w - - 0 1",
      "4k3/8/3p1p2/p1pPpPp1/P1P1P1P1/8/8/4K3 w - - 0 1",
      "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K2B w - - 0 1",
      "2k5/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/3B4/8/3K4 w - - 0 1",
      "8/1p1p1p1p/1P1P1P1P/8/8/p1p1p1p1/P1P1P1P1/K6k w - - 0 1",
      "K6k/6r1/8/8/8/8/8/Q7 w - - 0 1",  // 1.Qxg7+ Kxg7: forced into K v K
      "6rk/6r1/8/8/8/8/8/Q3K3 w - - 0 1",
      "7k/8/8/8/8/8/1q6/K7 w - - 0 1",
      "4k3/8/8/2b5/8/4r3/3P4/4K3 w - - 0 1",
      "8/P6k/8/8/8/8/p6K/8 w - - 0 1",  // both sides promote
      "8/8/4k3/8/2n5/3BK3/8/8 w - - 0 1",
      "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
      "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
      "rk2r3/pp6/8/8/8/8/PP6/RK2R3 w AEae - 0 1",  // Chess960 castling rights (X-FEN)
      "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
  constexpr int count = int(sizeof starts / sizeof starts[0]);
  long games = 0, with_ending = 0, after_first = 0, played_on = 0;
  for (int g = 0; g < 4000; ++g) {
    const arbiter_test::RandomGame game =
        arbiter_test::random_game(std::uint32_t(g), 300, position(starts[g % count]));
    INFO("game " << g << " from " << starts[g % count]);
    const int first = check_endings_stay(game.positions, after_first);
    with_ending += first >= 0;
    played_on += first >= 0 && std::size_t(first) + 1 < game.positions.size();
    ++games;
  }
  INFO(games << " games, " << with_ending << " with an ending, " << played_on
             << " played on past it, " << after_first << " positions from the first on");
  CHECK(with_ending > 2000);
  CHECK(played_on > 1000);
  CHECK(after_first > 100000);
}

TEST_CASE("outcome: on the real games an ending board_ending() finds stays (a sample)",
          "[outcome][dead][corpus]") {
#ifdef NDEBUG
  check_corpus_endings_stay(8);
#else
  check_corpus_endings_stay(64);  // sanitizer and debug builds: fewer games
#endif
}

TEST_CASE("outcome: on every real game an ending board_ending() finds stays", "[.deep][deep]") {
  check_corpus_endings_stay(1);
}
