// The arbiter tool at database scale (project issue #11): compressed input read directly
// (zstd, gzip, bzip2, xz, told by their magic bytes, from files and standard input), with
// truncated and corrupt streams reported where they break after every complete game; and
// -j N, whose output is byte for byte that of -j 1.
// The committed corpus (tests/data/corpus) is compressed at test time with the system's
// own tools (zstd, gzip, bzip2, xz; .ci/install-deps installs them).

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <arbiter/notation/pgn.hpp>

#include "process_util.hpp"
#include "test_util.hpp"

#if defined(ARBITER_CLI_PATH) && !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool built_with_address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool built_with_address_sanitizer = true;
#else
constexpr bool built_with_address_sanitizer = false;
#endif
#else
constexpr bool built_with_address_sanitizer = false;
#endif

namespace fs = std::filesystem;
using arbiter_test::first_difference;

using arbiter_test::read_file;
using arbiter_test::write_file;

using arbiter_test::quote;

using Run = arbiter_test::Captured;

// Runs the tool with `args` (shell syntax, quoted; may end with `< file`).
Run tool(const arbiter_test::TempDir& dir, const std::string& args) {
  return arbiter_test::run_capturing(quote(ARBITER_CLI_PATH) + " " + args, dir.path / "stderr.txt");
}

// Runs a shell command that must succeed (a compressor).
void shell(const std::string& command) {
  INFO(command);
  REQUIRE(std::system(command.c_str()) == 0);
}

// The compressors: name, command compressing standard input to standard output.
struct Format {
  const char* name;
  const char* compress;
};
constexpr Format formats[] = {{"zstd", "zstd -q -c -3"},
                              {"gzip", "gzip -c -6"},
                              {"bzip2", "bzip2 -c -9"},
                              {"xz", "xz -c -6"}};

// The committed corpus as one text.
std::string corpus_text() {
  std::string text;
  for (const std::string& f : arbiter_test::committed_corpus_files()) text += read_file(f);
  return text;
}

// Compresses `text` in pieces of `piece` bytes (cut anywhere), each its own stream,
// concatenated: what `cat a.gz b.gz` gives. The compressed size of each piece goes to
// `sizes`.
std::string compress_pieces(const arbiter_test::TempDir& dir, const Format& format,
                            const std::string& text, std::size_t piece,
                            std::vector<std::size_t>* sizes = nullptr) {
  std::string all;
  for (std::size_t at = 0; at < text.size(); at += piece) {
    const fs::path in = dir.path / "piece.txt", out = dir.path / "piece.z";
    write_file(in, text.substr(at, piece));
    shell(std::string(format.compress) + " < " + quote(in.string()) + " > " + quote(out.string()));
    const std::string z = read_file(out);
    if (sizes) sizes->push_back(z.size());
    all += z;
  }
  return all;
}

// The number of games whose tags start before byte `end` of `text` (a tag pair at the
// start of a line after a line that is not a tag pair).
std::size_t games_started_before(const std::string& text, std::size_t end) {
  std::size_t games = 0;
  bool previous_tag = false;
  for (std::size_t at = 0; at < end && at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    const bool tag = text[at] == '[';
    if (tag && !previous_tag) ++games;
    previous_tag = tag;
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return games;
}

// The number in "after byte N of the PGN text" (the reader's offset at a read error).
std::size_t pgn_offset_in(const std::string& err) {
  const std::string key = "read error after byte ";
  const std::size_t at = err.find(key);
  REQUIRE(at != std::string::npos);
  return std::stoul(err.substr(at + key.size()));
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The peak resident memory (KiB) of the tool run with `args`, standard output and error
// discarded: measured by tests/tools/peak_memory.cpp, which the tool's shell is forked
// from (forked from this process, the shell and the tool would count this process's
// memory in their peak: Linux keeps it across exec).
long peak_kib(const arbiter_test::TempDir& dir, const std::string& args) {
  const fs::path peak = dir.path / "peak.txt";
  fs::remove(peak);
  const std::string command =
      quote(ARBITER_PEAK_MEMORY) + " " + quote(peak.string()) + " /bin/sh -c " +
      quote("exec " + quote(ARBITER_CLI_PATH) + " " + args + " >/dev/null 2>&1");
  REQUIRE(std::system(command.c_str()) != -1);  // the tool's status is not asked here
  const std::string text = read_file(peak);
  REQUIRE(!text.empty());
  return std::stol(text);
}

}  // namespace

TEST_CASE("cli compressed input: each format reads as the plain file, by its magic bytes",
          "[cli][scale]") {
  const arbiter_test::TempDir dir;
  const std::string text = corpus_text();
  const std::string plain = dir.file("corpus.pgn", text);
  // -j 1 on the plain file, -j 4 on the compressed ones: one output for all.
  const std::vector<std::string> commands = {"audit --json", "audit --no-progress", "trace", "pgn"};
  std::vector<Run> expected;
  for (const std::string& c : commands) {
    expected.push_back(tool(dir, c + " -j 1 " + quote(plain)));
    REQUIRE(expected.back().status == 0);
    REQUIRE(expected.back().out.size() > 10000);
  }
  for (const Format& format : formats) {
    DYNAMIC_SECTION(format.name) {
      // One stream, under a name that says nothing of the format; and the same text in
      // pieces of 20,000 bytes, each its own stream, concatenated.
      const fs::path whole = dir.path / "games.data";
      shell(std::string(format.compress) + " < " + quote(plain) + " > " + quote(whole.string()));
      const std::string pieces =
          dir.file("games.pieces", compress_pieces(dir, format, text, 20000));
      for (std::size_t i = 0; i < commands.size(); ++i) {
        // The input's name (audit --json's "file") is the only difference allowed.
        for (const auto& [input, name] : std::vector<std::pair<std::string, std::string>>{
                 {quote(whole.string()), whole.string()},
                 {"- < " + quote(whole.string()), "<stdin>"},
                 {quote(pieces), pieces}}) {
          Run r = tool(dir, commands[i] + " -j 4 " + input);
          INFO(format.name << ": arbiter " << commands[i] << " " << input << "\n" << r.err);
          for (std::string* text : {&r.out, &r.err})
            for (std::size_t at; (at = text->find(name)) != std::string::npos;)
              text->replace(at, name.size(), plain);
          CHECK(r.status == expected[i].status);
          CHECK(first_difference(expected[i].out, r.out) == "");
          CHECK(r.err == expected[i].err);
        }
      }
    }
  }
}

TEST_CASE("cli compressed input: a truncated stream is an error after every complete game",
          "[cli][scale]") {
  const arbiter_test::TempDir dir;
  const std::string text = corpus_text();
  const Run whole = tool(dir, "pgn " + quote(dir.file("corpus.pgn", text)));
  REQUIRE(whole.status == 0);
  for (const Format& format : formats) {
    DYNAMIC_SECTION(format.name) {
      std::vector<std::size_t> sizes;
      const std::string z = compress_pieces(dir, format, text, 30000, &sizes);
      for (const double fraction : {0.1, 0.45, 0.8, 0.999}) {
        const std::size_t cut = std::size_t(double(z.size()) * fraction);
        const std::string truncated = dir.file("cut.z", z.substr(0, cut));
        for (const std::string& input : {quote(truncated), "- < " + quote(truncated)}) {
          const Run r = tool(dir, "pgn " + input);
          INFO(format.name << ", cut after byte " << cut << " of " << z.size() << ": " << input
                           << "\n"
                           << r.err);
          CHECK(r.status == 1);
          // The error names the stream, the compressed byte where it ends and the game.
          CHECK(contains(r.err, std::string("the ") + format.name + " stream is truncated"));
          CHECK(contains(r.err, "ends after byte " + std::to_string(cut) + ","));
          // What was written is the whole file's output up to a game's end...
          REQUIRE(r.out.size() <= whole.out.size());
          CHECK(whole.out.compare(0, r.out.size(), r.out) == 0);
          const std::size_t written = games_started_before(r.out, r.out.size());
          CHECK((r.out.empty() || whole.out.compare(r.out.size(), 2, "[E") == 0));
          // ...holding every game that began before where the text broke off, but the one cut
          // short (which the error names); and the text reached at least every piece before
          // the cut that was compressed whole.
          const std::size_t reached = pgn_offset_in(r.err);
          std::size_t whole_pieces = 0, compressed = 0;
          for (std::size_t s : sizes) {
            if (compressed + s > cut) break;
            compressed += s;
            ++whole_pieces;
          }
          CHECK(reached >= std::min(text.size(), whole_pieces * 30000));
          const std::size_t started = games_started_before(text, reached);
          CHECK((written == started || written + 1 == started));
          CHECK(contains(r.err, "game " + std::to_string(written + 1) + ", line "));
        }
      }
    }
  }
}

TEST_CASE(
    "cli: a file that fails to read part-way is an input/output error after every complete "
    "game before it",
    "[cli][scale]") {
#if !defined(ARBITER_FAIL_READS)
  WARN("skipped: no read-failure library in this build (it needs glibc, and no sanitizers)");
#else
  // The file fails to read after a given byte (tests/tools/fail_reads.cpp, preloaded): the
  // games it held whole before are written as from the whole file, then the error, exit
  // status 2. The bytes read before an error were once dropped: the first 64 KiB chunk
  // (the one that tells the format) whole, later the chunk the error cut short.
  const arbiter_test::TempDir dir;
  const std::string text = corpus_text();
  const std::string file = dir.file("corpus.pgn", text);
  const Run whole = tool(dir, "pgn " + quote(file));
  REQUIRE(whole.status == 0);
  for (const std::size_t after : {std::size_t(1000), std::size_t(40000), std::size_t(65536),
                                  std::size_t(70000), text.size() / 2 + 1}) {
    for (const char* jobs : {"1", "3"}) {
      const Run r = arbiter_test::run_capturing(
          "ARBITER_FAIL_READS_FILE=" + quote(file) + " ARBITER_FAIL_READS_AFTER=" +
              std::to_string(after) + " LD_PRELOAD=" + quote(ARBITER_FAIL_READS) + " " +
              quote(ARBITER_CLI_PATH) + " pgn -j " + jobs + " " + quote(file),
          dir.path / "stderr.txt");
      INFO("failing after byte " << after << " of " << text.size() << ", -j " << jobs << "\n"
                                 << r.err);
      CHECK(r.status == 2);
      CHECK(contains(r.err, "cannot read the input after byte " + std::to_string(after) + ":"));
      // What was written is the whole file's output up to a game's end...
      REQUIRE(r.out.size() <= whole.out.size());
      CHECK(whole.out.compare(0, r.out.size(), r.out) == 0);
      CHECK((r.out.empty() || whole.out.compare(r.out.size(), 2, "[E") == 0));
      // ...holding every game that began before the failure but the one it cut short, which
      // the error names.
      const std::size_t written = games_started_before(r.out, r.out.size());
      const std::size_t started = games_started_before(text, after);
      CHECK((written == started || written + 1 == started));
      CHECK(contains(r.err, "game " + std::to_string(written + 1) + ", line "));
    }
  }
#endif
}

TEST_CASE(
    "cli compressed input: a corrupt stream is an error naming the byte, after the games "
    "before it",
    "[cli][scale]") {
  const arbiter_test::TempDir dir;
  const std::string text = corpus_text();
  const std::string first = text.substr(0, text.find("\n[Event ", text.size() / 2) + 1);
  const Run before = tool(dir, "audit --json - < " + quote(dir.file("first.pgn", first)));
  REQUIRE(before.status == 0);
  const std::size_t games = games_started_before(first, first.size());
  for (const Format& format : formats) {
    DYNAMIC_SECTION(format.name) {
      // A whole stream, then bytes that begin no stream of the format: the error names
      // the byte where the junk starts, after every game of the stream before it.
      const std::string z = compress_pieces(dir, format, first, first.size());
      const std::string junk = z + std::string("\x01\x02junk that is no stream", 25);
      const Run r = tool(dir, "audit --json - < " + quote(dir.file("junk.z", junk)));
      INFO(format.name << "\n" << r.err);
      CHECK(r.status == 1);
      // Every game of the first stream, then the bad "game" the error makes, then the summary.
      const std::vector<std::string> lines = arbiter_test::split_lines(r.out);
      const std::vector<std::string> expected = arbiter_test::split_lines(before.out);
      REQUIRE(lines.size() == expected.size() + 1);
      for (std::size_t i = 0; i < games; ++i) CHECK(lines[i] == expected[i]);
      CHECK(contains(lines[games], "\"game\":" + std::to_string(games + 1)));
      CHECK(
          contains(lines[games], std::string("the ") + format.name + " stream is corrupt at byte"));
      CHECK(contains(lines.back(), "\"bad_games\":1"));

      // A byte flipped inside the compressed data: a corrupt (or, when the flip hits a
      // length, truncated) stream, never a crash or a clean exit.
      std::string flipped = z;
      flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x55);
      const Run f = tool(dir, "pgn " + quote(dir.file("flipped.z", flipped)));
      INFO("flipped: " << f.err);
      CHECK(f.status == 1);
      CHECK((contains(f.err, " stream is corrupt at byte ") ||
             contains(f.err, " stream is truncated: the input ends after byte ")));
    }
  }
}

TEST_CASE(
    "cli compressed input: a text larger than the read-ahead ring reads as the plain file, and "
    "breaks off where it is cut",
    "[cli][scale]") {
  // The decoding thread fills a ring of 4 blocks of 256 KiB (input.cpp): a decoded text of
  // more than 1 MiB makes it wrap round several times, the thread waiting for the reader.
  const arbiter_test::TempDir dir;
  const std::string once = corpus_text();
  std::string text;
  while (text.size() < 3 * 1024 * 1024) text += once + "\n";
  const std::string plain = dir.file("big.pgn", text);
  const Run expected = tool(dir, "audit --json -j 1 " + quote(plain));
  REQUIRE(expected.status == 0);
  const Run expected_pgn = tool(dir, "pgn " + quote(plain));
  REQUIRE(expected_pgn.status == 0);
  for (const Format& format : formats) {
    DYNAMIC_SECTION(format.name) {
      const fs::path whole = dir.path / "big.data";
      shell(std::string(format.compress) + " < " + quote(plain) + " > " + quote(whole.string()));
      for (const char* jobs : {"-j 1", "-j 2"}) {
        Run r = tool(dir, std::string("audit --json ") + jobs + " - < " + quote(whole.string()));
        INFO(format.name << " " << jobs << "\n" << r.err);
        for (std::size_t at; (at = r.out.find("<stdin>")) != std::string::npos;)
          r.out.replace(at, 7, plain);
        CHECK(r.status == 0);
        CHECK(first_difference(expected.out, r.out) == "");
      }
      // Cut after nine tenths of the compressed bytes: past the ring's first rounds, the
      // output is the whole file's up to a game's end and the error names the byte. The
      // text is compressed in pieces of 256 KiB, each its own stream, so that the cut falls
      // near nine tenths of the text too (one stream would code the repeated copies in a
      // few bytes, and the cut would land inside the first).
      const std::string z = compress_pieces(dir, format, text, 256 * 1024);
      const std::size_t cut = z.size() / 10 * 9;
      const Run r = tool(dir, "pgn " + quote(dir.file("big.cut", z.substr(0, cut))));
      INFO(format.name << " cut after byte " << cut << "\n" << r.err);
      CHECK(r.status == 1);
      CHECK(contains(r.err, std::string("the ") + format.name + " stream is truncated"));
      CHECK(contains(r.err, "ends after byte " + std::to_string(cut) + ","));
      REQUIRE(r.out.size() <= expected_pgn.out.size());
      CHECK(r.out.size() > expected_pgn.out.size() / 2);
      CHECK(expected_pgn.out.compare(0, r.out.size(), r.out) == 0);
    }
  }
}

TEST_CASE("cli -j: the output of -j 4 is byte for byte that of -j 1", "[cli][scale]") {
  const arbiter_test::TempDir dir;
  // The committed corpus with the malformed games of tests/data/pgn between its two files
  // and after them (boundaries.pgn: bad games where a game's end is hard to find), twice over (more
  // than the batches in flight, so the reader waits for the judges).
  std::string text;
  const std::vector<std::string> corpus = arbiter_test::committed_corpus_files();
  for (int round = 0; round < 2; ++round)
    text += read_file(corpus[0]) + "\n" + read_file(arbiter_test::data_path("pgn/malformed.pgn")) +
            "\n" + read_file(corpus[1]) + "\n" +
            read_file(arbiter_test::data_path("pgn/boundaries.pgn")) + "\n";
  const std::string games = dir.file("games.pgn", text);
  const std::string bare = dir.file("bare.pgn", read_file(corpus[0]));
  const std::vector<std::string> commands = {"audit --json",
                                             "audit --no-progress",
                                             "audit --no-progress --no-boards --rules 2009",
                                             "trace",
                                             "pgn",
                                             "pgn --no-comments --strict"};
  for (const std::string& command : commands) {
    for (const std::string& file : {games, bare}) {
      const Run one = tool(dir, command + " -j 1 " + quote(file));
      INFO("arbiter " << command << " " << file);
      CHECK(one.status == (file == games ? 1 : 0));
      REQUIRE(one.out.size() > 1000);
      for (const char* jobs : {"2", "4", "7"}) {
        const Run many = tool(dir, command + " -j " + jobs + " " + quote(file));
        INFO("-j " << jobs);
        CHECK(many.status == one.status);
        CHECK(first_difference(one.out, many.out) == "");
        CHECK(first_difference(one.err, many.err) == "");
      }
    }
  }
  // dead: FEN lines, one row each in input order (chasolver's positions without their
  // labels, and one unreadable line).
  std::string fen_lines = "not a FEN\n";
  std::istringstream positions(read_file(arbiter_test::data_path("unwinnable/positions.txt")));
  int kept = 0;
  for (std::string line; std::getline(positions, line) && kept < 600;)
    if (line.size() > 3 && line[0] != '#') {
      fen_lines += line.substr(3) + "\n";
      ++kept;
    }
  const std::string fens = dir.file("fens.txt", fen_lines);
  const Run one = tool(dir, "dead --quick -j 1 " + quote(fens));
  REQUIRE(one.out.size() > 1000);
  CHECK(one.status == 1);
  const Run many = tool(dir, "dead --quick -j 4 " + quote(fens));
  CHECK(many.status == one.status);
  CHECK(first_difference(one.out, many.out) == "");
  CHECK(first_difference(one.err, many.err) == "");
  // Bounded memory. One job: the peak on 8 times the input (compressed, on standard input)
  // is the peak on the input. Four jobs: at most N + 2 batches of at most 64 games and
  // about 32 KiB of text are in flight, each slot's buffers reused (and given back past 64 KiB), so
  // the peak on 16 times the input stays within half again of the peak on 4 times it, and under 64
  // MB.
  auto repeat = [&](int times, const std::string& name) {
    std::string all;
    for (int i = 0; i < times; ++i) all += text;
    const std::string z = (dir.path / (name + ".gz")).string();
    shell("gzip -c < " + quote(dir.file(name, all)) + " > " + quote(z));
    return z;
  };
  const std::string four = repeat(4, "four.pgn"), eight = repeat(8, "eight.pgn"),
                    sixteen = repeat(16, "sixteen.pgn");
  // Peak memory says nothing under AddressSanitizer: its quarantine keeps freed blocks and
  // its shadow memory grows with them (peaks of 290 to 430 MB that vary from run to run).
  // The bounds are checked in every build without it (the release stage). The tool's heap
  // grows in huge pages (memory_pages.hpp's huge_page_heap()): a step of one 2 MiB page
  // between two inputs is where a game's buffers first cross a page, not growth with the
  // input (the peaks on 1, 2, 4, ... 32 times an input stay within one step).
  constexpr long huge_page_kib = 2048;
  for (const std::string command : {"audit --json", "audit --no-progress", "pgn", "trace"}) {
    if (built_with_address_sanitizer) break;
    const long one_small = peak_kib(dir, command + " -j 1 - < " + quote(games));
    const long one_big = peak_kib(dir, command + " -j 1 - < " + quote(eight));
    const long many_small = peak_kib(dir, command + " -j 4 - < " + quote(four));
    const long many_big = peak_kib(dir, command + " -j 4 - < " + quote(sixteen));
    INFO(command << ": -j 1 peak " << one_small << " KiB on the input, " << one_big
                 << " KiB on 8 times it; -j 4 peak " << many_small << " KiB on 4 times it, "
                 << many_big << " KiB on 16 times it");
    CHECK(one_small > 0);
    CHECK(one_big < one_small + one_small / 10 + huge_page_kib + 1024);
    CHECK(many_big < many_small + many_small / 2);
    CHECK(many_big < 64 * 1024);
  }
  // -j is a whole number from 1 to 1024.
  for (const char* bad : {"0", "x", "2000"}) {
    const Run r = tool(dir, std::string("audit -j ") + bad + " " + quote(bare));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "-j must be from 1 to 1024"));
  }
}

TEST_CASE(
    "cli one pass: audit (its report in words and --json), trace and pgn allocate "
    "nothing per game once warmed up",
    "[cli][scale]") {
  // The tool run with a library preloaded that counts its allocations
  // (tests/tools/count_allocations.cpp), on an input and on three times it: the games read
  // twice more add nothing, so nothing is allocated per game once the buffers (a record,
  // an audit's findings and their lists, the output) have held the largest game. Before
  // the audit reused its findings' buffers and trace wrote its FENs into its output, the
  // added games cost `audit --json` about 15 allocations a game on the committed corpus,
  // `trace` about 88 on the TWIC sample; before the report in words was written into
  // buffers kept by each worker, `audit` about 29 a game, `audit --detail --lang ru` 31.
#if !defined(ARBITER_COUNT_ALLOCATIONS)
  WARN("skipped: no allocation counter in this build (it needs glibc, and no sanitizers)");
#else
  const arbiter_test::TempDir dir;
  const fs::path count = dir.path / "allocations.txt";
  // The allocations of the tool running `command` on `file` (the counter writes them to
  // its file when the tool exits).
  auto allocations = [&](const std::string& command, const std::string& file) {
    fs::remove(count);
    const std::string line = "ARBITER_COUNT_ALLOCATIONS_FILE=" + quote(count.string()) +
                             " LD_PRELOAD=" + quote(ARBITER_COUNT_ALLOCATIONS) + " " +
                             quote(ARBITER_CLI_PATH) + " " + command + " --no-progress " +
                             quote(file) + " > " + quote((dir.path / "out.txt").string());
    INFO(line);
    REQUIRE(std::system(line.c_str()) == 0);
    const std::string text = read_file(count);
    REQUIRE(!text.empty());
    return std::stoul(text);
  };
  // The whole committed corpus for the audit and pgn. A trace keeps a buffer of 64 KiB
  // from game to game (in_order.hpp's reuse()), which a TCEC game of 600 plies and more
  // outgrows: trace reads the TWIC sample (human games, all shorter).
  const std::string corpus = corpus_text();
  const std::string twic = read_file(arbiter_test::data_path("corpus/twic0920_sample.pgn"));
  const std::string once = dir.file("once.pgn", corpus);
  const std::string thrice = dir.file("thrice.pgn", corpus + "\n" + corpus + "\n" + corpus);
  const std::string twic_once = dir.file("twic_once.pgn", twic);
  const std::string twic_thrice = dir.file("twic_thrice.pgn", twic + "\n" + twic + "\n" + twic);
  struct Case {
    const char* command;
    const std::string& once;
    const std::string& thrice;
  };
  for (const Case& c :
       {Case{"audit --json -j 1", once, thrice}, Case{"audit -j 1", once, thrice},
        Case{"audit --detail --lang ru -j 1", once, thrice},
        Case{"audit --lang pt --rules 2014 -j 1", once, thrice}, Case{"pgn -j 1", once, thrice},
        Case{"trace -j 1", twic_once, twic_thrice}}) {
    const unsigned long first = allocations(c.command, c.once);
    const unsigned long third = allocations(c.command, c.thrice);
    INFO(c.command << ": " << first << " allocations on the input, " << third
                   << " on three times it");
    CHECK(first > 100);  // the counter counts (the tool's start allocates)
    // A few growths of a buffer that a later game needs larger, at most: far fewer than the
    // games added (480 and more), which any allocation per game would pass.
    CHECK(third <= first + 16);
  }
#endif
}

TEST_CASE("cli -j: bad games in the middle read as the whole input's reader reads them",
          "[cli][scale]") {
  // The reader thread of -j cuts the input where a game begins whatever came before, and
  // the judges read the pieces (-j 1 too): every message must be what one PgnReader over
  // the whole input says, game for game, whatever the number of jobs or the compression.
  const arbiter_test::TempDir dir;
  const std::vector<std::string> corpus = arbiter_test::committed_corpus_files();
  const std::string bad = read_file(arbiter_test::data_path("pgn/boundaries.pgn")) +
                          read_file(arbiter_test::data_path("pgn/malformed.pgn"));
  // Bad games at the start, in the middle (and a good game glued to the bad ones' end) and
  // at the end.
  const std::string text =
      bad + "\n" + read_file(corpus[0]) + "\n" + bad + read_file(corpus[1]) + "\n" + bad;
  // Every message as one reader of the whole input gives it, its line numbers counted by
  // the cutter for each piece: with newlines, and with carriage returns and newlines.
  auto check_messages = [&](const std::string& input, const std::string& name) {
    const std::string file = dir.file(name, input);
    std::string expected;
    std::uint64_t games = 0, bad_games = 0;
    arbiter::PgnReader reader = arbiter::PgnReader::from_memory(input);
    arbiter::PgnGame game;
    for (;;) {
      const auto r = reader.next(game);
      if (arbiter::is_end(r)) break;
      ++games;
      for (const arbiter::PgnError& w : game.warnings)
        expected += file + ": warning: " + w.to_string() + "\n";
      if (!r) {
        ++bad_games;
        expected += file + ": " + r.error().to_string() + "\n";
      }
    }
    REQUIRE(bad_games >= 24);
    expected += "arbiter: " + std::to_string(bad_games) + " of " + std::to_string(games) +
                " games could not be read\n";
    const Run one = tool(dir, "pgn -j 1 " + quote(file));
    CHECK(one.status == 1);
    CHECK(first_difference(expected, one.err) == "");
    const std::string z = dir.file(name + ".z", compress_pieces(dir, formats[0], input, 7000));
    for (const std::string& args : {"pgn -j 4 " + quote(file), "pgn -j 3 - < " + quote(z)}) {
      const Run many = tool(dir, args);
      INFO("arbiter " << args);
      CHECK(many.status == 1);
      CHECK(first_difference(one.out, many.out) == "");
      std::string err = many.err;
      for (std::size_t at; (at = err.find("<stdin>")) != std::string::npos;)
        err.replace(at, 7, file);
      CHECK(first_difference(expected, err) == "");
    }
    return file;
  };
  const std::string file = check_messages(text, "bad.pgn");
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  check_messages(crlf, "bad_crlf.pgn");
  for (const std::string command : {"audit --json", "audit --no-progress", "trace"}) {
    const Run a = tool(dir, command + " -j 1 " + quote(file));
    const Run b = tool(dir, command + " -j 4 " + quote(file));
    INFO("arbiter " << command);
    CHECK(a.status == 1);
    CHECK(b.status == 1);
    CHECK(first_difference(a.out, b.out) == "");
    CHECK(first_difference(a.err, b.err) == "");
  }
  // The audit judges each game as soon as it is read, under the number it guesses the game
  // has (one game a piece), and judges again where a piece held more or fewer: here the
  // bad games make many such pieces while others are in flight. Every game's line names
  // the game's number in all the inputs and in its file, as the reader counts them.
  const std::string second = dir.file("second.pgn", bad + read_file(corpus[0]));
  std::vector<std::pair<std::string, std::uint64_t>> want;  // file, number in it
  for (const std::string& name : {file, second}) {
    const std::string input = read_file(name);  // the reader reads it where it lies
    arbiter::PgnReader r = arbiter::PgnReader::from_memory(input);
    arbiter::PgnGame game;
    for (std::uint64_t n = 1; !arbiter::is_end(r.next(game)); ++n) want.emplace_back(name, n);
  }
  for (const char* jobs : {"1", "2", "4"}) {
    const Run run =
        tool(dir, std::string("audit --json -j ") + jobs + " " + quote(file) + " " + quote(second));
    INFO("audit --json -j " << jobs);
    CHECK(run.status == 1);
    const std::vector<std::string> lines = arbiter_test::split_lines(run.out);
    REQUIRE(lines.size() == want.size() + 1);  // and the summary
    for (std::size_t i = 0; i < want.size(); ++i) {
      INFO(lines[i]);
      CHECK(contains(lines[i], "\"file\":\"" + want[i].first + "\""));
      CHECK(contains(lines[i], "\"game\":" + std::to_string(i + 1) + ","));
      const std::string in_file = "\"number_in_file\":" + std::to_string(want[i].second);
      CHECK((contains(lines[i], in_file + ",") || contains(lines[i], in_file + "}")));
    }
  }
}

TEST_CASE("cli summarize: shards audited with --first-game merge into the single run's summary",
          "[cli][scale]") {
  const arbiter_test::TempDir dir;
  const std::vector<std::string> corpus = arbiter_test::committed_corpus_files();
  // Three shards: the first file cut at a game boundary in two, then the second file; the
  // middle shard with a bad game.
  const std::string first = read_file(corpus[0]);
  const std::size_t cut = first.find("\n[Event ", first.size() / 2) + 1;
  const std::string a = dir.file("a.pgn", first.substr(0, cut));
  const std::string b = dir.file(
      "b.pgn", first.substr(cut) + "\n" + read_file(arbiter_test::data_path("pgn/malformed.pgn")));
  const std::string c = corpus[1];
  const Run single = tool(dir, "audit --json -j 1 " + quote(a) + " " + quote(b) + " " + quote(c));
  REQUIRE(single.status == 1);
  const std::vector<std::string> lines = arbiter_test::split_lines(single.out);
  std::size_t games_a = games_started_before(first.substr(0, cut), cut);
  // The shards' audits, numbered on: the first game of b is game games_a + 1, and so on.
  const Run ra = tool(dir, "audit --json " + quote(a));
  const std::size_t games_ab =
      games_a + (arbiter_test::split_lines(tool(dir, "audit --json " + quote(b)).out).size() - 1);
  const Run rb =
      tool(dir, "audit --json --first-game " + std::to_string(games_a + 1) + " " + quote(b));
  const Run rc =
      tool(dir, "audit --json -j 3 --first-game " + std::to_string(games_ab + 1) + " " + quote(c));
  const std::string fa = dir.file("a.jsonl", ra.out), fb = dir.file("b.jsonl", rb.out),
                    fc = dir.file("c.jsonl", rc.out);
  // The shards' game lines are the single run's, in order (but for the file's name).
  std::vector<std::string> shard_games;
  for (const Run* r : {&ra, &rb, &rc}) {
    std::vector<std::string> l = arbiter_test::split_lines(r->out);
    shard_games.insert(shard_games.end(), l.begin(), l.end() - 1);
  }
  REQUIRE(shard_games.size() + 1 == lines.size());
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    CHECK(lines[i].substr(0, lines[i].find("\"file\"")) ==
          shard_games[i].substr(0, shard_games[i].find("\"file\"")));

  const Run merged = tool(dir, "summarize " + quote(fa) + " " + quote(fb) + " " + quote(fc));
  CHECK(merged.status == 0);
  CHECK(merged.err.empty());
  CHECK(merged.out == lines.back() + "\n");
  CHECK(contains(merged.out, "\"bad_games\":9"));  // the malformed games of tests/data/pgn

  // Without --first-game the numbers start again at 1: said, exit 1, the totals still right.
  const std::string fb1 = dir.file("b1.jsonl", tool(dir, "audit --json " + quote(b)).out);
  const Run restarted = tool(dir, "summarize " + quote(fa) + " " + quote(fb1));
  CHECK(restarted.status == 1);
  CHECK(contains(restarted.err,
                 "its games are numbered from 1, but the files before it end at game " +
                     std::to_string(games_a)));
  // A shard cut short (no summary), rules that differ, a line that is no JSON: exit 2.
  const std::string cut_short =
      dir.file("cut.jsonl", rb.out.substr(0, rb.out.rfind("{\"bad_games\"")));
  const Run no_summary = tool(dir, "summarize " + quote(fa) + " " + quote(cut_short));
  CHECK(no_summary.status == 2);
  CHECK(contains(no_summary.err, "no summary line at the end"));
  const std::string fb2009 =
      dir.file("b2009.jsonl", tool(dir, "audit --json --rules 2009 --first-game " +
                                            std::to_string(games_a + 1) + " " + quote(b))
                                  .out);
  const Run rules = tool(dir, "summarize " + quote(fa) + " " + quote(fb2009));
  CHECK(rules.status == 2);
  CHECK(contains(rules.err, "'rules' is \"FIDE_2009\" here but \"auto\" in the first summary"));
  const Run garbage =
      tool(dir, "summarize " + quote(dir.file("g.jsonl", "{\"game\":1}\nnot json\n")));
  CHECK(garbage.status == 2);
  CHECK(contains(garbage.err, "line 2: not a JSON object"));
}

#endif
