#pragma once
// Eight bytes at a time: the tests that let the PGN reader skip a run of ordinary
// characters (a tag value, text with no byte above 0x7F) and the tool's JSON writer pass
// a string that needs no escape, a word per step instead of a byte. Portable: the word is
// read with memcpy and only asked whether some byte matches, never which one, so the
// byte order does not matter.

#include <cstdint>
#include <cstring>

namespace arbiter::detail {

inline constexpr std::uint64_t byte_ones = 0x0101010101010101ULL;
inline constexpr std::uint64_t byte_highs = 0x8080808080808080ULL;

/// The eight bytes at `p`.
inline std::uint64_t load_word(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

/// Nonzero exactly when some byte of `w` is below `n` (1 to 0x80). The lowest such byte
/// takes no borrow from below and wraps to 0x80 or more, its own high bit clear in `w`;
/// a byte at or above `n` takes a borrow only from a lower byte below `n` (so answers only
/// where the answer is already yes), and a byte at or above 0x80 never answers (`& ~w`).
constexpr std::uint64_t bytes_below(std::uint64_t w, unsigned n) noexcept {
  return (w - n * byte_ones) & ~w & byte_highs;
}

/// Nonzero exactly when some byte of `w` equals `c`: a zero byte of `w` ^ c..c.
constexpr std::uint64_t has_byte(std::uint64_t w, unsigned char c) noexcept {
  return bytes_below(w ^ (c * byte_ones), 1);
}

/// Nonzero exactly when some byte of `w` is at or above 0x80.
constexpr std::uint64_t has_high_byte(std::uint64_t w) noexcept { return w & byte_highs; }

}  // namespace arbiter::detail
