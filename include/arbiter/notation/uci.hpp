#pragma once
// UCI long algebraic notation: "e2e4", "e7e8q", and castling written either as the
// king's two-square move ("e1g1", standard chess) or as king-takes-rook ("e1h1",
// Chess960 and UCI_Chess960 engines).

#include <string>
#include <string_view>

#include "../movegen.hpp"

namespace arbiter {

/// The square in algebraic notation ("e4"); "-" for Square::None.
inline std::string to_string(Square s) {
  if (s == Square::None) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

/// Writes a legal move of `pos` in UCI notation. Castling is king-takes-rook when
/// `king_takes_rook` is true (the default for Chess960 positions), else the king's move.
inline std::string to_uci(const Position& pos, Move m, bool king_takes_rook) {
  if (!m) return "0000";
  Square to = m.to();
  if (m.is_castling() && !king_takes_rook) {
    const bool king_side = index(m.to()) > index(m.from());
    to = relative_square(pos.side_to_move(), king_side ? Square::G1 : Square::C1);
  }
  std::string s = to_string(m.from()) + to_string(to);
  if (m.is_promotion()) s += "pnbrqk"[index(m.promotion_type())];
  return s;
}
/// Writes a legal move of `pos` in UCI notation, castling as king-takes-rook in Chess960 positions
/// only.
inline std::string to_uci(const Position& pos, Move m) { return to_uci(pos, m, pos.is_chess960()); }

/// What is wrong with a UCI move text.
enum class UciError : std::uint8_t {
  Syntax = 1,        ///< not two squares and an optional piece letter (e2e4, e7e8q)
  MissingPromotion,  ///< a pawn reaches the last rank but no piece is named
  Illegal,           ///< well formed, but not a legal move here
};

/// The error in words (English).
constexpr const char* describe(UciError e) noexcept {
  switch (e) {
    case UciError::Syntax:
      return "not a UCI move (expected e.g. e2e4 or e7e8q)";
    case UciError::MissingPromotion:
      return "promotion piece missing (e.g. e7e8q)";
    case UciError::Illegal:
      return "illegal move in this position";
  }
  return "unknown error";
}

/// Reads a UCI move and finds it among the legal moves of `pos`. Castling is accepted
/// as king-takes-rook always, and as the king's move in standard chess (in Chess960
/// a king step such as f1g1 is a king move, never castling).
inline Result<Move, UciError> parse_uci(const Position& pos, std::string_view text) noexcept {
  auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
  if ((text.size() != 4 && text.size() != 5) || !is_file(text[0]) || !is_rank(text[1]) ||
      !is_file(text[2]) || !is_rank(text[3]))
    return fail(UciError::Syntax);
  PieceType promotion = PieceType::None;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'n':
      case 'N':
        promotion = PieceType::Knight;
        break;
      case 'b':
      case 'B':
        promotion = PieceType::Bishop;
        break;
      case 'r':
      case 'R':
        promotion = PieceType::Rook;
        break;
      case 'q':
      case 'Q':
        promotion = PieceType::Queen;
        break;
      default:
        return fail(UciError::Syntax);
    }
  }
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  bool promotion_missing = false;
  for (Move m : legal_moves(pos)) {
    if (m.from() != from) continue;
    if (m.is_castling()) {
      const bool king_side = index(m.to()) > index(m.from());
      const Square king_to =
          relative_square(pos.side_to_move(), king_side ? Square::G1 : Square::C1);
      if (promotion == PieceType::None && (m.to() == to || (!pos.is_chess960() && king_to == to)))
        return m;
      continue;
    }
    if (m.to() != to) continue;
    if (m.is_promotion()) {
      if (m.promotion_type() == promotion) return m;
      promotion_missing |= promotion == PieceType::None;
    } else if (promotion == PieceType::None) {
      return m;
    }
  }
  return fail(promotion_missing ? UciError::MissingPromotion : UciError::Illegal);
}

}  // namespace arbiter
