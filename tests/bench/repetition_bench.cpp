// Benchmark for the repetition tracker and the incremental FIDE key (issue 3).
//
// 1. Cost per ply of push + count, RepetitionTracker against a naive scan of the whole
//    history (what a library without bookkeeping does at every ply), for games of 100,
//    1,000 and 10,000 plies; and memory per ply.
// 2. Cost of playing a move with the incremental FIDE key against playing it alone.
//
// Every figure is the median of several runs, the two sides alternating within a run
// so that machine noise hits both; ratios are taken per run, then the median.

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>

namespace {

using Clock = std::chrono::steady_clock;

// Keeps the compiler from dropping work whose result is otherwise unused.
template <class T>
void escape(T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F>
double seconds(F&& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A game of `plies` keys shaped like real play: an irreversible move (pawn move,
// capture) every 1-30 plies, so the window between them is short, as the 75-move rule
// makes it in any real game; within a window, one ply in eight returns to the position
// of four plies before (a repetition).
struct Game {
  std::vector<std::uint64_t> keys;
  std::vector<bool> irreversible;
};

Game realistic_game(std::size_t plies, std::uint32_t seed, bool never_irreversible = false) {
  std::mt19937_64 rng(seed);
  Game g;
  std::size_t next_irreversible = 0;
  for (std::size_t i = 0; i < plies; ++i) {
    bool irr = i == 0 || (!never_irreversible && i == next_irreversible);
    if (irr) next_irreversible = i + 1 + rng() % 30;
    std::uint64_t key = rng();
    if (!irr && i >= 4 && rng() % 8 == 0 && !g.irreversible[i - 3] && !g.irreversible[i - 2] &&
        !g.irreversible[i - 1])
      key = g.keys[i - 4];
    g.keys.push_back(key);
    g.irreversible.push_back(irr);
  }
  return g;
}

// The naive way: keep every key, and count the current one by scanning all of them.
std::uint64_t naive_game(const Game& g) {
  std::vector<std::uint64_t> history;
  history.reserve(g.keys.size());
  std::uint64_t sum = 0;
  for (std::uint64_t k : g.keys) {
    history.push_back(k);
    unsigned count = 0;
    for (std::uint64_t h : history) count += h == k;
    sum += count;
  }
  return sum;
}

std::uint64_t tracker_game(const Game& g, arbiter::RepetitionTracker<std::uint64_t>& t) {
  t.clear();
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < g.keys.size(); ++i) {
    if (!t.push(g.keys[i], g.irreversible[i])) return 0;  // reserved: cannot fail
    sum += t.count();
  }
  return sum;
}

void tracker_benchmark(int runs) {
  fmt::print("Repetition: push + count per ply (ns), median of {} runs\n", runs);
  fmt::print("{:>8} {:>12} {:>12} {:>10}   {}\n", "plies", "tracker", "naive scan", "speedup",
             "games");
  for (bool never : {false, true}) {
    if (never)
      fmt::print("worst case: no irreversible move at all (one window of the whole game)\n");
    for (std::size_t plies : {100u, 1000u, 10000u}) {
      const std::size_t games = std::max<std::size_t>(1, 200000 / plies);
      std::vector<Game> set;
      for (std::size_t i = 0; i < games; ++i)
        set.push_back(realistic_game(plies, std::uint32_t(i + 1), never));
      arbiter::RepetitionTracker<std::uint64_t> t;
      if (!t.reserve(plies)) return;
      std::vector<double> ours, naive, ratio;
      std::uint64_t a = 0, b = 0;
      for (int r = 0; r < runs; ++r) {
        const double s1 = seconds([&] {
          for (const Game& g : set) a += tracker_game(g, t);
        });
        // The naive scan is quadratic: time a slice of the games for the long ones.
        const std::size_t slice = plies >= 10000 ? std::max<std::size_t>(1, games / 5) : games;
        const double s2 = seconds([&] {
          for (std::size_t i = 0; i < slice; ++i) b += naive_game(set[i]);
        });
        const double ns1 = s1 * 1e9 / double(games * plies), ns2 = s2 * 1e9 / double(slice * plies);
        ours.push_back(ns1);
        naive.push_back(ns2);
        ratio.push_back(ns2 / ns1);
      }
      fmt::print("{:>8} {:>12.2f} {:>12.2f} {:>9.1f}x   {}{}\n", plies, median(ours), median(naive),
                 median(ratio), games, a == 0 || b == 0 ? " (!)" : "");
    }
  }
  // Memory per ply, measured with the allocator.
  const std::size_t plies = 100000;
  auto heap = [] {
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;  // small blocks + mmapped blocks
  };
  const auto before = heap();
  arbiter::RepetitionTracker<std::uint64_t> t;
  if (!t.reserve(plies)) return;
  const auto after = heap();
  fmt::print(
      "memory: {:.2f} bytes per ply (heap, {} plies reserved) + {} bytes fixed (the tracker "
      "object)\n\n",
      double(after - before) / double(plies), plies, sizeof(t));
}

void key_benchmark(int runs) {
  // Positions and moves from random games, played again and again.
  std::vector<std::pair<arbiter::Position, arbiter::Move>> work;
  std::mt19937 rng(7);
  for (int g = 0; g < 400; ++g) {
    arbiter::Position pos = arbiter::Position::startpos();
    for (int ply = 0; ply < 120; ++ply) {
      const arbiter::MoveList moves = arbiter::legal_moves(pos);
      if (moves.empty()) break;
      const arbiter::Move m = moves[rng() % moves.size()];
      work.emplace_back(pos, m);
      pos.play_in_place(m);
    }
  }
  using arbiter::Position;
  std::vector<double> with_key, without, ratio;
  std::uint64_t sink = 0;
  const int repeat = 40;
  for (int r = 0; r < runs; ++r) {
    const double s1 = seconds([&] {
      for (int i = 0; i < repeat; ++i)
        for (auto& [pos, m] : work) {
          Position p = pos;
          p.play_in_place<Position::KeyUpdate::Incremental>(m);
          escape(p);
          sink += p.key().value();
        }
    });
    const double s2 = seconds([&] {
      for (int i = 0; i < repeat; ++i)
        for (auto& [pos, m] : work) {
          Position p = pos;
          p.play_in_place<Position::KeyUpdate::Skip>(m);
          escape(p);
          sink += std::uint64_t(p.halfmove_clock());
        }
    });
    const double n = double(work.size()) * repeat;
    with_key.push_back(s1 * 1e9 / n);
    without.push_back(s2 * 1e9 / n);
    ratio.push_back(s1 / s2);
  }
  fmt::print(
      "Move + key: copy and play one move (ns), median of {} runs, {} moves from random games\n",
      runs, work.size());
  fmt::print(
      "  with the incremental FIDE key: {:.2f} ns\n  without a key:                 {:.2f} ns\n",
      median(with_key), median(without));
  fmt::print("  the key costs {:+.1f}% of a move{}\n", (median(ratio) - 1) * 100,
             sink == 0 ? " (!)" : "");
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 7;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
  tracker_benchmark(runs);
  key_benchmark(runs);
}
