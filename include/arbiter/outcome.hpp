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

/// The Article 5 ending of a position, if any: Termination::Checkmate first (5.1.1), then
/// Stalemate (5.2.1), then DeadPosition (5.2.2); Termination::None if the game goes on.
///
/// Once it finds an ending, it finds one after every legal move too (GameAuditor asks it
/// once a game, at the position where the audit stops, and looks further back only where
/// it finds one). Why. It finds an ending where no legal move is left (nothing follows), or
/// where each side cannot checkmate by one of the quick mode's proofs, in the position or
/// after its forced moves; so it is enough that each proof, true before a legal move, is
/// true after it (or another is): then the position after is judged an ending by the
/// same route, or has no legal move, or is the start of the same forced line, one move
/// shorter (the proofs are sound, so that line never ends in a checkmate).
///   - The material lemmas (unwinnable.hpp): each lemma's proof shows that every legal
///     move leads to a position one of them covers again.
///   - The static proof (detail/reachability.hpp), after a move from x to t. The sets R of
///     the position before, each piece named by where it stands after (a promoted piece by
///     its pawn, whose R met the last rank and so holds every square but its side's steady
///     pieces), hold each piece's square (the soundness invariant), the square a double
///     step passed over (the en passant square) and the castling squares of the rights
///     kept; and they are closed under the moves the position after allows, because every
///     set those moves are derived from is at most as permissive as before: a captured
///     piece's R is gone (fewer captures, and longer rays through squares no piece may
///     stand on), more pieces are steady, the winner's last man becomes uncapturable, and a
///     pawn ahead on a file that the move took was capturable before, so it limited
///     nothing. So the fixpoint after the move, the least one above its start, lies within
///     those sets, and the mate test on smaller sets (fewer attacked squares, so more
///     escapes; fewer blockers, with smaller R) fails wherever it failed before. The one
///     series the proof before left out, the winner's last man taken while deemed
///     uncapturable, leaves the winner a bare king: the material lemmas.
/// Tested on random games and on the corpus (outcome_test).
inline Termination board_ending(const Position& pos) noexcept {
  // None, one (a forced move) or more legal moves: the cheap test answers "more" nearly
  // always, the count otherwise.
  const int moves = detail::legal_moves_up_to_two(pos);
  if (moves == 0) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
  // One, forced: is_dead_position() tests the material, then starts after the forced moves.
  if (moves == 1) return is_dead_position(pos) ? Termination::DeadPosition : Termination::None;
  // A choice of moves: by material (material_dead(), with White's answer kept), then the
  // quick mode's dead position, whose filter starts from this position (no move is forced).
  const bool white_cannot = !material_can_checkmate(pos, Color::White);
  if (white_cannot && !material_can_checkmate(pos, Color::Black)) return Termination::DeadPosition;
  return detail::dead_with_choice(pos, white_cannot) ? Termination::DeadPosition
                                                     : Termination::None;
}

}  // namespace arbiter
