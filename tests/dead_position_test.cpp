// The dead position after every move (dead_position.hpp): its filter is exact against the
// static proof it stands in for, the check is the quick mode's NoWin for both sides where
// the position does not look locked, it is sound on chasolver's labelled sets, and it
// finds the dead positions of real games (5.2.2; 1997: 9.6).

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/fen.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

Position lenient_position(const std::string& fen) {
  FenOptions options;
  options.lenient = true;  // chasolver's sets write four fields
  const auto r = parse_fen(fen, options);
  INFO(fen);
  REQUIRE(r);
  return r->position;
}

// Every position of the committed corpus.
std::vector<Position> corpus_positions() {
  std::vector<Position> all;
  PgnOptions o;
  o.comments = false;
  for (const std::string& file : arbiter_test::committed_corpus_files())
    arbiter_test::for_each_recorded_position(arbiter_test::read_file(file), o,
                                             [&](const Position& p) { all.push_back(p); });
  return all;
}

// Every position of the committed corpus, then of random games from a few starts (locked
// walls, bishops that cannot take, a knight that can).
std::vector<Position> corpus_and_random_positions() {
  std::vector<Position> all = corpus_positions();
  std::mt19937 rng(5225);
  const char* starts[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                          "2b1k3/1p1p1p1p/1P1P1P1P/8/8/8/8/2B1K3 w - - 0 1",
                          "4k3/8/3p4/1p1P1p1p/1P3P1P/8/8/N3K1B1 w - - 0 1"};
  for (int game = 0; game < 400; ++game) {
    Position pos = lenient_position(starts[game % 4]);
    for (int ply = 0; ply < 200; ++ply) {
      all.push_back(pos);
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      pos.play_in_place(moves[rng() % moves.size()]);
    }
  }
  return all;
}

std::vector<Position> chasolver_positions() {
  std::vector<Position> all;
  for (const char* set : {"unwinnable/positions.txt", "unwinnable/lichess.txt"}) {
    const auto lines = arbiter_test::read_data_lines(arbiter_test::data_path(set));
    for (std::size_t i = 0; i < lines.size(); i += 7) {
      FenOptions options;
      options.lenient = true;
      const auto r = parse_fen(lines[i].substr(3), options);
      if (r) all.push_back(r->position);  // a few have more promoted pieces than pawns lost
    }
  }
  return all;
}

}  // namespace

TEST_CASE("dead position: the filter's steps are the OR of the per-square attack sets", "[dead]") {
  // The filter's floods step whole sets at once (king, knight, orthogonal, diagonal);
  // each must equal the union of one piece's steps from every square of the set, edges
  // and corners included (a step that wrapped round the board would grow V unsoundly).
  const auto expected = [](Bitboard b, auto one) {
    Bitboard all = 0;
    for (Bitboard r = b; r;) all |= one(pop_lsb(r));
    return all;
  };
  const auto king = [](Square s) { return king_attacks(s); };
  const auto knight = [](Square s) { return knight_attacks(s); };
  const auto orthogonal = [](Square s) { return rook_attacks(s, ~Bitboard(0)); };
  const auto diagonal = [](Square s) { return bishop_attacks(s, ~Bitboard(0)); };
  std::mt19937_64 rng(5222);
  std::vector<Bitboard> sets;
  for (int s = 0; s < 64; ++s) sets.push_back(Bitboard(1) << s);
  for (int i = 0; i < 2000; ++i) sets.push_back(rng() & rng() & (i % 2 ? rng() : ~Bitboard(0)));
  sets.push_back(0);
  sets.push_back(~Bitboard(0));
  for (const Bitboard b : sets) {
    INFO("set " << b);
    REQUIRE(detail::king_steps(b) == expected(b, king));
    REQUIRE(detail::knight_steps(b) == expected(b, knight));
    REQUIRE(detail::orthogonal_steps(b) == expected(b, orthogonal));
    REQUIRE(detail::diagonal_steps(b) == expected(b, diagonal));
  }
}

TEST_CASE("dead position: the queens' flood met half way is the flood from the queens", "[dead]") {
  // queens_reach_king() floods from both ends at once; the answer, and where it is false
  // the V it leaves, must be those of the plain flood from the queens' lines by king steps
  // onto squares the winner does not hold, at most static_filter_rounds rounds.
  const auto plain = [](const Position& p, Color winner, Bitboard& v) {
    const Bitboard queens = p.pieces(winner, PieceType::Queen);
    if (!queens) return false;
    const Bitboard free = ~p.pieces(winner);
    const Square m = p.king_square(~winner);
    const Bitboard target = king_attacks(m) | square_bb(m);
    Bitboard reach = queens;
    for (Bitboard b = queens; b;) reach |= queen_attacks(pop_lsb(b), p.occupied()) & free;
    for (int i = 0; i < detail::static_filter_rounds && !(reach & target); ++i)
      reach |= detail::king_steps(reach) & free;
    if (reach & target) return true;
    v = detail::king_steps(reach);
    return false;
  };
  std::vector<Position> all = corpus_and_random_positions();
  for (const Position& p : chasolver_positions()) all.push_back(p);
  // Walls of the winner's pieces that the flood must go round, or cannot cross.
  for (const char* fen :
       {"7k/8/8/8/8/PPPPPPP1/7P/Q3K3 w - - 0 1", "7k/8/8/8/8/PPPPPPPP/8/Q3K3 w - - 0 1",
        "k7/8/8/8/8/1PPPPPPP/P7/Q3K3 w - - 0 1",
        // winding paths of 13 and 14 rounds (14 allowed)
        "k7/8/8/8/PPPPPPP1/8/1PBNRBRN/Q6K w - - 0 1", "k7/8/8/8/PPPPPPP1/8/1PBNRBRN/K6Q w - - 0 1",
        "7k/8/8/8/1PPPPPPP/8/PBNRBRN1/Q6K w - - 0 1",
        // the king shut in by the winner's pieces, one of them next to it
        "5N1k/5BN1/6PP/8/8/8/8/Q3K3 w - - 0 1"})
    all.push_back(lenient_position(fen));
  long met = 0, missed = 0;
  for (const Position& p : all)
    for (Color side : {Color::White, Color::Black}) {
      Bitboard v_half = 1, v_plain = 1;
      const bool half = detail::queens_reach_king(p, side, v_half);
      INFO(to_fen(p) << " side " << int(side));
      REQUIRE(half == plain(p, side, v_plain));
      if (!half) REQUIRE(v_half == v_plain);
      (half ? met : missed) += p.pieces(side, PieceType::Queen) != 0;
    }
  INFO(met << " met, " << missed << " not met");
  CHECK(met > 0);
  CHECK(missed > 0);
}

TEST_CASE("dead position: where the filter says the static proof fails, it fails", "[dead]") {
  // static_proof_fails() stands in for statically_unwinnable() after every move: a true
  // that the proof would contradict would make the check miss a dead position.
  const std::size_t game_positions = corpus_positions().size();
  std::vector<Position> all = corpus_and_random_positions();
  for (const Position& p : chasolver_positions()) all.push_back(p);
  long settled = 0, settled_games = 0, questions = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Position& p = all[i];
    for (Color side : {Color::White, Color::Black}) {
      if (!detail::static_proof_fails(p, side)) continue;
      INFO(to_fen(p) << " side " << int(side));
      REQUIRE_FALSE(detail::statically_unwinnable(p, side));
      ++questions;
    }
    const bool either =
        detail::static_proof_fails(p, Color::White) || detail::static_proof_fails(p, Color::Black);
    settled += either;
    if (i < game_positions) settled_games += either;
  }
  INFO(settled_games << " of " << game_positions << " corpus positions settled by the filter");
  // The filter earns its place: nearly every position of real games is settled by it.
  CHECK(double(settled_games) >= 0.99 * double(game_positions));
  CHECK(questions > 0);
  CHECK(settled > settled_games);
}

TEST_CASE("dead position: the quick mode's NoWin for both sides where the position is not locked",
          "[dead][unwinnable]") {
  // Where the position (after its forced moves) does not look locked, is_dead_position()
  // is exactly analyze_win(..., WinMode::Quick, quick_node_budget, ...) NoWin for White
  // and for Black; where it looks locked, it leaves the closure out, so it may say less
  // but never more.
  auto ws = std::make_unique<WinWorkspace>(WinWorkspace::for_quick());
  auto answer = std::make_unique<WinAnswer>();
  std::vector<Position> all = chasolver_positions();
  const std::vector<Position> games = corpus_and_random_positions();
  for (std::size_t i = 0; i < games.size(); i += 5) all.push_back(games[i]);
  long dead = 0, agreeing = 0, locked = 0;
  for (const Position& p : all) {
    if (!any_legal_move(p)) continue;
    bool quick_dead = true;
    for (Color side : {Color::White, Color::Black}) {
      analyze_win(p, side, WinMode::Quick, quick_node_budget, *ws, *answer);
      quick_dead = quick_dead && answer->nowin();
    }
    const bool ours = is_dead_position(p);
    INFO(to_fen(p));
    if (detail::looks_locked(detail::after_forced_moves(p))) {
      ++locked;
      if (ours) CHECK(quick_dead);
    } else {
      CHECK(ours == quick_dead);
      agreeing += ours == quick_dead;
    }
    dead += ours;
  }
  CHECK(dead > 0);
  CHECK(locked > 0);
  CHECK(agreeing > 0);
}

TEST_CASE("dead position: never where chasolver's labels give a side a helpmate (5.2.2)",
          "[dead][data]") {
  long dead = 0, dead_labels = 0, questions = 0;
  for (const char* set : {"unwinnable/positions.txt", "unwinnable/lichess.txt"}) {
    for (const std::string& line : arbiter_test::read_data_lines(arbiter_test::data_path(set))) {
      FenOptions options;
      options.lenient = true;
      const auto r = parse_fen(line.substr(3), options);
      if (!r) continue;
      const bool label_dead = line.compare(0, 2, "--") == 0;
      const bool ours = is_dead_position(r->position);
      INFO(line);
      if (!label_dead) CHECK_FALSE(ours);
      ++questions;
      dead += ours;
      dead_labels += label_dead;
    }
  }
  // It finds dead positions, not all (the quick proofs are not complete).
  CHECK(dead > 0);
  CHECK(dead <= dead_labels);
  CHECK(questions > 60000);
}

TEST_CASE("dead position: named positions (5.2.2)", "[dead]") {
  SECTION("a real game: 65...h2+ leaves White one move, Kh1, into a locked corner (E23)") {
    // TWIC 920, Lalith - Boscolo, Forni di Sopra 2012, after 65...h2+: the white king can
    // never leave h1 and g1, its pawn never moves, and Black can never give check there.
    const Position p = lenient_position("8/8/8/8/8/6p1/4k1Pp/6K1 w - - 0 66");
    CHECK(material_can_checkmate(p, Color::Black));
    CHECK(is_dead_position(p));
    CHECK(board_ending(p) == Termination::DeadPosition);
  }
  SECTION(
      "a locked wall with the kings on either side is dead; with a bishop that can take "
      "the enemy pawns it is not") {
    CHECK(is_dead_position(lenient_position("6k1/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K7 w - -")));
    // A light-squared bishop: the black pawns stand on light squares.
    CHECK_FALSE(
        is_dead_position(lenient_position("6k1/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K4B2 w - -")));
    // A dark-squared one can take nothing: still dead.
    CHECK(is_dead_position(lenient_position("6k1/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/K1B5 w - -")));
  }
  SECTION("one side blocked, the other not: not dead") {
    CHECK_FALSE(
        is_dead_position(lenient_position("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -")));
  }
  SECTION(
      "a pawn that promotes past a king, after pushes and a capture, or past a pawn the king "
      "takes: settled by the filter") {
    // The black king ahead of the h-pawn has one square, g8, that only a bishop that
    // surely moves attacks (so it is not in A); the f-pawn pushes to f5, takes on g6 and
    // runs past the king. Before, the filter left both to the static proof.
    // The white king reaches the black h-pawn that blocks its own (the black king, which
    // surely moves, is not steady and guards nothing in the proof's sets), so the pawn
    // may be taken and the file rule no longer holds White's pawn back.
    for (const char* fen : {"7k/8/6K1/7P/2B5/8/8/8 w - -", "8/4Kpk1/4p1p1/4P3/5PP1/8/8/8 w - -",
                            "8/8/8/k1K5/7p/7P/8/8 w - -", "8/8/8/8/4K1k1/7p/7P/8 w - -"}) {
      INFO(fen);
      const Position p = lenient_position(fen);
      CHECK(detail::static_proof_fails(p, Color::White));
      CHECK_FALSE(detail::statically_unwinnable(p, Color::White));
      CHECK_FALSE(is_dead_position(p));
    }
  }
  SECTION("a queen, a free pawn, a rook: settled by the filter, not dead") {
    for (const char* fen :
         {"4k3/8/8/8/8/8/8/3QK3 w - -", "4k3/8/8/8/8/8/P7/4K3 w - -", "4k3/8/8/8/8/8/8/R3K3 b - -",
          "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"}) {
      INFO(fen);
      const Position p = lenient_position(fen);
      CHECK((detail::static_proof_fails(p, Color::White) ||
             detail::static_proof_fails(p, Color::Black)));
      CHECK_FALSE(is_dead_position(p));
    }
  }
}
