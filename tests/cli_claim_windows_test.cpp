// The audit's claim windows (examples/arbiter/claim_windows.hpp): findings of the same
// claim on consecutive plies join one window; a gap, or the other claim, opens a new one;
// a fifty-move finding that already covers a run extends its window to its until_ply;
// automatic endings are no windows.

#include <vector>

#include "../examples/arbiter/claim_windows.hpp"
#include "catch.hpp"

using arbiter::Finding;
using arbiter::Termination;
using arbiter_cli::claim_windows;
using arbiter_cli::ClaimWindow;

namespace {
// The indices of a window's findings.
std::vector<std::size_t> indices(const ClaimWindow& w, const std::vector<Finding>& findings) {
  std::vector<std::size_t> found;
  w.for_each_finding(findings, [&](std::size_t i) { found.push_back(i); });
  return found;
}

Finding finding(Termination kind, arbiter::GameRecord::Ply ply,
                arbiter::GameRecord::Ply until = 0) {
  Finding f;
  f.kind = kind;
  f.ply = ply;
  f.until_ply = until ? until : ply;
  return f;
}
}  // namespace

TEST_CASE("claim windows: consecutive plies of one claim are one window", "[audit][cli]") {
  // Kasparov - Miles 1998 under 2023: threefold claims at plies 92-94 and 96-100, then the
  // fivefold repetition at 101 (an ending, not a window).
  std::vector<Finding> findings;
  for (int p : {92, 93, 94, 96, 97, 98, 99, 100})
    findings.push_back(finding(Termination::ThreefoldClaim, p));
  findings.push_back(finding(Termination::FivefoldRepetition, 101));
  const std::vector<ClaimWindow> w = claim_windows(findings);
  REQUIRE(w.size() == 2);
  CHECK(w[0].kind == Termination::ThreefoldClaim);
  CHECK(w[0].first_ply == 92);
  CHECK(w[0].last_ply == 94);
  CHECK(w[0].plies() == 3);
  CHECK(indices(w[0], findings) == std::vector<std::size_t>{0, 1, 2});
  CHECK(w[1].first_ply == 96);
  CHECK(w[1].last_ply == 100);
  CHECK(w[1].plies() == 5);
  CHECK(indices(w[1], findings) == std::vector<std::size_t>{3, 4, 5, 6, 7});
}

TEST_CASE("claim windows: the two claims keep their own windows, fifty-move runs count whole",
          "[audit][cli]") {
  // A fifty-move run 99-120 (one finding), threefold claims at 110, 111 and 115 inside it,
  // a second fifty-move finding right after the run (121-125) and one after a gap (130).
  const std::vector<Finding> findings = {
      finding(Termination::FiftyMoveClaim, 99, 120),  finding(Termination::ThreefoldClaim, 110),
      finding(Termination::ThreefoldClaim, 111),      finding(Termination::ThreefoldClaim, 115),
      finding(Termination::FiftyMoveClaim, 121, 125), finding(Termination::FiftyMoveClaim, 130)};
  const std::vector<ClaimWindow> w = claim_windows(findings);
  REQUIRE(w.size() == 4);
  CHECK(w[0].kind == Termination::FiftyMoveClaim);
  CHECK(w[0].first_ply == 99);
  CHECK(w[0].last_ply == 125);
  CHECK(w[0].plies() == 27);
  CHECK(indices(w[0], findings) == std::vector<std::size_t>{0, 4});
  CHECK(w[1].kind == Termination::ThreefoldClaim);
  CHECK(w[1].first_ply == 110);
  CHECK(w[1].last_ply == 111);
  CHECK(indices(w[1], findings) == std::vector<std::size_t>{1, 2});
  CHECK(w[2].first_ply == 115);
  CHECK(w[2].plies() == 1);
  CHECK(indices(w[2], findings) == std::vector<std::size_t>{3});
  CHECK(w[3].kind == Termination::FiftyMoveClaim);
  CHECK(w[3].first_ply == 130);
  CHECK(w[3].plies() == 1);
  CHECK(indices(w[3], findings) == std::vector<std::size_t>{5});
  // Written over a buffer that held more windows: the same windows, the buffer kept.
  std::vector<ClaimWindow> reused(9);
  const ClaimWindow* buffer = reused.data();
  claim_windows(findings, reused);
  REQUIRE(reused.size() == w.size());
  CHECK(reused.data() == buffer);
  for (std::size_t i = 0; i < w.size(); ++i) {
    CHECK(reused[i].kind == w[i].kind);
    CHECK(reused[i].first_ply == w[i].first_ply);
    CHECK(reused[i].last_ply == w[i].last_ply);
    CHECK(indices(reused[i], findings) == indices(w[i], findings));
  }
  // No claim, no window.
  CHECK(claim_windows({finding(Termination::DeadPosition, 161, 162)}).empty());
  CHECK(claim_windows({}).empty());
}
