#pragma once
// arbiter dead (dead.cpp): for each FEN read, whether each side can checkmate by some
// series of legal moves (win with the helpmate, nowin, unknown) and whether the position
// is dead (5.2.2). main.cpp parses the options and calls run_dead.

#include <string>
#include <vector>

namespace arbiter_cli {

struct DeadCommand {
  std::vector<std::string> files;  // none (and no --fen): standard input
  std::string fen;                 // --fen: one position, before the files
  long long nodes = 0;             // --nodes: the budget per side (0: the mode's default)
  bool quick = false;
  bool json = false;
  bool progress = true;  // the progress line on a terminal (progress.hpp)
  unsigned jobs = 1;     // -j: threads analysing the lines of a file (standard input: one)
};

/// Exit status: 0, or 1 if some line held an unreadable FEN (its row says `error`),
/// 2 if a file cannot be read or the output cannot be written.
int run_dead(const DeadCommand& command);

}  // namespace arbiter_cli
