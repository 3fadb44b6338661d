#pragma once
// Article 5 on a position: checkmate (5.1.1), stalemate (5.2.1) and dead position
// (5.2.2), and, for a flag fall (6.9), whether one side can still checkmate "by any
// possible series of legal moves".
//
// Dead positions are found by material: bare kings; king and one minor piece against
// a bare king; any number of bishops of both sides, all on squares of one colour (and
// nothing else). These are exactly dead. The test is sound: it never calls a position
// dead, or a side unable to mate, where a mate exists (K+N v K+N and K+B v K+N can be
// mated with help). It is not complete (blocked pawn chains can be dead too); a deeper
// analysis can plug in behind the same functions.

#include <cstdint>

#include "movegen.hpp"
#include "termination.hpp"

namespace arbiter {

/// Checkmate (Article 1.4.1): the side to move is in check and has no legal move.
inline bool is_checkmate(const Position& pos) noexcept {
  return pos.in_check() && !any_legal_move(pos);
}
/// Stalemate (Article 5.2.1): the side to move is not in check and has no legal move.
inline bool is_stalemate(const Position& pos) noexcept {
  return !pos.in_check() && !any_legal_move(pos);
}

/// Whether `side` can possibly checkmate its opponent by some series of legal moves
/// (6.9). Answers false only when that is certain.
inline bool can_checkmate(const Position& pos, Color side) noexcept {
  const Bitboard own = pos.pieces(side) & ~pos.pieces(PieceType::King);
  const Bitboard theirs = pos.pieces(~side) & ~pos.pieces(PieceType::King);
  if (!own) return false;  // a bare king never mates
  // Pawns, rooks and queens (and pawns' promotions) can always mate with help.
  if (own &
      (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen)))
    return true;
  // One knight or one bishop cannot mate a bare king.
  if (!theirs && !more_than_one(own)) return false;
  // Bishops only, of both sides, all on squares of one colour: a checked king stands on
  // that colour, and its neighbours of the other colour can be neither attacked nor
  // blocked by any piece but a king, so no mate can arise.
  const Bitboard bishops = pos.pieces(PieceType::Bishop);
  if (((own | theirs) & ~bishops) == 0 &&
      ((bishops & DarkSquares) == 0 || (bishops & LightSquares) == 0))
    return false;
  return true;
}

/// Dead position (5.2.2): neither side can checkmate by any series of legal moves.
/// Beyond the material cases, a position whose only legal move leads to a dead position
/// is dead too (E23: a capture with check whose only reply recaptures into K v K),
/// followed through up to `forced_plies` forced moves.
inline bool is_dead_position(const Position& pos, int forced_plies = 4) noexcept {
  if (!can_checkmate(pos, Color::White) && !can_checkmate(pos, Color::Black)) return true;
  if (forced_plies <= 0) return false;
  MoveList moves;
  generate_legal_moves(pos, moves);
  if (moves.size() != 1) return false;
  const Position next = pos.play_unchecked(moves[0]);
  return !is_checkmate(next) && is_dead_position(next, forced_plies - 1);
}

/// The Article 5 ending of a position, if any: Termination::Checkmate first (5.1.1), then
/// Stalemate (5.2.1), then DeadPosition (5.2.2); Termination::None if the game goes on.
inline Termination board_ending(const Position& pos) noexcept {
  const int moves = legal_move_count(pos, 2);  // none, one (a forced move) or more
  if (moves == 0) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
  if (!can_checkmate(pos, Color::White) && !can_checkmate(pos, Color::Black))
    return Termination::DeadPosition;
  return moves == 1 && is_dead_position(pos) ? Termination::DeadPosition : Termination::None;
}

}  // namespace arbiter
