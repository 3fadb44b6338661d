#pragma once
// How a game ended, and its result: the one termination vocabulary and the one result
// type of the library (Game, the audit, the PGN reader and writer all use them). No
// dependencies: laws.hpp maps each ending to the article of an edition, outcome.hpp and
// game.hpp decide them.

#include <cstdint>
#include <optional>
#include <string_view>

namespace arbiter {

/// How a game ended.
enum class Termination : std::uint8_t {
  None,                 ///< not ended
  Checkmate,            ///< 5.1.1
  Stalemate,            ///< 5.2.1
  DeadPosition,         ///< 5.2.2
  FivefoldRepetition,   ///< 9.6.1, automatic (2014 on)
  SeventyFiveMoves,     ///< 9.6.2, automatic (2014 on)
  ThreefoldClaim,       ///< 9.2, a correct claim
  FiftyMoveClaim,       ///< 9.3, a correct claim
  Agreement,            ///< 5.2.3 / 9.1
  Resignation,          ///< 5.1.2
  ResignationDraw,      ///< 5.1.2 (2023): resigned, but the opponent could not mate
  TimeForfeit,          ///< 6.9: the flag fell
  FlagFallDraw,         ///< 6.9: the flag fell, but the opponent could not mate
  IllegalPositionDraw,  ///< A.5.4 (2023) / A.4.4 (2017-18): rapid or blitz, an illegal position
                        ///< left standing
};
/// The number of Termination values (the size of per-termination tables).
inline constexpr int termination_count = int(Termination::IllegalPositionDraw) + 1;

/// The termination in words (English), as the tool and the audit print it.
constexpr const char* to_string(Termination t) noexcept {
  switch (t) {
    case Termination::None:
      return "none";
    case Termination::Checkmate:
      return "checkmate";
    case Termination::Stalemate:
      return "stalemate";
    case Termination::DeadPosition:
      return "dead position";
    case Termination::FivefoldRepetition:
      return "fivefold repetition";
    case Termination::SeventyFiveMoves:
      return "seventy-five-move rule";
    case Termination::ThreefoldClaim:
      return "threefold repetition claim";
    case Termination::FiftyMoveClaim:
      return "fifty-move rule claim";
    case Termination::Agreement:
      return "agreement";
    case Termination::Resignation:
      return "resignation";
    case Termination::ResignationDraw:
      return "resignation, but the opponent could not checkmate";
    case Termination::TimeForfeit:
      return "time forfeit";
    case Termination::FlagFallDraw:
      return "flag fall, but the opponent could not checkmate";
    case Termination::IllegalPositionDraw:
      return "illegal position left on the board";
  }
  return "?";
}

/// Whether the termination ends the game drawn.
constexpr bool is_draw(Termination t) noexcept {
  return t != Termination::None && t != Termination::Checkmate && t != Termination::Resignation &&
         t != Termination::TimeForfeit;
}

/// The result of a game, as PGN writes it. Where a result may be missing altogether (a
/// PGN game without a termination marker), it is a std::optional<GameResult>.
enum class GameResult : std::uint8_t {
  Ongoing,    ///< "*": not decided (the game goes on, was abandoned, or its result is unknown)
  WhiteWins,  ///< "1-0"
  BlackWins,  ///< "0-1"
  Draw,       ///< "1/2-1/2"
};

/// "*", "1-0", "0-1" or "1/2-1/2".
constexpr const char* to_pgn(GameResult r) noexcept {
  switch (r) {
    case GameResult::Ongoing:
      return "*";
    case GameResult::WhiteWins:
      return "1-0";
    case GameResult::BlackWins:
      return "0-1";
    case GameResult::Draw:
      return "1/2-1/2";
  }
  return "*";
}

/// The PGN text of a result that may be missing: "" for none.
constexpr const char* to_pgn(std::optional<GameResult> r) noexcept { return r ? to_pgn(*r) : ""; }

/// Reads a result as a termination marker or a Result tag writes it ("1-0", "0-1",
/// "1/2-1/2", "½-½", "*"); nothing for anything else.
constexpr std::optional<GameResult> parse_pgn_result(std::string_view s) noexcept {
  // By length first, then byte by byte: the reader asks about every move number ("12.")
  // too, and a string_view comparison there is an out-of-line call per candidate.
  switch (s.size()) {
    case 1:
      if (s[0] == '*') return GameResult::Ongoing;
      break;
    case 3:
      if (s[1] != '-') break;
      if (s[0] == '1' && s[2] == '0') return GameResult::WhiteWins;
      if (s[0] == '0' && s[2] == '1') return GameResult::BlackWins;
      break;
    case 5:
      if (s == "\xC2\xBD-\xC2\xBD") return GameResult::Draw;  // ½-½
      break;
    case 7:
      if (s == "1/2-1/2") return GameResult::Draw;
      break;
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace arbiter
