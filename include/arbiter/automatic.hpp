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
    if (!record.same(ply - back, ply)) return false;
  return true;
}

/// Whether the position at `ply` ends the game by the 75-move rule (150 plies without
/// pawn move or capture; the clock per the record's policy).
inline bool is_seventyfive(const GameRecord& record, GameRecord::Ply ply,
                           SeventyFiveRule rule) noexcept {
  return rule != SeventyFiveRule::None &&
         record.halfmoves(ply) >= HalfmoveClock::automatic_threshold;
}

/// The automatic ending at `ply`, if any, where `on_board` is the position's own
/// (board_ending()): Article 5 first, then the fivefold repetition, then 75 moves (9.6).
inline Termination automatic_ending(const GameRecord& record, GameRecord::Ply ply,
                                    const Rules& rules, Termination on_board) noexcept {
  if (on_board != Termination::None) return on_board;
  if (is_fivefold(record, ply, rules.fivefold())) return Termination::FivefoldRepetition;
  if (is_seventyfive(record, ply, rules.seventyfive())) return Termination::SeventyFiveMoves;
  return Termination::None;
}
/// The automatic ending at `ply`, if any.
inline Termination automatic_ending(const GameRecord& record, GameRecord::Ply ply,
                                    const Rules& rules) noexcept {
  return automatic_ending(record, ply, rules, board_ending(record.position(ply)));
}

/// Whether the position at `ply` ends the game by itself for good, so that no later
/// position can be claimed on: a dead position (Article 5; is_dead_position, the check
/// board_ending() makes there), a fivefold repetition or 75 moves (9.6). Under the 2014
/// wording "the last 75 moves" (E7) a 75-move point a later pawn move or capture passed is
/// no draw, so a 75-move point counts only at the ply asked (automatic_ending()). Checkmate
/// and stalemate are left out: they leave no move, so no later ply exists.
/// `dead`: whether the position is dead (is_dead_position()), for a caller that has asked
/// already (board_ending() at the ply: for a position with legal moves, its DeadPosition
/// is is_dead_position()'s answer).
inline bool ends_for_later_plies(const GameRecord& record, GameRecord::Ply p, const Rules& rules,
                                 bool dead) noexcept {
  return dead || is_fivefold(record, p, rules.fivefold()) ||
         (rules.seventyfive() != SeventyFiveRule::Last75 &&
          is_seventyfive(record, p, rules.seventyfive()));
}
/// The same, asking is_dead_position() itself.
inline bool ends_for_later_plies(const GameRecord& record, GameRecord::Ply p,
                                 const Rules& rules) noexcept {
  return ends_for_later_plies(record, p, rules, is_dead_position(record.position(p)));
}

/// Answers ended_automatically() at plies asked in increasing order with one check per ply
/// in all (a walk over a game's claim points: trace, reports), instead of a walk back from
/// each. For a record that does not change below the plies asked while it is in use.
class EndingWalk {
 public:
  /// Whether a ply before `ply` ended the game for later plies (ends_for_later_plies()).
  bool ended_before(const GameRecord& record, GameRecord::Ply ply, const Rules& rules) noexcept {
    if (ply < checked_) checked_ = 0, ended_before_ = false;  // asked backwards: start again
    for (; !ended_before_ && checked_ < ply; ++checked_)
      ended_before_ = ends_for_later_plies(record, checked_, rules);
    return ended_before_;
  }
  /// Whether the game had ended by itself at or before `ply` (as ended_automatically()).
  bool ended_at(const GameRecord& record, GameRecord::Ply ply, const Rules& rules) noexcept {
    return ended_before(record, ply, rules) ||
           automatic_ending(record, ply, rules) != Termination::None;
  }

 private:
  GameRecord::Ply checked_ = 0;  // the plies below it were checked
  bool ended_before_ = false;    // one of them ended the game for later plies
};

/// Whether the game recorded had ended by itself at or before `ply`: automatic_ending()
/// holds at `ply`, or some earlier position ended it for later plies (see
/// ends_for_later_plies()). One dead-position check per earlier ply: available_claims()
/// asks it only where a claim exists, callers that walk a game in order use EndingWalk,
/// and those that stop at a game's first ending (Game, GameAuditor) skip the walk back
/// (ClaimContext::earlier_plies_checked).
inline bool ended_automatically(const GameRecord& record, GameRecord::Ply ply,
                                const Rules& rules) noexcept {
  return EndingWalk{}.ended_at(record, ply, rules);
}

}  // namespace arbiter
