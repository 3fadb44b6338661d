#pragma once
// Legal move generation into a fixed-capacity MoveList (no allocation), the legal
// move count (computed with popcounts, without listing the moves), any_legal_move,
// and is_legal. One generator serves all three through a "sink" that either stores
// moves or counts them, so the rules of movement are written once.

#include <cstddef>
#include <cstdint>

#include "position.hpp"

namespace arbiter {

/// Up to 256 moves in place; the most legal moves any position has is 218.
class MoveList {
 public:
  /// The most moves a list holds: more than any legal position has (218).
  static constexpr std::size_t capacity = 256;

  /// Appends a move; precondition: size() < capacity.
  void push_back(Move m) noexcept {
    ARBITER_ASSERT(size_ < capacity);
    moves_[size_++] = m;
  }
  /** @{ */
  /// The number of moves, whether there are none, and emptying the list.
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  void clear() noexcept { size_ = 0; }
  /** @} */
  /** @{ */
  /// Iteration over the moves in the order generated.
  const Move* begin() const noexcept { return moves_; }
  const Move* end() const noexcept { return moves_ + size_; }
  Move* begin() noexcept { return moves_; }
  Move* end() noexcept { return moves_ + size_; }
  /** @} */
  /// The move at `i`; precondition: i < size().
  Move operator[](std::size_t i) const noexcept { return moves_[i]; }
  /// Whether `m` is in the list.
  bool contains(Move m) const noexcept {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves_[capacity];
  std::size_t size_ = 0;
};

/// Restricts generation to some destination squares and piece types (bit index(type)
/// of `types`); castling counts as a king move to its rook's square.
struct MoveFilter {
  /// The destination squares allowed.
  Bitboard to = ~Bitboard(0);
  /// The piece types allowed, bit index(type) each (all six by default).
  unsigned types = 0x3F;

  /// The bit of one piece type in `types`.
  static constexpr unsigned type_bit(PieceType t) noexcept { return 1u << index(t); }
};

namespace detail {

inline constexpr PieceType promotion_types[4] = {PieceType::Queen, PieceType::Rook,
                                                 PieceType::Bishop, PieceType::Knight};

// The pawn moves of one side in bulk, by destination: pushes, double pushes, captures
// towards the a-file and towards the h-file (that order), either without promotion or
// with one, handed to the sink's pawn_moves() or promotions() set by set (what a sink
// that lists moves does; the counting sinks count the sets together).
template <class Sink>
struct PawnSetsOneByOne {
  template <int Up, int UpLeft, int UpRight>
  void pawn_sets(Bitboard push, Bitboard twice, Bitboard left, Bitboard right) noexcept {
    Sink& sink = static_cast<Sink&>(*this);
    sink.pawn_moves(push, Up);
    sink.pawn_moves(twice, 2 * Up);
    sink.pawn_moves(left, UpLeft);
    sink.pawn_moves(right, UpRight);
  }
  template <int Up, int UpLeft, int UpRight>
  void promotion_sets(Bitboard push, Bitboard left, Bitboard right) noexcept {
    Sink& sink = static_cast<Sink&>(*this);
    sink.promotions(push, Up);
    sink.promotions(left, UpLeft);
    sink.promotions(right, UpRight);
  }
};

struct ListSink : PawnSetsOneByOne<ListSink> {
  static constexpr bool stop_early = false;
  static constexpr bool king_unchecked = false;
  MoveList& list;
  void piece_moves(Square from, Bitboard to) noexcept {
    while (to) list.push_back(Move(from, pop_lsb(to)));
  }
  void pawn_moves(Bitboard to, int delta) noexcept {
    while (to) {
      Square t = pop_lsb(to);
      list.push_back(Move(Square(index(t) - delta), t));
    }
  }
  void promotions(Bitboard to, int delta) noexcept {
    while (to) {
      Square t = pop_lsb(to);
      for (PieceType p : promotion_types)
        list.push_back(Move::promotion(Square(index(t) - delta), t, p));
    }
  }
  void move(Move m) noexcept { list.push_back(m); }
};

// What the counting sinks share: the sets' sizes. Pushes land on empty squares and
// captures on enemy pieces, so a push set and a capture set never share a square and
// one popcount counts both (a dozen instructions each without POPCNT).
struct CountingSink {
  static constexpr bool king_unchecked = false;
  int count = 0;
  void piece_moves(Square, Bitboard to) noexcept { count += popcount(to); }
  void pawn_moves(Bitboard to, int) noexcept { count += popcount(to); }
  void promotions(Bitboard to, int) noexcept { count += 4 * popcount(to); }
  template <int, int, int>
  void pawn_sets(Bitboard push, Bitboard twice, Bitboard left, Bitboard right) noexcept {
    count += popcount(push | left) + popcount(twice | right);
  }
  template <int, int, int>
  void promotion_sets(Bitboard push, Bitboard left, Bitboard right) noexcept {
    count += 4 * (popcount(push | left) + popcount(right));
  }
  void move(Move) noexcept { ++count; }
};

struct CountSink : CountingSink {
  static constexpr bool stop_early = false;
};

// Counts up to a limit and lets the generator stop there (the king, whose squares cost
// most to test, comes last).
struct LimitSink : CountingSink {
  static constexpr bool stop_early = true;
  explicit LimitSink(int n) noexcept : limit(n) {}
  int limit;
  bool full() const noexcept { return count >= limit; }
};

template <Color Us, bool Filtered, class Sink>
ARBITER_FORCE_INLINE void generate_legal_here(const Position& pos, Sink& sink,
                                              MoveFilter filter = {}) noexcept {
  constexpr Color Them = ~Us;
  constexpr int Up = pawn_push(Us);
  constexpr int UpLeft = Us == Color::White ? 7 : -9;   // towards the a-file
  constexpr int UpRight = Us == Color::White ? 9 : -7;  // towards the h-file
  constexpr Bitboard PromotionRank = Us == Color::White ? Rank8 : Rank1;
  constexpr Bitboard ThirdRank = Us == Color::White ? rank_bb(2) : rank_bb(5);

  const Bitboard only_to = Filtered ? filter.to : ~Bitboard(0);
  auto wanted = [&](PieceType t) { return !Filtered || (filter.types >> index(t) & 1); };
  const auto& tables = slider_tables();
  const Bitboard occ = pos.occupied();
  const Bitboard own = pos.pieces(Us), enemy = pos.pieces(Them);
  const Square ksq = pos.king_square(Us);
  // Checkers and pins from one look along the king's lines: an enemy slider on a line
  // through the king checks it if nothing stands between them, and pins the one piece
  // between if there is exactly one (a piece of ours: pinned; of theirs: no matter).
  Bitboard checkers = (pawn_attacks(Us, ksq) & pos.pieces(Them, PieceType::Pawn)) |
                      (knight_attacks(ksq) & pos.pieces(Them, PieceType::Knight));
  Bitboard pinned = 0;
  for (Bitboard snipers =
           enemy & ((rook_rays(ksq) & pos.pieces(PieceType::Rook, PieceType::Queen)) |
                    (bishop_rays(ksq) & pos.pieces(PieceType::Bishop, PieceType::Queen)));
       snipers;) {
    const Square s = pop_lsb(snipers);
    const Bitboard between = tables.between[index(ksq)][index(s)] & occ;
    if (!between)
      checkers |= square_bb(s);
    else if (!more_than_one(between))
      pinned |= between & own;
  }

  // King: every square not attacked once the king has left its own square. The attacks
  // of pawns, knights and the king do not depend on what stands where, so they are
  // taken out in bulk; only the sliders' lines, which the king's own square may block,
  // are looked up per square. A sink with king_unchecked gets the squares left before
  // that look-up and tests those it uses itself (Position::leaves_king_safe): a search
  // that tries one or two of its moves saves most of the cost.
  auto king_moves = [&] {
    if (!wanted(PieceType::King)) return;
    Bitboard to = king_attacks(ksq) & ~own & only_to;
    to &= ~(pawn_attacks_bb<Them>(pos.pieces(Them, PieceType::Pawn)) |
            king_attacks(pos.king_square(Them)));
    for (Bitboard n = pos.pieces(Them, PieceType::Knight); n && to;)
      to &= ~knight_attacks(pop_lsb(n));
    if constexpr (Sink::king_unchecked) {
      sink.piece_moves(ksq, to);
      return;
    }
    const Bitboard occ_without_king = occ ^ square_bb(ksq);
    const Bitboard diagonal = pos.pieces(PieceType::Bishop, PieceType::Queen) & enemy;
    const Bitboard straight = pos.pieces(PieceType::Rook, PieceType::Queen) & enemy;
    Bitboard safe = 0;
    while (to) {
      const Square t = pop_lsb(to);
      if (!(diagonal && (tables.bishop[index(t)].attacks(occ_without_king) & diagonal)) &&
          !(straight && (tables.rook[index(t)].attacks(occ_without_king) & straight)))
        safe |= square_bb(t);
    }
    sink.piece_moves(ksq, safe);
  };
  if (!Sink::stop_early || more_than_one(checkers)) king_moves();
  if (more_than_one(checkers)) return;  // double check: only the king moves
  auto done = [&] {
    if constexpr (Sink::stop_early)
      return sink.full();
    else
      return false;
  };

  // Squares that resolve a single check (capture the checker or block), else any.
  const Bitboard target =
      (checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard(0)) & ~own & only_to;
  // A pinned piece can never resolve a check, so in check only unpinned pieces move.
  const Bitboard movable_pinned = checkers ? 0 : pinned;

  for (Bitboard b = wanted(PieceType::Knight) ? pos.pieces(Us, PieceType::Knight) & ~pinned : 0;
       b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(s, knight_attacks(s) & target);
  }
  if (done()) return;
  const Bitboard queens = wanted(PieceType::Queen) ? pos.pieces(Us, PieceType::Queen) : 0;
  const Bitboard diagonal =
      (wanted(PieceType::Bishop) ? pos.pieces(Us, PieceType::Bishop) : 0) | queens;
  const Bitboard straight =
      (wanted(PieceType::Rook) ? pos.pieces(Us, PieceType::Rook) : 0) | queens;
  for (Bitboard b = diagonal & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(s, tables.bishop[index(s)].attacks(occ) & target);
  }
  for (Bitboard b = straight & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(s, tables.rook[index(s)].attacks(occ) & target);
  }
  for (Bitboard b = diagonal & movable_pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(
        s, tables.bishop[index(s)].attacks(occ) & target & tables.line[index(ksq)][index(s)]);
  }
  for (Bitboard b = straight & movable_pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(
        s, tables.rook[index(s)].attacks(occ) & target & tables.line[index(ksq)][index(s)]);
  }

  if (done()) return;
  // Pawns that are not pinned move in bulk, one shift per direction.
  const Bitboard pawns = wanted(PieceType::Pawn) ? pos.pieces(Us, PieceType::Pawn) : 0;
  const Bitboard free_pawns = pawns & ~pinned;
  const Bitboard empty = ~occ;
  {
    const Bitboard single = shift<Up>(free_pawns) & empty;
    const Bitboard twice = shift<Up>(single & ThirdRank) & empty & target;
    const Bitboard push = single & target;
    const Bitboard left = shift<UpLeft>(free_pawns) & enemy & target;
    const Bitboard right = shift<UpRight>(free_pawns) & enemy & target;
    sink.template pawn_sets<Up, UpLeft, UpRight>(push & ~PromotionRank, twice,
                                                 left & ~PromotionRank, right & ~PromotionRank);
    if ((push | left | right) & PromotionRank)
      sink.template promotion_sets<Up, UpLeft, UpRight>(push & PromotionRank, left & PromotionRank,
                                                        right & PromotionRank);
  }
  if (done()) return;
  // Pinned pawns move only along the pin line.
  for (Bitboard b = pawns & movable_pinned; b;) {
    const Square s = pop_lsb(b);
    const Bitboard line = tables.line[index(ksq)][index(s)];
    const Bitboard single = shift<Up>(square_bb(s)) & empty;
    Bitboard to =
        (single | (shift<Up>(single & ThirdRank) & empty) | (pawn_attacks(Us, s) & enemy)) & line &
        only_to;
    while (to) {
      const Square t = pop_lsb(to);
      if (square_bb(t) & PromotionRank) {
        for (PieceType p : promotion_types) sink.move(Move::promotion(s, t, p));
      } else {
        sink.move(Move(s, t));
      }
    }
  }
  // En passant: tested one by one against every line to the king (pins, the rank
  // opened by removing both pawns, and a check the capture does not resolve).
  if (const Square ep = pos.en_passant_square(); ep != Square::None && contains(only_to, ep)) {
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      const Square s = pop_lsb(b);
      if (pos.is_legal_en_passant(s)) sink.move(Move::en_passant(s, ep));
    }
  }
  if constexpr (Sink::stop_early) {
    if (done()) return;
    king_moves();
    if (done()) return;
  }
  // Castling (Article 3.8.2): the right exists, the king is not in check, every square
  // between king and rook and their destinations is empty (but for the two of them),
  // and no square the king crosses or lands on is attacked.
  if (!checkers && pos.castling_rights().any(Us) && wanted(PieceType::King)) {
    // Called with constants for each side, so that the destinations fold away.
    const auto castle = [&](CastlingSide side, Square kto, Square rto) {
      if (!pos.castling_rights().has(Us, side)) return;
      const Square rsq = pos.castling_rook(Us, side);
      if (!contains(only_to, rsq)) return;
      const Bitboard king_path = tables.between[index(ksq)][index(kto)] | square_bb(kto);
      const Bitboard both = square_bb(ksq) | square_bb(rsq);
      const Bitboard must_be_empty =
          (king_path | tables.between[index(rsq)][index(rto)] | square_bb(rto)) & ~both;
      if (must_be_empty & occ) return;
      const Bitboard occ_after = occ ^ both;
      // The king's destination is checked even when it is the king's own square
      // (Chess960): the rook leaving may open a line to it.
      for (Bitboard p = king_path; p;)
        if (pos.attackers_to(pop_lsb(p), occ_after) & enemy) return;
      sink.move(Move::castling(ksq, rsq));
    };
    castle(CastlingSide::KingSide, relative_square(Us, Square::G1),
           relative_square(Us, Square::F1));
    castle(CastlingSide::QueenSide, relative_square(Us, Square::C1),
           relative_square(Us, Square::D1));
  }
}

// The generator where the compiler decides whether to inline it (generate_legal_here() is
// its body, inlined where a caller needs it to be: count_legal()).
template <Color Us, bool Filtered, class Sink>
void generate_legal(const Position& pos, Sink& sink, MoveFilter filter = {}) noexcept {
  generate_legal_here<Us, Filtered>(pos, sink, filter);
}

// The number of legal moves of `pos` (perft's leaves, Article 5's tests): counting moves is
// mostly counting bits, so where the build's flags leave POPCNT out (x86-64's default) the
// function is also built for processors that have it, chosen when the program starts
// (ARBITER_POPCNT_CLONES, config.hpp): perft 5 of the start position 9.8 -> 8.3 ms.
ARBITER_POPCNT_CLONES inline int count_legal(const Position& pos) noexcept {
  CountSink sink;
  if (pos.side_to_move() == Color::White)
    generate_legal_here<Color::White, false>(pos, sink);
  else
    generate_legal_here<Color::Black, false>(pos, sink);
  return sink.count;
}

template <class Sink>
void generate_legal(const Position& pos, Sink& sink) noexcept {
  if (pos.side_to_move() == Color::White)
    generate_legal<Color::White, false>(pos, sink);
  else
    generate_legal<Color::Black, false>(pos, sink);
}

template <class Sink>
void generate_legal(const Position& pos, Sink& sink, MoveFilter filter) noexcept {
  if (pos.side_to_move() == Color::White)
    generate_legal<Color::White, true>(pos, sink, filter);
  else
    generate_legal<Color::Black, true>(pos, sink, filter);
}

}  // namespace detail

/// Appends every legal move of the side to move to `list`.
inline void generate_legal_moves(const Position& pos, MoveList& list) noexcept {
  detail::ListSink sink{{}, list};
  detail::generate_legal(pos, sink);
}

/// Appends the legal moves that pass `filter` (destination squares, piece types):
/// what reading a written move (SAN) needs, without generating the rest.
inline void generate_legal_moves(const Position& pos, MoveList& list, MoveFilter filter) noexcept {
  detail::ListSink sink{{}, list};
  detail::generate_legal(pos, sink, filter);
}

/// Every legal move of the side to move.
inline MoveList legal_moves(const Position& pos) noexcept {
  MoveList list;
  generate_legal_moves(pos, list);
  return list;
}

/// The number of legal moves, counted without listing them.
inline int legal_move_count(const Position& pos) noexcept { return detail::count_legal(pos); }

/// The number of legal moves, counted only up to `limit` (returns at least that
/// many when there are more): cheaper when a few are enough to know.
inline int legal_move_count(const Position& pos, int limit) noexcept {
  detail::LimitSink sink{limit};
  detail::generate_legal(pos, sink);
  return sink.count;
}

/// Whether the side to move has a legal move (if not: checkmate or stalemate, Art. 5).
inline bool any_legal_move(const Position& pos) noexcept { return legal_move_count(pos, 1) != 0; }

namespace detail {

// How many of the king's steps (castling aside) are legal, counted up to `limit`: a step
// onto a square no piece of its own holds is legal exactly when the square is not
// attacked once the king has left its square and a piece captured there is gone
// (leaves_king_safe(); 3.8.1, 3.9).
ARBITER_FORCE_INLINE int legal_king_steps(const Position& pos, int limit) noexcept {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  int steps = 0;
  for (Bitboard b = king_attacks(king) & ~pos.pieces(us); b && steps < limit;) {
    const Square to = pop_lsb(b);
    steps += int(pos.leaves_king_safe(king, to, square_bb(to)));
  }
  return steps;
}

// Whether the side to move surely has two legal moves or more, found with a few table
// lookups: what board_ending() asks of every position of every game audited, and the
// search for forced moves (unwinnable.hpp) of each position it plays into, where the
// answer is nearly always yes. True is exact; false says nothing (the full count decides).
//
// Why true is exact. Check first: the king is attacked by an enemy pawn or knight on a
// square those attack from, or by a slider on one of its lines with nothing between
// (the lines that hold a slider moving along them are listed anyway, below), which is
// checkers() without its king term (kings never stand next to each other).
//
// Not in check. A move of a piece other than the king, not en passant, changes the board
// on two squares only: its square `s` is emptied and its destination `t` takes it
// (removing an enemy piece there, if any). After it the king, still on its square, is
// attacked only if some enemy piece attacks it: a piece removed attacks nothing, the
// piece moved is our own, and pawns, knights and kings attack the same squares whatever
// the occupancy, so the attack is one the move uncovered by emptying `s`: an enemy slider
// on the line through the king and `s` that moves along it (a rook or queen on a rank or
// file, a bishop or queen on a diagonal). A piece on no line through the king that holds
// such a slider (anywhere on it) therefore has only legal moves (3.9: a move is illegal
// only when it leaves the own king attacked; castling and en passant are not counted
// here), and its moves are the squares it attacks that hold no piece of its own (a
// knight, a bishop, a rook, a queen), or the square in front of it when empty (a pawn; a
// push to the last rank is four moves, counted as one).
//
// In check or not, the king's legal steps are counted (legal_king_steps()). Different
// pieces or squares are different moves, so two counted are two legal moves. In check
// only the king's steps are counted (a move of another piece must also parry the check,
// which is not looked at). tests/outcome_test.cpp checks it against the full legal-move
// count on every position of the corpus and random games. Forced inline: asked of every
// position audited, where the call's own cost was about a sixth of it.
ARBITER_FORCE_INLINE bool surely_two_legal_moves(const Position& pos) noexcept {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.occupied(), own = pos.pieces(us), enemy = pos.pieces(~us);
  // The lines through the king that hold an enemy slider moving along them.
  const Bitboard snipers =
      enemy & ((bishop_rays(king) & pos.pieces(PieceType::Bishop, PieceType::Queen)) |
               (rook_rays(king) & pos.pieces(PieceType::Rook, PieceType::Queen)));
  Bitboard exposed = 0;
  bool in_check = (pawn_attacks(us, king) & enemy & pos.pieces(PieceType::Pawn)) ||
                  (knight_attacks(king) & enemy & pos.pieces(PieceType::Knight));
  if (snipers) {
    const auto& tables = slider_tables();  // once, not once per sniper
    for (Bitboard b = snipers; b;) {
      const Square sniper = pop_lsb(b);
      exposed |= tables.line[index(king)][index(sniper)];
      in_check |= !(tables.between[index(king)][index(sniper)] & occupied);
    }
  }
  // Only "two or more" matters, so each set counts as min(popcount, 2): no popcount
  // (a dozen instructions without POPCNT) and the same answer.
  const auto up_to_two = [](Bitboard b) noexcept { return int(b != 0) + int((b & (b - 1)) != 0); };
  // The king's legal steps, up to two in all with `moves` already counted.
  const auto with_king_steps = [&](int moves) noexcept {
    return moves + legal_king_steps(pos, 2 - moves) >= 2;
  };
  if (in_check) return with_king_steps(0);
  const Bitboard off_lines = ~exposed;  // pieces no move of theirs can expose the king
  // Pawn pushes first: one shift for all of them, and two or more in nearly every game
  // position.
  const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & off_lines;
  int moves = up_to_two((us == Color::White ? pawns << 8 : pawns >> 8) & ~occupied);
  if (moves >= 2) return true;
  for (Bitboard b = pos.pieces(us, PieceType::Knight) & off_lines; b;) {
    moves += up_to_two(knight_attacks(pop_lsb(b)) & ~own);
    if (moves >= 2) return true;
  }
  const Bitboard queens = pos.pieces(us, PieceType::Queen);
  for (Bitboard b = (pos.pieces(us, PieceType::Bishop) | queens) & off_lines; b;) {
    moves += up_to_two(bishop_attacks(pop_lsb(b), occupied) & ~own);
    if (moves >= 2) return true;
  }
  for (Bitboard b = (pos.pieces(us, PieceType::Rook) | queens) & off_lines; b;) {
    moves += up_to_two(rook_attacks(pop_lsb(b), occupied) & ~own);
    if (moves >= 2) return true;
  }
  return with_king_steps(moves);
}

// The legal moves of the side to move counted up to two (0, 1, or 2 for two or more):
// the cheap test first, the count only where it does not answer.
inline int legal_moves_up_to_two(const Position& pos) noexcept {
  return surely_two_legal_moves(pos) ? 2 : legal_move_count(pos, 2);
}

}  // namespace detail

/// Whether `m` is a legal move in `pos`: whether it is one of legal_moves(pos), encoding
/// and all (the tests compare the two on every encoding).
inline bool is_legal(const Position& pos, Move m) noexcept {
  const Square from = m.from(), to = m.to();
  const Piece piece = pos.piece_on(from);
  const Color us = pos.side_to_move();
  if (piece == Piece::None || color_of(piece) != us) return false;
  if (m.is_castling() || m.is_en_passant()) {
    // Rare: only the moves of that piece to that square are generated (castling is a king
    // move to the rook's square).
    MoveList list;
    generate_legal_moves(pos, list, {square_bb(to), MoveFilter::type_bit(type_of(piece))});
    return list.contains(m);
  }
  // A plain move or a promotion, tested directly: the piece moves by its rules (3.2-3.7)
  // and its own king is not attacked afterwards (3.9). The generator lists exactly these
  // moves: its pins and check evasions are the same test made for many moves at once.
  const bool promotion = m.is_promotion();
  if (!promotion && (m.raw() >> 12) != 0) return false;  // a promotion piece on a plain move
  const Piece target = pos.piece_on(to);
  // Never the enemy king: a legal position has the side not to move out of check.
  if (target != Piece::None && (color_of(target) == us || type_of(target) == PieceType::King))
    return false;
  const PieceType type = type_of(piece);
  if (type == PieceType::Pawn) {
    // Pawns stand on ranks 2-7, so the square ahead is on the board.
    if ((relative_rank(us, to) == 7) != promotion)
      return false;  // promotes exactly on the last rank
    const int up = pawn_push(us), step = index(to) - index(from);
    const bool moves = target == Piece::None
                           ? step == up || (step == 2 * up && relative_rank(us, from) == 1 &&
                                            pos.piece_on(Square(index(from) + up)) == Piece::None)
                           : contains(pawn_attacks(us, from), to);
    if (!moves) return false;
  } else if (promotion || !contains(attacks_of(type, from, pos.occupied()), to)) {
    return false;
  }
  return pos.leaves_king_safe(from, to, target != Piece::None ? square_bb(to) : Bitboard(0));
}

inline Result<Position, MoveError> Position::play(Move m) const noexcept {
  if (!is_legal(*this, m)) return fail(MoveError{MoveError::Kind::Illegal, m});
  return play_unchecked(m);
}

}  // namespace arbiter
