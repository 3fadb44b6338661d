#pragma once
// The default of -j: the cores this process may run on, not the machine's. A process
// pinned to some CPUs (taskset, a container's cpuset, a cluster's worker) or given a CPU
// quota by its control group (docker --cpus, a Kubernetes limit) would only queue its own
// threads behind each other with more judges than that.
//
// Linux: the CPUs of the affinity mask (sched_getaffinity), at most the control group's
// quota rounded up (cgroup v2 cpu.max "QUOTA PERIOD", v1 cpu.cfs_quota_us and
// cpu.cfs_period_us; "max" or -1: none), the smallest on the way from the process's own
// group up to the root. Elsewhere: std::thread::hardware_concurrency().

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <pthread.h>
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

// The smallest quota from the group `group` (a path under the hierarchy mounted at `root`)
// up to the root, each level's read by `quota_at(directory)` (0: none): a level's quota
// limits every group below it. A group the mount does not show (a container's own view,
// where /proc names the host's path) reads nothing, and the walk goes on up to `root`.
template <class QuotaAt>
unsigned least_quota_up(const std::string& root, std::string group, QuotaAt quota_at) {
  unsigned least = 0;
  for (;;) {
    while (!group.empty() && group.back() == '/') group.pop_back();
    const unsigned q = quota_at(root + group);
    if (q > 0 && (least == 0 || q < least)) least = q;
    const std::size_t up = group.find_last_of('/');
    if (group.empty() || up == std::string::npos) break;
    group.erase(up);
  }
  return least;
}

// Whether the cgroup v1 controller list `controllers` ("cpu,cpuacct") names "cpu".
inline bool names_cpu(const std::string& controllers) {
  for (std::size_t at = 0; at <= controllers.size();) {
    const std::size_t comma = std::min(controllers.find(',', at), controllers.size());
    if (controllers.compare(at, comma - at, "cpu") == 0) return true;
    at = comma + 1;
  }
  return false;
}
}  // namespace detail

/// The CPU quota of the control group a process is in, in cores (0: none), from the text
/// of its /proc/PID/cgroup and the hierarchies mounted under `sys_root`: cgroup v2 (the
/// line "0::PATH", cpu.max at each level up to the root) or else v1 (the line whose
/// controllers include cpu, cpu.cfs_quota_us and cpu.cfs_period_us under `sys_root`/cpu
/// or `sys_root`/cpu,cpuacct, each level up to the root). The smallest on the way counts.
inline unsigned cgroup_quota(const std::string& proc_cgroup, const std::string& sys_root) {
  std::string v2, v1;
  bool has_v2 = false, has_v1 = false;
  std::size_t at = 0;
  while (at < proc_cgroup.size()) {
    std::size_t end = proc_cgroup.find('\n', at);
    if (end == std::string::npos) end = proc_cgroup.size();
    const std::string line = proc_cgroup.substr(at, end - at);
    at = end + 1;
    const std::size_t c1 = line.find(':'),
                      c2 = c1 == std::string::npos ? c1 : line.find(':', c1 + 1);
    if (c2 == std::string::npos) continue;
    if (line.compare(0, c1, "0") == 0 && c2 == c1 + 1) {
      has_v2 = true;
      v2 = line.substr(c2 + 1);
    } else if (detail::names_cpu(line.substr(c1 + 1, c2 - c1 - 1))) {
      has_v1 = true;
      v1 = line.substr(c2 + 1);
    }
  }
  unsigned least = 0;
  if (has_v2)
    least = detail::least_quota_up(sys_root, v2, [](const std::string& dir) {
      return cores_of_cpu_max(detail::first_line(dir + "/cpu.max"));
    });
  if (least == 0 && has_v1) {
    const auto v1_quota = [](const std::string& dir) {  // a file missing: not numbers, 0
      return cores_of_cpu_max(detail::first_line(dir + "/cpu.cfs_quota_us") + " " +
                              detail::first_line(dir + "/cpu.cfs_period_us"));
    };
    for (const char* mount : {"/cpu", "/cpu,cpuacct"}) {
      least = detail::least_quota_up(sys_root + mount, v1, v1_quota);
      if (least > 0) break;
    }
  }
  return least;
}

/// The cores this process may run on (see the file comment); at least 1.
inline unsigned available_cores() {
  unsigned cores = std::thread::hardware_concurrency();
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = unsigned(CPU_COUNT(&set));
  std::ifstream self("/proc/self/cgroup");
  const std::string groups((std::istreambuf_iterator<char>(self)),
                           std::istreambuf_iterator<char>());
  const unsigned quota = cgroup_quota(groups, "/sys/fs/cgroup");
  if (quota > 0 && (cores == 0 || quota < cores)) cores = quota;
#endif
  return std::max(1u, cores);
}

/// Threads started each on a core of its own, then free to run on any core the process may
/// use: the Nth thread started on the Nth of those cores after the starting thread's, its
/// affinity set back to the starting thread's at its first instruction. A thread started
/// by a busy thread otherwise waits on that thread's core until the scheduler moves it:
/// 1.6-2.5 ms each on the virtual machine of the benchmarks, where a -j 2 audit of the TCEC
/// file takes about 140 ms. Elsewhere than Linux, and with one core: std::thread.
class SpreadThreads {
 public:
  SpreadThreads() {
#if defined(__linux__)
    CPU_ZERO(&mask_);
    if (sched_getaffinity(0, sizeof mask_, &mask_) != 0) CPU_ZERO(&mask_);
#endif
  }
  SpreadThreads(const SpreadThreads&) = delete;
  SpreadThreads& operator=(const SpreadThreads&) = delete;
  ~SpreadThreads() { join(); }

  /// Runs `body()` in a new thread (a plain one where the system refuses the core's
  /// affinity); throws std::system_error where none can be had, as std::thread does.
  template <class Body>
  void start(Body body) {
#if defined(__linux__)
    const int cpu = next_cpu();
    pthread_attr_t attr;
    if (cpu >= 0 && pthread_attr_init(&attr) == 0) {
      cpu_set_t first;
      CPU_ZERO(&first);
      CPU_SET(cpu, &first);
      auto task = std::make_unique<Task<Body>>(Task<Body>{std::move(body), mask_});
      posix_.reserve(posix_.size() + 1);  // no failure once the thread runs
      pthread_t thread;
      const bool started = pthread_attr_setaffinity_np(&attr, sizeof first, &first) == 0 &&
                           pthread_create(&thread, &attr, &Task<Body>::run, task.get()) == 0;
      pthread_attr_destroy(&attr);
      if (started) {
        static_cast<void>(task.release());  // the thread's own now
        posix_.push_back(thread);
        return;
      }
      // Refused (a core gone offline since?): a plain thread.
      threads_.emplace_back(std::move(task->body));
      return;
    }
#endif
    threads_.emplace_back(std::move(body));
  }

  /// Waits for every thread started.
  void join() {
    for (std::thread& t : threads_) t.join();
    threads_.clear();
#if defined(__linux__)
    for (pthread_t t : posix_) pthread_join(t, nullptr);
    posix_.clear();
#endif
  }

 private:
#if defined(__linux__)
  template <class Body>
  struct Task {
    Body body;
    cpu_set_t mask;
    static void* run(void* self) noexcept {
      const std::unique_ptr<Task> task(static_cast<Task*>(self));
      pthread_setaffinity_np(pthread_self(), sizeof task->mask, &task->mask);
      task->body();
      return nullptr;
    }
  };

  // The core for the next thread: the one after the last given (the first time, after the
  // calling thread's) among the process's; -1 with fewer than two or none known.
  int next_cpu() noexcept {
    if (CPU_COUNT(&mask_) < 2) return -1;
    if (last_ < 0) last_ = sched_getcpu();
    for (int step = 1; step <= CPU_SETSIZE; ++step) {
      const int cpu = (last_ + step) % CPU_SETSIZE;
      if (CPU_ISSET(cpu, &mask_)) return last_ = cpu;
    }
    return -1;
  }

  cpu_set_t mask_;
  int last_ = -1;
  std::vector<pthread_t> posix_;
#endif
  std::vector<std::thread> threads_;
};

}  // namespace arbiter_cli
