#pragma once
// The dead position checked after every move (5.2.2; 1997: 9.6; 2001-2009: 5.2 b, 9.6;
// 2014: 5.2 b, 9.7): neither side can checkmate by any series of legal moves. A position
// is dead when the quick mode's proofs of NoWin (unwinnable.hpp) hold for both sides:
// the material lemmas, forced moves into such a position, no legal move left, the static
// reachability proof (detail/reachability.hpp). Sound (never a dead position where a
// mate can still happen), not complete. The quick mode's closure of locked positions is
// not run here: it costs about a million instructions per locked position and proved
// none of the real-games corpus dead; the rulings (6.9, 5.1.2) and `arbiter dead` run it.
// So where the position does not look locked (detail::looks_locked) the answer is the
// quick mode's NoWin for both sides exactly; where it does, it may say less, never more.
//
// Why a pre-filter. A live game (Game) asks after every move, and a move costs a few
// hundred instructions to read and play; the static proof costs tens of thousands. The
// filter below shows, in a few dozen bitboard operations, that the static proof fails for a
// side (a mate picture exists in its over-approximation), so that with enough material that
// side's NoWin cannot be proved and the position is not found dead, without running the
// proof. Nearly every position of real games passes the filter for the first side tried;
// the rest run the proof.

#include "movegen.hpp"
#include "unwinnable.hpp"

namespace arbiter {

namespace detail {

/** @{ */
/// One step of each kind from every square of `b` (squares off the board dropped). Each
/// is the OR of the per-square attack sets over `b`, built from shared shifts: the
/// squares one or two files aside, moved up or down by whole ranks (exact, since a
/// shift by whole ranks never wraps).
constexpr Bitboard beside(Bitboard b) noexcept { return shift<1>(b) | shift<-1>(b); }
constexpr Bitboard orthogonal_steps(Bitboard b) noexcept { return beside(b) | (b << 8) | (b >> 8); }
constexpr Bitboard diagonal_steps(Bitboard b) noexcept {
  const Bitboard aside = beside(b);
  return (aside << 8) | (aside >> 8);
}
constexpr Bitboard king_steps(Bitboard b) noexcept {
  const Bitboard aside = beside(b), row = aside | b;
  return aside | (row << 8) | (row >> 8);
}
constexpr Bitboard knight_steps(Bitboard b) noexcept {
  constexpr Bitboard not_ab = ~(FileA | (FileA << 1)), not_gh = ~(FileH | (FileH >> 1));
  const Bitboard one = beside(b), two = ((b & not_gh) << 2) | ((b & not_ab) >> 2);
  return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}
/** @} */

// The squares reached from `from` by repeated steps onto squares of `allowed`, at most
// `rounds` rounds (a subset of the full flood, which is all a caller below needs).
template <class Steps>
constexpr Bitboard flood(Bitboard from, Bitboard allowed, Steps steps, int rounds) noexcept {
  for (int i = 0; i < rounds; ++i) {
    const Bitboard grown = from | (steps(from) & allowed);
    if (grown == from) break;
    from = grown;
  }
  return from;
}

// A knight, bishop, rook or queen that surely moves in the static proof's sets (so is
// not steady there): one that attacks a square no piece of its own stands on (R is
// closed under its moves past steady pieces, and steady pieces are a subset of those on
// the board, so its attacks now are among its moves there).
inline bool man_surely_moves(const Position& pos, Square s) noexcept {
  const Piece piece = pos.piece_on(s);
  return (attacks_of(type_of(piece), s, pos.occupied()) & ~pos.pieces(color_of(piece))) != 0;
}

// A piece other than a pawn that surely moves in the static proof's sets (so is not
// steady there, and a pawn may push onto its square): a knight, bishop, rook or queen
// as man_surely_moves(), or a king next to a square that no piece of its own stands on
// and that A, the squares always attacked by the enemy, surely leaves out. A holds only
// attacks of steady pieces along rays that stop at any square a piece may ever stand
// on, so a subset of the attacks now of the enemy pieces that may be steady: all but
// its knights, bishops, rooks and queens that surely move. (A king going where the
// enemy's only man, taken as uncapturable, stands is not counted: the proof forbids it
// while that man is steady.)
inline bool surely_mobile(const Position& pos, Square s) noexcept {
  const Piece piece = pos.piece_on(s);
  const Color c = color_of(piece);
  const PieceType type = type_of(piece);
  if (type != PieceType::King) return man_surely_moves(pos, s);
  const Bitboard enemy = pos.pieces(~c);
  const Bitboard enemy_men = enemy & ~pos.pieces(PieceType::King);
  Bitboard targets = king_attacks(s) & ~pos.pieces(c);
  if (!more_than_one(enemy_men)) targets &= ~enemy_men;
  for (Bitboard b = targets; b;) {
    bool attacked = false;
    for (Bitboard a = pos.attackers_to(pop_lsb(b)) & enemy; a && !attacked;) {
      const Square attacker = pop_lsb(a);
      const PieceType t = type_of(pos.piece_on(attacker));
      attacked = t == PieceType::King || t == PieceType::Pawn || !man_surely_moves(pos, attacker);
    }
    if (!attacked) return true;
  }
  return false;
}

// Whether the pawn of `c` standing on (or reaching) `from` may push from there to its last
// rank in the static proof's sets: every square ahead of it on the file empty, held by a
// piece other than a pawn that surely moves (not steady), or by a pawn of `taken` (enemy
// pawns that may be captured: not steady, and the pawns' file rule leaves them out).
inline bool pushes_to_last_rank(const Position& pos, Square from, Color c,
                                Bitboard taken) noexcept {
  const int file = file_of(from);
  const Bitboard ahead =
      file_bb(file) & (c == Color::White ? ~((square_bb(from) << 1) - 1) : (square_bb(from) - 1));
  if (ahead & pos.pieces(PieceType::Pawn) & ~taken) return false;
  for (Bitboard b = ahead & pos.occupied() & ~taken; b;)
    if (!surely_mobile(pos, pop_lsb(b))) return false;
  return true;
}

// The pawns of the loser that the winner's king surely reaches, so may capture (then they
// are not steady, being in the capturer's R). The king's R is closed under its steps onto
// squares with no steady piece of its own and outside A[loser]; A[loser] holds only
// attacks of steady pieces along rays stopped at any square a piece may stand on, so a
// subset of the attacks now of the loser's pieces that may be steady (all but those
// surely_mobile() finds). A flood of king steps that avoids the winner's pieces and those
// attacks stays in R.
inline Bitboard pawns_the_king_takes(const Position& pos, Color winner, int rounds) noexcept {
  const Color loser = ~winner;
  const Bitboard occupied = pos.occupied(), pawns = pos.pieces(loser, PieceType::Pawn);
  if (!pawns) return 0;
  Bitboard guarded = loser == Color::White ? pawn_attacks_bb<Color::White>(pawns)
                                           : pawn_attacks_bb<Color::Black>(pawns);
  for (Bitboard b = pos.pieces(loser) & ~pawns; b;) {
    const Square s = pop_lsb(b);
    if (!surely_mobile(pos, s)) guarded |= attacks_of(type_of(pos.piece_on(s)), s, occupied);
  }
  const Bitboard reach = flood(
      square_bb(pos.king_square(winner)), ~pos.pieces(winner) & ~guarded,
      [](Bitboard b) { return king_steps(b); }, rounds);
  return reach & pawns;
}

// The squares of `pawns` of `c` and those their pushes onto the `empty` squares reach, up to
// the first piece on their file (all in their R in the static proof's sets).
constexpr Bitboard pushes_onto_empty(Bitboard pawns, Color c, Bitboard empty) noexcept {
  for (int i = 0; i < 6; ++i) pawns |= (c == Color::White ? pawns << 8 : pawns >> 8) & empty;
  return pawns;
}

// The squares the pieces of `c` other than the king stand on, and those their pawns'
// pushes onto empty squares reach up to the first piece on their file: the cheap part of
// surely_reached_by_men() below.
inline Bitboard men_and_pushes(const Position& pos, Color c) noexcept {
  return (pos.pieces(c) & ~pos.pieces(PieceType::King)) |
         pushes_onto_empty(pos.pieces(c, PieceType::Pawn), c, ~pos.occupied());
}

// Squares surely in the R of some piece of `c` other than the king: where they stand,
// the floods of their steps onto squares none of their own stands on, and the pawns'
// pushes onto empty squares up to the first piece on their file.
inline Bitboard surely_reached_by_men(const Position& pos, Color c, int rounds) noexcept {
  const Bitboard free = ~pos.pieces(c);
  Bitboard r = men_and_pushes(pos, c);
  r |= flood(
      pos.pieces(c, PieceType::Queen), free, [](Bitboard b) { return king_steps(b); }, rounds);
  r |= flood(
      pos.pieces(c, PieceType::Knight), free, [](Bitboard b) { return knight_steps(b); }, rounds);
  r |= flood(
      pos.pieces(c, PieceType::Rook), free, [](Bitboard b) { return orthogonal_steps(b); }, rounds);
  r |= flood(
      pos.pieces(c, PieceType::Bishop), free, [](Bitboard b) { return diagonal_steps(b); }, rounds);
  return r;
}

// The filter's floods take at most this many rounds (subsets of the full ones, so still
// subsets of R; 14 rounds cross the board by orthogonal steps).
inline constexpr int static_filter_rounds = 14;

// Whether a pawn of `winner` may promote past pieces that move, or after one capture (the
// pawns' part of static_proof_fails() below; its tests cost hundreds of instructions).
inline bool pawn_may_promote(const Position& pos, Color winner) noexcept {
  constexpr int rounds = static_filter_rounds;
  const Color loser = ~winner;
  const Bitboard pawns = pos.pieces(winner, PieceType::Pawn);
  const Bitboard taken = pawns_the_king_takes(pos, winner, rounds);
  const Bitboard empty = ~pos.occupied();
  // A capture needs the square in the R of a loser's man (surely_reached_by_men()). The
  // squares they stand on and their pawns' pushes are tried first: the floods that find
  // the rest cost more than the whole test most often does.
  const Bitboard men_now = men_and_pushes(pos, loser);
  Bitboard all_takes = 0;
  for (Bitboard b = pawns; b;) {
    const Square s = pop_lsb(b);
    if (pushes_to_last_rank(pos, s, winner, taken)) return true;
    // It may capture from any square its pushes onto empty squares reach.
    const Bitboard run = pushes_onto_empty(square_bb(s), winner, empty);
    const Bitboard takes = winner == Color::White ? pawn_attacks_bb<Color::White>(run)
                                                  : pawn_attacks_bb<Color::Black>(run);
    for (Bitboard t = takes & men_now; t;)
      if (pushes_to_last_rank(pos, pop_lsb(t), winner, taken)) return true;
    all_takes |= takes;
  }
  const Bitboard rest = all_takes & ~men_now;
  if (!rest) return false;
  for (Bitboard t = rest & surely_reached_by_men(pos, loser, rounds); t;)
    if (pushes_to_last_rank(pos, pop_lsb(t), winner, taken)) return true;
  return false;
}

// static_proof_fails() past the queens' flood, `v` the V it found (empty without queens):
// out of line, so that the queens' part, where most positions end, stays small where it
// is inlined.
ARBITER_NOINLINE inline bool static_proof_fails_past_queens(const Position& pos, Color winner,
                                                            Bitboard v) noexcept {
  const Color loser = ~winner;
  const Square m = pos.king_square(loser), w = pos.king_square(winner);
  const Bitboard near_m = king_attacks(m);
  const Bitboard own = pos.pieces(winner), free = ~own;
  const Bitboard blockers = pos.pieces(loser) & ~square_bb(m);
  const Bitboard around = near_m & ~king_attacks(w);  // the squares w leaves to V
  // The proof's test with `v` (a subset of V) for m and w.
  const auto mate_picture = [&](Bitboard set) noexcept {
    return contains(set, m) && (around & ~set & ~blockers) == 0;
  };
  constexpr int rounds = static_filter_rounds;
  const Bitboard pawns = pos.pieces(winner, PieceType::Pawn);
  const bool promotion_covers = (near_m & free) != 0;
  v |= winner == Color::White ? pawn_attacks_bb<Color::White>(pawns)
                              : pawn_attacks_bb<Color::Black>(pawns);
  if (mate_picture(v)) return true;
  // The knights', rooks' and bishops' floods, one more step of their kind each, in turn.
  // Each flood stops at the first round whose steps show the picture: mate_picture() only
  // gains as v grows and each round's set is a subset of the whole flood's, so the answer
  // is the whole flood's (and where no round shows it, v ends as the whole flood's).
  const auto adds_mate_picture = [&](PieceType type, auto steps) noexcept {
    Bitboard reach = pos.pieces(winner, type);
    if (!reach) return false;
    // A rook's or bishop's lines now, as the queens' above: fewer rounds to cross them.
    if (type != PieceType::Knight)
      for (Bitboard b = reach; b;) reach |= attacks_of(type, pop_lsb(b), pos.occupied()) & free;
    for (int i = 0;; ++i) {
      const Bitboard next = steps(reach);
      if (mate_picture(v | next)) return true;
      const Bitboard grown = reach | (next & free);
      if (i == rounds || grown == reach) {
        v |= next;
        return false;
      }
      reach = grown;
    }
  };
  if (adds_mate_picture(PieceType::Knight, [](Bitboard b) { return knight_steps(b); }) ||
      adds_mate_picture(PieceType::Rook, [](Bitboard b) { return orthogonal_steps(b); }))
    return true;
  // Before the bishops' flood, which seldom shows the picture where the others did not.
  // The order is one of cost only: each test that answers true is sound alone, and the
  // answer false needs every test's false.
  if (pawns && promotion_covers && pawn_may_promote(pos, winner)) return true;
  return adds_mate_picture(PieceType::Bishop, [](Bitboard b) { return diagonal_steps(b); });
}

// The queens' part of static_proof_fails() below: true where the flood of a queen of
// `winner` reaches the loser's king m, so that m's neighbours and m itself (next to the
// square the flood came from) are all in V and the proof fails; otherwise `v` becomes the
// V the flood gives (left as it is without queens) for the rest of the filter. Most
// positions of real games end here, so the flood starts with the queens' lines (each
// square of a line through empty squares is one move away) and stops once it is next to m.
//
// The flood meets the target (m and its neighbours) within 2k rounds exactly where k
// rounds from each side meet: a path of free squares from `reach` to a free square of the
// target, met half way. Two floods side by side halve the chain of dependent steps. Where
// either flood stops growing without meeting the other, the queens' flood never meets
// the target: the target's flood is then a whole component of free squares, which only a
// queen's own square (the one square of `reach` that is not free) could touch from
// outside, and that meets the free squares next to it in the first round.
ARBITER_FORCE_INLINE bool queens_reach_king(const Position& pos, Color winner,
                                            Bitboard& v) noexcept {
  const Bitboard queens = pos.pieces(winner, PieceType::Queen);
  if (!queens) return false;
  const Square m = pos.king_square(~winner);
  const Bitboard free = ~pos.pieces(winner);
  Bitboard reach = queens;
  for (Bitboard b = queens; b;) reach |= queen_attacks(pop_lsb(b), pos.occupied()) & free;
  const Bitboard target = king_attacks(m) | square_bb(m);
  if (reach & target) return true;
  const auto grow = [free](Bitboard b) noexcept { return b | (king_steps(b) & free); };
  constexpr int rounds = static_filter_rounds;
  Bitboard toward = target & free;
  int i = 0;  // the queens' flood's rounds
  while (2 * i < rounds) {
    const Bitboard grown = grow(reach), met = grow(toward);
    if (grown & met) return true;
    const bool stopped = grown == reach || met == toward;
    reach = grown;
    toward = met;
    ++i;
    if (stopped) break;
  }
  // The queens' whole flood (as many rounds as it takes alone) for V.
  v = king_steps(flood(
      reach, free, [](Bitboard b) { return king_steps(b); }, rounds - i));
  return false;
}

// Whether the static proof, statically_unwinnable(pos, winner), surely answers false: a
// few bitboard floods that under-approximate its sets, and its own mate test on them.
// True is exact; false says nothing (the caller then runs the proof).
//
// Why. The static proof (detail/reachability.hpp) answers false as soon as one square m
// of R[loser's king] is in V, and for some square w of R[winner's king] (not m, not next
// to m) the squares next to m outside V and not next to w can be held by distinct loser
// pieces other than the king whose R hold them. Take m = the loser king's square and w =
// the winner king's square (both in their R; kings never stand next to each other), and
// sets that are subsets of the proof's own: a subset of V leaves more open squares, and
// open squares held now by loser pieces are held by distinct pieces, each on a square of
// its R. So these subsets of V give false by the proof's own test:
//   - Pawns: the squares the winner's pawns attack from where they stand (in V).
//   - A queen, rook, bishop or knight: its R holds every square it reaches by steps of
//     its kind (king steps for a queen, orthogonal for a rook, diagonal for a bishop,
//     knight jumps) onto squares no winner piece stands on, since such a step is a move
//     whatever the obstacles (R is closed under the piece's moves past steady pieces,
//     onto any square but one of its own steady pieces, and those are winner pieces).
//     Its attacks now onto such squares are moves too (past the pieces now, a superset
//     of the steady ones), so the floods may start from them. V holds its attacks from
//     each square of R, so one more step of its kind from that set (the adjacent squares
//     of a line are attacked whatever the obstacles).
//   - A pawn that may promote in the proof's sets: then V holds every square next to a
//     square no winner piece stands on (a queen there attacks them), so m and the
//     squares next to m, if some square next to m holds no winner piece. It may promote
//     when every square ahead of it on its file is empty, held by a piece that surely
//     moves, or by a loser pawn the winner's king surely reaches, with no other pawn
//     among them (its pushes then reach the last rank), or when it can first capture
//     onto a square some loser piece other than the king surely reaches (a pawn's
//     captures in R), from its square or one its pushes onto empty squares reach, and
//     push on from there in the same way.
ARBITER_FORCE_INLINE bool static_proof_fails(const Position& pos, Color winner) noexcept {
  const Color loser = ~winner;
  const Square m = pos.king_square(loser), w = pos.king_square(winner);
  const Bitboard near_m = king_attacks(m);
  if (contains(near_m, w)) return false;  // not a legal position: let the proof decide
  const Bitboard free = ~pos.pieces(winner);
  // First a pawn of the winner with every square ahead empty, which settles about a third
  // of real-game positions for less than the queens' flood costs.
  const Bitboard pawns = pos.pieces(winner, PieceType::Pawn);
  if (pawns && (near_m & free)) {
    // The squares behind (toward the pawn's start) each occupied square, on its file.
    const Bitboard occupied = pos.occupied();
    Bitboard shadow;
    if (winner == Color::White) {
      shadow = occupied >> 8;
      shadow |= shadow >> 8;
      shadow |= shadow >> 16;
      shadow |= shadow >> 32;
    } else {
      shadow = occupied << 8;
      shadow |= shadow << 8;
      shadow |= shadow << 16;
      shadow |= shadow << 32;
    }
    if (pawns & ~shadow) return true;  // a pawn with every square ahead empty
  }
  Bitboard v = 0;
  if (queens_reach_king(pos, winner, v)) return true;
  return static_proof_fails_past_queens(pos, winner, v);
}

// is_dead_position() on a position with legal moves, none of them forced (the position
// after the forced moves, or one with two legal moves or more); `white_cannot`:
// insufficient_material(after, Color::White), which the caller has (board_ending()). The
// proofs of "cannot checkmate" for a side are its material, then the static proof.
ARBITER_FORCE_INLINE bool dead_with_choice(const Position& after, bool white_cannot) noexcept {
  // A side whose static proof surely fails, with the material to mate, keeps the
  // position alive for these proofs: nearly every position ends at White's.
  if (!white_cannot && static_proof_fails(after, Color::White)) return false;
  const bool black_cannot = insufficient_material(after, Color::Black);
  if (!black_cannot && static_proof_fails(after, Color::Black)) return false;
  return (white_cannot || statically_unwinnable(after, Color::White)) &&
         (black_cannot || statically_unwinnable(after, Color::Black));
}
inline bool dead_with_choice(const Position& after) noexcept {
  return dead_with_choice(after, insufficient_material(after, Color::White));
}

}  // namespace detail

/// Dead position (5.2.2; 1997: 9.6): neither side can checkmate by any series of legal
/// moves, by the quick mode's proofs of NoWin for both sides (unwinnable.hpp): by material (bare
/// kings, a lone minor piece, bishops all on one colour), by forced moves into such a position
/// (E23: a capture with check whose only reply recaptures into K v K), or by the static proof (a
/// locked pawn wall no piece can cross); the closure of locked positions is left out (file
/// comment). Sound: never true where a helpmate exists. Cheap where the position is alive (the
/// filter above), as after every move.
inline bool is_dead_position(const Position& pos) noexcept {
  if (detail::insufficient_material(pos, Color::White) &&
      detail::insufficient_material(pos, Color::Black))
    return true;
  const Position after = detail::after_forced_moves(pos);
  // No legal move after forced ones: a checkmate ends every continuation (not dead), a
  // stalemate leaves no mate for either side (the quick mode's NoWin for both).
  if (!detail::surely_two_legal_moves(after) && !any_legal_move(after)) return !after.in_check();
  return detail::dead_with_choice(after);
}

}  // namespace arbiter
