#pragma once
// The workspaces of the audit's helpmate analysis, shared by the threads of -j.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include <arbiter/unwinnable.hpp>

#include "memory_pages.hpp"

namespace arbiter_cli {

/// The workspaces of the audit's helpmate analysis (arbiter::WinWorkspace::for_full(), in
/// huge pages where the system gives them: memory_pages.hpp), lent to a game that asks the
/// question (arbiter::GameAuditor::asks_mate(): a few games in a thousand) by whichever
/// worker reads it. The first workspace made is lent whenever it is free, so that it
/// serves every worker unless two ask at once, and no more exist than workers ask at once.
/// (With one workspace a worker, `audit -j 8` on the TCEC file peaked at 33 MB and 7,300
/// page faults; lent from here, 23 MB and 4,700.) An analysis clears its tables by a new
/// generation, so which workspace it gets changes no answer.
///
/// Where every workspace is lent, take() waits for one to come back, for `patience` at
/// most, before it makes another: a rent-or-buy rule. A new workspace costs the system's
/// zeroing of its tables at their first touch (on the TCEC file the first analysis in one
/// took 4.5 ms, the others 25 us at the median and 150 us at the 90th percentile). Two
/// games asking at once made `-j 2` build a second workspace on every run (about 4 ms of
/// CPU, 2 MB of its peak memory); now the second waits microseconds for the first. Where the
/// analyses keep every workspace busy (a database of games lost on time), a worker waits no longer
/// than a new workspace would cost before it makes its own.
class WorkspacePool {
 public:
  /// How long take() waits for a lent workspace before making another (see above).
  static constexpr std::chrono::microseconds default_patience{1000};

  explicit WorkspacePool(std::chrono::microseconds patience = default_patience)
      : patience_(patience) {}

  /// A workspace no one else uses until it is given back: the first made that is free,
  /// else the first given back within the patience, else a new one.
  arbiter::WinWorkspace* take() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!slots_.empty())
      returned_.wait_until(lock, std::chrono::steady_clock::now() + patience_,
                           [this] { return first_free() != nullptr; });
    if (Slot* const free = first_free()) {
      free->lent = true;
      return free->workspace.get();
    }
    slots_.push_back({std::make_unique<arbiter::WinWorkspace>(
                          arbiter::WinWorkspace::for_full(huge_page_memory())),
                      true});
    return slots_.back().workspace.get();
  }
  /// Gives back a workspace take() lent.
  void give_back(const arbiter::WinWorkspace* workspace) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (Slot& slot : slots_)
        if (slot.workspace.get() == workspace) slot.lent = false;
    }
    returned_.notify_one();
  }
  /// How many workspaces have been made: at most as many as were ever lent at once.
  std::size_t size() {
    std::lock_guard<std::mutex> lock(mutex_);
    return slots_.size();
  }

 private:
  struct Slot {
    std::unique_ptr<arbiter::WinWorkspace> workspace;
    bool lent = false;
  };
  Slot* first_free() {
    for (Slot& slot : slots_)
      if (!slot.lent) return &slot;
    return nullptr;
  }

  std::chrono::microseconds patience_;
  std::mutex mutex_;
  std::condition_variable returned_;  // a workspace given back
  std::vector<Slot> slots_;           // in the order they were made
};

}  // namespace arbiter_cli
