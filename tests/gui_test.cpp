// arbiter-gui (examples/gui): scripted sessions compared with golden transcripts, bad
// options, and bad input that must never crash the program.
//
// Each tests/data/gui/NAME.in is fed to the program on standard input; its standard output
// must equal tests/data/gui/NAME.out exactly. A first line `# args: ...` gives the
// command-line options (shell syntax). With ARBITER_GUI_UPDATE_GOLDEN=1 in the environment
// the transcripts are written instead of compared: read them before committing.

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "process_util.hpp"
#include "test_util.hpp"

#if defined(ARBITER_GUI_PATH) && !defined(_WIN32)
#include <sys/wait.h>

namespace {

namespace fs = std::filesystem;

using arbiter_test::first_difference;
using arbiter_test::Run;
using arbiter_test::run_command;
using arbiter_test::split_lines;

// Runs the program with `args` (shell syntax) and standard input from `input` (a shell
// redirection), standard error discarded.
Run run_gui(const std::string& args, const std::string& input) {
  return run_command(std::string("'") + ARBITER_GUI_PATH + "' " + args + " " + input +
                     " 2>/dev/null");
}

// Feeds `input` to the program's standard input (standard output discarded); the exit status.
int feed_gui(const std::string& args, const std::string& input) {
  const std::string command =
      std::string("'") + ARBITER_GUI_PATH + "' " + args + " >/dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "w");
  REQUIRE(pipe != nullptr);
  fwrite(input.data(), 1, input.size(), pipe);
  const int raw = pclose(pipe);
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

using arbiter_test::read_file;

// The options on the first line of a script (`# args: ...`), or none.
std::string script_args(const std::string& script) {
  const std::string tag = "# args:";
  if (script.compare(0, tag.size(), tag) != 0) return "";
  return script.substr(tag.size(), script.find('\n') - tag.size());
}

fs::path gui_data_dir() { return fs::path(ARBITER_TEST_DATA_DIR) / "gui"; }

std::vector<fs::path> scripts() {
  std::vector<fs::path> found;
  for (const fs::directory_entry& entry : fs::directory_iterator(gui_data_dir()))
    if (entry.path().extension() == ".in") found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

TEST_CASE("gui: scripted sessions give the golden transcripts", "[gui]") {
  const std::vector<fs::path> inputs = scripts();
  REQUIRE(inputs.size() >= 17);
  const char* update = std::getenv("ARBITER_GUI_UPDATE_GOLDEN");
  const bool updating = update && std::string(update) == "1";
  for (const fs::path& input : inputs) {
    const std::string name = input.stem().string();
    INFO("script tests/data/gui/" << name << ".in");
    const Run r = run_gui(script_args(read_file(input)), "< '" + input.string() + "'");
    CHECK(r.status == 0);
    fs::path golden = input;
    golden.replace_extension(".out");
    if (updating) {
      std::ofstream(golden, std::ios::binary) << r.out;
      WARN("wrote " << golden.string());
      continue;
    }
    CHECK(first_difference(read_file(golden), r.out) == "");
  }
}

TEST_CASE("gui: a golden transcript for every script, and a script for every transcript", "[gui]") {
  std::size_t goldens = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(gui_data_dir())) {
    if (entry.path().extension() != ".out") continue;
    ++goldens;
    fs::path script = entry.path();
    script.replace_extension(".in");
    INFO(entry.path().string());
    CHECK(fs::exists(script));
  }
  CHECK(goldens == scripts().size());
}

TEST_CASE("gui: the end of the input ends the program with status 0", "[gui]") {
  Run r = run_gui("--no-board", "</dev/null");
  CHECK(r.status == 0);
  CHECK(r.out ==
        "arbiter-gui: FIDE Laws of Chess in force from 1 January 2023, standard time control. Type "
        "`help` for the "
        "commands.\nWhite cannot claim a draw now.\n\nWhite to move> \n");
  // A last line without a newline is still read.
  r = run_command(std::string("printf 'e4' | '") + ARBITER_GUI_PATH + "' --no-board 2>/dev/null");
  CHECK(r.status == 0);
  CHECK(
      r.out.find("White to move> e4\n1.e4\nBlack cannot claim a draw now.\n\nBlack to move> \n") !=
      std::string::npos);
}

TEST_CASE("gui: the board, in letters or figurines, follows the options", "[gui]") {
  const std::string fen = "'8/8/4k3/8/8/3NK3/4P3/8 w - - 0 1'";
  Run r = run_gui("--fen " + fen, "</dev/null");
  CHECK(r.out.find("6 | . . . . k . . . |\n") != std::string::npos);
  CHECK(r.out.find("FEN: 8/8/4k3/8/8/3NK3/4P3/8 w - - 0 1\n") != std::string::npos);
  r = run_gui("--unicode --fen " + fen, "</dev/null");
  CHECK(r.out.find("3 | · · · ♘ ♔ · · · |\n") != std::string::npos);
  r = run_gui("--no-board --fen " + fen, "</dev/null");
  CHECK(r.out.find("+-----") == std::string::npos);
  // No colours when standard output is not a terminal.
  CHECK(r.out.find('\033') == std::string::npos);
}

TEST_CASE("gui: bad options give status 2", "[gui]") {
  CHECK(run_gui("--rules 1900", "</dev/null").status == 2);
  CHECK(run_gui("--time-control slow", "</dev/null").status == 2);
  CHECK(run_gui("--lang xx", "</dev/null").status == 2);
  CHECK(run_gui("--fen 'not a fen'", "</dev/null").status == 2);
  CHECK(run_gui("--fen '8/8/8/8/8/8/8/8 w - - 0 1'", "</dev/null").status == 2);
  CHECK(run_gui("--frobnicate", "</dev/null").status == 2);
  CHECK(run_gui("extra", "</dev/null").status == 2);
  // Accepted spellings.
  CHECK(run_gui("--rules FIDE_2014 --time-control blitz --lang pt-BR", "</dev/null").status == 0);
  CHECK(run_gui("--rules latest --lang RU --fen startpos", "</dev/null").status == 0);
}

TEST_CASE("gui: random input never crashes it", "[gui]") {
  // Commands, moves (legal, illegal, half-written) and noise, in random order; the
  // program must read them all and end with status 0 at the end of the input.
  const std::vector<std::string> words = {"offer",
                                          "offer white",
                                          "offer black",
                                          "accept",
                                          "accept white",
                                          "decline",
                                          "decline black",
                                          "touch e2",
                                          "touch g8",
                                          "touch a1",
                                          "touch e5",
                                          "touch",
                                          "touch i9",
                                          "claim",
                                          "claim threefold",
                                          "claim fifty",
                                          "claim Nf3",
                                          "claim g1g5",
                                          "claim e2e4",
                                          "claim 50 Ke2",
                                          "flag",
                                          "resign",
                                          "board",
                                          "fen",
                                          "help",
                                          "e4",
                                          "e5",
                                          "d4",
                                          "d5",
                                          "Nf3",
                                          "Nc6",
                                          "Nf6",
                                          "Bb5",
                                          "Bc4",
                                          "O-O",
                                          "O-O-O",
                                          "Qh5",
                                          "Qxf7#",
                                          "exd5",
                                          "e8=Q",
                                          "e2e4",
                                          "e7e5",
                                          "g1f3",
                                          "b8c6",
                                          "h7h8q",
                                          "Ng1",
                                          "Ng8",
                                          "Nb1",
                                          "Nb8",
                                          "Ke2",
                                          "Ke7",
                                          "Ke1",
                                          "Ke8",
                                          "Cf3",
                                          "Dh5",
                                          "Кf3",
                                          "♘f3",
                                          "1.",
                                          "1...",
                                          "12.Nf3",
                                          "x",
                                          "!!",
                                          "=",
                                          "#",
                                          "ééé",
                                          "\xff\xfe",
                                          "e",
                                          "e9",
                                          "Z",
                                          "--",
                                          std::string(300, 'N')};
  std::mt19937 random(20240611);
  for (const char* options :
       {"--no-board", "--rules 1997 --unicode", "--rules 2014 --lang ru --time-control rapid",
        "--lang pt --fen '8/8/4k3/8/8/3RK3/8/8 b - - 99 80' --trust-fen-clock"}) {
    std::string input;
    for (int line = 0; line < 300; ++line) {
      const int count = 1 + int(random() % 3);
      for (int k = 0; k < count; ++k) input += (k ? " " : "") + words[random() % words.size()];
      input += '\n';
    }
    INFO("options " << options);
    CHECK(feed_gui(options, input) == 0);
  }
}

#else

TEST_CASE("gui: arbiter-gui is not part of this build", "[gui]") {
  WARN("ARBITER_GUI_PATH is not defined (examples not built): arbiter-gui tests skipped");
}

#endif
