// arbiter_engine: a small UCI chess engine built on arbiter (engine.hpp), and a self-play
// mode in which arbiter::Game adjudicates (selfplay.hpp).
//
//   arbiter_engine                      UCI on standard input / output
//   arbiter_engine selfplay [options]   the engine against itself
//     --games N        games to play (default 2); without --fen, game i starts with the
//                      i-th of a few short openings
//     --depth D        fixed depth per move (default 5 when neither --movetime nor --nodes)
//     --movetime MS    time per move
//     --nodes N        nodes per move
//     --fen FEN        start position (default: the initial position)
//     --max-plies N    stop a game after N plies (default 1000)
//     --hash MB        transposition table size (default 16)
//     --no-claims      nobody claims a draw: only the automatic endings end the game
//
// UCI commands: uci, isready, ucinewgame, setoption name Hash value N,
// position startpos|fen FEN [moves ...], go [wtime/btime/winc/binc/movestogo/movetime/
// depth/nodes/infinite], stop, quit, and `d` (prints the position as FEN). The search runs
// in a thread so that `stop` and `isready` are answered while it thinks; at the end of the
// input the engine finishes a limited search, then exits.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <arbiter/notation/fen.hpp>
#include <arbiter/notation/uci.hpp>

#include "engine.hpp"
#include "selfplay.hpp"

namespace {

using arbiter::Move;
using arbiter::Position;

std::string pv_text(Position pos, const std::vector<Move>& pv) {
  std::string s;
  for (Move m : pv) {
    // Appended in two steps: `"literal" + std::string&&` trips GCC 12's -Wrestrict false
    // positive at -O3 under C++20 (GCC bug 105329), which -Werror makes fatal.
    if (!s.empty()) s += ' ';
    s += arbiter::to_uci(pos, m);
    pos.play_in_place(m);
  }
  return s;
}

std::string score_text(int score) {
  return engine::is_mate_score(score) ? "mate " + std::to_string(engine::mate_in_moves(score))
                                      : "cp " + std::to_string(score);
}

class UciSession {
 public:
  int run() {
    for (std::string line; std::getline(std::cin, line);) {
      std::istringstream in(line);
      std::string command;
      in >> command;
      if (command == "uci") {
        say("id name arbiter_engine " + std::to_string(ARBITER_VERSION_MAJOR) + "." +
            std::to_string(ARBITER_VERSION_MINOR) +
            "\nid author The arbiter authors\n"
            "option name Hash type spin default 16 min 1 max 4096\nuciok");
      } else if (command == "isready") {
        say("readyok");
      } else if (command == "ucinewgame") {
        finish_search(false);
        engine_.new_game();
      } else if (command == "setoption") {
        finish_search(false);
        setoption(in);
      } else if (command == "position") {
        finish_search(false);
        position(in);
      } else if (command == "go") {
        finish_search(false);
        go(in);
      } else if (command == "stop") {
        finish_search(true);
      } else if (command == "quit") {
        finish_search(true);
        return 0;
      } else if (command == "d") {
        finish_search(false);
        say(arbiter::to_fen(engine_.position()));
      } else if (!command.empty()) {
        say("info string unknown command: " + command);
      }
    }
    finish_search(false);  // end of input: let a limited search finish
    return 0;
  }

 private:
  void say(const std::string& text) {
    const std::lock_guard<std::mutex> lock(out_);
    std::cout << text << std::endl;
  }

  // Waits for the search thread; stops it first when asked (or when it would never end).
  void finish_search(bool stop) {
    if (!worker_.joinable()) return;
    if (stop || infinite_) stop_ = true;
    worker_.join();
  }

  void setoption(std::istringstream& in) {
    std::string word, name, value;
    in >> word;  // "name"
    while (in >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    in >> value;
    if (name == "Hash" || name == "hash") {
      const long mb = std::strtol(value.c_str(), nullptr, 10);
      engine_.set_hash(std::size_t(mb < 1 ? 1 : mb > 4096 ? 4096 : mb));
    } else {
      say("info string unknown option: " + name);
    }
  }

  void position(std::istringstream& in) {
    std::string word, fen;
    in >> word;
    Position start = Position::startpos();
    if (word == "fen") {
      while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
      arbiter::FenOptions options;
      options.lenient = true;  // GUIs sometimes leave out the move counters
      const arbiter::Result<arbiter::ParsedFen, arbiter::FenError> r =
          arbiter::parse_fen(fen, options);
      if (!r) {
        say("info string invalid FEN: " + r.error().message());
        return;
      }
      start = r->position;
    } else if (word == "startpos") {
      in >> word;  // "moves", if any
    } else {
      say("info string expected position startpos|fen ...");
      return;
    }
    std::vector<Move> moves;
    Position pos = start;
    for (std::string text; in >> text;) {
      const arbiter::Result<Move, arbiter::UciError> r = arbiter::parse_uci(pos, text);
      if (!r) {
        say("info string " + text + ": " + arbiter::describe(r.error()) +
            "; the moves after it are ignored");
        break;
      }
      moves.push_back(*r);
      pos.play_in_place(*r);
    }
    engine_.set_position(start, moves);
  }

  void go(std::istringstream& in) {
    engine::Limits limits;
    for (std::string word; in >> word;) {
      auto number = [&]() -> long long {
        long long v = 0;
        in >> v;
        return v;
      };
      if (word == "depth")
        limits.depth = int(number());
      else if (word == "movetime")
        limits.movetime = number();
      else if (word == "wtime")
        limits.wtime = number();
      else if (word == "btime")
        limits.btime = number();
      else if (word == "winc")
        limits.winc = number();
      else if (word == "binc")
        limits.binc = number();
      else if (word == "movestogo")
        limits.movestogo = int(number());
      else if (word == "nodes")
        limits.nodes = std::uint64_t(number());
      else if (word == "infinite")
        limits.infinite = true;
    }
    infinite_ = limits.infinite;
    stop_ = false;
    worker_ = std::thread([this, limits] {
      const Position root = engine_.position();
      const engine::Result r = engine_.search(
          limits,
          [&](const engine::Info& i) {
            const std::int64_t nps = i.time_ms > 0 ? std::int64_t(i.nodes) * 1000 / i.time_ms : 0;
            say("info depth " + std::to_string(i.depth) + " seldepth " +
                std::to_string(i.seldepth) + " score " + score_text(i.score) + " nodes " +
                std::to_string(i.nodes) + " nps " + std::to_string(nps) + " time " +
                std::to_string(i.time_ms) + " pv " + pv_text(root, i.pv));
          },
          &stop_);
      say("bestmove " + arbiter::to_uci(root, r.best));  // "0000" if there is no legal move
    });
  }

  engine::Engine engine_;
  std::thread worker_;
  std::atomic<bool> stop_{false};
  bool infinite_ = false;
  std::mutex out_;
};

const std::vector<std::vector<const char*>> openings = {
    {},
    {"e2e4", "e7e5"},
    {"d2d4", "d7d5"},
    {"c2c4", "g8f6"},
    {"e2e4", "c7c5"},
    {"g1f3", "d7d5"},
    {"e2e4", "e7e6"},
    {"d2d4", "g8f6", "c2c4", "e7e6"},
};

int selfplay(int argc, char** argv) {
  int games = 2, max_plies = 1000;
  bool claim_draws = true;
  std::size_t hash = 16;
  engine::Limits limits;
  std::string fen;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--games" && has_value)
      games = std::atoi(argv[++i]);
    else if (arg == "--depth" && has_value)
      limits.depth = std::atoi(argv[++i]);
    else if (arg == "--movetime" && has_value)
      limits.movetime = std::atoll(argv[++i]);
    else if (arg == "--nodes" && has_value)
      limits.nodes = std::uint64_t(std::atoll(argv[++i]));
    else if (arg == "--fen" && has_value)
      fen = argv[++i];
    else if (arg == "--max-plies" && has_value)
      max_plies = std::atoi(argv[++i]);
    else if (arg == "--hash" && has_value)
      hash = std::size_t(std::atoi(argv[++i]));
    else if (arg == "--no-claims")
      claim_draws = false;
    else {
      std::fprintf(stderr,
                   "usage: %s selfplay [--games N] [--depth D | --movetime MS | --nodes N] "
                   "[--fen FEN] [--max-plies N] [--hash MB] [--no-claims]\n",
                   argv[0]);
      return 2;
    }
  }
  if (limits.depth <= 0 && limits.movetime < 0 && limits.nodes == 0) limits.depth = 5;

  Position start = Position::startpos();
  if (!fen.empty()) {
    const arbiter::Result<arbiter::ParsedFen, arbiter::FenError> r = arbiter::parse_fen(fen);
    if (!r) {
      std::fprintf(stderr, "invalid FEN: %s\n", r.error().message().c_str());
      return 2;
    }
    start = r->position;
  }

  engine::Engine engine(hash);
  engine::SelfPlayOptions options;
  options.limits = limits;
  options.max_plies = max_plies;
  options.claim_draws = claim_draws;
  int white = 0, black = 0, draws = 0, unfinished = 0;
  for (int n = 0; n < games; ++n) {
    std::vector<Move> opening;
    if (fen.empty()) {
      Position pos = start;
      for (const char* text : openings[std::size_t(n) % openings.size()]) {
        opening.push_back(*arbiter::parse_uci(pos, text));  // the openings are legal
        pos.play_in_place(opening.back());
      }
    }
    const engine::SelfPlayGame g = engine::play_game(engine, start, opening, options);
    std::printf("[Game %d]\n", n + 1);
    if (!fen.empty()) std::printf("[FEN \"%s\"]\n", arbiter::to_fen(start).c_str());
    std::printf("%s\nTermination: %s\n", engine::movetext(g).c_str(),
                engine::termination_text(g).c_str());
    if (g.count_mismatches)
      std::printf("WARNING: the engine's repetition counts differed from arbiter's at %d plies\n",
                  g.count_mismatches);
    std::printf("\n");
    switch (g.game.result()) {
      case arbiter::GameResult::WhiteWins:
        ++white;
        break;
      case arbiter::GameResult::BlackWins:
        ++black;
        break;
      case arbiter::GameResult::Draw:
        ++draws;
        break;
      case arbiter::GameResult::Ongoing:
        ++unfinished;
        break;
    }
  }
  std::printf("White wins %d, Black wins %d, draws %d, unfinished %d\n", white, black, draws,
              unfinished);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "selfplay") return selfplay(argc, argv);
  if (argc > 1) {
    std::fprintf(stderr, "usage: %s            (UCI)\n       %s selfplay [options]\n", argv[0],
                 argv[0]);
    return 2;
  }
  std::ios::sync_with_stdio(false);
  return UciSession().run();
}
