#pragma once
// Claim windows: the audit finds a claim point at every ply where the player to move could
// claim a draw (9.2, 9.3; arbiter::Finding); a window is a run of consecutive plies where
// the same claim stays open. The report lists a window once, with who could claim at each
// of its plies and how, instead of one paragraph per ply (audit --detail keeps those).

#include <cstddef>
#include <vector>

#include <arbiter/audit.hpp>

namespace arbiter_cli {

/// A run of consecutive plies where the same draw claim (threefold or fifty moves) was open.
struct ClaimWindow {
  arbiter::Termination kind = arbiter::Termination::ThreefoldClaim;  ///< or FiftyMoveClaim
  arbiter::GameRecord::Ply first_ply = 0;  ///< the first ply of the window
  arbiter::GameRecord::Ply last_ply = 0;   ///< the last ply of the window
  /// The window's findings are those of its kind from first_finding to last_finding
  /// (indices into the audit's findings; the other claim's may lie between): for_each_finding().
  std::size_t first_finding = 0, last_finding = 0;

  /// The number of plies where the claim was open.
  arbiter::GameRecord::Ply plies() const noexcept { return last_ply - first_ply + 1; }
  /// Calls `f(i)` for the index i of each of the window's findings in `findings` (the
  /// findings it was made from), in order.
  template <class F>
  void for_each_finding(const std::vector<arbiter::Finding>& findings, F&& f) const {
    for (std::size_t i = first_finding; i <= last_finding; ++i)
      if (findings[i].kind == kind) f(i);
  }
};

/// The claim windows of an audit, in the order of their first ply, written over `windows`
/// (its buffer reused): findings of the same claim on consecutive plies (a fifty-move
/// finding already covers a run, up to its until_ply) join one window. Findings come in
/// order of ply, so that no finding of a window's kind lies between two of its own.
inline void claim_windows(const std::vector<arbiter::Finding>& findings,
                          std::vector<ClaimWindow>& windows) {
  windows.clear();
  // The open window of each claim kind (an index into `windows`), if any.
  std::size_t open[2] = {std::size_t(-1), std::size_t(-1)};
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const arbiter::Finding& f = findings[i];
    if (!f.is_claim()) continue;
    std::size_t& w = open[f.kind == arbiter::Termination::FiftyMoveClaim];
    if (w != std::size_t(-1) && windows[w].last_ply + 1 == f.ply) {
      windows[w].last_ply = f.until_ply;
      windows[w].last_finding = i;
      continue;
    }
    w = windows.size();
    windows.push_back(ClaimWindow{f.kind, f.ply, f.until_ply, i, i});
  }
}
/// claim_windows() into a new vector.
inline std::vector<ClaimWindow> claim_windows(const std::vector<arbiter::Finding>& findings) {
  std::vector<ClaimWindow> windows;
  claim_windows(findings, windows);
  return windows;
}

}  // namespace arbiter_cli
