// arbiter_scale_bench: the arbiter tool at database scale (issue 11), side by side in one
// run, interleaved, medians of --runs runs:
//   - `arbiter audit --json -j 1` against `pgn-extract -s --repetition` (both read, replay
//     and check every game for repetitions; pgn-extract writes the games to /dev/null);
//   - `arbiter pgn -j 1 --out /dev/null` against `pgn-extract -s -o /dev/null` (both read,
//     replay and write every game);
//   - `arbiter audit -j 1`, the report in words (the default output), to follow its cost
//     over the parse + replay below (no target);
//   - `arbiter audit --json` with -j 1, 2 and 4 (scaling on this machine's cores), and two
//     `-j 1` audits run side by side: what two cores give two programs that share nothing,
//     the ceiling of -j 2 at that moment (on a machine shared with others it moves: from
//     1.53x to 2.0x one audit's throughput in December 2026);
//   - the audit of the file compressed with zstd against the plain file;
//   - the audit's peak memory on standard input, on the file and on 4 times it;
//   - with --driver (tests/bench/chess_library/driver.cpp, built over chess-library's single
//     header): the audit against a chess-library loop doing the on-board checks, arbiter's
//     parse + replay against chess-library's StreamParser + parseSan + makeMove, and the
//     audit against arbiter's own parse + replay of the same file (and, to see where the
//     audit's time goes, the same reading with each game recorded, then audited, by the
//     library alone); with --perft D too,
//     chess-library's perft against arbiter's on each of the driver's five positions
//     (depth D, D + 1 for position 3), one pair of commands per position, timed by the
//     driver's own clock (the search alone: the start-up, both libraries' tables in
//     either mode, is about a third of a 25 ms run) and as whole programs.
// The input is the TCEC file of the real-games corpus (ARBITER_SHARED_DIR/data/pgn) or
// --file. Wall times: the commands are whole programs, started the same way.
//
// With --pairs N, each ratio is measured again N times by its two commands run back to
// back (in turn first), and the median of those N ratios given with its quartiles: on a
// machine shared with others, a burst of their load falls on both sides of a pair far
// more often than on both sides of a ratio of medians, whose runs lie seconds apart.
//
//   arbiter_scale_bench [--runs N] [--pairs N] [--file PGN] [--arbiter PATH]
//                       [--pgn-extract PATH] [--driver PATH [--perft D]]

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <fmt/core.h>

namespace {

struct Measure {
  double seconds;
  double cpu_seconds;  // user + system time of the command (less sensitive to a loaded machine)
  long peak_kib;
  int status;
};

// Runs `command` with /bin/sh (exec'ed, so the rusage is the command's own).
Measure run(const std::string& command) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string line = "exec " + command;
    execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  wait4(pid, &status, 0, &usage);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  return {seconds, cpu, usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The value below which a share `q` (0 to 1) of `v` lies, interpolated between ranks.
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double at = q * double(v.size() - 1);
  const std::size_t low = std::size_t(at);
  if (low + 1 >= v.size()) return v.back();
  return v[low] + (at - double(low)) * (v[low + 1] - v[low]);
}

std::string quote(const std::string& word) {
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int perft_depth = 0;  // 0: no perft
  int pairs = 0;        // 0: no pairs
  std::string file, arbiter, extract = "/usr/games/pgn-extract", driver;
#ifdef ARBITER_SHARED_DIR
  file = std::string(ARBITER_SHARED_DIR) + "/data/pgn/tcec_master_archive_standard.pgn";
#endif
#ifdef ARBITER_CLI_PATH
  arbiter = ARBITER_CLI_PATH;
#endif
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--runs")
      runs = std::max(1, std::atoi(v.c_str()));
    else if (a == "--pairs")
      pairs = std::max(0, std::atoi(v.c_str()));
    else if (a == "--file")
      file = v;
    else if (a == "--arbiter")
      arbiter = v;
    else if (a == "--pgn-extract")
      extract = v;
    else if (a == "--driver")
      driver = v;
    else if (a == "--perft")
      perft_depth = std::max(0, std::atoi(v.c_str()));
  }
  if (file.empty() || !std::filesystem::exists(file) || arbiter.empty()) {
    fmt::print(stderr, "arbiter_scale_bench: need --file PGN and --arbiter PATH\n");
    return 2;
  }
  const std::string tmp = std::filesystem::temp_directory_path() / "arbiter_scale_bench";
  std::filesystem::create_directories(tmp);
  const std::string zst = tmp + "/input.pgn.zst", four = tmp + "/four.pgn";
  run("zstd -q -f -3 " + quote(file) + " -o " + quote(zst));
  run("sh -c " + quote("for i in 1 2 3 4; do cat " + quote(file) + "; done > " + quote(four)));

  const std::string a = quote(arbiter), f = quote(file), x = quote(extract);
  const std::string audit_j1 = a + " audit --json --no-progress -j 1 " + f + " > /dev/null";
  std::vector<std::pair<std::string, std::string>> commands = {
      {"audit -j1", audit_j1},
      // The default output, the report in words (no target: to follow its cost).
      {"audit text -j1", a + " audit --no-progress -j 1 " + f + " > /dev/null"},
      {"pgn-extract --repetition", x + " -s --repetition " + f + " -o /dev/null 2>/dev/null"},
      {"pgn -j1", a + " pgn -j 1 --out /dev/null " + f + " 2>/dev/null"},
      {"pgn-extract", x + " -s -o /dev/null " + f + " 2>/dev/null"},
      {"audit -j2", a + " audit --json --no-progress -j 2 " + f + " > /dev/null"},
      {"two audits -j1", "sh -c " + quote(audit_j1 + " & " + audit_j1 + " & wait")},
      {"audit -j4", a + " audit --json --no-progress -j 4 " + f + " > /dev/null"},
      {"audit -j1 zst", a + " audit --json --no-progress -j 1 " + quote(zst) + " > /dev/null"},
      {"audit -j1 stdin 1x", a + " audit --json --no-progress -j 1 - < " + f + " > /dev/null"},
      {"audit -j1 stdin 4x",
       a + " audit --json --no-progress -j 1 - < " + quote(four) + " > /dev/null"},
      {"audit -j4 stdin 4x",
       a + " audit --json --no-progress -j 4 - < " + quote(four) + " > /dev/null"},
  };
  if (!driver.empty())
    for (const char* mode : {"cl-checks", "cl-replay", "ar-replay", "ar-record", "ar-audit"})
      commands.push_back({mode, quote(driver) + " " + mode + " " + f + " > /dev/null 2>&1"});
  if (!driver.empty() && perft_depth > 0)
    for (int p = 1; p <= 5; ++p)
      for (const char* mode : {"cl-perft", "ar-perft"})
        commands.push_back({fmt::format("{} {}", mode, p),
                            fmt::format("{} {} {} {} > {}", quote(driver), mode, perft_depth, p,
                                        quote(tmp + "/perft.out"))});
  std::map<std::string, std::vector<double>> times, cpu_times, driver_times;
  std::map<std::string, long> peak;
  fmt::print("{} runs of each, interleaved, on {}\n", runs, file);
  for (int r = 0; r < runs; ++r)
    for (const auto& [name, command] : commands) {
      const Measure m = run(command);
      if (m.status != 0 && m.status != 1)
        fmt::print(stderr, "{}: exit status {}\n", name, m.status);
      times[name].push_back(m.seconds);
      cpu_times[name].push_back(m.cpu_seconds);
      if (name.find("-perft ") != std::string::npos) {
        // The driver prints "MODE NODES SECONDS": its own time of the search.
        char mode[32] = {};
        unsigned long long nodes = 0;
        double seconds = 0;
        std::FILE* out = std::fopen((tmp + "/perft.out").c_str(), "r");
        const bool read = out && std::fscanf(out, "%31s %llu %lf", mode, &nodes, &seconds) == 3;
        if (out) std::fclose(out);
        if (!read) fmt::print(stderr, "{}: no time printed by the driver\n", name);
        driver_times[name].push_back(read ? seconds : 0.0);
      }
      peak[name] = std::max(peak[name], m.peak_kib);
    }
  for (const auto& [name, command] : commands)
    fmt::print("{:24} median {:7.3f} s (cpu {:7.3f} s)  peak {:7.1f} MB\n", name,
               median(times[name]), median(cpu_times[name]), double(peak[name]) / 1024);
  // Wall-time ratio of medians, and the CPU-time one (user + system: on a loaded machine
  // the steadier of the two for one-thread commands; meaningless for -j scaling).
  auto ratio = [&](const std::string& slow, const std::string& fast) {
    return fmt::format("{:.2f}x (cpu {:.2f}x)", median(times[slow]) / median(times[fast]),
                       median(cpu_times[slow]) / median(cpu_times[fast]));
  };
  fmt::print("\naudit --json -j 1 vs pgn-extract -s --repetition: {} faster\n",
             ratio("pgn-extract --repetition", "audit -j1"));
  fmt::print("pgn -j 1 --out /dev/null vs pgn-extract -s -o /dev/null: {} faster\n",
             ratio("pgn-extract", "pgn -j1"));
  fmt::print("audit -j 2 vs -j 1: {:.2f}x; -j 4 vs -j 1: {:.2f}x (wall)\n",
             median(times["audit -j1"]) / median(times["audit -j2"]),
             median(times["audit -j1"]) / median(times["audit -j4"]));
  // Two whole audits in the time of `two audits -j1`: the throughput two cores gave two
  // programs sharing nothing, the most -j 2 can give at that moment.
  fmt::print(
      "two -j 1 audits side by side: {:.2f}x the throughput of one (the ceiling of -j 2 "
      "here now)\n",
      2 * median(times["audit -j1"]) / median(times["two audits -j1"]));
  fmt::print(".zst input vs plain: {:.3f} (time ratio; 1.10 = 10% slower)\n",
             median(times["audit -j1 zst"]) / median(times["audit -j1"]));
  fmt::print("peak memory, stdin, 4x vs 1x the input: {:.2f} (-j 1); -j 4 on 4x: {:.1f} MB\n",
             double(peak["audit -j1 stdin 4x"]) / double(peak["audit -j1 stdin 1x"]),
             double(peak["audit -j4 stdin 4x"]) / 1024);
  if (!driver.empty()) {
    fmt::print("audit --json -j 1 vs the chess-library loop with the on-board checks: {} faster\n",
               ratio("cl-checks", "audit -j1"));
    fmt::print(
        "arbiter parse + replay vs chess-library StreamParser + parseSan + makeMove: {} faster\n",
        ratio("cl-replay", "ar-replay"));
    fmt::print("audit --json -j 1 over arbiter's own parse + replay: {} the time\n",
               ratio("audit -j1", "ar-replay"));
    // Where that time goes: the same reading with each game recorded (GameRecord), then
    // audited as it is recorded (GameAuditor), by the driver; the rest is the tool's (tags,
    // rules by date, the JSON line, cutting the input into games).
    fmt::print("  of which, over the parse + replay: recording each game {}, and auditing it {}\n",
               ratio("ar-record", "ar-replay"), ratio("ar-audit", "ar-replay"));
    fmt::print("audit -j 1 (the text report) over arbiter's own parse + replay: {} the time\n",
               ratio("audit text -j1", "ar-replay"));
  }
  if (!driver.empty() && perft_depth > 0)
    for (int p = 1; p <= 5; ++p)
      fmt::print(
          "perft {} position {} vs chess-library: {:.2f}x faster by the driver's clock; "
          "whole programs {}\n",
          p == 3 ? perft_depth + 1 : perft_depth, p,
          median(driver_times[fmt::format("cl-perft {}", p)]) /
              median(driver_times[fmt::format("ar-perft {}", p)]),
          ratio(fmt::format("cl-perft {}", p), fmt::format("ar-perft {}", p)));
  if (pairs > 0) {
    // Each ratio again, its commands back to back: {slower, faster, what it says}.
    const auto command = [&](const std::string& name) {
      for (const auto& [n, c] : commands)
        if (n == name) return c;
      return std::string();
    };
    std::vector<std::array<std::string, 3>> ratios = {
        {"pgn-extract --repetition", "audit -j1",
         "audit --json -j 1 vs pgn-extract -s --repetition"},
        {"pgn-extract", "pgn -j1", "pgn -j 1 --out /dev/null vs pgn-extract -s -o /dev/null"},
        {"audit -j1", "audit -j2", "audit -j 2 vs -j 1 (wall)"},
        // Twice the work on one side: 2.00x is two audits in the time of one -j 2 audit, -j 2
        // as fast as two programs that share nothing (the ceiling above); below, short of it.
        {"two audits -j1", "audit -j2",
         "two -j 1 audits side by side vs -j 2 (2.00x: -j 2 at the ceiling)"}};
    if (!driver.empty()) {
      ratios.push_back({"cl-checks", "audit -j1", "audit --json -j 1 vs the chess-library loop"});
      ratios.push_back(
          {"cl-replay", "ar-replay", "parse + replay vs chess-library StreamParser loop"});
      ratios.push_back({"audit -j1", "ar-replay", "audit --json -j 1 over its own parse + replay"});
      ratios.push_back(
          {"audit text -j1", "ar-replay", "audit -j 1 (text) over its own parse + replay"});
    }
    fmt::print("\n{} pairs of each ratio, its two commands back to back (first in turn):\n", pairs);
    for (const auto& [slow, fast, what] : ratios) {
      std::vector<double> wall, cpu;
      for (int i = 0; i < pairs; ++i) {
        Measure a{}, b{};
        if (i % 2 == 0) {
          a = run(command(slow));
          b = run(command(fast));
        } else {
          b = run(command(fast));
          a = run(command(slow));
        }
        wall.push_back(a.seconds / b.seconds);
        cpu.push_back(a.cpu_seconds / b.cpu_seconds);
      }
      fmt::print("{}: {:.2f}x (quartiles {:.2f}-{:.2f}; cpu {:.2f}x)\n", what, median(wall),
                 quantile(wall, 0.25), quantile(wall, 0.75), median(cpu));
    }
  }
  std::filesystem::remove_all(tmp);
  return 0;
}
