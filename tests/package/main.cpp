// The consumer program of every packaging test (tests/package/run.cmake): it rules on a
// threefold claim and exits 0 only if the ruling is right and the headers it was built
// against say the version the test expects.
//
//   ARBITER_CONSUMER_SINGLE_HEADER  include the single header ("arbiter.hpp", or
//                                   "arbiter_format.hpp" with ARBITER_CONSUMER_FORMAT)
//   ARBITER_CONSUMER_FORMAT         also print the position with <arbiter/format.hpp> (fmt)
//   ARBITER_EXPECTED_VERSION        "X.Y.Z" that ARBITER_VERSION_STRING must be
#if defined(ARBITER_CONSUMER_SINGLE_HEADER) && defined(ARBITER_CONSUMER_FORMAT)
#include "arbiter_format.hpp"
#elif defined(ARBITER_CONSUMER_SINGLE_HEADER)
#include "arbiter.hpp"
#else
#include <arbiter/arbiter.hpp>
#if defined(ARBITER_CONSUMER_FORMAT)
#include <arbiter/format.hpp>
#endif
#endif

#include <cstdio>   // std::printf
#include <cstring>  // std::strcmp

int main() {
  // Two knights out and back twice: the start position stands for the third time and
  // White, having the move, claims a draw by repetition (9.2.2).
  arbiter::Game game;
  for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}) {
    if (!game.play_san(san)) {
      std::printf("the move %s was refused\n", san);
      return 1;
    }
  }
  arbiter::Claim claim;
  claim.kind = arbiter::ClaimKind::Threefold;
  claim.claimant = arbiter::Color::White;
  const arbiter::Ruling ruling = game.claim(claim);
  std::printf("arbiter %s: White's threefold claim is %s under %s (%zu occurrences)\n",
              ARBITER_VERSION_STRING, ruling.correct ? "correct" : "incorrect", ruling.article,
              ruling.occurrences.size());
#if defined(ARBITER_CONSUMER_FORMAT)
  fmt::print("{}\n", game.position());
#endif
  bool ok = ruling.correct && ruling.draw && ruling.occurrences.size() == 3 && game.is_over();
#if defined(ARBITER_EXPECTED_VERSION)
  if (std::strcmp(ARBITER_VERSION_STRING, ARBITER_EXPECTED_VERSION) != 0) {
    std::printf("version mismatch: the headers say %s, expected %s\n", ARBITER_VERSION_STRING,
                ARBITER_EXPECTED_VERSION);
    ok = false;
  }
#endif
  return ok ? 0 : 1;
}
