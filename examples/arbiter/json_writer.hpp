#pragma once
// A JSON writer for the tool's hot paths (the audit writes one line per game): values
// appended to a reused std::string, with no allocation per value. Its output is byte for
// byte what nlohmann-json's dump(-1, ' ', false, error_handler_t::replace) writes for the
// same document, which is what the tool wrote before (tests/cli_json_writer_test.cpp
// checks both, against nlohmann-json's parser and its writer):
//   - no spaces; members in the order written, so the caller writes them in nlohmann-json's
//     order (std::map: keys sorted bytewise);
//   - strings: '"' and '\\' escaped, \b \t \n \f \r, other bytes below 0x20 as \u00xx (lower
//     case), everything else (UTF-8 included, 0x7F too) as it is;
//   - a string that is not valid UTF-8 is handed to nlohmann-json itself (which replaces the
//     invalid bytes with U+FFFD): rare (tags are converted from Latin-1 by the reader), and
//     that way its exact replacement rules need no second copy here.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <arbiter/notation/detail/utf8.hpp>
#include <nlohmann/json.hpp>

namespace arbiter_cli {

/// Appends `s` to `out` as a JSON string, as nlohmann-json writes it (see the top).
inline void append_json_string(std::string& out, std::string_view s) {
  if (!arbiter::detail::valid_utf8(s)) {
    out += nlohmann::json(std::string(s))
               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  out += '"';
  std::size_t plain = 0;  // the start of the bytes not yet appended
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    out += '\\';
    switch (c) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '\b':
        out += 'b';
        break;
      case '\t':
        out += 't';
        break;
      case '\n':
        out += 'n';
        break;
      case '\f':
        out += 'f';
        break;
      case '\r':
        out += 'r';
        break;
      default: {
        static constexpr char hex[] = "0123456789abcdef";
        const char code[] = {'u', '0', '0', hex[c >> 4], hex[c & 15]};
        out.append(code, sizeof code);
      }
    }
  }
  out.append(s.data() + plain, s.size() - plain);
  out += '"';
}

/// Writes one JSON document into a string, member by member: begin_object(), key(...) and
/// a value, ..., end_object(). Commas are placed by the writer. Keys are the caller's
/// literals (plain ASCII, written as they are). Nesting up to 16 deep.
class JsonWriter {
 public:
  /// Appends to `out`.
  explicit JsonWriter(std::string& out) noexcept : out_(out) {}

  /// An object: its members follow, then end_object().
  JsonWriter& begin_object() { return open('{'); }
  /// The end of the innermost object.
  JsonWriter& end_object() { return close('}'); }
  /// An array: its values follow, then end_array().
  JsonWriter& begin_array() { return open('['); }
  /// The end of the innermost array.
  JsonWriter& end_array() { return close(']'); }

  /// The name of the next member (an ASCII literal, not escaped).
  JsonWriter& key(std::string_view name) {
    separate();
    out_ += '"';
    out_.append(name.data(), name.size());
    out_ += "\":";
    after_key_ = true;
    return *this;
  }

  /// A string value.
  JsonWriter& value(std::string_view s) {
    separate();
    append_json_string(out_, s);
    return *this;
  }
  /// A string value (a C string; nullptr writes null).
  JsonWriter& value(const char* s) { return s ? value(std::string_view(s)) : null(); }
  /// An integer value.
  JsonWriter& value(std::uint64_t n) { return number(n); }
  /// An integer value.
  JsonWriter& value(std::int64_t n) { return number(n); }
  /// An integer value.
  JsonWriter& value(std::uint32_t n) { return number(n); }
  /// An integer value.
  JsonWriter& value(std::int32_t n) { return number(n); }
  /// true or false.
  JsonWriter& value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    return *this;
  }
  /// null.
  JsonWriter& null() {
    separate();
    out_ += "null";
    return *this;
  }

 private:
  template <class Int>
  JsonWriter& number(Int n) {
    separate();
    char buffer[24];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, n);
    out_.append(buffer, std::size_t(r.ptr - buffer));
    return *this;
  }
  // A comma before every value of an object or array but its first (a member's value
  // follows its key directly).
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0 && depth_ <= max_depth) {
      if (!first_[depth_ - 1]) out_ += ',';
      first_[depth_ - 1] = false;
    }
  }
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    if (depth_ < max_depth) first_[depth_] = true;
    ++depth_;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    if (depth_ > 0) --depth_;
    return *this;
  }

  static constexpr std::size_t max_depth = 16;
  std::string& out_;
  bool first_[max_depth] = {};
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace arbiter_cli
