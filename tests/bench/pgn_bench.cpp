// arbiter_pgn_bench: reading and replaying the real-games corpus with arbiter's PGN reader,
// against pgn-extract reading and re-emitting the same files, in the same run.
//
// Each run times, in turn (A, B, P, A, B, P, ...):
//   A  arbiter parse + replay: PgnReader on each file (FILE*, 64 KiB chunks) with a
//      visitor that keeps nothing: every move resolved (SAN) and played, keys included;
//   B  arbiter read + write: the same, building a PgnGame per game and writing it back in
//      export format into a string (the work pgn-extract does below);
//   P  pgn-extract -s -o /dev/null FILES (fork, exec, wait; its diagnostics to /dev/null).
// Per run pair it prints the ratios P/A and P/B (how many times faster arbiter is); then
// the medians of the times and of the ratios. Games and plies are arbiter's counts of
// the games read and the main-line plies they hold.
//
// Usage: arbiter_pgn_bench [--runs N] [--pgn-extract PATH] [--no-pgn-extract] [PATH...]
//   PATH             .pgn files or folders of them (default: the corpus, ARBITER_SHARED_DIR
//                    /data/pgn, else ../shared/data/pgn beside the repository)
//   --runs N         timed runs of each (default 5)
//   --pgn-extract P  the program (default /usr/games/pgn-extract); flags checked with -h
//   --no-pgn-extract time arbiter alone
// Exit status 0, or 2 for bad usage or no input.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/core.h>

#include <arbiter/notation/pgn.hpp>

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string default_corpus() {
#ifdef ARBITER_SHARED_DIR
  return std::string(ARBITER_SHARED_DIR) + "/data/pgn";
#else
  // tests/bench/pgn_bench.cpp -> <repository>/../shared/data/pgn
  const std::filesystem::path here(__FILE__);
  return (here.parent_path().parent_path().parent_path().parent_path() / "shared" / "data" / "pgn")
      .string();
#endif
}

struct Count {
  std::uint64_t games = 0, bad = 0, plies = 0, bytes = 0;
};

// A: parse and replay, nothing kept.
Count arbiter_read(const std::vector<std::string>& files) {
  Count c;
  arbiter::PgnVisitor nothing;
  for (const std::string& path : files) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) continue;
    arbiter::PgnReader reader = arbiter::PgnReader::from_file(f);
    while (!arbiter::is_end(reader.next(nothing))) {
    }
    std::fclose(f);
    c.games += reader.games() - reader.bad_games();
    c.bad += reader.bad_games();
    c.plies += reader.plies();
  }
  return c;
}

// B: read into PgnGame records and write each back in export format.
Count arbiter_read_write(const std::vector<std::string>& files) {
  Count c;
  arbiter::PgnGame game;
  std::string out;
  for (const std::string& path : files) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) continue;
    arbiter::PgnReader reader = arbiter::PgnReader::from_file(f);
    for (auto s = reader.next(game); !arbiter::is_end(s); s = reader.next(game)) {
      if (!s) continue;
      out.clear();
      if (!arbiter::write_pgn(game, out)) ++c.bad;  // cannot happen: the reader played every move
      c.bytes += out.size();
    }
    std::fclose(f);
    c.games += reader.games() - reader.bad_games();
    c.bad += reader.bad_games();
    c.plies += reader.plies();
  }
  return c;
}

// Runs `argv` with standard output and error on /dev/null; returns its exit status, or
// -1 if it could not be started (with `error` set).
int run(const std::vector<std::string>& argv, std::string& error) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int exec_status[2];
  if (::pipe(exec_status) != 0) {
    error = fmt::format("pipe: {}", std::strerror(errno));
    return -1;
  }
  ::fcntl(exec_status[1], F_SETFD, FD_CLOEXEC);  // closed by a successful exec
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = fmt::format("fork: {}", std::strerror(errno));
    return -1;
  }
  if (pid == 0) {
    ::close(exec_status[0]);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, 1);
      ::dup2(null, 2);
    }
    ::execv(args[0], args.data());
    const int e = errno;
    [[maybe_unused]] ssize_t w = ::write(exec_status[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(exec_status[1]);
  int exec_errno = 0;
  ssize_t n;
  do n = ::read(exec_status[0], &exec_errno, sizeof exec_errno);
  while (n < 0 && errno == EINTR);
  ::close(exec_status[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (n > 0) {
    error = fmt::format("exec {}: {}", argv[0], std::strerror(exec_errno));
    return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Whether the installed pgn-extract documents the flags used here.
bool check_pgn_extract(const std::string& path, std::string& version) {
  int out[2];
  if (::pipe(out) != 0) return false;
  const pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) {
    ::dup2(out[1], 1);
    ::dup2(out[1], 2);
    ::close(out[0]);
    ::execl(path.c_str(), path.c_str(), "-h", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  std::string help;
  char buffer[4096];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;)
    help.append(buffer, std::size_t(n));
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::size_t v = help.find("pgn-extract v");
  version = v == std::string::npos ? "unknown version" : help.substr(v, help.find(':', v) - v);
  return help.find("\n-s -- silent mode") != std::string::npos &&
         help.find("\n-ooutputfile") != std::string::npos;
}

template <class F>
double seconds(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::string pgn_extract = "/usr/games/pgn-extract";
  bool with_pgn_extract = true;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
      if (runs < 1) {
        fmt::print(stderr, "arbiter_pgn_bench: --runs needs a positive number\n");
        return 2;
      }
    } else if (a == "--pgn-extract" && i + 1 < argc) {
      pgn_extract = argv[++i];
    } else if (a == "--no-pgn-extract") {
      with_pgn_extract = false;
    } else if (a.rfind("--", 0) == 0) {
      fmt::print(stderr,
                 "usage: arbiter_pgn_bench [--runs N] [--pgn-extract PATH] [--no-pgn-extract] "
                 "[PATH...]\n");
      return 2;
    } else {
      paths.push_back(a);
    }
  }
  if (paths.empty()) paths.push_back(default_corpus());

  std::vector<std::string> files;
  std::uintmax_t total_bytes = 0;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      std::vector<std::string> in_dir;
      for (const auto& e : std::filesystem::directory_iterator(p, ec))
        if (e.path().extension() == ".pgn") in_dir.push_back(e.path().string());
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (std::filesystem::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      fmt::print(stderr, "arbiter_pgn_bench: {}: no such file or folder\n", p);
      return 2;
    }
  }
  for (const std::string& f : files) {
    std::error_code ec;
    total_bytes += std::filesystem::file_size(f, ec);
  }
  if (files.empty()) {
    fmt::print(stderr, "arbiter_pgn_bench: no .pgn files in {}\n", paths.front());
    return 2;
  }

  std::string version;
  if (with_pgn_extract) {
    if (!check_pgn_extract(pgn_extract, version)) {
      fmt::print(
          "pgn-extract not usable at {} (or its -h does not list -s and -o): timing arbiter "
          "alone\n",
          pgn_extract);
      with_pgn_extract = false;
    }
  }
#ifndef NDEBUG
  fmt::print("note: assertions are on (no NDEBUG); the timings are not representative\n");
#endif
  fmt::print(
      "{} files, {:.1f} MB{}\n", files.size(), double(total_bytes) / 1e6,
      with_pgn_extract ? fmt::format("; {} ({} -s -o /dev/null FILES)", version, pgn_extract) : "");

  std::vector<std::string> command{pgn_extract, "-s", "-o", "/dev/null"};
  command.insert(command.end(), files.begin(), files.end());

  // A warm-up pass of each, untimed: files in the page cache, code paged in.
  Count count = arbiter_read(files);
  std::string error;
  if (with_pgn_extract && run(command, error) < 0) {
    fmt::print("pgn-extract could not be run ({}): timing arbiter alone\n", error);
    with_pgn_extract = false;
  }
  fmt::print("{} games read ({} bad), {} plies\n\n", count.games, count.bad, count.plies);

  std::vector<double> ta, tb, tp, ra, rb;
  fmt::print("{:>4} {:>12} {:>12} {:>12} {:>10} {:>10}\n", "run", "A parse+play", "B read+write",
             "pgn-extract", "P/A", "P/B");
  for (int r = 0; r < runs; ++r) {
    Count a, b;
    ta.push_back(seconds([&] { a = arbiter_read(files); }));
    tb.push_back(seconds([&] { b = arbiter_read_write(files); }));
    if (a.games != count.games || b.games != count.games || a.plies != count.plies) {
      fmt::print(stderr, "arbiter_pgn_bench: the counts changed between runs\n");
      return 1;
    }
    std::string line = fmt::format("{:>4} {:>11.3f}s {:>11.3f}s", r + 1, ta.back(), tb.back());
    if (with_pgn_extract) {
      int status = 0;
      tp.push_back(seconds([&] { status = run(command, error); }));
      if (status < 0) {
        fmt::print(stderr, "arbiter_pgn_bench: pgn-extract: {}\n", error);
        return 1;
      }
      ra.push_back(tp.back() / ta.back());
      rb.push_back(tp.back() / tb.back());
      line += fmt::format(" {:>11.3f}s {:>9.2f}x {:>9.2f}x", tp.back(), ra.back(), rb.back());
    }
    fmt::print("{}\n", line);
  }

  auto rates = [&](double t) {
    return fmt::format("{:.3f} s, {:.0f} games/s, {:.2f} M plies/s, {:.0f} MB/s", t,
                       double(count.games) / t, double(count.plies) / t / 1e6,
                       double(total_bytes) / t / 1e6);
  };
  fmt::print("\nmedian of {} runs\n", runs);
  fmt::print("  A  arbiter parse + replay  {}\n", rates(median(ta)));
  fmt::print("  B  arbiter read + write    {}\n", rates(median(tb)));
  if (with_pgn_extract) {
    fmt::print("  P  pgn-extract             {}\n", rates(median(tp)));
    fmt::print("  median ratio P/A: {:.2f}x (arbiter parse + replay is that many times faster)\n",
               median(ra));
    fmt::print("  median ratio P/B: {:.2f}x (arbiter read + write)\n", median(rb));
  }
  return 0;
}
