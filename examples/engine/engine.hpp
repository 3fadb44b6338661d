#pragma once
// A small chess engine built on arbiter: how an engine embeds the library.
//
//   - arbiter gives the board (Position, copy-make with play_in_place), the legal moves
//     (generate_legal_moves, MoveFilter for captures), Article 5 material knowledge
//     (material_can_checkmate) and the FIDE key (Position::key(), used here for the
//     transposition table).
//   - arbiter::RepetitionTracker is fed with the engine's OWN 64-bit Zobrist keys (own_key,
//     own_key_after below, from the engine's own random table), to show that the tracker
//     is generic. Position::key() would do as well, and would save the work.
//   - The search: negamax alpha-beta with principal variation search, iterative
//     deepening, a check extension, quiescence search over captures, MVV-LVA ordering
//     (then killers and history for quiet moves), a transposition table, and time
//     management for UCI `go` (wtime/btime/winc/binc/movestogo/movetime/depth/nodes).
//   - The evaluation: material and piece-square tables (tapered between middlegame and
//     endgame), a bishop pair bonus, a mop-up term that drives a bare king to the edge,
//     and no winning score for a side that cannot checkmate (arbiter::material_can_checkmate).
//
// Draws in the search, the way engines score them (not the way an arbiter rules):
//   - a position that repeats a position of the current search path (the root
//     included) is a draw, and so is a position that already occurred twice before;
//   - 100 plies without pawn move or capture (halfmove_clock() >= 100) is a draw,
//     unless the side to move is checkmated;
//   - no legal move: checkmate or stalemate (Article 5), from arbiter's move generator;
//   - neither side can checkmate (a dead position by material): a draw.
// The Laws need a THREEFOLD repetition (9.2), and a claim by the player to move, or a
// fivefold one (9.6.1), before a game is drawn. An engine cannot wait for that: if a
// position recurs once inside its own search, the side that could avoid the repetition
// could equally have repeated it again, so the line is worth no more than a draw, and
// scoring it 0 at once prunes the cycle. The engine's verdict is a search heuristic;
// the library's Game, GameRecord and claim evaluator (selfplay.hpp) are what rule on
// the game itself.
//
// Header-only, single-threaded search (UCI `stop` arrives through an atomic flag), no
// allocation inside the search: every buffer is sized by the constructor, set_hash()
// and set_position().

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <vector>

#include <arbiter/movegen.hpp>
#include <arbiter/outcome.hpp>
#include <arbiter/position.hpp>
#include <arbiter/repetition.hpp>

namespace engine {

using arbiter::Bitboard;
using arbiter::Color;
using arbiter::Move;
using arbiter::MoveList;
using arbiter::Piece;
using arbiter::PieceType;
using arbiter::Position;
using arbiter::Square;

inline constexpr int max_ply = 128;
inline constexpr int infinity = 32001;
inline constexpr int mate_score = 32000;
/// Scores beyond this are mates: mate_score minus the distance in plies.
inline constexpr int mate_bound = mate_score - 2 * max_ply;
inline constexpr int draw_score = 0;

// ---------------------------------------------------------------------------------------
// The engine's own Zobrist keys
// ---------------------------------------------------------------------------------------

struct OwnZobrist {
  std::uint64_t piece[12][64];  // [colour * 6 + type][square]
  std::uint64_t castling[16];   // by the set of rights (CastlingRights::bits())
  std::uint64_t en_passant[8];  // by file, only when a legal en passant capture exists
  std::uint64_t black_to_move;
};

namespace detail {
// xorshift64*: a different generator from arbiter's, so these keys share nothing with it.
constexpr std::uint64_t next_random(std::uint64_t& s) noexcept {
  s ^= s >> 12;
  s ^= s << 25;
  s ^= s >> 27;
  return s * 0x2545F4914F6CDD1DULL;
}
constexpr OwnZobrist make_own_zobrist() noexcept {
  OwnZobrist z{};
  std::uint64_t s = 0x656E67696E65ULL;  // "engine"
  for (auto& row : z.piece)
    for (auto& k : row) k = next_random(s);
  for (int i = 1; i < 16; ++i) z.castling[i] = next_random(s);  // no rights: 0
  for (auto& k : z.en_passant) k = next_random(s);
  z.black_to_move = next_random(s);
  return z;
}
}  // namespace detail

inline constexpr OwnZobrist own_zobrist = detail::make_own_zobrist();

constexpr std::uint64_t own_piece_key(Piece p, Square s) noexcept {
  return own_zobrist
      .piece[6 * int(arbiter::color_of(p)) + int(arbiter::type_of(p))][arbiter::index(s)];
}

/// The engine's key of a position, from scratch. Positions are told apart as FIDE
/// 9.2.3 does (side to move, placement, castling rights, en passant only when a legal
/// capture exists), so the engine's repetitions are the Laws' repetitions.
inline std::uint64_t own_key(const Position& pos) noexcept {
  std::uint64_t k = 0;
  for (Bitboard b = pos.occupied(); b;) {
    const Square s = arbiter::pop_lsb(b);
    k ^= own_piece_key(pos.piece_on(s), s);
  }
  if (pos.side_to_move() == Color::Black) k ^= own_zobrist.black_to_move;
  k ^= own_zobrist.castling[pos.castling_rights().bits()];
  if (pos.has_legal_en_passant())
    k ^= own_zobrist.en_passant[arbiter::file_of(pos.en_passant_square())];
  return k;
}

/// The engine's key after `m`, updated from the key `k` of `before` (`after` is
/// before.play_unchecked(m), played with arbiter's default KeyUpdate::Incremental, which keeps
/// has_legal_en_passant() meaningful).
inline std::uint64_t own_key_after(const Position& before, Move m, const Position& after,
                                   std::uint64_t k) noexcept {
  using arbiter::relative_square;
  const Color us = before.side_to_move();
  k ^= own_zobrist.black_to_move;
  k ^= own_zobrist.castling[before.castling_rights().bits()] ^
       own_zobrist.castling[after.castling_rights().bits()];
  if (before.has_legal_en_passant())
    k ^= own_zobrist.en_passant[arbiter::file_of(before.en_passant_square())];
  if (after.has_legal_en_passant())
    k ^= own_zobrist.en_passant[arbiter::file_of(after.en_passant_square())];
  if (m.is_castling()) {  // stored as king takes own rook (Chess960 too)
    const bool king_side = arbiter::index(m.to()) > arbiter::index(m.from());
    const Piece king = arbiter::make_piece(us, PieceType::King),
                rook = arbiter::make_piece(us, PieceType::Rook);
    return k ^ own_piece_key(king, m.from()) ^ own_piece_key(rook, m.to()) ^
           own_piece_key(king, relative_square(us, king_side ? Square::G1 : Square::C1)) ^
           own_piece_key(rook, relative_square(us, king_side ? Square::F1 : Square::D1));
  }
  const Square captured_on =
      m.is_en_passant() ? Square(arbiter::index(m.to()) - arbiter::pawn_push(us)) : m.to();
  if (const Piece captured = before.piece_on(captured_on); captured != Piece::None)
    k ^= own_piece_key(captured, captured_on);
  // The piece on the destination after the move is the mover, or what it promoted to.
  return k ^ own_piece_key(before.piece_on(m.from()), m.from()) ^
         own_piece_key(after.piece_on(m.to()), m.to());
}

// ---------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------

namespace detail {
// Piece-square tables, drawn as White sees the board: the first row is rank 8, the last
// rank 1, files a to h from left to right. Black uses them mirrored.
// clang-format off
inline constexpr int pawn_mg[64] = {
    0,   0,   0,   0,   0,   0,   0,   0,
   60,  60,  60,  60,  60,  60,  60,  60,
   16,  18,  24,  32,  32,  24,  18,  16,
    6,   8,  14,  24,  24,  14,   8,   6,
    0,   2,   8,  20,  20,   8,   2,   0,
    2,   0,   2,   6,   6,   2,   0,   2,
    4,   6,   4, -12, -12,   4,   6,   4,
    0,   0,   0,   0,   0,   0,   0,   0};
inline constexpr int pawn_eg[64] = {
    0,   0,   0,   0,   0,   0,   0,   0,
   90,  90,  90,  90,  90,  90,  90,  90,
   55,  55,  55,  55,  55,  55,  55,  55,
   32,  32,  32,  32,  32,  32,  32,  32,
   18,  18,  18,  18,  18,  18,  18,  18,
    8,   8,   8,   8,   8,   8,   8,   8,
    2,   2,   2,   2,   2,   2,   2,   2,
    0,   0,   0,   0,   0,   0,   0,   0};
inline constexpr int knight[64] = {
  -40, -28, -18, -16, -16, -18, -28, -40,
  -26, -10,   2,   4,   4,   2, -10, -26,
  -16,   4,  12,  16,  16,  12,   4, -16,
  -14,   6,  16,  22,  22,  16,   6, -14,
  -14,   4,  14,  20,  20,  14,   4, -14,
  -16,   2,  10,  12,  12,  10,   2, -16,
  -26, -10,   0,   4,   4,   0, -10, -26,
  -40, -24, -18, -16, -16, -18, -24, -40};
inline constexpr int bishop[64] = {
  -16,  -8,  -8,  -8,  -8,  -8,  -8, -16,
   -8,   0,   0,   2,   2,   0,   0,  -8,
   -8,   2,   6,   8,   8,   6,   2,  -8,
   -6,   4,   8,  12,  12,   8,   4,  -6,
   -6,   6,   8,  12,  12,   8,   6,  -6,
   -8,   6,   8,   6,   6,   8,   6,  -8,
   -8,   8,   2,   2,   2,   2,   8,  -8,
  -16,  -8, -10,  -8,  -8, -10,  -8, -16};
inline constexpr int rook[64] = {
    4,   4,   6,   8,   8,   6,   4,   4,
   14,  16,  16,  16,  16,  16,  16,  14,
   -4,   0,   0,   2,   2,   0,   0,  -4,
   -4,   0,   0,   2,   2,   0,   0,  -4,
   -4,   0,   0,   2,   2,   0,   0,  -4,
   -4,   0,   0,   2,   2,   0,   0,  -4,
   -6,   0,   0,   2,   2,   0,   0,  -6,
   -2,   0,   2,   6,   6,   4,   0,  -2};
inline constexpr int queen[64] = {
  -18, -10,  -8,  -4,  -4,  -8, -10, -18,
  -10,   0,   2,   2,   2,   2,   0, -10,
   -8,   2,   4,   4,   4,   4,   2,  -8,
   -4,   2,   4,   6,   6,   4,   2,  -4,
   -4,   2,   4,   6,   6,   4,   2,  -4,
   -8,   2,   4,   4,   4,   4,   2,  -8,
  -10,   0,   2,   0,   0,   0,   0, -10,
  -18, -10,  -8,  -2,  -4,  -8, -10, -18};
inline constexpr int king_mg[64] = {
  -40, -44, -46, -50, -50, -46, -44, -40,
  -40, -44, -46, -50, -50, -46, -44, -40,
  -36, -40, -44, -48, -48, -44, -40, -36,
  -32, -36, -40, -44, -44, -40, -36, -32,
  -24, -28, -32, -36, -36, -32, -28, -24,
  -14, -18, -22, -24, -24, -22, -18, -14,
   12,  10,  -4,  -8,  -8,  -4,  10,  12,
   16,  26,  12,  -4,   0,   6,  28,  18};
inline constexpr int king_eg[64] = {
  -48, -34, -24, -18, -18, -24, -34, -48,
  -30, -14,  -4,   2,   2,  -4, -14, -30,
  -24,  -2,  14,  20,  20,  14,  -2, -24,
  -22,   2,  20,  28,  28,  20,   2, -22,
  -22,   2,  20,  28,  28,  20,   2, -22,
  -24,  -2,  14,  20,  20,  14,  -2, -24,
  -30, -16,  -4,   0,   0,  -4, -16, -30,
  -48, -34, -26, -22, -22, -26, -34, -48};
// clang-format on
inline constexpr const int* table_mg[6] = {pawn_mg, knight, bishop, rook, queen, king_mg};
inline constexpr const int* table_eg[6] = {pawn_eg, knight, bishop, rook, queen, king_eg};
inline constexpr int value_mg[6] = {90, 320, 330, 480, 940, 0};
inline constexpr int value_eg[6] = {120, 300, 320, 530, 960, 0};
inline constexpr int phase_weight[6] = {0, 1, 1, 2, 4, 0};  // 24 at the start

inline int center_distance(Square s) noexcept {
  const int f = arbiter::file_of(s), r = arbiter::rank_of(s);
  return std::max(3 - f, f - 4) + std::max(3 - r, r - 4);
}
}  // namespace detail

/// The static evaluation in centipawns, from the side to move's point of view.
inline int evaluate(const Position& pos) noexcept {
  int mg = 0, eg = 0, phase = 0, material = 0;  // White minus Black, except phase
  for (Color c : {Color::White, Color::Black}) {
    const int sign = c == Color::White ? 1 : -1;
    for (int t = 0; t < 6; ++t) {
      for (Bitboard b = pos.pieces(c, PieceType(t)); b;) {
        const int s = arbiter::index(arbiter::pop_lsb(b));
        const int row = c == Color::White ? s ^ 56 : s;  // the tables' layout
        mg += sign * (detail::value_mg[t] + detail::table_mg[t][row]);
        eg += sign * (detail::value_eg[t] + detail::table_eg[t][row]);
        material += sign * detail::value_eg[t];
        phase += detail::phase_weight[t];
      }
    }
    if (arbiter::more_than_one(pos.pieces(c, PieceType::Bishop))) {
      mg += sign * 30;
      eg += sign * 40;
    }
  }
  phase = std::min(phase, 24);
  int score = (mg * phase + eg * (24 - phase)) / 24;

  // Mop-up: with a decisive edge against a side without pawns, push its king to the
  // edge and bring ours closer (what K+Q v K and K+R v K need to find the mate).
  if (std::abs(material) >= 400) {
    const Color strong = material > 0 ? Color::White : Color::Black;
    if (!pos.pieces(~strong, PieceType::Pawn)) {
      const Square weak_king = pos.king_square(~strong), strong_king = pos.king_square(strong);
      const int distance = std::abs(arbiter::file_of(weak_king) - arbiter::file_of(strong_king)) +
                           std::abs(arbiter::rank_of(weak_king) - arbiter::rank_of(strong_king));
      const int bonus = 10 * detail::center_distance(weak_king) + 4 * (14 - distance);
      score += strong == Color::White ? bonus : -bonus;
    }
  }
  // A side that cannot checkmate by any series of legal moves (Article 5 / 6.9) is not winning.
  if (score > 0 && !arbiter::material_can_checkmate(pos, Color::White)) score = 0;
  if (score < 0 && !arbiter::material_can_checkmate(pos, Color::Black)) score = 0;
  return pos.side_to_move() == Color::White ? score : -score;
}

// ---------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------

/// The limits of one search, as UCI `go` gives them (times in milliseconds; -1: not given).
struct Limits {
  int depth = 0;  ///< 0: no depth limit
  std::int64_t movetime = -1;
  std::int64_t wtime = -1, btime = -1, winc = 0, binc = 0;
  int movestogo = 0;
  std::uint64_t nodes = 0;          ///< 0: no node limit
  bool infinite = false;            ///< search until stopped (also when no limit is given)
  std::int64_t move_overhead = 20;  ///< kept in hand for the GUI's communication lag
};

/// One completed iteration, for UCI `info` lines.
struct Info {
  int depth = 0;
  int seldepth = 0;
  int score = 0;  ///< centipawns, or a mate score (see is_mate_score)
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
};

struct Result {
  Move best = Move::none();  ///< Move::none() if there is no legal move
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<Move> pv;
};

constexpr bool is_mate_score(int score) noexcept {
  return score >= mate_bound || score <= -mate_bound;
}
/// UCI `score mate N`: moves to mate, negative when the side to move is mated.
constexpr int mate_in_moves(int score) noexcept {
  return score > 0 ? (mate_score - score + 1) / 2 : -((mate_score + score) / 2);
}

class Engine {
 public:
  using InfoCallback = std::function<void(const Info&)>;

  explicit Engine(std::size_t hash_mb = 16) : stack_(max_ply + 2), pv_(max_ply + 2) {
    set_hash(hash_mb);
    set_position(Position::startpos(), {});
  }

  /// Resizes the transposition table (a power of two of 16-byte entries) and clears it.
  void set_hash(std::size_t mb) {
    std::size_t entries = 1;
    while (entries * 2 * sizeof(TTEntry) <= std::max<std::size_t>(mb, 1) << 20) entries *= 2;
    tt_.assign(entries, TTEntry{});
  }

  /// Forgets what earlier searches learnt (transposition table, killers, history).
  void new_game() {
    std::fill(tt_.begin(), tt_.end(), TTEntry{});
    for (auto& k : killers_) k[0] = k[1] = Move::none();
    for (auto& side : history_)
      for (auto& from : side)
        for (int& h : from) h = 0;
  }

  /// The game so far: its start position and the legal moves played since. Every
  /// position enters the repetition tracker with the engine's own key.
  void set_position(const Position& start, const std::vector<Move>& moves) {
    game_ = start;
    game_key_ = own_key(start);
    history_keys_.clear();
    irreversible_.clear();
    history_keys_.push_back(game_key_);
    for (Move m : moves) advance(m);
    rebuild_tracker();
  }

  /// Appends a legal move of position() to the game.
  void play(Move m) {
    advance(m);
    if (tracker_.size() + max_ply + 2 > tracker_capacity_) {
      rebuild_tracker();  // reserves again, outside the search
    } else {
      // Within the reserved capacity (checked just above): cannot fail.
      [[maybe_unused]] const auto pushed = tracker_.push(game_key_, irreversible_.back());
      ARBITER_ASSERT(pushed);
    }
  }

  const Position& position() const noexcept { return game_; }
  std::uint64_t key() const noexcept { return game_key_; }
  /// How many times the current position has occurred in the game, by the engine's keys.
  unsigned repetition_count() const noexcept { return tracker_.count(); }
  /// How many times the position after the legal move `m` would have occurred.
  unsigned repetition_count_after(Move m) const noexcept {
    const Position next = game_.play_unchecked(m);
    return tracker_.count_if_pushed(own_key_after(game_, m, next, game_key_),
                                    game_.is_irreversible(m));
  }

  /// Searches position() within `limits`. `stop`, if given, ends the search early when
  /// it becomes true (UCI `stop` from another thread); the deepest completed iteration
  /// gives the move. `on_info` is called after every completed iteration.
  Result search(const Limits& limits, const InfoCallback& on_info = {},
                const std::atomic<bool>* stop = nullptr) {
    limits_ = limits;
    stop_flag_ = stop;
    start_ = Clock::now();
    nodes_ = 0;
    seldepth_ = 0;
    stopped_ = false;
    can_stop_ = false;
    set_time_budget();
    root_ply_ = tracker_.ply();
    root_best_ = Move::none();
    stack_[0].pos = game_;
    stack_[0].key = game_key_;

    Result result;
    if (!arbiter::any_legal_move(game_)) {
      result.score = game_.in_check() ? -mate_score : draw_score;
      return result;
    }
    const bool unlimited =
        limits.infinite || (limits.depth <= 0 && limits.nodes == 0 && limits.movetime < 0 &&
                            limits.wtime < 0 && limits.btime < 0);
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, max_ply - 2) : max_ply - 2;
    for (int depth = 1; depth <= max_depth; ++depth) {
      seldepth_ = 0;
      const int score = search_node(0, depth, -infinity, infinity, true);
      if (stopped_) break;  // an unfinished iteration is thrown away
      can_stop_ = true;
      result.best = root_best_ = pv_[0].moves[0];
      result.score = score;
      result.depth = depth;
      result.pv.assign(pv_[0].moves.begin(), pv_[0].moves.begin() + pv_[0].length);
      if (on_info) on_info(Info{depth, seldepth_, score, nodes_, elapsed_ms(), result.pv});
      if (stop && stop->load(std::memory_order_relaxed)) break;
      if (unlimited) continue;
      if (soft_ms_ >= 0 && elapsed_ms() >= soft_ms_ / 2)
        break;  // the next iteration would not finish
      if (limits.nodes && nodes_ >= limits.nodes) break;
      if (is_mate_score(score) && mate_score - std::abs(score) < depth)
        break;  // the shortest mate is found
    }
    result.nodes = nodes_;
    return result;
  }

  std::uint64_t nodes() const noexcept { return nodes_; }

 private:
  using Clock = std::chrono::steady_clock;
  enum Bound : std::uint8_t { BoundNone, BoundUpper, BoundLower, BoundExact };

  struct TTEntry {
    arbiter::FideKey key;  // arbiter's FIDE key (Position::key())
    std::int16_t score;
    Move move;
    std::int8_t depth;
    std::uint8_t bound;
  };
  struct Frame {
    Position pos = Position::startpos();  // overwritten before use (arbiter has no empty position)
    std::uint64_t key;  // the engine's own key (search_node only; quiescence does not track it)
  };
  struct PvLine {
    std::array<Move, max_ply + 2> moves{};
    int length = 0;
  };

  void advance(Move m) {
    const Position next = game_.play_unchecked(m);
    irreversible_.resize(history_keys_.size());
    irreversible_.push_back(game_.is_irreversible(m));
    game_key_ = own_key_after(game_, m, next, game_key_);
    game_ = next;
    history_keys_.push_back(game_key_);
  }

  // Refills the tracker with the game's keys, with room for the deepest search: pushes
  // in the search never allocate.
  void rebuild_tracker() {
    irreversible_.resize(history_keys_.size());
    tracker_capacity_ = history_keys_.size() + max_ply + 256;
    tracker_.clear();
    if (!tracker_.reserve(tracker_capacity_)) arbiter::detail::tracker_exhausted();
    for (std::size_t i = 0; i < history_keys_.size(); ++i) {
      [[maybe_unused]] const auto pushed =
          tracker_.push(history_keys_[i], i == 0 || irreversible_[i]);
      ARBITER_ASSERT(pushed);  // reserved just above
    }
  }

  void set_time_budget() {
    soft_ms_ = hard_ms_ = -1;
    if (limits_.infinite) return;
    if (limits_.movetime >= 0) {
      hard_ms_ = std::max<std::int64_t>(
          1, limits_.movetime - std::min(limits_.move_overhead, limits_.movetime / 4));
      return;
    }
    const bool white = game_.side_to_move() == Color::White;
    const std::int64_t time = white ? limits_.wtime : limits_.btime;
    const std::int64_t inc = white ? limits_.winc : limits_.binc;
    if (time < 0) return;
    const std::int64_t usable =
        std::max<std::int64_t>(1, time - std::min(limits_.move_overhead, time / 4));
    const int moves_to_go = limits_.movestogo > 0 ? std::min(limits_.movestogo, 40) : 30;
    soft_ms_ = std::max<std::int64_t>(1, std::min(usable / moves_to_go + inc * 3 / 4, usable / 2));
    hard_ms_ = std::max<std::int64_t>(1, std::min(soft_ms_ * 3, usable * 3 / 4));
  }

  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  // The first iteration always completes, so that there is a move to play.
  bool should_stop() {
    if (stopped_) return true;
    if (!can_stop_) return false;
    if (limits_.nodes && nodes_ >= limits_.nodes)
      stopped_ = true;
    else if ((nodes_ & 1023) == 0)
      stopped_ = (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)) ||
                 (hard_ms_ >= 0 && elapsed_ms() >= hard_ms_);
    return stopped_;
  }

  // The engine's repetition rule (see the top of this file): the position on top of the
  // tracker occurred twice before, or once before at or after the root.
  bool is_repetition_draw() const noexcept {
    const unsigned count = tracker_.count();
    if (count >= 3) return true;
    if (count < 2) return false;
    RepetitionTracker::Ply latest = 0;
    tracker_.for_each_earlier_occurrence(
        tracker_.ply(), [&](RepetitionTracker::Ply p) { latest = std::max(latest, p); });
    return latest >= root_ply_;
  }

  static bool is_capture(const Position& pos, Move m) noexcept {
    return !m.is_castling() && (m.is_en_passant() || pos.piece_on(m.to()) != Piece::None);
  }

  int move_order_score(const Position& pos, Move m, Move tt_move, int ply) const noexcept {
    if (m == tt_move) return 1 << 30;
    const int attacker = int(arbiter::type_of(pos.piece_on(m.from())));
    int score = 0;
    if (is_capture(pos,
                   m)) {  // MVV-LVA: the most valuable victim, then the least valuable attacker
      const int victim = m.is_en_passant() ? 0 : int(arbiter::type_of(pos.piece_on(m.to())));
      score = (1 << 24) + 16 * victim - attacker;
    }
    if (m.is_promotion()) score += m.promotion_type() == PieceType::Queen ? (1 << 25) : -(1 << 20);
    if (score != 0) return score;
    if (m == killers_[ply][0]) return 1 << 22;
    if (m == killers_[ply][1]) return (1 << 22) - 1;
    return history_[int(pos.side_to_move())][arbiter::index(m.from())][arbiter::index(m.to())];
  }

  // Selection sort, one step: moves the best remaining move to index `i`.
  static Move pick(MoveList& moves, int* scores, std::size_t i) noexcept {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(moves.begin()[i], moves.begin()[best]);
    std::swap(scores[i], scores[best]);
    return moves[i];
  }

  TTEntry& tt_slot(arbiter::FideKey key) noexcept { return tt_[key.value() & (tt_.size() - 1)]; }

  static int score_to_tt(int score, int ply) noexcept {
    return score >= mate_bound ? score + ply : score <= -mate_bound ? score - ply : score;
  }
  static int score_from_tt(int score, int ply) noexcept {
    return score >= mate_bound ? score - ply : score <= -mate_bound ? score + ply : score;
  }

  void update_pv(int ply, Move m) noexcept {
    PvLine& line = pv_[ply];
    const PvLine& child = pv_[ply + 1];
    line.moves[0] = m;
    std::copy(child.moves.begin(), child.moves.begin() + child.length, line.moves.begin() + 1);
    line.length = child.length + 1;
  }

  int search_node(int ply, int depth, int alpha, int beta, bool pv_node) {
    pv_[ply].length = 0;
    if (should_stop()) return 0;
    const Frame& frame = stack_[ply];
    const Position& pos = frame.pos;

    if (ply > 0) {
      if (is_repetition_draw()) return draw_score;
      if (!arbiter::material_can_checkmate(pos, Color::White) &&
          !arbiter::material_can_checkmate(pos, Color::Black))
        return draw_score;
      // Mate distance pruning: no line from here beats a mate already found nearer the root.
      alpha = std::max(alpha, -mate_score + ply);
      beta = std::min(beta, mate_score - ply - 1);
      if (alpha >= beta) return alpha;
    }
    const bool in_check = pos.in_check();
    if (in_check) ++depth;  // check extension
    if (depth <= 0) return quiesce(ply, alpha, beta);

    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    MoveList moves;
    arbiter::generate_legal_moves(pos, moves);
    if (moves.empty()) return in_check ? -mate_score + ply : draw_score;  // checkmate or stalemate
    if (ply > 0 && pos.halfmove_clock() >= 100) return draw_score;  // fifty moves, and not mated
    if (ply >= max_ply - 1) return evaluate(pos);

    Move tt_move = Move::none();
    TTEntry& entry = tt_slot(pos.key());
    if (entry.key == pos.key() && entry.bound != BoundNone) {
      tt_move = entry.move;
      const int tt_score = score_from_tt(entry.score, ply);
      if (!pv_node && entry.depth >= depth &&
          (entry.bound == BoundExact || (entry.bound == BoundLower && tt_score >= beta) ||
           (entry.bound == BoundUpper && tt_score <= alpha)))
        return tt_score;
    }
    if (ply == 0 && root_best_) tt_move = root_best_;

    int scores[MoveList::capacity];
    for (std::size_t i = 0; i < moves.size(); ++i)
      scores[i] = move_order_score(pos, moves[i], tt_move, ply);

    const int alpha_before = alpha;
    int best = -infinity;
    Move best_move = Move::none();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = pick(moves, scores, i);
      Frame& next = stack_[ply + 1];
      next.pos = pos;
      next.pos.play_in_place(m);
      next.key = own_key_after(pos, m, next.pos, frame.key);
      ARBITER_ASSERT(next.key == own_key(next.pos));
      [[maybe_unused]] const auto pushed = tracker_.push(next.key, pos.is_irreversible(m));
      ARBITER_ASSERT(pushed && tracker_.size() <= tracker_capacity_);  // reserved: no allocation
      int score;
      if (i == 0) {
        score = -search_node(ply + 1, depth - 1, -beta, -alpha, pv_node);
      } else {  // principal variation search: prove the move worse with a null window
        score = -search_node(ply + 1, depth - 1, -alpha - 1, -alpha, false);
        if (score > alpha && score < beta)
          score = -search_node(ply + 1, depth - 1, -beta, -alpha, true);
      }
      tracker_.pop();
      if (stopped_) return 0;

      if (score > best) {
        best = score;
        best_move = m;
        if (score > alpha) {
          alpha = score;
          update_pv(ply, m);
          if (score >= beta) {
            if (!is_capture(pos, m) && !m.is_promotion()) {
              if (killers_[ply][0] != m) {
                killers_[ply][1] = killers_[ply][0];
                killers_[ply][0] = m;
              }
              int& h = history_[int(pos.side_to_move())][arbiter::index(m.from())]
                               [arbiter::index(m.to())];
              h = std::min(h + depth * depth, 1 << 20);
            }
            break;
          }
        }
      }
    }
    entry.key = pos.key();
    entry.score = std::int16_t(score_to_tt(best, ply));
    entry.move = best_move;
    entry.depth = std::int8_t(depth);
    entry.bound = best >= beta ? BoundLower : best > alpha_before ? BoundExact : BoundUpper;
    return best;
  }

  // Captures (and queen promotions) until the position is quiet; all evasions when in
  // check. No repetition can occur here except through evasions, and the tracker is
  // not fed: quiescence never returns to search_node.
  int quiesce(int ply, int alpha, int beta) {
    pv_[ply].length = 0;
    if (should_stop()) return 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    const Position& pos = stack_[ply].pos;
    if (ply >= max_ply - 1) return evaluate(pos);

    const bool in_check = pos.in_check();
    MoveList moves;
    int best = -infinity;
    if (in_check) {
      arbiter::generate_legal_moves(pos, moves);
      if (moves.empty()) return -mate_score + ply;
    } else {
      best = evaluate(pos);  // stand pat
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
      // Only moves to enemy pieces (and the en passant square), then quiet promotions.
      const Color us = pos.side_to_move();
      Bitboard targets = pos.pieces(~us);
      if (pos.en_passant_square() != Square::None)
        targets |= arbiter::square_bb(pos.en_passant_square());
      arbiter::generate_legal_moves(pos, moves, arbiter::MoveFilter{targets, 0x3F});
      const Bitboard last_rank = us == Color::White ? arbiter::Rank8 : arbiter::Rank1;
      const Bitboard seventh = us == Color::White ? arbiter::rank_bb(6) : arbiter::rank_bb(1);
      if (pos.pieces(us, PieceType::Pawn) & seventh)
        arbiter::generate_legal_moves(
            pos, moves,
            arbiter::MoveFilter{last_rank & ~pos.occupied(),
                                arbiter::MoveFilter::type_bit(PieceType::Pawn)});
    }

    int scores[MoveList::capacity];
    for (std::size_t i = 0; i < moves.size(); ++i)
      scores[i] = move_order_score(pos, moves[i], Move::none(), ply);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = pick(moves, scores, i);
      if (!in_check && ((m.is_promotion() && m.promotion_type() != PieceType::Queen) ||
                        (!m.is_promotion() && !is_capture(pos, m))))
        continue;  // under-promotions, and quiet moves to the en passant square
      Position& next = stack_[ply + 1].pos;
      next = pos;
      next.play_in_place(m);
      const int score = -quiesce(ply + 1, -beta, -alpha);
      if (stopped_) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  using RepetitionTracker = arbiter::RepetitionTracker<std::uint64_t>;

  // The game
  Position game_ = Position::startpos();
  std::uint64_t game_key_ = 0;
  std::vector<std::uint64_t> history_keys_;  // the engine's key of every game position
  std::vector<bool> irreversible_;           // [i]: the move to position i was irreversible
  RepetitionTracker tracker_;                // the game's positions, then the search path
  std::size_t tracker_capacity_ = 0;

  // The search
  std::vector<Frame> stack_;
  std::vector<PvLine> pv_;
  std::vector<TTEntry> tt_;
  Move killers_[max_ply + 2][2] = {};
  int history_[2][64][64] = {};
  Limits limits_;
  const std::atomic<bool>* stop_flag_ = nullptr;
  Clock::time_point start_;
  std::int64_t soft_ms_ = -1, hard_ms_ = -1;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
  bool can_stop_ = false;
  RepetitionTracker::Ply root_ply_ = 0;
  Move root_best_ = Move::none();
};

}  // namespace engine
