// The tool's memory with fewer page faults (examples/arbiter/memory_pages.hpp): huge pages
// for the helpmate workspaces (aligned, zeroed, writable, given back; a workspace in them
// answers as one from the standard allocator), the slider tables in one where the tool
// aligns them, and the heap asked for them.
#include "catch.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__)
#include <fstream>
#include <sstream>
#include <string>
#endif

#include <arbiter/unwinnable.hpp>

#include "../examples/arbiter/memory_pages.hpp"
#include "process_util.hpp"
#include "test_util.hpp"

using namespace arbiter;
using arbiter_cli::huge_page_bytes;
using arbiter_cli::huge_page_memory;

TEST_CASE("huge pages: aligned, zeroed and writable memory, given back", "[cli][unwinnable]") {
  const WorkspaceMemory memory = huge_page_memory();
  for (const std::size_t bytes : {std::size_t(1), std::size_t(4096), huge_page_bytes - 1,
                                  huge_page_bytes, huge_page_bytes + 1, std::size_t(5) << 20}) {
    INFO(bytes);
    for (const bool zeroed : {true, false}) {
      auto* const p = static_cast<unsigned char*>(memory.allocate(bytes, zeroed));
      REQUIRE(p != nullptr);
#if defined(__linux__)
      CHECK(reinterpret_cast<std::uintptr_t>(p) % huge_page_bytes == 0);
#endif
      if (zeroed) {
        bool all_zero = true;
        for (std::size_t i = 0; i < bytes; i += 512) all_zero = all_zero && p[i] == 0;
        CHECK(all_zero);
        CHECK(p[bytes - 1] == 0);
      }
      std::memset(p, 0x5A, bytes);  // every byte writable (ASan or a fault says if not)
      CHECK(p[bytes - 1] == 0x5A);
      memory.release(p, bytes);
    }
  }
#if defined(__linux__)
  CHECK(memory.allocate(0, true) == nullptr);  // nothing asked, nothing mapped
#endif
}

TEST_CASE("huge pages: a workspace in them answers as one from the standard allocator",
          "[cli][unwinnable]") {
  auto standard = std::make_unique<WinWorkspace>(WinWorkspace::for_full());
  auto huge = std::make_unique<WinWorkspace>(WinWorkspace::for_full(huge_page_memory()));
  arbiter_test::check_same_win_answers(*standard, *huge);
}

TEST_CASE("huge pages: the slider tables asked for one only where they are aligned to one",
          "[cli]") {
  // The tool aligns them (ARBITER_SLIDER_TABLES_ALIGN); the test program does not, and
  // the request would take a whole huge page around whatever lies near them.
  constexpr bool aligned =
      alignof(arbiter::detail::SliderTablesStorage) % arbiter_cli::huge_page_bytes == 0;
#if defined(__linux__)
  CHECK(arbiter_cli::huge_page_tables() == aligned);
#else
  CHECK_FALSE(arbiter_cli::huge_page_tables());
#endif
  // The tables answer as before.
  CHECK(arbiter::rook_attacks(arbiter::Square::A1, arbiter::Bitboard(0)) ==
        arbiter::Bitboard(0x01010101010101FEull));
}

#if defined(__linux__) && defined(__GLIBC__) && defined(ARBITER_CLI_PATH)
namespace {
// A counter of /proc/vmstat (0 if absent).
std::uint64_t vmstat(const std::string& name) {
  std::ifstream in("/proc/vmstat");
  std::string key;
  std::uint64_t value = 0;
  while (in >> key >> value)
    if (key == name) return value;
  return 0;
}

// Whether the system gives huge pages on request (transparent huge pages "always" or
// "madvise"); says so if not.
bool huge_pages_on_request() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string enabled;
  std::getline(setting, enabled);
  if (enabled.empty() || enabled.find("[never]") != std::string::npos) {
    WARN("transparent huge pages are off here (" << enabled << "): nothing to check");
    return false;
  }
  return true;
}

// A mapping of a process, as /proc/PID/smaps describes it.
struct Mapping {
  std::string name;            // "[heap]", a file, or empty
  long size_kib = 0;           // Size
  long huge_kib = 0;           // AnonHugePages: its memory in huge pages
  bool huge_eligible = false;  // THPeligible: it may be made of huge pages
};

std::vector<Mapping> mappings(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/smaps");
  std::vector<Mapping> out;
  for (std::string line; std::getline(in, line);) {
    unsigned long begin = 0, end = 0;
    char name[256] = "";
    if (std::sscanf(line.c_str(), "%lx-%lx %*s %*s %*s %*s %255s", &begin, &end, name) >= 2) {
      out.push_back({name, 0, 0, false});
      continue;
    }
    std::istringstream fields(line);
    std::string key;
    long value = 0;
    fields >> key >> value;
    if (out.empty()) continue;
    if (key == "Size:") out.back().size_kib = value;
    if (key == "AnonHugePages:") out.back().huge_kib = value;
    if (key == "THPeligible:") out.back().huge_eligible = value == 1;
  }
  return out;
}

// Whether the process `pid` has a mapping of exactly one huge page, all of it huge: the
// tool's slider tables (its other huge pages, the helpmate workspaces, are 4 or 8 MiB).
bool has_one_huge_page_mapping(pid_t pid) {
  for (const Mapping& m : mappings(pid))
    if (m.size_kib == 2048 && m.huge_kib == 2048) return true;
  return false;
}
}  // namespace

TEST_CASE("the tool's slider tables lie in one huge page where the system gives them", "[cli]") {
  if (!huge_pages_on_request()) return;
  const std::uint64_t fallbacks = vmstat("thp_fault_fallback");
  arbiter_test::Conversation tool(ARBITER_CLI_PATH, {"dead", "--quick", "-j", "1"});
  // One position answered (its header and its row): the tables are built by then.
  CHECK(tool.write("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1\n"));
  const bool answered = tool.read_lines(2);
  const bool huge = has_one_huge_page_mapping(tool.pid());
  INFO(tool.got());
  REQUIRE(answered);
  CHECK(tool.finish() == 0);
  // The system may still give small pages, where it had no huge one free at that moment.
  if (!huge && vmstat("thp_fault_fallback") != fallbacks) {
    WARN("the system had no huge page to give: nothing to check");
    return;
  }
  CHECK(huge);
}

TEST_CASE("the tool's heap is asked for huge pages", "[cli]") {
#if defined(__SANITIZE_ADDRESS__)
  WARN("a sanitizer's allocator: the heap is not asked for huge pages");
#else
  if (!huge_pages_on_request()) return;
  arbiter_test::Conversation tool(ARBITER_CLI_PATH, {"dead", "--quick", "-j", "1"});
  CHECK(tool.write("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1\n"));
  REQUIRE(tool.read_lines(2));
  // A part of the heap (the mappings /proc names [heap]) that may be made of huge pages.
  bool eligible = false;
  for (const Mapping& m : mappings(tool.pid()))
    eligible = eligible || (m.name == "[heap]" && m.huge_eligible);
  CHECK(tool.finish() == 0);
  CHECK(eligible);
#endif
}
#endif

#if defined(__linux__) && defined(__GLIBC__)
TEST_CASE("the heap asked for huge pages: allocations go on as before", "[cli]") {
  mallopt(M_TRIM_THRESHOLD, 256 << 20);  // what the tool sets (keep_freed_memory())
  const bool asked = arbiter_cli::huge_page_heap(std::size_t(16) << 20);
#if defined(__SANITIZE_ADDRESS__)
  CHECK_FALSE(asked);  // a sanitizer's allocator: nothing asked
#else
  CHECK(asked);
#endif
  std::vector<std::unique_ptr<unsigned char[]>> blocks;
  for (std::size_t size = 16; size <= (std::size_t(1) << 21); size *= 2) {
    blocks.push_back(std::make_unique<unsigned char[]>(size));
    std::memset(blocks.back().get(), int(size % 251), size);
  }
  bool kept = true;
  for (std::size_t i = 0, size = 16; i < blocks.size(); ++i, size *= 2)
    kept = kept && blocks[i][0] == size % 251 && blocks[i][size - 1] == size % 251;
  CHECK(kept);
}
#endif
