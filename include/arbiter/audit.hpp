#pragma once
// Audit of a finished game record: every point where the player to move could have
// claimed a draw (threefold repetition, on the board or by writing a move first; the
// fifty-move rule), every automatic ending (checkmate, stalemate, dead position, fivefold
// repetition, seventy-five moves) and whether play went on past it — then the game was
// already over, and the later moves and the recorded result are void — and whether the
// recorded result agrees with the Laws.
//
// The audit reads the game's one GameRecord (built once, e.g. by record_from_pgn()) and
// judges each position on the history up to it; the rules it applies, including how
// positions are compared, are the record's own (GameRecord::rules()). What a finding is
// is said in the one termination vocabulary: a claim point is the ending a correct claim
// would have made (Termination::ThreefoldClaim, FiftyMoveClaim), an automatic ending is
// itself. The report's wording belongs to the tool (examples/arbiter).

#include <cstdint>
#include <vector>

#include "automatic.hpp"
#include "claims.hpp"
#include "record.hpp"

namespace arbiter {

/// Whether an audit can report `t`: the two claims and the five endings that need no claim.
constexpr bool is_audit_finding(Termination t) noexcept {
  switch (t) {
    case Termination::ThreefoldClaim:
    case Termination::FiftyMoveClaim:
    case Termination::Checkmate:
    case Termination::Stalemate:
    case Termination::DeadPosition:
    case Termination::FivefoldRepetition:
    case Termination::SeventyFiveMoves:
      return true;
    case Termination::None:
    case Termination::Agreement:
    case Termination::Resignation:
    case Termination::ResignationDraw:
    case Termination::TimeForfeit:
    case Termination::FlagFallDraw:
    case Termination::IllegalPositionDraw:
      return false;
  }
  return false;
}

/// One thing the audit found at one point of a game: a claim that could have been made,
/// or an automatic ending.
struct Finding {
  /// What was found: ThreefoldClaim / FiftyMoveClaim, a claim the player to move could
  /// have made (9.2, 9.3); Checkmate, Stalemate, DeadPosition, FivefoldRepetition,
  /// SeventyFiveMoves, an ending that needed no claim (5.1.1, 5.2.1, 5.2.2, 9.6).
  Termination kind = Termination::ThreefoldClaim;
  GameRecord::Ply ply = 0;  ///< the position where it holds (the claimant has the move there)
  GameRecord::Ply until_ply =
      0;  ///< runs (fifty-move claims, dead positions, 75 moves): the last ply where it held
  bool on_board = false;       ///< claims: available on the board (else only by a written move)
  std::vector<Move> intended;  ///< claims: written moves that would make the claim correct
  std::vector<GameRecord::Ply> occurrences;  ///< repetitions: the plies where the position occurred
  std::int32_t halfmoves = 0;                ///< plies without pawn move or capture at `ply`
  const char* article = "";                  ///< in the edition in use

  /// Whether this is a claim point (threefold or fifty moves) rather than an ending.
  bool is_claim() const noexcept {
    return kind == Termination::ThreefoldClaim || kind == Termination::FiftyMoveClaim;
  }
};

/// The audit of one game (GameAuditor): what was found, how the game ended under the
/// Laws, and whether the recorded result agrees.
struct GameAudit {
  GameRecord::Ply plies = 0;                     ///< moves in the record
  std::vector<Finding> findings;                 ///< in order of ply
  Termination ending = Termination::None;        ///< the first automatic ending, if any
  GameRecord::Ply end_ply = 0;                   ///< the ply it happened at
  bool played_on = false;                        ///< moves were played after it (void)
  GameResult laws_result = GameResult::Ongoing;  ///< what the Laws make of the record, if decided
  bool result_agrees = true;                     ///< the recorded result is possible under the Laws
  const char* disagreement = "";  ///< why not, in English (the tool words it in other languages)
  int counts[termination_count] = {};  ///< findings by kind (indexed by Termination)

  /// How many findings of `kind` there are.
  int count(Termination kind) const noexcept { return counts[int(kind)]; }
};

/// Audits a finished game record: each position judged on the history up to it (what a
/// claim at that moment would have been judged on), up to the game's end: the first
/// automatic ending (later moves are void, and only counted). The record is read, never
/// replayed: one replay per game, the one that built the record.
class GameAuditor {
 public:
  /// `max_intended` caps the written moves listed per claim.
  explicit GameAuditor(const GameRecord& record, std::size_t max_intended = 8)
      : record_(record), rules_(record.rules()), max_intended_(max_intended) {}

  /// The audit, with the recorded result compared to the Laws (GameResult::Ongoing for
  /// "*" or no result: nothing to compare).
  GameAudit audit(GameResult recorded) {
    audit_ = GameAudit{};
    tentative_75_ = false;
    audit_.plies = record_.ply();
    for (GameRecord::Ply ply = 0; ply <= record_.ply(); ++ply) {
      // 2014, "the last 75 moves": a 75-move point that a later pawn move or capture passed
      // is no longer a draw when it is found afterwards (spec 7.1, E7).
      if (tentative_75_ && ply > 0 && record_.last_reset(ply) == std::int32_t(ply)) {
        audit_.ending = Termination::None;  // the finding stays, as a point passed unnoticed
        tentative_75_ = false;
      }
      if (over()) break;  // the later moves are void: the game had ended
      analyse(ply);
    }
    return finish(recorded);
  }

 private:
  GameAudit finish(GameResult recorded) const {
    GameAudit a = audit_;
    a.played_on = a.ending != Termination::None && a.end_ply < a.plies;
    const Position& last =
        record_.position(a.ending != Termination::None ? a.end_ply : record_.ply());
    if (a.ending != Termination::None) {
      a.laws_result = a.ending == Termination::Checkmate
                          ? (last.side_to_move() == Color::White ? GameResult::BlackWins
                                                                 : GameResult::WhiteWins)
                          : GameResult::Draw;
      if (recorded != GameResult::Ongoing && recorded != a.laws_result) {
        a.result_agrees = false;
        a.disagreement =
            a.played_on
                ? "the game had already ended; the later moves and the recorded result are void"
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

  bool over() const noexcept { return audit_.ending != Termination::None && !tentative_75_; }

  // Adds a finding, or extends the run of the same kind that ended at the previous ply
  // (a 75-move count, a dead position or a fifty-move claim stays true from ply to ply).
  Finding* extend(Termination kind, GameRecord::Ply ply) {
    for (auto it = audit_.findings.rbegin();
         it != audit_.findings.rend() && it->until_ply + 1 >= ply; ++it)
      if (it->kind == kind && it->until_ply + 1 == ply) {
        it->until_ply = ply;
        return &*it;
      }
    return nullptr;
  }

  // A finding at `ply`, counted by kind.
  Finding& add(Termination kind, GameRecord::Ply ply, const char* article) {
    Finding f;
    f.kind = kind;
    f.ply = f.until_ply = ply;
    f.halfmoves = record_.halfmoves(ply);
    f.article = article;
    ++audit_.counts[int(kind)];
    audit_.findings.push_back(std::move(f));
    return audit_.findings.back();
  }

  // A claim point at `ply`, with up to max_intended_ written moves.
  Finding& add_claim(Termination kind, GameRecord::Ply ply, bool on_board, const MoveList& intended,
                     const char* article) {
    Finding& f = add(kind, ply, article);
    f.on_board = on_board;
    for (Move m : intended)
      if (f.intended.size() < max_intended_) f.intended.push_back(m);
    return f;
  }

  void analyse(GameRecord::Ply ply) {
    const Articles& art = rules_.laws().articles;
    const Termination t = automatic_ending(record_, ply, rules_);
    if (t != Termination::None) {
      const bool lasting = t == Termination::SeventyFiveMoves || t == Termination::DeadPosition;
      if (!(lasting && extend(t, ply))) {
        Finding& f = add(t, ply, article_of(t, rules_.laws()));
        if (t == Termination::FivefoldRepetition) f.occurrences = record_.occurrences(ply);
      }
      // Both conditions of 9.6 at once (a fifth occurrence on the 150th ply): both reported.
      if (t == Termination::FivefoldRepetition &&
          is_seventyfive(record_, ply, rules_.seventyfive()) &&
          !extend(Termination::SeventyFiveMoves, ply))
        add(Termination::SeventyFiveMoves, ply,
            article_of(Termination::SeventyFiveMoves, rules_.laws()));
      if (audit_.ending == Termination::None) {
        audit_.ending = t;
        audit_.end_ply = ply;
        tentative_75_ =
            t == Termination::SeventyFiveMoves && rules_.seventyfive() == SeventyFiveRule::Last75;
      }
      if (over()) return;  // no claim once the game has ended
    }
    const AvailableClaims c = available_claims(record_, ply, ClaimContext{}, rules_);
    if (c.threefold()) {
      Finding& f =
          add_claim(Termination::ThreefoldClaim, ply, c.threefold_on_board, c.threefold_intended,
                    c.threefold_on_board ? art.threefold_on_board : art.threefold_intended);
      f.occurrences = record_.occurrences(ply);
    }
    if (c.fifty()) {
      if (Finding* run = extend(Termination::FiftyMoveClaim, ply)) {
        run->on_board |= c.fifty_on_board;
      } else {
        add_claim(Termination::FiftyMoveClaim, ply, c.fifty_on_board, c.fifty_intended,
                  c.fifty_on_board ? art.fifty_on_board : art.fifty_intended);
      }
    }
  }

  const GameRecord& record_;
  const Rules& rules_;
  std::size_t max_intended_;
  GameAudit audit_;
  bool tentative_75_ =
      false;  // a 75-move ending under "the last 75 moves" (2014) until a reset voids it
};

/// Audits a whole record under the rules it was built with (see GameAuditor).
inline GameAudit audit_game(const GameRecord& record, GameResult recorded,
                            std::size_t max_intended = 8) {
  return GameAuditor(record, max_intended).audit(recorded);
}

}  // namespace arbiter
