// `arbiter dead`: the columns, the header, the exit statuses, input order, the helpmates
// (replayed here to checkmate) and --json (read back with nlohmann-json).

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <arbiter/arbiter.hpp>
#include <arbiter/notation/fen.hpp>
#include <arbiter/notation/uci.hpp>

#include "process_util.hpp"
#include "test_util.hpp"

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
#include <algorithm>
#include <cstdlib>

#if __has_include(<nlohmann/json.hpp>)
#include <nlohmann/json.hpp>
#define ARBITER_HAVE_JSON 1
#endif

namespace {

using arbiter_test::Run;

// Runs `printf '%s' INPUT | arbiter ARGS`; standard error to `err` if given, else dropped.
Run run_dead(const std::string& input, const std::string& args,
             const std::string& err = "/dev/null") {
  std::string quoted;
  for (char c : input) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return arbiter_test::run_command("printf '%s' '" + quoted + "' | '" + ARBITER_CLI_PATH +
                                   "' dead " + args + " 2>" + err);
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, '\t');) out.push_back(f);
  return out;
}

// The helpmate column replays from `fen` to a checkmate of the other side.
bool mates(const std::string& fen, const std::string& uci_line, arbiter::Color winner) {
  const auto parsed = arbiter::parse_fen(fen);
  if (!parsed) return false;
  arbiter::Position p = parsed->position;
  std::stringstream ss(uci_line);
  for (std::string move; ss >> move;) {
    const auto m = arbiter::parse_uci(p, move);
    if (!m) return false;
    p.play_in_place(*m);
  }
  return p.side_to_move() == ~winner && arbiter::is_checkmate(p);
}

const std::string header = "fen\twhite\tblack\tdead\twhite_mate\tblack_mate\tnodes";

}  // namespace

TEST_CASE("cli dead: header, one row per FEN in input order, comments and trailing text skipped",
          "[cli][dead]") {
  const std::string input =
      "# a comment\n"
      "\n"
      "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n"
      "7k/6Q1/6K1/8/8/8/8/8 b - -\tafter a tab\n"
      "8/8/3n4/4k3/8/8/3N4/4K3 w - - 0 1 ;id \"KN v KN\"\n";
  const Run r = run_dead(input, "");
  REQUIRE(r.status == 0);
  const auto lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == header);
  CHECK(lines[1] == "8/8/8/4k3/8/8/8/4K3 w - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
  CHECK(lines[2] == "7k/6Q1/6K1/8/8/8/8/8 b - -\twin\tnowin\t0\t#\t-\t2");
  const auto row = fields(lines[3]);
  REQUIRE(row.size() == 7);
  CHECK(row[0] == "8/8/3n4/4k3/8/8/3N4/4K3 w - - 0 1");
  CHECK(row[1] == "win");
  CHECK(row[2] == "win");
  CHECK(row[3] == "0");
  CHECK(mates(row[0], row[4], arbiter::Color::White));
  CHECK(mates(row[0], row[5], arbiter::Color::Black));
  CHECK(row[4].find("  ") == std::string::npos);
  CHECK(std::stoull(row[6]) > 0);
}

TEST_CASE("cli dead: an unreadable FEN gets an error row, its line number on stderr, exit 1",
          "[cli][dead]") {
  const std::string err = "/tmp/arbiter-dead-test-" + std::to_string(getpid()) + ".txt";
  const Run r = run_dead(
      "8/8/8/4k3/8/8/8/4K3 w - - 0 1\nnot a fen\n8/8/8/4k3/8/8/8/4K3 b - - 0 1\n", "", err);
  CHECK(r.status == 1);
  const auto lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[2] == "not a fen\terror\terror\t?\t-\t-\t0");
  CHECK(fields(lines[3])[3] == "1");  // the rows after it are still written
  std::ifstream in(err);
  std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(err.c_str());
  CHECK(message.find("<stdin>:2: invalid FEN") != std::string::npos);
}

TEST_CASE("cli dead: --fen, --quick, --nodes; a missing file is exit 2", "[cli][dead]") {
  // Dead, but only the closure proves it (hundreds of thousands of nodes).
  Run r = run_dead("", "--fen '8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -' --nodes 100");
  REQUIRE(r.status == 0);
  auto lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - -\tunknown\tunknown\t?\t-\t-\t" +
                        std::to_string(std::stoull(fields(lines[1])[6])));
  CHECK(std::stoull(fields(lines[1])[6]) <= 202);
  // A locked wall with bishops that never reach it: the static proof, within 100 nodes.
  r = run_dead("", "--fen '2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -' --nodes 100");
  REQUIRE(r.status == 0);
  lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(fields(lines[1])[1] == "nowin");
  CHECK(fields(lines[1])[2] == "nowin");
  CHECK(fields(lines[1])[3] == "1");
  CHECK(std::stoull(fields(lines[1])[6]) <= 202);
  r = run_dead("", "--quick --fen '8/8/8/4k3/8/8/8/2B1K3 w - - 0 1'");
  REQUIRE(r.status == 0);
  CHECK(arbiter_test::split_lines(r.out).at(1) ==
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
  CHECK(run_dead("", "/nonexistent/file.txt").status == 2);
  CHECK(run_dead("", "--nodes 0 --fen startpos").status == 2);
}

namespace {

// What `arbiter dead ARGS` writes on each stream, and its exit status.
arbiter_test::Captured run_dead_file(const arbiter_test::TempDir& dir, const std::string& args) {
  return arbiter_test::run_capturing(arbiter_test::quote(ARBITER_CLI_PATH) + " dead " + args,
                                     dir.path / "err.txt");
}

}  // namespace

TEST_CASE("cli dead: compressed files and standard input, told by their first bytes",
          "[cli][dead]") {
  arbiter_test::TempDir dir;
  // 3,000 lines, a third of them starting with "B" (a bishop on a8).
  const char* const fens[] = {"8/8/8/4k3/8/8/8/4K3 w - - 0 1", "B7/8/8/4k3/8/8/8/4K3 b - - 0 1",
                              "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"};
  std::string text;
  for (int i = 0; i < 3000; ++i) text += std::string(fens[i % 3]) + "\n";
  const std::string plain_file = dir.file("fens.txt", text);
  const arbiter_test::Captured plain =
      run_dead_file(dir, "--quick -j 1 " + arbiter_test::quote(plain_file));
  REQUIRE(plain.status == 0);
  REQUIRE(arbiter_test::split_lines(plain.out).size() == 3001);
  const struct {
    const char* name;
    const char* compress;
  } formats[] = {
      {"zstd", "zstd -q -c"}, {"gzip", "gzip -c"}, {"bzip2", "bzip2 -c"}, {"xz", "xz -c"}};
  for (const auto& f : formats) {
    INFO(f.name);
    const std::string z = (dir.path / "fens.z").string();
    REQUIRE(std::system((std::string(f.compress) + " < " + arbiter_test::quote(plain_file) + " > " +
                         arbiter_test::quote(z))
                            .c_str()) == 0);
    // A file: every -j, by its bytes and not its name.
    for (const char* jobs : {"-j 1", "-j 3"}) {
      const arbiter_test::Captured r =
          run_dead_file(dir, "--quick " + std::string(jobs) + " " + arbiter_test::quote(z));
      CHECK(r.status == 0);
      CHECK(r.out == plain.out);
      CHECK(r.err.empty());
    }
    // Standard input: by the same first bytes, as its rows come.
    const arbiter_test::Captured in = run_dead_file(dir, "--quick - < " + arbiter_test::quote(z));
    CHECK(in.status == 0);
    CHECK(in.out == plain.out);
    CHECK(in.err.empty());
    // Truncated: the rows of every line complete before the break, an error naming where it
    // broke and after which line, exit 1.
    const std::string cut = arbiter_test::read_file(z);
    const std::string t = dir.file("cut.z", cut.substr(0, cut.size() * 2 / 3));
    const arbiter_test::Captured r = run_dead_file(dir, "--quick -j 2 " + arbiter_test::quote(t));
    CHECK(r.status == 1);
    CHECK(r.err.find(std::string("the ") + f.name + " stream is truncated") != std::string::npos);
    const std::vector<std::string> rows = arbiter_test::split_lines(r.out);
    REQUIRE_FALSE(rows.empty());
    CHECK(plain.out.compare(0, r.out.size(), r.out) == 0);  // a prefix, whole lines
    CHECK(r.err.find("(after line " + std::to_string(rows.size() - 1) + ")") != std::string::npos);
  }
}

TEST_CASE("cli dead: a bad line's control bytes are written escaped, its row one line",
          "[cli][dead]") {
  // An escape sequence, a carriage return and a form feed inside the line, a backslash:
  // echoed raw they would break the row (a consumer splitting lines at CR) or reach a
  // terminal as commands.
  const std::string bad = std::string("8/8/8/\x1b[2J8/8/8/8/K1k5\rw\f- - 0 1 \\ \x7f");
  const Run r = run_dead(bad + "\n8/8/8/8/8/8/8/K1k5 b - - 0 1\n", "--quick");
  CHECK(r.status == 1);
  const auto lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[1] ==
        "8/8/8/\\x1B[2J8/8/8/8/K1k5\\x0Dw\\x0C- - 0 1 \\\\ \\x7F\terror\terror\t?\t-\t-\t0");
  CHECK(fields(lines[1]).size() == 7);
  CHECK(lines[2] == "8/8/8/8/8/8/8/K1k5 b - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
  // JSON escapes them its own way (\u001b ...), the string as read.
  const Run j = run_dead(bad + "\n", "--quick --json");
  CHECK(j.out.find("\"8/8/8/\\u001b[2J8/8/8/8/K1k5\\rw\\f- - 0 1 \\\\ \x7f\"") !=
        std::string::npos);
}

TEST_CASE("cli dead: a first FEN starting with B, and a NUL byte, read as they are",
          "[cli][dead]") {
  arbiter_test::TempDir dir;
  // "B" (a bishop on a8) begins this FEN and bzip2's "BZh": standard input reads its first
  // bytes to tell them apart, and answers the line like any other. A NUL byte is a byte of its
  // line (an error row for that line alone), never the line's end.
  const std::string text = std::string("B7/8/8/8/8/8/8/K1k5 w - - 0 1\n") +
                           "8/8/8/8/8/8/8/K1k5 w - - 0 1" + std::string(1, '\0') + "junk\n" +
                           "8/8/8/8/8/8/8/K1k5 b - - 0 1\n";
  const std::string file = dir.file("b.txt", text);
  const arbiter_test::Captured from_file =
      run_dead_file(dir, "--quick " + arbiter_test::quote(file));
  const arbiter_test::Captured from_stdin =
      run_dead_file(dir, "--quick - < " + arbiter_test::quote(file));
  for (const arbiter_test::Captured* r : {&from_file, &from_stdin}) {
    CHECK(r->status == 1);
    const auto lines = arbiter_test::split_lines(r->out);
    REQUIRE(lines.size() == 4);
    CHECK(lines[1] == "B7/8/8/8/8/8/8/K1k5 w - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
    CHECK(lines[2] == "8/8/8/8/8/8/8/K1k5 w - - 0 1\\x00junk\terror\terror\t?\t-\t-\t0");
    CHECK(lines[3] == "8/8/8/8/8/8/8/K1k5 b - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
    CHECK(r->err.find(":2: invalid FEN") != std::string::npos);
  }
  CHECK(from_stdin.out == from_file.out);
  // "BZh" without the block size ('1' to '9') is no bzip2 header: text, on both routes.
  const std::string not_bzip2 =
      dir.file("nb.txt", "BZh:8/8/8/8/8/8/8/K1k5 w - - 0 1\n8/8/8/8/8/8/8/K1k5 b - - 0 1\n");
  const arbiter_test::Captured nb_file =
      run_dead_file(dir, "--quick " + arbiter_test::quote(not_bzip2));
  const arbiter_test::Captured nb_stdin =
      run_dead_file(dir, "--quick - < " + arbiter_test::quote(not_bzip2));
  CHECK(nb_file.status == 1);
  CHECK(nb_stdin.status == 1);
  CHECK(nb_file.out == nb_stdin.out);
  CHECK(arbiter_test::split_lines(nb_file.out).size() == 3);
  CHECK(nb_file.err.find(":1: invalid FEN") != std::string::npos);
  // bzip2 data on standard input whose first line is cut short: the stream's error.
  const std::string z = (dir.path / "b.bz2").string();
  REQUIRE(std::system(("bzip2 -c < " + arbiter_test::quote(file) + " > " + arbiter_test::quote(z))
                          .c_str()) == 0);
  const std::string cut = dir.file("cut.bz2", arbiter_test::read_file(z).substr(0, 20));
  const arbiter_test::Captured r = run_dead_file(dir, "--quick - < " + arbiter_test::quote(cut));
  CHECK(r.status == 1);
  CHECK(r.out == header + "\n");
  CHECK(r.err.find("<stdin>: the bzip2 stream is truncated") != std::string::npos);
}

TEST_CASE("cli dead: standard input is answered line by line, as each FEN comes", "[cli][dead]") {
  // A program sends one FEN and waits for its row before it sends the next.
  arbiter_test::Conversation tool(ARBITER_CLI_PATH, {"dead", "--quick", "-j", "4"});
  const std::string first = "B7/8/8/4k3/8/8/8/4K3 b - - 0 1\n",
                    second = "7k/6Q1/6K1/8/8/8/8/8 b - -\n";
  CHECK(tool.write(first));
  const bool first_answered = tool.read_lines(2);
  CHECK(first_answered);
  CHECK(tool.write(second));
  CHECK(tool.read_lines(3));
  CHECK(tool.finish() == 0);
  const auto lines = arbiter_test::split_lines(tool.got());
  REQUIRE(lines.size() == 3);
  CHECK(lines[1] == "B7/8/8/4k3/8/8/8/4K3 b - - 0 1\tnowin\tnowin\t1\t-\t-\t2");
  CHECK(lines[2] == "7k/6Q1/6K1/8/8/8/8/8 b - -\twin\tnowin\t0\t#\t-\t2");
}

#ifdef ARBITER_HAVE_JSON
TEST_CASE("cli dead --json: one object per position with the same fields", "[cli][dead]") {
  const Run r =
      run_dead("8/8/8/4k3/8/8/8/4K3 w - - 0 1\n8/8/3q4/4k3/8/8/3N4/4K3 w - - 0 1\nbad\n", "--json");
  CHECK(r.status == 1);
  const auto lines = arbiter_test::split_lines(r.out);
  REQUIRE(lines.size() == 3);
  const auto kk = nlohmann::json::parse(lines[0]);
  CHECK(kk["fen"] == "8/8/8/4k3/8/8/8/4K3 w - - 0 1");
  CHECK(kk["white"] == "nowin");
  CHECK(kk["black"] == "nowin");
  CHECK(kk["dead"] == true);
  CHECK(kk["white_mate"].is_null());
  CHECK(kk["nodes"] == 2);
  const auto knq = nlohmann::json::parse(lines[1]);
  CHECK(knq["white"] == "nowin");
  CHECK(knq["black"] == "win");
  CHECK(knq["dead"] == false);
  CHECK(mates(knq["fen"], knq["black_mate"], arbiter::Color::Black));
  const auto bad = nlohmann::json::parse(lines[2]);
  CHECK(bad["white"] == "error");
  CHECK(bad["black"] == "error");
  CHECK(bad["error"].is_string());
}
#endif

#endif
