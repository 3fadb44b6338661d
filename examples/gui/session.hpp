#pragma once
// arbiter-gui's interpreter: one arbiter::Game and the commands of two players sharing a
// board, read one line at a time. Every ruling, ending, available claim and refusal is
// explained through explain.hpp in the language chosen; texts.hpp has the rest.

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>
#include <arbiter/format_rulings.hpp>
#include <arbiter/notation/written.hpp>

#include "texts.hpp"

namespace arbiter_gui {

struct Config {
  arbiter::Position start = arbiter::Position::startpos();
  arbiter::GameOptions options{};
  arbiter::Language language = arbiter::Language::English;
  bool unicode = false;    ///< figurine board
  bool show_board = true;  ///< the board at the start and after every move
  bool ansi = false;       ///< colours (only when standard output is a terminal)
};

class Session {
 public:
  Session(const Config& config, std::FILE* out)
      : config_(config),
        out_(out),
        game_(config.start, config.options),
        explain_(config.language) {}

  const arbiter::Game& game() const noexcept { return game_; }

  /// The banner, the board (unless turned off) and what may be claimed.
  void start() {
    const arbiter::Rules& rules = game_.rules();
    say(text(t().banner, {{"laws", arbiter::full_name(rules.edition, lang())},
                          {"time_control", arbiter::display_name(rules.time_control, lang())}}));
    if (config_.show_board)
      show_position();
    else
      show_status();
  }

  /// The prompt for the next command.
  const char* prompt() const noexcept {
    if (game_.is_over()) return t().prompt_over;
    return stm() == arbiter::Color::White ? t().prompt_white : t().prompt_black;
  }

  /// Handles one line; false when the user asked to quit.
  bool handle(std::string_view line) {
    const std::vector<std::string_view> words = split(line);
    if (words.empty() || words[0][0] == '#') return true;
    const std::string command = lower(words[0]);
    const std::vector<std::string_view> args(words.begin() + 1, words.end());
    if (command == "quit" || command == "exit") return !no_args(command, args);
    if (command == "help" || command == "?") {
      if (no_args(command, args)) say(t().help);
    } else if (command == "board") {
      if (no_args(command, args)) show_position();
    } else if (command == "fen") {
      if (no_args(command, args)) say(arbiter::to_fen(game_.position()));
    } else if (command == "offer" || command == "accept" || command == "decline" ||
               command == "flag" || command == "resign") {
      arbiter::Color who = stm();
      if (args.size() > 1) return extra(command, args[1]);
      if (args.size() == 1 && !parse_color(args[0], who))
        return error(text(t().not_color, {{"text", args[0]}}));
      if (command == "offer")
        offer(who);
      else if (command == "accept")
        accept(who);
      else if (command == "decline")
        decline(who);
      else if (command == "flag")
        event(game_.flag_fall(who));
      else
        event(game_.resign(who));
    } else if (command == "touch") {
      touch(args);
    } else if (command == "claim") {
      claim(args);
    } else {
      moves(words);
    }
    return true;
  }

 private:
  // ---- Output ------------------------------------------------------------------------------
  arbiter::Language lang() const noexcept { return config_.language; }
  const Texts& t() const noexcept { return texts_for(lang()); }
  arbiter::Color stm() const noexcept { return game_.position().side_to_move(); }

  static std::string text(std::string_view pattern,
                          std::initializer_list<arbiter::MessageArg> args = {}) {
    return arbiter::fill_placeholders(pattern, args);
  }
  void say(std::string_view s) const { fmt::print(out_, "{}\n", s); }
  void say_styled(std::string_view s, const char* ansi) const {
    if (config_.ansi)
      fmt::print(out_, "{}{}\033[0m\n", ansi, s);
    else
      say(s);
  }
  /// A message about bad input or a refused event; always true (the session goes on).
  bool error(std::string_view s) const {
    say_styled(s, "\033[31m");
    return true;
  }
  bool extra(std::string_view command, std::string_view word) const {
    return error(text(t().extra, {{"text", word}, {"command", command}}));
  }
  bool no_args(std::string_view command, const std::vector<std::string_view>& args) const {
    if (args.empty()) return true;
    extra(command, args[0]);
    return false;
  }

  std::string edition() const { return arbiter::display_name(game_.rules().edition, lang()); }
  /// An article to cite; "?" where the edition has none.
  static const char* article(const char* a) noexcept { return a && *a ? a : "?"; }
  const arbiter::Articles& articles() const noexcept { return game_.rules().laws().articles; }
  const char* capital(arbiter::Color c) const noexcept {
    return arbiter::message_text(c == arbiter::Color::White ? arbiter::Message::WhiteCapital
                                                            : arbiter::Message::BlackCapital,
                                 lang());
  }
  std::string san(const arbiter::Position& pos, arbiter::Move m) const {
    return arbiter::to_san(pos, m, arbiter::san_language(lang()));
  }

  /// The board (unless turned off for moves) and the state of the game.
  void show_position() const {
    say(config_.unicode ? fmt::format("{:u}", game_.position())
                        : fmt::format("{:d}", game_.position()));
    show_status();
  }

  /// How the game ended and its result, or what the player to move could claim and the
  /// draw offers standing.
  void show_status() const {
    if (game_.is_over()) {
      say_styled(arbiter::explain_ending(game_, explain_), "\033[1m");
      say_styled(text(t().result, {{"result", arbiter::to_pgn(game_.result())}}), "\033[1m");
      return;
    }
    say(arbiter::explain_available_claims(game_, explain_));
    for (arbiter::Color offerer : {arbiter::Color::White, arbiter::Color::Black}) {
      if (!game_.offer_standing(offerer)) continue;
      const arbiter::Color answerer = ~offerer;
      // The answer is by the player to move unless a colour is named.
      const std::string suffix = answerer == stm()                   ? ""
                                 : answerer == arbiter::Color::White ? " white"
                                                                     : " black";
      say(text(t().offer_standing, {{"Offerer", capital(offerer)},
                                    {"answerer", arbiter::display_name(answerer, lang())},
                                    {"accept", "accept" + suffix},
                                    {"decline", "decline" + suffix}}));
    }
  }

  /// The outcome of an event that may end the game (flag, resign, accept).
  void event(arbiter::Result<void, arbiter::GameError> e) {
    if (!e) {
      refused(e.error());
      return;
    }
    show_status();
  }

  void refused(arbiter::GameError e, std::string_view move = {}, bool with_ending = true) {
    const char* reason = arbiter::describe(e, lang());
    error(move.empty() ? text(t().refused, {{"reason", reason}})
                       : text(t().move_refused, {{"move", move}, {"reason", reason}}));
    // Why, in the game's terms: how it ended, or what must be moved.
    if (e == arbiter::GameError::GameOver) {
      if (with_ending) say(arbiter::explain_ending(game_, explain_));
    } else if (e == arbiter::GameError::MustPlayIntendedMove &&
               game_.must_play() != arbiter::Move::none()) {
      say(arbiter::render(arbiter::Message::MustPlay, lang(),
                          {{"san", san(game_.position(), game_.must_play())}}));
    } else if (e == arbiter::GameError::MustMoveSamePiece &&
               game_.must_move_from() != arbiter::Square::None) {
      say(arbiter::render(arbiter::Message::MustMoveSamePiece, lang(),
                          {{"square", arbiter::to_string(game_.must_move_from())}}));
    } else if ((e == arbiter::GameError::MustMoveTouchedPiece ||
                e == arbiter::GameError::MustCaptureTouchedPiece) &&
               game_.touched_square() != arbiter::Square::None) {
      say(text(t().touched_square, {{"square", arbiter::to_string(game_.touched_square())}}));
    }
  }

  // ---- Words ---------------------------------------------------------------------------------
  static std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
      if (j > i) words.push_back(line.substr(i, j - i));
      i = j;
    }
    return words;
  }
  static std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
  }
  static bool parse_color(std::string_view word, arbiter::Color& c) {
    const std::string w = lower(word);
    if (w == "white" || w == "w" || w == "brancas" || w == "blancas" || w == "белые")
      c = arbiter::Color::White;
    else if (w == "black" || w == "b" || w == "pretas" || w == "negras" || w == "чёрные" ||
             w == "черные")
      c = arbiter::Color::Black;
    else
      return false;
    return true;
  }
  static bool parse_square(std::string_view word, arbiter::Square& s) {
    if (word.size() != 2) return false;
    const char file = word[0] >= 'A' && word[0] <= 'H' ? char(word[0] - 'A' + 'a') : word[0];
    if (file < 'a' || file > 'h' || word[1] < '1' || word[1] > '8') return false;
    s = arbiter::make_square(file - 'a', word[1] - '1');
    return true;
  }
  /// "12." and "12..." before a move, alone or glued to it ("1.e4", "3...Nf6").
  static std::string_view strip_move_number(std::string_view word) {
    std::size_t i = 0;
    while (i < word.size() && word[i] >= '0' && word[i] <= '9') ++i;
    if (i == 0 || i == word.size() || word[i] != '.') return word;
    while (i < word.size() && word[i] == '.') ++i;
    return word.substr(i);
  }
  /// Whether a word that is no command was meant as a move: it names a rank, or castles.
  static bool looks_like_move(std::string_view word) {
    if (word.substr(0, 3) == "O-O" || word.substr(0, 3) == "0-0") return true;
    for (char c : word)
      if (c >= '1' && c <= '8') return true;
    return false;
  }

  /// Reads a move: SAN as a scoresheet in the language has it (its piece letters, English
  /// letters where they mean nothing else, figurines: parse_written_san), then UCI. On
  /// failure, `error` tells why (with the candidate moves).
  bool parse_move(std::string_view word, arbiter::Move& move, std::string& error) const {
    const arbiter::Position& pos = game_.position();
    const arbiter::SanLanguage language = arbiter::san_language(lang());
    const arbiter::Result<arbiter::Move, arbiter::SanError> r =
        arbiter::parse_written_san(pos, word, language);
    if (r) {
      move = *r;
      return true;
    }
    if (const arbiter::Result<arbiter::Move, arbiter::UciError> u = arbiter::parse_uci(pos, word)) {
      move = *u;
      return true;
    }
    error = r.error().message(pos, language);
    return false;
  }

  // ---- Moves ---------------------------------------------------------------------------------
  void moves(const std::vector<std::string_view>& words) {
    std::string played;  // "1.Nf3 Nf6 2.Ng1"
    bool first = true;
    for (std::string_view word : words) {
      const std::string_view written = strip_move_number(word);
      if (written.empty()) continue;  // a move number on its own
      if (!looks_like_move(written)) {
        flush_played(played);
        error(text(t().unknown, {{"word", word}}));
        break;
      }
      if (game_.is_over()) {
        flush_played(played);
        // When this line's moves ended the game, the ending follows with the position.
        refused(arbiter::GameError::GameOver, written, !moved_);
        break;
      }
      arbiter::Move m;
      std::string why;
      if (!parse_move(written, m, why)) {
        flush_played(played);
        error(text(t().bad_move, {{"move", written}, {"detail", why}}));
        break;
      }
      const arbiter::Position before = game_.position();
      const arbiter::Color mover = before.side_to_move();
      const bool offer_was_standing = game_.offer_standing(~mover);
      const arbiter::Result<void, arbiter::GameError> e = game_.play(m);
      if (!e) {
        flush_played(played);
        refused(e.error(), san(before, m));
        break;
      }
      const int number = game_.record().move_number(game_.record().ply());
      if (mover == arbiter::Color::White)
        played += (played.empty() ? "" : " ") + std::to_string(number) + ".";
      else if (first)
        played += std::to_string(number) + "...";
      else
        played += " ";
      played += san(before, m);
      first = false;
      if (offer_was_standing && !game_.is_over()) {
        flush_played(played);
        say(text(t().rejected_move, {{"Color", capital(mover)},
                                     {"edition", edition()},
                                     {"article", article(articles().draw_offer)}}));
        first = true;
      }
    }
    flush_played(played);
    if (moved_) {
      moved_ = false;
      if (config_.show_board)
        show_position();
      else
        show_status();
    }
  }
  void flush_played(std::string& played) {
    if (played.empty()) return;
    say(played);
    played.clear();
    moved_ = true;
  }

  // ---- Draw offers ---------------------------------------------------------------------------
  void offer(arbiter::Color who) {
    const arbiter::Result<void, arbiter::GameError> e = game_.offer_draw(who);
    if (!e) return refused(e.error());
    say(text(t().offer_made, {{"Color", capital(who)},
                              {"edition", edition()},
                              {"article", article(articles().draw_offer)}}));
    // 9.1.2.1: after making a move, before pressing the clock; the player to move has not
    // made one yet.
    if (who == stm()) say(t().offer_early);
    show_status();
  }
  void accept(arbiter::Color who) { event(game_.accept_draw(who)); }
  void decline(arbiter::Color who) {
    const arbiter::Result<void, arbiter::GameError> e = game_.decline_draw(who);
    if (!e) return refused(e.error());
    say(text(t().declined, {{"Color", capital(who)}}));
  }

  // ---- Touch move ----------------------------------------------------------------------------
  void touch(const std::vector<std::string_view>& args) {
    if (args.empty()) {
      error(t().touch_usage);
      return;
    }
    if (args.size() > 1) {
      extra("touch", args[1]);
      return;
    }
    arbiter::Square s;
    if (!parse_square(args[0], s)) {
      error(text(t().not_square, {{"text", args[0]}}));
      return;
    }
    const arbiter::Color who = stm();
    const bool offer_was_standing = game_.offer_standing(~who);
    const arbiter::Result<void, arbiter::GameError> e = game_.touch_piece(who, s);
    if (!e && e.error() == arbiter::GameError::NotApplicable) {
      error(text(t().no_piece, {{"square", arbiter::to_string(s)}}));
      return;
    }
    if (!e) return refused(e.error());
    say(text(t().touched, {{"Color", capital(who)},
                           {"square", arbiter::to_string(s)},
                           {"edition", edition()},
                           {"article", article(articles().touch_move)}}));
    if (offer_was_standing && !game_.offer_standing(~who))
      say(text(t().rejected_touch, {{"Color", capital(who)},
                                    {"edition", edition()},
                                    {"article", article(articles().draw_offer)}}));
    show_status();
  }

  // ---- Claims --------------------------------------------------------------------------------
  static bool contains(const arbiter::MoveList& list, arbiter::Move m) {
    for (arbiter::Move x : list)
      if (x == m) return true;
    return false;
  }

  void claim(std::vector<std::string_view> args) {
    arbiter::Claim c;
    c.claimant = stm();
    bool kind_given = false;
    if (!args.empty()) {
      const std::string w = lower(args[0]);
      if (w == "threefold" || w == "repetition" || w == "3") {
        c.kind = arbiter::ClaimKind::Threefold;
        kind_given = true;
      } else if (w == "fifty" || w == "50") {
        c.kind = arbiter::ClaimKind::FiftyMoves;
        kind_given = true;
      }
      if (kind_given) args.erase(args.begin());
    }
    if (args.size() > 1) {
      extra("claim", args[1]);
      return;
    }
    if (!args.empty()) {
      const std::string_view written = strip_move_number(args[0]);
      if (!looks_like_move(written)) {
        error(text(t().claim_usage, {{"text", args[0]}}));
        return;
      }
      std::string why;
      if (!parse_move(written, c.intended, why) && !raw_move(written, c.intended)) {
        error(text(t().claim_bad_move, {{"move", written}, {"detail", why}}));
        return;
      }
    }
    if (!kind_given) c.kind = claim_kind(c.intended);
    const arbiter::Ruling r = game_.claim(c);
    say(arbiter::explain(r, game_, explain_));
    show_status();
  }

  /// An illegal written move as two squares (E1: a claim with an illegal move is incorrect).
  static bool raw_move(std::string_view word, arbiter::Move& m) {
    arbiter::Square from, to;
    if (word.size() != 4 || !parse_square(word.substr(0, 2), from) ||
        !parse_square(word.substr(2, 2), to) || from == to)
      return false;
    m = arbiter::Move(from, to);
    return true;
  }

  /// `claim` without a kind: the rule that makes the claim correct, threefold if neither.
  arbiter::ClaimKind claim_kind(arbiter::Move intended) const {
    const arbiter::AvailableClaims a = game_.available_claims();
    const bool written = intended != arbiter::Move::none();
    if (a.threefold_on_board || (written && contains(a.threefold_intended, intended)))
      return arbiter::ClaimKind::Threefold;
    if (a.fifty_on_board || (written && contains(a.fifty_intended, intended)))
      return arbiter::ClaimKind::FiftyMoves;
    return arbiter::ClaimKind::Threefold;
  }

  Config config_;
  std::FILE* out_;
  arbiter::Game game_;
  arbiter::ExplainOptions explain_;
  bool moved_ = false;
};

}  // namespace arbiter_gui
