// The move generator's functions agree with each other at every node of a tree
// (in the spirit of perft as a cross-check), and known positions give known answers.

#include <random>
#include <string>

#include "test_util.hpp"

using namespace arbiter;

namespace {

// Walks the legal move tree and checks, at every node: the counted and listed moves
// agree; no listed move leaves the mover's king attacked; checkers() is exactly the
// set of attackers of the king; the incrementally kept key equals the key of the same
// position read afresh from its FEN; the FEN round-trips; every move round-trips
// through UCI.
void check_tree(const Position& pos, int depth, std::uint64_t& nodes) {
  ++nodes;
  const MoveList moves = legal_moves(pos);
  REQUIRE(legal_move_count(pos) == int(moves.size()));
  REQUIRE(any_legal_move(pos) == !moves.empty());
  // Counting up to a limit: exact below it, at least the limit otherwise.
  for (int limit : {1, 2, 5}) {
    const int n = legal_move_count(pos, limit);
    if (int(moves.size()) < limit)
      REQUIRE(n == int(moves.size()));
    else
      REQUIRE(n >= limit);
  }
  const Color us = pos.side_to_move();
  REQUIRE(pos.checkers() == (pos.attackers_to(pos.king_square(us)) & pos.pieces(~us)));
  REQUIRE(pos.in_check() == pos.is_attacked(pos.king_square(us), ~us));

  const std::string fen = to_fen(pos);
  FenOptions options;
  options.castling = pos.is_chess960() ? CastlingMode::Chess960 : CastlingMode::Auto;
  options.ignore_impossible_check = true;
  const auto again = parse_fen(fen, options);
  INFO(fen);
  REQUIRE(again.ok());
  REQUIRE(again->position == pos);
  REQUIRE(again->position.key() == pos.key());

  for (Move m : moves) {
    const std::string uci = to_uci(pos, m);
    INFO(uci);
    const auto parsed = parse_uci(pos, uci);
    REQUIRE(parsed.ok());
    REQUIRE((*parsed) == m);
    const Position next = pos.play_unchecked(m);
    REQUIRE_FALSE(next.is_attacked(next.king_square(us), ~us));
    REQUIRE(next.side_to_move() == ~us);
    if (depth > 1) check_tree(next, depth - 1, nodes);
  }
}

}  // namespace

TEST_CASE("movegen: functions agree at every node of the suites' trees", "[movegen]") {
  std::uint64_t nodes = 0;
  for (const char* file : {"perft_standard.epd", "perft_suite.epd", "perft_chess960.epd"}) {
    for (const auto& c : arbiter_test::read_perft_suite(file)) {
      const int depth = c.counts.size() >= 2 && c.counts[1] <= 2000 ? 3 : 2;
      check_tree(arbiter_test::suite_position(c.fen), depth, nodes);
    }
  }
  WARN("checked " << nodes << " nodes");
  CHECK(nodes > 10000);
}

TEST_CASE("movegen: checkmate and stalemate have no legal move", "[movegen]") {
  // Fool's mate: White is checkmated.
  Position mate =
      arbiter_test::position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  CHECK(mate.in_check());
  CHECK_FALSE(any_legal_move(mate));
  CHECK(legal_moves(mate).empty());
  // Stalemate: Black king on a8, White queen b6, White king far away.
  Position stale = arbiter_test::position("k7/8/1Q6/8/8/8/8/7K b - - 0 1");
  CHECK_FALSE(stale.in_check());
  CHECK_FALSE(any_legal_move(stale));
}

TEST_CASE("movegen: double check leaves only king moves", "[movegen]") {
  // Knight on f6 and bishop on b5 both give check to the king on e8.
  const Position pos =
      arbiter_test::position("r1bqk2r/ppp2ppp/5N2/1B6/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 1");
  CHECK(popcount(pos.checkers()) == 2);
  for (Move m : legal_moves(pos)) CHECK(m.from() == Square::E8);
}

TEST_CASE("movegen: en passant legality", "[movegen][en-passant]") {
  SECTION("the capture that opens the fifth rank to a rook is illegal") {
    const Position pos = arbiter_test::position("8/8/8/K1pP3r/8/8/8/7k w - c6 0 1");
    CHECK_FALSE(is_legal(pos, Move::en_passant(Square::D5, Square::C6)));
    CHECK_FALSE(pos.has_legal_en_passant());
  }
  SECTION("a pawn pinned on a diagonal may not capture en passant off the diagonal") {
    const Position pos = arbiter_test::position("6bk/8/8/2pP4/8/1K6/8/8 w - c6 0 1");
    CHECK_FALSE(is_legal(pos, Move::en_passant(Square::D5, Square::C6)));
  }
  SECTION("a capture en passant that removes the checking pawn is legal") {
    const Position pos = arbiter_test::position("8/8/8/2pP4/1K6/8/8/7k w - c6 0 1");
    CHECK(pos.in_check());
    CHECK(is_legal(pos, Move::en_passant(Square::D5, Square::C6)));
    CHECK(pos.has_legal_en_passant());
  }
  SECTION("an ordinary en passant capture is legal") {
    const Position pos = arbiter_test::position("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    CHECK(is_legal(pos, Move::en_passant(Square::D5, Square::E6)));
    CHECK(pos.has_legal_en_passant());
  }
}

TEST_CASE("movegen: castling", "[movegen][castling]") {
  SECTION("not out of, through or into check") {
    // A Black rook on f8 attacks f1: White may castle queenside only.
    const Position pos = arbiter_test::position("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    CHECK(is_legal(pos, Move::castling(Square::E1, Square::A1)));
    CHECK_FALSE(is_legal(pos, Move::castling(Square::E1, Square::H1)));
  }
  SECTION("b1 may be attacked when castling queenside: the king does not cross it") {
    const Position pos = arbiter_test::position("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    CHECK(is_legal(pos, Move::castling(Square::E1, Square::A1)));
  }
  SECTION("Chess960: a rook 'pinned' along the back rank cannot castle") {
    // White king c1 with its queenside rook on b1, a Black queen on a1 behind the rook.
    const Position pos = arbiter_test::position("4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    // Castling queenside puts the king on c1 with the rook on d1; the queen on a1 would
    // then attack c1 through b1, so castling is illegal.
    CHECK(pos.is_chess960());
    CHECK_FALSE(is_legal(pos, Move::castling(Square::C1, Square::B1)));
  }
}

namespace {

// is_legal() (which generates only the moved piece's moves) against the full list, for
// every move shape a piece of the side to move could be given: every destination, as a
// plain move, a promotion, castling and en passant.
void check_is_legal(const Position& pos) {
  const MoveList legal = legal_moves(pos);
  int accepted = 0;
  for (Bitboard own = pos.pieces(pos.side_to_move()); own;) {
    const Square from = pop_lsb(own);
    for (int t = 0; t < 64; ++t) {
      const Square to = Square(t);
      if (to == from) continue;
      Move shapes[7] = {Move(from, to), Move::castling(from, to), Move::en_passant(from, to)};
      int n = 3;
      for (PieceType p : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
        shapes[n++] = Move::promotion(from, to, p);
      for (int i = 0; i < n; ++i) {
        const bool listed = legal.contains(shapes[i]);
        if (is_legal(pos, shapes[i]) != listed) {
          INFO(to_fen(pos) << ": from " << index(from) << " to " << t << " shape " << i);
          REQUIRE(is_legal(pos, shapes[i]) == listed);
        }
        accepted += listed;
      }
    }
  }
  REQUIRE(accepted == int(legal.size()));
}

}  // namespace

// is_legal() against the full list for all 65,536 encodings of a move (pieces of either
// side or none on the origin, promotion bits on plain moves, castling and en passant).
TEST_CASE("movegen: is_legal agrees with the list of legal moves on every encoding", "[movegen]") {
  int positions = 0;
  for (const char* file : {"perft_standard.epd", "perft_suite.epd", "perft_chess960.epd"}) {
    for (const auto& c : arbiter_test::read_perft_suite(file)) {
      const Position pos = arbiter_test::suite_position(c.fen);
      const MoveList legal = legal_moves(pos);
      int accepted = 0;
      for (int raw = 0; raw < 1 << 16; ++raw) {
        const Move m(Square(raw & 63), Square((raw >> 6) & 63), Move::Kind(raw >> 14),
                     PieceType(((raw >> 12) & 3) + 1));
        REQUIRE(m.raw() == raw);
        const bool listed = legal.contains(m);
        if (is_legal(pos, m) != listed) {
          INFO(to_fen(pos) << ": move encoding " << raw);
          REQUIRE(is_legal(pos, m) == listed);
        }
        accepted += listed;
      }
      REQUIRE(accepted == int(legal.size()));
      ++positions;
    }
  }
  CHECK(positions > 100);
}

TEST_CASE("movegen: is_legal agrees with the list of legal moves", "[movegen]") {
  int positions = 0;
  for (const char* file : {"perft_standard.epd", "perft_suite.epd", "perft_chess960.epd"}) {
    for (const auto& c : arbiter_test::read_perft_suite(file)) {
      const Position root = arbiter_test::suite_position(c.fen);
      check_is_legal(root);
      ++positions;
      for (Move m : legal_moves(root)) {
        check_is_legal(root.play_unchecked(m));
        ++positions;
      }
    }
  }
  CHECK(positions > 1000);
}

TEST_CASE("attacks: every slider lookup, every occupancy of its lines, equals a ray walk",
          "[movegen]") {
  // The magic tables are built at the first lookup; here each entry is checked against
  // squares walked one by one: every subset of the squares that can block each square's
  // lines (all 102,400 rook and 5,248 bishop entries), with random pieces on the rest of
  // the board, which no lookup may depend on.
  const auto walk = [](int sq, Bitboard occupied, const int(&dirs)[4][2]) {
    Bitboard b = 0;
    for (const auto& d : dirs)
      for (int f = sq % 8 + d[0], r = sq / 8 + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
           f += d[0], r += d[1]) {
        b |= Bitboard(1) << (r * 8 + f);
        if (occupied >> (r * 8 + f) & 1) break;
      }
    return b;
  };
  static constexpr int rook[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  static constexpr int bishop[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  std::mt19937_64 rng(20261205);
  std::uint64_t entries = 0;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const Bitboard edges =
        ((Rank1 | Rank8) & ~rank_bb(i / 8)) | ((FileA | FileH) & ~file_bb(i % 8));
    for (const bool is_rook : {true, false}) {
      const int(&dirs)[4][2] = is_rook ? rook : bishop;
      const Bitboard mask = walk(i, 0, dirs) & ~edges;
      Bitboard subset = 0;
      do {
        const Bitboard occupied = subset | (rng() & ~mask & ~square_bb(s));
        const Bitboard got = is_rook ? rook_attacks(s, occupied) : bishop_attacks(s, occupied);
        if (got != walk(i, occupied, dirs)) {
          INFO("square " << i << (is_rook ? " rook" : " bishop") << ", occupied " << occupied);
          REQUIRE(got == walk(i, occupied, dirs));
        }
        ++entries;
        subset = (subset - mask) & mask;
      } while (subset);
    }
    // between and line: by walking from a toward b.
    for (int j = 0; j < 64; ++j) {
      Bitboard between = 0, line = 0;
      for (const auto* dirs : {&rook, &bishop})
        for (const auto& d : *dirs) {
          Bitboard passed = 0;
          bool reached = false;
          for (int f = i % 8 + d[0], r = i / 8 + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
               f += d[0], r += d[1]) {
            if (r * 8 + f == j) {
              reached = true;
              break;
            }
            passed |= Bitboard(1) << (r * 8 + f);
          }
          if (!reached) continue;
          between = passed;
          const int back[4][2] = {{-d[0], -d[1]}, {d[0], d[1]}, {0, 0}, {0, 0}};
          for (int k = 0; k < 2; ++k)
            for (int f = i % 8 + back[k][0], r = i / 8 + back[k][1];
                 f >= 0 && f < 8 && r >= 0 && r < 8; f += back[k][0], r += back[k][1])
              line |= Bitboard(1) << (r * 8 + f);
          line |= square_bb(s);
        }
      INFO("squares " << i << " and " << j);
      REQUIRE(between_bb(s, Square(j)) == between);
      REQUIRE(line_bb(s, Square(j)) == line);
    }
  }
  CHECK(entries == 102400 + 5248);
}

TEST_CASE("attacks: the empty-board rays are the slider attacks through an empty board",
          "[movegen]") {
  // bishop_rays() and rook_rays() are computed at compile time, apart from the magic
  // tables; the pins, checks and the two-legal-moves test read them in their place.
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    INFO(i);
    REQUIRE(bishop_rays(s) == bishop_attacks(s, 0));
    REQUIRE(rook_rays(s) == rook_attacks(s, 0));
    REQUIRE(popcount(rook_rays(s)) == 14);  // a rank and a file, less the square itself
  }
}
