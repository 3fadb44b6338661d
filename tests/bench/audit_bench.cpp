// Benchmark for `arbiter audit --json` (issue 6): the whole real-games corpus audited
// (every claim point, automatic ending, play past the end, result agreement), side by
// side in one run with Debian's pgn-extract run with each of its draw-detection filters
// (--repetition, --fifty, --stalemate, --checkmate; pgn-extract 19.04 has no fivefold,
// 75-move, dead-position or intended-move detection, and its --repetition ignores the
// legality of en passant). Runs alternate; medians of several runs; ratios per run.
// Also compares what each finds: games flagged by pgn-extract per filter against games
// with such a finding in the audit.
//
//   arbiter_audit_bench [--runs N] [--pgn-extract PATH] [PATH...]

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/core.h>

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs a shell command with its output to `out`; returns the seconds it took (< 0 on failure).
double timed(const std::string& command, const std::string& out) {
  const auto t = Clock::now();
  const int status = std::system((command + " > " + quote(out) + " 2>/dev/null").c_str());
  const double s = std::chrono::duration<double>(Clock::now() - t).count();
  return status == -1 ? -1 : s;
}

std::size_t count_lines_starting(const std::string& file, const std::string& prefix) {
  std::ifstream in(file);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) n += line.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::string pgn_extract = "/usr/games/pgn-extract";
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--pgn-extract" && i + 1 < argc)
      pgn_extract = argv[++i];
    else
      paths.push_back(a);
  }
  if (paths.empty()) {
    std::error_code ec;
    for (const auto& e :
         std::filesystem::directory_iterator(std::string(ARBITER_SHARED_DIR) + "/data/pgn", ec))
      if (e.path().extension() == ".pgn") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
  }
  std::string files;
  for (const std::string& p : paths) files += " " + quote(p);
#ifdef ARBITER_CLI_PATH
  const std::string arbiter = ARBITER_CLI_PATH;
#else
  fmt::print(stderr, "the arbiter tool is not part of this build (ARBITER_BUILD_EXAMPLES=OFF)\n");
  return 1;
#endif
  const std::string tmp = std::filesystem::temp_directory_path() /
                          ("arbiter_audit_bench_" + std::to_string(::getpid()));
  const std::string audit_cmd = quote(arbiter) + " audit --json --no-progress" + files;
  const char* filters[] = {"--repetition", "--fifty", "--stalemate", "--checkmate"};
  const bool have_pe = ::access(pgn_extract.c_str(), X_OK) == 0;

  std::vector<double> a_times, p_times, ratios;
  for (int r = 0; r < runs; ++r) {
    const double a = timed(audit_cmd, tmp + ".jsonl");
    a_times.push_back(a);
    if (have_pe) {
      double p = 0;
      for (const char* f : filters)
        p += timed(quote(pgn_extract) + " -s " + f + files, tmp + std::string(f) + ".pgn");
      p_times.push_back(p);
      ratios.push_back(p / a);
    }
  }
  // What each found (from the last run's outputs).
  std::ifstream summary_in(tmp + ".jsonl");
  std::string line, summary;
  std::size_t games = 0, threefold_games = 0, fifty_games = 0, stalemate_games = 0, mate_games = 0,
              intended_only = 0;
  while (std::getline(summary_in, line)) {
    if (line.find("\"summary\":true") != std::string::npos) {
      summary = line;
      continue;
    }
    ++games;
    const bool threefold = line.find("\"kind\":\"threefold_claim\"") != std::string::npos;
    threefold_games += threefold;
    intended_only += threefold && line.find("\"on_board\":true") == std::string::npos;
    fifty_games += line.find("\"kind\":\"fifty_claim\"") != std::string::npos;
    stalemate_games += line.find("\"kind\":\"stalemate\"") != std::string::npos;
    mate_games += line.find("\"kind\":\"checkmate\"") != std::string::npos;
  }
  std::uintmax_t bytes = 0;
  for (const std::string& p : paths) bytes += std::filesystem::file_size(p);
  std::size_t plies = 0;
  if (const auto at = summary.find("\"plies\":"); at != std::string::npos)
    plies = std::stoull(summary.substr(at + 8));

  fmt::print(
      "arbiter audit --json vs pgn-extract draw filters: {} files, {:.1f} MB, {} games, {} plies, "
      "{} runs\n",
      paths.size(), double(bytes) / 1e6, games, plies, runs);
  fmt::print("  arbiter audit --json          {:7.3f} s  {:9.0f} games/s  {:6.2f} M plies/s\n",
             median(a_times), double(games) / median(a_times),
             double(plies) / median(a_times) / 1e6);
  if (have_pe) {
    fmt::print("  pgn-extract, 4 filter runs    {:7.3f} s  {:9.0f} games/s  {:6.2f} M plies/s\n",
               median(p_times), double(games) / median(p_times),
               double(plies) / median(p_times) / 1e6);
    fmt::print("  median ratio (pgn-extract / arbiter): {:.2f}x  (per run:", median(ratios));
    for (double r : ratios) fmt::print(" {:.2f}", r);
    fmt::print(")\n");
    fmt::print("games found         pgn-extract   arbiter audit\n");
    const std::size_t pe[] = {count_lines_starting(tmp + "--repetition.pgn", "[Event "),
                              count_lines_starting(tmp + "--fifty.pgn", "[Event "),
                              count_lines_starting(tmp + "--stalemate.pgn", "[Event "),
                              count_lines_starting(tmp + "--checkmate.pgn", "[Event ")};
    fmt::print("  threefold       {:11}   {:13}  ({} of them only by a written move)\n", pe[0],
               threefold_games, intended_only);
    fmt::print("  fifty moves     {:11}   {:13}\n", pe[1], fifty_games);
    fmt::print("  stalemate       {:11}   {:13}\n", pe[2], stalemate_games);
    fmt::print("  checkmate       {:11}   {:13}\n", pe[3], mate_games);
  } else {
    fmt::print("  pgn-extract not found at {}: arbiter alone\n", pgn_extract);
  }
  fmt::print("arbiter summary: {}\n", summary);
  for (const char* suffix :
       {".jsonl", "--repetition.pgn", "--fifty.pgn", "--stalemate.pgn", "--checkmate.pgn"})
    std::filesystem::remove(tmp + suffix);
  return 0;
}
