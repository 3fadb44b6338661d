// arbiter_scale_bench: the arbiter tool at database scale (issue 11), side by side in one
// run, interleaved, medians of --runs runs:
//   - `arbiter audit --json -j 1` against `pgn-extract -s --repetition` (both read, replay
//     and check every game for repetitions; pgn-extract writes the games to /dev/null);
//   - `arbiter pgn -j 1 --out /dev/null` against `pgn-extract -s -o /dev/null` (both read,
//     replay and write every game);
//   - `arbiter audit --json` with -j 1, 2 and 4 (scaling on this machine's cores);
//   - the audit of the file compressed with zstd against the plain file;
//   - the audit's peak memory on standard input, on the file and on 4 times it.
// The input is the TCEC file of the real-games corpus (ARBITER_SHARED_DIR/data/pgn) or
// --file. Wall times: the commands are whole programs, started the same way.
//
//   arbiter_scale_bench [--runs N] [--file PGN] [--arbiter PATH] [--pgn-extract PATH]

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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
  return {seconds, usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string quote(const std::string& word) {
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::string file, arbiter, extract = "/usr/games/pgn-extract";
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
    else if (a == "--file")
      file = v;
    else if (a == "--arbiter")
      arbiter = v;
    else if (a == "--pgn-extract")
      extract = v;
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
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"audit -j1", a + " audit --json --no-progress -j 1 " + f + " > /dev/null"},
      {"pgn-extract --repetition", x + " -s --repetition " + f + " -o /dev/null 2>/dev/null"},
      {"pgn -j1", a + " pgn -j 1 --out /dev/null " + f + " 2>/dev/null"},
      {"pgn-extract", x + " -s -o /dev/null " + f + " 2>/dev/null"},
      {"audit -j2", a + " audit --json --no-progress -j 2 " + f + " > /dev/null"},
      {"audit -j4", a + " audit --json --no-progress -j 4 " + f + " > /dev/null"},
      {"audit -j1 zst", a + " audit --json --no-progress -j 1 " + quote(zst) + " > /dev/null"},
      {"audit -j1 stdin 1x", a + " audit --json --no-progress -j 1 - < " + f + " > /dev/null"},
      {"audit -j1 stdin 4x",
       a + " audit --json --no-progress -j 1 - < " + quote(four) + " > /dev/null"},
      {"audit -j4 stdin 4x",
       a + " audit --json --no-progress -j 4 - < " + quote(four) + " > /dev/null"},
  };
  std::map<std::string, std::vector<double>> times;
  std::map<std::string, long> peak;
  fmt::print("{} runs of each, interleaved, on {}\n", runs, file);
  for (int r = 0; r < runs; ++r)
    for (const auto& [name, command] : commands) {
      const Measure m = run(command);
      if (m.status != 0 && m.status != 1)
        fmt::print(stderr, "{}: exit status {}\n", name, m.status);
      times[name].push_back(m.seconds);
      peak[name] = std::max(peak[name], m.peak_kib);
    }
  for (const auto& [name, command] : commands)
    fmt::print("{:24} median {:7.3f} s  peak {:7.1f} MB\n", name, median(times[name]),
               double(peak[name]) / 1024);
  auto ratio = [&](const std::string& slow, const std::string& fast) {
    return median(times[slow]) / median(times[fast]);
  };
  fmt::print("\naudit --json -j 1 vs pgn-extract -s --repetition: {:.2f}x faster\n",
             ratio("pgn-extract --repetition", "audit -j1"));
  fmt::print("pgn -j 1 --out /dev/null vs pgn-extract -s -o /dev/null: {:.2f}x faster\n",
             ratio("pgn-extract", "pgn -j1"));
  fmt::print("audit -j 2 vs -j 1: {:.2f}x; -j 4 vs -j 1: {:.2f}x\n",
             ratio("audit -j1", "audit -j2"), ratio("audit -j1", "audit -j4"));
  fmt::print(".zst input vs plain: {:.3f} (time ratio; 1.10 = 10% slower)\n",
             median(times["audit -j1 zst"]) / median(times["audit -j1"]));
  fmt::print("peak memory, stdin, 4x vs 1x the input: {:.2f} (-j 1); -j 4 on 4x: {:.1f} MB\n",
             double(peak["audit -j1 stdin 4x"]) / double(peak["audit -j1 stdin 1x"]),
             double(peak["audit -j4 stdin 4x"]) / 1024);
  std::filesystem::remove_all(tmp);
  return 0;
}
