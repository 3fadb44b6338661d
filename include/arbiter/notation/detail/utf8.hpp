#pragma once
// UTF-8 helpers of the PGN reader: validation, Latin-1 conversion of text that is not
// UTF-8, and cutting a string without splitting a character.

#include <cstddef>
#include <string>
#include <string_view>

#include "../../detail/byte_words.hpp"

namespace arbiter {
namespace detail {

/// Whether `s` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
inline bool valid_utf8(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* e = p + s.size();
  while (p < e) {
    const unsigned c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    std::size_t n;
    unsigned min;
    if ((c & 0xE0) == 0xC0)
      n = 1, min = 0x80;
    else if ((c & 0xF0) == 0xE0)
      n = 2, min = 0x800;
    else if ((c & 0xF8) == 0xF0)
      n = 3, min = 0x10000;
    else
      return false;
    if (std::size_t(e - p) <= n) return false;
    unsigned cp = c & (0x3F >> n);
    for (std::size_t i = 1; i <= n; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    p += n + 1;
  }
  return true;
}

/// Whether `s` has a byte at or above 0x80 (eight bytes at a time).
inline bool has_high_bytes(std::string_view s) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8)
    if (has_high_byte(load_word(s.data() + i))) return true;
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80) return true;
  return false;
}

/// Whether latin1_to_utf8_if_needed() converts `s`: it has bytes >= 0x80 and is not
/// already valid UTF-8.
inline bool is_latin1_to_convert(std::string_view s) noexcept {
  return has_high_bytes(s) && !valid_utf8(s);
}

/// Converts `s` in place from Latin-1 to UTF-8 if it has bytes >= 0x80 and is not
/// already valid UTF-8.
inline void latin1_to_utf8_if_needed(std::string& s, std::string& scratch) {
  if (!is_latin1_to_convert(s)) return;
  scratch.clear();
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      scratch += ch;
    } else {
      scratch += char(0xC0 | (c >> 6));
      scratch += char(0x80 | (c & 0x3F));
    }
  }
  s.swap(scratch);
}

/// Cuts `s` to at most `max` bytes without splitting a UTF-8 sequence.
inline void utf8_truncate(std::string& s, std::size_t max) {
  if (s.size() <= max) return;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  s.resize(n);
}

}  // namespace detail
}  // namespace arbiter
