#pragma once
// Position keys and signatures for repetition (FIDE Article 9.2.2; 2023: 9.2.3).
//
// Two positions are the same if the same player has the move, the same pieces stand
// on the same squares, and the possible moves of all the pieces are the same: the
// castling rights (lost only when king or rook moves, or the rook is captured) and
// en passant, which counts only where a *legal* en passant capture exists.
//
//  - fide_key():         64-bit Zobrist key by that rule, a FideKey (Position::key() keeps it
//                        incrementally; this computes it from scratch).
//  - polyglot_key():     the Polyglot opening-book key (a PolyglotKey: the two types do
//                        not mix, see position_key.hpp), whose en passant rule is
//                        pseudo-legal (a pawn of the side to move beside the pawn).
//  - PositionSignature:  an exact, compact description; equal if and only if the
//                        positions are the same under 9.2.3, so a repetition can be
//                        confirmed without trusting a hash.
//  - identity_key(), identity_signature(): the key and signature under either reading
//                        of "the same castling rights" (CastlingIdentity, E12).

#include <array>
#include <cstddef>
#include <cstdint>

#include "laws.hpp"  // CastlingIdentity
#include "movegen.hpp"
#include "position.hpp"

namespace arbiter {

/// The FIDE key computed from scratch; always equals Position::key(), which is kept
/// incrementally as moves are played.
inline FideKey fide_key(const Position& pos) noexcept { return pos.key_from_scratch(); }

/// The Polyglot opening-book key. Castling rights are keyed by side (Polyglot has no
/// Chess960 castling); the en passant file enters when a pawn of the side to move
/// stands beside the pawn that just advanced two squares, legal capture or not.
inline PolyglotKey polyglot_key(const Position& pos) noexcept {
  zobrist::Key k =
      pos.placement_key() ^ (pos.side_to_move() == Color::White ? zobrist::white_to_move : 0);
  for (Color c : {Color::White, Color::Black})
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
      if (pos.castling_rights().has(c, side)) k ^= zobrist::polyglot_castling(c, side);
  if (const Square ep = pos.en_passant_square(); ep != Square::None) {
    if (pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), PieceType::Pawn))
      k ^= zobrist::en_passant(file_of(ep));
  }
  return PolyglotKey(k);
}

/// An exact description of a position for repetition (9.2.2 / 9.2.3), in 32 bytes:
/// the occupied squares, a 4-bit code per occupied square (at most 32 pieces), and
/// the side to move, each castling right with its rook's file, and the file of a
/// legal en passant capture. Clocks are not part of it.
class PositionSignature {
 public:
  constexpr PositionSignature() noexcept = default;
  /// The signature of `pos`.
  explicit PositionSignature(const Position& pos) noexcept {
    const Bitboard occ = pos.occupied();
    words_[0] = occ;
    int n = 0;
    for (Bitboard b = occ; b; ++n) {
      const Square s = pop_lsb(b);
      const std::uint64_t code = std::uint64_t(pos.piece_on(s)) & 15;
      words_[1 + std::size_t(n) / 16] |= code << (4 * (n % 16));
    }
    std::uint64_t state = pos.side_to_move() == Color::White ? 1 : 0;
    for (Color c : {Color::White, Color::Black}) {
      for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide}) {
        const int right = Setup::right_index(c, side);
        if (pos.castling_rights().has(c, side))
          state |= std::uint64_t(8 | file_of(pos.castling_rook(c, side))) << (1 + 4 * right);
      }
    }
    if (pos.has_legal_en_passant())
      state |= std::uint64_t(8 | file_of(pos.en_passant_square())) << 17;
    words_[3] = state;
  }

  /// Drops the castling part, then adds rights one by one: for the reading where only
  /// castling moves legal now distinguish positions (spec E12).
  void clear_castling() noexcept { words_[3] &= ~(std::uint64_t(0xFFFF) << 1); }
  /// Adds one castling right, with the file of its rook (after clear_castling()).
  void add_castling(Color c, CastlingSide side, int rook_file) noexcept {
    words_[3] |= std::uint64_t(8 | rook_file) << (1 + 4 * Setup::right_index(c, side));
  }

  /** @{ */
  /// Same position for repetition (9.2.2): same pieces on the same squares, same side to move, same
  /// rights.
  friend bool operator==(const PositionSignature& a, const PositionSignature& b) noexcept {
    return a.words_ == b.words_;
  }
  friend bool operator!=(const PositionSignature& a, const PositionSignature& b) noexcept {
    return !(a == b);
  }
  /** @} */
  /// A well-mixed 64-bit hash of the signature (for hash tables).
  std::uint64_t hash() const noexcept {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (std::uint64_t w : words_) {
      h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9ULL;
    }
    return h ^ (h >> 31);
  }
  /// The four 64-bit words: occupancy, piece codes (two words), side, rights and en passant.
  const std::array<std::uint64_t, 4>& words() const noexcept { return words_; }

 private:
  std::array<std::uint64_t, 4> words_{};
};

/// Whether two positions are the same for repetition (9.2.2 / 9.2.3): what comparing
/// their PositionSignature says, read straight from the bitboards (no signature built).
/// The same pieces on the same squares, the same side to move, the same castling rights
/// with the same rooks, and a legal en passant capture in both on the same file or in
/// neither.
inline bool same_position(const Position& a, const Position& b) noexcept {
  if (a.side_to_move() != b.side_to_move() || a.pieces(Color::White) != b.pieces(Color::White) ||
      a.pieces(Color::Black) != b.pieces(Color::Black))
    return false;
  for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                      PieceType::Queen, PieceType::King})
    if (a.pieces(t) != b.pieces(t)) return false;
  if (a.castling_rights() != b.castling_rights()) return false;
  for (Color c : {Color::White, Color::Black})
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
      if (a.castling_rights().has(c, side) &&
          file_of(a.castling_rook(c, side)) != file_of(b.castling_rook(c, side)))
        return false;
  if (a.has_legal_en_passant() != b.has_legal_en_passant()) return false;
  return !a.has_legal_en_passant() ||
         file_of(a.en_passant_square()) == file_of(b.en_passant_square());
}

// ---------------------------------------------------------------------------------------
// Castling identity: which castling rights make two positions differ (spec 3.2, E12)
// ---------------------------------------------------------------------------------------

/// Calls `f(side, rook_file)` for each castling move legal in `pos`.
template <class F>
void for_each_legal_castle(const Position& pos, F&& f) {
  if (!pos.castling_rights().any(pos.side_to_move())) return;
  MoveList king_moves;
  generate_legal_moves(pos, king_moves,
                       MoveFilter{~Bitboard(0), MoveFilter::type_bit(PieceType::King)});
  for (Move m : king_moves)
    if (m.is_castling())
      f(index(m.to()) > index(m.from()) ? CastlingSide::KingSide : CastlingSide::QueenSide,
        file_of(m.to()));
}

/// The repetition key of a position under a castling identity: a FIDE key (with
/// CastlingIdentity::Rights, Position::key() itself).
inline FideKey identity_key(const Position& pos, CastlingIdentity identity) {
  if (identity == CastlingIdentity::Rights || !pos.castling_rights().any()) return pos.key();
  zobrist::Key k = pos.key().value();
  for (Color c : {Color::White, Color::Black})
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide})
      if (pos.castling_rights().has(c, side))
        k ^= zobrist::castling(c, side, file_of(pos.castling_rook(c, side)));
  for_each_legal_castle(pos, [&](CastlingSide side, int file) {
    k ^= zobrist::castling(pos.side_to_move(), side, file);
  });
  return FideKey(k);
}

/// The exact signature of a position under a castling identity.
inline PositionSignature identity_signature(const Position& pos, CastlingIdentity identity) {
  PositionSignature s(pos);
  if (identity == CastlingIdentity::PossibleMoves && pos.castling_rights().any()) {
    s.clear_castling();
    for_each_legal_castle(
        pos, [&](CastlingSide side, int file) { s.add_castling(pos.side_to_move(), side, file); });
  }
  return s;
}

}  // namespace arbiter
