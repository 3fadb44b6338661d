#pragma once
// The vocabulary of the board: colours, piece types, pieces, squares, moves and
// castling rights. Everything here is a small value type with no dependencies.

#include <cstdint>

#include "config.hpp"

// Marks that arbiter's chess vocabulary is in this translation unit (the isolation
// test of repetition.hpp checks that it is not).
#define ARBITER_CHESS_TYPES_INCLUDED 1

namespace arbiter {

/// The two sides: White moves first (Article 1.2).
enum class Color : std::uint8_t { White = 0, Black = 1 };

/// The other colour.
constexpr Color operator~(Color c) noexcept { return Color(int(c) ^ 1); }
/// 0 for White, 1 for Black: the index of per-colour tables.
constexpr int index(Color c) noexcept { return int(c); }

/// The six kinds of piece (Article 2.2); `None` marks the absence of one.
enum class PieceType : std::uint8_t { Pawn = 0, Knight, Bishop, Rook, Queen, King, None };

/// 0 (pawn) to 5 (king): the index of per-type tables.
constexpr int index(PieceType t) noexcept { return int(t); }

/// A coloured piece: colour in bit 3, type in bits 0-2. `Piece::None` is an empty square.
enum class Piece : std::uint8_t {
  WhitePawn = 0,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  None = 6,
  BlackPawn = 8,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
};

/// The piece of colour `c` and type `t`.
constexpr Piece make_piece(Color c, PieceType t) noexcept { return Piece((int(c) << 3) | int(t)); }
/// The type of a piece (`PieceType::None` for `Piece::None`).
constexpr PieceType type_of(Piece p) noexcept { return PieceType(int(p) & 7); }
/// The colour of a piece (meaningless for `Piece::None`).
constexpr Color color_of(Piece p) noexcept { return Color(int(p) >> 3); }

/// Squares a1 = 0 ... h8 = 63, file-major within a rank.
enum class Square : std::uint8_t {
  // clang-format off
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  None = 64
  // clang-format on
};

/// 0 (a1) to 63 (h8); 64 for `Square::None`.
constexpr int index(Square s) noexcept { return int(s); }
/// The square on file 0-7 (a-h) and rank 0-7 (1-8).
constexpr Square make_square(int file, int rank) noexcept { return Square(rank * 8 + file); }
/// The file, 0 (a) to 7 (h).
constexpr int file_of(Square s) noexcept { return int(s) & 7; }
/// The rank, 0 (1) to 7 (8).
constexpr int rank_of(Square s) noexcept { return int(s) >> 3; }
/// Whether `s` is one of the 64 squares (not `Square::None`).
constexpr bool is_ok(Square s) noexcept { return int(s) < 64; }
/// The same square seen from Black's side (rank mirrored) when `c` is Black.
constexpr Square relative_square(Color c, Square s) noexcept {
  return Square(int(s) ^ (int(c) * 56));
}
/// The rank as seen by `c`: 0 is the player's own first rank.
constexpr int relative_rank(Color c, Square s) noexcept { return rank_of(s) ^ (int(c) * 7); }
/// The direction a pawn of colour `c` advances, as a square-index offset.
constexpr int pawn_push(Color c) noexcept { return c == Color::White ? 8 : -8; }

/// One castling right. Chess960 has at most one right per side of the king, so the
/// four rights name the rook by the side it stands on (`KingSide` = towards the h-file).
enum class CastlingSide : std::uint8_t { KingSide = 0, QueenSide = 1 };

/// A set of castling rights: bit (2 * colour + side).
class CastlingRights {
 public:
  /** @{ */
  /// The single rights as bits (2 * colour + side), and all four together.
  static constexpr std::uint8_t WhiteKingSide = 1, WhiteQueenSide = 2, BlackKingSide = 4,
                                BlackQueenSide = 8, All = 15;
  /** @} */

  constexpr CastlingRights() noexcept = default;
  /// The rights whose bits are set in `bits` (bits above the four are ignored).
  constexpr explicit CastlingRights(std::uint8_t bits) noexcept : bits_(std::uint8_t(bits & All)) {}

  /// The bit of one right.
  static constexpr std::uint8_t bit(Color c, CastlingSide s) noexcept {
    return std::uint8_t(1u << (2 * int(c) + int(s)));
  }
  /// The bits of both rights of one colour.
  static constexpr std::uint8_t of(Color c) noexcept { return std::uint8_t(3u << (2 * int(c))); }

  /// Whether the right of colour `c` on side `s` is in the set.
  constexpr bool has(Color c, CastlingSide s) const noexcept { return bits_ & bit(c, s); }
  /// Whether any right is left.
  constexpr bool any() const noexcept { return bits_ != 0; }
  /// Whether colour `c` has any right left.
  constexpr bool any(Color c) const noexcept { return bits_ & of(c); }
  /// The set as bits (2 * colour + side).
  constexpr std::uint8_t bits() const noexcept { return bits_; }
  /// Adds one right.
  constexpr void set(Color c, CastlingSide s) noexcept { bits_ = std::uint8_t(bits_ | bit(c, s)); }
  /// Removes one right.
  constexpr void clear(Color c, CastlingSide s) noexcept {
    bits_ = std::uint8_t(bits_ & ~bit(c, s));
  }
  /// Removes both rights of colour `c` (its king has moved).
  constexpr void clear(Color c) noexcept { bits_ = std::uint8_t(bits_ & ~of(c)); }
  /** @{ */
  /// Same set of rights.
  friend constexpr bool operator==(CastlingRights a, CastlingRights b) noexcept {
    return a.bits_ == b.bits_;
  }
  friend constexpr bool operator!=(CastlingRights a, CastlingRights b) noexcept {
    return a.bits_ != b.bits_;
  }
  /** @} */

 private:
  std::uint8_t bits_ = 0;
};

/// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2).
/// Castling is stored as "king takes own rook" so that standard chess and Chess960
/// share one representation; notation/uci.hpp writes it either way.
class Move {
 public:
  /// What kind of move: a plain move or capture, a promotion, an en passant capture, castling.
  enum class Kind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

  /// Trivial, so that move lists need no initialisation: `Move m;` is indeterminate,
  /// `Move m{}` and Move::none() are the null move.
  Move() noexcept = default;
  /// A normal move (or capture) from `from` to `to`.
  constexpr Move(Square from, Square to) noexcept
      : data_(std::uint16_t(index(from) | (index(to) << 6))) {}
  /// A promotion to anything but a knight, bishop, rook or queen is no move: it makes
  /// Move::none(), which no position accepts (it is never encoded as another promotion).
  constexpr Move(Square from, Square to, Kind kind,
                 PieceType promotion = PieceType::Knight) noexcept
      : data_(kind == Kind::Promotion && !is_promotion_piece(promotion)
                  ? std::uint16_t(0)
                  : std::uint16_t(index(from) | (index(to) << 6) |
                                  ((int(promotion) - 1) & 3) << 12 | int(kind) << 14)) {}

  /// The pieces a pawn may promote to (FIDE 3.7.5.1): knight, bishop, rook, queen.
  static constexpr bool is_promotion_piece(PieceType t) noexcept {
    return t == PieceType::Knight || t == PieceType::Bishop || t == PieceType::Rook ||
           t == PieceType::Queen;
  }

  /// The null move (a1-a1): no move, as in "no intended move written".
  static constexpr Move none() noexcept { return Move(Square::A1, Square::A1); }
  /// A pawn promotion to `t` (knight, bishop, rook or queen).
  static constexpr Move promotion(Square from, Square to, PieceType t) noexcept {
    return Move(from, to, Kind::Promotion, t);
  }
  /// An en passant capture: the capturing pawn's square and the square it moves to.
  static constexpr Move en_passant(Square from, Square to) noexcept {
    return Move(from, to, Kind::EnPassant);
  }
  /// Castling: the king's square and the castling rook's square.
  static constexpr Move castling(Square king, Square rook) noexcept {
    return Move(king, rook, Kind::Castling);
  }

  /** @{ */
  /// The fields: origin, destination (the rook's square for castling), kind, promotion piece.
  constexpr Square from() const noexcept { return Square(data_ & 63); }
  constexpr Square to() const noexcept { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const noexcept { return Kind(data_ >> 14); }
  constexpr PieceType promotion_type() const noexcept { return PieceType(((data_ >> 12) & 3) + 1); }
  /** @} */
  /** @{ */
  /// Whether the move is of that kind.
  constexpr bool is_promotion() const noexcept { return kind() == Kind::Promotion; }
  constexpr bool is_castling() const noexcept { return kind() == Kind::Castling; }
  constexpr bool is_en_passant() const noexcept { return kind() == Kind::EnPassant; }
  /** @} */
  /// The 16-bit encoding: from (bits 0-5), to (6-11), promotion (12-13), kind (14-15).
  constexpr std::uint16_t raw() const noexcept { return data_; }
  /// Whether this is a move at all (false for Move::none()).
  constexpr explicit operator bool() const noexcept { return data_ != 0; }

  /** @{ */
  /// Same encoding.
  friend constexpr bool operator==(Move a, Move b) noexcept { return a.data_ == b.data_; }
  friend constexpr bool operator!=(Move a, Move b) noexcept { return a.data_ != b.data_; }
  /** @} */

 private:
  std::uint16_t data_;
};

}  // namespace arbiter
