// arbiter watch: follows a PGN file that a live broadcast keeps rewriting or appending
// (DGT LiveChess and most relays work this way) and says, the moment it can be read, that
// a game has reached an automatic ending (checkmate 5.1.1, stalemate 5.2.1, dead position
// 5.2.2, fivefold repetition 9.6.1, seventy-five moves 9.6.2), that a game was played on
// past its end, or that a draw claim has become available (9.2, 9.3).
//
// Each read judges every game of the file again, whole, with the audit (audit.hpp), and
// writes the alerts not written before. An alert is told apart by its game (the tags that
// name a game, and how many games before it in the file have the same ones), its ply, its
// kind and the position at that ply: a game that goes on does not repeat the alerts of its
// earlier plies, a move corrected by the relay gets alerts of its own, and a file replaced
// by another tournament's has other games. Nothing is forgotten while the watch runs.
//
// A file being written can be read half-written. What was written last is read again at
// the next change and never reported as an error: the last token when the file does not
// end in white space (a move such as O-O-O may be cut to O-O, which is also a move), and
// the last game when it cannot be read (a tag, a comment or a variation not yet closed).
// An earlier game that cannot be read is an error of the file: reported once on standard
// error, the other games still watched.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>

#include "audit_text.hpp"
#include "claim_windows.hpp"
#include "json_writer.hpp"
#include "output.hpp"
#include "reading.hpp"
#include "rulings.hpp"
#include "watch.hpp"

namespace arbiter_cli {
namespace {

using arbiter::GameRecord;
using arbiter::Termination;
using Ply = GameRecord::Ply;

// Set by SIGINT and SIGTERM: the watch ends after the read under way.
volatile std::sig_atomic_t stop_requested = 0;
extern "C" void request_stop(int) { stop_requested = 1; }

// The part of a snapshot that can be read as written: without its last token when the
// text does not end in white space (that token may be cut short).
std::string_view settled_part(std::string_view text) {
  std::size_t n = text.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  if (n == 0 || space(text[n - 1])) return text;
  while (n > 0 && !space(text[n - 1])) --n;
  return text.substr(0, n);
}

// The whole file, or false if it cannot be opened now (being replaced: read it next time).
bool read_file(const std::string& name, std::string& text) {
  std::ifstream in(name, std::ios::binary);
  if (!in) return false;
  std::ostringstream all;
  all << in.rdbuf();
  if (in.bad()) return false;
  text = std::move(all).str();
  return true;
}

// One alert, before it is written: an automatic ending, a move played past it, or the
// first ply of a claim window.
struct Alert {
  Ply ply = 0;
  Termination kind = Termination::None;     // the ending, or the claim
  bool played_on = false;                   // a move after the ending `kind` (void)
  const arbiter::Finding* claim = nullptr;  // a claim: the window's first finding

  // The alert's name in JSON: the audit's finding names, or "played_on".
  const char* name() const noexcept { return played_on ? "played_on" : finding_name(kind); }
  // At one ply: the ending first, then the claims, then the play past it.
  int rank() const noexcept { return played_on ? 2 : claim ? 1 : 0; }
};

// What tells an alert from every other: see the top of this file.
struct AlertKey {
  std::string game;  // the naming tags and the occurrence of those tags
  Ply ply = 0;
  int what = 0;  // the Termination, or -1 for play past the end
  std::string fen;
  bool operator<(const AlertKey& o) const {
    return std::tie(game, ply, what, fen) < std::tie(o.game, o.ply, o.what, o.fen);
  }
};

class Watcher {
 public:
  Watcher(const WatchCommand& command, const arbiter::Rules& rules, arbiter::Language lang)
      : command_(command), rules_(rules), lang_(lang) {}

  // Judges a snapshot of the file and writes the alerts not yet written.
  void judge(std::string_view snapshot) {
    const std::string_view text = settled_part(snapshot);
    GameReader reader(command_.file, text, chess960_reading(command_.options), rules_);
    RecordedGame item;
    std::map<std::string, int> occurrences;  // games seen in this snapshot with those tags
    // A game that cannot be read is reported only once a game follows it: the last one
    // may be half-written.
    std::string held_error;
    while (reader.next(item)) {
      if (!held_error.empty()) report_error(held_error);
      held_error.clear();
      if (item.bad) {
        held_error = *item.label + ": " + pgn_error_text(item.error, lang_);
        continue;
      }
      std::string name = item.event + '\x1f' + item.site + '\x1f' + item.round + '\x1f' +
                         item.white + '\x1f' + item.black + '\x1f' + item.date;
      name += '\x1f' + std::to_string(occurrences[name]++);
      judge_game(item, name);
    }
    standard_output().flush();
  }

  bool met_bad_game() const noexcept { return bad_game_; }

 private:
  void report_error(const std::string& error) {
    bad_game_ = true;
    if (errors_.insert(error).second) fmt::print(stderr, "arbiter: {}\n", error);
  }

  void judge_game(const RecordedGame& item, const std::string& name) {
    const GameRecord& record = item.record;
    const arbiter::GameAudit a =
        arbiter::audit_game(record, item.result.value_or(arbiter::GameResult::Ongoing));
    std::vector<Alert> alerts;
    for (const ClaimWindow& w : claim_windows(a.findings))
      alerts.push_back({w.first_ply, w.kind, false, &a.findings[w.first_finding]});
    if (a.ending != Termination::None) {
      alerts.push_back({a.end_ply, a.ending, false, nullptr});
      if (a.played_on) alerts.push_back({a.end_ply + 1, a.ending, true, nullptr});
    }
    std::stable_sort(alerts.begin(), alerts.end(), [](const Alert& x, const Alert& y) {
      return std::make_pair(x.ply, x.rank()) < std::make_pair(y.ply, y.rank());
    });
    for (const Alert& alert : alerts) {
      const std::string fen = arbiter::to_fen(record.position(alert.ply));
      const int what = alert.played_on ? -1 : int(alert.kind);
      if (!written_.insert(AlertKey{name, alert.ply, what, fen}).second) continue;
      write(item, a, alert, fen);
    }
  }

  void write(const RecordedGame& item, const arbiter::GameAudit& a, const Alert& alert,
             const std::string& fen) {
    const GameRecord& record = item.record;
    const arbiter::Rules& rules = record.rules();
    const arbiter::Finding* f = alert.claim;
    const char* article = f ? f->article : arbiter::article_of(a.ending, rules.laws());
    const arbiter::Color side = record.position(alert.ply).side_to_move();
    out_.clear();
    if (command_.options.json) {
      JsonWriter w(out_);
      w.begin_object().key("alert").value(alert.name()).key("article").value(article);
      w.key("black").value(item.black);
      if (f) w.key("claimant").value(side == arbiter::Color::White ? "white" : "black");
      w.key("date").value(item.date);
      if (alert.played_on)
        w.key("end_ply").value(a.end_ply).key("ending").value(finding_name(a.ending));
      w.key("event").value(item.event).key("fen").value(fen).key("file").value(command_.file);
      w.key("game").value(item.number_in_file);
      if (f) {
        w.key("intended").begin_array();
        for (arbiter::Move m : f->intended) w.value(arbiter::to_san(record.position(f->ply), m));
        w.end_array();
      }
      w.key("move").value(MoveLabel(record, alert.ply).view());
      if (f) w.key("on_board").value(f->on_board);
      w.key("ply").value(alert.ply).key("round").value(item.round);
      w.key("rules").value(rules.laws().id).key("white").value(item.white).end_object();
      out_ += '\n';
    } else {
      std::string what;
      if (f) {
        // The written moves as the audit's report lists them, in the language's letters.
        arbiter::MoveList intended;
        for (arbiter::Move m : f->intended) intended.push_back(m);
        const AuditText id = f->intended.empty() ? AuditText::WatchClaimOnBoard
                             : f->on_board       ? AuditText::WatchClaimBoth
                                                 : AuditText::WatchClaimWritten;
        what = say(id, lang_,
                   {{"side", arbiter::display_name(side, lang_)},
                    {"claim", arbiter::display_name(f->kind == Termination::FiftyMoveClaim
                                                        ? arbiter::ClaimKind::FiftyMoves
                                                        : arbiter::ClaimKind::Threefold,
                                                    lang_)},
                    {"moves", arbiter::explain_moves(record.position(f->ply), intended, lang_)}});
      } else if (alert.played_on) {
        what = say(AuditText::WatchPlayedOn, lang_,
                   {{"ending", arbiter::display_name(a.ending, lang_)},
                    {"end", std::to_string(a.end_ply)}});
      } else {
        what =
            say(AuditText::WatchEnded, lang_, {{"ending", arbiter::display_name(a.ending, lang_)}});
      }
      out_ += say(AuditText::WatchAlert, lang_,
                  {{"file", command_.file},
                   {"n", std::to_string(item.number_in_file)},
                   {"white", item.white},
                   {"black", item.black},
                   {"move", move_label(record, alert.ply, arbiter::san_language(lang_))},
                   {"ply", std::to_string(alert.ply)},
                   {"what", what}});
      out_ += fmt::format(" ({}) [{}]\n", article, fen);
    }
    standard_output().write(out_);
  }

  const WatchCommand& command_;
  arbiter::Rules rules_;
  arbiter::Language lang_;
  std::set<AlertKey> written_;
  std::set<std::string> errors_;
  bool bad_game_ = false;
  std::string out_;
};

}  // namespace

int run_watch(const WatchCommand& command) {
  arbiter::Rules rules;
  arbiter::Language lang;
  if (!resolve(command.options, rules, lang) || !inputs_readable({command.file}))
    return exit_bad_input;
  if (command.file == "-") {
    fmt::print(stderr, "arbiter: {}\n", say(AuditText::WatchNoStandardInput, lang));
    return exit_bad_input;
  }
  stop_requested = 0;
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);

  Watcher watcher(command, rules, lang);
  std::string snapshot, last;
  bool first = true;
  const auto interval = std::chrono::duration<double>(command.interval);
  for (;;) {
    // A file that cannot be opened now is being replaced: it is read again next time.
    if (read_file(command.file, snapshot) && (first || snapshot != last)) {
      watcher.judge(snapshot);
      last.swap(snapshot);
      first = false;
    }
    if (command.once || standard_output().failed()) break;
    // Sleeps in short steps, so that a signal ends the watch at once.
    const auto until = std::chrono::steady_clock::now() + interval;
    while (!stop_requested && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::min<std::chrono::duration<double>>(
          until - std::chrono::steady_clock::now(), std::chrono::milliseconds(20)));
    if (stop_requested) break;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  return watcher.met_bad_game() ? exit_bad_game : exit_ok;
}

}  // namespace arbiter_cli
