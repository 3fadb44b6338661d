#pragma once
// The workspaces of the audit's helpmate analysis, shared by the threads of -j.

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
class WorkspacePool {
 public:
  /// A workspace no one else uses until it is given back: the first made that is free,
  /// or a new one.
  arbiter::WinWorkspace* take() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Slot& slot : slots_)
      if (!slot.lent) {
        slot.lent = true;
        return slot.workspace.get();
      }
    slots_.push_back({std::make_unique<arbiter::WinWorkspace>(
                          arbiter::WinWorkspace::for_full(huge_page_memory())),
                      true});
    return slots_.back().workspace.get();
  }
  /// Gives back a workspace take() lent.
  void give_back(const arbiter::WinWorkspace* workspace) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Slot& slot : slots_)
      if (slot.workspace.get() == workspace) slot.lent = false;
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
  std::mutex mutex_;
  std::vector<Slot> slots_;  // in the order they were made
};

}  // namespace arbiter_cli
