// The example engine (examples/engine/): its own Zobrist keys against arbiter's, mates,
// stalemate avoidance, the engine's draw rules (repetition, fifty moves), search limits,
// and self-play games that arbiter::Game adjudicates. The depths are small and fixed and
// the search uses no clock unless asked, so every result is deterministic; the only
// difference between builds is that the games from the opening are searched less deeply
// without NDEBUG (Debug, ASan), where they would take most of the time.

#include <atomic>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "../examples/engine/engine.hpp"
#include "../examples/engine/selfplay.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

#ifdef NDEBUG
constexpr int opening_depth = 5;
#else
constexpr int opening_depth = 3;
#endif
constexpr int endgame_depth = 4;  // the endgames' expected endings hold at this depth

Position from_fen(const std::string& fen) {
  const auto r = parse_fen(fen);
  INFO(fen << ": " << (r ? std::string("ok") : r.error().message()));
  REQUIRE(r.ok());
  return r->position;
}

std::vector<Move> uci_moves(Position pos, const std::vector<std::string>& texts) {
  std::vector<Move> moves;
  for (const std::string& t : texts) {
    const auto r = parse_uci(pos, t);
    INFO(t);
    REQUIRE(r.ok());
    moves.push_back((*r));
    pos.play_in_place((*r));
  }
  return moves;
}

engine::Result search_depth(engine::Engine& e, const Position& pos, int depth) {
  e.new_game();
  e.set_position(pos, {});
  engine::Limits limits;
  limits.depth = depth;
  return e.search(limits);
}

// Whether the side to move mates in one.
bool mates_in_one(const Position& pos) {
  for (Move m : legal_moves(pos))
    if (is_checkmate(pos.play_unchecked(m))) return true;
  return false;
}

}  // namespace

TEST_CASE(
    "engine: own Zobrist keys, incremental and from scratch, count repetitions as FIDE keys do",
    "[engine]") {
  const std::vector<std::string> starts = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960 castling
      "rnbqkbnr/pp2p1pp/8/2ppPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 4",      // en passant
      "8/2p5/8/KP5r/8/8/4P3/7k b - - 0 1",  // ...c5 allows no legal en passant (the pawn is pinned)
  };
  std::mt19937 rng(6);
  const int games = 120;
  long repetitions = 0, castles = 0, en_passant = 0, promotions = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = from_fen(starts[std::size_t(g) % starts.size()]);
    std::uint64_t key = engine::own_key(pos);
    RepetitionTracker<std::uint64_t> own;  // the engine's keys
    RepetitionTracker<FideKey> fide;
    REQUIRE(own.push(key, true));
    REQUIRE(fide.push(pos.key(), true));
    std::vector<Move> played;
    for (int ply = 0; ply < 160; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // Mostly reversible moves, and often the move that undoes the last move of the
      // side to move, so that positions recur.
      MoveList reversible;
      for (Move m : moves)
        if (!pos.is_irreversible(m)) reversible.push_back(m);
      const MoveList& pool = !reversible.empty() && rng() % 8 != 0 ? reversible : moves;
      Move m = pool[rng() % pool.size()];
      for (Move special : moves)  // castling, en passant and promotions, often
        if ((special.is_castling() || special.is_en_passant() || special.is_promotion()) &&
            rng() % 2 == 0)
          m = special;
      if (played.size() >= 2 && rng() % 2 == 0) {
        const Move last = played[played.size() - 2];
        if (!last.is_castling() && !last.is_promotion() &&
            reversible.contains(Move(last.to(), last.from())))
          m = Move(last.to(), last.from());
      }
      played.push_back(m);
      castles += m.is_castling();
      en_passant += m.is_en_passant();
      promotions += m.is_promotion();
      const Position next = pos.play_unchecked(m);
      key = engine::own_key_after(pos, m, next, key);
      INFO("game " << g << ", ply " << ply << ": " << to_fen(pos) << " " << to_uci(pos, m));
      REQUIRE(key == engine::own_key(next));
      REQUIRE(own.push(key, pos.is_irreversible(m)));
      REQUIRE(fide.push(next.key(), pos.is_irreversible(m)));
      REQUIRE(own.count() == fide.count());
      repetitions += own.count() >= 2;
      pos = next;
    }
  }
  // The comparison did see repetitions, and every kind of move was keyed.
  CHECK(repetitions > 20 * games);
  CHECK(castles > 0);
  CHECK(en_passant > 0);
  CHECK(promotions > 0);
}

TEST_CASE("engine: own keys count en passant only when the capture is legal (FIDE 9.2.3)",
          "[engine]") {
  // ...c5 with the b5 pawn pinned against its king: no legal capture, so the position is
  // the same as with no en passant square, for the engine's key as for arbiter's.
  Position pos = from_fen("8/2p5/8/KP5r/8/8/4P3/7k b - - 0 1");
  Position after = pos.play_unchecked(uci_moves(pos, {"c7c5"})[0]);
  const Position same = from_fen("8/8/8/KPp4r/8/8/4P3/7k w - - 0 2");
  CHECK(after.en_passant_square() == Square::C6);
  CHECK(engine::own_key(after) == engine::own_key(same));
  CHECK(after.key() == same.key());
  // Unpinned, the capture is legal and the positions differ.
  pos = from_fen("8/2p5/8/1P5r/K7/8/4P3/7k b - - 0 1");
  after = pos.play_unchecked(uci_moves(pos, {"c7c5"})[0]);
  CHECK(engine::own_key(after) != engine::own_key(from_fen("8/8/8/1Pp4r/K7/8/4P3/7k w - - 0 2")));
  CHECK(after.key() != from_fen("8/8/8/1Pp4r/K7/8/4P3/7k w - - 0 2").key());
}

TEST_CASE("engine: finds mate in one", "[engine]") {
  engine::Engine e(1);
  for (const char* fen : {
           "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  // back rank
           "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",  // back rank, Black
           "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  // Qxf7#
           "7k/5P2/6K1/8/8/8/8/8 w - - 0 1",                                       // f8=Q# (or =R#)
           "6k1/5ppp/8/8/8/8/q4PPP/1Q4K1 w - - 0 1",  // Qb8#, although Black threatens mate
       }) {
    INFO(fen);
    const Position pos = from_fen(fen);
    const engine::Result r = search_depth(e, pos, 3);
    REQUIRE(is_legal(pos, r.best));
    CHECK(is_checkmate(pos.play_unchecked(r.best)));
    CHECK(r.score == engine::mate_score - 1);
    CHECK(engine::mate_in_moves(r.score) == 1);
  }
}

TEST_CASE("engine: finds mate in two", "[engine]") {
  engine::Engine e(1);
  for (const char* fen : {
           "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1",                                    // rook roller
           "1r4k1/r7/8/8/8/8/8/7K b - - 0 1",                                    // the same, Black
           "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",  // Nf6+ gxf6 Bxf7#
       }) {
    INFO(fen);
    const Position pos = from_fen(fen);
    CHECK_FALSE(mates_in_one(pos));
    const engine::Result r = search_depth(e, pos, 4);
    REQUIRE(is_legal(pos, r.best));
    CHECK(r.score == engine::mate_score - 3);
    CHECK(engine::mate_in_moves(r.score) == 2);
    // Every reply allows a mate.
    const Position after = pos.play_unchecked(r.best);
    const MoveList replies = legal_moves(after);
    CHECK_FALSE(replies.empty());
    for (Move reply : replies) CHECK(mates_in_one(after.play_unchecked(reply)));
    // The principal variation is the mate.
    REQUIRE(r.pv.size() == 3);
    CHECK(is_checkmate(after.play_unchecked(r.pv[1]).play_unchecked(r.pv[2])));
  }
}

TEST_CASE("engine: does not stalemate when winning", "[engine]") {
  engine::Engine e(1);
  struct Case {
    const char* fen;
    bool mate;  // a mate within the search depth
  };
  for (const Case& c : {
           Case{"k7/8/2K5/1Q6/8/8/8/8 w - - 0 1", true},  // Qb6 stalemates, Qb7# mates
           Case{"7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", true},  // Qg6 stalemates, Qg7# mates
           Case{"k7/8/1Q6/8/8/8/8/7K w - - 0 1", false},  // every king move stalemates; mate in 8
       }) {
    INFO(c.fen);
    const Position pos = from_fen(c.fen);
    int stalemating = 0;
    for (Move m : legal_moves(pos)) stalemating += is_stalemate(pos.play_unchecked(m));
    REQUIRE(stalemating > 0);
    const engine::Result r = search_depth(e, pos, 5);
    REQUIRE(is_legal(pos, r.best));
    CHECK_FALSE(is_stalemate(pos.play_unchecked(r.best)));
    if (c.mate)
      CHECK(r.score == engine::mate_score - 1);
    else
      CHECK(r.score > 500);
  }
}

TEST_CASE("engine: repetitions and the fifty-move rule are draws in the search", "[engine]") {
  engine::Engine e(1);
  engine::Limits depth5;
  depth5.depth = 5;

  SECTION("a perpetual check saves a lost game: one repetition inside the search is a draw") {
    const Position pos = from_fen("7k/6p1/8/8/8/8/rq3PPP/4Q2K w - - 0 1");
    const engine::Result r = search_depth(e, pos, 7);
    CHECK(r.score == engine::draw_score);
    CHECK(pos.play_unchecked(r.best).in_check());
  }

  SECTION("a position that occurred twice in the game is a draw; once before the root is not") {
    // K+Q v K: the queen and the bare king shuffle. Black, lost, is to move.
    const Position start = from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
    const std::vector<Move> twice =
        uci_moves(start, {"d1d2", "e5f5", "d2d1", "f5e5", "d1d2", "e5f5", "d2d1"});
    Game game(start);
    for (Move m : twice) REQUIRE(game.play(m));
    e.new_game();
    e.set_position(start, twice);
    CHECK(e.repetition_count() == game.record().count());
    // ...Ke5 makes the start position occur a third time: the engine counts 3 with its
    // own keys, arbiter would accept a threefold claim with it written, and the search
    // takes it (the only move that does not lose).
    const Move back = uci_moves(e.position(), {"f5e5"})[0];
    CHECK(e.repetition_count_after(back) == 3);
    CHECK(game.record().count_after(back) == 3);
    const AvailableClaims claims = game.available_claims();
    CHECK(claims.threefold_intended.size() == 1);
    CHECK(claims.threefold_intended.contains(back));
    engine::Result r = e.search(depth5);
    CHECK(r.best == back);
    CHECK(r.score == engine::draw_score);

    // Only one cycle: ...Ke5 repeats a position from before the root once. That is no
    // draw for the engine (White need not repeat again), so Black is still lost.
    const std::vector<Move> once(twice.begin(), twice.begin() + 3);
    e.new_game();
    e.set_position(start, once);
    CHECK(e.repetition_count_after(back) == 2);
    r = e.search(depth5);
    CHECK(r.score < -500);
  }

  SECTION("fifty moves: a draw unless the move that reaches them mates") {
    // White to move with 99 plies played: any move but a mate makes 100.
    Position pos = from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 99 80");
    engine::Result r = search_depth(e, pos, 4);
    CHECK(r.score == engine::draw_score);
    pos = from_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 99 80");
    r = search_depth(e, pos, 4);
    CHECK(is_checkmate(pos.play_unchecked(r.best)));
    CHECK(r.score == engine::mate_score - 1);
    // With the clock lower the same position is simply won.
    r = search_depth(e, from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 80"), 4);
    CHECK(r.score > 500);
  }
}

TEST_CASE("engine: search limits: nodes, stop flag, movetime, clock", "[engine]") {
  engine::Engine e(1);
  const Position start = Position::startpos();
  e.set_position(start, {});

  engine::Limits nodes;
  nodes.nodes = 20000;
  engine::Result r = e.search(nodes);
  CHECK(is_legal(start, r.best));
  CHECK(r.depth >= 2);
  CHECK(r.nodes >= 20000);
  CHECK(r.nodes < 20000 + 1024);

  // A stop requested before the search: the first iteration still completes.
  const std::atomic<bool> stop{true};
  engine::Limits infinite;
  infinite.infinite = true;
  r = e.search(infinite, {}, &stop);
  CHECK(is_legal(start, r.best));
  CHECK(r.depth == 1);

  using Clock = std::chrono::steady_clock;
  engine::Limits movetime;
  movetime.movetime = 100;
  auto t0 = Clock::now();
  std::vector<engine::Info> infos;
  r = e.search(movetime, [&](const engine::Info& i) { infos.push_back(i); });
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  CHECK(is_legal(start, r.best));
  CHECK(ms < 1000);  // 100 ms asked; generous for sanitizer builds
  REQUIRE_FALSE(infos.empty());
  CHECK(infos.back().depth == r.depth);
  CHECK(infos.back().pv == r.pv);
  CHECK(r.pv.front() == r.best);

  engine::Limits clock;
  clock.wtime = 3000;
  clock.btime = 3000;
  clock.winc = 0;
  t0 = Clock::now();
  r = e.search(clock);
  ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  CHECK(is_legal(start, r.best));
  CHECK(ms < 1500);  // a 30th of the clock, at most three times that
}

TEST_CASE("engine: self-play games end by a rule the library reports", "[engine]") {
  struct Case {
    const char* name;
    const char* fen;
    std::vector<std::string> opening;
    Termination expected;  // Termination::None: any ending the Laws allow
    bool claims = true;    // false: nobody claims, only the automatic endings remain
  };
  const char* initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const std::vector<Case> cases = {
      {"initial position", initial, {}, Termination::None},
      {"Sicilian", initial, {"e2e4", "c7c5"}, Termination::None},
      {"Queen's Gambit", initial, {"d2d4", "d7d5", "c2c4"}, Termination::None},
      {"K+Q v K", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", {}, Termination::Checkmate},
      {"K+R v K", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", {}, Termination::Checkmate},
      {"K+R v K+R", "8/8/4k3/r7/8/4K3/7R/8 w - - 0 1", {}, Termination::None},
      {"K+R v K+R, no claims",
       "8/8/4k3/r7/8/4K3/7R/8 w - - 0 1",
       {},
       Termination::FivefoldRepetition,
       false},
      {"K+Q v K+Q, queens exchanged",
       "8/8/3k4/3q4/3Q4/3K4/8/8 w - - 0 1",
       {},
       Termination::DeadPosition},
      // Bishop and knight: too deep a mate for these depths; Black claims at 50 moves.
      {"K+B+N v K", "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", {}, Termination::FiftyMoveClaim},
      {"K+B+N v K, no claims",
       "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
       {},
       Termination::SeventyFiveMoves,
       false},
  };
  engine::Engine e(4);
  engine::SelfPlayOptions options;
  options.max_plies = 600;
  for (const Case& c : cases) {
    options.limits.depth = c.fen == initial ? opening_depth : endgame_depth;
    INFO(c.name << " (" << c.fen << "), depth " << options.limits.depth);
    options.claim_draws = c.claims;
    const Position start = from_fen(c.fen);
    const engine::SelfPlayGame g =
        engine::play_game(e, start, uci_moves(start, c.opening), options);
    const Termination t = g.game.termination();
    INFO(engine::movetext(g) << "\n" << engine::termination_text(g));
    REQUIRE_FALSE(g.capped);
    REQUIRE(g.game.is_over());
    CHECK(g.game.end_ply() == g.game.record().ply());
    CHECK((t == Termination::Checkmate || t == Termination::Stalemate ||
           t == Termination::DeadPosition || t == Termination::FivefoldRepetition ||
           t == Termination::SeventyFiveMoves || t == Termination::ThreefoldClaim ||
           t == Termination::FiftyMoveClaim));
    if (c.expected != Termination::None) CHECK(t == c.expected);
    if (t == Termination::Checkmate) CHECK(is_checkmate(g.game.position()));
    if (t == Termination::FivefoldRepetition) CHECK(g.game.record().count() >= 5);
    if (t == Termination::SeventyFiveMoves)
      CHECK(g.game.record().halfmoves() >= HalfmoveClock::automatic_threshold);
    // The engine's repetition counts (its own keys) agree with arbiter's at every ply.
    CHECK(g.count_mismatches == 0);
    // Claims: only correct ones are made; a threefold claim is one the engine had seen.
    CHECK(g.claimed == (t == Termination::ThreefoldClaim || t == Termination::FiftyMoveClaim));
    if (g.claimed) {
      CHECK(g.ruling.correct);
      CHECK(g.claim_score <= 0);  // the policy: only a side that is not winning claims
      if (t == Termination::ThreefoldClaim) {
        CHECK(g.engine_count_at_claim >= 3);
        CHECK(g.ruling.occurrences.size() >= 3);
      } else {
        CHECK(g.ruling.halfmoves >= HalfmoveClock::claim_threshold);
      }
    }
  }
}
