// Tests of unwinnable.hpp: can a side checkmate "by any possible series of legal moves"?
// (5.2.2 dead position, 6.9 flag fall, 2023 5.1.2 resignation.) Every Win line is
// replayed here to checkmate, independently of the library's own check.

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/fen.hpp>
#include <arbiter/notation/uci.hpp>
#include <arbiter/unwinnable.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "test_util.hpp"

using namespace arbiter;

namespace {

Position position_of(const std::string& fen) {
  FenOptions options;
  options.lenient = true;  // the test sets write four fields
  const auto r = parse_fen(fen, options);
  INFO(fen << ": " << (r ? std::string() : r.error().message()));
  REQUIRE(r);
  return r->position;
}

// The test's own replay: every move legal, and the last position checkmate of `~winner`.
bool replays_to_mate(const Position& start, Color winner, const WinAnswer& a) {
  Position p = start;
  for (int i = 0; i < a.length; ++i) {
    const MoveList legal = legal_moves(p);
    if (std::find(legal.begin(), legal.end(), a.line[i]) == legal.end()) return false;
    p.play_in_place(a.line[i]);
  }
  return p.side_to_move() == ~winner && p.in_check() && legal_moves(p).empty();
}

// Bounded brute force, written without unwinnable.hpp: is there a helpmate by `winner`
// of at most `plies` moves?
bool brute_helpmate(const Position& p, Color winner, int plies) {
  const MoveList moves = legal_moves(p);
  if (moves.empty()) return p.in_check() && p.side_to_move() == ~winner;
  if (plies == 0) return false;
  for (Move m : moves)
    if (brute_helpmate(p.play_unchecked(m), winner, plies - 1)) return true;
  return false;
}

struct Analyzer {
  std::unique_ptr<WinWorkspace> full = std::make_unique<WinWorkspace>(WinWorkspace::for_full());
  std::unique_ptr<WinWorkspace> quick = std::make_unique<WinWorkspace>(WinWorkspace::for_quick());
  std::unique_ptr<WinAnswer> answer = std::make_unique<WinAnswer>();

  const WinAnswer& operator()(const Position& p, Color side, WinMode mode = WinMode::Full,
                              std::uint64_t budget = 0) {
    if (budget == 0) budget = mode == WinMode::Full ? full_node_budget : quick_node_budget;
    analyze_win(p, side, mode, budget, mode == WinMode::Full ? *full : *quick, *answer);
    if (answer->win()) {
      INFO(to_fen(p) << " side " << int(side));
      CHECK(replays_to_mate(p, side, *answer));
    }
    return *answer;
  }
  Winnability verdict(const std::string& fen, Color side, WinMode mode = WinMode::Full) {
    return (*this)(position_of(fen), side, mode).verdict;
  }
  Deadness dead(const std::string& fen, WinMode mode = WinMode::Full) {
    const Position p = position_of(fen);
    const Winnability white = (*this)(p, Color::White, mode).verdict;
    const Winnability black = (*this)(p, Color::Black, mode).verdict;
    return deadness(white, black);
  }
};

Analyzer& analyzer() {
  static Analyzer a;
  return a;
}

constexpr Color White = Color::White, Black = Color::Black;

}  // namespace

// ---------------------------------------------------------------------------------------
// Named positions (5.2.2 dead position; 6.9 "cannot checkmate by any possible series")
// ---------------------------------------------------------------------------------------

TEST_CASE("5.2.2: K v K is dead (material)", "[unwinnable]") {
  Analyzer& a = analyzer();
  const Position p = position_of("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
  CHECK(a(p, White).proof == WinProof::Material);
  CHECK(a(p, Black).proof == WinProof::Material);
  CHECK(a.dead("8/8/8/4k3/8/8/8/4K3 w - - 0 1") == Deadness::Dead);
}

TEST_CASE("5.2.2: K+B v K and K+N v K are dead; 6.9: the minor piece cannot mate", "[unwinnable]") {
  Analyzer& a = analyzer();
  CHECK(a.dead("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1") == Deadness::Dead);
  CHECK(a.dead("8/8/8/4k3/8/8/8/1N2K3 b - - 0 1") == Deadness::Dead);
  CHECK(a.verdict("8/8/8/4k3/8/8/8/1N2K3 b - - 0 1", White) == Winnability::NoWin);
}

TEST_CASE("5.2.2: bishops of both sides all on one colour are dead; opposite colours are not",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  // b2, a1 and c7 are dark squares.
  CHECK(a.dead("4k3/2b5/8/8/8/8/1B6/B3K3 w - - 0 1") == Deadness::Dead);
  // b2 dark, c6 light: each side can be mated in a corner next to its own bishop.
  CHECK(a.verdict("4k3/8/2b5/8/8/8/1B6/4K3 w - - 0 1", White) == Winnability::Win);
  CHECK(a.verdict("4k3/8/2b5/8/8/8/1B6/4K3 w - - 0 1", Black) == Winnability::Win);
}

TEST_CASE("5.2.2: K+N v K+N and K+B v K+N are not dead (helpmates with the loser's piece blocking)",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  CHECK(a.dead("8/8/3n4/4k3/8/8/3N4/4K3 w - - 0 1") == Deadness::Alive);
  CHECK(a.verdict("8/8/3n4/4k3/8/8/3N4/4K3 w - - 0 1", White) == Winnability::Win);
  CHECK(a.verdict("8/8/3n4/4k3/8/8/3N4/4K3 w - - 0 1", Black) == Winnability::Win);
  CHECK(a.verdict("8/8/3n4/4k3/8/8/3B4/4K3 w - - 0 1", White) == Winnability::Win);
  CHECK(a.verdict("8/8/3n4/4k3/8/8/3B4/4K3 w - - 0 1", Black) == Winnability::Win);
}

TEST_CASE("6.9: K+N v K+Q(s), the knight's side cannot checkmate (lemma d); the queens' can",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  const Position p = position_of("8/8/3q4/4k3/8/8/3N4/4K3 w - - 0 1");
  CHECK(a(p, White).verdict == Winnability::NoWin);
  CHECK(a(p, White).proof == WinProof::Material);
  CHECK(a(p, Black).verdict == Winnability::Win);
  // The boundary: against a rook instead of the queen the knight mates (Kf8, Ng6 v Kh8, Rh7).
  CHECK(a.verdict("7k/8/8/7r/8/5N2/8/5K2 w - - 0 1", White) == Winnability::Win);
  CHECK(is_checkmate(position_of("5K1k/7r/6N1/8/8/8/8/8 b - - 0 1")));
  // Any number of queens: one of them always takes the checking knight. chasolver
  // lichess.txt, labelled "-B" and "W-".
  const Position two = position_of("8/2k5/8/8/2K3q1/2N5/8/1q6 w - - 2 47");
  CHECK(a(two, White).verdict == Winnability::NoWin);
  CHECK(a(two, White).proof == WinProof::Material);
  CHECK(a(two, White, WinMode::Quick).verdict == Winnability::NoWin);
  CHECK(a(two, Black).verdict == Winnability::Win);
  CHECK(a(position_of("5Q2/8/7Q/1K5n/8/7k/8/8 b - - 0 70"), Black).proof == WinProof::Material);
  // The boundary: queen and rook, the rook on g8 cannot take on f7 (Kh6, Nf7 v Kh8, Rg8,
  // Qa1 is mate), so the lemma does not apply.
  CHECK(is_checkmate(position_of("6rk/5N2/7K/8/8/8/8/q7 b - - 0 1")));
  const WinAnswer& mixed = a(position_of("6rk/8/7K/8/8/8/5N2/q7 w - - 0 1"), White);
  CHECK(mixed.proof != WinProof::Material);
  CHECK(mixed.verdict != Winnability::NoWin);
}

TEST_CASE("6.9: K+B v K+R, K+Q or several, the bishop's side cannot checkmate (lemma e)",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  // chasolver lichess.txt, labelled "-B": the rook always takes on g7 or steps there.
  const Position rook = position_of("8/8/8/5k1K/8/8/3B2r1/8 w - - 10 58");
  CHECK(a(rook, White).verdict == Winnability::NoWin);
  CHECK(a(rook, White).proof == WinProof::Material);
  CHECK(a(rook, White, WinMode::Quick).verdict == Winnability::NoWin);
  CHECK(a(rook, Black).verdict == Winnability::Win);
  const Position queen = position_of("8/8/8/5k1K/8/8/3B2q1/8 w - - 10 58");
  CHECK(a(queen, White).proof == WinProof::Material);
  CHECK(a(queen, Black).verdict == Winnability::Win);
  // Two bishops of one colour: still nowin; of both colours the lemma does not apply.
  CHECK(a.verdict("8/8/8/5k1K/8/4B3/3B2r1/8 w - - 0 1", White) == Winnability::NoWin);
  CHECK(a(position_of("8/8/8/5k1K/8/8/3B2r1/7B w - - 0 1"), White).proof != WinProof::Material);
  // The boundary: against a knight instead, which cannot reach g7 from g8 or h7, the
  // bishop mates (Kf7, Bg7 v Kh8, Nh7).
  CHECK(a.verdict("8/8/8/5k1K/8/8/3B2n1/8 w - - 0 1", White) == Winnability::Win);
  CHECK(is_checkmate(position_of("7k/5KBn/8/8/8/8/8/8 b - - 0 1")));
  // A rook with a pawn beside it: the lemma does not apply (the pawn may become a knight).
  CHECK(a(position_of("8/8/8/5k1K/8/7p/3B2r1/8 w - - 0 1"), White).proof != WinProof::Material);
  // Rooks and queens together (chasolver lichess.txt, "-B"): one of them, next to the
  // king, always takes the checking bishop or steps in between.
  const Position two = position_of("2k5/2r5/2K5/8/7B/8/8/1q6 w - - 0 67");
  CHECK(a(two, White).verdict == Winnability::NoWin);
  CHECK(a(two, White).proof == WinProof::Material);
  CHECK(a(two, White, WinMode::Quick).verdict == Winnability::NoWin);
  CHECK(a(two, Black).verdict == Winnability::Win);
  CHECK(a.verdict("8/8/8/3rkr2/8/B7/8/2B4K w - - 0 1", White) == Winnability::NoWin);
  // The boundaries: a king in double check from two bishops now (no move can give it,
  // a position can hold it), and a knight among the rooks: the lemma does not apply.
  CHECK(a(position_of("8/2B5/4r3/4kr2/8/2B5/8/7K b - - 0 1"), White).proof != WinProof::Material);
  CHECK(a(position_of("8/8/8/3rkn2/8/B7/8/2B4K w - - 0 1"), White).proof != WinProof::Material);
}

TEST_CASE("5.2.2: a locked pawn wall is dead; a wall that a sacrifice opens is not",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  // chasolver positions.txt, labelled "--" and "WB".
  const Position wall = position_of("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -");
  CHECK(a(wall, White).verdict == Winnability::NoWin);
  CHECK(a(wall, White).proof == WinProof::Exhaustive);
  CHECK(a(wall, Black).verdict == Winnability::NoWin);
  const Position open = position_of("8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - -");
  CHECK(a(open, White).verdict == Winnability::Win);
  CHECK(a(open, Black).verdict == Winnability::Win);
  // A full wall of rammed pawns, no captures possible: dead.
  CHECK(a.dead("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1") == Deadness::Dead);
}

TEST_CASE("5.2.2: a wall with a pawn doubled behind a rammed one is dead within the default budget",
          "[unwinnable]") {
  // chasolver positions.txt, labelled "--". Black's f5 pawn stands behind its own rammed
  // f4 pawn, so the position does not look locked (looks_locked), yet no pawn can push:
  // the full mode gives the closure a quarter of the budget (pawns_blocked), which holds
  // its 72,252 positions. Black's king taking h5 would first stalemate White (its king
  // has only h3 and h4), which the static proof cannot see: only the closure proves it.
  Analyzer& a = analyzer();
  const Position wall = position_of("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - -");
  CHECK_FALSE(detail::looks_locked(wall));
  CHECK(detail::pawns_blocked(wall, true));
  CHECK_FALSE(detail::statically_unwinnable(wall, White));
  for (const Color side : {White, Black}) {
    const WinAnswer& answer = a(wall, side);
    CHECK(answer.verdict == Winnability::NoWin);
    CHECK(answer.proof == WinProof::Exhaustive);
    CHECK(answer.nodes <= full_node_budget);
  }
}

TEST_CASE("6.9: a winner with pawns alone mates after the loser promotes and gives its queen up",
          "[unwinnable]") {
  // chasolver positions.txt, labelled "WB". Black's only way to mate is h2xg1=R# (or a
  // pawn's promotion after a long walk), which needs a White piece on g1: White's bishop
  // is light-squared, so White must promote and bring the new piece there. Against a
  // winner without queen or rook the search rewards the loser's pawn pushes (they give
  // the blockers and the pieces to be taken); punishing them, as it did against pawns,
  // left both questions undecided within the default budget.
  Analyzer& a = analyzer();
  for (const char* fen :
       {"8/8/8/6P1/5P1k/6p1/4B1Pp/7K w - -", "8/5p1p/5p2/5PpP/6P1/6pB/6P1/4k2K b - -"}) {
    INFO(fen);
    const WinAnswer& answer = a(position_of(fen), Black);  // the line replays (Analyzer)
    CHECK(answer.verdict == Winnability::Win);
    CHECK(answer.nodes <= full_node_budget);
  }
}

TEST_CASE("The closure goes on where it stopped: in turns it ends as in one go", "[unwinnable]") {
  // The full mode gives the closure turns between the search's; each turn goes on with
  // the same expansion, so turns of a tenth end with the nodes of a single call.
  const Position wall = position_of("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -");
  auto ws = std::make_unique<WinWorkspace>(WinWorkspace::for_full());
  auto out = std::make_unique<WinAnswer>();
  HelpmateProver whole(*ws, White, full_node_budget);
  REQUIRE(whole.closure(wall, full_node_budget, *out) == HelpmateProver::ClosureResult::NoMate);
  const std::uint64_t nodes = whole.nodes();
  REQUIRE(nodes > 100);
  HelpmateProver turns(*ws, White, full_node_budget);
  HelpmateProver::ClosureResult result = HelpmateProver::ClosureResult::Incomplete;
  int calls = 0;
  for (; calls < 20 && result == HelpmateProver::ClosureResult::Incomplete; ++calls)
    result = turns.closure(wall, nodes / 10 + 1, *out);
  CHECK(result == HelpmateProver::ClosureResult::NoMate);
  CHECK(calls >= 10);
  CHECK(turns.nodes() == nodes);
}

// A caller's memory for WinWorkspace that keeps a ledger of what it gave, and fills what
// it gives unzeroed with a pattern, so that a table read before it is written shows.
struct LedgerMemory {
  struct Block {
    void* memory;
    std::size_t bytes;
    bool zeroed, released;
  };
  static std::vector<Block>& blocks() {
    static std::vector<Block> b;
    return b;
  }
  static bool refuse;  // allocate() fails
  static int releases;
  static void* allocate(std::size_t bytes, bool zeroed) noexcept {
    void* const p = refuse ? nullptr : std::malloc(bytes);
    if (p) std::memset(p, zeroed ? 0 : 0xA5, bytes);
    blocks().push_back({p, bytes, zeroed, false});
    return p;
  }
  static void release(void* memory, std::size_t bytes) noexcept {
    ++releases;
    for (Block& b : blocks())
      if (b.memory == memory && !b.released) {
        b.released = b.bytes == bytes;  // a wrong size stays unreleased, and shows
        if (b.released) std::free(memory);
        return;
      }
  }
};
bool LedgerMemory::refuse = false;
int LedgerMemory::releases = 0;

TEST_CASE("WinWorkspace: tables from the caller's memory, the same answers, all given back",
          "[unwinnable]") {
  LedgerMemory::blocks().clear();
  const WorkspaceMemory ledger{&LedgerMemory::allocate, &LedgerMemory::release};
  auto mine = std::make_unique<WinAnswer>();
  {
    auto standard = std::make_unique<WinWorkspace>(WinWorkspace::for_full());
    auto given = std::make_unique<WinWorkspace>(WinWorkspace::for_full(ledger));
    // Three tables: the search's and the closure's slots zeroed, the closure's nodes not.
    REQUIRE(LedgerMemory::blocks().size() == 3);
    CHECK(LedgerMemory::blocks()[0].zeroed);
    CHECK_FALSE(LedgerMemory::blocks()[1].zeroed);
    CHECK(LedgerMemory::blocks()[2].zeroed);
    CHECK(LedgerMemory::blocks()[0].bytes == (std::size_t(1) << 18) * sizeof(detail::TTEntry));
    arbiter_test::check_same_win_answers(*standard, *given);
    // A move hands the tables over: the moved-from workspace gives nothing back.
    WinWorkspace moved = std::move(*given);
    given.reset();
    for (const LedgerMemory::Block& b : LedgerMemory::blocks()) CHECK_FALSE(b.released);
  }
  for (const LedgerMemory::Block& b : LedgerMemory::blocks()) CHECK(b.released);

  // No memory at all: the lemmas and the budget still answer, and nothing is given back.
  LedgerMemory::blocks().clear();
  LedgerMemory::refuse = true;
  LedgerMemory::releases = 0;
  {
    auto none = std::make_unique<WinWorkspace>(WinWorkspace::for_full(ledger));
    analyze_win(position_of("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), White, WinMode::Full,
                full_node_budget, *none, *mine);
    CHECK(mine->verdict == Winnability::NoWin);  // bare kings: the material lemma
    analyze_win(position_of("8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - -"), White, WinMode::Full,
                full_node_budget, *none, *mine);
    CHECK(mine->verdict != Winnability::NoWin);  // never a wrong proof without tables
  }
  LedgerMemory::refuse = false;
  CHECK(LedgerMemory::blocks().size() == 3);  // asked for, refused
  CHECK(LedgerMemory::releases == 0);
}

TEST_CASE("5.2.2, 6.9: the static proof (where the pieces can ever go) and its boundaries",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  // chasolver's README position (lichess ijyj0mHa): the wall is locked and Black's
  // bishop never reaches it, so Black cannot mate; White can.
  const Position locked = position_of("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -");
  CHECK(a(locked, Black).verdict == Winnability::NoWin);
  CHECK(a(locked, Black).proof == WinProof::Static);
  CHECK(a(locked, Black, WinMode::Quick).verdict == Winnability::NoWin);
  CHECK(a(locked, White).verdict == Winnability::Win);
  // Rammed pawns with gaps between the facing pawns: no pawn ever passes another on a
  // file (chasolver positions.txt, "--").
  const Position files = position_of("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - -");
  CHECK(a(files, White).proof == WinProof::Static);
  CHECK(a(files, Black).proof == WinProof::Static);
  // The boundary of that rule: here pawns facing on a file can be captured, and both
  // sides can mate ("WB"); the analysis must not say nowin.
  const Position captured = position_of("8/8/7p/1k3p2/3p1P2/1p1P1PpP/1P4P1/K7 b - -");
  CHECK_FALSE(a(captured, White).nowin());
  CHECK(a(captured, Black).verdict == Winnability::Win);
  // Blockers are counted as distinct pieces: Black's bishop on e1 can never cross the
  // wall, so only one bishop can block next to the king and White cannot mate ("--");
  // with both bishops above the wall White can ("W-").
  const Position one = position_of("8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - -");
  CHECK(a(one, White).proof == WinProof::Static);
  const Position two = position_of("7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -");
  CHECK_FALSE(a(two, White).nowin());
  CHECK(a(two, Black).proof == WinProof::Static);
}

TEST_CASE("5.2.2 (E23): a position whose only legal move leads to a dead position is dead",
          "[unwinnable]") {
  Analyzer& a = analyzer();
  // White's only move is Kxd2, leaving K v K.
  const std::string fen = "k7/8/8/8/8/8/3q4/3K4 w - - 0 1";
  CHECK(legal_moves(position_of(fen)).size() == 1);
  CHECK(a.dead(fen) == Deadness::Dead);
  CHECK(a.dead(fen, WinMode::Quick) == Deadness::Dead);
  // With the queen protected it is already checkmate: Black has won.
  CHECK(a.verdict("8/8/8/8/8/4k3/3q4/3K4 w - - 0 1", Black) == Winnability::Win);
}

TEST_CASE("5.2.2: decided by an en passant capture", "[unwinnable]") {
  Analyzer& a = analyzer();
  // chasolver positions.txt (WB): only ...fxg3 e.p. opens the position; without the
  // en passant square the same placement is dead.
  CHECK(a.dead("8/6R1/8/6p1/2N2pP1/PPPP4/QNP2P1N/1Bk1K2R b - g3 0 1") == Deadness::Alive);
  CHECK(a.dead("8/6R1/8/6p1/2N2pP1/PPPP4/QNP2P1N/1Bk1K2R b - - 0 1") == Deadness::Dead);
}

TEST_CASE("6.9: decided by castling", "[unwinnable]") {
  Analyzer& a = analyzer();
  // chasolver positions.txt (W-): White mates only by castling its way out.
  CHECK(a.verdict("k1b5/1pPp4/1P1P3p/1P6/5P1P/5PNR/3NPBBQ/4K2R w K - 0 1", White) ==
        Winnability::Win);
  CHECK(a.verdict("k1b5/1pPp4/1P1P3p/1P6/5P1P/5PNR/3NPBBQ/4K2R w - - 0 1", White) ==
        Winnability::NoWin);
}

TEST_CASE("6.9: already checkmate, and the side that is mated or stalemated", "[unwinnable]") {
  Analyzer& a = analyzer();
  const Position mate = position_of("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
  CHECK(a(mate, White).proof == WinProof::Checkmate);
  CHECK(a(mate, White).length == 0);
  CHECK(a(mate, Black).verdict == Winnability::NoWin);
  const Position stalemate = position_of("7k/8/6QK/8/8/8/8/8 b - - 0 1");
  CHECK(a(stalemate, White).verdict == Winnability::NoWin);
}

TEST_CASE("6.9: budgets are respected and unknown says so", "[unwinnable]") {
  Analyzer& a = analyzer();
  // Dead, but only the closure proves it (about 440,000 nodes): the pawns can still move.
  const Position p = position_of("8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -");
  const WinAnswer& small = a(p, White, WinMode::Full, 1000);
  CHECK(small.verdict == Winnability::Unknown);
  CHECK(small.proof == WinProof::None);
  CHECK(small.nodes <= 1001);
  const WinAnswer& quick = a(p, White, WinMode::Quick);
  CHECK(quick.nodes <= quick_node_budget + 1);
}

TEST_CASE("A helpmate line is certified move by move and its loops are cut", "[unwinnable]") {
  // certify_helpmate(): the replay that every Win answer passes, which also drops the
  // moves between two occurrences of a position.
  auto certify = [](const char* fen, std::vector<const char*> uci, int& length) {
    const Position start = position_of(fen);
    Move line[16];
    Position p = start;
    length = 0;
    for (const char* text : uci) {
      const auto m = parse_uci(p, text);
      REQUIRE(m);
      line[length++] = *m;
      p.play_in_place(*m);
    }
    const bool ok = detail::certify_helpmate(start, White, line, length);
    if (ok) CHECK(replays_to_checkmate(start, White, line, length));
    return ok;
  };
  const char* fen = "7k/8/6K1/8/8/8/1P6/R7 w - - 0 1";
  int length = 0;
  // No loop: the line as it is.
  CHECK(certify(fen, {"a1a8"}, length));
  CHECK(length == 1);
  // The rook's and the king's steps there and back recur the start: cut to the mate.
  CHECK(certify(fen, {"a1b1", "h8g8", "b1a1", "g8h8", "a1a8"}, length));
  CHECK(length == 1);
  // A pawn's step is irreversible, but positions after it can still recur: b2b3 stays,
  // the loop after it goes (back to the position after b2b3, then Kg8 and Ra8#).
  CHECK(certify(fen, {"b2b3", "h8g8", "a1b1", "g8h8", "b1a1", "h8g8", "a1a8"}, length));
  CHECK(length == 3);
  // Not a mate at the end, or an illegal move in the line: not certified.
  CHECK_FALSE(certify(fen, {"a1a7"}, length));
  const Position start = position_of(fen);
  Move illegal[2] = {Move(Square::A1, Square::A8), Move(Square::H8, Square::G7)};
  int two = 2;
  CHECK_FALSE(detail::certify_helpmate(start, White, illegal, two));
}

TEST_CASE("The closure's trusted rebuild of a state equals the validated one", "[unwinnable]") {
  // The closure rebuilds each state it expands without validate() (ClosureStates). Its
  // states are those reached by legal moves from the root: here, the first states of such
  // closures from this file's positions (locked walls, en passant, castling rights, the
  // initial position's double steps), each rebuilt three ways and compared.
  const char* roots[] = {
      "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -",
      "8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - -",
      "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -",
      "8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - -",
      "8/6R1/8/6p1/2N2pP1/PPPP4/QNP2P1N/1Bk1K2R b - g3 0 1",
      "k1b5/1pPp4/1P1P3p/1P6/5P1P/5PNR/3NPBBQ/4K2R w K - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  };
  constexpr std::size_t per_root = 1500;
  std::size_t states = 0, with_en_passant = 0, with_castling = 0;
  for (const char* fen : roots) {
    const Position root = position_of(fen);
    std::vector<Position> queue{root};
    std::vector<detail::PackedState> seen{detail::pack_state(root)};
    for (std::size_t head = 0; head < queue.size() && queue.size() < per_root; ++head)
      for (Move m : legal_moves(queue[head])) {
        const Position next = queue[head].play_unchecked(m);
        const detail::PackedState packed = detail::pack_state(next);
        if (std::find(seen.begin(), seen.end(), packed) != seen.end()) continue;
        seen.push_back(packed);
        queue.push_back(next);
      }
    for (std::size_t i = 0; i < seen.size(); ++i) {
      const detail::PackedState& state = seen[i];
      const Position& original = queue[i];
      INFO(fen << " state " << to_fen(original));
      const auto validated = Position::from_setup(detail::ClosureStates::setup(state, root), true);
      REQUIRE(validated);
      const Position trusted = detail::ClosureStates::rebuild(state, root);
      const Position keyless =
          detail::ClosureStates::rebuild<Position::KeyUpdate::Skip>(state, root);
      CHECK(trusted == *validated);  // everything but the key, counters included
      CHECK(keyless == *validated);
      CHECK(trusted.key() == validated->key());
      CHECK(trusted.key() == original.key());  // the key ignores the counters
      CHECK(trusted.has_legal_en_passant() == original.has_legal_en_passant());
      CHECK(detail::pack_state(trusted) == state);
      const MoveList rebuilt_moves = legal_moves(keyless), original_moves = legal_moves(original);
      CHECK(std::equal(rebuilt_moves.begin(), rebuilt_moves.end(), original_moves.begin(),
                       original_moves.end()));
      with_en_passant += original.en_passant_square() != Square::None;
      with_castling += original.castling_rights().any();
      ++states;
    }
  }
  std::printf(
      "closure rebuilds compared: %zu states (%zu with an en passant square, %zu with "
      "castling rights)\n",
      states, with_en_passant, with_castling);
  CHECK(states > 5000);
  CHECK(with_en_passant > 100);
  CHECK(with_castling > 500);
}

// ---------------------------------------------------------------------------------------
// Property tests on random legal positions with few pieces
// ---------------------------------------------------------------------------------------

TEST_CASE(
    "Random few-piece positions: wins replay, nowins survive a brute force, quick and full agree",
    "[unwinnable]") {
  Analyzer& a = analyzer();
  std::mt19937 rng(20261201);
  const PieceType types[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                             PieceType::Queen};
  int tested = 0, wins = 0, nowins = 0, unknowns = 0;
  while (tested < 150) {
    Setup s;
    auto empty_square = [&](bool pawn) {
      for (;;) {
        const int sq = int(rng() % 64);
        if (s.board[sq] != Piece::None) continue;
        if (pawn && (sq < 8 || sq >= 56)) continue;
        return sq;
      }
    };
    s.board[empty_square(false)] = Piece::WhiteKing;
    s.board[empty_square(false)] = Piece::BlackKing;
    const int extra = 1 + int(rng() % 3);
    for (int i = 0; i < extra; ++i) {
      const PieceType t = types[rng() % 5];
      s.board[empty_square(t == PieceType::Pawn)] = make_piece(Color(rng() % 2), t);
    }
    s.side_to_move = Color(rng() % 2);
    const auto made = Position::from_setup(s);
    if (!made) continue;
    const Position& p = *made;
    ++tested;
    for (Color side : {White, Black}) {
      INFO(to_fen(p) << " side " << int(side));
      const Winnability full = a(p, side, WinMode::Full, 50000).verdict;
      const Winnability quick = a(p, side, WinMode::Quick).verdict;
      CHECK(!(full == Winnability::Win && quick == Winnability::NoWin));
      CHECK(!(full == Winnability::NoWin && quick == Winnability::Win));
      if (full == Winnability::NoWin) CHECK_FALSE(brute_helpmate(p, side, 4));
      wins += full == Winnability::Win;
      nowins += full == Winnability::NoWin;
      unknowns += full == Winnability::Unknown;
    }
  }
  std::printf("random positions: %d questions, %d win, %d nowin, %d unknown\n", 2 * tested, wins,
              nowins, unknowns);
  CHECK(wins > 0);
  CHECK(nowins > 0);
}

// ---------------------------------------------------------------------------------------
// chasolver's test sets
// ---------------------------------------------------------------------------------------

namespace {

struct SetResult {
  long questions = 0, decided = 0, wrong_nowin = 0, wrong_win = 0, skipped = 0;
  double worst_seconds = 0;
};

// Every `stride`-th position of a set (both sides): no NoWin where the label says the
// side can mate, no Win where it says it cannot (the tests replay every line).
SetResult check_set(const std::string& name, std::size_t stride) {
  Analyzer& a = analyzer();
  SetResult r;
  const std::vector<std::string> lines =
      arbiter_test::read_data_lines(arbiter_test::data_path("unwinnable/" + name));
  for (std::size_t i = 0; i < lines.size(); i += stride) {
    const std::string& line = lines[i];
    REQUIRE(line.size() > 3);
    FenOptions options;
    options.lenient = true;
    const auto fen = parse_fen(line.substr(3), options);
    if (!fen) {  // a few community positions have more promoted pieces than missing pawns
      ++r.skipped;
      continue;
    }
    for (Color side : {White, Black}) {
      const bool can = line[index(side)] != '-';
      const auto start = std::chrono::steady_clock::now();
      const WinAnswer& answer = a(fen->position, side);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      r.worst_seconds = std::max(r.worst_seconds, seconds);
      ++r.questions;
      r.decided += !answer.unknown();
      INFO(line << " side " << int(side));
      if (answer.nowin()) CHECK(!can);
      if (answer.win()) CHECK(can);
      r.wrong_nowin += answer.nowin() && can;
      r.wrong_win += answer.win() && !can;
    }
  }
  std::printf(
      "%s (every %zu): %ld questions, %ld decided (%.2f%%), %ld skipped positions, worst %.3f s\n",
      name.c_str(), stride, r.questions, r.decided, 100.0 * double(r.decided) / double(r.questions),
      r.skipped, r.worst_seconds);
  return r;
}

}  // namespace

TEST_CASE("chasolver positions.txt, a sample: sound, lines replay", "[unwinnable][data]") {
  const SetResult r = check_set("positions.txt", 97);
  CHECK(r.wrong_nowin == 0);
  CHECK(r.wrong_win == 0);
}

TEST_CASE("chasolver lichess.txt, a sample: sound, lines replay, at least 99% decided",
          "[unwinnable][data]") {
  const SetResult r = check_set("lichess.txt", 331);
  CHECK(r.wrong_nowin == 0);
  CHECK(r.wrong_win == 0);
  CHECK(double(r.decided) >= 0.99 * double(r.questions));
}

TEST_CASE("chasolver positions.txt and lichess.txt, every position: at least 99% decided",
          "[.deep][unwinnable]") {
  const SetResult p = check_set("positions.txt", 1);
  const SetResult l = check_set("lichess.txt", 1);
  CHECK(p.wrong_nowin + l.wrong_nowin == 0);
  CHECK(p.wrong_win + l.wrong_win == 0);
  std::printf("all questions: %ld, decided %.2f%%\n", p.questions + l.questions,
              100.0 * double(p.decided + l.decided) / double(p.questions + l.questions));
  CHECK(double(p.decided + l.decided) >= 0.99 * double(p.questions + l.questions));
}
