#pragma once
// Audit of a finished game record: every point where the player to move could have
// claimed a draw (threefold repetition, on the board or by writing a move first; the
// fifty-move rule), every automatic ending (checkmate, stalemate, dead position, fivefold
// repetition, seventy-five moves) and whether play went on past it — then the game was
// already over, and the later moves and the recorded result are void — and whether the
// recorded result agrees with the Laws.

#include <cstdint>
#include <vector>

#include "automatic.hpp"
#include "claims.hpp"
#include "record.hpp"

namespace arbiter {

enum class FindingKind : std::uint8_t {
  ThreefoldClaim,  ///< the player to move could claim a threefold repetition (9.2)
  FiftyClaim,      ///< the player to move could claim under the fifty-move rule (9.3)
  Checkmate,       ///< 5.1.1
  Stalemate,       ///< 5.2.1
  DeadPosition,    ///< 5.2.2
  Fivefold,        ///< 9.6.1
  SeventyFive,     ///< 9.6.2
};
inline constexpr int finding_kind_count = 7;

constexpr const char* to_string(FindingKind k) noexcept {
  switch (k) {
    case FindingKind::ThreefoldClaim: return "threefold_claim";
    case FindingKind::FiftyClaim: return "fifty_claim";
    case FindingKind::Checkmate: return "checkmate";
    case FindingKind::Stalemate: return "stalemate";
    case FindingKind::DeadPosition: return "dead_position";
    case FindingKind::Fivefold: return "fivefold";
    case FindingKind::SeventyFive: return "seventyfive";
  }
  return "?";
}

struct Finding {
  FindingKind kind = FindingKind::ThreefoldClaim;
  Termination termination = Termination::None;  ///< automatic endings: which one
  GameRecord::Ply ply = 0;        ///< the position where it holds (the claimant has the move there)
  GameRecord::Ply until_ply = 0;  ///< fifty-move claims: the last ply of the run where it held
  bool on_board = false;          ///< claims: available on the board (else only by a written move)
  std::vector<Move> intended;     ///< claims: written moves that would make the claim correct
  std::vector<GameRecord::Ply> occurrences;  ///< repetitions: the plies where the position occurred
  std::int32_t halfmoves = 0;     ///< plies without pawn move or capture at `ply`
  const char* article = "";       ///< in the edition in use
};

struct GameAudit {
  GameRecord::Ply plies = 0;                   ///< moves in the record
  std::vector<Finding> findings;               ///< in order of ply
  Termination ending = Termination::None;      ///< the first automatic ending, if any
  GameRecord::Ply end_ply = 0;                 ///< the ply it happened at
  bool played_on = false;                      ///< moves were played after it (void)
  GameResult laws_result = GameResult::Ongoing;///< what the Laws make of the record, if decided
  bool result_agrees = true;                   ///< the recorded result is possible under the Laws
  const char* disagreement = "";               ///< why not, in English (see explain.hpp for more)
  int counts[finding_kind_count] = {};         ///< findings by kind
};

namespace detail {
inline FindingKind finding_of(Termination t) noexcept {
  switch (t) {
    case Termination::Checkmate: return FindingKind::Checkmate;
    case Termination::Stalemate: return FindingKind::Stalemate;
    case Termination::DeadPosition: return FindingKind::DeadPosition;
    case Termination::FivefoldRepetition: return FindingKind::Fivefold;
    default: return FindingKind::SeventyFive;
  }
}
}  // namespace detail

/// Audits a game up to its end (the first automatic ending; what follows is void):
/// `record` holds the start position and every move played (GameRecord
/// keeps the evidence), `recorded` is the result the score sheet or PGN gives
/// (GameResult::Ongoing for "*" or none), `max_intended` caps the written moves listed
/// per claim.
inline GameAudit audit_game(const GameRecord& record, GameResult recorded, const Rules& rules,
                            std::size_t max_intended = 8) {
  GameAudit a;
  a.plies = record.ply();
  const Articles& art = rules.laws().articles;
  // Replays the record's moves into a second record, so that each position is judged on
  // the history up to it (what a claim at that moment would have been judged on).
  GameRecord replay(record.start(), rules.interpretation.trust_fen_halfmove_clock, record.castling_identity());
  replay.reserve(record.ply());
  const ClaimContext context;
  // 2014, "the last 75 moves": a 75-move point that a later pawn move or capture passed
  // is no longer a draw when found afterwards (spec 7.1, E7). The last reset of the record:
  std::int32_t last_reset = -1;
  for (GameRecord::Ply p = 1; p <= record.ply(); ++p)
    if (record.halfmoves(p) == 0) last_reset = std::int32_t(p);
  for (GameRecord::Ply ply = 0;; ++ply) {
    // Once the game is over, later positions are void: nothing more to find.
    if (a.ending != Termination::None && ply > a.end_ply) break;
    if (ply > 0) replay.play(record.move(ply));
    // Automatic endings (the first one ends the game; later ones are reported too).
    Termination t = automatic_ending(replay, ply, rules);
    if (t == Termination::SeventyFiveMoves && rules.seventyfive() == SeventyFiveRule::Last75 &&
        last_reset > std::int32_t(ply))
      t = Termination::None;
    if (t != Termination::None) {
      Finding f;
      f.kind = detail::finding_of(t);
      f.termination = t;
      f.ply = f.until_ply = ply;
      f.halfmoves = replay.halfmoves(ply);
      f.article = article_of(t, rules.laws());
      if (t == Termination::FivefoldRepetition) f.occurrences = replay.occurrences(ply);
      // A 75-move count or a dead position stays true from ply to ply: one finding a run.
      const bool lasting = t == Termination::SeventyFiveMoves || t == Termination::DeadPosition;
      Finding* previous = nullptr;
      for (auto it = a.findings.rbegin(); it != a.findings.rend() && it->until_ply + 1 >= ply; ++it)
        if (it->kind == f.kind && it->until_ply + 1 == ply) previous = &*it;
      if (lasting && previous) {
        previous->until_ply = ply;
      } else {
        a.findings.push_back(std::move(f));
        ++a.counts[int(detail::finding_of(t))];
      }
      if (a.ending == Termination::None) {
        a.ending = t;
        a.end_ply = ply;
      }
    }
    // Claims the player to move could make here (none once the game has ended).
    const AvailableClaims c =
        a.ending != Termination::None ? AvailableClaims{} : available_claims(replay, context, rules);
    if (c.threefold()) {
      Finding f;
      f.kind = FindingKind::ThreefoldClaim;
      f.ply = f.until_ply = ply;
      f.on_board = c.threefold_on_board;
      for (Move m : c.threefold_intended)
        if (f.intended.size() < max_intended) f.intended.push_back(m);
      f.occurrences = replay.occurrences(ply);
      f.halfmoves = replay.halfmoves(ply);
      f.article = f.on_board ? art.threefold_on_board : art.threefold_intended;
      a.findings.push_back(std::move(f));
      ++a.counts[int(FindingKind::ThreefoldClaim)];
    }
    if (c.fifty()) {
      // A fifty-move claim stays open until the count resets: one finding a run.
      Finding* previous = nullptr;
      for (auto it = a.findings.rbegin(); it != a.findings.rend() && it->until_ply + 1 >= ply; ++it)
        if (it->kind == FindingKind::FiftyClaim && it->until_ply + 1 == ply) previous = &*it;
      if (previous) {
        previous->until_ply = ply;
        previous->on_board |= c.fifty_on_board;
      } else {
        Finding f;
        f.kind = FindingKind::FiftyClaim;
        f.ply = f.until_ply = ply;
        f.on_board = c.fifty_on_board;
        for (Move m : c.fifty_intended)
          if (f.intended.size() < max_intended) f.intended.push_back(m);
        f.halfmoves = replay.halfmoves(ply);
        f.article = f.on_board ? art.fifty_on_board : art.fifty_intended;
        a.findings.push_back(std::move(f));
        ++a.counts[int(FindingKind::FiftyClaim)];
      }
    }
    if (ply == record.ply()) break;
  }

  a.played_on = a.ending != Termination::None && a.end_ply < record.ply();
  // The result under the Laws.
  const Position& last = record.position(a.ending != Termination::None ? a.end_ply : record.ply());
  if (a.ending != Termination::None) {
    a.laws_result = a.ending == Termination::Checkmate
                        ? (last.side_to_move() == Color::White ? GameResult::BlackWins : GameResult::WhiteWins)
                        : GameResult::Draw;
    if (recorded != GameResult::Ongoing && recorded != a.laws_result) {
      a.result_agrees = false;
      a.disagreement = a.played_on ? "the game had already ended; the later moves and the recorded result are void"
                                   : "the game ended otherwise on the board";
    }
  } else if (recorded == GameResult::WhiteWins || recorded == GameResult::BlackWins) {
    // ("*", no result: nothing to compare.)
    // A win needs a side that can still mate: a flag fall is then a draw (6.9), and so,
    // from 2023, is a resignation (5.1.2).
    const Color winner = recorded == GameResult::WhiteWins ? Color::White : Color::Black;
    if (!can_checkmate(last, winner) && rules.laws().resign_into_dead_is_draw) {
      a.result_agrees = false;
      a.laws_result = GameResult::Draw;
      a.disagreement = "the winner could not checkmate by any series of legal moves";
    }
  }
  return a;
}

}  // namespace arbiter
