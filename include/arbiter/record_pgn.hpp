#pragma once
// Between the PGN game model (PgnGame) and the one history of a game (GameRecord, Game):
// a PGN game's main line becomes the record that the claims, the automatic endings and
// the audit read, replayed once.

#include "notation/pgn_game.hpp"
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

}  // namespace arbiter
