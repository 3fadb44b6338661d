#pragma once
// A game's date as the PGN Date tag writes it (PGN standard 8.1.1.3): "YYYY.MM.DD", where
// a field whose digits are not known is written with '?' ("1886.??.??", "????.??.??").
// The tool and Rules::in_force_on() read it to choose the edition of the Laws in force on
// the day (laws.hpp). A text not in that form is an error naming the field and the
// column, never a silent guess.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "result.hpp"

namespace arbiter {

/// A calendar date with unknown parts: 0 stands for "unknown" in each field.
struct GameDate {
  int year = 0;   ///< 0: unknown (then month and day are unknown too)
  int month = 0;  ///< 1-12; 0: unknown (then the day is unknown too)
  int day = 0;    ///< 1-31; 0: unknown

  /// Whether nothing is known of the date (no year).
  constexpr bool unknown() const noexcept { return year == 0; }
  /// Whether day, month and year are all known.
  constexpr bool complete() const noexcept { return year != 0 && month != 0 && day != 0; }
  /// Equal dates: every field the same (unknown equal to unknown).
  friend constexpr bool operator==(const GameDate& a, const GameDate& b) noexcept {
    return a.year == b.year && a.month == b.month && a.day == b.day;
  }
  /// Different dates.
  friend constexpr bool operator!=(const GameDate& a, const GameDate& b) noexcept {
    return !(a == b);
  }
};

/// What is wrong with a Date tag.
enum class DateErrorKind : std::uint8_t {
  Form,   ///< not "YYYY.MM.DD": four, two and two digits (or '?'), separated by '.'
  Year,   ///< the year 0000
  Month,  ///< a month outside 01-12
  Day,    ///< a day outside the days of that month
};

/// Why a Date tag cannot be read: what, and the 0-based column of the character at fault.
struct DateError {
  DateErrorKind kind = DateErrorKind::Form;  ///< what is wrong
  std::size_t column = 0;                    ///< where (0-based)

  /// "the date '1886.13.01' has no month 13 (column 6)".
  std::string message(std::string_view text) const {
    std::string out = "the date '" + std::string(text) + "' ";
    switch (kind) {
      case DateErrorKind::Form:
        out += "is not a PGN date YYYY.MM.DD ('?' for a digit not known)";
        break;
      case DateErrorKind::Year:
        out += "has the year 0000";
        break;
      case DateErrorKind::Month:
        out += "has no month " + std::string(text.substr(5, 2));
        break;
      case DateErrorKind::Day:
        out += "has no day " + std::string(text.substr(8, 2)) + " in its month";
        break;
    }
    return out + " (column " + std::to_string(column + 1) + ")";
  }
};

namespace detail {
constexpr bool is_leap_year(int y) noexcept { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
constexpr int days_in_month(int y, int m) noexcept {
  constexpr int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap_year(y) ? 29 : days[m - 1];
}
}  // namespace detail

/// Reads a PGN Date tag: "1886.01.11", "2014.??.??", "????.??.??". A field is known only
/// when all its digits are; a month of an unknown year, or a day of an unknown month, is
/// dropped (it places the game nowhere). An empty text (no Date tag) is an unknown date.
inline Result<GameDate, DateError> parse_game_date(std::string_view text) noexcept {
  GameDate date;
  if (text.empty()) return date;
  if (text.size() != 10)
    return fail(DateError{DateErrorKind::Form, text.size() < 10 ? text.size() : std::size_t(10)});
  int* const fields[3] = {&date.year, &date.month, &date.day};
  constexpr std::size_t starts[3] = {0, 5, 8}, ends[3] = {4, 7, 10};
  bool known[3] = {true, true, true};
  for (int f = 0; f < 3; ++f) {
    if (f > 0 && text[starts[f] - 1] != '.')
      return fail(DateError{DateErrorKind::Form, starts[f] - 1});
    int value = 0;
    for (std::size_t i = starts[f]; i < ends[f]; ++i) {
      const char c = text[i];
      if (c == '?')
        known[f] = false;
      else if (c >= '0' && c <= '9')
        value = value * 10 + (c - '0');
      else
        return fail(DateError{DateErrorKind::Form, i});
    }
    *fields[f] = known[f] ? value : 0;
  }
  if (known[0] && date.year == 0) return fail(DateError{DateErrorKind::Year, 0});
  if (known[1] && (date.month < 1 || date.month > 12))
    return fail(DateError{DateErrorKind::Month, 5});
  if (known[2] && (date.day < 1 || date.day > 31)) return fail(DateError{DateErrorKind::Day, 8});
  if (known[0] && known[1] && known[2] &&
      (date.day < 1 || date.day > detail::days_in_month(date.year, date.month)))
    return fail(DateError{DateErrorKind::Day, 8});
  if (!known[2] || !known[1]) date.day = 0;
  if (!known[1] || !known[0]) date.month = date.day = 0;
  if (!known[0]) date.year = 0;
  return date;
}

}  // namespace arbiter
