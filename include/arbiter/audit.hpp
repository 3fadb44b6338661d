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

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "automatic.hpp"
#include "claims.hpp"
#include "detail/ascii.hpp"
#include "record.hpp"

namespace arbiter {

/// Whether an audit can report `t`: the two claims, the five endings that need no claim,
/// and the two decisive results the Laws make a draw because the winner could not
/// checkmate (a flag fall, 6.9; a resignation, 2023 5.1.2).
constexpr bool is_audit_finding(Termination t) noexcept {
  switch (t) {
    case Termination::ThreefoldClaim:
    case Termination::FiftyMoveClaim:
    case Termination::Checkmate:
    case Termination::Stalemate:
    case Termination::DeadPosition:
    case Termination::FivefoldRepetition:
    case Termination::SeventyFiveMoves:
    case Termination::FlagFallDraw:
    case Termination::ResignationDraw:
      return true;
    case Termination::None:
    case Termination::Agreement:
    case Termination::Resignation:
    case Termination::TimeForfeit:
    case Termination::IllegalPositionDraw:
      return false;
  }
  return false;
}

/// How a decisive game ended off the board, as its PGN Termination tag says (PGN standard
/// 9.8.1: "abandoned", "adjudication", "death", "emergency", "normal", "rules infraction",
/// "time forfeit", "unterminated"), read in any case and with white space around (Lichess
/// writes "Time forfeit"). Other texts are read by the words they contain, as sites and
/// engines' GUIs write them: "... won on time" (chess.com) is a time forfeit, "GUI
/// adjudication" an adjudication, and so on (see recorded_ending()). What the audit asks
/// of a decisive result without a mate on the board depends on it.
enum class RecordedEnding : std::uint8_t {
  Unstated,         ///< no Termination tag, or an empty one
  Normal,           ///< "normal": ended by the play (a resignation, if no mate is on the board)
  TimeForfeit,      ///< "time forfeit": a flag fell (6.9)
  RulesInfraction,  ///< "rules infraction": lost by a penalty, not by play
  Abandoned,        ///< "abandoned"
  Adjudication,     ///< "adjudication"
  Death,            ///< "death"
  Emergency,        ///< "emergency"
  Unterminated,     ///< "unterminated"
  Other,            ///< any other text (e.g. "Alice won by resignation")
};

namespace detail {
// Whether `text` holds `word` anywhere, in any case.
constexpr bool holds_word(std::string_view text, std::string_view word) noexcept {
  for (std::size_t at = 0; at + word.size() <= text.size(); ++at)
    if (iequals(text.substr(at, word.size()), word)) return true;
  return false;
}
}  // namespace detail

/// Reads a PGN Termination tag's value (see RecordedEnding): the standard's words exactly
/// (any case), else the first of these a text contains: "time forfeit" or "on time" (a
/// time forfeit), "infraction", "abandon", "adjudicat", "death", "emergency",
/// "unterminated"; else Other.
constexpr RecordedEnding recorded_ending(std::string_view tag) noexcept {
  while (!tag.empty() && (tag.front() == ' ' || tag.front() == '\t')) tag.remove_prefix(1);
  while (!tag.empty() && (tag.back() == ' ' || tag.back() == '\t')) tag.remove_suffix(1);
  if (tag.empty()) return RecordedEnding::Unstated;
  if (detail::iequals(tag, "normal")) return RecordedEnding::Normal;
  struct Word {
    std::string_view word;
    RecordedEnding ending;
  };
  constexpr Word words[] = {{"time forfeit", RecordedEnding::TimeForfeit},
                            {"on time", RecordedEnding::TimeForfeit},
                            {"infraction", RecordedEnding::RulesInfraction},
                            {"abandon", RecordedEnding::Abandoned},
                            {"adjudicat", RecordedEnding::Adjudication},
                            {"death", RecordedEnding::Death},
                            {"emergency", RecordedEnding::Emergency},
                            {"unterminated", RecordedEnding::Unterminated}};
  for (const Word& w : words)
    if (detail::holds_word(tag, w.word)) return w.ending;
  return RecordedEnding::Other;
}

/// Whether a decisive result recorded with this ending, and no mate on the board, is taken
/// for a resignation (2023 5.1.2): unless the tag says it was lost on time or not by the
/// play (a rules infraction, abandonment, adjudication, death, an emergency, or no end).
constexpr bool may_be_resignation(RecordedEnding e) noexcept {
  return e == RecordedEnding::Unstated || e == RecordedEnding::Normal || e == RecordedEnding::Other;
}

/// One thing the audit found at one point of a game: a claim that could have been made,
/// an automatic ending, or a decisive result that the Laws make a draw.
struct Finding {
  /// What was found: ThreefoldClaim / FiftyMoveClaim, a claim the player to move could
  /// have made (9.2, 9.3); Checkmate, Stalemate, DeadPosition, FivefoldRepetition,
  /// SeventyFiveMoves, an ending that needed no claim (5.1.1, 5.2.1, 5.2.2, 9.6);
  /// FlagFallDraw / ResignationDraw, at the last ply: the recorded loss on time or by
  /// resignation is a draw, the winner could not checkmate (6.9; 2023 5.1.2).
  Termination kind = Termination::ThreefoldClaim;
  GameRecord::Ply ply = 0;  ///< the position where it holds (the claimant has the move there)
  GameRecord::Ply until_ply =
      0;  ///< runs (fifty-move claims, dead positions, 75 moves): the last ply where it held
  bool on_board = false;       ///< claims: available on the board (else only by a written move)
  std::vector<Move> intended;  ///< claims: written moves that would make the claim correct
  std::vector<GameRecord::Ply> occurrences;  ///< repetitions: the plies where the position occurred
  std::int32_t halfmoves = 0;                ///< plies without pawn move or capture at `ply`
  const char* article = "";                  ///< in the edition in use
  /// FlagFallDraw, ResignationDraw: how "the winner cannot checkmate" was proved (material,
  /// static, exhaustive) and the nodes the analysis spent.
  MateQuestion mate{};

  /// Whether this is a claim point (threefold or fifty moves) rather than an ending.
  bool is_claim() const noexcept {
    return kind == Termination::ThreefoldClaim || kind == Termination::FiftyMoveClaim;
  }
  /// Whether this is a recorded loss the Laws make a draw because the winner could not
  /// checkmate (FlagFallDraw, ResignationDraw): `mate` says how that was proved.
  bool is_mate_draw() const noexcept {
    return kind == Termination::FlagFallDraw || kind == Termination::ResignationDraw;
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
  /// A decisive result without a mate on the board, lost on time (6.9) or, from 2023, by
  /// resignation (5.1.2): whether the winner's checkmate was asked about (mate_asked) and
  /// the answer. Unknown lets the recorded result stand (the Laws' default) undecided.
  bool mate_asked = false;
  MateQuestion mate{};  ///< the answer, when asked
  /// The ruling the question was for, when asked: FlagFallDraw (6.9) or ResignationDraw
  /// (5.1.2); with an Unknown answer, the one left undecided.
  Termination mate_rule = Termination::None;
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
  /// `max_intended` caps the written moves listed per claim. `workspace`: the memory of
  /// the helpmate analysis asked of a decisive result (reuse one across games; none: the
  /// auditor reserves its own when it needs one); `mate_budget`: its node budget.
  explicit GameAuditor(const GameRecord& record, std::size_t max_intended = 8,
                       WinWorkspace* workspace = nullptr,
                       std::uint64_t mate_budget = full_node_budget)
      : record_(record),
        rules_(record.rules()),
        max_intended_(max_intended),
        workspace_(workspace),
        mate_budget_(mate_budget) {}

  /// The audit, with the recorded result compared to the Laws (GameResult::Ongoing for
  /// "*" or no result: nothing to compare); `ending`: what the game's Termination tag
  /// says (recorded_ending()), which decides whether a decisive result without a mate on
  /// the board was lost on time (6.9) or by resignation (2023 5.1.2).
  GameAudit audit(GameResult recorded, RecordedEnding ending = RecordedEnding::Unstated) {
    begin();
    return finish(recorded, ending);
  }

  /// The same audit as audit(), made while the record is built, each position judged
  /// as soon as the move after it is recorded (while it is still in the cache, instead of
  /// in a second pass over the whole game): begin() once the record holds its start
  /// position, advance() after each move recorded, finish() once the game is over. The
  /// record must only grow in between (no undo, no reset).
  void begin() {
    clear_audit();
    tentative_75_ = false;
    next_ = 0;
    article5_from_ = no_ply;
    checked_ = no_ply;
  }
  /// Judges the positions recorded since the last call but the newest, which waits for
  /// the move after it, or for complete(): a position a move was played from is taken to
  /// have no Article 5 ending, which complete() checks (see check_article5()).
  /// Inline: called after every move recorded, its own call and return cost more than
  /// its usual single round.
  ARBITER_FORCE_INLINE void advance() {
    for (const GameRecord::Ply newest = record_.ply(); next_ < newest; ++next_)
      if (!judge(next_, true)) return;
  }
  /// Judges every position recorded, the newest as the game's last (finish() and
  /// asks_mate() call it), then checks the Article 5 endings the positions before were
  /// taken not to have (check_article5()). The record may still grow afterwards, and
  /// advance() go on.
  void complete() {
    advance();
    const GameRecord::Ply last = record_.ply();
    if (next_ == last && judge(last, false)) ++next_;  // else judged before, or the game was over
    check_article5();
  }
  /// The audit of the whole record once the game is over (see begin() and audit()).
  GameAudit finish(GameResult recorded, RecordedEnding ending = RecordedEnding::Unstated) {
    complete();
    audit_.plies = record_.ply();
    GameAudit a = audit_;
    conclude(a, recorded, ending);
    return a;
  }
  /// finish() written over `audit`, the same audit, with the buffers `audit` holds (those
  /// of an earlier game's audit: its findings and their lists) reused: an auditor that
  /// finishes game after game into the same GameAudit allocates nothing once the buffers
  /// have held the most findings a game had.
  void finish(GameAudit& audit, GameResult recorded,
              RecordedEnding ending = RecordedEnding::Unstated) {
    complete();
    audit_.plies = record_.ply();
    copy_reusing(audit);
    conclude(audit, recorded, ending);
  }

  /// Whether finish(recorded, ending) will ask the helpmate analysis, and so use the
  /// workspace: a decisive result with no automatic ending on the board, lost on time (6.9)
  /// or, from 2023, by resignation (5.1.2). Judges every position recorded first
  /// (complete()), so that the answer is exact. A few games in a thousand ask: threads
  /// auditing games side by side can share a few workspaces, lent (use_workspace()) only
  /// to the games that ask.
  bool asks_mate(GameResult recorded, RecordedEnding ending) {
    complete();
    return mate_rule(recorded, ending) != Termination::None;
  }
  /// The workspace of the helpmate analysis from now on (see the constructor).
  void use_workspace(WinWorkspace* workspace) noexcept { workspace_ = workspace; }

 private:
  // The draw a decisive result without an automatic ending becomes if the winner could not
  // checkmate: lost on time, FlagFallDraw (6.9, every edition); from 2023 a resignation,
  // ResignationDraw (5.1.2), unless the Termination tag says the game was lost on time or
  // not by the play. None where no such question arises (see conclude()).
  Termination mate_rule(GameResult recorded, RecordedEnding ending) const noexcept {
    if (audit_.ending != Termination::None ||
        (recorded != GameResult::WhiteWins && recorded != GameResult::BlackWins))
      return Termination::None;
    if (ending == RecordedEnding::TimeForfeit) return Termination::FlagFallDraw;
    return rules_.laws().resign_into_dead_is_draw && may_be_resignation(ending)
               ? Termination::ResignationDraw
               : Termination::None;
  }

  // Completes `a`, a copy of the audit so far, with what the end of the game decides.
  void conclude(GameAudit& a, GameResult recorded, RecordedEnding ending) {
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
      // No mate on the board, so the game was lost off it: on time or by resignation, a
      // draw if the winner cannot checkmate by any possible series of legal moves
      // (mate_rule()). The question goes to the full helpmate analysis on the final
      // position: only a proved NoWin makes the draw; Unknown leaves the Laws' default, the
      // recorded win (mate_asked, mate say so).
      const Color winner = recorded == GameResult::WhiteWins ? Color::White : Color::Black;
      const Termination draw = mate_rule(recorded, ending);
      if (draw != Termination::None) {
        a.mate_asked = true;
        a.mate_rule = draw;
        a.mate = can_checkmate(last, winner, workspace(), WinMode::Full, mate_budget_);
        if (a.mate.verdict == Winnability::NoWin) {
          a.result_agrees = false;
          a.laws_result = GameResult::Draw;
          a.disagreement = "the winner could not checkmate by any series of legal moves";
          Finding f;
          f.kind = draw;
          f.ply = f.until_ply = record_.ply();
          f.halfmoves = record_.halfmoves(record_.ply());
          f.article = article_of(draw, rules_.laws());
          f.mate = a.mate;
          ++a.counts[int(draw)];
          a.findings.push_back(std::move(f));
        }
      }
    }
  }

  // `into` = audit_, each list written over a spare one (take_spare()), `into`'s own
  // findings' lists made spares first.
  void copy_reusing(GameAudit& into) {
    recycle(into.findings);
    std::vector<Finding> kept = std::move(into.findings), own = std::move(audit_.findings);
    into = audit_;  // neither has findings now: no allocation
    audit_.findings = std::move(own);
    into.findings = std::move(kept);
    for (const Finding& f : audit_.findings) {
      // Spare buffers first, which the copy's lists are then written into (a vector's
      // assignment keeps a buffer large enough).
      Finding& copy = into.findings.emplace_back();
      if (!f.intended.empty()) copy.intended = take_spare(spare_moves_, intended_room());
      if (!f.occurrences.empty()) copy.occurrences = take_spare(spare_plies_, spare_plies_room);
      copy = f;
    }
  }

  // A fresh audit, with the buffers of the last one kept: its findings' array, and their
  // lists as spares.
  void clear_audit() {
    recycle(audit_.findings);
    std::vector<Finding> findings = std::move(audit_.findings);
    audit_ = GameAudit{};
    audit_.findings = std::move(findings);
  }
  // Empties `findings`, keeping its array, and keeps its findings' lists as spares.
  void recycle(std::vector<Finding>& findings) {
    for (Finding& f : findings) {
      if (f.intended.capacity()) spare_moves_.push_back(std::move(f.intended));
      if (f.occurrences.capacity()) spare_plies_.push_back(std::move(f.occurrences));
    }
    findings.clear();
  }
  // An empty list with room for `room` items at least, with the buffer of a spare one if
  // there is one. The room keeps a spare from growing (an allocation) in most lists: a
  // claim's written moves are at most max_intended_, a position's occurrences seldom
  // more than spare_plies_room.
  template <class T>
  static std::vector<T> take_spare(std::vector<std::vector<T>>& spares, std::size_t room) {
    std::vector<T> list;
    if (!spares.empty()) {
      list = std::move(spares.back());
      spares.pop_back();
      list.clear();
    }
    list.reserve(room);
    return list;
  }
  static constexpr std::size_t spare_plies_room = 8;
  std::size_t intended_room() const noexcept { return std::min(max_intended_, std::size_t(16)); }

  WinWorkspace& workspace() {
    if (!workspace_) {
      own_workspace_ = std::make_unique<WinWorkspace>(WinWorkspace::for_full());
      workspace_ = own_workspace_.get();
    }
    return *workspace_;
  }

  bool over() const noexcept { return audit_.ending != Termination::None && !tentative_75_; }

  // Judges `ply`, a move played from it if `moved_on`: false once the game is over (the
  // later moves are void: the game had ended).
  ARBITER_FORCE_INLINE bool judge(GameRecord::Ply ply, bool moved_on) {
    // 2014, "the last 75 moves": a 75-move point that a later pawn move or capture passed
    // is no longer a draw when it is found afterwards (spec 7.1, E7).
    if (tentative_75_ && ply > 0 && record_.last_reset(ply) == std::int32_t(ply)) {
      audit_.ending = Termination::None;  // the finding stays, as a point passed unnoticed
      tentative_75_ = false;
    }
    if (over()) return false;
    analyse(ply, moved_on);
    return true;
  }

  // The Article 5 endings (checkmate, stalemate, dead position: board_ending()) of the
  // positions judged while taken to have none (advance()), checked at once from the
  // position where the audit stops: the game's ending, or its last position. An Article 5
  // ending, once board_ending() finds it, stays from each position to the next (proved at
  // board_ending() in outcome.hpp), so where it finds none there, none of the positions
  // before has one: nearly every game, for one board_ending() a game instead of one at
  // every ply. Where it finds one, the first is found by halving (at most about log2(plies)
  // more), and the audit judged again with it.
  void check_article5() {
    const GameRecord::Ply stop = over() ? audit_.end_ply : record_.ply();
    if (stop == checked_) return;  // complete() again, the record unchanged
    checked_ = stop;
    if (article5_from_ != no_ply) return;  // judged with the first one known (rejudge())
    if (board_ending(record_.position(stop)) == Termination::None) return;
    // The first position with an ending: most often the last, by the move just made.
    GameRecord::Ply first = stop;
    if (stop > 0 && board_ending(record_.position(stop - 1)) != Termination::None) {
      GameRecord::Ply low = 0;
      first = stop - 1;  // an ending there; none before `low`
      while (low < first) {
        const GameRecord::Ply middle = low + (first - low) / 2;
        if (board_ending(record_.position(middle)) != Termination::None)
          first = middle;
        else
          low = middle + 1;
      }
    }
    // The last position is judged by board_ending() itself (complete()): nothing missed.
    if (first == stop && stop == record_.ply()) return;
    article5_from_ = first;
    rejudge();
    checked_ = over() ? audit_.end_ply : record_.ply();
  }

  // The audit from the start again, every position judged with the first Article 5
  // ending known (check_article5()). Rare: a game that reached a dead position before its
  // end, or whose ending was a fivefold repetition or 75 moves in a dead position.
  ARBITER_NOINLINE void rejudge() {
    clear_audit();
    tentative_75_ = false;
    const GameRecord::Ply last = record_.ply();
    GameRecord::Ply p = 0;
    while (p <= last && judge(p, p < last)) ++p;
    next_ = p;
  }

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
    if (!intended.empty()) f.intended = take_spare(spare_moves_, intended_room());
    for (Move m : intended)
      if (f.intended.size() < max_intended_) f.intended.push_back(m);
    return f;
  }

  // The finding's occurrences: the plies where the position at `ply` occurred.
  void occurrences_into(Finding& f, GameRecord::Ply ply) {
    f.occurrences = take_spare(spare_plies_, spare_plies_room);
    record_.occurrences(ply, f.occurrences);
  }

  // Whether nothing but Article 5 can decide at `ply`: no position there or after a move
  // can occur a third time (9.2; a fifth, 9.6.1, needs a third first), and 98 plies or
  // fewer have passed without a pawn move or capture, so that neither now nor after a move
  // are there the 100 plies of a claim (9.3), let alone the 150 of 9.6.2. Most plies of a
  // game: the rest of analyse() is then skipped, its answer known to be "nothing".
  bool board_alone_decides(GameRecord::Ply ply) const noexcept {
    return record_.count(ply) < 3 && record_.halfmoves(ply) + 1 < HalfmoveClock::claim_threshold &&
           !record_.threefold_within_one_move(ply);
  }

  // Judges the position at `ply`. Nearly every ply ends at its first test (nothing but
  // Article 5 could decide, and the game goes on), inline in advance(); the rest is out of
  // line, so that the common case does not pay for the whole function's entry and exit
  // (about 19 instructions a ply). The Article 5 ending is board_ending()'s, except where a
  // move was played from the position and the first one is not known yet: taken to be
  // none there, which check_article5() checks.
  ARBITER_FORCE_INLINE void analyse(GameRecord::Ply ply, bool moved_on) {
    const bool none = article5_from_ == no_ply ? moved_on : ply < article5_from_;
    const Termination on_board = none ? Termination::None : board_ending(record_.position(ply));
    if (board_alone_decides(ply)) {
      if (on_board != Termination::None) add_findings(ply, on_board);
    } else {
      add_findings(ply, automatic_ending(record_, ply, rules_, on_board));
    }
  }

  // What analyse() finds at `ply` beyond "nothing": the automatic ending `t` (or None),
  // then the claims available there.
  ARBITER_NOINLINE void add_findings(GameRecord::Ply ply, Termination t) {
    const Articles& art = rules_.laws().articles;
    if (t != Termination::None) {
      const bool lasting = t == Termination::SeventyFiveMoves || t == Termination::DeadPosition;
      if (!(lasting && extend(t, ply))) {
        Finding& f = add(t, ply, article_of(t, rules_.laws()));
        if (t == Termination::FivefoldRepetition) occurrences_into(f, ply);
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
    // The audit stops at the first ending (over()): the earlier plies ended nothing.
    ClaimContext context;
    context.earlier_plies_checked = true;
    const AvailableClaims c = available_claims(record_, ply, context, rules_);
    if (c.threefold()) {
      Finding& f =
          add_claim(Termination::ThreefoldClaim, ply, c.threefold_on_board, c.threefold_intended,
                    c.threefold_on_board ? art.threefold_on_board : art.threefold_intended);
      occurrences_into(f, ply);
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
  WinWorkspace* workspace_;
  std::unique_ptr<WinWorkspace> own_workspace_;  // when the caller gave none
  std::uint64_t mate_budget_;
  GameAudit audit_;
  // Lists of findings no longer used, kept for their buffers (begin(), finish(GameAudit&)).
  std::vector<std::vector<Move>> spare_moves_;
  std::vector<std::vector<GameRecord::Ply>> spare_plies_;
  static constexpr GameRecord::Ply no_ply = ~GameRecord::Ply(0);
  GameRecord::Ply next_ = 0;  // the first ply advance() has not judged
  // The first ply with an Article 5 ending, once check_article5() has found it; no_ply
  // before (the positions a move was played from taken to have none).
  GameRecord::Ply article5_from_ = no_ply;
  GameRecord::Ply checked_ = no_ply;  // the ply check_article5() last checked from
  bool tentative_75_ =
      false;  // a 75-move ending under "the last 75 moves" (2014) until a reset voids it
};

/// Audits a whole record under the rules it was built with (see GameAuditor).
inline GameAudit audit_game(const GameRecord& record, GameResult recorded,
                            std::size_t max_intended = 8) {
  return GameAuditor(record, max_intended).audit(recorded);
}
/// Audits a whole record, with what its Termination tag says (see GameAuditor::audit),
/// the helpmate analysis in `workspace` (nullptr: its own) within `mate_budget` nodes.
inline GameAudit audit_game(const GameRecord& record, GameResult recorded, RecordedEnding ending,
                            WinWorkspace* workspace = nullptr,
                            std::uint64_t mate_budget = full_node_budget,
                            std::size_t max_intended = 8) {
  return GameAuditor(record, max_intended, workspace, mate_budget).audit(recorded, ending);
}

}  // namespace arbiter
