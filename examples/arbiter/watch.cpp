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
#include <vector>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>

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

// The words of an alert, in the four languages (en, pt, es, ru) of explain.hpp.
enum class WatchText : std::uint8_t {
  Ended,
  PlayedOn,
  ClaimOnBoard,
  ClaimWritten,
  ClaimBoth,
  NoStandardInput
};
constexpr const char* watch_text[][arbiter::language_count] = {
    {"the game has ended: {ending}", "a partida terminou: {ending}",
     "la partida ha terminado: {ending}", "партия окончена: {ending}"},
    {"played after the game had ended ({ending} at ply {end}): void",
     "jogado depois de a partida ter terminado ({ending} no meio-lance {end}): nulo",
     "jugada después de terminar la partida ({ending} en la media jugada {end}): nula",
     "сделан после окончания партии ({ending} на полуходе {end}): недействителен"},
    {"{side} can claim a draw ({claim}) on the board",
     "{side} podem reclamar o empate ({claim}) no tabuleiro",
     "{side} pueden reclamar tablas ({claim}) en el tablero",
     "{side} могут потребовать ничью ({claim}) на доске"},
    {"{side} can claim a draw ({claim}) by writing {moves}",
     "{side} podem reclamar o empate ({claim}) anotando {moves}",
     "{side} pueden reclamar tablas ({claim}) anotando {moves}",
     "{side} могут потребовать ничью ({claim}), записав {moves}"},
    {"{side} can claim a draw ({claim}) on the board or by writing {moves}",
     "{side} podem reclamar o empate ({claim}) no tabuleiro ou anotando {moves}",
     "{side} pueden reclamar tablas ({claim}) en el tablero o anotando {moves}",
     "{side} могут потребовать ничью ({claim}) на доске или записав {moves}"},
    {"watch follows a file: standard input (-) cannot be watched",
     "watch acompanha um arquivo: a entrada padrão (-) não pode ser acompanhada",
     "watch sigue un archivo: la entrada estándar (-) no se puede seguir",
     "watch следит за файлом: за стандартным вводом (-) следить нельзя"},
};

std::string say(WatchText id, arbiter::Language lang,
                std::initializer_list<arbiter::MessageArg> args) {
  return arbiter::fill_placeholders(watch_text[int(id)][int(lang)], args);
}

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

// What tells an alert from every other: see the top of this file.
struct AlertKey {
  std::string game;  // the naming tags and the occurrence of those tags
  Ply ply = 0;
  std::string kind;
  std::string fen;
  bool operator<(const AlertKey& o) const {
    return std::tie(game, ply, kind, fen) < std::tie(o.game, o.ply, o.kind, o.fen);
  }
};

// One alert, before it is written.
struct Alert {
  Ply ply = 0;
  std::string kind;                           // the audit's finding names, or "played_on"
  const arbiter::Finding* finding = nullptr;  // a claim: the window's first finding
  int order = 0;  // at one ply: the ending, then the claims, then play past it
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
      alerts.push_back({w.first_ply, finding_name(w.kind), &a.findings[w.findings.front()], 1});
    if (a.ending != Termination::None) {
      alerts.push_back({a.end_ply, finding_name(a.ending), nullptr, 0});
      if (a.played_on) alerts.push_back({a.end_ply + 1, "played_on", nullptr, 2});
    }
    std::stable_sort(alerts.begin(), alerts.end(), [](const Alert& x, const Alert& y) {
      return std::tie(x.ply, x.order) < std::tie(y.ply, y.order);
    });
    for (const Alert& alert : alerts) {
      const std::string fen = arbiter::to_fen(record.position(alert.ply));
      if (!written_.insert(AlertKey{name, alert.ply, alert.kind, fen}).second) continue;
      write(item, a, alert, fen);
    }
  }

  void write(const RecordedGame& item, const arbiter::GameAudit& a, const Alert& alert,
             const std::string& fen) {
    const GameRecord& record = item.record;
    const arbiter::Rules& rules = record.rules();
    const arbiter::Finding* f = alert.finding;
    const char* article = f ? f->article : arbiter::article_of(a.ending, rules.laws());
    const arbiter::Color side = record.position(alert.ply).side_to_move();
    std::string moves;  // a claim's written moves, in the language's letters (text)
    out_.clear();
    if (command_.options.json) {
      JsonWriter w(out_);
      w.begin_object().key("alert").value(alert.kind).key("article").value(article);
      w.key("black").value(item.black);
      if (f) w.key("claimant").value(side == arbiter::Color::White ? "white" : "black");
      w.key("date").value(item.date);
      if (alert.kind == "played_on")
        w.key("end_ply").value(a.end_ply).key("ending").value(finding_name(a.ending));
      w.key("event").value(item.event).key("fen").value(fen).key("file").value(command_.file);
      w.key("game").value(item.number_in_file);
      if (f) {
        w.key("intended").begin_array();
        for (arbiter::Move m : f->intended) w.value(arbiter::to_san(record.position(f->ply), m));
        w.end_array();
      }
      w.key("move").value(move_label(record, alert.ply));
      if (f) w.key("on_board").value(f->on_board);
      w.key("ply").value(alert.ply).key("round").value(item.round);
      w.key("rules").value(rules.laws().id).key("white").value(item.white).end_object();
      out_ += '\n';
    } else {
      const arbiter::SanLanguage letters = arbiter::san_language(lang_);
      std::string what;
      if (f) {
        for (arbiter::Move m : f->intended) {
          if (!moves.empty()) moves += ", ";
          moves += arbiter::to_san(record.position(f->ply), m, letters);
        }
        const WatchText id = f->intended.empty() ? WatchText::ClaimOnBoard
                             : f->on_board       ? WatchText::ClaimBoth
                                                 : WatchText::ClaimWritten;
        what = say(id, lang_,
                   {{"side", arbiter::display_name(side, lang_)},
                    {"claim", arbiter::display_name(f->kind == Termination::FiftyMoveClaim
                                                        ? arbiter::ClaimKind::FiftyMoves
                                                        : arbiter::ClaimKind::Threefold,
                                                    lang_)},
                    {"moves", moves}});
      } else if (alert.kind == "played_on") {
        what = say(WatchText::PlayedOn, lang_,
                   {{"ending", arbiter::display_name(a.ending, lang_)},
                    {"end", std::to_string(a.end_ply)}});
      } else {
        what = say(WatchText::Ended, lang_, {{"ending", arbiter::display_name(a.ending, lang_)}});
      }
      out_ += fmt::format("{}: {} {}: {} - {}, {} ({} {}): {} ({}) [{}]\n", command_.file,
                          game_word(), item.number_in_file, item.white, item.black,
                          move_label(record, alert.ply, letters), ply_word(), alert.ply, what,
                          article, fen);
    }
    standard_output().write(out_);
  }

  const char* game_word() const noexcept {
    static constexpr const char* words[] = {"game", "partida", "partida", "партия"};
    return words[int(lang_)];
  }
  const char* ply_word() const noexcept {
    static constexpr const char* words[] = {"ply", "meio-lance", "media jugada", "полуход"};
    return words[int(lang_)];
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
    fmt::print(stderr, "arbiter: {}\n", say(WatchText::NoStandardInput, lang, {}));
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
