// The tool's memory with fewer page faults (examples/arbiter/memory_pages.hpp): huge pages
// for the helpmate workspaces (aligned, zeroed, writable, given back; a workspace in them
// answers as one from the standard allocator), and the static memory made present at once
// (its contents kept).
#include "catch.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

#if defined(__linux__)
#include <sys/utsname.h>
#endif

#include <arbiter/unwinnable.hpp>

#include "../examples/arbiter/memory_pages.hpp"
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

namespace {
// Zero-initialised static memory (.bss), some of it written before the call.
unsigned char static_block[3 * 4096 + 100];
}  // namespace

TEST_CASE("static memory made present at once keeps its contents", "[cli]") {
  for (std::size_t i = 0; i < sizeof static_block; i += 7) static_block[i] = std::uint8_t(i | 1);
  const bool populated = arbiter_cli::populate_static_memory();
  bool kept = true;
  for (std::size_t i = 0; i < sizeof static_block; ++i)
    kept = kept && static_block[i] == (i % 7 == 0 ? std::uint8_t(i | 1) : 0);
  CHECK(kept);
#if defined(__linux__) && defined(__GLIBC__)
  // MADV_POPULATE_WRITE exists from Linux 5.14: there the call must succeed.
  utsname system{};
  REQUIRE(uname(&system) == 0);
  int major = 0, minor = 0;
  REQUIRE(std::sscanf(system.release, "%d.%d", &major, &minor) == 2);
  INFO(system.release);
  if (major > 5 || (major == 5 && minor >= 14)) CHECK(populated);
#else
  CHECK_FALSE(populated);
#endif
}
