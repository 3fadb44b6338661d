#pragma once
// Helpers for the tests of translated texts (explain.hpp's messages, the tool's report):
// the placeholders of a text, whether it is in Cyrillic, whether it contains a part.

#include <set>
#include <string>

namespace arbiter_test {

// How many times `part` occurs in `text` (not overlapping).
inline std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + part.size()))
    ++n;
  return n;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// The placeholders of a message text, e.g. {"article", "edition"}.
inline std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> names;
  for (std::size_t open = text.find('{'); open != std::string::npos;
       open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    names.insert(text.substr(open + 1, close - open - 1));
  }
  return names;
}

/// Whether a UTF-8 text has a Cyrillic letter (U+0400-U+04FF: lead bytes 0xD0-0xD3).
inline bool has_cyrillic(const std::string& text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0xD0 && c <= 0xD3) return true;
  }
  return false;
}

}  // namespace arbiter_test
