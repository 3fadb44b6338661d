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

// Whether the side to move surely has two legal moves or more, found with a few table
// lookups: what board_ending() asks of every position of every game audited, where the
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
// In check or not, a step of the king onto a square no piece of its own holds is legal
// exactly when the square is not attacked once the king has left its square and a piece
// captured there is gone (leaves_king_safe(); 3.8.1, 3.9). Different pieces or squares
// are different moves, so two counted are two legal moves. In check only the king's steps
// are counted (a move of another piece must also parry the check, which is not looked at).
// tests/outcome_test.cpp checks it against the full legal-move count on every position
// of the corpus and random games.
inline bool surely_two_legal_moves(const Position& pos) noexcept {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.occupied(), own = pos.pieces(us), enemy = pos.pieces(~us);
  // The lines through the king that hold an enemy slider moving along them.
  const Bitboard snipers =
      enemy & ((bishop_attacks(king, 0) & pos.pieces(PieceType::Bishop, PieceType::Queen)) |
               (rook_attacks(king, 0) & pos.pieces(PieceType::Rook, PieceType::Queen)));
  Bitboard exposed = 0;
  bool in_check = (pawn_attacks(us, king) & enemy & pos.pieces(PieceType::Pawn)) ||
                  (knight_attacks(king) & enemy & pos.pieces(PieceType::Knight));
  for (Bitboard b = snipers; b;) {
    const Square sniper = pop_lsb(b);
    exposed |= line_bb(king, sniper);
    in_check |= !(between_bb(king, sniper) & occupied);
  }
  // Only "two or more" matters, so each set counts as min(popcount, 2): no popcount
  // (a dozen instructions without POPCNT) and the same answer.
  const auto up_to_two = [](Bitboard b) noexcept { return int(b != 0) + int((b & (b - 1)) != 0); };
  // The king's legal steps, up to two in all with `moves` already counted.
  const auto with_king_steps = [&](int moves) noexcept {
    for (Bitboard b = king_attacks(king) & ~own; b && moves < 2;) {
      const Square to = pop_lsb(b);
      moves += int(pos.leaves_king_safe(king, to, square_bb(to)));
    }
    return moves >= 2;
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

}  // namespace detail

/// The Article 5 ending of a position, if any: Termination::Checkmate first (5.1.1), then
/// Stalemate (5.2.1), then DeadPosition (5.2.2); Termination::None if the game goes on.
inline Termination board_ending(const Position& pos) noexcept {
  // None, one (a forced move) or more legal moves: the cheap test answers "more" nearly
  // always, the count otherwise.
  const int moves = detail::surely_two_legal_moves(pos) ? 2 : legal_move_count(pos, 2);
  if (moves == 0) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
  // material_dead(), with White's answer kept for the filter below.
  const bool white_cannot = !material_can_checkmate(pos, Color::White);
  if (white_cannot && !material_can_checkmate(pos, Color::Black)) return Termination::DeadPosition;
  // The quick mode's dead position (dead_position.hpp); with two moves or more, no move
  // is forced and the filter starts from this position.
  const bool dead =
      moves == 1 ? is_dead_position(pos) : detail::dead_with_choice(pos, white_cannot);
  return dead ? Termination::DeadPosition : Termination::None;
}

}  // namespace arbiter
