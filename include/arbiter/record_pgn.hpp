#pragma once
// Between the PGN game model (PgnGame) and the one history of a game (GameRecord, Game):
// a PGN game's main line becomes the record that the claims, the automatic endings and
// the audit read, replayed once (record_from_pgn), or a Game that goes on from there
// (game_from_pgn); a Game becomes a PGN game to write (pgn_from_game, then write_pgn).
// Without a PgnGame at all, PgnRecorder records the main line while a PgnReader reads it:
// each move resolved once and played once (by the reader), what the audit of a database
// needs.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "game.hpp"
#include "notation/pgn_game.hpp"
#include "notation/pgn_reader.hpp"
#include "record.hpp"

namespace arbiter {

/// The record of a PGN game's main line under `rules` (how positions are compared, E12;
/// whether the FEN tag's halfmove clock counts, E13): the start position and every move
/// up to the first null move. A null move (`--`, PGN's "pass") is no move of chess, so
/// nothing after it can be ruled on: the record stops there, and record.ply() is less
/// than game.main_line.moves.size().
inline GameRecord record_from_pgn(const PgnGame& game, const Rules& rules) {
  GameRecord record(game.start, rules);
  record.reserve(game.main_line.moves.size());
  for (const PgnMove& m : game.main_line.moves) {
    if (!m.move) break;
    record.play(m.move);
  }
  return record;
}

/// A PgnVisitor that records each game's main line into a GameRecord while a PgnReader
/// reads it, with no PgnGame: the reader resolves each move once and plays it once, and
/// the record takes the position it played (GameRecord::play(m, after)). Like
/// record_from_pgn() it records up to the first null move, under the rules given;
/// variations are read (and checked) by the reader but not recorded. The record is reset
/// at each game's movetext and keeps its buffers: game after game read into the same
/// record allocates nothing once it has held the longest game. A command that needs tags
/// derives from it and overrides tag(); one that overrides begin_game() calls this one.
class PgnRecorder : public PgnVisitor {
 public:
  /// Records into `record` (reset at each game) under `rules`.
  PgnRecorder(GameRecord& record, const Rules& rules) : record_(record), rules_(rules) {}

  /// A new game: its number noted, no result yet, the main line not yet stopped.
  void begin_game(std::uint64_t number, std::uint64_t /*line*/) override {
    number_ = number;
    result_.reset();
    depth_ = 0;
    stopped_ = false;
    pending_ = Move::none();
  }
  /// The record starts again from the game's start position.
  PgnAction begin_movetext(const Position& start) override {
    record_.reset(start, rules_);
    return PgnAction::Continue;
  }
  /// A main-line move, recorded when played() gives its position; a null move stops the
  /// record.
  void move(const Position& /*before*/, Move move, std::string_view /*san*/) override {
    if (depth_ != 0 || stopped_) return;
    stopped_ = !move;  // a null move: nothing after it can be ruled on
    pending_ = move;
  }
  /// The position the last main-line move led to, recorded without playing the move again.
  void played(const Position& after) override {
    if (depth_ != 0 || !pending_) return;
    record_.play(pending_, after);
    pending_ = Move::none();
  }
  /// The main line's positions are in the record, up to a null move.
  bool keeps_main_line() const override { return true; }
  /// The record's position before its last move (none once a null move stopped it).
  const Position* main_line_before_last() const override {
    if (depth_ != 0 || stopped_ || record_.ply() == 0) return nullptr;
    return &record_.position(record_.ply() - 1);
  }
  /// A variation: read, not recorded.
  void begin_variation() override { ++depth_; }
  /// The end of a variation.
  void end_variation() override { --depth_; }
  /// The termination marker, kept.
  void result(GameResult result) override { result_ = result; }

  /// The game's number in the stream (1-based), as begin_game() gave it.
  std::uint64_t number() const noexcept { return number_; }
  /// The termination marker read (none if there was none).
  std::optional<GameResult> result() const noexcept { return result_; }
  /// The record being built.
  const GameRecord& record() const noexcept { return record_; }

 protected:
  /// The rules the record starts again under at the next movetext: for a recorder that
  /// learns them from the game's tags (the Laws in force on its Date), set before
  /// begin_movetext() so that the record is reset once.
  void use_rules(const Rules& rules) noexcept { rules_ = rules; }

 private:
  GameRecord& record_;
  Rules rules_;
  std::uint64_t number_ = 0;
  std::optional<GameResult> result_;
  std::size_t depth_ = 0;  // variation depth: only depth 0, the main line, is recorded
  bool stopped_ = false;   // a null move was met on the main line
  Move pending_ = Move::none();
};

/// Why a PGN game could not be loaded into a Game: the first move the Game refused.
struct PgnLoadError {
  GameRecord::Ply ply = 0;  ///< the ply that move would have made (1 = the first)
  GameError error =
      GameError::IllegalMove;  ///< GameOver: the game had ended before it; IllegalMove: a null move

  /// The error in words, naming the ply: "ply 12: ...".
  std::string message() const {
    return "ply " + std::to_string(ply) + ": " +
           (error == GameError::IllegalMove ? std::string("a null move is no move of chess")
                                            : to_string(error));
  }
};

/// A PGN game's main line played into a Game under `options`, the first `plies` moves of
/// it (all by default). A move the Game refuses (one after the game ended, e.g. after a
/// fivefold repetition, 9.6.1; a null move) is an error naming its ply: the moves before
/// it load (game_from_pgn(game, options, error.ply - 1)).
inline Result<Game, PgnLoadError> game_from_pgn(const PgnGame& pgn, const GameOptions& options = {},
                                                std::size_t plies = SIZE_MAX) {
  Game game(pgn.start, options);
  GameRecord::Ply ply = 0;
  for (const PgnMove& m : pgn.main_line.moves) {
    if (ply == plies) break;
    ++ply;
    if (!m.move) return fail(PgnLoadError{ply, GameError::IllegalMove});
    if (const Result<void, GameError> r = game.play(m.move); !r)
      return fail(PgnLoadError{ply, r.error()});
  }
  return game;
}

/// A Game as a PGN game: its start position, its moves (standard SAN), and its result in
/// the Result tag and the termination marker ("*" while it goes on). The caller adds the
/// other tags; write_pgn() writes the seven-tag roster with "?" where they are missing.
inline PgnGame pgn_from_game(const Game& game) {
  PgnGame pgn;
  const GameRecord& record = game.record();
  pgn.start = record.start();
  pgn.main_line.moves.reserve(record.ply());
  for (GameRecord::Ply p = 1; p <= record.ply(); ++p) {
    PgnMove m;
    m.move = record.move(p);
    m.san = to_san(record.position(p - 1), m.move);
    pgn.main_line.moves.push_back(std::move(m));
  }
  pgn.result = game.result();
  pgn.set_tag("Result", to_pgn(game.result()));
  return pgn;
}

}  // namespace arbiter
