// The tool's JSON writer (examples/arbiter/json_writer.hpp): what it writes is what
// nlohmann-json writes for the same document (dump(-1, ' ', false, replace)), byte for
// byte, and nlohmann-json's parser reads it back as that document; strings of every kind
// (ASCII, escapes, control bytes, UTF-8, bytes that are not UTF-8).

#include "catch.hpp"

#if __has_include(<nlohmann/json.hpp>)
#include <random>
#include <string>
#include <vector>

#include "../examples/arbiter/json_writer.hpp"

using arbiter_cli::JsonWriter;
using nlohmann::json;

namespace {

std::string nlohmann_dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Random strings: mostly printable ASCII, with escapes, control bytes, UTF-8 sequences of
// every length, and now and then a byte that breaks UTF-8.
std::string random_string(std::mt19937& rng, bool valid) {
  static const char* const pieces[] = {
      "a",  "Z",  " ",    "\"",   "\\",   "/", "\n", "\t",           "\b",
      "\f", "\r", "\x01", "\x1f", "\x7f", "é", "Ð¶", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
  static const char* const broken[] = {"\xC3", "\xE2\x82", "\xF0\x9F\x98", "\xFF",
                                       "\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80"};
  std::string s;
  const int n = int(rng() % 12);
  for (int i = 0; i < n; ++i) s += pieces[rng() % (sizeof pieces / sizeof *pieces)];
  if (!valid) s.insert(rng() % (s.size() + 1), broken[rng() % (sizeof broken / sizeof *broken)]);
  return s;
}

}  // namespace

TEST_CASE("json writer: strings as nlohmann-json writes them", "[cli][json]") {
  std::mt19937 rng(11);
  int invalid = 0;
  for (int i = 0; i < 4000; ++i) {
    const std::string s = random_string(rng, i % 4 != 0);
    std::string mine;
    arbiter_cli::append_json_string(mine, s);
    INFO("string of " << s.size() << " bytes, written " << mine);
    REQUIRE(mine == nlohmann_dump(json(s)));
    // Valid UTF-8 reads back as itself.
    if (arbiter::detail::valid_utf8(s))
      REQUIRE(json::parse(mine).get<std::string>() == s);
    else
      ++invalid;
  }
  CHECK(invalid > 900);
  // The reader's UTF-8 check the writer relies on: overlong forms, surrogates, beyond
  // U+10FFFF, cut sequences.
  CHECK(arbiter::detail::valid_utf8("plain"));
  CHECK(arbiter::detail::valid_utf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF"));
  for (const char* bad : {"\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5",
                          "\xC3", "\xE2\x82", "\x80", "a\xC3("})
    CHECK_FALSE(arbiter::detail::valid_utf8(bad));
}

TEST_CASE("json writer: the eight-byte test of strings that need no escape", "[cli][json]") {
  // needs_no_escape() reads eight bytes at a time: every byte value at every place of
  // strings of 0 to 24 bytes (whole words, a tail, both), against the byte-by-byte rule.
  const auto plain = [](const std::string& s) {
    for (const char ch : s) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
  };
  long escaped = 0;
  for (std::size_t size = 1; size <= 24; ++size)
    for (std::size_t at = 0; at < size; ++at)
      for (int byte = 0; byte < 256; ++byte) {
        std::string s(size, byte % 2 ? '~' : ' ');  // the edges of printable ASCII around it
        s[at] = char(byte);
        INFO("byte " << byte << " at " << at << " of " << size);
        REQUIRE(arbiter_cli::needs_no_escape(s) == plain(s));
        escaped += !plain(s);
      }
  CHECK(arbiter_cli::needs_no_escape(""));
  // 300 places; 162 byte values need an escape (below 0x20, 0x80 and above, '"' and '\\').
  CHECK(escaped == 300 * 162);
}

TEST_CASE("json writer: documents as nlohmann-json writes them, and read back", "[cli][json]") {
  std::mt19937 rng(12);
  for (int i = 0; i < 500; ++i) {
    // An object like an audit line: strings, numbers, booleans, null, nested objects and
    // arrays, written in nlohmann-json's (sorted) key order.
    const std::string a = random_string(rng, i % 5 != 0), b = random_string(rng, true);
    const std::uint64_t big = (std::uint64_t(rng()) << 32) | rng();
    const std::int32_t negative = -std::int32_t(rng() % 100000);
    std::vector<std::uint32_t> plies(rng() % 4);
    for (std::uint32_t& p : plies) p = rng() % 500;
    json want = {{"alpha", a},      {"big", big},           {"flag", i % 2 == 0},
                 {"none", nullptr}, {"negative", negative}, {"plies", plies}};
    want["nested"] = json{{"inner", b}, {"list", json::array({json{{"x", 1}}, json{{"y", "z"}}})}};
    want["empty"] = json::array();
    std::string mine;
    JsonWriter w(mine);
    w.begin_object().key("alpha").value(a).key("big").value(big);
    w.key("empty").begin_array().end_array();
    w.key("flag").value(i % 2 == 0).key("negative").value(negative);
    w.key("nested").begin_object().key("inner").value(b).key("list").begin_array();
    w.begin_object().key("x").value(std::int32_t(1)).end_object();
    w.begin_object().key("y").value("z").end_object();
    w.end_array().end_object();
    w.key("none").null().key("plies").begin_array();
    for (std::uint32_t p : plies) w.value(p);
    w.end_array().end_object();
    INFO(mine);
    REQUIRE(mine == nlohmann_dump(want));
    REQUIRE(json::parse(mine) == json::parse(nlohmann_dump(want)));
  }
}

#endif
