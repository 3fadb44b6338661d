#pragma once
// Version, compiler helpers and the assertion macro shared by every arbiter header.

/// \namespace arbiter
/// Rulings on draws and game endings by the FIDE Laws of Chess: the board and its moves,
/// keys and repetition, notation (FEN, SAN, UCI, PGN), the rules editions, claims,
/// automatic endings, the Game and the audit of recorded games.

// The version of arbiter (semantic versioning). The top-level CMakeLists.txt's
// project(VERSION) decides it; CMake refuses to configure when these lines disagree.
#define ARBITER_VERSION_MAJOR 0
#define ARBITER_VERSION_MINOR 2
#define ARBITER_VERSION_PATCH 0
#define ARBITER_VERSION_STRING "0.2.0"
// One number for comparisons in #if: 10000 * major + 100 * minor + patch.
#define ARBITER_VERSION \
  (ARBITER_VERSION_MAJOR * 10000 + ARBITER_VERSION_MINOR * 100 + ARBITER_VERSION_PATCH)

#if defined(__GNUC__) || defined(__clang__)
#define ARBITER_FORCE_INLINE inline __attribute__((always_inline))
#define ARBITER_COLD __attribute__((noinline, cold))
#define ARBITER_NOINLINE __attribute__((noinline))
#define ARBITER_LIKELY(x) __builtin_expect(!!(x), 1)
#define ARBITER_UNLIKELY(x) __builtin_expect(!!(x), 0)
#elif defined(_MSC_VER)
#define ARBITER_FORCE_INLINE __forceinline
#define ARBITER_COLD __declspec(noinline)
#define ARBITER_NOINLINE __declspec(noinline)
#define ARBITER_LIKELY(x) (x)
#define ARBITER_UNLIKELY(x) (x)
#else
#define ARBITER_FORCE_INLINE inline
#define ARBITER_COLD
#define ARBITER_NOINLINE
#define ARBITER_LIKELY(x) (x)
#define ARBITER_UNLIKELY(x) (x)
#endif

// ARBITER_POPCNT_CLONES: a function built twice, for x86-64 processors with POPCNT and for
// the others, one chosen once when the program starts (GCC's target_clones: an ifunc,
// resolved by glibc's loader), where the build's flags leave POPCNT out (x86-64's default
// target, which every processor since 2008 exceeds). Elsewhere, with other compilers or
// with -DARBITER_NO_POPCNT_CLONES: nothing, the function built once for the flags given.
#include <climits>  // defines __GLIBC__ where the C library is glibc
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) && \
    defined(__GLIBC__) && !defined(__POPCNT__) && !defined(ARBITER_NO_POPCNT_CLONES)
#define ARBITER_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define ARBITER_POPCNT_CLONES
#endif

// ARBITER_ASSERT checks preconditions of the unchecked (engine) paths in debug
// builds. It never throws: it aborts, so it works with -fno-exceptions.
#ifndef ARBITER_ASSERT
#ifdef NDEBUG
#define ARBITER_ASSERT(cond) ((void)0)
#else
#include <cassert>
#define ARBITER_ASSERT(cond) assert(cond)
#endif
#endif
