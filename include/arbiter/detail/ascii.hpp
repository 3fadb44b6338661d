#pragma once
// ASCII case folding for the words the library reads in any case (PGN tag values such as
// Variant and Termination): locale-free, constexpr.

#include <cstddef>
#include <string_view>

namespace arbiter::detail {

constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

// Whether `a` and `b` are equal, ASCII letters compared in any case.
constexpr bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

}  // namespace arbiter::detail
