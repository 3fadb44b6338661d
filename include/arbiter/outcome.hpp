#pragma once
// Article 5 on a position: checkmate (5.1.1), stalemate (5.2.1) and dead position
// (5.2.2), and the material-only form of "can this side still checkmate by any possible
// series of legal moves" (material_can_checkmate).
//
// Dead positions after a move are those of dead_position.hpp: the quick mode of the
// helpmate analysis (unwinnable.hpp), by material (bare kings; king and one minor piece
// against a bare king; bishops of both sides all on squares of one colour, and nothing
// else), by forced moves into a dead position (E23), by the static proof (locked pawn
// walls) and, where the position looks locked, by the closure. Sound: never a dead
// position, or a side unable to mate, where a mate exists (K+N v K+N and K+B v K+N can be
// mated with help). Not complete: a position too deep for the quick budget goes on; the
// rulings on a flag fall (6.9) and a 2023 resignation (5.1.2) ask the full mode
// (can_checkmate).

#include <cstdint>

#include "dead_position.hpp"
#include "movegen.hpp"
#include "termination.hpp"
#include "unwinnable.hpp"

namespace arbiter {

/// Checkmate (Article 1.4.1): the side to move is in check and has no legal move.
inline bool is_checkmate(const Position& pos) noexcept {
  return pos.in_check() && !any_legal_move(pos);
}
/// Stalemate (Article 5.2.1): the side to move is not in check and has no legal move.
inline bool is_stalemate(const Position& pos) noexcept {
  return !pos.in_check() && !any_legal_move(pos);
}

/// Whether the material alone leaves `side` a possible checkmate (6.9): false only when
/// one of the material lemmas of unwinnable.hpp (detail::insufficient_material, each
/// proved there) says it can never mate. Cheap (a few bitboard tests) and sound, not
/// complete: the rulings ask the three-valued can_checkmate() of unwinnable.hpp.
inline bool material_can_checkmate(const Position& pos, Color side) noexcept {
  // A pawn leaves every lemma out (insufficient_material's first test past a bare king):
  // answered here, inline, for nearly every position of a game.
  if (pos.pieces(side) & pos.pieces(PieceType::Pawn)) return true;
  return !detail::insufficient_material(pos, side);
}

/// Whether the material alone leaves neither side a checkmate (the material cases of
/// 5.2.2, as material_can_checkmate() judges them).
inline bool material_dead(const Position& pos) noexcept {
  return !material_can_checkmate(pos, Color::White) && !material_can_checkmate(pos, Color::Black);
}

namespace detail {

/// board_ending() of a position with two legal moves or more: by material, then the quick
/// mode's dead position (dead_position.hpp), whose filter starts from this position (no
/// move is forced). GameAuditor asks it of a position a move was played from, taken to
/// have a choice of moves, and board_ending() where it finds the position dead.
ARBITER_FORCE_INLINE Termination board_ending_with_choice(const Position& pos) noexcept {
  // material_dead(), with White's answer kept for the filter.
  const bool white_cannot = !material_can_checkmate(pos, Color::White);
  if (white_cannot && !material_can_checkmate(pos, Color::Black)) return Termination::DeadPosition;
  return dead_with_choice(pos, white_cannot) ? Termination::DeadPosition : Termination::None;
}

/// Whether board_ending_with_choice() gives the same answer after the legal move `m` as
/// before it: a move that takes nothing, moves no pawn and keeps the castling rights
/// (not Position::is_irreversible()), from a position with no en passant square, where
/// neither side has exactly one man besides its king, and that is no king move out of
/// check. About half the moves of a game; the audit then spares the filter.
///
/// Why. The answer is material, then for each side the static proof
/// (statically_unwinnable(), detail/reachability.hpp; the filter only answers for it).
/// Nothing is taken, and the one test of the material lemmas that reads the squares,
/// (e)'s "not in check from two pieces", is not changed by such a move (a double check
/// is answered by a king move out of check; (e)'s side never gives one). The static proof
/// reads the squares only through its reachability fixpoint R, with the pieces named by
/// their squares: the same R gives the same answer. R is the least fixpoint above its
/// start (each piece's square; the en passant and castling squares, the same on both
/// sides here) of closure rules that only allow more as R grows (more R: fewer steady
/// pieces, fewer squares in A, more captures), except that a side's only man narrows what
/// the other side's pawns may capture: hence that condition. Say piece p moves from x to
/// t. t is in R_before[p] (R holds every legal move's end), so R_before is a fixpoint
/// above the start after the move, and R_after <= R_before. x is in R_after[p]: the move
/// back crosses the same empty squares (none steady) onto an empty square, and a king
/// not in check before stands on x in no square of A_after (an attack of a steady enemy
/// piece along a line whose squares are in no R, so empty on the board, would have been
/// a check). So R_before <= R_after.
ARBITER_FORCE_INLINE bool board_ending_with_choice_kept(const Position& before, Move m) noexcept {
  if (before.is_irreversible(m) || before.en_passant_square() != Square::None) return false;
  const Bitboard kings = before.pieces(PieceType::King);
  const Bitboard white = before.pieces(Color::White) & ~kings;
  const Bitboard black = before.pieces(Color::Black) & ~kings;
  if ((white && !more_than_one(white)) || (black && !more_than_one(black))) return false;
  return !contains(kings, m.from()) || !before.in_check();
}

}  // namespace detail

/// The Article 5 ending of a position, if any: Termination::Checkmate first (5.1.1), then
/// Stalemate (5.2.1), then DeadPosition (5.2.2); Termination::None if the game goes on.
inline Termination board_ending(const Position& pos) noexcept {
  // None, one (a forced move) or more legal moves: the cheap test answers "more" nearly
  // always, the count otherwise.
  const int moves = detail::legal_moves_up_to_two(pos);
  if (moves == 0) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
  // One, forced: is_dead_position() tests the material, then starts after the forced moves.
  if (moves == 1) return is_dead_position(pos) ? Termination::DeadPosition : Termination::None;
  return detail::board_ending_with_choice(pos);
}

}  // namespace arbiter
