// arbiter_perft_bench: arbiter's perft against Stockfish's `go perft`, in the same run.
//
// For each of the six positions of the chessprogramming wiki "Perft Results" page, the
// benchmark alternates an arbiter run and a Stockfish run (A, S, A, S, ...) so that
// machine noise falls on both alike. Both node counts must equal the published count,
// or the benchmark stops with exit code 1. Per position it reports arbiter's and
// Stockfish's median speed (million nodes per second) and the median of the per-pair
// ratios arbiter/Stockfish; then the lowest of those ratios over all positions.
//
// Timing:
//   arbiter    steady_clock around the call to arbiter::perft(pos, depth).
//   Stockfish  one engine process for the whole run (started once, `uci`, Threads 1,
//              `isready`); each run is `position fen ...` + `isready`, then the clock
//              starts just before `go perft N` is written and stops once the
//              "Nodes searched: N" line has been read. Engine startup is never timed.
//
// Usage: arbiter_perft_bench [--quick] [--runs N] [--stockfish PATH] [--no-stockfish]
//   --quick         one ply less in every position (about 20-40x less work)
//   --runs N        timed runs per position and engine (default 5)
//   --stockfish P   the engine (default: $STOCKFISH, else /usr/games/stockfish)
//   --no-stockfish  time arbiter alone
// If the engine cannot be started the benchmark says so and times arbiter alone (exit 0).

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>

namespace {

using Clock = std::chrono::steady_clock;

struct BenchPosition {
  const char* name;
  const char* fen;
  int depth;               // full depth; --quick uses depth - 1
  std::uint64_t nodes[8];  // nodes[d] = perft(d) for the depths that can be asked for (0: unused)
};

// https://www.chessprogramming.org/Perft_Results
const BenchPosition positions[] = {
    {"startpos",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     6,
     {0, 20, 400, 8902, 197281, 4865609, 119060324, 0}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     5,
     {0, 48, 2039, 97862, 4085603, 193690690, 0, 0}},
    {"position 3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     7,
     {0, 14, 191, 2812, 43238, 674624, 11030083, 178633661}},
    {"position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     5,
     {0, 6, 264, 9467, 422333, 15833292, 0, 0}},
    {"position 5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     5,
     {0, 44, 1486, 62379, 2103487, 89941194, 0, 0}},
    {"position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     5,
     {0, 46, 2079, 89890, 3894594, 164075551, 0, 0}},
};

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---------------------------------------------------------------------------------------
// A UCI engine behind two pipes.
// ---------------------------------------------------------------------------------------
class Engine {
 public:
  Engine() = default;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine() { stop(); }

  /// Starts the engine and completes the UCI handshake; on failure returns false with
  /// the reason in `error`.
  bool start(const std::string& path, std::string& error) {
    if (::access(path.c_str(), X_OK) != 0) {
      error = fmt::format("{}: {}", path, std::strerror(errno));
      return false;
    }
    int to_engine[2], from_engine[2], exec_status[2];
    if (::pipe(to_engine) != 0 || ::pipe(from_engine) != 0 || ::pipe(exec_status) != 0) {
      error = fmt::format("pipe: {}", std::strerror(errno));
      return false;
    }
    ::fcntl(exec_status[1], F_SETFD, FD_CLOEXEC);  // closed by a successful exec
    pid_ = ::fork();
    if (pid_ < 0) {
      error = fmt::format("fork: {}", std::strerror(errno));
      return false;
    }
    if (pid_ == 0) {
      ::dup2(to_engine[0], STDIN_FILENO);
      ::dup2(from_engine[1], STDOUT_FILENO);
      ::close(to_engine[0]);
      ::close(to_engine[1]);
      ::close(from_engine[0]);
      ::close(from_engine[1]);
      ::close(exec_status[0]);
      ::execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      const int e = errno;
      [[maybe_unused]] ssize_t w = ::write(exec_status[1], &e, sizeof e);
      ::_exit(127);
    }
    ::close(to_engine[0]);
    ::close(from_engine[1]);
    ::close(exec_status[1]);
    out_ = to_engine[1];
    in_ = from_engine[0];
    int exec_errno = 0;
    ssize_t n;
    do n = ::read(exec_status[0], &exec_errno, sizeof exec_errno);
    while (n < 0 && errno == EINTR);
    ::close(exec_status[0]);
    if (n > 0) {
      error = fmt::format("exec {}: {}", path, std::strerror(exec_errno));
      stop();
      return false;
    }

    std::string line;
    if (!send("uci") || !wait_for("uciok", line)) {
      error = fmt::format("{} did not answer 'uci' with 'uciok'", path);
      stop();
      return false;
    }
    if (!send("setoption name Threads value 1") || !sync()) {
      error = fmt::format("{} did not answer 'isready' with 'readyok'", path);
      stop();
      return false;
    }
    // Stockfish describes its build on `compiler` (other engines ignore it or complain;
    // `isready` then resynchronises either way).
    if (send("compiler") && send("isready")) {
      static constexpr std::string_view settings = "Compilation settings include:";
      while (read_line(line, answer_timeout_ms) && line != "readyok") {
        if (line.compare(0, settings.size(), settings) == 0) {
          build_ = line.substr(settings.size());
          build_.erase(0, build_.find_first_not_of(' '));
        }
      }
    }
    return true;
  }

  const std::string& id_name() const { return id_name_; }
  /// Stockfish's "Compilation settings include:" line, e.g. "64bit SSE2" (empty if unknown).
  const std::string& build() const { return build_; }

  /// Sets up the position, then times `go perft depth` from the write of the command to
  /// the read of "Nodes searched: N". Returns the count and the time, or nothing if the
  /// engine stopped answering.
  std::optional<std::pair<std::uint64_t, double>> perft(const std::string& fen, int depth) {
    if (!send("position fen " + fen) || !sync()) return std::nullopt;
    const std::string go = fmt::format("go perft {}\n", depth);
    std::string line;
    const Clock::time_point start = Clock::now();
    if (!write_all(go)) return std::nullopt;
    static constexpr std::string_view prefix = "Nodes searched: ";
    while (read_line(line)) {
      if (line.compare(0, prefix.size(), prefix) == 0) {
        const double seconds = seconds_since(start);
        return std::make_pair(
            std::uint64_t(std::strtoull(line.c_str() + prefix.size(), nullptr, 10)), seconds);
      }
    }
    return std::nullopt;
  }

  void stop() {
    if (out_ >= 0) {
      write_all("quit\n");
      ::close(out_);
      out_ = -1;
    }
    if (in_ >= 0) {
      ::close(in_);
      in_ = -1;
    }
    if (pid_ > 0) {
      // Give the engine two seconds to quit, then kill it.
      int status;
      bool reaped = false;
      for (int i = 0; i < 200 && !reaped; ++i) {
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        reaped = r == pid_ || (r < 0 && errno != EINTR);
        if (!reaped) ::usleep(10000);
      }
      if (!reaped) {
        ::kill(pid_, SIGKILL);
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
      }
      pid_ = -1;
    }
    buffer_.clear();
  }

 private:
  bool write_all(std::string_view s) {
    while (!s.empty()) {
      const ssize_t n = ::write(out_, s.data(), s.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      s.remove_prefix(std::size_t(n));
    }
    return true;
  }
  bool send(const std::string& command) { return write_all(command + "\n"); }

  /// Reads one line; false at end of output, on error, or if the engine has been silent
  /// for `timeout_ms` (negative: wait as long as it takes, as during `go perft`).
  bool read_line(std::string& line, int timeout_ms = -1) {
    for (;;) {
      if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
        line.assign(buffer_, 0, nl);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        buffer_.erase(0, nl + 1);
        return true;
      }
      if (timeout_ms >= 0) {
        pollfd p{in_, POLLIN, 0};
        const int ready = ::poll(&p, 1, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return false;
      }
      char chunk[4096];
      const ssize_t n = ::read(in_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      buffer_.append(chunk, std::size_t(n));
    }
  }
  // Commands other than `go perft` are answered at once; a silent engine is a wrong one.
  static constexpr int answer_timeout_ms = 10000;

  bool wait_for(std::string_view token, std::string& line) {
    while (read_line(line, answer_timeout_ms)) {
      if (line.rfind("id name ", 0) == 0) id_name_ = line.substr(8);
      if (line == token) return true;
    }
    return false;
  }
  bool sync() {
    std::string line;
    return send("isready") && wait_for("readyok", line);
  }

  pid_t pid_ = -1;
  int out_ = -1;
  int in_ = -1;
  std::string buffer_;
  std::string id_name_;
  std::string build_;
};

// ---------------------------------------------------------------------------------------

std::string isa_extensions() {
  std::string s;
  auto add = [&](const char* name, bool on) {
    s += fmt::format("{}{}={}", s.empty() ? "" : " ", name, on ? "on" : "off");
  };
#ifdef __POPCNT__
  add("POPCNT", true);
#else
  add("POPCNT", false);
#endif
#ifdef __BMI2__
  add("BMI2", true);
#else
  add("BMI2", false);
#endif
#ifdef __AVX2__
  add("AVX2", true);
#else
  add("AVX2", false);
#endif
#ifdef ARBITER_USE_PEXT
  s += " (sliders: PEXT)";
#else
  s += " (sliders: magic multiply)";
#endif
  return s;
}

std::string compiler() {
#if defined(__clang__)
  return fmt::format("clang {}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  return fmt::format("gcc {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  return "unknown compiler";
#endif
}

[[noreturn]] void usage(const char* argv0, int code) {
  std::FILE* out = code == 0 ? stdout : stderr;
  fmt::print(
      out,
      "usage: {} [--quick] [--runs N] [--stockfish PATH] [--no-stockfish]\n"
      "  --quick         one ply less in every position\n"
      "  --runs N        timed runs per position and engine (default 5)\n"
      "  --stockfish P   the Stockfish binary (default: $STOCKFISH, else /usr/games/stockfish)\n"
      "  --no-stockfish  time arbiter alone\n",
      argv0);
  std::exit(code);
}

struct Row {
  const BenchPosition* position;
  int depth;
  std::uint64_t nodes;
  double arbiter_mnps;
  double stockfish_mnps;  // 0 without Stockfish
  double ratio;           // median over run pairs of arbiter/Stockfish; 0 without Stockfish
  double ratio_min, ratio_max;
};

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, use_stockfish = true;
  int runs = 5;
  std::string stockfish_path = "/usr/games/stockfish";
  if (const char* env = std::getenv("STOCKFISH"); env && *env) stockfish_path = env;

  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--quick") {
      quick = true;
    } else if (arg == "--runs" && i + 1 < argc) {
      char* end = nullptr;
      const long n = std::strtol(argv[++i], &end, 10);
      if (*end != '\0' || n < 1 || n > 1000) {
        fmt::print(stderr, "--runs: expected a number from 1 to 1000, not '{}'\n", argv[i]);
        return 2;
      }
      runs = int(n);
    } else if (arg == "--stockfish" && i + 1 < argc) {
      stockfish_path = argv[++i];
    } else if (arg == "--no-stockfish") {
      use_stockfish = false;
    } else if (arg == "--help" || arg == "-h") {
      usage(argv[0], 0);
    } else {
      fmt::print(stderr, "unknown or incomplete argument '{}'\n", arg);
      usage(argv[0], 2);
    }
  }
  std::signal(SIGPIPE, SIG_IGN);  // a dead engine shows up as a failed write, not a signal

  fmt::print("arbiter {}.{}.{} perft benchmark ({}, {} run{} per position{})\n",
             ARBITER_VERSION_MAJOR, ARBITER_VERSION_MINOR, ARBITER_VERSION_PATCH, compiler(), runs,
             runs == 1 ? "" : "s", quick ? ", --quick" : "");
#ifdef NDEBUG
  const char* assertions = "off (NDEBUG)";
#else
  const char* assertions = "ON (no NDEBUG: timings are not representative)";
#endif
#if defined(__BMI2__) && defined(__AVX2__) && defined(__POPCNT__)
  const char* native = "looks like -march=native (or another x86-64-v3+ target)";
#elif defined(__POPCNT__)
  const char* native = "some extensions beyond baseline x86-64 are on";
#else
  const char* native =
      "no (baseline x86-64 target; configure with -DARBITER_NATIVE=ON for -march=native)";
#endif
  fmt::print("build: {}; -march=native: {}\n", isa_extensions(), native);
  fmt::print("assertions: {}\n", assertions);

  Engine engine;
  bool have_stockfish = false;
  if (use_stockfish) {
    std::string error;
    have_stockfish = engine.start(stockfish_path, error);
    if (have_stockfish) {
      fmt::print("stockfish: {} ({}), Threads 1, built for: {}\n",
                 engine.id_name().empty() ? "?" : engine.id_name(), stockfish_path,
                 engine.build().empty() ? "?" : engine.build());
    } else {
      fmt::print(
          "stockfish: not available ({}); timing arbiter alone.\n"
          "           Set $STOCKFISH or pass --stockfish PATH to compare.\n",
          error);
    }
  } else {
    fmt::print("stockfish: disabled (--no-stockfish); timing arbiter alone\n");
  }
  fmt::print("\n");
  std::fflush(stdout);

  // Warm-up, not timed: caches, branch predictors and clock speed settle for both.
  {
    const BenchPosition& bp = positions[0];
    const auto parsed = arbiter::parse_fen(bp.fen);
    if (parsed && arbiter::perft(parsed->position, 4) != bp.nodes[4]) {
      fmt::print(stderr, "error: arbiter perft(4) of the start position is wrong\n");
      return 1;
    }
    if (have_stockfish && !engine.perft(bp.fen, 4)) {
      fmt::print(stderr, "error: stockfish stopped answering during the warm-up\n");
      return 1;
    }
  }

  std::vector<Row> rows;
  for (const BenchPosition& bp : positions) {
    const int depth = quick ? bp.depth - 1 : bp.depth;
    const std::uint64_t expected = bp.nodes[depth];
    const auto parsed = arbiter::parse_fen(bp.fen);
    if (!parsed) {
      fmt::print(stderr, "error: arbiter rejects the FEN of {} ({}): {}\n", bp.name, bp.fen,
                 parsed.error().message());
      return 1;
    }
    fmt::print("{:<11} depth {}  {:>11} nodes  ", bp.name, depth, expected);
    std::fflush(stdout);

    std::vector<double> a_mnps, s_mnps, ratios;
    for (int run = 0; run < runs; ++run) {
      const Clock::time_point start = Clock::now();
      const std::uint64_t nodes = arbiter::perft(parsed->position, depth);
      const double a_seconds = seconds_since(start);
      if (nodes != expected) {
        fmt::print("\nerror: arbiter perft({}) of {} = {}, expected {}\n", depth, bp.name, nodes,
                   expected);
        return 1;
      }
      a_mnps.push_back(double(nodes) / a_seconds / 1e6);
      fmt::print("A");
      std::fflush(stdout);

      if (have_stockfish) {
        const auto result = engine.perft(bp.fen, depth);
        if (!result) {
          fmt::print("\nerror: stockfish stopped answering during 'go perft {}' on {}\n", depth,
                     bp.name);
          return 1;
        }
        if (result->first != expected) {
          fmt::print("\nerror: stockfish perft({}) of {} = {}, expected {}\n", depth, bp.name,
                     result->first, expected);
          return 1;
        }
        s_mnps.push_back(double(result->first) / result->second / 1e6);
        ratios.push_back(a_mnps.back() / s_mnps.back());
        fmt::print("S");
        std::fflush(stdout);
      }
    }
    fmt::print("  ok\n");
    Row row{&bp, depth, expected, median(a_mnps), 0.0, 0.0, 0.0, 0.0};
    if (have_stockfish) {
      row.stockfish_mnps = median(s_mnps);
      row.ratio = median(ratios);
      row.ratio_min = *std::min_element(ratios.begin(), ratios.end());
      row.ratio_max = *std::max_element(ratios.begin(), ratios.end());
    }
    rows.push_back(row);
  }

  fmt::print("\n");
  if (have_stockfish) {
    fmt::print("{:<11} {:>5} {:>11} {:>12} {:>14} {:>15} {:>13}\n", "position", "depth", "nodes",
               "arbiter Mnps", "stockfish Mnps", "ratio (median)", "ratio min-max");
    fmt::print("{:-<11} {:->5} {:->11} {:->12} {:->14} {:->15} {:->13}\n", "", "", "", "", "", "",
               "");
    const Row* worst = &rows.front();
    for (const Row& r : rows) {
      fmt::print("{:<11} {:>5} {:>11} {:>12.1f} {:>14.1f} {:>15.3f} {:>13}\n", r.position->name,
                 r.depth, r.nodes, r.arbiter_mnps, r.stockfish_mnps, r.ratio,
                 fmt::format("{:.3f}-{:.3f}", r.ratio_min, r.ratio_max));
      if (r.ratio < worst->ratio) worst = &r;
    }
    fmt::print("\nminimum ratio arbiter/stockfish over positions: {:.3f} ({})\n", worst->ratio,
               worst->position->name);
  } else {
    fmt::print("{:<11} {:>5} {:>11} {:>12}\n", "position", "depth", "nodes", "arbiter Mnps");
    fmt::print("{:-<11} {:->5} {:->11} {:->12}\n", "", "", "", "");
    for (const Row& r : rows)
      fmt::print("{:<11} {:>5} {:>11} {:>12.1f}\n", r.position->name, r.depth, r.nodes,
                 r.arbiter_mnps);
  }
  return 0;
}
