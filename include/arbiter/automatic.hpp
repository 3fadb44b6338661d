#pragma once
// The endings that need no claim, checked after every move: Article 5 on the board
// (checkmate, stalemate, dead position) and the automatic draws of Article 9.6
// (fivefold repetition, seventy-five moves), in that order of precedence: a checkmate
// on the 150th ply stands (9.6.2, last sentence; E4), a stalemate or dead position
// there is recorded under Article 5 (E5).

#include "laws.hpp"
#include "outcome.hpp"
#include "record.hpp"

namespace arbiter {

/// Whether the position at `ply` completes a fivefold repetition under `rule`.
inline bool is_fivefold(const GameRecord& record, GameRecord::Ply ply, FivefoldRule rule) noexcept {
  if (rule == FivefoldRule::None || record.count(ply) < 5) return false;
  if (rule == FivefoldRule::AnyFive) return true;
  // 2014, "five consecutive alternate moves": the position recurred every fourth ply.
  if (ply < 16) return false;
  for (GameRecord::Ply back = 4; back <= 16; back += 4)
    if (record.signature(ply - back) != record.signature(ply)) return false;
  return true;
}

/// Whether the position at `ply` ends the game by the 75-move rule (150 plies without
/// pawn move or capture; the clock per the record's policy).
inline bool is_seventyfive(const GameRecord& record, GameRecord::Ply ply,
                           SeventyFiveRule rule) noexcept {
  return rule != SeventyFiveRule::None &&
         record.halfmoves(ply) >= HalfmoveClock::automatic_threshold;
}

/// The automatic ending at `ply`, if any.
inline Termination automatic_ending(const GameRecord& record, GameRecord::Ply ply,
                                    const Rules& rules) noexcept {
  const Termination on_board = board_ending(record.position(ply));
  if (on_board != Termination::None) return on_board;
  if (is_fivefold(record, ply, rules.fivefold())) return Termination::FivefoldRepetition;
  if (is_seventyfive(record, ply, rules.seventyfive())) return Termination::SeventyFiveMoves;
  return Termination::None;
}

/// Whether the game recorded had ended by itself at or before `ply`: some position up to
/// it ended the game without a claim (Article 5 on the board, 9.6). Before `ply`, mate and
/// stalemate cannot lie (they leave no move), and a dead position shows in the material
/// at some ply up to `ply`, or else its forced line (E23) runs on to `ply`, where
/// board_ending() finds it. A walk back over the plies: available_claims() asks it only
/// where a claim exists, so that the record's upkeep of every ply stays as cheap as it was.
inline bool ended_automatically(const GameRecord& record, GameRecord::Ply ply,
                                const Rules& rules) noexcept {
  if (automatic_ending(record, ply, rules) != Termination::None) return true;
  for (GameRecord::Ply p = 0; p < ply; ++p) {
    // The material changes only by a capture or a promotion, both of which reset the
    // halfmove clock (9.3): elsewhere it is the previous ply's, already found alive.
    if ((p == 0 || record.halfmoves(p) == 0) && material_dead(record.position(p))) return true;
    if (is_fivefold(record, p, rules.fivefold()) || is_seventyfive(record, p, rules.seventyfive()))
      return true;
  }
  return false;
}

}  // namespace arbiter
