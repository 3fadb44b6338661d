#pragma once
// Bitboards: a 64-bit set of squares (bit i = square i), and the few bit tricks
// the move generator needs.

#include <cstdint>

#include "types.hpp"

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

namespace arbiter {

/// A set of squares, one bit per square (bit 0 = a1, bit 63 = h8).
using Bitboard = std::uint64_t;

/** @{ */
/// Files a and h, ranks 1 and 8, and the dark and light squares (a1 is dark).
inline constexpr Bitboard FileA = 0x0101010101010101ULL;
inline constexpr Bitboard FileH = FileA << 7;
inline constexpr Bitboard Rank1 = 0xFFULL;
inline constexpr Bitboard Rank8 = Rank1 << 56;
inline constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark
inline constexpr Bitboard LightSquares = ~DarkSquares;
/** @} */
/// The set of the one square `s`.
constexpr Bitboard square_bb(Square s) noexcept { return Bitboard(1) << index(s); }
/// The squares of file 0-7 (a-h).
constexpr Bitboard file_bb(int file) noexcept { return FileA << file; }
/// The squares of rank 0-7 (1-8).
constexpr Bitboard rank_bb(int rank) noexcept { return Rank1 << (8 * rank); }
/// Whether `s` is in `b`.
constexpr bool contains(Bitboard b, Square s) noexcept { return (b >> index(s)) & 1; }
/// Whether `b` holds two squares or more.
constexpr bool more_than_one(Bitboard b) noexcept { return b & (b - 1); }

/// The number of squares in `b` (POPCNT when the build enables it).
ARBITER_FORCE_INLINE int popcount(Bitboard b) noexcept {
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_popcountll(b);
#elif defined(_MSC_VER) && defined(_M_X64) && !defined(__clang__)
  return int(__popcnt64(b));
#else
  // Portable SWAR count: faster than libgcc's table when no POPCNT instruction is enabled.
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#endif
}

/// The lowest square of a non-empty bitboard.
ARBITER_FORCE_INLINE Square lsb(Bitboard b) noexcept {
  ARBITER_ASSERT(b);
#if defined(__GNUC__) || defined(__clang__)
  return Square(__builtin_ctzll(b));
#else
  unsigned long i;
  _BitScanForward64(&i, b);
  return Square(i);
#endif
}

/// Removes and returns the lowest square of a non-empty bitboard.
ARBITER_FORCE_INLINE Square pop_lsb(Bitboard& b) noexcept {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

/// Shifts every square one step in a direction, dropping squares that would wrap.
template <int Delta>
constexpr Bitboard shift(Bitboard b) noexcept {
  if constexpr (Delta == 8)
    return b << 8;
  else if constexpr (Delta == -8)
    return b >> 8;
  else if constexpr (Delta == 16)
    return b << 16;
  else if constexpr (Delta == -16)
    return b >> 16;
  else if constexpr (Delta == 1)
    return (b & ~FileH) << 1;
  else if constexpr (Delta == -1)
    return (b & ~FileA) >> 1;
  else if constexpr (Delta == 9)
    return (b & ~FileH) << 9;
  else if constexpr (Delta == 7)
    return (b & ~FileA) << 7;
  else if constexpr (Delta == -7)
    return (b & ~FileH) >> 7;
  else if constexpr (Delta == -9)
    return (b & ~FileA) >> 9;
  else
    static_assert(Delta == 8, "unsupported shift");
}

}  // namespace arbiter
