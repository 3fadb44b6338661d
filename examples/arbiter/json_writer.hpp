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

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <arbiter/notation/detail/utf8.hpp>
#include <nlohmann/json.hpp>

namespace arbiter_cli {

/// Makes `out` longer by `n` bytes and returns where they start, for the caller to fill:
/// a piece written at once costs one length check instead of one per character.
inline char* extend(std::string& out, std::size_t n) {
  const std::size_t at = out.size();
  out.resize(at + n);
  return &out[at];
}

/// Whether `s` is printable ASCII with nothing to escape (written as it is, in quotes).
/// Eight bytes at a time (the tool writes a file name, a tag or a move per value), with
/// the library's word tests (arbiter/detail/byte_words.hpp): a byte at or above 0x80, a
/// byte below 0x20, '"' or '\\'.
inline bool needs_no_escape(std::string_view s) noexcept {
  using namespace arbiter::detail;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    const std::uint64_t w = load_word(s.data() + i);
    if (has_high_byte(w) | bytes_below(w, 0x20) | has_byte(w, '"') | has_byte(w, '\\'))
      return false;
  }
  for (; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

/// Writes `s` in quotes at `p` (room for s.size() + 2 bytes; `s` needs no escape) and
/// returns the end.
inline char* write_quoted(char* p, std::string_view s) noexcept {
  *p++ = '"';
  std::char_traits<char>::copy(p, s.data(), s.size());
  p += s.size();
  *p++ = '"';
  return p;
}

/// Appends `s` to `out` as a JSON string, as nlohmann-json writes it (see the top).
inline void append_json_string(std::string& out, std::string_view s) {
  // Most strings (tags, names, moves) are printable ASCII with nothing to escape: one
  // scan, one piece.
  if (needs_no_escape(s)) {
    write_quoted(extend(out, s.size() + 2), s);
    return;
  }
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
///
/// Why a cursor of its own. Each piece (a key, a value, a comma) was appended to the
/// string, and every append or resize of a std::string is a call into the library with its
/// own length checks: about 15,000 instructions per line of the audit on the TCEC file.
/// The writer instead takes room at the string's end in large steps and writes through a
/// pointer; the string is cut to what was written once the document is complete (its
/// outermost value closed), or when the writer goes away, so the caller sees only what was
/// written whenever it may look.
class JsonWriter {
 public:
  /// Appends to `out`.
  explicit JsonWriter(std::string& out) noexcept : out_(out) {}
  ~JsonWriter() { commit(); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  /// An object: its members follow, then end_object().
  JsonWriter& begin_object() { return open('{'); }
  /// The end of the innermost object.
  JsonWriter& end_object() { return close('}'); }
  /// An array: its values follow, then end_array().
  JsonWriter& begin_array() { return open('['); }
  /// The end of the innermost array.
  JsonWriter& end_array() { return close(']'); }

  /// The name of the next member: an ASCII literal, not escaped, whose length is known
  /// when compiling (its bytes copied by a few moves, not a call into the C library).
  template <std::size_t N>
  JsonWriter& key(const char (&name)[N]) {
    // The comma, the quoted name and the colon in one piece.
    const std::size_t comma = needs_comma() ? 1 : 0;
    char* p = room(comma + N + 2);  // N - 1 bytes, two quotes and the colon
    if (comma) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, name, N - 1);
    p += N - 1;
    *p++ = '"';
    *p++ = ':';
    at_ = p;
    after_key_ = true;
    return *this;
  }

  /// A string value.
  JsonWriter& value(std::string_view s) {
    const std::size_t comma = needs_comma() ? 1 : 0;
    if (needs_no_escape(s)) {
      char* p = room(comma + s.size() + 2);
      if (comma) *p++ = ',';
      at_ = write_quoted(p, s);
    } else {
      if (comma) put(',');
      commit();  // the string's own appends follow what was written
      append_json_string(out_, s);
    }
    return finished();
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
  JsonWriter& value(bool b) { return word(b ? std::string_view("true") : "false"); }
  /// null.
  JsonWriter& null() { return word("null"); }

 private:
  // Room for `n` more bytes at the cursor (the string grown past its end if need be).
  char* room(std::size_t n) {
    if (!at_) at_ = end_ = out_.data() + out_.size();  // first write, or after a commit
    if (std::size_t(end_ - at_) < n) {
      const std::size_t used = std::size_t(at_ - out_.data());
      out_.resize(std::max(2 * out_.size(), used + n + 256));
      at_ = out_.data() + used;
      end_ = out_.data() + out_.size();
    }
    return at_;
  }
  // Cuts the string to what was written; the next write starts at its end again.
  void commit() {
    if (!at_) return;
    out_.resize(std::size_t(at_ - out_.data()));
    at_ = end_ = nullptr;
  }
  // After a value or a close: the document is complete once nothing is open.
  JsonWriter& finished() {
    if (depth_ == 0) commit();
    return *this;
  }
  void put(char c) {
    *room(1) = c;
    ++at_;
  }
  JsonWriter& word(std::string_view w) {
    const std::size_t comma = needs_comma() ? 1 : 0;
    char* p = room(comma + w.size());
    if (comma) *p++ = ',';
    std::char_traits<char>::copy(p, w.data(), w.size());
    at_ = p + w.size();
    return finished();
  }
  template <class Int>
  JsonWriter& number(Int n) {
    const std::size_t comma = needs_comma() ? 1 : 0;
    char* p = room(comma + 20);  // the comma, then at most 20 digits (or a sign and 19)
    if (comma) *p++ = ',';
    at_ = std::to_chars(p, p + 20, n).ptr;
    return finished();
  }
  // A comma before every value of an object or array but its first (a member's value
  // follows its key directly): whether the next value needs one (and it is then placed).
  bool needs_comma() {
    if (after_key_) {
      after_key_ = false;
      return false;
    }
    if (depth_ == 0 || depth_ > max_depth) return false;
    const bool comma = !first_[depth_ - 1];
    first_[depth_ - 1] = false;
    return comma;
  }
  JsonWriter& open(char c) {
    if (needs_comma()) put(',');
    put(c);
    if (depth_ < max_depth) first_[depth_] = true;
    ++depth_;
    return *this;
  }
  JsonWriter& close(char c) {
    put(c);
    if (depth_ > 0) --depth_;
    return finished();
  }

  static constexpr std::size_t max_depth = 16;
  std::string& out_;
  char* at_ = nullptr;   // the cursor in out_'s buffer (none: nothing written since a commit)
  char* end_ = nullptr;  // the end of out_'s buffer as resized (room past at_)
  bool first_[max_depth] = {};
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace arbiter_cli
