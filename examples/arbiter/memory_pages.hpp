#pragma once
// The tool's memory with fewer page faults. A fault costs 7 to 11 us in the VMs the tool
// was measured on, and a program that touches new memory takes one for every 4 KiB:
//   - huge_page_memory(): the tables of the helpmate analysis (arbiter::WorkspaceMemory)
//     in pages of 2 MiB. The full mode's transposition table is 4 MiB, touched all over by
//     its hashing, so a process faulted it in page by page, about a thousand faults for
//     each workspace: at `audit -j 2` on the TCEC file, about 4% of the CPU time. In huge
//     pages it takes two.
//   - huge_page_tables(): the slider attack tables (0.9 MB of zero-initialised static
//     memory), which the tool aligns to a huge page (ARBITER_SLIDER_TABLES_ALIGN,
//     examples/CMakeLists.txt), asked to be one: building them took a fault for each of
//     their 230 pages, 1.7-2.9 ms; in one huge page, 0.4-0.6 ms. (The rest of the static
//     memory was once made present in one system call too. Since the tables' alignment put
//     them in a segment of their own, with unmapped addresses before it, that call failed
//     (ENOMEM); made segment by segment, it zeroed the 2 MiB of alignment padding before the
//     tables, 0.35 ms more to an empty audit than the few faults it saved. Removed.)
//   - huge_page_heap(): the standard allocator's heap (glibc's main arena) asked to be made
//     of huge pages from the start, every thread made to allocate there. The tool's
//     buffers (input blocks, records, the -j slots' verdicts) are warmed up once, but each
//     4 KiB of them first touched cost a fault: at `audit --json -j 2` on the TCEC file,
//     1,166 faults in all became 287 (-j 1: 523, 247), and the wall time 4% less (-j 1: 2%).
//
// Linux only: mmap and madvise(MADV_HUGEPAGE), which asks for huge pages where the system
// gives them on request (/sys/kernel/mm/transparent_hugepage/enabled "madvise" or
// "always"). Elsewhere, and where the system refuses, the standard allocator's memory or plain
// faults: the answers are the same, only the faults differ.

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include <arbiter/attacks.hpp>
#include <arbiter/unwinnable.hpp>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace arbiter_cli {

/// The size of a huge page (x86-64 and most 64-bit Linux systems).
inline constexpr std::size_t huge_page_bytes = std::size_t(2) << 20;

/// The tool's M_MMAP_THRESHOLD (main.cpp, keep_freed_memory()): a block of this size or
/// more is a mapping of its own, not a part of the heap.
inline constexpr int mapped_block_bytes = 1 << 20;

#if defined(__linux__)
namespace detail {

// `bytes` rounded up to whole huge pages.
constexpr std::size_t huge_page_span(std::size_t bytes) noexcept {
  return (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
}

// Anonymous memory (zeroed by the system, whatever `zeroed` says), aligned to a huge page
// so that every 2 MiB of it can be one: a mapping one huge page longer, cut to the aligned
// part.
inline void* map_huge(std::size_t bytes, bool /*zeroed*/) noexcept {
  if (bytes == 0 || bytes > (std::size_t(1) << 40)) return nullptr;
  const std::size_t span = huge_page_span(bytes);
  void* const mapped = ::mmap(nullptr, span + huge_page_bytes, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return nullptr;
  const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = huge_page_span(start);
  const std::size_t head = aligned - start;
  char* const memory = reinterpret_cast<char*>(aligned);
  if (head) ::munmap(mapped, head);
  ::munmap(memory + span, huge_page_bytes - head);  // the tail (a whole page if head is 0)
  ::madvise(memory, span, MADV_HUGEPAGE);           // a request: refused, the pages are plain ones
  return memory;
}

inline void unmap_huge(void* memory, std::size_t bytes) noexcept {
  ::munmap(memory, huge_page_span(bytes));
}

}  // namespace detail
#endif

/// Asks for the slider tables in a huge page (see the top), where the program aligns them to
/// one: true if asked, false where it cannot be (another system, tables not aligned), which
/// changes nothing but the faults. Call it before the tables are built.
inline bool huge_page_tables() noexcept {
#if defined(__linux__)
  auto& tables = arbiter::detail::slider_tables_storage;
  if constexpr (alignof(arbiter::detail::SliderTablesStorage) % huge_page_bytes == 0)
    return ::madvise(&tables, sizeof tables, MADV_HUGEPAGE) == 0;
#endif
  return false;
}

/// Asks for the standard allocator's heap in huge pages, `bytes` of it (4 to 16 MiB; see
/// the top): true if asked, false where it cannot be (another system or allocator, a
/// sanitizer's, a heap that is not one piece of memory), which changes nothing but the
/// faults. Call it once, at the start, before the threads: it makes every thread allocate
/// from the one heap (M_ARENA_MAX 1; a thread's own arena is a mapping of its own, out of
/// reach here), which costs no waiting in the tool, whose threads allocate nothing per game
/// once warmed up. The allocator must keep what is freed (M_TRIM_THRESHOLD above `bytes`,
/// as the tool sets it: main.cpp, keep_freed_memory()).
inline bool huge_page_heap(std::size_t bytes) noexcept {
#if defined(__linux__) && defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(ARBITER_NO_HUGE_PAGE_HEAP)
  if (bytes < 2 * huge_page_bytes || bytes > (std::size_t(16) << 20)) return false;
  ::mallopt(M_ARENA_MAX, 1);
  // A block that takes `bytes` from the heap's top, the huge pages it spans asked for, and
  // the block given back: it joins the top, which later allocations are cut from. Then the
  // start of the block, below the first huge page, taken for good (never touched beyond
  // its header), so that what comes next is cut from the huge pages. Both from the heap,
  // not mappings of their own: the threshold raised for them.
  static void* kept_aside = nullptr;
  ::mallopt(M_MMAP_THRESHOLD, int(bytes) + mapped_block_bytes);
  bool asked = false;
  if (char* const block = static_cast<char*>(std::malloc(bytes))) {
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(block);
    const std::uintptr_t top = reinterpret_cast<std::uintptr_t>(::sbrk(0));
    const std::uintptr_t first = detail::huge_page_span(start + 64);  // past the header
    const std::uintptr_t last = (start + bytes) / huge_page_bytes * huge_page_bytes;
    const bool in_heap = start < top && start + bytes <= top && first < last;
    if (in_heap) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    std::free(block);
    // Given back to the system on free() (a trim threshold below `bytes`), it is of no use.
    if (in_heap && reinterpret_cast<std::uintptr_t>(::sbrk(0)) >= last) {
      kept_aside = std::malloc(first - start - 32);
      asked = kept_aside != nullptr;
    }
  }
  ::mallopt(M_MMAP_THRESHOLD, mapped_block_bytes);
  return asked;
#else
  static_cast<void>(bytes);
  return false;
#endif
}

/// Where the tool's helpmate workspaces take their tables: huge pages on Linux, the
/// standard allocator elsewhere.
inline arbiter::WorkspaceMemory huge_page_memory() noexcept {
#if defined(__linux__)
  return {&detail::map_huge, &detail::unmap_huge};
#else
  return {};
#endif
}

}  // namespace arbiter_cli
