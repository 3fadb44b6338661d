#pragma once
// Can a side checkmate "by any possible series of legal moves"? The question behind
// the dead position (5.2.2; 1997 9.6; 2014 also 9.7), the flag fall (6.9), the 2023
// resignation (5.1.2) and the illegal-move forfeit (7.5.5). Both sides may cooperate:
// the question is whether a helpmate exists.
//
// Three answers, each with the nodes spent:
//   Win      a helpmate exists; `line` holds it, and it has been replayed move by move
//            to a checkmate given by the side asked about before it is returned.
//   NoWin    proved: no series of legal moves ends in that side's checkmate.
//   Unknown  the node budget ran out first.
//
// Three provers, all sound (none needs a heuristic to be right; heuristics only choose
// the order in which the helpmate search looks):
//   1. material lemmas (insufficient_material), each proved in its comment;
//   2. a helpmate search: iterative deepening over a move cost (moves toward the mate
//      cost less, none is skipped), a transposition table, a node budget. It only ever
//      answers Win (with a line) or nothing;
//   3. the reachability closure: every position reachable from this one by legal moves
//      of both sides, stored exactly (no hash keys, so no collision can hide a
//      position), expanded breadth first; positions where the material lemma already
//      says "no mate" are not expanded. If the closure is complete and holds no
//      checkmate by the side asked about, NoWin is proved; if it meets such a mate,
//      the path to it is a helpmate.
//
// The move counters and the history play no part: the Laws ask about "any possible
// series of legal moves" from the position (as CHA does); a game that would end first
// under 9.6 is not considered. NoWin without the counters implies NoWin with them.
//
// Memory: the caller reserves it (Workspace). Analysis never allocates, throws or
// recurses without bound; running out of reserved memory is running out of budget.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "detail/reachability.hpp"
#include "movegen.hpp"
#include "result.hpp"

namespace arbiter {

/// Whether a side can checkmate by some series of legal moves (5.2.2, 6.9): Win (a helpmate
/// exists), NoWin (proved impossible) or Unknown (the node budget ran out first).
enum class Winnability : std::uint8_t { Win, NoWin, Unknown };

/// The answer in words as the tool writes it: "win", "nowin", "unknown".
constexpr const char* to_string(Winnability w) noexcept {
  switch (w) {
    case Winnability::Win:
      return "win";
    case Winnability::NoWin:
      return "nowin";
    case Winnability::Unknown:
      return "unknown";
  }
  return "?";
}

/// How an answer was reached.
enum class WinProof : std::uint8_t {
  None,        ///< Unknown: nothing proved
  Checkmate,   ///< Win: the position is already checkmate by that side (empty line)
  Material,    ///< NoWin: a material lemma (insufficient_material)
  Helpmate,    ///< Win: a helpmate found by the search or the closure
  Exhaustive,  ///< NoWin: every reachable position was examined
  Static,      ///< NoWin: where the pieces can ever go leaves no square to mate on
};

/// The proof in words as the tool writes it: "none", "checkmate", "material", ...
constexpr const char* to_string(WinProof p) noexcept {
  switch (p) {
    case WinProof::None:
      return "none";
    case WinProof::Checkmate:
      return "checkmate";
    case WinProof::Material:
      return "material";
    case WinProof::Helpmate:
      return "helpmate";
    case WinProof::Exhaustive:
      return "exhaustive";
    case WinProof::Static:
      return "static";
  }
  return "?";
}

/// Quick: cheap enough to run after every move (automatic endings). Full: for rulings.
enum class WinMode : std::uint8_t { Quick, Full };

/** @{ */
/// Default node budgets (a node: one position searched or one closure position expanded).
inline constexpr std::uint64_t quick_node_budget = 400;
inline constexpr std::uint64_t full_node_budget = 500'000;
/** @} */

/** @{ */
/// The longest helpmate line an answer can hold (the closure's lines), and the deepest
/// the helpmate search goes.
inline constexpr int max_helpmate_length = 1024;
inline constexpr int max_search_ply = 160;
/** @} */

/// The answer to "can this side checkmate?": the verdict, how it was reached, the nodes
/// spent and, for Win, the helpmate (replayed to the checkmate before it is returned).
struct WinAnswer {
  /// Win, NoWin or Unknown.
  Winnability verdict = Winnability::Unknown;
  /// How the verdict was reached.
  WinProof proof = WinProof::None;
  /// The nodes spent.
  std::uint64_t nodes = 0;
  int length = 0;  ///< moves in `line` (Win only)
  /// The helpmate, from the position to the checkmate (Win only; the first `length` moves).
  Move line[max_helpmate_length];

  /** @{ */
  /// Whether the verdict is Win, NoWin, Unknown.
  bool win() const noexcept { return verdict == Winnability::Win; }
  bool nowin() const noexcept { return verdict == Winnability::NoWin; }
  bool unknown() const noexcept { return verdict == Winnability::Unknown; }
  /** @} */
};

// ---------------------------------------------------------------------------------------
// 1. Material lemmas
// ---------------------------------------------------------------------------------------

namespace detail {

/// Fact F (used by the lemmas): a king that is not adjacent to square k attacks at most
/// one of k's orthogonal neighbours. Two orthogonal neighbours of k are either opposite
/// (k±(1,0) or k±(0,1): a square next to both lies on k's rank or file within one step
/// of k, so it is k or next to k) or perpendicular (say k+(1,0) and k+(0,1): a square next
/// to both lies in the box k+{0,1}x{0,1}, every square of which is k or next to k).
///
/// Fact C: a checked king's orthogonal neighbours have the other colour from its square.
/// A bishop giving check stands on the king's colour and attacks only that colour; a
/// knight giving check stands on the other colour and attacks only squares of the
/// king's colour. So neither a checking bishop nor a checking knight ever attacks an
/// orthogonal neighbour of the king it checks, and neither does any other bishop of the
/// checker's colour on those squares. Every square has at least two orthogonal
/// neighbours on the board (two in a corner, three on an edge, four elsewhere).
///
/// In a checkmate every orthogonal neighbour of the mated king is occupied by one of its
/// own pieces or attacked by the mating side (a king move there would otherwise escape).

/// Whether the material alone proves that `side` can never give checkmate, whatever
/// both sides play. Sound, not complete. Each case, with its proof:
///
///  (a) `side` has only its king. Without pawns it can never gain a piece, and a king
///      never gives check (the kings never stand next to each other).
///  (b) `side` has no pawns and its other pieces are one knight or any bishops all on one
///      colour, and the opponent has only its king. Neither side can ever gain a piece.
///      By C, the checking piece (a knight or a bishop: kings do not check) and the other
///      bishops attack no orthogonal neighbour of the checked king, and the opponent has
///      no piece to stand there; so the mating king would have to attack all of them
///      (at least two), which F forbids.
///  (c) No pawns, knights, rooks or queens on the board, and every bishop (of either
///      side) on squares of one colour. Nothing can ever be promoted. The checker is a
///      bishop on that colour, so the checked king stands on it, and its orthogonal
///      neighbours, of the other colour, can be neither occupied by the opponent's
///      bishops nor attacked by any bishop (C); the mating king alone cannot attack them
///      all (F).
///  (d) `side` has exactly king and one knight, the opponent king and queens (at least one)
///      and no other man. Any capture leads to case (a), (b) or (d) again, and nothing is
///      ever promoted. In a mate the knight checks, from n = k + (a, b) with {|a|, |b|} =
///      {1, 2} (k the mated king); say |b| = 2 (the other case swaps files and ranks). Take
///      k's orthogonal neighbours u = k + (0, b/2) and v = k + (a, 0), and w = k + (a, b/2),
///      all on the board since they lie between k and n. The knight covers neither u nor v
///      (C), the mating king at most one of them (F), so one holds a queen (an empty one
///      would be an escape, and neither king nor the knight can stand there). A queen on u is
///      a diagonal step from n; a queen on v sees n through w, which is empty or holds a
///      queen one orthogonal step from n (neither king can stand on w, next to k, and the
///      knight is on n). So a queen can take the knight, legally: the mating side has no
///      line piece to pin it, and its king is not next to k. No checkmate can arise.
///  (e) `side` has no pawns and its other pieces are bishops all on one colour; the
///      opponent has no pawns and its other pieces are rooks and queens (at least one); and
///      the opponent's king is not in check from two pieces now. Any capture leads to case
///      (a), (b) or (e) again, and nothing is ever promoted. No move of `side` gives double
///      check: a king move uncovers at most one line (one line joins the square it left to
///      the king), and a bishop that leaves x along a diagonal D2 while uncovering a
///      diagonal D1 through x cannot check from its new square (the other diagonal
///      through the king is parallel to D2 and does not pass x, and D1 meets D2 only on x).
///      So in a mate one bishop checks, along a diagonal whose first square from the king
///      k is d = k + (a, b) (|a| = |b| = 1; d is the bishop's square or empty). The
///      orthogonal neighbours u = k + (a, 0) and v = k + (0, b) are on the board; no bishop
///      covers them (C), the mating king at most one (F), so one holds a rook or a queen (an
///      empty one would be an escape; a bishop there would stand on the other colour),
///      one orthogonal step from d: it takes the bishop on d or steps in between. The move
///      is legal: the piece stands orthogonally next to k, on no line a bishop could pin
///      it along, and leaving it uncovers only an orthogonal line. No checkmate can arise.
inline bool insufficient_material(const Position& pos, Color side) noexcept {
  const Bitboard kings = pos.pieces(PieceType::King);
  const Bitboard own = pos.pieces(side) & ~kings;
  const Bitboard theirs = pos.pieces(~side) & ~kings;
  if (!own) return true;  // (a)
  if (own & pos.pieces(PieceType::Pawn)) return false;
  const Bitboard knights = pos.pieces(PieceType::Knight), bishops = pos.pieces(PieceType::Bishop);
  const bool own_one_colour_bishops =
      (own & ~bishops) == 0 && ((own & DarkSquares) == 0 || (own & LightSquares) == 0);
  if (!theirs && ((own == (own & knights) && !more_than_one(own)) || own_one_colour_bishops))
    return true;  // (b)
  const Bitboard all = own | theirs;
  if ((all & ~bishops) == 0 && ((all & DarkSquares) == 0 || (all & LightSquares) == 0))
    return true;  // (c)
  const Bitboard queens = pos.pieces(PieceType::Queen);
  if ((own & knights) == own && !more_than_one(own) && theirs && (theirs & ~queens) == 0)
    return true;  // (d)
  if (own_one_colour_bishops && theirs && (theirs & ~(queens | pos.pieces(PieceType::Rook))) == 0 &&
      !more_than_one(pos.attackers_to(pos.king_square(~side)) & pos.pieces(side)))
    return true;  // (e)
  return false;
}

// Whether `side` has a queen or a rook.
inline bool has_queen_or_rook(const Position& pos, Color side) noexcept {
  return (pos.pieces(side) & pos.pieces(PieceType::Queen, PieceType::Rook)) != 0;
}

constexpr int square_distance(Square a, Square b) noexcept {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  const int f = df < 0 ? -df : df, r = dr < 0 ? -dr : dr;
  return f > r ? f : r;
}

// King-step distances between squares, and the rings they make: within[t][d], the
// squares at a distance below d from t. Built at compile time; the search's move costs
// read them (squares nearer a target than a piece's square).
struct KingRings {
  std::uint8_t distance[64][64];
  Bitboard within[64][9];
};

constexpr KingRings make_king_rings() noexcept {
  KingRings r{};
  for (int t = 0; t < 64; ++t) {
    for (int s = 0; s < 64; ++s) {
      const int d = square_distance(Square(t), Square(s));
      r.distance[t][s] = std::uint8_t(d);
      r.within[t][d + 1] |= square_bb(Square(s));
    }
    for (int d = 1; d <= 8; ++d) r.within[t][d] |= r.within[t][d - 1];
  }
  return r;
}

inline constexpr KingRings king_rings = make_king_rings();

inline int edge_distance(Square s) noexcept {
  const int f = file_of(s) < 4 ? file_of(s) : 7 - file_of(s);
  const int r = rank_of(s) < 4 ? rank_of(s) : 7 - rank_of(s);
  return f < r ? f : r;
}

// ---------------------------------------------------------------------------------------
// Exact position states for the closure: placement, side to move, castling rights and the
// en passant square, packed into 32 bytes and compared in full.
// ---------------------------------------------------------------------------------------

struct PackedState {
  Bitboard occupied;
  std::uint64_t pieces[2];  // 4 bits per occupied square, lowest square first (<= 32)
  std::uint32_t meta;       // side (1) | castling (4) | en passant square (7)
  std::uint32_t unused;

  friend bool operator==(const PackedState& a, const PackedState& b) noexcept {
    return a.occupied == b.occupied && a.pieces[0] == b.pieces[0] && a.pieces[1] == b.pieces[1] &&
           a.meta == b.meta;
  }
  std::uint64_t hash() const noexcept {
    std::uint64_t h = occupied * 0x9E3779B97F4A7C15ULL;
    h ^= (pieces[0] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (pieces[1] + meta) * 0x165667B19E3779F9ULL;
    // A product's low bits depend only on its factor's low bits, and the low bits pick
    // the slot: fold the high half down and multiply again, so that the pieces on the
    // upper ranks (the high bits of `occupied`, the last nibbles) move the slot too.
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
  }
};

inline PackedState pack_state(const Position& pos) noexcept {
  PackedState s{};
  s.occupied = pos.occupied();
  // The first 16 pieces into pieces[0], the others into pieces[1], each word built in a
  // register (the same layout as indexing pieces[n >> 4] with n & 15).
  Bitboard b = s.occupied;
  std::uint64_t word = 0;
  for (int shift = 0; b && shift < 64; shift += 4)
    word |= (std::uint64_t(pos.piece_on(pop_lsb(b))) & 15) << shift;
  s.pieces[0] = word;
  word = 0;
  for (int shift = 0; b; shift += 4)
    word |= (std::uint64_t(pos.piece_on(pop_lsb(b))) & 15) << shift;
  s.pieces[1] = word;
  s.meta = std::uint32_t(index(pos.side_to_move())) |
           std::uint32_t(pos.castling_rights().bits()) << 1 |
           std::uint32_t(index(pos.en_passant_square())) << 5;
  return s;
}

/// The closure's states back to positions (castling rooks and Chess960 from its root).
/// Every state was packed from a legal position (the root, or the result of a legal move
/// from a rebuilt one), so the rebuild trusts it: no validate() (the tests check the
/// trusted rebuild against the validated one on every state of their closures).
struct ClosureStates {
  /// The state as a Setup (counters at their defaults), which validate() accepts.
  static Setup setup(const PackedState& s, const Position& root) noexcept {
    Setup setup;
    int n = 0;
    for (Bitboard b = s.occupied; b; ++n)
      setup.board[index(pop_lsb(b))] = Piece((s.pieces[n >> 4] >> (4 * (n & 15))) & 15);
    setup.side_to_move = Color(s.meta & 1);
    setup.castling = CastlingRights(std::uint8_t((s.meta >> 1) & 15));
    for (Color c : {Color::White, Color::Black})
      for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
        setup.castling_rooks[Setup::right_index(c, side)] = root.castling_rook(c, side);
    setup.en_passant = Square((s.meta >> 5) & 127);
    setup.chess960 = root.is_chess960();
    return setup;
  }
  /// `Skip`: without the key, which the closure never reads (it compares states in full).
  template <Position::KeyUpdate Update = Position::KeyUpdate::Incremental>
  static Position rebuild(const PackedState& s, const Position& root) noexcept {
    return Position::from_legal_setup<Update>(setup(s, root));
  }
};

struct TTEntry {
  std::uint64_t key;
  std::int32_t searched;     // the largest cost bound searched from here without a mate
  std::uint32_t generation;  // the analysis that wrote it (others' entries are empty)
};

// The search's ranks (HelpmateProver::CostedMoves), built at compile time:
// of[after_reward][cost][checks].
struct SearchRanks {
  static constexpr int costs = 5;
  std::uint8_t of[2][costs][2];
};

constexpr SearchRanks make_search_ranks(int reward, int normal) noexcept {
  SearchRanks t{};
  for (int after = 0; after < 2; ++after)
    for (int c = 0; c < SearchRanks::costs; ++c) {
      const int base = c == reward ? 0 : c == normal && after ? 1 : c + 1;
      t.of[after][c][0] = std::uint8_t(2 * base + 1);
      t.of[after][c][1] = std::uint8_t(2 * base);
    }
  return t;
}

struct ClosureNode {
  PackedState state;
  std::uint32_t parent;
  Move move;  // the move from the parent
};

}  // namespace detail

// ---------------------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------------------

/// Where a WinWorkspace's tables come from: the standard allocator unless the caller
/// gives its own, say memory in huge pages, which the system faults in 512 times less
/// often than in pages of 4 KiB (a fault costs microseconds, and a table of 4 MiB takes
/// a thousand of them; the tool's memory_pages.hpp). No system call here: the library
/// stays portable, the platform's memory is the caller's to give.
struct WorkspaceMemory {
  /// `bytes` of memory, reading as zeros if `zeroed`, or nullptr if it cannot be had.
  void* (*allocate)(std::size_t bytes, bool zeroed) noexcept = &standard_allocate;
  /// Gives back the memory `allocate(bytes, ...)` gave.
  void (*release)(void* memory, std::size_t bytes) noexcept = &standard_release;

  /// std::calloc (zeroed) or std::malloc.
  static void* standard_allocate(std::size_t bytes, bool zeroed) noexcept {
    return zeroed ? std::calloc(bytes, 1) : std::malloc(bytes);
  }
  /// std::free.
  static void standard_release(void* memory, std::size_t) noexcept { std::free(memory); }
};

/// The memory an analysis works in, reserved by the caller: a transposition table for
/// the helpmate search and a table of positions for the closure. Its sizes bound what
/// an analysis can do (a full table is a spent budget). Reuse one across analyses.
class WinWorkspace {
 public:
  /// Reserves `tt_entries` (rounded down to a power of two) search entries and room for
  /// `closure_positions` closure positions, from `memory`. Allocates here, never during
  /// analysis; if the memory is not available the tables are empty and answers come
  /// from the lemmas and budget alone.
  WinWorkspace(std::size_t tt_entries, std::size_t closure_positions,
               WorkspaceMemory memory = {}) noexcept
      : memory_(memory) {
    std::size_t tt = 1;
    while (tt * 2 <= tt_entries) tt *= 2;
    std::size_t slots = 1;
    while (slots < 2 * closure_positions) slots *= 2;
    // Zeroed where read before written (the standard allocator's calloc: zeroed pages
    // come from the system untouched, so memory a small analysis never reaches costs
    // nothing); the closure's nodes are written first.
    tt_ = static_cast<detail::TTEntry*>(take(tt * sizeof(detail::TTEntry), true, tt_bytes_));
    nodes_ = static_cast<detail::ClosureNode*>(
        take((closure_positions ? closure_positions : 1) * sizeof(detail::ClosureNode), false,
             nodes_bytes_));
    slots_ = static_cast<std::uint64_t*>(take(slots * sizeof(std::uint64_t), true, slots_bytes_));
    if (tt_) tt_mask_ = tt - 1;
    if (nodes_ && slots_) {
      node_capacity_ = closure_positions;
      slot_mask_ = slots - 1;
    }
  }
  /// The sizes the full mode's default budget needs.
  static WinWorkspace for_full(WorkspaceMemory memory = {}) noexcept {
    return WinWorkspace(1u << 18, 1u << 19, memory);
  }
  /// The sizes the quick mode's default budget needs.
  static WinWorkspace for_quick(WorkspaceMemory memory = {}) noexcept {
    return WinWorkspace(1u << 10, 1u << 10, memory);
  }

  WinWorkspace(const WinWorkspace&) = delete;
  WinWorkspace& operator=(const WinWorkspace&) = delete;
  /** @{ */
  /// Moves take the other workspace's tables without allocating (the two swap).
  WinWorkspace(WinWorkspace&& o) noexcept { swap(o); }
  WinWorkspace& operator=(WinWorkspace&& o) noexcept {
    swap(o);
    return *this;
  }
  /** @} */
  ~WinWorkspace() {
    if (tt_) memory_.release(tt_, tt_bytes_);
    if (nodes_) memory_.release(nodes_, nodes_bytes_);
    if (slots_) memory_.release(slots_, slots_bytes_);
  }

 private:
  // `bytes` from memory_, their size kept in `kept` for the release (0 if none).
  void* take(std::size_t bytes, bool zeroed, std::size_t& kept) noexcept {
    void* p = memory_.allocate(bytes, zeroed);
    kept = p ? bytes : 0;
    return p;
  }
  void swap(WinWorkspace& o) noexcept {
    std::swap(memory_, o.memory_);
    std::swap(tt_bytes_, o.tt_bytes_);
    std::swap(nodes_bytes_, o.nodes_bytes_);
    std::swap(slots_bytes_, o.slots_bytes_);
    std::swap(tt_, o.tt_);
    std::swap(tt_mask_, o.tt_mask_);
    std::swap(nodes_, o.nodes_);
    std::swap(node_capacity_, o.node_capacity_);
    std::swap(slots_, o.slots_);
    std::swap(slot_mask_, o.slot_mask_);
    std::swap(tt_generation_, o.tt_generation_);
    std::swap(closure_generation_, o.closure_generation_);
  }
  friend class HelpmateProver;

  WorkspaceMemory memory_;
  std::size_t tt_bytes_ = 0, nodes_bytes_ = 0, slots_bytes_ = 0;  // what memory_ gave
  detail::TTEntry* tt_ = nullptr;
  std::size_t tt_mask_ = 0;
  detail::ClosureNode* nodes_ = nullptr;
  std::size_t node_capacity_ = 0;
  std::uint64_t* slots_ = nullptr;  // closure generation << 32 | index into nodes_
  std::size_t slot_mask_ = 0;
  // Tables are cleared by moving to a new generation, not by writing them.
  std::uint32_t tt_generation_ = 0;
  std::uint32_t closure_generation_ = 0;
};

// ---------------------------------------------------------------------------------------
// 2 and 3. The helpmate search and the closure
// ---------------------------------------------------------------------------------------

/// The helpmate search and the reachability closure (provers 2 and 3 of the file comment)
/// for one side, over a caller's WinWorkspace, within a node budget shared by both.
class HelpmateProver {
 public:
  /// A prover of checkmates by `winner`, spending at most `budget` nodes of `ws`.
  HelpmateProver(WinWorkspace& ws, Color winner, std::uint64_t budget) noexcept
      : ws_(ws), winner_(winner), budget_(budget) {
    new_generation();
  }

  /// The nodes spent so far.
  std::uint64_t nodes() const noexcept { return nodes_; }
  /// The node budget it was given.
  std::uint64_t budget() const noexcept { return budget_; }

  /// Looks for a helpmate whose cost is at most `bound` for each bound up to
  /// `max_bound`, spending at most `node_limit` nodes. True: `out` holds the line.
  /// `attempt` picks the mating corner the costs aim at (see choose_corner). `max_plies`
  /// caps the line's length: a short cap finds a short helpmate that the free moves would
  /// otherwise bury under lines of many plies (only a line found proves anything).
  bool search(const Position& root, int attempt, std::uint64_t node_limit, WinAnswer& out,
              int max_plies = max_search_ply) noexcept {
    ply_cap_ = max_plies < max_search_ply ? max_plies : max_search_ply;
    const std::uint64_t stop = nodes_ + node_limit;
    limit_ = stop < budget_ ? stop : budget_;
    if (attempt != attempt_) {  // other costs: the table's bounds no longer apply
      attempt_ = attempt;
      new_generation();
    }
    choose_corner(root, attempt);
    const Bitboard kings = root.pieces(PieceType::King);
    // No queen or rook: the mate comes from minor pieces, pawns or their promotions.
    winner_without_major_ = (root.pieces(winner_) & ~kings & ~root.pieces(PieceType::Knight) &
                             ~root.pieces(PieceType::Bishop) & ~root.pieces(PieceType::Pawn)) == 0;
    loser_pawns_only_ = (root.pieces(~winner_) & ~kings & ~root.pieces(PieceType::Pawn)) == 0;
    const int max_bound = max_search_ply;
    for (int bound = 0; bound <= max_bound && nodes_ < limit_; ++bound) {
      // Each bound gets a share that grows with it, so that one deep bound cannot eat
      // the budget before the next bound's different lines are tried.
      const std::uint64_t share = nodes_ + iteration_share * std::uint64_t(bound + 1);
      iteration_limit_ = share < limit_ ? share : limit_;
      aborted_ = false;
      capped_ = false;
      if (dfs(root, 0, bound, false)) {
        for (int i = 0; i < found_length_; ++i) out.line[i] = line_[i];
        out.length = found_length_;
        return true;
      }
    }
    return false;
  }

  /// What closure() found (see there).
  enum class ClosureResult : std::uint8_t { Mate, NoMate, Incomplete };

  /// Expands every position reachable from `root` (at most `node_limit` of them).
  /// Mate: `out` holds a helpmate; NoMate: no position reachable is a checkmate by the
  /// winner (proof: every reachable position was generated and tested, positions where
  /// insufficient_material holds for the winner cannot lead to one and are not
  /// expanded); Incomplete: the limit or the table ran out. A later call (the same
  /// `root`: one prover answers one question) goes on where the last one stopped: the
  /// same breadth-first expansion, paused, so the full mode's turns of the search and
  /// the closure do not build the same table again each turn.
  ClosureResult closure(const Position& root, std::uint64_t node_limit, WinAnswer& out) noexcept {
    const std::size_t cap = ws_.node_capacity_;
    if (cap == 0) return ClosureResult::Incomplete;
    std::size_t& count = closure_count_;
    std::size_t& head = closure_head_;
    if (!closure_started_) {
      closure_started_ = true;
      if (++ws_.closure_generation_ == 0) {
        std::memset(ws_.slots_, 0, (ws_.slot_mask_ + 1) * sizeof(std::uint64_t));
        ws_.closure_generation_ = 1;
      }
      count = head = 0;
      if (!insert(detail::pack_state(root), 0, Move::none(), count))
        return ClosureResult::Incomplete;
    }
    const std::uint64_t stop = nodes_ + node_limit < budget_ ? nodes_ + node_limit : budget_;
    MoveList moves;
    // With a queen or rook of the loser the closure all but never ends (NoMate), and the
    // search finds the helpmates: once the positions found and not expanded outnumber the
    // nodes left, NoMate is out of reach and the rest would be spent on a chance of a mate.
    const bool gives_up = detail::has_queen_or_rook(root, ~winner_);
    while (head < count) {
      if (nodes_ >= stop) return ClosureResult::Incomplete;
      if (gives_up && count - head > stop - nodes_) return ClosureResult::Incomplete;
      ++nodes_;
      // The closure never reads a key (its states are compared in full): none is made.
      const Position pos = head == 0 ? root
                                     : detail::ClosureStates::rebuild<Position::KeyUpdate::Skip>(
                                           ws_.nodes_[head].state, root);
      moves.clear();
      generate_legal_moves(pos, moves);
      for (Move m : moves) {
        Position next = pos;
        next.play_in_place<Position::KeyUpdate::Skip, Position::Counters::Skip>(m);
        if (detail::insufficient_material(next, winner_)) continue;
        const bool mover_is_winner = pos.side_to_move() == winner_;
        if (mover_is_winner && next.in_check() && !any_legal_move(next)) {
          // A checkmate by the winner: the path to `head`, then `m`.
          int length = 0;
          for (std::size_t i = head; i != 0; i = ws_.nodes_[i].parent) ++length;
          if (length + 1 > max_helpmate_length) return ClosureResult::Incomplete;
          out.length = length + 1;
          out.line[length] = m;
          for (std::size_t i = head; i != 0; i = ws_.nodes_[i].parent)
            out.line[--length] = ws_.nodes_[i].move;
          return ClosureResult::Mate;
        }
        if (count >= cap) return ClosureResult::Incomplete;
        if (!insert(detail::pack_state(next), std::uint32_t(head), m, count))
          return ClosureResult::Incomplete;
      }
      ++head;
    }
    return ClosureResult::NoMate;
  }

 private:
  // Inserts a state unless present. False only when the table is full.
  bool insert(const detail::PackedState& s, std::uint32_t parent, Move m,
              std::size_t& count) noexcept {
    const std::uint64_t generation = std::uint64_t(ws_.closure_generation_) << 32;
    std::size_t i = std::size_t(s.hash()) & ws_.slot_mask_;
    for (std::size_t probes = 0; probes <= ws_.slot_mask_; ++probes, i = (i + 1) & ws_.slot_mask_) {
      const std::uint64_t slot = ws_.slots_[i];
      if ((slot & ~0xFFFFFFFFull) != generation) {
        if (count >= ws_.node_capacity_) return false;
        ws_.slots_[i] = generation | std::uint32_t(count);
        ws_.nodes_[count] = {s, parent, m};
        ++count;
        return true;
      }
      if (ws_.nodes_[std::uint32_t(slot)].state == s) return true;
    }
    return false;
  }

  // The cost of a move, in the spirit of CHA's rewarded and penalised moves: a move
  // toward the mate costs nothing, an ordinary move 1 (nothing right after a move toward
  // the mate), a move that usually spoils the mate 4. Toward the mate: the winner
  // advances a pawn (an underpromotion is ordinary), captures, or brings its king or a
  // knight nearer the mating corner; the loser's king heads for that corner, its knights
  // and bishops (against minor pieces and pawns alone, its rooks and queens too) for the square
  // beside it, where one of them blocks the king in; against minor pieces and pawns alone the
  // loser's pawns advance to become such blockers. Spoiling: otherwise, the loser captures or
  // advances a pawn, except that a loser with pawns alone pushes them at the ordinary cost (its
  // pawns' advance is its only tempo and often what opens the way for the winner's king). Every
  // move stays in the search; costs only order it. Rewards cannot cycle: each one lowers a quantity
  // that no free move raises (the distance of a piece to a fixed square, the material, the pawns'
  // advance).
  static constexpr int reward = 0, normal = 1, punish = 4;

  void new_generation() noexcept {
    if (++ws_.tt_generation_ == 0) {  // wrapped: clear for real once in 2^32 uses
      for (std::size_t i = 0; ws_.tt_ && i <= ws_.tt_mask_; ++i) ws_.tt_[i] = {};
      ws_.tt_generation_ = 1;
    }
  }

  int cost(const Position& pos, Move m) const noexcept {
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const PieceType type = type_of(pos.piece_on(from));
    const bool capture = !m.is_castling() && (pos.piece_on(to) != Piece::None || m.is_en_passant());
    auto nearer = [&](int target) {
      return !m.is_castling() && distance_[target][index(to)] < distance_[target][index(from)];
    };
    const bool promotion = m.is_promotion();
    const bool minor_promotion = promotion && (m.promotion_type() == PieceType::Knight ||
                                               m.promotion_type() == PieceType::Bishop);
    if (us == winner_) {
      if (promotion && m.promotion_type() != PieceType::Queen) return normal;
      if (type == PieceType::Pawn || capture) return reward;
      if (type == PieceType::King && nearer(to_winner_king)) return reward;
      if (type == PieceType::Knight && nearer(to_winner_knight)) return reward;
      return normal;
    }
    if (type == PieceType::King && nearer(to_corner)) return reward;
    const bool blocker =
        type == PieceType::Knight || type == PieceType::Bishop ||
        (winner_without_major_ && (type == PieceType::Rook || type == PieceType::Queen));
    if (blocker && nearer(to_loser_blocker)) return reward;
    // Against minor pieces and pawns alone the loser's pawns are the blockers to be: pushing them
    // and promoting to a knight or bishop leads to the mate, a queen or rook less so.
    if (winner_without_major_ && type == PieceType::Pawn && !capture)
      return promotion && !minor_promotion ? normal : reward;
    // A loser with pawns alone has no other tempo moves than its king's and its pawns':
    // the pawns' advance is often what opens the way (an ordinary move).
    if (type == PieceType::Pawn && !capture && loser_pawns_only_) return normal;
    if (capture || type == PieceType::Pawn) return punish;
    return normal;
  }

  // The mating corner. Attempt 0: of the colour of the winner's bishops if it has
  // bishops of one colour only, else of the loser's bishops' other colour (a loser's
  // bishop blocks there), else the corner nearest the losing king. Attempt 1: the
  // corner nearest the losing king (its own pieces may block there); then the others.
  void choose_corner(const Position& root, int attempt) noexcept {
    const Bitboard own = root.pieces(winner_, PieceType::Bishop),
                   theirs = root.pieces(~winner_, PieceType::Bishop);
    // Light: the winner's bishops are all light, or (it has none) the loser's all dark;
    // dark the other way round.
    const bool light = own ? !(own & DarkSquares) : theirs && !(theirs & LightSquares);
    const bool dark = own ? !(own & LightSquares) : theirs && !(theirs & DarkSquares);
    const Bitboard wanted = light ? LightSquares : dark ? DarkSquares : ~Bitboard(0);
    const Square king = root.king_square(~winner_);
    // Corners by preference: wanted colour first, then nearer the losing king.
    Square corners[4] = {Square::A1, Square::H1, Square::A8, Square::H8};
    auto rank = [&](Square c) {
      return (contains(wanted, c) ? 0 : 16) + detail::square_distance(c, king);
    };
    for (int i = 1; i < 4; ++i)
      for (int j = i; j > 0 && rank(corners[j]) < rank(corners[j - 1]); --j)
        std::swap(corners[j], corners[j - 1]);
    if (attempt == 0)
      corner_ = corners[0];
    else {
      Square nearest = corners[0];
      for (Square c : corners)
        if (detail::square_distance(c, king) < detail::square_distance(nearest, king)) nearest = c;
      Square rest[4];
      int n = 0;
      if (nearest != corners[0]) rest[n++] = nearest;
      for (Square c : corners)
        if (c != corners[0] && c != nearest) rest[n++] = c;
      corner_ = rest[(attempt - 1) % n];
    }
    // From the corner inward: the winner's king aims next to it, the knights two
    // steps out, the loser's knights and bishops beside it.
    const int f = file_of(corner_), r = rank_of(corner_);
    const int df = f == 0 ? 1 : -1, dr = r == 0 ? 1 : -1;
    winner_king_target_ = make_square(f + df, r + dr);
    winner_knight_target_ = make_square(f + 3 * df, r + 3 * dr);
    loser_blocker_target_ = make_square(f + df, r);
    // The distances to them, looked up by cost() for every move searched.
    const Square targets[4] = {corner_, winner_king_target_, winner_knight_target_,
                               loser_blocker_target_};
    for (int t = 0; t < 4; ++t) {
      distance_[t] = detail::king_rings.distance[index(targets[t])];
      within_[t] = detail::king_rings.within[index(targets[t])];
    }
  }

  // The squares nearer target `t` than `from`.
  Bitboard nearer_than(int t, Square from) const noexcept {
    return within_[t][distance_[t][index(from)]];
  }

  // Lists a node's moves with their costs (those of cost()), the king's steps unchecked
  // (the search tests one when it tries it). Each move has the rank in which the search
  // tries it (see dfs()): 2 * (0 rewarded, 1 ordinary right after a rewarded move, else 1 +
  // its cost), plus 1 unless it is a move of the winner that gives check directly (the
  // square its piece lands on attacks the losing king; discovered checks are not looked
  // for). A piece's moves and a pawn set's are kept as destination sets by cost (`Span`),
  // with the squares that check: the search takes a rank's moves from them when it gets
  // there, and most moves are never tried (lichess.txt, every 16th position: the winner's
  // nodes list 11.7 moves on average and try 2.4, the loser's 4.9 and 0.84; a node on the
  // line to the mate tries one). Castling, en passant, the promotions and a pinned pawn's
  // moves are listed one at a time, priced by cost(). The spans come first in generation
  // order and then the single moves, as the generator makes them (king, knights, sliders,
  // pawn sets, then the others), so a rank's moves are tried in generation order, each
  // span's in square order, as when every move was listed.
  static constexpr int ranks_count = 2 * (punish + 2);
  static_assert(ranks_count <= 32, "CostedMoves::present() holds one bit per rank");
  static_assert(punish + 1 == detail::SearchRanks::costs);
  static constexpr detail::SearchRanks rank_tables = detail::make_search_ranks(reward, normal);
  // The destination sets of one piece (delta 0) or one pawn set (its moves come from the
  // square `delta` behind their destination), by cost: rewarded, ordinary, punished.
  struct Span {
    Bitboard by_cost[3];
    Bitboard checks;  // the destinations that give check
    Square from;
    std::int8_t delta;
    Move move(Square to) const noexcept {
      return delta ? Move(Square(index(to) - delta), to) : Move(from, to);
    }
  };
  // by_cost's index for a rank's moves, and whether they give check.
  static constexpr int span_cost(int rank) noexcept {
    return rank / 2 == 0 ? 0 : rank / 2 <= 2 ? 1 : 2;
  }
  struct CostedMoves : detail::PawnSetsOneByOne<CostedMoves> {
    static constexpr bool stop_early = false;
    static constexpr bool king_unchecked = true;
    CostedMoves(const HelpmateProver& p, const Position& at, bool after_reward, int left) noexcept
        : rank_of(rank_tables.of[after_reward ? 1 : 0]),
          prover(p),
          pos(at),
          normal_ok(after_reward || left >= normal),
          punish_ok(left >= punish) {
      if (at.side_to_move() == p.winner_) {  // where each of the winner's men would give check
        const Square k = at.king_square(~p.winner_);
        const Bitboard occ = at.occupied();
        checks[index(PieceType::Pawn)] = pawn_attacks(~p.winner_, k);
        checks[index(PieceType::Knight)] = knight_attacks(k);
        checks[index(PieceType::Bishop)] = bishop_attacks(k, occ);
        checks[index(PieceType::Rook)] = rook_attacks(k, occ);
        checks[index(PieceType::Queen)] =
            checks[index(PieceType::Bishop)] | checks[index(PieceType::Rook)];
      }
    }
    Bitboard checks[6] = {};  // by piece type: the squares it would check from (not the king)
    const std::uint8_t (*rank_of)[2];  // by cost and whether the move checks (rank_tables)
    const HelpmateProver& prover;
    const Position& pos;
    // Which costs the node can pay (dfs() tries a move only if its rank's price is at most
    // `left`: a rewarded move is free, an ordinary one costs 1, or nothing right after a
    // rewarded move, a punished one 4). The moves it cannot pay are not listed: dfs() would
    // skip them all the same (its ranks are in order of price, and it stops at the first
    // it cannot pay), so the moves tried, their order and the search are unchanged.
    const bool normal_ok, punish_ok;
    bool affordable(int c) const noexcept {
      return c == reward || (c == normal ? normal_ok : punish_ok);
    }
    // A side has at most 16 men (validate()): a span for each piece, four pawn sets.
    static constexpr int span_capacity = 20;
    // The single moves: at most 8 pawns with 12 promotions each, or fewer moves when
    // pinned, two en passant captures and two castlings.
    static constexpr int single_capacity = 104;
    int spans = 0, singles = 0;
    // The union of the spans' sets, by cost and check (1) or not (0), for `present`.
    Bitboard any[3][2] = {};
    unsigned singles_present = 0;  // bit r: some single move has rank r
    Span span[span_capacity];      // uninitialised: only the first `spans` are read
    Move moves[single_capacity];   // uninitialised: only the first `singles` are read
    std::uint8_t ranks[single_capacity];

    // Bit r: some move has rank r.
    unsigned present() const noexcept {
      unsigned p = singles_present;
      const int costs[3] = {reward, normal, punish};
      for (int c = 0; c < 3; ++c)
        for (int check = 0; check < 2; ++check)
          if (any[c][check]) p |= 1u << rank_of[costs[c]][check];
      return p;
    }
    void add_span(Square from, int delta, Bitboard rewarded, Bitboard ordinary, Bitboard punished,
                  Bitboard check) noexcept {
      if (!(rewarded | ordinary | punished)) return;  // nothing this node can pay for
      ARBITER_ASSERT(spans < span_capacity);
      span[spans++] = {{rewarded, ordinary, punished}, check, from, std::int8_t(delta)};
      any[0][1] |= rewarded & check;
      any[0][0] |= rewarded & ~check;
      any[1][1] |= ordinary & check;
      any[1][0] |= ordinary & ~check;
      any[2][1] |= punished & check;
      any[2][0] |= punished & ~check;
    }
    void move(Move m) noexcept {
      const PieceType t = m.is_promotion() ? m.promotion_type() : type_of(pos.piece_on(m.from()));
      const int c = prover.cost(pos, m);
      if (!affordable(c)) return;
      ARBITER_ASSERT(singles < single_capacity);
      const int r = rank_of[c][!m.is_castling() && contains(checks[index(t)], m.to())];
      moves[singles] = m;
      ranks[singles] = std::uint8_t(r);
      singles_present |= 1u << r;
      ++singles;
    }
    ARBITER_FORCE_INLINE void piece_moves(Square from, Bitboard to) noexcept {
      if (!to) return;
      const PieceType type = type_of(pos.piece_on(from));
      const Bitboard captures = to & pos.pieces(~pos.side_to_move());
      Bitboard rewarded = 0, punished = 0;
      if (pos.side_to_move() == prover.winner_) {
        rewarded = captures;
        if (type == PieceType::King) rewarded |= prover.nearer_than(to_winner_king, from);
        if (type == PieceType::Knight) rewarded |= prover.nearer_than(to_winner_knight, from);
      } else {
        punished = captures;
        if (type == PieceType::King) rewarded = prover.nearer_than(to_corner, from);
        if (type == PieceType::Knight || type == PieceType::Bishop ||
            (prover.winner_without_major_ && (type == PieceType::Rook || type == PieceType::Queen)))
          rewarded = prover.nearer_than(to_loser_blocker, from);
      }
      rewarded &= to;
      punished &= to & ~rewarded;
      const Bitboard ordinary = normal_ok ? to & ~rewarded & ~punished : 0;
      add_span(from, 0, rewarded, ordinary, punish_ok ? punished : 0, checks[index(type)] & to);
    }
    void pawn_moves(Bitboard to, int delta) noexcept {
      if (!to) return;
      const bool capture = delta % 8 != 0;
      const int c = pos.side_to_move() == prover.winner_ ? reward
                    : capture                            ? punish
                    : prover.winner_without_major_       ? reward
                    : prover.loser_pawns_only_           ? normal
                                                         : punish;
      if (!affordable(c)) return;
      add_span(Square::A1, delta, c == reward ? to : 0, c == normal ? to : 0, c == punish ? to : 0,
               checks[index(PieceType::Pawn)] & to);
    }
    void promotions(Bitboard to, int delta) noexcept {
      while (to) {
        const Square t = pop_lsb(to);
        for (PieceType p : detail::promotion_types)
          move(Move::promotion(Square(index(t) - delta), t, p));
      }
    }
  };

  // Whether the loser, to move, may have a rewarded move when the winner has more than
  // minor pieces: a superset of them, ignoring checks and pins. Its rewarded moves are then
  // its king's steps nearer the corner and its knights' and bishops' moves nearer the
  // blocker's square, captures or not (piece_moves()); its pawns', rooks' and queens'
  // moves and castling are ordinary or punished (cost()).
  bool loser_may_be_rewarded(const Position& pos) const noexcept {
    const Color us = pos.side_to_move();
    const Bitboard free = ~pos.pieces(us), occ = pos.occupied();
    const Square k = pos.king_square(us);
    if (king_attacks(k) & free & nearer_than(to_corner, k)) return true;
    for (Bitboard b = pos.pieces(us, PieceType::Knight); b;) {
      const Square s = pop_lsb(b);
      if (knight_attacks(s) & free & nearer_than(to_loser_blocker, s)) return true;
    }
    for (Bitboard b = pos.pieces(us, PieceType::Bishop); b;) {
      const Square s = pop_lsb(b);
      if (bishop_attacks(s, occ) & free & nearer_than(to_loser_blocker, s)) return true;
    }
    return false;
  }

  // The position after `m`, its key kept (the table's), its counters not (never read).
  static Position child(const Position& pos, Move m) noexcept {
    Position next = pos;
    next.play_in_place<Position::KeyUpdate::Incremental, Position::Counters::Skip>(m);
    return next;
  }

  // Whether the king's step from `king` to `t` (a square the generator handed over
  // unchecked: no enemy pawn, knight or king attacks it) is attacked by an enemy slider
  // once the king has left `king`: what the generator would have tested, and with its
  // filter what leaves_king_safe() tests (a slider taken on `t` attacks nothing from it).
  static bool king_step_attacked(const Position& pos, Square king, Square t) noexcept {
    const Bitboard enemy = pos.pieces(~pos.side_to_move());
    const Bitboard occ = pos.occupied() ^ square_bb(king);
    const Bitboard diagonal = pos.pieces(PieceType::Bishop, PieceType::Queen) & enemy;
    const Bitboard straight = pos.pieces(PieceType::Rook, PieceType::Queen) & enemy;
    return (diagonal && (bishop_attacks(t, occ) & diagonal)) ||
           (straight && (rook_attacks(t, occ) & straight));
  }

  bool dfs(const Position& pos, int ply, int left, bool after_reward) noexcept {
    if (nodes_ >= iteration_limit_) {
      aborted_ = true;
      return false;
    }
    ++nodes_;
    // A checkmate by the winner: the loser to move, in check, without a legal move. A
    // node without a legal move of another kind (stalemate, the winner mated) needs no
    // test: it has no move to try below.
    if (pos.side_to_move() != winner_ && pos.in_check() && !any_legal_move(pos)) {
      found_length_ = ply;
      return true;
    }
    if (left < 0) return false;
    if (ply + 1 >= ply_cap_) {
      capped_ = capped_ || ply_cap_ < max_search_ply;  // cut short: not all lines were searched
      return false;
    }
    // A winner with a pawn is never short of material (the lemmas' first test), and most
    // nodes have one: the call is made for the others.
    if (!pos.pieces(winner_, PieceType::Pawn) && detail::insufficient_material(pos, winner_))
      return false;
    const std::uint64_t key = pos.key().value() ^ (after_reward ? 0x5bd1e9955bd1e995ULL : 0);
    detail::TTEntry* entry = ws_.tt_ ? &ws_.tt_[std::size_t(key) & ws_.tt_mask_] : nullptr;
    const std::uint32_t generation = ws_.tt_generation_;
    if (entry && entry->generation == generation && entry->key == key && entry->searched >= left)
      return false;
    // A loser's node that can pay for rewarded moves alone, none of which exists even
    // ignoring checks and pins: it would list no move, so it does what a node without a
    // move does (records the bound; capped_ is left as it was) without listing them.
    if (!after_reward && left < normal && pos.side_to_move() != winner_ && !winner_without_major_ &&
        !loser_may_be_rewarded(pos)) {
      if (entry) *entry = {key, left, generation};
      return false;
    }
    // The legal moves but the king's steps, which are tested only when tried (most
    // nodes try one or two of their moves).
    CostedMoves list{*this, pos, after_reward, left};
    detail::generate_legal(pos, list);
    const Square king = pos.king_square(pos.side_to_move());
    const bool capped_before = capped_;
    capped_ = false;
    // By rank: rewarded moves first, then the ordinary moves that are free right after a
    // rewarded one, then the others by cost; within each, the winner's checks first, then
    // generation order. (Rewards first keeps the free moves from wandering, checks first
    // finds a mate at hand: the lines found are shorter, and so is the search.)
    for (unsigned present = list.present(); present; present &= present - 1) {
      const int r = index(lsb(Bitboard(present)));
      const int c = r / 2 <= 1 ? 0 : r / 2 - 1;  // what the moves of this rank pay
      if (c > left) break;
      const int k = span_cost(r);
      const bool check = (r & 1) == 0;
      for (int s = 0; s < list.spans; ++s) {
        const Span& span = list.span[s];
        for (Bitboard to = span.by_cost[k] & (check ? span.checks : ~span.checks); to;) {
          const Square t = pop_lsb(to);
          const Move m = span.move(t);
          if (m.from() == king && king_step_attacked(pos, king, t))
            continue;  // a king step into check: not a legal move
          line_[ply] = m;
          if (dfs(child(pos, m), ply + 1, left - c, r / 2 == 0)) return true;
          if (aborted_) return false;
        }
      }
      for (int i = 0; i < list.singles; ++i) {
        if (list.ranks[i] != r) continue;
        const Move m = list.moves[i];
        line_[ply] = m;
        if (dfs(child(pos, m), ply + 1, left - c, r / 2 == 0)) return true;
        if (aborted_) return false;
      }
    }
    // Always replace: the newest is the likeliest hit. A subtree cut by the ply cap was
    // not searched whole within `left`, so it is not recorded.
    if (entry && !capped_) *entry = {key, left, generation};
    capped_ = capped_ || capped_before;
    return false;
  }

  WinWorkspace& ws_;
  Color winner_;
  std::uint64_t budget_;
  std::uint64_t nodes_ = 0;
  // The closure's expansion so far (closure()): started, positions stored, expanded.
  bool closure_started_ = false;
  std::size_t closure_count_ = 0, closure_head_ = 0;
  std::uint64_t limit_ = 0;
  std::uint64_t iteration_limit_ = 0;
  int attempt_ = 0;
  static constexpr std::uint64_t iteration_share = 7000;
  bool aborted_ = false;
  bool capped_ = false;  // some node below was cut by ply_cap_ (see dfs())
  int ply_cap_ = max_search_ply;
  bool winner_without_major_ = false;  // the winner has no queen or rook (at the root)
  bool loser_pawns_only_ = false;      // the loser has pawns alone besides its king
  Square corner_ = Square::H8, winner_king_target_ = Square::G7, winner_knight_target_ = Square::E5,
         loser_blocker_target_ = Square::G8;
  // distance_[t][s]: the king-step distance from s to target t (the four below).
  enum : int { to_corner, to_winner_king, to_winner_knight, to_loser_blocker };
  const std::uint8_t* distance_[4] = {};
  // within_[t][d]: the squares at a distance below d from target t.
  const Bitboard* within_[4] = {};
  int found_length_ = 0;
  Move line_[max_search_ply];
};

// ---------------------------------------------------------------------------------------
// The analysis
// ---------------------------------------------------------------------------------------

/// Whether `line` is a series of legal moves from `pos` that ends in checkmate given
/// by `winner` (the empty line: `pos` is already that checkmate).
inline bool replays_to_checkmate(const Position& pos, Color winner, const Move* line,
                                 int length) noexcept {
  Position p = pos;
  for (int i = 0; i < length; ++i) {
    if (!is_legal(p, line[i])) return false;
    p.play_in_place<Position::KeyUpdate::Incremental, Position::Counters::Skip>(line[i]);
  }
  return p.side_to_move() == ~winner && p.in_check() && !any_legal_move(p);
}

namespace detail {

// Certifies a helpmate line and cuts the loops out of it, in one replay: every move is
// tested with is_legal() before it is played, and when a position recurs (by its FIDE
// key, which tells positions apart as 9.2.2 does: placement, side to move, castling
// rights, a legal en passant capture) the moves between are dropped. True: the line left
// in `line` replays legally to a checkmate given by `winner`. Without a cut that is what
// the replay itself showed (the line kept is the line played, and its last position is
// tested for the mate). After a cut the shorter line is legal move for move if equal
// keys mean equal positions (the same legal moves and the same positions after them);
// so as not to rest on the 64-bit keys never colliding, it is replayed again
// (replays_to_checkmate). Lines longer than the window are only replayed.
inline bool certify_helpmate(const Position& start, Color winner, Move* line,
                             int& length) noexcept {
  constexpr int window = 192;
  if (length > window) return replays_to_checkmate(start, winner, line, length);
  // seen[k]: the key after the first k moves kept. Only positions since the last
  // irreversible move can recur (a pawn never steps back, a captured man never returns,
  // a castling right lost is never regained), and only with the same side to move, so
  // only those are compared: j from `since` on, of the parity of the position now.
  std::uint64_t seen[window + 1];
  Position p = start;
  seen[0] = p.key().value();
  int kept = 0, since = 0;
  bool cut = false;
  for (int i = 0; i < length; ++i) {
    const Move m = line[i];
    if (!is_legal(p, m)) return false;
    const CastlingRights rights = p.castling_rights();
    const bool irreversible = type_of(p.piece_on(m.from())) == PieceType::Pawn ||
                              (!m.is_castling() && p.piece_on(m.to()) != Piece::None);
    p.play_in_place<Position::KeyUpdate::Incremental, Position::Counters::Skip>(m);
    const std::uint64_t now = p.key().value();
    line[kept++] = m;
    if (irreversible || !(p.castling_rights() == rights)) {
      since = kept;
    } else {
      for (int j = since + ((kept - since) & 1); j < kept; j += 2)
        if (seen[j] == now) {
          kept = j;
          cut = true;
          break;
        }
    }
    seen[kept] = now;
  }
  length = kept;
  if (cut) return replays_to_checkmate(start, winner, line, length);
  return p.side_to_move() == ~winner && p.in_check() && !any_legal_move(p);
}

// The full mode's pass for short helpmates (see analyze_win): lines of at most this many
// plies, within this many nodes.
inline constexpr int short_line_plies = 7;
inline constexpr std::uint64_t short_line_nodes = 400;

// No queen or rook, and no pawn can push: every pawn has a pawn in front of it, an enemy
// pawn (rammed) or, where `behind_own`, one of its own (doubled behind a rammed one).
inline bool pawns_blocked(const Position& pos, bool behind_own) noexcept {
  if (pos.pieces(PieceType::Queen) | pos.pieces(PieceType::Rook)) return false;
  const Bitboard white = pos.pieces(Color::White, PieceType::Pawn),
                 black = pos.pieces(Color::Black, PieceType::Pawn);
  const Bitboard in_front_of_white = behind_own ? white | black : black,
                 in_front_of_black = behind_own ? white | black : white;
  return white && (shift<8>(white) & ~in_front_of_white) == 0 &&
         (shift<-8>(black) & ~in_front_of_black) == 0;
}

// Whether the quick mode should try the closure, and the full mode give it turns with
// the search: the position looks locked (no queen or rook, and every pawn stands rammed
// against an enemy pawn). A choice of effort only. Walls with a doubled pawn behind a
// rammed one (pawns_blocked(pos, true)) are as closed, but the locked schedule's shorter
// turns of the search lose helpmates the open one finds there: they keep the open
// schedule, with a quarter of the budget for the closure instead of an eighth.
inline bool looks_locked(const Position& pos) noexcept { return pawns_blocked(pos, false); }

// The position after the moves that are forced (one legal move each), at most 64.
inline Position after_forced_moves(const Position& pos) noexcept {
  Position p = pos;
  MoveList moves;
  for (int forced = 0; forced < 64; ++forced) {
    if (surely_two_legal_moves(p)) break;  // no forced move: no list needed
    moves.clear();
    generate_legal_moves(p, moves);
    if (moves.size() != 1) break;
    p.play_in_place(moves[0]);
  }
  return p;
}

inline WinAnswer& finish(WinAnswer& a, Winnability v, WinProof p, std::uint64_t nodes) noexcept {
  a.verdict = v;
  a.proof = p;
  a.nodes = nodes;
  if (v != Winnability::Win) a.length = 0;
  return a;
}

}  // namespace detail

/// Can `winner` checkmate from `pos` by some series of legal moves? Never NoWin where
/// a helpmate exists; never Win without a line that replays legally to checkmate.
/// Spends at most `budget` nodes (plus one) in the workspace's memory.
inline void analyze_win(const Position& pos, Color winner, WinMode mode, std::uint64_t budget,
                        WinWorkspace& ws, WinAnswer& out) noexcept {
  out.length = 0;
  MoveList moves;
  generate_legal_moves(pos, moves);
  if (moves.empty() && pos.side_to_move() == ~winner && pos.in_check()) {
    detail::finish(out, Winnability::Win, WinProof::Checkmate, 1);
    return;
  }
  if (detail::insufficient_material(pos, winner)) {
    detail::finish(out, Winnability::NoWin, WinProof::Material, 1);
    return;
  }
  if (moves.empty()) {  // checkmate of the winner, or stalemate: the game is over
    detail::finish(out, Winnability::NoWin, WinProof::Exhaustive, 1);
    return;
  }
  // Forced moves: positions with one legal move each are part of every continuation,
  // so what holds after them holds now (the Laws' example: the only legal move leads to
  // a dead position). Without one, `after` is `pos`, whose tests were made above.
  const bool forced = moves.size() == 1;
  const Position after = forced ? detail::after_forced_moves(pos) : pos;
  const bool after_mate =
      forced && after.side_to_move() == ~winner && after.in_check() && !any_legal_move(after);
  if (forced && !after_mate && detail::insufficient_material(after, winner)) {
    detail::finish(out, Winnability::NoWin, WinProof::Material, 1);
    return;
  }
  if (forced && !after_mate && !any_legal_move(after)) {
    detail::finish(out, Winnability::NoWin, WinProof::Exhaustive, 1);
    return;
  }
  HelpmateProver prover(ws, winner, budget);
  auto proved_static = [&] {
    if (after_mate || !detail::statically_unwinnable(after, winner)) return false;
    detail::finish(out, Winnability::NoWin, WinProof::Static, prover.nodes() + 1);
    return true;
  };
  auto won = [&] {
    if (!detail::certify_helpmate(pos, winner, out.line, out.length))
      return false;  // never happens
    detail::finish(out, Winnability::Win, WinProof::Helpmate, prover.nodes());
    return true;
  };
  if (mode == WinMode::Quick) {
    if (prover.search(pos, 0, budget / 2, out) && won()) return;
    if (proved_static()) return;
    if (detail::looks_locked(after)) {
      const auto c = prover.closure(pos, budget - prover.nodes(), out);
      if (c == HelpmateProver::ClosureResult::Mate && won()) return;
      if (c == HelpmateProver::ClosureResult::NoMate) {
        detail::finish(out, Winnability::NoWin, WinProof::Exhaustive, prover.nodes());
        return;
      }
    }
    detail::finish(out, Winnability::Unknown, WinProof::None, prover.nodes());
    return;
  }
  // Full: most positions have a helpmate the search finds at once; locked ones are
  // proved by the closure. So: a short search; then, where the position looks locked,
  // the search and the closure in turns with growing shares, else the search with most
  // of the budget and the closure with the rest.
  auto closed = [&](std::uint64_t share) {
    const auto c = prover.closure(pos, share, out);
    if (c == HelpmateProver::ClosureResult::Mate && won()) return true;
    if (c == HelpmateProver::ClosureResult::NoMate) {
      detail::finish(out, Winnability::NoWin, WinProof::Exhaustive, prover.nodes());
      return true;
    }
    return false;
  };
  if (prover.search(pos, 0, budget / 64 < 1000 ? budget / 64 : 1000, out) && won()) return;
  if (proved_static()) return;
  if (detail::looks_locked(after)) {
    for (std::uint64_t share = budget / 64 + 1; prover.nodes() < budget; share *= 4) {
      const std::uint64_t before = prover.nodes();
      if (prover.search(pos, 0, share, out) && won()) return;
      if (closed(share)) return;
      // Both ended without spending (the closure's table is full, the search has seen
      // everything within its depth) or spent all they could: no round would do more.
      if (prover.nodes() == before || share >= budget) break;
    }
  } else {
    // Rounds over the four corners (the preferred one first), each round with four times
    // the share of the last: a mate aimed at the wrong corner costs a share, not the
    // budget. The closure, which rarely ends in an open position, gets an eighth (a
    // quarter behind pawns that cannot push: see looks_locked()).
    const std::uint64_t closure_share =
        detail::pawns_blocked(after, true) ? budget / 4 : budget / 8;
    for (std::uint64_t share = 1000; prover.nodes() + closure_share < budget; share *= 4) {
      const std::uint64_t before = prover.nodes();
      for (int attempt = share == 1000 ? 1 : 0; attempt <= 3; ++attempt) {
        if (prover.nodes() + closure_share >= budget) break;
        const std::uint64_t left = budget - closure_share - prover.nodes();
        if (prover.search(pos, attempt, share < left ? share : left, out) && won()) return;
      }
      // After the first round, where the closure gives up early (see closure()): the
      // short helpmates first, which its breadth-first order would have found and the
      // search's free moves can bury under lines of 160 plies.
      if (share == 1000 && detail::has_queen_or_rook(pos, ~winner) &&
          prover.search(pos, 0, detail::short_line_nodes, out, detail::short_line_plies + 1) &&
          won())
        return;
      if (prover.nodes() == before || share >= budget) break;  // nothing more to search
    }
    if (closed(budget - prover.nodes())) return;
  }
  detail::finish(out, Winnability::Unknown, WinProof::None, prover.nodes());
}

/// The answer to "can this side checkmate?" without its line: what a ruling keeps (Game
/// at a flag fall or a resignation, the audit of a recorded result).
struct MateQuestion {
  /// Win, NoWin or Unknown.
  Winnability verdict = Winnability::Unknown;
  /// How the verdict was reached.
  WinProof proof = WinProof::None;
  /// The nodes spent.
  std::uint64_t nodes = 0;
};

/// Whether `side` can checkmate from `pos` by some series of legal moves (6.9, 2023
/// 5.1.2, 5.2.2), three-valued: analyze_win() in `mode` within `budget` nodes, in the
/// caller's workspace. NoWin is proved; Win has a helpmate (analyze_win() gives it);
/// Unknown: the budget ran out first. (material_can_checkmate() in outcome.hpp is the
/// material-only form, for callers that need an answer in a few instructions.)
inline MateQuestion can_checkmate(const Position& pos, Color side, WinWorkspace& ws,
                                  WinMode mode = WinMode::Full,
                                  std::uint64_t budget = full_node_budget) noexcept {
  WinAnswer answer;
  analyze_win(pos, side, mode, budget, ws, answer);
  return {answer.verdict, answer.proof, answer.nodes};
}

/// Whether a position is dead (5.2.2): neither side can checkmate.
enum class Deadness : std::uint8_t { Dead, Alive, Unknown };

/// Dead when neither side can win (5.2.2), alive when either can, else unknown.
constexpr Deadness deadness(Winnability white, Winnability black) noexcept {
  if (white == Winnability::NoWin && black == Winnability::NoWin) return Deadness::Dead;
  if (white == Winnability::Win || black == Winnability::Win) return Deadness::Alive;
  return Deadness::Unknown;
}

}  // namespace arbiter
