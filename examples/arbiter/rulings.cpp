// trace, audit and claim: the commands of the arbiter tool that rule on games.

#include "rulings.hpp"
#include "audit_html.hpp"
#include "audit_text.hpp"
#include "claim_windows.hpp"
#include "game_rules.hpp"
#include "json_writer.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "reading.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/color.h>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <arbiter/arbiter.hpp>
#include <arbiter/format_rulings.hpp>
#include <arbiter/notation/written.hpp>

namespace arbiter_cli {

using arbiter::GameRecord;
using Ply = GameRecord::Ply;
using nlohmann::json;

bool by_date(const RulingOptions& options) { return options.rules == "auto"; }

Reading chess960_reading(const RulingOptions& options) {
  Reading reading;
  reading.chess960 = options.chess960;
  reading.rules_by_date = by_date(options);
  return reading;
}

bool resolve(const RulingOptions& o, arbiter::Rules& rules, arbiter::Language& lang) {
  if (!arbiter::parse_language(o.lang, lang)) {
    fmt::print(stderr, "arbiter: unknown language '{}' (expected en, pt, es or ru)\n", o.lang);
    return false;
  }
  if (o.rules != "auto" && !arbiter::parse_edition(o.rules, rules.edition)) {
    fmt::print(stderr, "arbiter: {}\n",
               say(AuditText::ErrUnknownEdition, lang, {{"value", o.rules}}));
    return false;
  }
  if (!arbiter::parse_time_control(o.time_control, rules.time_control)) {
    fmt::print(stderr, "arbiter: {}\n",
               say(AuditText::ErrUnknownTimeControl, lang, {{"value", o.time_control}}));
    return false;
  }
  rules.interpretation.trust_fen_halfmove_clock = o.trust_fen_clock;
  return true;
}

namespace {

// Why a written move names no legal move, in the language (SanError::message's parts;
// the moves in the language's piece letters).
std::string san_error_text(const arbiter::SanError& e, const arbiter::Position& pos,
                           arbiter::Language lang) {
  static_assert(int(AuditText::SanNotStandard) - int(AuditText::SanEmpty) ==
                    int(arbiter::SanErrorKind::NotStandard) - int(arbiter::SanErrorKind::Empty),
                "the SAN error texts follow SanErrorKind");
  std::string m = say(
      AuditText(int(AuditText::SanEmpty) + int(e.kind) - int(arbiter::SanErrorKind::Empty)), lang);
  if (!e.detail.empty())
    m += e.kind == arbiter::SanErrorKind::NotStandard
             ? say(AuditText::SanStandardForm, lang, {{"form", e.detail}})
             : " '" + e.detail + "'";
  if (e.kind == arbiter::SanErrorKind::Illegal && e.candidates.empty())
    m += say(AuditText::SanNoPieceMove, lang);
  if (!e.candidates.empty() && e.kind != arbiter::SanErrorKind::NotStandard) {
    std::string moves;
    for (std::size_t i = 0; i < e.candidates.size(); ++i) {
      if (i) moves += ", ";
      moves += arbiter::to_san(pos, e.candidates[i], arbiter::san_language(lang));
    }
    m += say(e.kind == arbiter::SanErrorKind::Ambiguous ? AuditText::SanCandidates
                                                        : AuditText::SanPieceMoves,
             lang, {{"moves", moves}});
  }
  return m;
}

}  // namespace

std::string pgn_error_text(const arbiter::PgnError& e, arbiter::Language lang) {
  if (lang == arbiter::Language::English) return e.to_string();
  static_assert(int(AuditText::PgnRepairedSetUp) - int(AuditText::PgnSyntax) ==
                    int(arbiter::PgnErrorKind::RepairedSetUp) - int(arbiter::PgnErrorKind::Syntax),
                "the PGN error texts follow PgnErrorKind");
  const std::string what =
      say(AuditText(int(AuditText::PgnSyntax) + int(e.kind) - int(arbiter::PgnErrorKind::Syntax)),
          lang);
  // The reader's own detail (PgnError::message) is English; in another language the
  // kind of fault and where it is are said, and for a move that cannot be played why, from
  // the parts parse_san() gave (the moves in the language's letters).
  std::string detail;
  if (e.san_error && e.position) detail = san_error_text(*e.san_error, *e.position, lang);
  if (e.variation_depth > 0) {
    if (!detail.empty()) detail += "; ";
    detail += say(AuditText::PgnInVariation, lang, {{"depth", std::to_string(e.variation_depth)}});
  }
  return say(AuditText::ErrPgnAt, lang,
             {{"game", std::to_string(e.game)},
              {"line", std::to_string(e.line)},
              {"column", std::to_string(e.column)},
              {"what", detail.empty() ? what : what + " (" + detail + ")"}});
}

namespace {

// How "the winner cannot checkmate" was proved, in the audit's words (a NoWin proof).
AuditText proof_text(arbiter::WinProof p) noexcept {
  switch (p) {
    case arbiter::WinProof::Material:
      return AuditText::ProofMaterial;
    case arbiter::WinProof::Static:
      return AuditText::ProofStatic;
    case arbiter::WinProof::Exhaustive:
    case arbiter::WinProof::None:
    case arbiter::WinProof::Checkmate:
    case arbiter::WinProof::Helpmate:
      break;
  }
  return AuditText::ProofExhaustive;
}

// The audit's line of the Laws applied to a game, by RulesBasis.
constexpr AuditText laws_line[] = {AuditText::LawsForced,        AuditText::LawsBadDate,
                                   AuditText::LawsByDate,        AuditText::LawsUnknownDate,
                                   AuditText::LawsUndecidedDate, AuditText::LawsBeforeFirst};

// The claims open at `ply`, a ply of one of the audit's claim findings (or of the run of
// plies one covers). The audit judged the plies in order and stopped at the first that
// ended the game (GameAuditor), so no ply before a finding's ended it: the plies before
// need no walk (arbiter::EndingWalk, which checks each for a dead position: in a report of
// a long game with claim windows, most of its time). The ply itself is checked, as the
// audit did.
arbiter::AvailableClaims claims_at_finding(const GameRecord& record, Ply ply,
                                           const arbiter::GameAudit& audit,
                                           const arbiter::Rules& rules) {
  ARBITER_ASSERT(audit.ending == arbiter::Termination::None || ply < audit.end_ply);
  (void)audit;
  arbiter::ClaimContext context;
  context.earlier_plies_checked = true;
  return arbiter::available_claims(record, ply, context, rules);
}

}  // namespace

// ---- trace ---------------------------------------------------------------------------

int run_trace(const TraceCommand& command) {
  arbiter::Rules rules;
  arbiter::Language lang;
  if (!resolve(command.options, rules, lang) || !inputs_readable(command.files))
    return exit_bad_input;
  const std::string header =
      "game\tply\tfen\tfide_key\tcount\tthreefold_claim\tfifty_"
      "claim\tfivefold\tseventyfive\tcheckmate\t"
      "stalemate\tdead\thalfmove\n";
  standard_output().write(header);
  ProgressLine progress(command.progress, is_terminal(stdout), AuditText::ProgressTrace, lang);
  // Each game traced in one of the -j threads into its own text, written in input order.
  const ReadTotals read = judge_games<std::string, RecordedGame>(
      command.files, chess960_reading(command.options), command.jobs,
      [&](const RecordedGame& item, std::string& out, unsigned) {
        reuse(out);
        if (item.bad) {
          out = fmt::format("{}: {}\n", *item.label, pgn_error_text(item.error, lang));  // stderr
          return;
        }
        const std::uint64_t number = item.number;
        // Each position judged on the history up to it: the record (the game's one replay,
        // made while it was read, under the Laws of its date with --rules auto) answers at
        // every ply.
        const GameRecord& record = item.record;
        const arbiter::Rules& game_rules = record.rules();
        // Whether a ply before the one traced ended the game for every later ply
        // (arbiter::ends_for_later_plies(), with the dead position traced there): then no
        // claim.
        bool ended_before = false;
        for (Ply ply = 0; ply <= record.ply(); ++ply) {
          const arbiter::Position& pos = record.position(ply);
          // Each flag says what holds in this position under the Laws, in the order of
          // precedence of automatic_ending(): Article 5 first (a checkmate, stalemate or
          // dead position ends the game at once; a checkmate on the 75th move stands,
          // 9.6.2 last sentence), then the automatic draws of 9.6 (fivefold repetition,
          // 75 moves; both may hold), and no claim in a position where the game has ended.
          const arbiter::Termination ending = arbiter::board_ending(pos);
          const bool article5 = ending != arbiter::Termination::None;
          const bool fivefold =
              !article5 && arbiter::is_fivefold(record, ply, game_rules.fivefold());
          const bool seventyfive =
              !article5 && arbiter::is_seventyfive(record, ply, game_rules.seventyfive());
          const bool over = article5 || fivefold || seventyfive;
          arbiter::AvailableClaims claims;
          if (!over && !ended_before) {
            arbiter::ClaimContext context;
            context.earlier_plies_checked = true;  // ended_before says what they ended
            claims = arbiter::available_claims(record, ply, context, game_rules);
          }
          // A move is played from every ply but the last, so the only Article 5 ending
          // there can be a dead position.
          ended_before = ended_before ||
                         arbiter::ends_for_later_plies(
                             record, ply, game_rules, ending == arbiter::Termination::DeadPosition);
          // The line written into the output itself, its fields by hand (a FEN and a line
          // at every ply: no string of its own, no format string read again each time).
          char text[64];
          char* p = std::to_chars(text, text + 20, number).ptr;
          *p++ = '\t';
          p = std::to_chars(p, p + 10, ply).ptr;
          *p++ = '\t';
          out.append(text, p);
          arbiter::append_fen(out, pos);
          p = text;
          *p++ = '\t';
          const std::uint64_t key = pos.key().value();
          for (int shift = 60; shift >= 0; shift -= 4)
            *p++ = "0123456789abcdef"[(key >> shift) & 15];
          *p++ = '\t';
          p = std::to_chars(p, p + 10, record.count(ply)).ptr;
          for (const bool flag : {claims.threefold(), claims.fifty(), fivefold, seventyfive,
                                  ending == arbiter::Termination::Checkmate,
                                  ending == arbiter::Termination::Stalemate,
                                  ending == arbiter::Termination::DeadPosition}) {
            *p++ = '\t';
            *p++ = flag ? '1' : '0';
          }
          *p++ = '\t';
          p = std::to_chars(p, p + 11, record.halfmoves(ply)).ptr;
          *p++ = '\n';
          out.append(text, p);
        }
      },
      [&](const GameSource& item, const std::string& out) {
        if (item.bad)
          progress.message(out);
        else
          standard_output().write(out);
        progress.update(item.number, item.bytes);
        return !standard_output().failed();
      },
      rules);
  progress.clear();
  if (read.unreadable) return exit_bad_input;
  return read.bad ? exit_bad_game : exit_ok;
}

// ---- audit ---------------------------------------------------------------------------

const char* finding_name(arbiter::Termination t) noexcept {
  switch (t) {
    case arbiter::Termination::ThreefoldClaim:
      return "threefold_claim";
    case arbiter::Termination::FiftyMoveClaim:
      return "fifty_claim";
    case arbiter::Termination::Checkmate:
      return "checkmate";
    case arbiter::Termination::Stalemate:
      return "stalemate";
    case arbiter::Termination::DeadPosition:
      return "dead_position";
    case arbiter::Termination::FivefoldRepetition:
      return "fivefold";
    case arbiter::Termination::SeventyFiveMoves:
      return "seventyfive";
    case arbiter::Termination::FlagFallDraw:
      return "flag_fall_draw";
    case arbiter::Termination::ResignationDraw:
      return "resignation_draw";
    case arbiter::Termination::None:
    case arbiter::Termination::Agreement:
    case arbiter::Termination::Resignation:
    case arbiter::Termination::TimeForfeit:
    case arbiter::Termination::IllegalPositionDraw:
      return nullptr;
  }
  return nullptr;
}

namespace {

// The findings in the order of the summary.
constexpr arbiter::Termination summary_kinds[] = {
    arbiter::Termination::ThreefoldClaim,  arbiter::Termination::FiftyMoveClaim,
    arbiter::Termination::Checkmate,       arbiter::Termination::Stalemate,
    arbiter::Termination::DeadPosition,    arbiter::Termination::FivefoldRepetition,
    arbiter::Termination::SeventyFiveMoves};

// The labels of the moves of one game's JSON line, each made once (a claim window's first
// and last moves are those of its findings: on the TCEC file 36,522 of the 60,744 labels
// of the lines). Kept by ply in a few slots; a label pushed out is made again if asked.
class MoveLabels {
 public:
  explicit MoveLabels(const GameRecord& record) noexcept : record_(record) {}
  std::string_view operator()(Ply ply) {
    Slot& s = slots_[ply % slot_count];
    if (!s.label || s.ply != ply) {
      s.label.emplace(record_, ply);
      s.ply = ply;
    }
    return s.label->view();
  }

 private:
  static constexpr std::size_t slot_count = 32;
  struct Slot {
    Ply ply = 0;
    std::optional<MoveLabel> label;
  };
  const GameRecord& record_;
  Slot slots_[slot_count];
};

// A finding in the audit's JSON line, its members in the order nlohmann-json wrote them
// (keys sorted), so that the line is what it always was.
void write_finding(JsonWriter& w, const arbiter::Finding& f, const GameRecord& record,
                   MoveLabels& labels) {
  w.begin_object().key("article").value(f.article).key("halfmoves").value(f.halfmoves);
  if (f.is_claim()) {
    w.key("intended").begin_array();
    for (arbiter::Move m : f.intended) w.value(arbiter::to_san(record.position(f.ply), m));
    w.end_array();
  }
  const bool mate_question = f.is_mate_draw();
  w.key("kind").value(finding_name(f.kind)).key("move").value(labels(f.ply));
  if (mate_question) w.key("nodes").value(f.mate.nodes);
  if (!f.occurrences.empty()) {
    w.key("occurrences").begin_array();
    for (Ply p : f.occurrences) w.value(p);
    w.end_array();
  }
  if (f.is_claim()) w.key("on_board").value(f.on_board);
  w.key("ply").value(f.ply);
  if (mate_question) w.key("proof").value(arbiter::to_string(f.mate.proof));
  w.key("side_to_move")
      .value(record.position(f.ply).side_to_move() == arbiter::Color::White ? "white" : "black");
  if (f.until_ply != f.ply) w.key("until_ply").value(f.until_ply);
  w.end_object();
}

// The audit's JSON line of a game (the members in nlohmann-json's order, keys sorted).
void write_audit_line(std::string& out, const RecordedGame& item, std::uint64_t number,
                      const arbiter::GameAudit& a, const arbiter::Rules& rules, RulesBasis basis,
                      const std::vector<ClaimWindow>& windows) {
  const GameRecord& record = item.record;
  MoveLabels labels(record);
  JsonWriter w(out);
  w.begin_object().key("black").value(item.black).key("date").value(item.date);
  w.key("disagreement");
  if (a.result_agrees)
    w.null();
  else
    w.value(a.disagreement);
  w.key("ending");
  if (a.ending != arbiter::Termination::None)
    w.begin_object()
        .key("article")
        .value(arbiter::article_of(a.ending, rules.laws()))
        .key("move")
        .value(labels(a.end_ply))
        .key("played_on")
        .value(a.played_on)
        .key("ply")
        .value(a.end_ply)
        .key("termination")
        .value(arbiter::to_string(a.ending))
        .end_object();
  else
    w.null();
  w.key("event").value(item.event).key("file").value(*item.label);
  w.key("findings").begin_array();
  for (const arbiter::Finding& f : a.findings) write_finding(w, f, record, labels);
  w.end_array();
  w.key("game").value(number).key("laws_result");
  if (a.laws_result == arbiter::GameResult::Ongoing)
    w.null();
  else
    w.value(arbiter::to_pgn(a.laws_result));
  // Only where the question was left undecided (--nodes): the rule, its article and the
  // nodes spent, so that an arbiter can look at the final position.
  if (a.mate_asked && a.mate.verdict == arbiter::Winnability::Unknown)
    w.key("mate_undecided")
        .begin_object()
        .key("article")
        .value(arbiter::article_of(a.mate_rule, rules.laws()))
        .key("kind")
        .value(finding_name(a.mate_rule))
        .key("nodes")
        .value(a.mate.nodes)
        .end_object();
  w.key("number_in_file").value(item.number_in_file).key("plies").value(a.plies);
  w.key("result").value(arbiter::to_pgn(item.result)).key("result_agrees").value(a.result_agrees);
  w.key("rules").value(rules.laws().id).key("rules_basis").value(basis_name(basis));
  w.key("white").value(item.white).key("windows").begin_array();
  for (const ClaimWindow& win : windows) {
    w.begin_object().key("findings").begin_array();
    win.for_each_finding(a.findings, [&](std::size_t i) { w.value(std::uint64_t(i)); });
    w.end_array().key("first_move").value(labels(win.first_ply));
    w.key("first_ply").value(win.first_ply).key("kind").value(finding_name(win.kind));
    w.key("last_move").value(labels(win.last_ply)).key("last_ply").value(win.last_ply);
    w.key("plies").value(win.plies()).end_object();
  }
  w.end_array().end_object();
  out += '\n';
}

// The bundled sample of games: the installed copy beside the program
// (<bindir>/ARBITER_INSTALLED_SAMPLE_PGN, so that a package or a moved prefix finds its
// own), else the copy in the source tree the program was built from; "" if neither exists.
// Finding the program's own path is Linux-only (/proc/self/exe); elsewhere only the
// source-tree copy is looked for.
std::string bundled_sample() {
  std::error_code ec;
#if defined(__linux__) && defined(ARBITER_INSTALLED_SAMPLE_PGN)
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path installed = self.parent_path() / ARBITER_INSTALLED_SAMPLE_PGN;
    if (std::filesystem::is_regular_file(installed, ec))
      return installed.lexically_normal().string();
  }
#endif
#ifdef ARBITER_SAMPLE_PGN
  if (std::filesystem::is_regular_file(ARBITER_SAMPLE_PGN, ec)) return ARBITER_SAMPLE_PGN;
#endif
  return {};
}

// "At the start (ply 0)" for ply 0, else the move that led to `ply` ("24...Kf7"), in a
// buffer of its own (no allocation).
class PlyLabel {
 public:
  PlyLabel(const GameRecord& record, Ply ply, arbiter::Language lang) noexcept
      : move_(record, ply, arbiter::san_language(lang)),
        start_(ply == 0 ? audit_text(AuditText::AtStart, lang) : nullptr) {}
  std::string_view view() const noexcept {
    return start_ ? std::string_view(start_) : move_.view();
  }

 private:
  MoveLabel move_;
  const char* start_;
};

// Where a finding or a claim stands, appended to `out`: "After 24...Kf7 (ply 48)", "At the
// start (ply 0)".
void write_where(std::string& out, const GameRecord& record, Ply ply, arbiter::Language lang) {
  if (ply == 0)
    say_into(out, AuditText::AtStart, lang);
  else
    say_into(out, AuditText::After, lang,
             {{"move", MoveLabel(record, ply, arbiter::san_language(lang)).view()},
              {"ply", std::to_string(ply)}});
}

// The one-line verdict of a game, written over `out` (`text`: a buffer for what it says):
// how it ended under the Laws (or that nothing ended it without a claim), whether it was
// played on, what becomes of the recorded result, and the claim windows: "Verdict: drawn
// by fivefold repetition at 29.Qh5+, played on for 27 plies; the recorded 0-1 is void."
void write_verdict(std::string& out, std::string& text, const arbiter::GameAudit& a,
                   const GameRecord& record, const std::vector<ClaimWindow>& windows,
                   const std::optional<arbiter::GameResult>& recorded, arbiter::Language lang) {
  text.clear();
  const arbiter::SanLanguage notation = arbiter::san_language(lang);
  if (a.ending == arbiter::Termination::Checkmate) {
    say_into(text, AuditText::VerdictMate, lang,
             {{"move", MoveLabel(record, a.end_ply, notation).view()}});
  } else if (a.ending != arbiter::Termination::None) {
    say_into(text, AuditText::VerdictDrawn, lang,
             {{"ending", arbiter::display_name(a.ending, lang)},
              {"move", MoveLabel(record, a.end_ply, notation).view()}});
  } else {
    say_into(text, AuditText::VerdictNoEnding, lang);
  }
  if (a.played_on && a.plies - a.end_ply == 1)
    say_into(text, AuditText::VerdictPlayedOnOne, lang);
  else if (a.played_on)
    say_into(text, AuditText::VerdictPlayedOn, lang,
             {{"later", std::to_string(a.plies - a.end_ply)}});
  const std::string_view result = arbiter::to_pgn(recorded);
  if (recorded && *recorded != arbiter::GameResult::Ongoing) {
    if (a.result_agrees)
      say_into(text, AuditText::VerdictStands, lang, {{"result", result}});
    else if (a.played_on)
      say_into(text, AuditText::VerdictVoid, lang, {{"result", result}});
    else
      say_into(text, AuditText::VerdictWrong, lang,
               {{"result", result}, {"laws_result", arbiter::to_pgn(a.laws_result)}});
  }
  if (!windows.empty()) {
    GameRecord::Ply plies = 0;
    for (const ClaimWindow& w : windows) plies += w.plies();
    say_into(text, AuditText::VerdictWindows, lang,
             {{"windows", std::to_string(windows.size())}, {"plies", std::to_string(plies)}});
  }
  out.clear();
  say_into(out, AuditText::Verdict, lang, {{"verdict", text}});
}

// A claim window in the report, written over `out` (`text`: a buffer for its parts): its
// range, then who could claim at each of its plies and how (on the board, or by which
// written moves); a run of plies where the fifty-move claim stood on the board is one
// line. Adds the ways seen to `ways` (the procedure is explained once per game).
void write_window(GameReport::Window& out, std::string& text, const ClaimWindow& w,
                  const GameRecord& record, const arbiter::GameAudit& audit,
                  arbiter::ClaimWays& ways, arbiter::Language lang) {
  const arbiter::ExplainOptions options(lang);
  const bool fifty = w.kind == arbiter::Termination::FiftyMoveClaim;
  text.clear();
  if (w.plies() == 1)
    say_into(text, AuditText::RangeOne, lang,
             {{"first", PlyLabel(record, w.first_ply, lang).view()},
              {"from", std::to_string(w.first_ply)}});
  else
    say_into(text, AuditText::RangeMany, lang,
             {{"first", PlyLabel(record, w.first_ply, lang).view()},
              {"last", PlyLabel(record, w.last_ply, lang).view()},
              {"from", std::to_string(w.first_ply)},
              {"to", std::to_string(w.last_ply)},
              {"count", std::to_string(w.plies())}});
  out.clear();
  out.kind = w.kind;
  out.first_ply = w.first_ply;
  say_into(out.heading, fifty ? AuditText::WindowFifty : AuditText::WindowThreefold, lang,
           {{"range", text}});
  const arbiter::Rules& rules = record.rules();
  for (Ply ply = w.first_ply; ply <= w.last_ply; ++ply) {
    const arbiter::Position& pos = record.position(ply);
    const arbiter::AvailableClaims c = claims_at_finding(record, ply, audit, rules);
    const bool on_board = fifty ? c.fifty_on_board : c.threefold_on_board;
    const arbiter::MoveList& intended = fifty ? c.fifty_intended : c.threefold_intended;
    (fifty ? ways.fifty_on_board : ways.threefold_on_board) |= on_board;
    if (fifty && on_board) {
      // The fifty-move claim stays on the board until a pawn move or capture: one line.
      Ply last = ply;
      while (last < w.last_ply && claims_at_finding(record, last + 1, audit, rules).fifty_on_board)
        ++last;
      if (last > ply) {
        GameReport::Entry& entry = out.entries.add();
        entry.ply = ply;
        say_into(entry.text, AuditText::EntryEachOnBoard, lang,
                 {{"first", PlyLabel(record, ply, lang).view()},
                  {"last", PlyLabel(record, last, lang).view()}});
        ply = last;
        continue;
      }
    }
    const char* side = arbiter::message_text(pos.side_to_move() == arbiter::Color::White
                                                 ? arbiter::Message::WhiteCapital
                                                 : arbiter::Message::BlackCapital,
                                             lang);
    text.clear();
    arbiter::explain_moves_into(text, pos, intended, options);
    const AuditText how = on_board && !intended.empty() && !fifty ? AuditText::EntryBoth
                          : on_board                              ? AuditText::EntryOnBoard
                                                                  : AuditText::EntryWritten;
    (fifty ? ways.fifty_intended : ways.threefold_intended) |= how != AuditText::EntryOnBoard;
    GameReport::Entry& entry = out.entries.add();
    entry.ply = ply;
    write_where(entry.where, record, ply, lang);
    say_into(entry.text, how, lang, {{"side", side}, {"moves", text}});
  }
}

// Writes the HTML page: its summary, the games' sections from `games` (a temporary file
// written while the games were audited), its end. False (with a message) if a write failed.
bool write_html_page(Output& page, Output& games, const HtmlSummary& summary,
                     std::vector<std::pair<std::uint64_t, std::string>>& disagreeing,
                     arbiter::Language lang) {
  std::FILE* tmp = games.file();
  if (!games.flush()) return false;
  HtmlSummary s = summary;
  s.disagreeing = std::move(disagreeing);
  page.write(html_page_start(s, lang));
  std::rewind(tmp);
  std::string buffer(1 << 16, '\0');
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), tmp)) > 0;)
    page.write(std::string_view(buffer.data(), n));
  if (std::ferror(tmp)) {
    fmt::print(stderr, "arbiter: cannot read back the temporary file: {}\n", std::strerror(errno));
    return false;
  }
  page.write(html_page_end());
  return page.finish();
}

}  // namespace

int run_audit(const AuditCommand& command) {
  arbiter::Rules rules;
  arbiter::Language lang;
  if (!resolve(command.options, rules, lang)) return exit_bad_input;
  std::vector<std::string> files = command.files;
  if (files.empty()) {
    const std::string sample = bundled_sample();
    if (!sample.empty()) files.push_back(sample);
    if (files.empty() || !std::filesystem::exists(files[0])) {
      fmt::print(stderr, "arbiter: {}\n", say(AuditText::ErrNoSample, lang));
      return exit_bad_input;
    }
  }
  if (!inputs_readable(files)) return exit_bad_input;

  const bool colour = !command.options.json && is_terminal(stdout);
  ProgressLine progress(command.progress, is_terminal(stdout), AuditText::Progress, lang);
  const arbiter::ExplainOptions explain_options(lang);
  const bool dated = by_date(command.options);
  std::uint64_t plies = 0, disagreeing = 0, played_on = 0;
  std::uint64_t counts[arbiter::termination_count] = {};
  std::uint64_t by_edition[arbiter::edition_count] = {};  // games judged by each edition
  std::uint64_t windows[2] = {}, window_plies[2] = {};    // claim windows: threefold, fifty
  // Text appended to `out` in place (a game's report is many lines: no temporary string
  // for each), as a heading or a warning where standard output is a terminal.
  auto styled = [&](std::string& out, std::string_view text, fmt::text_style style) {
    if (colour)
      fmt::format_to(std::back_inserter(out), style, "{}", text);
    else
      out.append(text);
  };
  auto heading = [&](std::string& out, std::string_view text) {
    styled(out, text, fmt::emphasis::bold | fmt::fg(fmt::terminal_color::cyan));
  };
  auto warning = [&](std::string& out, std::string_view text) {
    styled(out, text, fmt::emphasis::bold | fmt::fg(fmt::terminal_color::red));
  };
  // An indented line of the report.
  auto line = [](std::string& out, std::string_view indent, std::string_view text) {
    out.append(indent).append(text) += '\n';
  };

  // Each game audited in one of the -j threads into its own verdict (its report and its
  // counts), added up and written in input order.
  struct Verdict {
    std::string out;
    std::uint64_t plies = 0, disagreeing = 0, played_on = 0;
    std::uint64_t counts[arbiter::termination_count] = {};
    int edition = -1;  // the edition applied (-1: the game could not be read)
    std::uint64_t windows[2] = {}, window_plies[2] = {};  // claim windows: threefold, fifty
    std::string html;                                     // --html: the game's section of the page
    std::string disagreeing_item;  // --html: the summary's line of a result that disagrees
    std::vector<ClaimWindow> claim_windows;  // the game's (its buffer reused from game to game)
  };
  std::uint64_t audited = 0;  // games, good and bad
  // Each -j worker's game report and its buffers, kept from game to game: the report of a
  // game allocates nothing once an earlier one has needed as much.
  struct ReportBuffers {
    GameReport report;
    std::string verdict, text, board;
  };
  std::vector<ReportBuffers> report_buffers(std::max(1u, command.jobs));

  // --html FILE: the page is its summary, then the games; the games' sections wait in a
  // temporary file until the summary is known (a corpus's page does not fit in memory).
  const bool html = !command.html.empty();
  std::unique_ptr<Output> html_file, html_games;
  std::vector<std::pair<std::uint64_t, std::string>> html_disagreeing;
  if (html) {
    std::FILE* f = std::fopen(command.html.c_str(), "wb");
    std::FILE* tmp = f ? std::tmpfile() : nullptr;
    if (!f || !tmp) {
      fmt::print(stderr, "arbiter: {}: {}\n", f ? "temporary file" : command.html,
                 std::strerror(errno));
      if (f) std::fclose(f);
      return exit_bad_input;
    }
    html_file = std::make_unique<Output>(f, command.html, true);
    html_games = std::make_unique<Output>(tmp, "temporary file", true);
  }
  // Each game audited while it is read (Reading::audit): every position judged as soon as
  // it is recorded, in the same pass that resolves and plays its move.
  Reading reading = chess960_reading(command.options);
  reading.audit = true;
  reading.mate_nodes = std::uint64_t(command.mate_nodes);
  const ReadTotals read = judge_games<Verdict, RecordedGame>(
      files, reading, command.jobs,
      [&](const RecordedGame& item, Verdict& v, unsigned worker) {
        v = Verdict{std::move(v.out),          0, 0, 0, {}, -1, {}, {}, std::move(v.html), {},
                    std::move(v.claim_windows)};
        std::string& out = v.out;
        reuse(out);
        reuse(v.html);
        const std::string& label = *item.label;
        // The game's number among all the games read, counted from --first-game (a shard's
        // games keep the numbers they have in the whole input).
        const std::uint64_t number = std::uint64_t(command.first_game - 1) + item.number;
        if (item.bad) {
          const arbiter::PgnError& e = item.error;
          if (command.options.json) {
            out += json({{"game", number},
                         {"file", label},
                         {"number_in_file", e.game},
                         {"error", e.to_string()}})
                       .dump(-1, ' ', false, json::error_handler_t::replace);
            out += '\n';
          } else {
            warning(out, arbiter_cli::say(AuditText::CannotRead, lang,
                                          {{"n", std::to_string(number)},
                                           {"error", label + ": " + pgn_error_text(e, lang)}}));
            out += "\n\n";
          }
          if (html)
            append_bad_game_html(
                v.html, number,
                arbiter_cli::say(AuditText::CannotRead, lang,
                                 {{"n", std::to_string(number)},
                                  {"error", label + ": " + pgn_error_text(e, lang)}}));
          return;
        }
        // The game's one replay, made while it was read under the Laws of its date (--rules
        // auto; GameReader): the audit and the report read it.
        const GameRecord& record = item.record;
        const GameRules chosen = rules_for(item.date, dated, rules);
        const arbiter::Rules& rules = record.rules();
        v.edition = int(rules.edition);
        // The audit made while the game was read (GameReader, Reading::audit), with the
        // helpmate analysis asked of a decisive result lost off the board (6.9, 2023 5.1.2).
        const arbiter::GameAudit& a = item.audit;
        v.plies = a.plies;
        for (int k = 0; k < arbiter::termination_count; ++k)
          v.counts[k] = std::uint64_t(a.counts[k]);
        v.disagreeing = !a.result_agrees;
        v.played_on = a.played_on;
        claim_windows(a.findings, v.claim_windows);
        const std::vector<ClaimWindow>& windows = v.claim_windows;
        for (const ClaimWindow& w : windows) {
          const int k = w.kind == arbiter::Termination::FiftyMoveClaim;
          ++v.windows[k];
          v.window_plies[k] += w.plies();
        }
        if (command.options.json)
          write_audit_line(out, item, number, a, rules, chosen.basis, windows);
        if (command.options.json && !html) return;

        // The report in words, laid out as text (standard output) and as HTML (--html),
        // written into the worker's buffers (kept from game to game: no allocation).
        ReportBuffers& buffers = report_buffers[worker];
        GameReport& report = buffers.report;
        std::string& text = buffers.text;
        report.clear();
        say_into(report.heading, AuditText::Game, lang,
                 {{"n", std::to_string(number)},
                  {"white", item.white},
                  {"black", item.black},
                  {"event", item.event},
                  {"date", item.date},
                  {"result", arbiter::to_pgn(item.result)},
                  {"plies", std::to_string(a.plies)}});
        // The Laws applied, and why those (--rules auto: the edition of the game's date).
        say_into(report.laws, laws_line[int(chosen.basis)], lang,
                 {{"edition", arbiter::edition_names(rules.edition, lang).full_name},
                  {"date", item.date}});
        write_verdict(buffers.verdict, text, a, record, windows, item.result, lang);
        if (!command.detail) report.verdict += buffers.verdict;
        // A finding explained on the history up to its ply, as one paragraph. Automatic
        // endings first (--detail: every finding in order of ply), then the claim windows.
        for (const arbiter::Finding& f : a.findings) {
          if (!command.detail && f.is_claim()) continue;
          const arbiter::Position& pos = record.position(f.ply);
          GameReport::Paragraph& p = report.paragraphs.add();
          p.ply = f.ply;
          p.kind = f.kind;
          // The board at the game's end, and at a result the Laws make a draw.
          p.board = f.ply == a.end_ply || f.is_mate_draw();
          write_where(p.where, record, f.ply, lang);
          if (f.is_claim()) {
            const arbiter::AvailableClaims claims = claims_at_finding(record, f.ply, a, rules);
            arbiter::explain_into(p.text, claims, pos, rules, explain_options);
            if (f.until_ply != f.ply)
              say_into(p.text, AuditText::Until, lang, {{"ply", std::to_string(f.until_ply)}});
          } else {
            const arbiter::GameResult result =
                f.kind == arbiter::Termination::Checkmate
                    ? (pos.side_to_move() == arbiter::Color::White ? arbiter::GameResult::BlackWins
                                                                   : arbiter::GameResult::WhiteWins)
                    : arbiter::GameResult::Draw;
            arbiter::explain_into(p.text, f.kind, result, rules, explain_options);
            if (f.is_mate_draw()) {
              p.text += ' ';
              say_into(p.text, AuditText::MateProof, lang,
                       {{"how", audit_text(proof_text(f.mate.proof), lang)},
                        {"nodes", std::to_string(f.mate.nodes)}});
            }
          }
        }
        if (a.played_on)
          say_into(
              report.played_on, AuditText::PlayedOn, lang,
              {{"ply", std::to_string(a.end_ply)}, {"later", std::to_string(a.plies - a.end_ply)}});
        if (!a.result_agrees) {
          const AuditText reason = a.ending == arbiter::Termination::None
                                       ? AuditText::ReasonCannotMate
                                   : a.played_on ? AuditText::ReasonVoid
                                                 : AuditText::ReasonOtherwise;
          text.clear();
          if (a.laws_result != arbiter::GameResult::Ongoing)
            say_into(text, AuditText::LawsGive, lang, {{"result", arbiter::to_pgn(a.laws_result)}});
          say_into(report.disagrees, AuditText::Disagrees, lang,
                   {{"result", arbiter::to_pgn(item.result)},
                    {"reason", audit_text(reason, lang)},
                    {"laws_result", text}});
        }
        if (a.mate_asked && a.mate.verdict == arbiter::Winnability::Unknown)
          say_into(report.undecided, AuditText::MateUndecided, lang,
                   {{"nodes", std::to_string(a.mate.nodes)}});
        if (!command.detail) {
          arbiter::ClaimWays ways;
          for (const ClaimWindow& w : windows)
            write_window(report.windows.add(), text, w, record, a, ways, lang);
          if (ways.any()) {
            text.clear();
            arbiter::explain_claim_procedure_into(text, ways, rules, explain_options);
            say_into(report.how_to_claim, AuditText::HowToClaim, lang, {{"procedure", text}});
          }
        }
        if (a.findings.empty()) say_into(report.nothing, AuditText::Nothing, lang);

        if (html) {
          append_game_html(v.html, number, report, a, record, lang, finding_name);
          if (!a.result_agrees)
            v.disagreeing_item.assign(report.heading).append(": ").append(buffers.verdict);
        }
        if (command.options.json) return;
        heading(out, report.heading);
        out += '\n';
        line(out, "  ", report.laws);
        if (!report.verdict.empty()) line(out, "  ", report.verdict);
        for (const GameReport::Paragraph& p : report.paragraphs) {
          out.append("  ").append(p.where).append(": ");
          line(out, "", p.text);
          if (p.board && command.boards) {
            std::string& board = buffers.board;
            board.clear();
            arbiter::append_board_diagram(board, record.position(p.ply));
            for (std::size_t start = 0; start < board.size();) {
              const std::size_t nl = board.find('\n', start);
              std::string_view row = std::string_view(board).substr(start, nl - start);
              // The footer's side to move in the language (the FEN stays as it is).
              if (row == "White to move" || row == "Black to move")
                line(out, "      ",
                     audit_text(row[0] == 'W' ? AuditText::WhiteToMove : AuditText::BlackToMove,
                                lang));
              else
                line(out, "      ", row);
              if (nl == std::string::npos) break;
              start = nl + 1;
            }
          }
        }
        for (const std::string* w : {&report.played_on, &report.disagrees})
          if (!w->empty()) {
            out += "  ";
            warning(out, *w);
            out += '\n';
          }
        if (!report.undecided.empty()) line(out, "  ", report.undecided);
        for (const GameReport::Window& w : report.windows) {
          line(out, "  ", w.heading);
          for (const GameReport::Entry& e : w.entries) {
            out += "    ";
            if (!e.where.empty()) out.append(e.where).append(": ");
            line(out, "", e.text);
          }
        }
        if (!report.how_to_claim.empty()) line(out, "  ", report.how_to_claim);
        if (!report.nothing.empty()) line(out, "  ", report.nothing);
        out += '\n';
      },
      [&](const GameSource& item, const Verdict& v) {
        audited = item.number;
        plies += v.plies;
        for (int k = 0; k < arbiter::termination_count; ++k) counts[k] += v.counts[k];
        disagreeing += v.disagreeing;
        played_on += v.played_on;
        if (v.edition >= 0) ++by_edition[v.edition];
        for (int k = 0; k < 2; ++k) {
          windows[k] += v.windows[k];
          window_plies[k] += v.window_plies[k];
        }
        standard_output().write(v.out);
        if (html) {
          html_games->write(v.html);
          if (!v.disagreeing_item.empty())
            html_disagreeing.emplace_back(std::uint64_t(command.first_game - 1) + item.number,
                                          v.disagreeing_item);
          if (html_games->failed()) return false;
        }
        progress.update(audited, item.bytes);
        return !standard_output().failed();
      },
      rules);
  progress.clear();
  std::string out;

  if (command.options.json) {
    json by_kind = json::object();
    for (arbiter::Termination k : summary_kinds) by_kind[finding_name(k)] = counts[int(k)];
    // Every edition counted, 0 or not: shards' summaries then merge field by field.
    json editions = json::object();
    for (int e = 0; e < arbiter::edition_count; ++e)
      editions[arbiter::laws(arbiter::Edition(e)).id] = by_edition[e];
    out += json({{"summary", true},
                 {"rules", dated ? "auto" : rules.laws().id},
                 {"editions", editions},
                 {"games", audited},
                 {"bad_games", read.bad},
                 {"plies", plies},
                 {"findings", by_kind},
                 {"windows", {{"threefold_claim", windows[0]}, {"fifty_claim", windows[1]}}},
                 {"window_plies",
                  {{"threefold_claim", window_plies[0]}, {"fifty_claim", window_plies[1]}}},
                 {"played_on_after_end", played_on},
                 {"results_disagreeing", disagreeing}})
               .dump(-1, ' ', false, json::error_handler_t::replace);
    out += '\n';
  }
  const std::string summary_heading =
      arbiter_cli::say(AuditText::Summary, lang,
                       {{"edition", dated ? arbiter_cli::say(AuditText::EditionsByDate, lang)
                                          : arbiter::full_name(rules.edition, lang)},
                        {"games", std::to_string(audited)},
                        {"bad", std::to_string(read.bad)},
                        {"plies", std::to_string(plies)}});
  // The claims: how many windows, and how many plies they cover.
  auto windows_of = [&](arbiter::Termination k) -> std::string {
    const int w = k == arbiter::Termination::ThreefoldClaim   ? 0
                  : k == arbiter::Termination::FiftyMoveClaim ? 1
                                                              : -1;
    if (w < 0) return {};
    return " (" +
           arbiter_cli::say(AuditText::SummaryWindows, lang,
                            {{"windows", std::to_string(windows[w])},
                             {"plies", std::to_string(window_plies[w])}}) +
           ")";
  };
  HtmlSummary audit_summary;
  if (html) {
    audit_summary.caption = summary_heading;
    auto row = [&](AuditText label, std::uint64_t n) {
      audit_summary.rows.emplace_back(arbiter_cli::say(label, lang), std::to_string(n));
    };
    row(AuditText::HtmlGames, audited);
    row(AuditText::HtmlBadGames, read.bad);
    row(AuditText::HtmlPlies, plies);
    for (arbiter::Termination k : summary_kinds)
      audit_summary.rows.emplace_back(arbiter::display_name(k, lang),
                                      std::to_string(counts[int(k)]) + windows_of(k));
    row(AuditText::HtmlPlayedOn, played_on);
    row(AuditText::HtmlDisagreeing, disagreeing);
  }
  if (!command.options.json) {
    heading(out, summary_heading);
    out += '\n';
    for (arbiter::Termination k : summary_kinds) {
      out += fmt::format(
          "  {:16} {}",
          lang == arbiter::Language::English ? finding_name(k) : arbiter::display_name(k, lang),
          counts[int(k)]);
      out += windows_of(k) + '\n';
    }
    out += "  " +
           arbiter_cli::say(AuditText::PlayedOnCount, lang, {{"n", std::to_string(played_on)}}) +
           "\n";
    out +=
        "  " +
        arbiter_cli::say(AuditText::DisagreeingCount, lang, {{"n", std::to_string(disagreeing)}}) +
        "\n";
  }
  standard_output().write(out);
  if (html && !write_html_page(*html_file, *html_games, audit_summary, html_disagreeing, lang))
    return exit_bad_input;
  if (read.unreadable) return exit_bad_input;
  return read.bad ? exit_bad_game : exit_ok;
}

// ---- claim ---------------------------------------------------------------------------

namespace {

// The written move of a claim: SAN (lenient) in the language's piece letters, English or
// figurines (parse_written_san), or two squares for a move that may be illegal (E1); for
// illegal SAN naming a piece type with one piece, that piece's move.
arbiter::Result<arbiter::Move, std::string> written_move(const arbiter::Position& pos,
                                                         const std::string& text,
                                                         arbiter::Language lang) {
  const arbiter::SanLanguage language = arbiter::san_language(lang);
  const arbiter::Result<arbiter::Move, arbiter::SanError> r =
      arbiter::parse_written_san(pos, text, language);
  if (r) return *r;
  auto square = [](char f, char rk) { return arbiter::make_square(f - 'a', rk - '1'); };
  auto is_sq = [](char f, char rk) { return f >= 'a' && f <= 'h' && rk >= '1' && rk <= '8'; };
  if (text.size() == 4 && is_sq(text[0], text[1]) && is_sq(text[2], text[3]))
    return arbiter::Move(square(text[0], text[1]), square(text[2], text[3]));
  if (r.error().kind == arbiter::SanErrorKind::Illegal && text.size() >= 3) {
    const arbiter::PieceType type = arbiter::written_piece(text, language);
    std::string t = text;
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.pop_back();
    const arbiter::Bitboard pieces =
        type == arbiter::PieceType::None ? 0 : pos.pieces(pos.side_to_move(), type);
    if (pieces && !arbiter::more_than_one(pieces) && t.size() >= 3 &&
        is_sq(t[t.size() - 2], t[t.size() - 1]))
      return arbiter::Move(arbiter::lsb(pieces), square(t[t.size() - 2], t[t.size() - 1]));
  }
  return arbiter::fail(san_error_text(r.error(), pos, lang));
}

}  // namespace

int run_claim(const ClaimCommand& command) {
  arbiter::Rules rules;
  arbiter::Language lang;
  if (!resolve(command.options, rules, lang)) return exit_bad_input;
  arbiter::ClaimKind kind;
  if (command.claim == "threefold")
    kind = arbiter::ClaimKind::Threefold;
  else if (command.claim == "fifty")
    kind = arbiter::ClaimKind::FiftyMoves;
  else {
    fmt::print(stderr, "arbiter: {}\n",
               say(AuditText::ErrUnknownClaim, lang, {{"value", command.claim}}));
    return exit_bad_input;
  }
  if (!inputs_readable({command.pgn})) return exit_bad_input;

  arbiter::PgnGame found;
  bool have = false;
  std::uint64_t count = 0;
  std::string read_error;
  for_each_game(
      {command.pgn}, chess960_reading(command.options),
      [&](const std::string&, const arbiter::PgnGame& game) {
        if (++count == std::uint64_t(command.game)) {
          found = game;
          have = true;
        }
      },
      [&](const std::string&, const arbiter::PgnGame&, const arbiter::PgnError& e) {
        if (++count == std::uint64_t(command.game)) read_error = pgn_error_text(e, lang);
      });
  if (!read_error.empty()) {
    fmt::print(
        stderr, "arbiter: {}\n",
        say(AuditText::ErrGameUnreadable, lang,
            {{"file", command.pgn}, {"n", std::to_string(command.game)}, {"error", read_error}}));
    return exit_bad_input;
  }
  if (!have) {
    fmt::print(stderr, "arbiter: {}\n",
               say(count == 1 ? AuditText::ErrNoGameOne : AuditText::ErrNoGame, lang,
                   {{"file", command.pgn},
                    {"n", std::to_string(command.game)},
                    {"count", std::to_string(count)}}));
    return exit_bad_input;
  }
  const std::size_t plies = found.main_line.moves.size();
  if (command.ply < 0 || std::size_t(command.ply) > plies) {
    fmt::print(stderr, "arbiter: {}\n",
               say(AuditText::ErrPlyRange, lang,
                   {{"plies", std::to_string(plies)}, {"n", std::to_string(command.game)}}));
    return exit_bad_input;
  }

  const GameRules chosen = rules_for(found.tag("Date"), by_date(command.options), rules);
  rules = chosen.rules;
  arbiter::GameOptions options;
  options.rules = rules;
  // The game as it stood after ply P, or at its end if it ended before (or at a null move).
  arbiter::Result<arbiter::Game, arbiter::PgnLoadError> loaded =
      arbiter::game_from_pgn(found, options, std::size_t(command.ply));
  if (!loaded) loaded = arbiter::game_from_pgn(found, options, std::size_t(loaded.error().ply - 1));
  arbiter::Game game = std::move(loaded).value();
  const arbiter::Position& pos = game.position();
  arbiter::Claim claim;
  claim.kind = kind;
  // The player to move after ply P of the record claims (also when the game had ended
  // before: the claim is then inadmissible).
  claim.claimant = found.start.side_to_move() == arbiter::Color::White
                       ? arbiter::Color(command.ply % 2)
                       : arbiter::Color(1 - command.ply % 2);
  claim.claimant_seconds_left = command.seconds_left;
  if (!command.intended.empty()) {
    const arbiter::Result<arbiter::Move, std::string> written =
        written_move(pos, command.intended, lang);
    if (!written) {
      fmt::print(stderr, "arbiter: {}\n",
                 say(AuditText::ErrWrittenMove, lang,
                     {{"move", command.intended}, {"error", written.error()}}));
      return exit_bad_input;
    }
    claim.intended = *written;
  }
  if (command.touched) {
    const arbiter::Square touched =
        claim.has_intended() && pos.piece_on(claim.intended.from()) != arbiter::Piece::None
            ? claim.intended.from()
            : pos.king_square(pos.side_to_move());
    // Cannot fail: the player to move touches a piece of the board, before the game ended
    // (or else the claim is inadmissible anyway).
    (void)game.touch_piece(pos.side_to_move(), touched);
  }
  const GameRecord record = game.record();  // as it stood when the claim was made
  const arbiter::Ruling ruling = game.claim(claim);
  const std::string explanation =
      arbiter::explain(ruling, record, rules, arbiter::ExplainOptions(lang));

  if (command.options.json) {
    json occurrences = json::array(), moves = json::array();
    for (Ply p : ruling.occurrences) {
      occurrences.push_back(p);
      moves.push_back(p <= record.ply()
                          ? move_label(record, p)
                          : fmt::format("{}{}{}", record.move_number(p),
                                        pos.side_to_move() == arbiter::Color::White ? "." : "...",
                                        arbiter::is_legal(pos, ruling.intended)
                                            ? arbiter::to_san(pos, ruling.intended)
                                            : "?"));
    }
    json j = {{"game", command.game},
              {"ply", command.ply},
              {"claim", command.claim},
              {"claimant", claim.claimant == arbiter::Color::White ? "white" : "black"},
              {"rules", rules.laws().id},
              {"rules_basis", basis_name(chosen.basis)},
              {"time_control", arbiter::to_string(rules.time_control)},
              {"admissible", ruling.admissible()},
              {"inadmissible",
               ruling.admissible() ? json(nullptr) : json(arbiter::to_string(ruling.inadmissible))},
              {"correct", ruling.correct},
              {"article", ruling.article},
              {"with_intended", ruling.with_intended},
              {"intended", ruling.with_intended ? json(command.intended) : json(nullptr)},
              {"intended_illegal", ruling.intended_illegal},
              {"occurrences", occurrences},
              {"occurrence_moves", moves},
              {"halfmoves", ruling.halfmoves},
              {"last_reset_ply", ruling.last_reset},
              {"draw", ruling.draw},
              {"penalty_article", ruling.penalty_article},
              {"opponent_seconds_added", ruling.opponent_seconds_added},
              {"claimant_seconds_after", ruling.claimant_seconds_after},
              {"must_play",
               ruling.must_play ? json(arbiter::to_san(pos, ruling.must_play)) : json(nullptr)},
              {"must_move_from", ruling.must_move_from == arbiter::Square::None
                                     ? json(nullptr)
                                     : json(arbiter::to_string(ruling.must_move_from))},
              {"counts_as_offer", ruling.counts_as_offer},
              {"explanation", explanation}};
    standard_output().print("{}\n", j.dump(-1, ' ', false, json::error_handler_t::replace));
  } else {
    standard_output().print("{}\n", explanation);
  }
  return ruling.admissible() && ruling.correct ? exit_ok : exit_bad_game;
}

}  // namespace arbiter_cli
