// The FIDE position key (Article 9.2.2; 2023: 9.2.3), the Polyglot key and the exact
// signature: incremental == from scratch, published Polyglot values, and the rulings
// on en passant and castling rights that decide whether two positions are the same.

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.hpp"

using namespace arbiter;

namespace {

// The repetition count of every position of a line of UCI moves (start included).
std::vector<unsigned> counts_of(const std::string& fen, const std::vector<std::string>& moves) {
  const std::vector<Position> positions =
      arbiter_test::play_uci(arbiter_test::position(fen), moves);
  RepetitionTracker<> tracker;
  std::vector<unsigned> counts;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const bool irreversible =
        i == 0 || positions[i - 1].is_irreversible(
                      parse_uci(positions[i - 1], moves[i - 1]).value_or(Move::none()));
    REQUIRE(tracker.push(positions[i].key(), irreversible));
    counts.push_back(tracker.count());
  }
  return counts;
}

FideKey key_of(const std::string& fen) { return arbiter_test::position(fen).key(); }

}  // namespace

TEST_CASE("key: Polyglot keys equal the published reference values", "[key][polyglot]") {
  int checked = 0;
  for (const std::string& line :
       arbiter_test::read_data_lines(arbiter_test::data_path("polyglot_keys.txt"))) {
    std::istringstream in(line);
    std::string hex;
    in >> hex;
    const std::string rest = line.substr(hex.size() + 1);
    const std::string fen = rest.substr(0, rest.find(" ;"));
    const std::string moves_text = rest.substr(rest.find(" ;") + 2);
    const std::uint64_t expected = std::stoull(hex, nullptr, 16);
    INFO(line);
    const Position pos = arbiter_test::position(fen);
    CHECK(polyglot_key(pos) == PolyglotKey(expected));
    // The same position reached by playing the moves has the same key.
    std::vector<std::string> moves;
    std::istringstream ms(moves_text);
    for (std::string m; ms >> m;)
      if (m != "-") moves.push_back(m);
    const Position played = arbiter_test::play_uci(Position::startpos(), moves).back();
    CHECK(polyglot_key(played) == PolyglotKey(expected));
    // In none of these does the Polyglot en passant rule differ from the legal one, so
    // the FIDE key equals the Polyglot key (arbiter uses Polyglot's numbers).
    CHECK(played.key().value() == expected);
    ++checked;
  }
  CHECK(checked >= 9);
}

TEST_CASE("key: incremental key equals the key computed from scratch in 10,000 random games",
          "[key]") {
  std::uint64_t plies = 0;
  for (std::uint32_t seed = 1; seed <= 10000; ++seed) {
    const auto game = arbiter_test::random_game(seed, 120);
    for (const Position& p : game.positions) {
      if (p.key() != fide_key(p)) {
        INFO("seed " << seed << " " << to_fen(p));
        REQUIRE(p.key() == fide_key(p));
      }
    }
    plies += game.moves.size();
  }
  WARN("random games: 10000 games, " << plies << " plies");
  CHECK(plies > 500000);
}

TEST_CASE("key: play_in_place without the counters gives the same position and key", "[key]") {
  // FEN without its last two fields (the counters).
  auto placement = [](const Position& p) {
    const std::string fen = to_fen(p);
    return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
  };
  std::uint64_t moves = 0;
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    for (const Position& p : arbiter_test::random_game(seed, 120).positions) {
      for (Move m : legal_moves(p)) {
        const Position full = p.play_unchecked(m);
        Position kept = p;
        kept.play_in_place<Position::KeyUpdate::Incremental, Position::Counters::Skip>(m);
        REQUIRE(kept.key() == full.key());
        REQUIRE(placement(kept) == placement(full));
        REQUIRE(kept.halfmove_clock() == p.halfmove_clock());
        REQUIRE(kept.fullmove_number() == p.fullmove_number());
        ++moves;
      }
    }
  }
  CHECK(moves > 100000);
}

TEST_CASE("key 9.2.3: an en passant square with no pawn to capture does not change the key",
          "[key][en-passant]") {
  CHECK(key_of("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1") == key_of("4k3/8/8/8/3P4/8/8/4K3 b - - 0 1"));
}

TEST_CASE("key 9.2.3: a pawn pinned on a file cannot capture en passant", "[key][en-passant]") {
  const std::string with = "4r2k/8/8/3pP3/8/8/4K3/8 w - d6 0 1";
  CHECK_FALSE(arbiter_test::position(with).has_legal_en_passant());
  CHECK(key_of(with) == key_of("4r2k/8/8/3pP3/8/8/4K3/8 w - - 0 1"));
}

TEST_CASE("key 9.2.3: a pawn pinned on a diagonal cannot capture en passant", "[key][en-passant]") {
  const std::string with = "6bk/8/8/2pP4/8/1K6/8/8 w - c6 0 1";
  CHECK_FALSE(arbiter_test::position(with).has_legal_en_passant());
  CHECK(key_of(with) == key_of("6bk/8/8/2pP4/8/1K6/8/8 w - - 0 1"));
  // Pseudo-legal Polyglot still hashes the file: the two keys differ here by design.
  CHECK(polyglot_key(arbiter_test::position(with)).value() != key_of(with).value());
}

TEST_CASE("key 9.2.3: a capture that would open the rank to the king is not a possible move",
          "[key][en-passant]") {
  // Both pawns leave the fifth rank; the rook on h5 would then attack the king on a5.
  const std::string with = "8/8/8/K1pP3r/8/8/8/7k w - c6 0 1";
  CHECK_FALSE(arbiter_test::position(with).has_legal_en_passant());
  CHECK(key_of(with) == key_of("8/8/8/K1pP3r/8/8/8/7k w - - 0 1"));
}

TEST_CASE("key 9.2.3: a capture en passant that leaves the king in check does not count",
          "[key][en-passant]") {
  // d7-d5 uncovered the bishop on c8 against the king on g4; exd6 does not block it.
  const std::string with = "2b1k3/8/8/3pP3/6K1/8/8/8 w - d6 0 1";
  const Position pos = arbiter_test::position(with);
  CHECK(pos.in_check());
  CHECK_FALSE(pos.has_legal_en_passant());
  CHECK(key_of(with) == key_of("2b1k3/8/8/3pP3/6K1/8/8/8 w - - 0 1"));
}

TEST_CASE("key 9.2.3: a legal capture en passant makes a different position", "[key][en-passant]") {
  const std::string with = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1";
  CHECK(arbiter_test::position(with).has_legal_en_passant());
  CHECK(key_of(with) != key_of("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1"));
  CHECK(key_of(with).value() == polyglot_key(arbiter_test::position(with)).value());
}

TEST_CASE("repetition 9.2.3: en passant legal only at the first occurrence, which does not count",
          "[key][en-passant][repetition]") {
  // After d7-d5, exd6 is legal; after the kings' walks it no longer is.
  const auto counts = counts_of("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
                                {"d7d5", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1",
                                 "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"});
  CHECK(counts[1] == 1);   // after d7-d5, en passant possible
  CHECK(counts[5] == 1);   // same placement, en passant gone: a new position
  CHECK(counts[9] == 2);   // not yet threefold
  CHECK(counts[13] == 3);  // threefold only now
}

TEST_CASE("repetition 9.2.3: en passant never legal, the first occurrence counts",
          "[key][en-passant][repetition]") {
  // The capture exd6 would open the fifth rank to the rook on a5: never possible.
  const auto counts =
      counts_of("4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 1",
                {"d7d5", "h5h6", "e8e7", "h6h5", "e7e8", "h5h6", "e8e7", "h6h5", "e7e8"});
  CHECK(counts[1] == 1);
  CHECK(counts[5] == 2);
  CHECK(counts[9] == 3);  // threefold, counting the position right after d7-d5
}

TEST_CASE("key 9.2.3: castling rights lost when the king goes out and back", "[key][castling]") {
  const std::string start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const auto counts =
      counts_of(start, {"e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8"});
  CHECK(counts[4] == 1);  // same placement as the start, but no castling rights
  CHECK(counts[8] == 2);
  const auto positions =
      arbiter_test::play_uci(arbiter_test::position(start), {"e1f1", "e8f8", "f1e1", "f8e8"});
  CHECK_FALSE(positions.back().castling_rights().any());
  CHECK(positions.back().key() != positions.front().key());
}

TEST_CASE("key 9.2.3: castling right lost when the rook goes out and back", "[key][castling]") {
  const std::string start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const auto positions =
      arbiter_test::play_uci(arbiter_test::position(start), {"h1g1", "h8g8", "g1h1", "g8h8"});
  CHECK(to_fen(positions.back()) == "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
  CHECK(positions.back().key() != positions.front().key());
  CHECK(counts_of(start, {"h1g1", "h8g8", "g1h1", "g8h8"})[4] == 1);
}

TEST_CASE("key 9.2.3: castling right lost when the rook is captured on its square",
          "[key][castling]") {
  const Position pos =
      arbiter_test::play_uci(arbiter_test::position("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1"),
                             {"g2h1"})
          .back();
  CHECK_FALSE(pos.castling_rights().has(Color::White, CastlingSide::KingSide));
  CHECK(pos.castling_rights().has(Color::White, CastlingSide::QueenSide));
  CHECK(pos.key() == fide_key(pos));
}

TEST_CASE("repetition 9.2.3: castling merely blocked keeps the rights, so the position recurs",
          "[key][castling][repetition]") {
  // The knight on g1 blocks O-O at the start, unblocks it on f3, blocks it again on its
  // return: the rights never change, so the start position occurs three times.
  const auto counts = counts_of("r3k1nr/8/8/8/8/8/8/R3K1NR w KQkq - 0 1",
                                {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
  CHECK(counts[4] == 2);
  CHECK(counts[8] == 3);
}

TEST_CASE("repetition 9.2.3: castling through an attacked square keeps the rights",
          "[key][castling][repetition]") {
  // The bishop on c4 attacks f1, so O-O is impossible at the start; on d5 it does not.
  // The right stays all along: the start position recurs.
  const std::string start = "r3k2r/8/8/8/2b5/8/8/RN2K2R w KQkq - 0 1";
  const Position pos = arbiter_test::position(start);
  CHECK_FALSE(is_legal(pos, Move::castling(Square::E1, Square::H1)));
  const auto positions = arbiter_test::play_uci(pos, {"b1c3", "c4d5"});
  CHECK(is_legal(positions.back(), Move::castling(Square::E1, Square::H1)));
  const auto counts =
      counts_of(start, {"b1c3", "c4d5", "c3b1", "d5c4", "b1c3", "c4d5", "c3b1", "d5c4"});
  CHECK(counts[4] == 2);
  CHECK(counts[8] == 3);
}

TEST_CASE("key 9.2.3: Chess960 castling rights belong to their rook", "[key][castling][chess960]") {
  // Same placement, a queenside right with the rook on a1 versus with the rook on c1:
  // different possible moves, so different positions.
  FenOptions chess960;
  chess960.castling = CastlingMode::Chess960;
  const auto outer = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w A - 0 1", chess960);
  const auto inner = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", chess960);
  REQUIRE(outer.ok());
  REQUIRE(inner.ok());
  CHECK(outer->position.castling_rook(Color::White, CastlingSide::QueenSide) == Square::A1);
  CHECK(inner->position.castling_rook(Color::White, CastlingSide::QueenSide) == Square::C1);
  CHECK(outer->position.key() != inner->position.key());
  CHECK(PositionSignature(outer->position) != PositionSignature(inner->position));
  CHECK_FALSE(same_position(outer->position, inner->position));
  CHECK(to_fen(outer->position) == "4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1");  // X-FEN: outermost rook
  CHECK(to_fen(inner->position) == "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
  // Moving the a1 rook loses only the right tied to it.
  const Position after = outer->position.play_unchecked(Move(Square::A1, Square::A2));
  CHECK_FALSE(after.castling_rights().any(Color::White));
  const Position kept = inner->position.play_unchecked(Move(Square::A1, Square::A2));
  CHECK(kept.castling_rights().has(Color::White, CastlingSide::QueenSide));
}

TEST_CASE("key: signatures are equal exactly when keys are, along random games",
          "[key][signature]") {
  std::vector<std::pair<std::uint64_t, PositionSignature>> seen;
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    for (const Position& p : arbiter_test::random_game(seed, 80).positions)
      seen.emplace_back(p.key().value(), PositionSignature(p));
  }
  std::sort(seen.begin(), seen.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  int equal_pairs = 0;
  for (std::size_t i = 1; i < seen.size(); ++i) {
    if (seen[i].first == seen[i - 1].first) {
      CHECK(seen[i].second == seen[i - 1].second);
      ++equal_pairs;
    } else {
      CHECK(seen[i].second != seen[i - 1].second);
    }
  }
  CHECK(equal_pairs > 0);  // the start position, at least, recurs across games
  // Clocks are not part of the position.
  CHECK(PositionSignature(arbiter_test::position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")) ==
        PositionSignature(arbiter_test::position("4k3/8/8/8/8/8/8/4K3 w - - 37 80")));
  // En passant counts only when legal.
  CHECK(PositionSignature(arbiter_test::position("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1")) ==
        PositionSignature(arbiter_test::position("4k3/8/8/8/3P4/8/8/4K3 b - - 0 1")));
  CHECK(PositionSignature(arbiter_test::position("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1")) !=
        PositionSignature(arbiter_test::position("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1")));
  CHECK(sizeof(PositionSignature) == 32);
}

TEST_CASE("key: same_position says what comparing signatures says", "[key][signature]") {
  // Along random games: each position against the one before it, and against every
  // position with the same key (the repetitions, which the record confirms this way).
  std::vector<Position> positions;
  for (std::uint32_t seed = 1; seed <= 200; ++seed)
    for (const Position& p : arbiter_test::random_game(seed, 80).positions) positions.push_back(p);
  auto agree = [](const Position& a, const Position& b) {
    INFO(to_fen(a) << " / " << to_fen(b));
    CHECK(same_position(a, b) == (PositionSignature(a) == PositionSignature(b)));
    CHECK(same_position(b, a) == same_position(a, b));
  };
  for (std::size_t i = 1; i < positions.size(); ++i) agree(positions[i - 1], positions[i]);
  std::sort(positions.begin(), positions.end(),
            [](const Position& a, const Position& b) { return a.key().value() < b.key().value(); });
  int same = 0;
  for (std::size_t i = 1; i < positions.size(); ++i)
    if (positions[i].key() == positions[i - 1].key()) {
      agree(positions[i - 1], positions[i]);
      same += same_position(positions[i - 1], positions[i]);
    }
  CHECK(same > 0);
  // Each part of the position on its own: the side, a piece, a castling right, a legal en
  // passant capture; the clocks are no part (the rook of a right: the Chess960 test).
  const std::pair<const char*, const char*> pairs[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
      {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"},
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"},
      {"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1"},
      {"4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1", "4k3/8/8/8/3P4/8/8/4K3 b - - 0 1"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 37 80"},
  };
  for (const auto& [a, b] : pairs) agree(arbiter_test::position(a), arbiter_test::position(b));
  CHECK_FALSE(same_position(arbiter_test::position(pairs[0].first),
                            arbiter_test::position(pairs[0].second)));
  CHECK(same_position(arbiter_test::position(pairs[5].first),
                      arbiter_test::position(pairs[5].second)));
}
