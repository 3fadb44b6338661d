// Benchmark for the helpmate analysis behind `arbiter dead` (issue 10): chasolver's test
// sets (tests/data/unwinnable: lichess.txt, 65,536 Lichess time-forfeit positions, and
// positions.txt, 3,414 community positions), both colours of every position, in the quick
// and the full mode, each with its default node budget: positions per second and the time
// per position (both colours; median, p99, max), and the questions left undecided.
//
// Side by side in the same run, alternating with it, CHA 2.6.1 (the Chess Unwinnability
// Analyzer, GPL-3.0, github.com/miguel-ambrona/D3-Chess, built from its public source
// outside this repository) when the environment variable ARBITER_CHA names its binary;
// without it the comparison is skipped and the benchmark says so. CHA reads one question a
// line ("FEN white" / "FEN black") and reports each one's time in microseconds (full mode)
// or only a summary (quick mode, which prints the unwinnable questions alone); both sides'
// times are the analysis alone, without reading or process start-up. CHA's node budget is
// its default (-limit 500000, the same number as arbiter's full budget; its nodes are
// counted differently).
//
//   arbiter_dead_bench [--runs N] [--every K] [--full-only | --quick-only] [SET...]
//
// SET: lichess.txt, positions.txt (default both) or a path to a file in the same format
// (a label, a blank, a FEN). --every K: every K-th position only (default 1).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <unistd.h>

#include <arbiter/notation/fen.hpp>
#include <arbiter/unwinnable.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct Question {
  std::string fen;
  arbiter::Position position;
};

std::vector<Question> read_set(const std::string& path, std::size_t every) {
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "cannot read {}\n", path);
    std::exit(2);
  }
  std::vector<Question> out;
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 4 || line[0] == '#') continue;
    if (n++ % every != 0) continue;
    arbiter::FenOptions options;
    options.lenient = true;  // the sets write four fields
    const auto fen = arbiter::parse_fen(line.substr(3), options);
    if (!fen) continue;  // a few community positions have impossible material
    out.push_back({line.substr(3), fen->position});
  }
  return out;
}

// Per-position seconds: median, p99, max.
struct Spread {
  double total = 0, median = 0, p99 = 0, max = 0;
};

Spread spread(std::vector<double> v) {
  Spread s;
  if (v.empty()) return s;
  for (double x : v) s.total += x;
  std::sort(v.begin(), v.end());
  s.median = v[v.size() / 2];
  s.p99 = v[std::min(v.size() - 1, v.size() * 99 / 100)];
  s.max = v.back();
  return s;
}

struct Run {
  Spread time;                // per position, both colours
  std::size_t undecided = 0;  // questions
  bool per_position = true;   // CHA's quick mode reports totals only
};

Run run_arbiter(const std::vector<Question>& set, arbiter::WinMode mode) {
  auto workspace = std::make_unique<arbiter::WinWorkspace>(mode == arbiter::WinMode::Quick
                                                               ? arbiter::WinWorkspace::for_quick()
                                                               : arbiter::WinWorkspace::for_full());
  auto answer = std::make_unique<arbiter::WinAnswer>();
  const std::uint64_t budget =
      mode == arbiter::WinMode::Quick ? arbiter::quick_node_budget : arbiter::full_node_budget;
  std::vector<double> times;
  times.reserve(set.size());
  Run r;
  for (const Question& q : set) {
    const auto start = Clock::now();
    std::size_t undecided = 0;
    for (arbiter::Color side : {arbiter::Color::White, arbiter::Color::Black}) {
      arbiter::analyze_win(q.position, side, mode, budget, *workspace, *answer);
      undecided += answer->unknown();
    }
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    r.undecided += undecided;
  }
  r.time = spread(std::move(times));
  return r;
}

// CHA on the same questions: one line per question, white then black.
Run run_cha(const std::string& cha, const std::vector<Question>& set, bool quick,
            const std::string& tmp) {
  {
    std::ofstream in(tmp + ".in");
    for (const Question& q : set) in << q.fen << " white\n" << q.fen << " black\n";
  }
  const std::string command =
      cha + (quick ? " -quick" : "") + " < " + tmp + ".in > " + tmp + ".out 2>/dev/null";
  Run r;
  if (std::system(command.c_str()) != 0) {
    fmt::print(stderr, "CHA failed: {}\n", command);
    return r;
  }
  std::ifstream out(tmp + ".out");
  std::vector<double> question_times;
  double summary_ms = 0, summary_max_us = 0;
  for (std::string line; std::getline(out, line);) {
    if (line.rfind("Analyzed ", 0) == 0) {
      // "Analyzed N positions in X ms (avg: A us; std: S us; max: M us)"
      const auto in_at = line.find(" in "), max_at = line.find("max: ");
      if (in_at != std::string::npos) summary_ms = std::atof(line.c_str() + in_at + 4);
      if (max_at != std::string::npos) summary_max_us = std::atof(line.c_str() + max_at + 5);
      continue;
    }
    const auto time_at = line.find(" time ");
    if (time_at == std::string::npos) continue;
    r.undecided += line.rfind("undetermined", 0) == 0;
    question_times.push_back(std::atof(line.c_str() + time_at + 6) / 1e6);
  }
  if (!quick && question_times.size() == 2 * set.size()) {
    std::vector<double> times;
    for (std::size_t i = 0; i + 1 < question_times.size(); i += 2)
      times.push_back(question_times[i] + question_times[i + 1]);
    r.time = spread(std::move(times));
  } else {
    // Totals only: the time of all questions, and the slowest question.
    r.per_position = false;
    r.time.total = summary_ms / 1e3;
    r.time.max = summary_max_us / 1e6;
  }
  return r;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void print_row(const char* who, const char* mode, const Run& r, std::size_t positions) {
  if (r.per_position)
    fmt::print(
        "  {:8} {:5} {:10.0f} pos/s  median {:9.1f} us  p99 {:10.1f} us  max {:10.1f} us  "
        "undecided {}\n",
        who, mode, double(positions) / r.time.total, r.time.median * 1e6, r.time.p99 * 1e6,
        r.time.max * 1e6, r.undecided);
  else
    fmt::print(
        "  {:8} {:5} {:10.0f} pos/s  (CHA prints totals only in this mode; slowest question "
        "{:.1f} us)\n",
        who, mode, double(positions) / r.time.total, r.time.max * 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 3;
  std::size_t every = 1;
  bool quick = true, full = true;
  std::vector<std::string> sets;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--every" && i + 1 < argc)
      every = std::size_t(std::max(1, std::atoi(argv[++i])));
    else if (a == "--full-only")
      quick = false;
    else if (a == "--quick-only")
      full = false;
    else
      sets.push_back(a);
  }
  if (sets.empty()) sets = {"lichess.txt", "positions.txt"};
  const char* cha_env = std::getenv("ARBITER_CHA");
  const std::string cha = cha_env ? cha_env : "";
  const bool have_cha = !cha.empty() && ::access(cha.c_str(), X_OK) == 0;
  if (!have_cha)
    fmt::print("ARBITER_CHA {}: the comparison with CHA 2.6.1 is skipped\n",
               cha.empty() ? "is not set" : "names no executable (" + cha + ")");
  const std::string tmp =
      std::filesystem::temp_directory_path() / ("arbiter_dead_bench_" + std::to_string(::getpid()));

  for (const std::string& name : sets) {
    const std::string path = std::filesystem::exists(name)
                                 ? name
                                 : std::string(ARBITER_TEST_DATA_DIR) + "/unwinnable/" + name;
    const std::vector<Question> set = read_set(path, every);
    fmt::print("{}: {} positions (every {}), {} questions, {} runs\n", name, set.size(), every,
               2 * set.size(), runs);
    for (const bool is_quick : {true, false}) {
      if (is_quick ? !quick : !full) continue;
      const char* mode = is_quick ? "quick" : "full";
      std::vector<Run> ours, theirs;
      std::vector<double> ratios;
      for (int r = 0; r < runs; ++r) {  // alternating, so both meet the same load
        ours.push_back(
            run_arbiter(set, is_quick ? arbiter::WinMode::Quick : arbiter::WinMode::Full));
        if (have_cha) {
          theirs.push_back(run_cha(cha, set, is_quick, tmp));
          ratios.push_back(theirs.back().time.total / ours.back().time.total);
        }
      }
      // The run of median total time, for each side.
      auto median_run = [](std::vector<Run> v) {
        std::sort(v.begin(), v.end(),
                  [](const Run& a, const Run& b) { return a.time.total < b.time.total; });
        return v[v.size() / 2];
      };
      print_row("arbiter", mode, median_run(ours), set.size());
      if (have_cha) {
        print_row("CHA", mode, median_run(theirs), set.size());
        fmt::print("  throughput ratio arbiter / CHA: median {:.2f}x (per run:", median(ratios));
        for (double x : ratios) fmt::print(" {:.2f}", x);
        fmt::print(")\n");
      }
    }
  }
  std::filesystem::remove(tmp + ".in");
  std::filesystem::remove(tmp + ".out");
  return 0;
}
