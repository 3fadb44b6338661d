// Benchmark for the claims and automatic endings (issue 5): at every ply of every game
// of the real-games corpus, what a GUI asks after each move — the record kept up to date
// (GameRecord::play), available_claims() and automatic_ending() — against the
// brute-force reference of the tests (tests/claims_reference.hpp: the history replayed
// and compared by exact signatures at every ply, as a library without bookkeeping does).
//
// Reports the cost per ply (median of several runs; the games are parsed beforehand and
// not timed), the cost without the record's own upkeep, the ratio to the reference, and
// the cost by game length, to show it stays flat as games grow.
//
//   arbiter_claims_bench [--runs N] [--reference-stride K] [PATH...]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/core.h>

#include <arbiter/arbiter.hpp>

#include "../claims_reference.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Game {
  arbiter::Position start = arbiter::Position::startpos();
  std::vector<arbiter::Move> moves;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

template <class F>
double seconds(F&& f) {
  const auto t = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::vector<Game> load(const std::vector<std::string>& paths) {
  std::vector<Game> games;
  arbiter::PgnOptions options;
  options.comments = false;
  options.variations = false;
  arbiter::PgnGame g;
  for (const std::string& path : paths) {
    std::FILE* in = std::fopen(path.c_str(), "rb");
    if (!in) continue;
    arbiter::PgnReader reader = arbiter::PgnReader::from_file(in, options);
    for (auto st = reader.next(g); !arbiter::is_end(st); st = reader.next(g)) {
      if (!st) continue;
      Game game{g.start, {}};
      for (const arbiter::PgnMove& m : g.main_line.moves) {
        if (!m.move) break;
        game.moves.push_back(m.move);
      }
      games.push_back(std::move(game));
    }
    std::fclose(in);
  }
  return games;
}

// What a GUI runs after each move; `claims` false: only the record's upkeep.
std::uint64_t run(const Game& game, const arbiter::Rules& rules, bool claims,
                  arbiter::GameRecord& record) {
  std::uint64_t sink = 0;
  record.reset(game.start);
  for (arbiter::Move m : game.moves) {
    record.play(m);
    if (claims) {
      const arbiter::AvailableClaims c = arbiter::available_claims(record, {}, rules);
      const arbiter::Termination t = arbiter::automatic_ending(record, record.ply(), rules);
      sink += c.threefold() + 2 * c.fifty() + 4 * unsigned(t);
    }
  }
  return sink;
}

std::uint64_t run_reference(const Game& game) {
  std::uint64_t sink = 0;
  arbiter_reference::Reference ref(game.start);
  for (arbiter::Move m : game.moves) {
    ref.play(m);
    const arbiter_reference::Flags f = ref.flags();
    sink +=
        f.threefold_on_board + f.threefold_intended + f.fifty_on_board + f.fivefold + f.checkmate;
  }
  return sink;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::size_t stride = 50;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--reference-stride" && i + 1 < argc)
      stride = std::size_t(std::max(1, std::atoi(argv[++i])));
    else
      paths.push_back(a);
  }
  if (paths.empty()) {
    std::error_code ec;
    for (const auto& e :
         std::filesystem::directory_iterator(std::string(ARBITER_SHARED_DIR) + "/data/pgn", ec))
      if (e.path().extension() == ".pgn") paths.push_back(e.path().string());
  }
  const std::vector<Game> games = load(paths);
  std::size_t plies = 0;
  for (const Game& g : games) plies += g.moves.size();
  if (games.empty()) {
    fmt::print(stderr, "no games found\n");
    return 1;
  }
  fmt::print("arbiter claims benchmark: {} games, {} plies, {} runs\n", games.size(), plies, runs);

  const arbiter::Rules rules;
  arbiter::GameRecord record;
  record.reserve(2048);
  std::vector<double> full, upkeep, reference, ratio;
  std::uint64_t sink = 0;
  std::size_t ref_plies = 0;
  for (std::size_t i = 0; i < games.size(); i += stride) ref_plies += games[i].moves.size();
  for (int r = 0; r < runs; ++r) {
    const double a = seconds([&] {
      for (const Game& g : games) sink += run(g, rules, true, record);
    });
    const double b = seconds([&] {
      for (const Game& g : games) sink += run(g, rules, false, record);
    });
    const double c = seconds([&] {
      for (std::size_t i = 0; i < games.size(); i += stride) sink += run_reference(games[i]);
    });
    full.push_back(a * 1e9 / double(plies));
    upkeep.push_back(b * 1e9 / double(plies));
    reference.push_back(c * 1e9 / double(ref_plies));
    ratio.push_back((c * 1e9 / double(ref_plies)) / (a * 1e9 / double(plies)));
  }
  fmt::print("per ply (median):\n");
  fmt::print("  record.play + available_claims + automatic_ending  {:8.1f} ns\n", median(full));
  fmt::print("  record.play alone (the record's upkeep)            {:8.1f} ns\n", median(upkeep));
  fmt::print("  available_claims + automatic_ending                {:8.1f} ns\n",
             median(full) - median(upkeep));
  fmt::print("  brute-force reference (every {}th game)            {:8.1f} ns\n", stride,
             median(reference));
  fmt::print("  reference / arbiter                                {:8.1f}x\n", median(ratio));

  // Flat in game length: the cost per ply by the length of the game.
  struct Bucket {
    std::size_t lo, hi;
    std::vector<const Game*> games;
    std::size_t plies = 0;
  } buckets[] = {{0, 80, {}}, {80, 160, {}}, {160, 320, {}}, {320, 100000, {}}};
  for (const Game& g : games)
    for (Bucket& b : buckets)
      if (g.moves.size() >= b.lo && g.moves.size() < b.hi) {
        b.games.push_back(&g);
        b.plies += g.moves.size();
      }
  fmt::print("by game length (claims + automatic checks + upkeep, median of {} runs):\n", runs);
  for (const Bucket& b : buckets) {
    if (b.games.empty()) continue;
    std::vector<double> t;
    for (int r = 0; r < runs; ++r)
      t.push_back(seconds([&] {
                    for (const Game* g : b.games) sink += run(*g, rules, true, record);
                  }) *
                  1e9 / double(b.plies));
    fmt::print("  {:>4}-{:<6} plies: {:6} games, {:8.1f} ns per ply\n", b.lo,
               b.hi == 100000 ? std::string("") : std::to_string(b.hi), b.games.size(), median(t));
  }
  return sink == 42 ? 1 : 0;
}
