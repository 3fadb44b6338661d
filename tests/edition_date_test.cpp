// The edition of the Laws in force on a game's date (laws.hpp edition_in_force(),
// Rules::in_force_on(); date.hpp parse_game_date()): the effective dates of the spec's
// section 18, the day before and the day of each; partial dates deciding only where their
// known part does; unknown dates; games before 1 July 1997; dates that are not dates.

#include <string>

#include <arbiter/laws.hpp>

#include "catch.hpp"

using namespace arbiter;

TEST_CASE("edition by date: the day before and the day of each effective date", "[laws][date]") {
  struct Row {
    const char* date;
    Edition edition;
    EditionBasis basis;
  };
  const Row rows[] = {
      {"1997.06.30", Edition::Fide1997, EditionBasis::BeforeFirst},
      {"1997.07.01", Edition::Fide1997, EditionBasis::Date},
      {"2001.06.30", Edition::Fide1997, EditionBasis::Date},
      {"2001.07.01", Edition::Fide2001, EditionBasis::Date},
      {"2005.06.30", Edition::Fide2001, EditionBasis::Date},
      {"2005.07.01", Edition::Fide2005, EditionBasis::Date},
      {"2009.06.30", Edition::Fide2005, EditionBasis::Date},
      {"2009.07.01", Edition::Fide2009, EditionBasis::Date},
      {"2014.06.30", Edition::Fide2009, EditionBasis::Date},
      {"2014.07.01", Edition::Fide2014, EditionBasis::Date},
      {"2017.06.30", Edition::Fide2014, EditionBasis::Date},
      {"2017.07.01", Edition::Fide2017, EditionBasis::Date},
      {"2017.12.31", Edition::Fide2017, EditionBasis::Date},
      {"2018.01.01", Edition::Fide2018, EditionBasis::Date},
      {"2022.12.31", Edition::Fide2018, EditionBasis::Date},
      {"2023.01.01", Edition::Fide2023, EditionBasis::Date},
      {"2026.12.01", Edition::Fide2023, EditionBasis::Date},
      // Partial dates: the known part decides, or it does not (then the latest edition).
      {"2010.??.??", Edition::Fide2009, EditionBasis::Date},
      {"2019.??.??", Edition::Fide2018, EditionBasis::Date},
      {"2018.??.??", Edition::Fide2018, EditionBasis::Date},
      {"2023.??.??", Edition::Fide2023, EditionBasis::Date},
      {"2014.??.??", Edition::Fide2023, EditionBasis::UndecidedDate},
      {"2017.??.??", Edition::Fide2023, EditionBasis::UndecidedDate},
      {"2014.06.??", Edition::Fide2009, EditionBasis::Date},
      {"2014.07.??", Edition::Fide2014, EditionBasis::Date},
      {"2014.??.15", Edition::Fide2023, EditionBasis::UndecidedDate},  // a day without a month
      {"1997.??.??", Edition::Fide1997, EditionBasis::Date},           // 1997 either way
      // Unknown dates: the latest edition.
      {"????.??.??", Edition::Fide2023, EditionBasis::UnknownDate},
      {"", Edition::Fide2023, EditionBasis::UnknownDate},
      {"????.07.01", Edition::Fide2023, EditionBasis::UnknownDate},
      // Before 1 July 1997: the 1997 edition, said to predate every edition.
      {"1886.??.??", Edition::Fide1997, EditionBasis::BeforeFirst},
      {"1886.01.11", Edition::Fide1997, EditionBasis::BeforeFirst},
      {"1997.06.??", Edition::Fide1997, EditionBasis::BeforeFirst},
  };
  for (const Row& row : rows) {
    INFO("'" << row.date << "'");
    const Result<GameDate, DateError> date = parse_game_date(row.date);
    REQUIRE(date);
    const EditionInForce in_force = edition_in_force(*date);
    CHECK(in_force.edition == row.edition);
    CHECK(in_force.basis == row.basis);
    // Rules::in_force_on gives the same edition, from the text or the date.
    const Result<Rules, DateError> rules = Rules::in_force_on(row.date, TimeControl::Blitz);
    REQUIRE(rules);
    CHECK(rules->edition == row.edition);
    CHECK(rules->time_control == TimeControl::Blitz);
    CHECK(Rules::in_force_on(*date).edition == row.edition);
  }
  // The effective dates as the table holds them.
  CHECK(in_force_from(Edition::Fide1997) == GameDate{1997, 7, 1});
  CHECK(in_force_from(Edition::Fide2018) == GameDate{2018, 1, 1});
  CHECK(in_force_from(Edition::Fide2023) == GameDate{2023, 1, 1});
  static_assert(edition_in_force(GameDate{2015, 3, 4}).edition == Edition::Fide2014);
}

TEST_CASE("edition by date: a Date tag that is not a PGN date is an error naming what and where",
          "[laws][date]") {
  struct Row {
    const char* date;
    DateErrorKind kind;
    std::size_t column;
    const char* message;
  };
  const Row rows[] = {
      {"1886", DateErrorKind::Form, 4,
       "the date '1886' is not a PGN date YYYY.MM.DD ('?' for a digit not known) (column 5)"},
      {"1886-01-11", DateErrorKind::Form, 4, nullptr},
      {"188a.01.11", DateErrorKind::Form, 3, nullptr},
      {"2014.13.01", DateErrorKind::Month, 5, "the date '2014.13.01' has no month 13 (column 6)"},
      {"2014.00.??", DateErrorKind::Month, 5, nullptr},
      {"2014.02.30", DateErrorKind::Day, 8,
       "the date '2014.02.30' has no day 30 in its month (column 9)"},
      {"2015.02.29", DateErrorKind::Day, 8, nullptr},
      {"0000.01.01", DateErrorKind::Year, 0, nullptr},
  };
  for (const Row& row : rows) {
    INFO("'" << row.date << "'");
    const Result<GameDate, DateError> date = parse_game_date(row.date);
    REQUIRE_FALSE(date);
    CHECK(date.error().kind == row.kind);
    CHECK(date.error().column == row.column);
    if (row.message) CHECK(date.error().message(row.date) == row.message);
    const Result<Rules, DateError> rules = Rules::in_force_on(row.date);
    REQUIRE_FALSE(rules);
    CHECK(rules.error().kind == row.kind);
  }
  // A leap day exists in a leap year.
  CHECK(parse_game_date("2016.02.29"));
  CHECK(parse_game_date("2000.02.29"));
  CHECK_FALSE(parse_game_date("1900.02.29"));
}
