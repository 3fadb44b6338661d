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
  return !detail::insufficient_material(pos, side);
}

/// Whether the material alone leaves neither side a checkmate (the material cases of
/// 5.2.2, as material_can_checkmate() judges them).
inline bool material_dead(const Position& pos) noexcept {
  return !material_can_checkmate(pos, Color::White) && !material_can_checkmate(pos, Color::Black);
}

namespace detail {

// Whether the side to move surely has two legal moves or more, found with a few table
// lookups: what board_ending() asks of every position of every game audited, where the
// answer is nearly always yes. True is exact; false says nothing (the full count decides).
//
// Why true is exact. The side to move is not in check. A move of a piece other than the
// king, not en passant, changes the board on two squares only: its square `s` is emptied
// and its destination `t` takes it (removing an enemy piece there, if any). After it the
// king, still on its square, is attacked only if some enemy piece attacks it: a piece
// removed attacks nothing, the piece moved is our own, and pawns, knights and kings attack
// the same squares whatever the occupancy, so the attack is one the move uncovered by
// emptying `s`: an enemy slider on the line through the king and `s` that moves along it
// (a rook or queen on a rank or file, a bishop or queen on a diagonal). A piece on no
// line through the king that holds such a slider (anywhere on it) therefore has only legal
// moves (3.9: a move is illegal only when it leaves the own king attacked; castling, the
// king's and en passant moves are not counted here), and its moves are the squares it
// attacks that hold no piece of its own (a knight, a bishop, a rook, a queen), or the
// square in front of it when empty (a pawn; a push to the last rank is four moves, counted
// as one). Different pieces or squares are different moves, so two counted are two legal
// moves.
// tests/outcome_test.cpp checks it against the full legal-move count on every position
// of the corpus and random games.
inline bool surely_two_legal_moves(const Position& pos) noexcept {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  if (pos.checkers()) return false;
  const Bitboard occupied = pos.occupied(), own = pos.pieces(us), enemy = pos.pieces(~us);
  // The lines through the king that hold an enemy slider moving along them.
  const Bitboard snipers =
      enemy & ((bishop_attacks(king, 0) & pos.pieces(PieceType::Bishop, PieceType::Queen)) |
               (rook_attacks(king, 0) & pos.pieces(PieceType::Rook, PieceType::Queen)));
  Bitboard exposed = 0;
  for (Bitboard b = snipers; b;) exposed |= line_bb(king, pop_lsb(b));
  const Bitboard off_lines = ~exposed;  // pieces no move of theirs can expose the king
  // Only "two or more" matters, so each set counts as min(popcount, 2): no popcount
  // (a dozen instructions without POPCNT) and the same answer. Pawn pushes first: one
  // shift for all of them, and two or more in nearly every game position.
  const auto up_to_two = [](Bitboard b) noexcept { return int(b != 0) + int((b & (b - 1)) != 0); };
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
  return false;
}

}  // namespace detail

/// The Article 5 ending of a position, if any: Termination::Checkmate first (5.1.1), then
/// Stalemate (5.2.1), then DeadPosition (5.2.2); Termination::None if the game goes on.
inline Termination board_ending(const Position& pos) noexcept {
  // None, one (a forced move) or more legal moves: the cheap test answers "more" nearly
  // always, the count otherwise.
  const int moves = detail::surely_two_legal_moves(pos) ? 2 : legal_move_count(pos, 2);
  if (moves == 0) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
  if (material_dead(pos)) return Termination::DeadPosition;
  // The quick mode's dead position (dead_position.hpp); with two moves or more, no move
  // is forced and the filter starts from this position.
  const bool dead = moves == 1 ? is_dead_position(pos) : detail::dead_with_choice(pos);
  return dead ? Termination::DeadPosition : Termination::None;
}

}  // namespace arbiter
