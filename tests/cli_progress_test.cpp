// The progress line of audit, trace, pgn and dead (project issue #11, examples/arbiter/
// progress.hpp): on standard error when it is a terminal and the command's output is not,
// counting the games (dead: positions) done and the megabytes read, cleared at the end and
// before any other message; never among the output, and not with --no-progress.
// A terminal is given by script(1) (util-linux), which runs the command on a pseudo-
// terminal and copies what the terminal shows to its own standard output.

#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "process_util.hpp"
#include "test_util.hpp"

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)

namespace {

using arbiter_test::quote;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool have_script() { return std::system("command -v script >/dev/null 2>&1") == 0; }

// What a terminal shows while `args` runs with its standard error on the terminal (the
// shell redirections in `args` apply inside: "> out" keeps standard output off it).
std::string on_terminal(const std::string& args) {
  const std::string inner = "exec " + quote(ARBITER_CLI_PATH) + " " + args;
  return arbiter_test::run_command("script -qec " + quote(inner) + " /dev/null < /dev/null").out;
}

// The progress lines drawn in `shown`: "\r<what> <count> <unit>, <mb> MB..." up to the
// clearing escape; their counts, in order.
std::vector<std::uint64_t> drawn_counts(const std::string& shown, const std::string& what,
                                        const std::string& unit) {
  const std::regex line("\r" + what + " ([0-9]+) " + unit +
                        ", [0-9]+\\.[0-9] MB[^\r\n\x1b]*\x1b\\[K");
  std::vector<std::uint64_t> counts;
  for (auto it = std::sregex_iterator(shown.begin(), shown.end(), line);
       it != std::sregex_iterator(); ++it)
    counts.push_back(std::stoull((*it)[1].str()));
  return counts;
}

const std::string cleared = "\r\x1b[K";

}  // namespace

TEST_CASE("cli progress: a line on the terminal's standard error, never among the output",
          "[cli][progress]") {
  if (!have_script()) {
    WARN("script(1) not found (util-linux): the progress line is not checked");
    return;
  }
  arbiter_test::TempDir dir;
  // 1100 short games, the 1051st one bad (an illegal move), and 1100 positions.
  const std::string game = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
  const std::string bad = "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
  std::string games;
  for (int i = 1; i <= 1100; ++i) games += i == 1051 ? bad : game;
  const std::string pgn = dir.file("many.pgn", games);
  std::string positions;
  for (int i = 0; i < 1100; ++i) positions += "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n";
  const std::string fens = dir.file("many.fen", positions);
  const std::string out = (dir.path / "out.txt").string();

  struct Command {
    std::string args, what, unit;
  };
  const std::vector<Command> commands = {
      {"audit --json -j 2 " + quote(pgn), "audited", "games"},
      {"trace -j 2 " + quote(pgn), "traced", "games"},
      {"pgn -j 2 " + quote(pgn), "read", "games"},
      {"dead --quick -j 2 " + quote(fens), "analysed", "positions"}};
  for (const Command& c : commands) {
    INFO(c.args);
    // What the command writes with no terminal at all: standard error to a file.
    const arbiter_test::Captured plain =
        arbiter_test::run_capturing(quote(ARBITER_CLI_PATH) + " " + c.args, dir.path / "err.txt");
    const std::string& plain_err = plain.err;
    CHECK_FALSE(contains(plain_err, c.what + " "));
    CHECK_FALSE(contains(plain_err, "\x1b["));

    // Standard error on a terminal, standard output to a file: the line is drawn, counts
    // up to at most all of them, and is cleared at the end; the output is the same.
    const std::string shown = on_terminal(c.args + " > " + quote(out));
    const std::vector<std::uint64_t> counts = drawn_counts(shown, c.what, c.unit);
    REQUIRE_FALSE(counts.empty());
    for (std::size_t i = 0; i < counts.size(); ++i) {
      CHECK(counts[i] >= 1);
      CHECK(counts[i] <= 1100);
      if (i > 0) CHECK(counts[i] > counts[i - 1]);
    }
    // Cleared after the last one drawn (messages may follow, on lines of their own).
    CHECK(shown.find(cleared, shown.rfind("\r" + c.what + " ")) != std::string::npos);
    if (c.what == "audited" || c.what == "analysed")
      CHECK(shown.substr(shown.size() - cleared.size()) == cleared);
    CHECK(arbiter_test::read_file(out) == plain.out);
    if (c.what == "audited" || c.what == "analysed") CHECK(shown.find('\n') == std::string::npos);

    // A message on standard error (trace and pgn report the bad game there) comes whole,
    // on a line cleared first, and as the line without a terminal shows it.
    if (c.what == "traced" || c.what == "read") {
      std::string message = plain_err.substr(0, plain_err.find('\n'));
      REQUIRE_FALSE(message.empty());
      CHECK(contains(shown, message));
      if (counts.front() < 1051) CHECK(contains(shown, cleared + message));
    }

    // --no-progress: no line (only the messages).
    const std::string quiet = on_terminal(c.args + " --no-progress > " + quote(out));
    CHECK(drawn_counts(quiet, c.what, c.unit).empty());
    CHECK_FALSE(contains(quiet, "\x1b[K"));
    // The output on the terminal too: no line, which would land among it.
    const std::string both = on_terminal(c.args);
    CHECK_FALSE(contains(both, c.what + " "));
    CHECK_FALSE(contains(both, "\x1b[K"));
  }
  // pgn --out FILE leaves the terminal to the line.
  const std::string shown = on_terminal("pgn -j 2 --out " + quote(out) + " " + quote(pgn));
  CHECK_FALSE(drawn_counts(shown, "read", "games").empty());
}

#endif
