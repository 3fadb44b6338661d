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

/// Audits a game as its moves come, each position judged on the history up to it (what
/// a claim at that moment would have been judged on), up to the game's end: the first
/// automatic ending (later moves are void, and only counted).
class GameAuditor {
 public:
  /// `max_intended` caps the written moves listed per claim.
  GameAuditor(const Position& start, const Rules& rules, std::size_t max_intended = 8,
              CastlingIdentity identity = CastlingIdentity::Rights)
      : rules_(rules), record_(start, rules.interpretation.trust_fen_halfmove_clock, identity),
        max_intended_(max_intended) {
    record_.reserve(256);
    analyse();
  }

  /// The next move of the record (legal in the record's current position).
  void play(Move m) {
    ++audit_.plies;
    if (over()) return;  // void: the game had ended
    const bool resets = record_.position().resets_halfmove_clock(m);
    record_.play(m);
    // 2014, "the last 75 moves": a 75-move point that a later pawn move or capture passed
    // is no longer a draw when it is found afterwards (spec 7.1, E7).
    if (resets && tentative_75_) {
      audit_.ending = Termination::None;  // the finding stays, as a point passed unnoticed
      tentative_75_ = false;
    }
    analyse();
  }

  /// The position the audit has reached (the end of the game, if it ended).
  const GameRecord& record() const noexcept { return record_; }

  /// The audit, with the recorded result compared to the Laws (GameResult::Ongoing for
  /// "*" or no result: nothing to compare).
  GameAudit finish(GameResult recorded) {
    GameAudit a = audit_;
    a.played_on = a.ending != Termination::None && a.end_ply < a.plies;
    const Position& last = record_.position(a.ending != Termination::None ? a.end_ply : record_.ply());
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
      // A win needs a side that can still mate: a flag fall is then a draw (6.9), and so,
      // from 2023, is a resignation (5.1.2).
      const Color winner = recorded == GameResult::WhiteWins ? Color::White : Color::Black;
      if (!can_checkmate(last, winner) && rules_.laws().resign_into_dead_is_draw) {
        a.result_agrees = false;
        a.laws_result = GameResult::Draw;
        a.disagreement = "the winner could not checkmate by any series of legal moves";
      }
    }
    return a;
  }

 private:
  bool over() const noexcept { return audit_.ending != Termination::None && !tentative_75_; }

  // Adds a finding, or extends the run of the same kind that ended at the previous ply
  // (a 75-move count, a dead position or a fifty-move claim stays true from ply to ply).
  Finding* extend(FindingKind kind, GameRecord::Ply ply) {
    for (auto it = audit_.findings.rbegin(); it != audit_.findings.rend() && it->until_ply + 1 >= ply; ++it)
      if (it->kind == kind && it->until_ply + 1 == ply) {
        it->until_ply = ply;
        return &*it;
      }
    return nullptr;
  }

  // A claim point at the current ply, with up to max_intended_ written moves.
  Finding& add_claim(FindingKind kind, bool on_board, const MoveList& intended, const char* article) {
    Finding f;
    f.kind = kind;
    f.ply = f.until_ply = record_.ply();
    f.on_board = on_board;
    for (Move m : intended)
      if (f.intended.size() < max_intended_) f.intended.push_back(m);
    f.halfmoves = record_.halfmoves(f.ply);
    f.article = article;
    ++audit_.counts[int(kind)];
    audit_.findings.push_back(std::move(f));
    return audit_.findings.back();
  }

  void analyse() {
    const GameRecord::Ply ply = record_.ply();
    const Articles& art = rules_.laws().articles;
    const Termination t = automatic_ending(record_, ply, rules_);
    if (t != Termination::None) {
      const FindingKind kind = detail::finding_of(t);
      const bool lasting = t == Termination::SeventyFiveMoves || t == Termination::DeadPosition;
      if (!(lasting && extend(kind, ply))) {
        Finding f;
        f.kind = kind;
        f.termination = t;
        f.ply = f.until_ply = ply;
        f.halfmoves = record_.halfmoves(ply);
        f.article = article_of(t, rules_.laws());
        if (t == Termination::FivefoldRepetition) f.occurrences = record_.occurrences(ply);
        audit_.findings.push_back(std::move(f));
        ++audit_.counts[int(kind)];
      }
      if (audit_.ending == Termination::None) {
        audit_.ending = t;
        audit_.end_ply = ply;
        tentative_75_ = t == Termination::SeventyFiveMoves && rules_.seventyfive() == SeventyFiveRule::Last75;
      }
      if (over()) return;  // no claim once the game has ended
    }
    const AvailableClaims c = available_claims(record_, ClaimContext{}, rules_);
    if (c.threefold()) {
      Finding& f = add_claim(FindingKind::ThreefoldClaim, c.threefold_on_board, c.threefold_intended,
                             c.threefold_on_board ? art.threefold_on_board : art.threefold_intended);
      f.occurrences = record_.occurrences(ply);
    }
    if (c.fifty()) {
      if (Finding* run = extend(FindingKind::FiftyClaim, ply)) {
        run->on_board |= c.fifty_on_board;
      } else {
        add_claim(FindingKind::FiftyClaim, c.fifty_on_board, c.fifty_intended,
                  c.fifty_on_board ? art.fifty_on_board : art.fifty_intended);
      }
    }
  }

  Rules rules_;
  GameRecord record_;
  std::size_t max_intended_;
  GameAudit audit_;
  bool tentative_75_ = false;  // a 75-move ending under "the last 75 moves" (2014) until a reset voids it
};

/// Audits a whole record (see GameAuditor).
inline GameAudit audit_game(const GameRecord& record, GameResult recorded, const Rules& rules,
                            std::size_t max_intended = 8) {
  GameAuditor auditor(record.start(), rules, max_intended, record.castling_identity());
  for (GameRecord::Ply p = 1; p <= record.ply(); ++p) auditor.play(record.move(p));
  return auditor.finish(recorded);
}

}  // namespace arbiter
