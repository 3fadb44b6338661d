#pragma once
// Helpers shared by arbiter's tests: locating data files and reading EPD perft suites.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <arbiter/arbiter.hpp>

#include "catch.hpp"

namespace arbiter_test {

/// The whole file as bytes; the test fails (naming the file) when it cannot be read.
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path.string());
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Writes text to the file as bytes; the test fails (naming the file) when it cannot.
inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  INFO("writing " << path.string());
  REQUIRE(out.good());
  out << text;
  REQUIRE(out.good());
}

inline std::string data_path(const std::string& name) {
  return std::string(ARBITER_TEST_DATA_DIR) + "/" + name;
}

/// The .pgn files of a folder, sorted (none if the folder is absent).
inline std::vector<std::string> pgn_files_in(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

/// The real games committed with the tests (tests/data/corpus, see its README.md): always
/// there, so the corpus checks run on a fresh clone.
inline std::vector<std::string> committed_corpus_files() {
  return pgn_files_in(data_path("corpus"));
}
inline constexpr std::uint64_t committed_corpus_games = 294;

/// Calls on_position(position) for every position of every game of `text` that the PGN
/// reader (with `options`) records under the default rules; games it cannot read are
/// skipped.
template <class OnPosition>
void for_each_recorded_position(const std::string& text, const arbiter::PgnOptions& options,
                                OnPosition&& on_position) {
  arbiter::PgnReader reader = arbiter::PgnReader::from_memory(text, options);
  arbiter::GameRecord record;
  arbiter::PgnRecorder recorder(record, arbiter::Rules{});
  for (;;) {
    const auto r = reader.next(recorder);
    if (is_end(r)) break;
    if (!r) continue;
    for (arbiter::GameRecord::Ply p = 0; p <= record.ply(); ++p) on_position(record.position(p));
  }
}

/// The shared real-games corpus (ARBITER_SHARED_DIR/data/pgn, about 70,000 games), or
/// none when it is absent.
inline std::string shared_corpus_dir() { return std::string(ARBITER_SHARED_DIR) + "/data/pgn"; }
inline std::vector<std::string> shared_corpus_files() { return pgn_files_in(shared_corpus_dir()); }

/// The committed games, and the shared corpus when it is present.
inline std::vector<std::string> corpus_files() {
  std::vector<std::string> files = committed_corpus_files();
  for (const std::string& f : shared_corpus_files()) files.push_back(f);
  return files;
}

/// The lines of a text file, without comments ('#' first) or blank lines. Fails the test
/// if the file cannot be read.
inline std::vector<std::string> read_data_lines(const std::string& path) {
  std::ifstream in(path);
  INFO("reading " << path);
  REQUIRE(in.good());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    lines.push_back(line);
  }
  return lines;
}

/// One line of a perft suite: `FEN ;D1 n ;D2 n ...`.
struct PerftCase {
  std::string fen;
  std::vector<std::uint64_t> counts;  // counts[d - 1] = perft(d)
};

inline std::vector<PerftCase> read_perft_suite(const std::string& name) {
  std::vector<PerftCase> cases;
  for (const std::string& line : read_data_lines(data_path(name))) {
    PerftCase c;
    std::size_t semi = line.find(';');
    c.fen = line.substr(0, semi);
    while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
    while (semi != std::string::npos) {
      std::size_t next = line.find(';', semi + 1);
      std::istringstream field(
          line.substr(semi + 1, next == std::string::npos ? std::string::npos : next - semi - 1));
      std::string depth;
      std::uint64_t count = 0;
      field >> depth >> count;
      INFO(line);
      REQUIRE(depth == "D" + std::to_string(c.counts.size() + 1));
      c.counts.push_back(count);
      semi = next;
    }
    cases.push_back(c);
  }
  return cases;
}

/// Parses a FEN that the test expects to be valid (strict, castling mode Auto, asked for
/// explicitly: the tests' Chess960 positions are written in X-FEN).
inline arbiter::Position position(const std::string& fen) {
  if (fen == "startpos") return arbiter::Position::startpos();
  arbiter::FenOptions options;
  options.castling = arbiter::CastlingMode::Auto;
  const auto r = arbiter::parse_fen(fen, options);
  INFO(fen << " -> " << (r ? std::string("ok") : r.error().message()));
  REQUIRE(r.ok());
  return r->position;
}

/// Analyses positions for both sides (full mode, default budget) in two workspaces and
/// checks that they answer the same: verdict, proof, nodes and the helpmate's length. The
/// positions (chasolver positions.txt, MIT): a locked wall (the closure proves it), a wall
/// a sacrifice opens (a helpmate), a wall only the closure's larger share of the budget
/// proves; and K+N v K+N (helpmates with the loser's piece blocking).
inline void check_same_win_answers(arbiter::WinWorkspace& a, arbiter::WinWorkspace& b) {
  auto first = std::make_unique<arbiter::WinAnswer>();
  auto second = std::make_unique<arbiter::WinAnswer>();
  for (const char* fen :
       {"8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1",
        "8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - - 0 1",
        "1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1", "8/8/3nk3/8/8/3NK3/8/8 w - - 0 1"})
    for (const arbiter::Color side : {arbiter::Color::White, arbiter::Color::Black}) {
      INFO(fen << " side " << int(side));
      const arbiter::Position p = position(fen);
      arbiter::analyze_win(p, side, arbiter::WinMode::Full, arbiter::full_node_budget, a, *first);
      arbiter::analyze_win(p, side, arbiter::WinMode::Full, arbiter::full_node_budget, b, *second);
      CHECK(second->verdict == first->verdict);
      CHECK(second->proof == first->proof);
      CHECK(second->nodes == first->nodes);
      CHECK(second->length == first->length);
    }
}

/// The lines of a text, without their newlines (a last line without one included).
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

/// Where two texts first differ (for golden-file tests), "" if they are equal.
inline std::string first_difference(const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  const auto e = split_lines(expected), a = split_lines(actual);
  for (std::size_t i = 0; i < std::max(e.size(), a.size()); ++i) {
    const std::string want = i < e.size() ? e[i] : "<end of the expected text>";
    const std::string got = i < a.size() ? a[i] : "<end of the actual text>";
    if (want != got)
      return "line " + std::to_string(i + 1) + ":\n  expected: " + want + "\n  actual:   " + got;
  }
  return "the texts differ in their final newline";
}

/// A game of random legal moves from `start`, until mate, stalemate or `max_plies`:
/// the positions from the start on (positions[0] == start) and the moves between.
struct RandomGame {
  std::vector<arbiter::Position> positions;
  std::vector<arbiter::Move> moves;
};

inline RandomGame random_game(std::uint32_t seed, int max_plies,
                              const arbiter::Position& start = arbiter::Position::startpos()) {
  std::mt19937 rng(seed);
  RandomGame g;
  g.positions.push_back(start);
  for (int ply = 0; ply < max_plies; ++ply) {
    const arbiter::MoveList moves = arbiter::legal_moves(g.positions.back());
    if (moves.empty()) break;
    const arbiter::Move m =
        moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    g.moves.push_back(m);
    g.positions.push_back(g.positions.back().play_unchecked(m));
  }
  return g;
}

/// Plays UCI moves from a position, failing the test on an illegal one.
inline std::vector<arbiter::Position> play_uci(const arbiter::Position& start,
                                               const std::vector<std::string>& moves) {
  std::vector<arbiter::Position> positions{start};
  for (const std::string& text : moves) {
    const auto r = arbiter::parse_uci(positions.back(), text);
    INFO("move " << text << " in " << arbiter::to_fen(positions.back()));
    REQUIRE(r.ok());
    positions.push_back(positions.back().play_unchecked(*r));
  }
  return positions;
}

/// Parses a perft-suite FEN. Published suites hold a few composed positions whose
/// check no last move could give; they are read with that check relaxed (perft_test
/// lists them and shows that strict parsing rejects them).
inline arbiter::Position suite_position(const std::string& fen) {
  arbiter::FenOptions options;
  options.ignore_impossible_check = true;
  options.castling = arbiter::CastlingMode::Auto;  // the suites' Chess960 positions are X-FEN
  const auto r = arbiter::parse_fen(fen, options);
  INFO(fen << " -> " << (r ? std::string("ok") : r.error().message()));
  REQUIRE(r.ok());
  return r->position;
}

}  // namespace arbiter_test
