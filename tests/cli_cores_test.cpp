// The default of -j (examples/arbiter/cores.hpp): the cores the process may run on, by its
// affinity mask and its control group's CPU quota.

#include "../examples/arbiter/cores.hpp"

#include "catch.hpp"

#if defined(__linux__)
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
