#pragma once
// fmt formatters for rulings, game endings, claims, editions and languages, with the
// text of explain.hpp (which needs the whole library: Game, claims, the audit). The
// chess types' formatters are in format.hpp, included here; link arbiter::format.
//
//   fmt::format("{}", Edition::Fide2023)            "FIDE 2023" ("{:ru}" "ФИДЕ 2023")
//   fmt::format("{}", Termination::Checkmate)       "checkmate" ("{:es}", "{:pt}", "{:ru}")
//   fmt::format("{}", ruling)                       a one-line summary in English
//
// Termination, ClaimKind, Inadmissible, GameError, Edition and TimeControl have names in
// several languages: they take a language code, "{:pt}", "{:es}", "{:ru}" ("{:en}" is the
// default), or the standard string specifications. Language, Claim and Ruling take the
// standard string specifications.

#include <string>
#include <string_view>
#include <vector>

#include "explain.hpp"
#include "format.hpp"

namespace arbiter {
namespace detail {

/// Plies as a list: "0, 4, 8".
inline std::string ply_list(const std::vector<GameRecord::Ply>& plies) {
  std::string s;
  for (std::size_t i = 0; i < plies.size(); ++i) s += (i ? ", " : "") + std::to_string(plies[i]);
  return s;
}

/// A one-line summary of a ruling in English, e.g. "incorrect threefold repetition claim
/// (9.2.2; the position occurred at plies 0, 4): +120 s to the opponent (9.5.3); must play g8f6".
inline std::string ruling_summary(const Ruling& r) {
  std::string s = !r.admissible() ? "inadmissible " : r.correct ? "correct " : "incorrect ";
  s += to_string(r.kind);
  s += " claim";
  if (r.with_intended) s += " with a written move";
  s += " (";
  s += *r.article ? r.article : "?";
  if (!r.admissible()) return s + "): " + to_string(r.inadmissible);
  if (r.kind == ClaimKind::Threefold) {
    s += "; the position occurred at plies " + ply_list(r.occurrences);
  } else {
    s += "; " + std::to_string(r.halfmoves) + " plies without pawn move or capture since ";
    s += r.last_reset == HalfmoveClock::none ? std::string("before the start")
         : r.last_reset == 0                 ? std::string("the start")
                                             : "ply " + std::to_string(r.last_reset);
  }
  s += ")";
  if (r.correct) return s + ": the game is drawn";
  s += ": +" + std::to_string(r.opponent_seconds_added) + " s to the opponent (";
  s += *r.penalty_article ? r.penalty_article : "?";
  s += ")";
  if (r.claimant_seconds_after >= 0)
    s += "; the claimant keeps " + std::to_string(r.claimant_seconds_after) + " s";
  if (r.must_play != Move::none())
    s += "; must play " + move_uci(r.must_play);
  else if (r.must_move_from != Square::None)
    s += "; must move the piece on " + to_string(r.must_move_from);
  else if (r.intended_illegal)
    s += "; any legal move";
  if (r.counts_as_offer) s += "; stands as a draw offer";
  return s;
}

/// Base of the formatters of names in several languages: a language code ("{:ru}"), or
/// the standard string specifications.
struct localized_formatter : text_formatter {
  Language language = Language::English;

  constexpr auto parse(fmt::format_parse_context& ctx) -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    const auto end = ctx.end();
    if (end - it >= 2 && (end - it == 2 || it[2] == '}')) {
      const std::string_view code(&*it, 2);
      for (Language l : all_languages) {
        if (code == language_code(l)) {
          language = l;
          return it + 2;
        }
      }
    }
    return text_formatter::parse(ctx);
  }
};

}  // namespace detail
}  // namespace arbiter

/// \cond
template <>
struct fmt::formatter<arbiter::Termination> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Termination& t, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::display_name(t, language), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::ClaimKind> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::ClaimKind& k, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::display_name(k, language), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::Inadmissible> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Inadmissible& i, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::describe(i, language), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::GameError> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::GameError& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::describe(e, language), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::Edition> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Edition& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::display_name(e, language), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::TimeControl> : arbiter::detail::localized_formatter {
  template <typename FormatContext>
  auto format(const arbiter::TimeControl& tc, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::display_name(tc, language), ctx);
  }
};

/// The language code: "en", "pt", "es", "ru".
template <>
struct fmt::formatter<arbiter::Language> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Language& l, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::language_code(l), ctx);
  }
};

/// "threefold repetition claim by black, on the board" or "... by white, written move g1f3".
template <>
struct fmt::formatter<arbiter::Claim> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Claim& c, FormatContext& ctx) const -> decltype(ctx.out()) {
    std::string s = std::string(arbiter::to_string(c.kind)) + " claim by " +
                    arbiter::detail::color_word(c.claimant);
    s += c.has_intended() ? ", written move " + arbiter::detail::move_uci(c.intended)
                          : std::string(", on the board");
    return write(s, ctx);
  }
};

/// A one-line summary in English; arbiter::explain() gives the full sentence in four languages.
template <>
struct fmt::formatter<arbiter::Ruling> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Ruling& r, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::detail::ruling_summary(r), ctx);
  }
};
/// \endcond
