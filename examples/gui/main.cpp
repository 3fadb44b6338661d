// arbiter-gui: a terminal program for two players at one board, with arbiter as the
// arbiter. Commands are read line by line from standard input (`help` lists them): moves
// in SAN or UCI, draw offers and their answers, touching a piece, draw claims (with or
// without a written move), flag fall and resignation. After every move it shows the board
// and what the player to move could claim; when the game is over, how it ended, under
// which article, and the result; every ruling comes with its article, evidence and
// consequences (arbiter::explain), in English, Portuguese, Spanish or Russian.
//
//   arbiter-gui [--fen FEN] [--rules EDITION] [--time-control standard|rapid|blitz]
//               [--lang en|pt|es|ru] [--unicode] [--no-board] [--trust-fen-clock]
//               [--no-agreement]
//
// When standard input is not a terminal each command is echoed after its prompt, so that
// the output reads as a transcript; colours are used only when standard output is a
// terminal. Exit status: 0 at `quit` or the end of the input; 2 for bad options.

#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <arbiter/arbiter.hpp>

#include "session.hpp"

#if defined(_WIN32)
#include <io.h>
#define ARBITER_GUI_ISATTY(fd) (_isatty(fd) != 0)
#else
#include <unistd.h>
#define ARBITER_GUI_ISATTY(fd) (isatty(fd) != 0)
#endif

namespace {

constexpr int exit_ok = 0;
constexpr int exit_bad_options = 2;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "arbiter-gui: two players at one board, with arbiter ruling by the FIDE Laws of Chess"};
  std::string fen = "startpos", edition = "latest", time_control = "standard", language = "en";
  bool unicode = false, no_board = false, trust_fen_clock = false, no_agreement = false;
  app.add_option("--fen", fen, "the starting position in FEN, or startpos")->capture_default_str();
  app.add_option("--rules", edition,
                 "the edition of the FIDE Laws: 1997, 2001, ..., 2023, or latest")
      ->capture_default_str();
  app.add_option("--time-control", time_control, "standard, rapid or blitz")->capture_default_str();
  app.add_option("--lang", language,
                 "the language of the texts and piece letters: en, pt, es or ru")
      ->capture_default_str();
  app.add_flag("--unicode", unicode, "draw the board with figurines");
  app.add_flag("--no-board", no_board,
               "do not show the board at the start and after every move (`board` still does)");
  app.add_flag("--trust-fen-clock", trust_fen_clock,
               "count the halfmove clock of --fen as moves already played (fifty-move rule)");
  app.add_flag("--no-agreement", no_agreement, "the event forbids draws by agreement (9.1.1)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return exit_bad_options;
  }

  arbiter_gui::Config config;
  if (!arbiter::parse_edition(edition, config.options.rules.edition)) {
    fmt::print(
        stderr,
        "arbiter-gui: unknown edition '{}' (1997, 2001, 2005, 2009, 2014, 2017, 2018, 2023)\n",
        edition);
    return exit_bad_options;
  }
  if (!arbiter::parse_time_control(time_control, config.options.rules.time_control)) {
    fmt::print(stderr, "arbiter-gui: unknown time control '{}' (standard, rapid, blitz)\n",
               time_control);
    return exit_bad_options;
  }
  if (!arbiter::parse_language(language, config.language)) {
    fmt::print(stderr, "arbiter-gui: unknown language '{}' (en, pt, es, ru)\n", language);
    return exit_bad_options;
  }
  config.options.rules.interpretation.trust_fen_halfmove_clock = trust_fen_clock;
  config.options.agreements_allowed = !no_agreement;
  if (fen != "startpos") {
    const arbiter::Result<arbiter::ParsedFen, arbiter::FenError> r = arbiter::parse_fen(fen);
    if (!r) {
      fmt::print(stderr, "arbiter-gui: invalid FEN: {}\n", r.error().message());
      return exit_bad_options;
    }
    config.start = r->position;
  }
  config.unicode = unicode;
  config.show_board = !no_board;
  config.ansi = ARBITER_GUI_ISATTY(1);
  const bool echo = !ARBITER_GUI_ISATTY(0);

  arbiter_gui::Session session(config, stdout);
  session.start();
  for (std::string line;;) {
    fmt::print("\n{}", session.prompt());
    std::fflush(stdout);
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      break;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (echo) fmt::print("{}\n", line);
    if (!session.handle(line)) break;
  }
  return exit_ok;
}
