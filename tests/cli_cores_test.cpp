// The default of -j (examples/arbiter/cores.hpp): the cores the process may run on, by its
// affinity mask and its control group's CPU quota.

#include "../examples/arbiter/cores.hpp"

#include <atomic>
#include <filesystem>
#include <string>

#include "catch.hpp"
#include "process_util.hpp"

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

using arbiter_cli::cores_of_cpu_max;
using arbiter_cli::cores_of_quota;

TEST_CASE("cli cores: a CPU quota allows its cores rounded up", "[cli][cores]") {
  CHECK(cores_of_quota(100000, 100000) == 1);
  CHECK(cores_of_quota(150000, 100000) == 2);
  CHECK(cores_of_quota(50000, 100000) == 1);
  CHECK(cores_of_quota(400000, 100000) == 4);
  CHECK(cores_of_quota(-1, 100000) == 0);  // cgroup v1: no quota
  CHECK(cores_of_quota(0, 100000) == 0);
  CHECK(cores_of_quota(100000, 0) == 0);
  CHECK(cores_of_cpu_max("max 100000") == 0);
  CHECK(cores_of_cpu_max("150000 100000") == 2);
  CHECK(cores_of_cpu_max("200000 100000\n") == 2);
  CHECK(cores_of_cpu_max("-1 100000") == 0);
  CHECK(cores_of_cpu_max("") == 0);
  CHECK(cores_of_cpu_max("150000") == 0);
  CHECK(cores_of_cpu_max(" 100000") == 0);  // v1: the quota's file missing
  CHECK(cores_of_cpu_max("150000 ") == 0);  // v1: the period's file missing
  CHECK(cores_of_cpu_max("15x000 100000") == 0);
  CHECK(cores_of_cpu_max("150000 10x") == 0);
}

TEST_CASE("cli cores: -j's default follows the CPUs the process may run on", "[cli][cores]") {
  const unsigned all = arbiter_cli::available_cores();
  CHECK(all >= 1);
#if defined(__linux__)
  cpu_set_t original;
  REQUIRE(sched_getaffinity(0, sizeof original, &original) == 0);
  CHECK(all <= unsigned(CPU_COUNT(&original)));
  // Pinned to one of them (this thread, as `taskset -c N` pins a process): one.
  int first = 0;
  while (!CPU_ISSET(first, &original)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
  const unsigned pinned = arbiter_cli::available_cores();
  REQUIRE(sched_setaffinity(0, sizeof original, &original) == 0);
  CHECK(pinned == 1);
  CHECK(arbiter_cli::available_cores() == all);
#endif
}

#if !defined(_WIN32)  // TempDir
TEST_CASE("cli cores: the control group's quota, the smallest from its group up to the root",
          "[cli][cores]") {
  arbiter_test::TempDir dir;
  const std::string root = dir.path.string();
  const auto put = [&](const std::string& name, const std::string& text) {
    std::filesystem::create_directories(std::filesystem::path(root + name).parent_path());
    dir.file(name.substr(1), text + "\n");
  };
  using arbiter_cli::cgroup_quota;
  // cgroup v2: cpu.max at each level; the tightest on the way up counts, not those beside.
  put("/cpu.max", "max 100000");
  put("/a/cpu.max", "300000 100000");
  put("/a/b/cpu.max", "max 100000");
  put("/a/c/cpu.max", "100000 100000");
  CHECK(cgroup_quota("0::/a/b\n", root) == 3);
  CHECK(cgroup_quota("0::/a/c\n", root) == 1);
  CHECK(cgroup_quota("0::/\n", root) == 0);
  CHECK(cgroup_quota("0::/a/b/\n", root) == 3);
  // A group the mount does not show (a container's view): its levels read nothing, the
  // walk goes on up.
  CHECK(cgroup_quota("0::/a/gone/deeper\n", root) == 3);
  CHECK(cgroup_quota("", root) == 0);
  CHECK(cgroup_quota("garbage", root) == 0);
  // cgroup v1: the hierarchy whose controllers include cpu, mounted as cpu or cpu,cpuacct,
  // along the process's own path (not only at the mount's root).
  put("/cpu/cpu.cfs_quota_us", "-1");
  put("/cpu/cpu.cfs_period_us", "100000");
  put("/cpu/x/cpu.cfs_quota_us", "250000");
  put("/cpu/x/cpu.cfs_period_us", "100000");
  put("/cpu/x/y/cpu.cfs_quota_us", "-1");
  put("/cpu/x/y/cpu.cfs_period_us", "100000");
  const std::string v1 = "12:memory:/x/y\n4:cpu,cpuacct:/x/y\n1:name=systemd:/x/y\n";
  CHECK(cgroup_quota(v1, root) == 3);
  CHECK(cgroup_quota("4:cpuacct:/x/y\n", root) == 0);  // cpuacct is not cpu
  CHECK(cgroup_quota("4:cpuset:/x/y\n", root) == 0);
  CHECK(cgroup_quota("4:cpu:/\n", root) == 0);
  // v2 without a quota and a v1 cpu hierarchy beside it (a hybrid layout): v1's.
  CHECK(cgroup_quota("0::/\n4:cpu:/x\n", root) == 3);
}
#endif

TEST_CASE("cli cores: threads started on cores of their own are then free to run on any",
          "[cli][cores]") {
  // SpreadThreads (the -j judges) starts each thread on one core, then gives it back the
  // starting thread's affinity: a judge left on one core would share it with another.
  // With one core allowed it starts plain threads. Each body runs once.
  auto run = [](unsigned count) {
    std::atomic<unsigned> ran{0}, free{0};
#if defined(__linux__)
    cpu_set_t expected;
    CPU_ZERO(&expected);
    REQUIRE(pthread_getaffinity_np(pthread_self(), sizeof expected, &expected) == 0);
#endif
    {
      arbiter_cli::SpreadThreads threads;
      for (unsigned i = 0; i < count; ++i)
        threads.start([&] {
          ++ran;
#if defined(__linux__)
          cpu_set_t mask;
          CPU_ZERO(&mask);
          if (pthread_getaffinity_np(pthread_self(), sizeof mask, &mask) == 0 &&
              CPU_EQUAL(&mask, &expected))
            ++free;
#else
          ++free;
#endif
        });
      threads.join();
    }
    CHECK(ran == count);
    CHECK(free == count);
  };
  run(1);
  run(5);
#if defined(__linux__)
  // Pinned to one core (as under taskset -c 0): plain threads, pinned as their starter.
  cpu_set_t all, one;
  CPU_ZERO(&all);
  REQUIRE(pthread_getaffinity_np(pthread_self(), sizeof all, &all) == 0);
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &all)) {
      CPU_SET(cpu, &one);
      break;
    }
  REQUIRE(pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0);
  run(3);
  REQUIRE(pthread_setaffinity_np(pthread_self(), sizeof all, &all) == 0);
  if (CPU_COUNT(&all) < 2) WARN("one core: the threads were not spread (nothing to spread on)");
#endif
}
