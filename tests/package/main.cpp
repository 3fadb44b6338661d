// Consumer of the installed / add_subdirectory'd arbiter: exit code 0 if the library works.
// The first line of main() is the only one to change if the public API changes.
#include <arbiter/arbiter.hpp>

#include <cstdio>  // std::printf

int main() {
  const int moves = arbiter::legal_move_count(arbiter::Position::startpos());
  std::printf("legal moves in the start position: %d\n", moves);
  return moves == 20 ? 0 : 1;
}
