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

TEST_CASE("outcome: a move that keeps the dead-position answer keeps it (the audit's shortcut)",
          "[outcome][dead]") {
  // detail::board_ending_with_choice_kept() says when the answer after a move is the one
  // before, without asking (GameAuditor then spares the filter). Locked walls of pawns,
  // where positions are dead or alive by the static proof, with pieces that may or may not
  // cross them.
  using detail::board_ending_with_choice;
  using detail::board_ending_with_choice_kept;
  // The king on h4 is in check from g5, a pawn that never moves: from h4 it may walk up
  // the h-file (Kh5), but once it leaves, h4 is forever attacked and the wall closes.
  const char* const king_in_check = "1k6/8/8/p1p1p1p1/P1P1P1PK/8/8/8 w - - 0 1";
  // Black has just played e7-e5: fxe6 en passant is White's only way through the wall.
  const char* const en_passant = "7k/8/5p2/p1p1pPp1/P1P1P1P1/8/8/K7 w - e6 0 1";
  SECTION("a king move out of check, or the en passant capture given up, can close the wall") {
    const Position checked = position(king_in_check);
    const Move out = Move(Square::H4, Square::H3);
    CHECK(board_ending_with_choice(checked) == Termination::None);
    CHECK(board_ending_with_choice(checked.play_unchecked(out)) == Termination::DeadPosition);
    CHECK_FALSE(board_ending_with_choice_kept(checked, out));
    const Position passing = position(en_passant);
    const Move wait = Move(Square::A1, Square::B2);
    CHECK(board_ending_with_choice(passing) == Termination::None);
    CHECK(board_ending_with_choice(passing.play_unchecked(wait)) == Termination::DeadPosition);
    CHECK_FALSE(board_ending_with_choice_kept(passing, wait));
  }
  SECTION("random games against the walls: every move it accepts keeps the answer") {
    const char* const starts[] = {king_in_check,
                                  en_passant,
                                  "1k6/8/8/p1p1p3/P1P1P3/8/8/3K4 w - - 0 1",
                                  "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1",
                                  "4k3/2b5/8/p1p1p1p1/P1P1P1P1/8/8/2B1K1N1 w - - 0 1",
                                  "r3k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K2R w - - 0 1",
                                  "4k3/8/3p1p2/p1pPpPp1/P1P1P1P1/8/8/4K3 w - - 0 1",
                                  "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K2B w - - 0 1"};
    long kept = 0, kept_dead = 0, refused = 0;
    for (int g = 0; g < 2400; ++g) {
      const arbiter_test::RandomGame game =
          arbiter_test::random_game(std::uint32_t(g), 100, position(starts[g % 8]));
      for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Position& before = game.positions[i];
        const Move m = game.moves[i];
        if (board_ending_with_choice_kept(before, m)) {
          INFO(to_fen(before) << " then " << to_uci(before, m));
          const Termination now = board_ending_with_choice(game.positions[i + 1]);
          REQUIRE(now == board_ending_with_choice(before));
          ++kept;
          kept_dead += now != Termination::None;
        } else {
          ++refused;
        }
      }
    }
    INFO(kept << " moves kept the answer (" << kept_dead << " dead), " << refused << " not");
    CHECK(kept > 100000);
    CHECK(kept_dead > 20000);
    CHECK(refused > 10000);
  }
}
