#pragma once
// The default of -j: the cores this process may run on, not the machine's. A process
// pinned to some CPUs (taskset, a container's cpuset, a cluster's worker) or given a CPU
// quota by its control group (docker --cpus, a Kubernetes limit) would only queue its own
// threads behind each other with more judges than that.
//
// Linux: the CPUs of the affinity mask (sched_getaffinity), at most the control group's
// quota rounded up (cgroup v2 cpu.max "QUOTA PERIOD", v1 cpu.cfs_quota_us and
// cpu.cfs_period_us; "max" or -1: none). Elsewhere: std::thread::hardware_concurrency().

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace arbiter_cli {

/// The cores a CPU quota of `quota` microseconds per `period` allows, rounded up (a
/// quota of 1.5 cores keeps two busy); 0 for no quota (a quota or period not positive).
constexpr unsigned cores_of_quota(long long quota, long long period) noexcept {
  if (quota <= 0 || period <= 0) return 0;
  const long long cores = (quota + period - 1) / period;
  return cores > 4096 ? 4096u : unsigned(cores);
}

/// cores_of_quota() of a cgroup v2 cpu.max text ("max 100000", "150000 100000"); 0 for
/// none or a text not of that form.
inline unsigned cores_of_cpu_max(const std::string& text) {
  const std::size_t space = text.find(' ');
  if (space == std::string::npos) return 0;
  long long quota = 0, period = 0;
  const char* const end = text.data() + text.size();
  const auto q = std::from_chars(text.data(), text.data() + space, quota);
  const auto p = std::from_chars(text.data() + space + 1, end, period);
  if (q.ec != std::errc() || q.ptr != text.data() + space || p.ec != std::errc() ||
      (p.ptr != end && *p.ptr != '\n'))
    return 0;  // "max", or not numbers
  return cores_of_quota(quota, period);
}

namespace detail {
inline std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// The smallest CPU quota on the way from the process's cgroup v2 group to the root (each
// level's cpu.max limits all below it); 0 for none.
inline unsigned cgroup_quota() {
  std::ifstream self("/proc/self/cgroup");
  std::string path;
  for (std::string line; std::getline(self, line);)
    if (line.compare(0, 3, "0::") == 0) path = line.substr(3);
  unsigned least = 0;
  for (;;) {
    const unsigned q = cores_of_cpu_max(first_line("/sys/fs/cgroup" + path + "/cpu.max"));
    if (q > 0 && (least == 0 || q < least)) least = q;
    const std::size_t up = path.find_last_of('/');
    if (path.empty() || path == "/" || up == std::string::npos) break;
    path.erase(up);
  }
  if (least == 0) {  // cgroup v1, as a container sees it
    const std::string q = first_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
    const std::string p = first_line("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
    if (!q.empty() && !p.empty()) least = cores_of_cpu_max(q + " " + p);
  }
  return least;
}
}  // namespace detail

/// The cores this process may run on (see the file comment); at least 1.
inline unsigned available_cores() {
  unsigned cores = std::thread::hardware_concurrency();
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = unsigned(CPU_COUNT(&set));
  const unsigned quota = detail::cgroup_quota();
  if (quota > 0 && (cores == 0 || quota < cores)) cores = quota;
#endif
  return std::max(1u, cores);
}

}  // namespace arbiter_cli
