#pragma once
// The Zobrist numbers behind arbiter's keys. Pieces, side to move and en passant
// files are the Polyglot book numbers, and so are the castling numbers for rooks on
// the a- and h-files: for every standard position whose en passant status agrees,
// the FIDE key equals the Polyglot key. Chess960 castling rights are keyed per rook
// file (FIDE 9.2.2 / 9.2.3: a right is tied to its rook), with extra numbers drawn
// from a fixed SplitMix64 sequence.

#include <array>
#include <cstdint>

#include "detail/polyglot_random.hpp"
#include "types.hpp"

namespace arbiter::detail {
// Polyglot's piece kind, 2 * type + (white ? 1 : 0), by the piece's own value (one load
// where the key is updated several times a move).
inline constexpr std::uint8_t polyglot_kind[16] = {1, 3, 5, 7, 9, 11, 0, 0,
                                                   0, 2, 4, 6, 8, 10, 0, 0};
}  // namespace arbiter::detail

namespace arbiter::zobrist {

using Key = std::uint64_t;

/// Polyglot's piece index: black pawn 0, white pawn 1, ..., white king 11.
constexpr Key piece(Piece p, Square s) noexcept {
  return detail::polyglot_random[64 * detail::polyglot_kind[std::size_t(p) & 15] + index(s)];
}
constexpr Key en_passant(int file) noexcept { return detail::polyglot_random[772 + file]; }
/// XORed in when White is to move (Polyglot's convention).
inline constexpr Key white_to_move = detail::polyglot_random[780];
/// Polyglot's four castling numbers, indexed 2 * colour + side.
constexpr Key polyglot_castling(Color c, CastlingSide side) noexcept {
  return detail::polyglot_random[768 + 2 * int(c) + int(side)];
}

namespace detail {
constexpr Key splitmix64(Key& state) noexcept {
  Key z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
// [colour][side][rook file]: the castling right of `colour` on `side` with its rook on that file.
constexpr std::array<std::array<std::array<Key, 8>, 2>, 2> make_castling_table() noexcept {
  std::array<std::array<std::array<Key, 8>, 2>, 2> t{};
  Key state = 0x4172626974657221ULL;  // "Arbiter!"
  for (int c = 0; c < 2; ++c)
    for (int side = 0; side < 2; ++side)
      for (int f = 0; f < 8; ++f)
        t[std::size_t(c)][std::size_t(side)][std::size_t(f)] = splitmix64(state);
  for (int c = 0; c < 2; ++c) {
    t[std::size_t(c)][0][7] = polyglot_castling(Color(c), CastlingSide::KingSide);
    t[std::size_t(c)][1][0] = polyglot_castling(Color(c), CastlingSide::QueenSide);
  }
  return t;
}
inline constexpr auto castling_table = make_castling_table();
}  // namespace detail

/// The number for one castling right, given the file of its rook.
constexpr Key castling(Color c, CastlingSide side, int rook_file) noexcept {
  return detail::castling_table[std::size_t(c)][std::size_t(side)][std::size_t(rook_file)];
}

}  // namespace arbiter::zobrist
