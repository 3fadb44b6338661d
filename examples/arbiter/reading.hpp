#pragma once
// How every command of the arbiter tool reads PGN: one reader, one set of options, one
// loop, so that one file gets one verdict from pgn, trace, audit and claim alike.
//
// The verdict: a game is bad when any part of its movetext cannot be read, its variations
// included. PGN (standard, 8.2.5) defines a variation (RAV) as moves that may legally be
// played in place of the move before it; a variation with an illegal move, a variation
// before any move, or variations nested deeper than the reader's limit make the game's PGN
// invalid. Every command reports such a game with the place (line, column, the move) and
// leaves it out: none rules on, or writes back, a game it could read only in part, so no
// part of the input is ever dropped silently. What a command writes (pgn --no-comments,
// --no-variations) never changes what is read and checked.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <arbiter/notation/pgn.hpp>

#include "in_order.hpp"

namespace arbiter_cli {

/// Checks that every input file (`-`: standard input, at most once) can be opened;
/// false, with a message on standard error, if one cannot.
bool inputs_readable(const std::vector<std::string>& files);

/// What a command may choose about reading; neither changes which games are bad, except
/// `strict`, a stricter standard asked for by name (pgn --strict).
struct Reading {
  bool strict = false;  ///< SAN in export form only, FEN tags valid as written
  bool comments =
      false;  ///< keep comments (to write them back); skipped comments are still checked
  bool chess960 =
      false;  ///< read every game as Chess960 (--chess960); else only by its Variant tag
};

struct ReadTotals {
  std::uint64_t games = 0;  ///< games read, good and bad
  std::uint64_t bad = 0;    ///< games that could not be read
  bool unreadable =
      false;  ///< a file could not be opened or read (an input/output error): exit status 2
};

/// One game as the reading loop delivers it: where it comes from, and the game or its error.
struct ReadGame {
  const std::string* label = nullptr;  ///< the file's name, or <stdin>
  std::uint64_t number = 0;            ///< 1-based over all the inputs, bad games included
  arbiter::PgnGame game;               ///< the game (a bad one: what was read, with its warnings)
  bool bad = false;                    ///< the game could not be read: `error` says why
  arbiter::PgnError error;
  std::uint64_t bytes = 0;  ///< bytes taken from the inputs so far (compressed bytes)
};

/// The one reading loop: every game of every file (`-`: standard input) in order, each
/// file plain or compressed (input.hpp).
class GameReader {
 public:
  GameReader(std::vector<std::string> files, const Reading& reading);
  ~GameReader();
  GameReader(const GameReader&) = delete;
  GameReader& operator=(const GameReader&) = delete;

  /// Reads the next game into `item` (its buffers reused); false after the last one.
  bool next(ReadGame& item);
  const ReadTotals& totals() const noexcept { return totals_; }

 private:
  struct Open;  // the file being read
  std::vector<std::string> files_, labels_;
  arbiter::PgnOptions options_;
  std::size_t file_ = 0;
  std::unique_ptr<Open> open_;
  std::uint64_t bytes_done_ = 0;  // bytes of the files finished
  ReadTotals totals_;
};

/// Reads every game of every file (`-`: standard input) in order: on_game(label, game)
/// for each good one, on_error(label, game, error) for each bad one (the game holds the
/// warnings met before the error), on_progress(games) every 1024 games. The label is the
/// file's name, or <stdin>. Stops once standard output has failed (nothing more could be
/// reported).
ReadTotals for_each_game(
    const std::vector<std::string>& files, const Reading& reading,
    const std::function<void(const std::string&, const arbiter::PgnGame&)>& on_game,
    const std::function<void(const std::string&, const arbiter::PgnGame&,
                             const arbiter::PgnError&)>& on_error,
    const std::function<void(std::uint64_t games)>& on_progress = {});

/// Reads every game like for_each_game, has `judge(const ReadGame&, Verdict&, unsigned
/// worker)` rule on each in `jobs` threads (-j), and hands each verdict to `emit(const ReadGame&,
/// Verdict&)` in input order in the calling thread (in_order.hpp); `emit` returns false to stop
/// (the output has failed).
template <class Verdict, class Judge, class Emit>
ReadTotals judge_games(const std::vector<std::string>& files, const Reading& reading, unsigned jobs,
                       Judge&& judge, Emit&& emit) {
  GameReader reader(files, reading);
  judge_in_order<ReadGame, Verdict>(
      jobs, [&](ReadGame& item) { return reader.next(item); }, judge, emit);
  return reader.totals();
}

}  // namespace arbiter_cli
