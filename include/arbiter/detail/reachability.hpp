#pragma once
// A static proof that a side can never checkmate (5.2.2 dead position, 6.9 flag fall):
// an over-approximation of where each piece can ever stand, and from it a test of every
// square where the losing king could be mated. Sound, not complete: `true` is a proof,
// `false` says nothing. Part of unwinnable.hpp's analysis; no allocation, no recursion.
//
// The reachability fixpoint. For each piece on the board (named by its square now) the
// set R of squares it may ever stand on, and from R the set S of "steady" pieces, which
// never move and are never captured:
//   - a piece is steady when R = {its square} and no enemy piece may capture there (a
//     capture ends on the captured piece's square, so on the capturer's R; a pawn that
//     never promotes captures only diagonally forward from squares of its R);
//   - A[c], the squares always attacked by colour c: the attacks of c's steady pieces, a
//     slider's ray ending at the first square any piece may ever stand on;
//   - R is closed under these moves from every square of R: a knight, bishop, rook or
//     queen to its attacks with only steady pieces as obstacles, except onto a steady
//     piece of its own colour; a king likewise and never into A[enemy]; a pawn one step
//     forward (two from its start rank) onto squares no steady piece holds, and
//     diagonally onto squares some enemy non-king piece's R holds; a pawn whose R meets
//     its last rank anywhere except onto a steady piece of its own colour; the castling
//     squares of the king and rook for each castling right; for the pawn that just made
//     a double step, the en passant square.
// Starting from R = {square} (all steady) the sets only grow (so S and A only shrink)
// until nothing changes.
//
// Soundness (induction over any series of legal moves from the position): (i) every
// piece on the board stands on a square of its R, (ii) every steady piece is on its
// square. Both hold at the start. Take a legal move of piece p from x (in R[p] by (i))
// to t. Its path is empty, so by (ii) no steady piece is on it; t holds no piece of its
// own colour. A king's t is not attacked: every steady piece is present (ii) and every
// square strictly between a steady slider and t is empty (by (i), no piece's R holds
// it), so t is not in A[enemy]. A pawn's diagonal t holds an enemy non-king piece q, so
// t is in R[q] by (i); en passant takes a pawn that moved last (not steady; its single
// step square, which it passed over through an empty square, is in its R, or it is the
// root's en passant pawn). A promotion puts p on its last rank. So t is in R[p] by the
// closure, (i) holds after the move, and a piece captured on t is not steady (t is in
// the capturer's R, and for a pawn diagonally forward of x). A steady piece never moves (its R is
// {its square}); (ii) holds.
//
// When the winner has exactly one piece besides its king, a helpmate never captures it
// (the winner would be left with a bare king, which cannot mate: a king never gives
// check, and without pawns nothing can be gained). The analysis then considers only
// such series: that piece counts as uncapturable (no enemy pawn captures onto its R,
// and while it is steady no enemy piece moves onto its square). The induction above
// is unchanged for those series.
//
// The mate test. In a checkmate of the loser's king on m by the winner: m is in R[loser
// king]; a winner piece other than the king attacks m (a king never gives check); every
// square n next to m is occupied by a loser piece other than the king (distinct pieces
// on distinct squares) or attacked by a winner piece (an unprotected winner piece on n
// could be taken). A winner piece p on x in R[p] attacks at most attacks(type, x) with
// only steady non-king pieces as obstacles (the real board has at least those); a pawn
// that may promote attacks at most what a queen or a knight would. V is the union of
// those; the winner's king on w attacks the squares next to w, where w is in R[king],
// not m and not next to m. So a mate on m needs: m in V, and some such w for which the
// squares next to m outside V and not next to w number at most the loser's non-king
// pieces and lie in their R. If no square m passes, no checkmate by the winner can ever
// arise.

#include <algorithm>

#include "../attacks.hpp"
#include "../position.hpp"

namespace arbiter::detail {

/// The reachability fixpoint of one position (see the file comment), indexed by the
/// square each piece stands on now.
struct Reachability {
  Bitboard reach[64] = {};
  bool promotes[64] = {};
  Bitboard steady = 0;        // squares of steady pieces
  Bitboard attacked[2] = {};  // A[colour]
  Bitboard uncapturable = 0;  // the winner's last piece (its square now), or empty
  Bitboard captures[2] = {};  // where each colour's pieces may ever capture

  Reachability(const Position& pos, Color winner) noexcept { saturate(pos, winner); }

 private:
  void saturate(const Position& pos, Color winner) noexcept {
    const Bitboard occupied = pos.occupied(), kings = pos.pieces(PieceType::King);
    for (Bitboard b = occupied; b;) {
      const Square s = pop_lsb(b);
      reach[index(s)] = square_bb(s);
    }
    const Bitboard winner_men = pos.pieces(winner) & ~kings;
    if (winner_men && !more_than_one(winner_men)) uncapturable = winner_men;
    // The pawn that just made a double step may be taken en passant.
    if (pos.en_passant_square() != Square::None) {
      const Square ep = pos.en_passant_square();
      const Square pawn = Square(index(ep) + (pos.side_to_move() == Color::White ? -8 : 8));
      if (contains(pos.pieces(PieceType::Pawn), pawn)) reach[index(pawn)] |= square_bb(ep);
    }
    // Castling: the king to its g- or c-file square, the rook to the f- or d-file.
    for (Color c : {Color::White, Color::Black}) {
      const int rank = c == Color::White ? 0 : 7;
      for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide}) {
        if (!pos.castling_rights().has(c, side)) continue;
        const Square rook = pos.castling_rook(c, side);
        if (rook == Square::None || !contains(pos.pieces(c, PieceType::Rook), rook)) continue;
        const bool king_side = side == CastlingSide::KingSide;
        reach[index(pos.king_square(c))] |= square_bb(make_square(king_side ? 6 : 2, rank));
        reach[index(rook)] |= square_bb(make_square(king_side ? 5 : 3, rank));
      }
    }
    for (bool progress = true; progress;) {
      progress = false;
      // Derived sets from the current R.
      Bitboard ever = 0, men_reach[2] = {0, 0};
      captures[0] = captures[1] = 0;
      for (Bitboard b = occupied; b;) {
        const Square s = pop_lsb(b);
        ever |= reach[index(s)];
        captures[index(color_of(pos.piece_on(s)))] |= capture_squares(pos, s);
        if (!contains(kings, s)) men_reach[index(color_of(pos.piece_on(s)))] |= reach[index(s)];
      }
      steady = 0;
      for (Bitboard b = occupied; b;) {
        const Square s = pop_lsb(b);
        if (reach[index(s)] != square_bb(s)) continue;
        const Color c = color_of(pos.piece_on(s));
        const bool taken =
            !contains(kings, s) && !contains(uncapturable, s) && contains(captures[index(~c)], s);
        if (!taken) steady |= square_bb(s);
      }
      attacked[0] = attacked[1] = 0;
      for (Bitboard b = steady; b;) {
        const Square s = pop_lsb(b);
        const Piece piece = pos.piece_on(s);
        const PieceType type = type_of(piece);
        attacked[index(color_of(piece))] |= type == PieceType::Pawn
                                                ? pawn_attacks(color_of(piece), s)
                                                : attacks_of(type, s, ever & ~square_bb(s));
      }
      const Bitboard steady_uncapturable = steady & uncapturable;
      for (Bitboard b = occupied; b;) {
        const Square s = pop_lsb(b);
        const Piece piece = pos.piece_on(s);
        const Color c = color_of(piece);
        const PieceType type = type_of(piece);
        const Bitboard own_steady = steady & (pos.pieces(c) | steady_uncapturable);
        // The piece's own moves are followed to their end within the pass (the squares
        // found last are the next starting points); the derived sets stay those of the
        // pass start, which only holds squares back that a later pass adds.
        for (Bitboard frontier = reach[index(s)]; frontier;) {
          Bitboard grown = 0;
          if (promotes[index(s)]) {
            grown = ~own_steady;
          } else {
            const Bitboard capturable =
                men_reach[index(~c)] & ~(c == winner ? 0 : reach_of(uncapturable));
            const Bitboard pushable =
                type == PieceType::Pawn ? ~steady & file_limit(pos, s, c) : Bitboard(0);
            for (Bitboard from = frontier; from;) {
              const Square x = pop_lsb(from);
              if (type == PieceType::Pawn) {
                const int forward = c == Color::White ? 8 : -8;
                const int to = index(x) + forward;
                if (to >= 0 && to < 64 && contains(pushable, Square(to))) {
                  grown |= square_bb(Square(to));
                  const int two = to + forward;
                  if (relative_rank(c, x) == 1 && contains(pushable, Square(two)))
                    grown |= square_bb(Square(two));
                }
                grown |= pawn_attacks(c, x) & capturable;
              } else {
                Bitboard to = attacks_of(type, x, steady) & ~own_steady;
                if (type == PieceType::King) to &= ~attacked[index(~c)];
                grown |= to;
              }
            }
            if (type == PieceType::Pawn && (grown & (Rank1 | Rank8))) {
              promotes[index(s)] = true;
              grown |= ~own_steady;
            }
          }
          frontier = grown & ~reach[index(s)];
          if (frontier) {
            reach[index(s)] |= frontier;
            progress = true;
          }
        }
      }
    }
  }

  // Pawns that never leave a file never pass each other on it: a push can only pass
  // a pawn ahead on the same file by a capture, off the file, or once that pawn is
  // captured. So while the pawn on `s` and a pawn ahead of it on its file both have R
  // within the file, and no piece of the other colour from that pawn has an R that
  // meets its R (so it is never captured), the pawn on `s`
  // stays short of the farthest square that pawn can reach (toward `s`'s last rank);
  // for an enemy pawn that is the square it stands on now. The squares it may still
  // push to; all squares when the rule does not apply. (Soundness: a fact about every
  // series in which both R hold, which the induction in the file comment keeps.)
  Bitboard file_limit(const Position& pos, Square s, Color c) const noexcept {
    const Bitboard file = file_bb(file_of(s));
    if (reach[index(s)] & ~file) return ~Bitboard(0);
    Bitboard allowed = ~Bitboard(0);
    for (Bitboard b = pos.pieces(PieceType::Pawn) & file & ~square_bb(s); b;) {
      const Square q = pop_lsb(b);
      const bool ahead = c == Color::White ? rank_of(q) > rank_of(s) : rank_of(q) < rank_of(s);
      const Bitboard rq = reach[index(q)];
      if (!ahead || (rq & ~file) || (rq & captures[index(~color_of(pos.piece_on(q)))])) continue;
      // The farthest square of R[q] toward c's last rank, and everything from it on.
      Square far = lsb(rq);  // lowest; for White the highest, the last one popped
      if (c == Color::White)
        for (Bitboard t = rq; t;) far = pop_lsb(t);
      const Bitboard from_far =
          c == Color::White ? ~(square_bb(far) - 1) : (square_bb(far) - 1) | square_bb(far);
      allowed &= ~(from_far & file);
    }
    return allowed;
  }

  // Where the piece on `s` may ever capture: its R (a capture ends on the captured
  // piece's square), except that a pawn that never promotes captures only diagonally
  // forward from a square of its R (its pushes take nothing).
  Bitboard capture_squares(const Position& pos, Square s) const noexcept {
    if (type_of(pos.piece_on(s)) != PieceType::Pawn || promotes[index(s)]) return reach[index(s)];
    Bitboard r = 0;
    for (Bitboard b = reach[index(s)]; b;) r |= pawn_attacks(color_of(pos.piece_on(s)), pop_lsb(b));
    return r;
  }

  Bitboard reach_of(Bitboard squares) const noexcept {
    Bitboard r = 0;
    for (Bitboard b = squares; b;) r |= reach[index(pop_lsb(b))];
    return r;
  }
};

/// True: `winner` can never checkmate from `pos`, whatever both sides play (proof in the
/// file comment). False: not proved.
inline bool statically_unwinnable(const Position& pos, Color winner) noexcept {
  const Reachability r(pos, winner);
  const Color loser = ~winner;
  const Bitboard kings = pos.pieces(PieceType::King);
  const Bitboard obstacles = r.steady & ~kings;
  Bitboard visited = 0;
  for (Bitboard b = pos.pieces(winner) & ~kings; b;) {
    const Square s = pop_lsb(b);
    const PieceType type = type_of(pos.piece_on(s));
    for (Bitboard from = r.reach[index(s)]; from;) {
      const Square x = pop_lsb(from);
      if (r.promotes[index(s)])
        visited |= queen_attacks(x, obstacles) | knight_attacks(x);
      else if (type == PieceType::Pawn)
        visited |= pawn_attacks(winner, x);
      else
        visited |= attacks_of(type, x, obstacles);
    }
  }
  // The loser's pieces other than the king, as the squares each can reach.
  Bitboard blocker_reach[16];
  int blockers = 0;
  Bitboard blockable = 0;
  for (Bitboard b = pos.pieces(loser) & ~kings; b && blockers < 16;) {
    blocker_reach[blockers] = r.reach[index(pop_lsb(b))];
    blockable |= blocker_reach[blockers++];
  }
  // Whether distinct loser pieces can stand on all of `open`: a matching of its squares
  // to distinct pieces whose R holds them, grown by augmenting paths (Kuhn's algorithm;
  // at most 8 squares, so the work per call is bounded).
  auto blockable_by_distinct = [&](Bitboard open) {
    if ((open & ~blockable) || popcount(open) > blockers) return false;
    Square squares[8];
    int n = 0;
    for (Bitboard b = open; b;) squares[n++] = pop_lsb(b);
    int holder[16];  // the square index each piece stands on in the matching, or -1
    for (int i = 0; i < blockers; ++i) holder[i] = -1;
    for (int start = 0; start < n; ++start) {
      // Breadth first over squares; from[p]: the square that reached piece p.
      int from[16], queue[8], head = 0, tail = 0;
      for (int i = 0; i < blockers; ++i) from[i] = -1;
      bool seen_square[8] = {};
      queue[tail++] = start;
      seen_square[start] = true;
      int free_piece = -1;
      while (head < tail && free_piece < 0) {
        const int q = queue[head++];
        for (int p = 0; p < blockers && free_piece < 0; ++p) {
          if (from[p] >= 0 || !contains(blocker_reach[p], squares[q])) continue;
          from[p] = q;
          if (holder[p] < 0)
            free_piece = p;
          else if (!seen_square[holder[p]]) {
            seen_square[holder[p]] = true;
            queue[tail++] = holder[p];
          }
        }
      }
      if (free_piece < 0) return false;
      // Flip the path: each piece on it takes the square that reached it.
      for (int p = free_piece;;) {
        const int q = from[p];
        int previous = -1;
        for (int i = 0; i < blockers; ++i)
          if (holder[i] == q) previous = i;
        holder[p] = q;
        if (previous < 0) break;
        p = previous;
      }
    }
    return true;
  };
  const Bitboard winner_king = r.reach[index(pos.king_square(winner))];
  for (Bitboard ms = r.reach[index(pos.king_square(loser))] & visited; ms;) {
    const Square m = pop_lsb(ms);
    const Bitboard escapes = king_attacks(m) & ~visited;
    // Many squares of the mating king leave the same escapes open: test each set once.
    Bitboard tested[64];
    int tested_count = 0;
    for (Bitboard ws = winner_king & ~king_attacks(m) & ~square_bb(m); ws;) {
      const Bitboard open = escapes & ~king_attacks(pop_lsb(ws));
      if (std::find(tested, tested + tested_count, open) != tested + tested_count) continue;
      tested[tested_count++] = open;
      if (blockable_by_distinct(open)) return false;
    }
  }
  return true;
}

}  // namespace arbiter::detail
