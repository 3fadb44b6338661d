#pragma once
// Perft: the number of leaf nodes of the legal move tree to a given depth, the
// standard cross-check of a move generator. The last ply is counted, not played.

#include <cstdint>

#include "movegen.hpp"

namespace arbiter {

/// The number of leaf nodes of the legal move tree of `pos` to `depth` plies (1 at depth 0).
inline std::uint64_t perft(const Position& pos, int depth) noexcept {
  if (depth <= 0) return 1;
  if (depth == 1) return std::uint64_t(legal_move_count(pos));
  MoveList moves;
  generate_legal_moves(pos, moves);
  std::uint64_t nodes = 0;
  // Perft counts moves, never keys: each child played without the FIDE key
  // (KeyUpdate::Skip keeps the en passant square that move generation reads).
  for (Move m : moves) {
    Position next = pos;
    next.play_in_place<Position::KeyUpdate::Skip>(m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

/// Perft split by the first move: calls `on_move(Move, std::uint64_t nodes)` for each
/// legal move in generation order and returns the total.
template <class OnMove>
std::uint64_t perft_divide(const Position& pos, int depth, OnMove&& on_move) {
  if (depth <= 0) return 1;
  std::uint64_t total = 0;
  for (Move m : legal_moves(pos)) {
    const std::uint64_t n = perft(pos.play_unchecked(m), depth - 1);
    on_move(m, n);
    total += n;
  }
  return total;
}

}  // namespace arbiter
