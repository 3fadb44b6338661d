#pragma once
// The rules of one game: those the command forced (--rules EDITION), or with --rules auto
// the edition of the Laws in force on the game's Date tag (laws.hpp edition_in_force()),
// and why that one. The reader records each game under them (reading.cpp) and the reports
// say which Laws they applied (rulings.cpp).

#include <string_view>

#include <arbiter/date.hpp>
#include <arbiter/laws.hpp>

namespace arbiter_cli {

/// Why a game is judged by the edition it is: forced by --rules; else (--rules auto) a Date
/// tag that is not a PGN date (the latest edition, said so), or what edition_in_force()
/// made of the date (arbiter::EditionBasis, in its order).
enum class RulesBasis { Forced, BadDate, Date, UnknownDate, UndecidedDate, BeforeFirst };
static_assert(int(RulesBasis::Date) + int(arbiter::EditionBasis::BeforeFirst) ==
                  int(RulesBasis::BeforeFirst),
              "RulesBasis ends with arbiter::EditionBasis");

/// The rules of one game, and why its edition.
struct GameRules {
  arbiter::Rules rules;                   ///< the rules to apply
  RulesBasis basis = RulesBasis::Forced;  ///< why this edition
};

/// The rules of the game dated `date` (its PGN Date tag): `base` (time control, readings,
/// the edition forced) unless `by_date`, then with the edition in force on that date.
inline GameRules rules_for(std::string_view date, bool by_date, const arbiter::Rules& base) {
  GameRules g{base, RulesBasis::Forced};
  if (!by_date) return g;
  const arbiter::Result<arbiter::GameDate, arbiter::DateError> parsed =
      arbiter::parse_game_date(date);
  const arbiter::EditionInForce in_force =
      arbiter::edition_in_force(parsed ? *parsed : arbiter::GameDate{});
  g.rules.edition = in_force.edition;
  g.basis = parsed ? RulesBasis(int(RulesBasis::Date) + int(in_force.basis)) : RulesBasis::BadDate;
  return g;
}

/// The JSON name of a basis (audit and claim --json: rules_basis).
inline const char* basis_name(RulesBasis b) {
  constexpr const char* names[] = {"forced",       "bad_date",       "date",
                                   "unknown_date", "undecided_date", "before_first_edition"};
  return names[int(b)];
}

}  // namespace arbiter_cli
