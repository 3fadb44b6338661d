// The audit's pool of helpmate workspaces (examples/arbiter/workspace_pool.hpp): the first
// workspace is lent whenever it is free, no more are made than are lent at once, and one
// is made only when none comes back within the pool's patience.
#include "catch.hpp"

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "../examples/arbiter/workspace_pool.hpp"

using arbiter::WinWorkspace;
using arbiter_cli::WorkspacePool;

TEST_CASE("workspace pool: the first free workspace, a new one only when all are lent",
          "[cli][unwinnable]") {
  WorkspacePool pool;
  CHECK(pool.size() == 0);  // made when first asked for
  WinWorkspace* const first = pool.take();
  REQUIRE(first != nullptr);
  pool.give_back(first);
  CHECK(pool.take() == first);               // given back: lent again, nothing made
  WinWorkspace* const second = pool.take();  // the first is lent: a new one
  CHECK(second != first);
  CHECK(pool.size() == 2);
  pool.give_back(second);
  pool.give_back(first);
  // Both free: the first made is lent first, whatever order they came back in.
  CHECK(pool.take() == first);
  CHECK(pool.take() == second);
  pool.give_back(first);
  CHECK(pool.take() == first);
  CHECK(pool.size() == 2);
}

TEST_CASE("workspace pool: threads never share a workspace, and make no more than they hold",
          "[cli][unwinnable]") {
  WorkspacePool pool;
  constexpr int threads = 4, rounds = 2000;
  std::vector<std::atomic<int>> users(threads);  // by workspace: how many hold it now
  std::vector<WinWorkspace*> seen(threads, nullptr);
  std::atomic<int> shared{0}, unknown{0};
  std::mutex seen_mutex;
  auto index_of = [&](WinWorkspace* w) {
    std::lock_guard<std::mutex> lock(seen_mutex);
    for (int i = 0; i < threads; ++i) {
      if (seen[i] == w) return i;
      if (!seen[i]) {
        seen[i] = w;
        return i;
      }
    }
    return -1;  // more workspaces than threads
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      for (int r = 0; r < rounds; ++r) {
        WinWorkspace* const w = pool.take();
        const int i = index_of(w);
        if (i < 0) {
          ++unknown;
        } else {
          if (users[i].fetch_add(1) != 0) ++shared;
          std::this_thread::yield();
          users[i].fetch_sub(1);
        }
        pool.give_back(w);
      }
    });
  for (std::thread& w : workers) w.join();
  CHECK(shared == 0);
  CHECK(unknown == 0);
  CHECK(pool.size() >= 1);
  CHECK(pool.size() <= std::size_t(threads));
}

TEST_CASE("workspace pool: a take while every workspace is lent waits for one given back",
          "[cli][unwinnable]") {
  using namespace std::chrono;
  WorkspacePool pool(seconds(30));  // patience enough for any scheduler
  WinWorkspace* const first = pool.take();
  REQUIRE(first != nullptr);
  const auto start = steady_clock::now();
  std::future<WinWorkspace*> waiting = std::async(std::launch::async, [&] { return pool.take(); });
  // Not served while the only workspace is lent.
  CHECK(waiting.wait_for(milliseconds(50)) == std::future_status::timeout);
  pool.give_back(first);
  CHECK(waiting.get() == first);  // the one given back, not a new one
  CHECK(steady_clock::now() - start >= milliseconds(50));
  CHECK(pool.size() == 1);
}

TEST_CASE("workspace pool: a new workspace once the patience is over", "[cli][unwinnable]") {
  using namespace std::chrono;
  const milliseconds patience(20);
  WorkspacePool pool(patience);
  WinWorkspace* const first = pool.take();
  const auto start = steady_clock::now();
  WinWorkspace* const second = pool.take();  // the first never given back
  CHECK(steady_clock::now() - start >= patience);
  CHECK(second != first);
  CHECK(pool.size() == 2);
}
