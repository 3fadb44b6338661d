#pragma once
// FEN in its three castling dialects: standard (KQkq), X-FEN (KQkq for the outermost
// rook, a file letter otherwise) and Shredder-FEN (rook file letters, e.g. HAha).
// Parsing is strict by default: every fault is an error naming the field and the
// character position, including fields not separated by exactly one space and two digits
// in a row in a rank ("44"). The lenient mode (for FENs pasted from anywhere) drops an
// impossible en passant square or castling right, fills in missing counters, takes any
// run of blanks as a separator and adds up adjacent digits, and reports each thing it
// changed.

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../position.hpp"

namespace arbiter {

/// How castling rights in a FEN are read. Chess960 is never read unless asked for (the
/// mode, or a Shredder-FEN letter that no standard right can have): a FEN of standard chess
/// whose rights do not fit the king's and rooks' standard squares is an error.
enum class CastlingMode : std::uint8_t {
  /// Explicit detection: Chess960 when some right names a king or rook off the standard
  /// squares. What it decided is ParsedFen::position.is_chess960().
  Auto,
  /// Standard chess only: KQkq (or HAha) with the king on e1/e8, rooks in the corners.
  Standard,
  Chess960,  ///< Chess960 (Shredder-FEN or X-FEN)
  /// The default: standard chess as Standard reads it, unless a right is written as a
  /// rook-file letter that no standard right has (e.g. G for a rook on g1, Shredder-FEN),
  /// which only Chess960 writes: then the position is read as Chess960.
  AsWritten,
};

/// How parse_fen() reads a FEN.
struct FenOptions {
  /// Repair what can be repaired instead of failing, each repair said with its place in
  /// ParsedFen::repairs.
  bool lenient = false;
  /// How castling rights are read: standard chess, Chess960, or as written (see CastlingMode).
  CastlingMode castling = CastlingMode::AsWritten;
  /// Accept checks that no legal last move could give (composed problems, some perft
  /// test positions). Off by default: such a position cannot arise in a game.
  bool ignore_impossible_check = false;
};

/// A fault in a FEN: what (see PositionError), in which field (1-6, 7 for an extra
/// field) and at which character (0-based position in the string). Also each repair
/// that lenient reading made (ParsedFen::repairs).
struct FenError {
  /// What is wrong.
  PositionError error;
  /// The field it is in: 1-6, 7 for an extra field.
  int field = 0;
  /// The character it is at (0-based).
  int column = 0;
  /** @{ */
  /// A right that does not fit standard chess: the letter as written, and the square its
  /// king or rook would need (else 0 and Square::None).
  char right = 0;
  Square square = Square::None;
  /** @} */

  /// e.g. "field 2 (side to move), character 45: side to move must be 'w' or 'b'"
  std::string message() const {
    static constexpr const char* names[] = {"",
                                            "piece placement",
                                            "side to move",
                                            "castling",
                                            "en passant square",
                                            "halfmove clock",
                                            "fullmove number"};
    std::string m = "field " + std::to_string(field);
    if (field >= 1 && field <= 6) m += std::string(" (") + names[field] + ")";
    m += ", character " + std::to_string(column + 1) + ": " + describe(error);
    if (right && is_ok(square)) {
      const bool white = right >= 'A' && right <= 'Z';
      m += std::string(" (right '") + right + "' in standard chess needs the " +
           (white ? "white " : "black ") +
           (error == PositionError::CastlingWithoutKing ? "king" : "rook") + " on " +
           char('a' + file_of(square)) + char('1' + rank_of(square)) +
           "; Chess960 is read only when asked for)";
    }
    return m;
  }
};

/// What parse_fen() read: the position, and in lenient mode what it dropped or filled
/// in to get it, each with its place in the input (empty when nothing was repaired).
struct ParsedFen {
  /// The position read.
  Position position;
  /// What lenient reading repaired, each with its place (empty otherwise).
  std::vector<FenError> repairs;
};

namespace detail {

struct FenField {
  std::string_view text;
  int column;
};

inline bool parse_counter(std::string_view s, int min, int& out) noexcept {
  if (s.empty() || s.size() > 5) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < min || v > Position::max_counter) return false;
  out = v;
  return true;
}

inline Piece piece_from_char(char c) noexcept {
  switch (c) {
    case 'P':
      return Piece::WhitePawn;
    case 'N':
      return Piece::WhiteKnight;
    case 'B':
      return Piece::WhiteBishop;
    case 'R':
      return Piece::WhiteRook;
    case 'Q':
      return Piece::WhiteQueen;
    case 'K':
      return Piece::WhiteKing;
    case 'p':
      return Piece::BlackPawn;
    case 'n':
      return Piece::BlackKnight;
    case 'b':
      return Piece::BlackBishop;
    case 'r':
      return Piece::BlackRook;
    case 'q':
      return Piece::BlackQueen;
    case 'k':
      return Piece::BlackKing;
    default:
      return Piece::None;
  }
}

inline char piece_to_char(Piece p) noexcept { return "PNBRQK?.pnbrqk"[int(p)]; }

// Whether a castling right reads the standard way: king on e1/e8, rook in its corner.
inline bool is_standard_right(const Setup& s, int right) noexcept {
  const Color color = Color(right / 2);
  return s.board[index(relative_square(color, Square::E1))] == make_piece(color, PieceType::King) &&
         s.castling_rooks[right] == relative_square(color, right % 2 ? Square::A1 : Square::H1);
}

// Chess960 when asked for: by the mode, by (Auto) some remaining right that is not a
// standard one, or (AsWritten) by such a right written as a rook-file letter.
inline bool reads_as_chess960(const Setup& s, CastlingMode mode,
                              const bool (&as_letter)[4]) noexcept {
  if (mode == CastlingMode::Chess960) return true;
  if (mode == CastlingMode::Standard) return false;
  for (int right = 0; right < 4; ++right)
    if ((s.castling.bits() & (1 << right)) && !is_standard_right(s, right) &&
        (mode == CastlingMode::Auto || as_letter[right]))
      return true;
  return false;
}

}  // namespace detail

/// Reads a FEN: the position, with the repairs of lenient mode, or the first fault.
inline Result<ParsedFen, FenError> parse_fen(std::string_view fen, FenOptions options = {}) {
  std::vector<FenError> repairs;
  auto fail = [](PositionError e, int field, int column) {
    return arbiter::fail(FenError{e, field, column});
  };

  // Split into fields, remembering where each starts. Strict: exactly one space between
  // fields and nothing before or after them; lenient: any run of blanks (spaces, tabs,
  // line breaks) separates fields, and each irregular one is reported as a repair.
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  detail::FenField fields[7];
  int count = 0;
  for (std::size_t i = 0; i < fen.size();) {
    if (blank(fen[i])) {
      std::size_t j = i;
      while (j < fen.size() && blank(fen[j])) ++j;
      const bool inside = count > 0 && j < fen.size();
      if (j == fen.size() && count == 0) break;  // nothing but blanks: no field (FieldCount below)
      if (!inside || j > i + 1 || fen[i] != ' ') {
        // The first blank out of place, reported with the field that follows it (or, after
        // the last field, with that one).
        const int column = int(inside && fen[i] == ' ' ? i + 1 : i);
        const int field = std::min(j < fen.size() ? count + 1 : count, 7);
        if (!options.lenient) return fail(PositionError::FieldSeparator, field, column);
        repairs.push_back({PositionError::FieldSeparator, field, column});
      }
      i = j;
      continue;
    }
    std::size_t j = i;
    while (j < fen.size() && !blank(fen[j])) ++j;
    if (count == 7) return fail(PositionError::FieldCount, 7, fields[6].column);
    fields[count++] = {fen.substr(i, j - i), int(i)};
    i = j;
  }
  if (count > 6) return fail(PositionError::FieldCount, 7, fields[6].column);
  if (count < 6 && (!options.lenient || count < 4))
    return fail(PositionError::FieldCount, count + 1, int(fen.size()));

  Setup s;
  int square_column[64];

  // 1. Piece placement, rank 8 first.
  {
    const auto [text, start] = fields[0];
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const int column = start + int(i);
      if (c == '/') {
        if (file < 8) return fail(PositionError::RankTooShort, 1, column);
        if (--rank < 0) return fail(PositionError::RankCount, 1, column);
        file = 0;
      } else if (c >= '1' && c <= '8') {
        if (i > 0 && text[i - 1] >= '1' &&
            text[i - 1] <= '8') {  // "44": one digit per run of empty squares
          if (!options.lenient) return fail(PositionError::AdjacentDigits, 1, column);
          repairs.push_back({PositionError::AdjacentDigits, 1, column});
        }
        file += c - '0';
        if (file > 8) return fail(PositionError::RankTooLong, 1, column);
      } else if (Piece p = detail::piece_from_char(c); p != Piece::None) {
        if (file >= 8) return fail(PositionError::RankTooLong, 1, column);
        s.board[rank * 8 + file] = p;
        square_column[rank * 8 + file] = column;
        ++file;
      } else {
        return fail(PositionError::BoardCharacter, 1, column);
      }
    }
    const int end = start + int(text.size());
    if (file < 8) return fail(PositionError::RankTooShort, 1, end);
    if (rank != 0) return fail(PositionError::RankCount, 1, end);
  }

  // 2. Side to move.
  if (fields[1].text == "w")
    s.side_to_move = Color::White;
  else if (fields[1].text == "b")
    s.side_to_move = Color::Black;
  else
    return fail(PositionError::SideToMove, 2, fields[1].column);

  // 3. Castling rights.
  int castling_column[4] = {0, 0, 0, 0};
  bool as_letter[4] = {false, false, false, false};  // the right was written as a file letter
  const auto [ctext, cstart] = fields[2];
  if (ctext != "-") {
    bool seen[26 * 2] = {};
    for (std::size_t i = 0; i < ctext.size(); ++i) {
      const char c = ctext[i];
      const int column = cstart + int(i);
      const bool white = (c >= 'A' && c <= 'Z');
      const Color color = white ? Color::White : Color::Black;
      const char upper = white ? c : char(c - 'a' + 'A');
      if (upper < 'A' || upper > 'Z' || (upper > 'H' && upper != 'K' && upper != 'Q'))
        return fail(PositionError::CastlingSyntax, 3, column);
      // A letter given twice is malformed, even where lenient mode would drop the right.
      bool& seen_before = seen[(upper - 'A') + (white ? 0 : 26)];
      if (seen_before) return fail(PositionError::CastlingSyntax, 3, column);
      seen_before = true;
      const int back = color == Color::White ? 0 : 56;
      int king_file = -1;
      for (int f = 0; f < 8; ++f)
        if (s.board[back + f] == make_piece(color, PieceType::King)) king_file = f;
      // Lenient mode drops a right that names no king or rook; strict mode fails.
      auto drop = [&](PositionError e) {
        if (options.lenient) repairs.push_back({e, 3, column});
        return options.lenient;
      };
      if (king_file < 0) {
        if (drop(PositionError::CastlingWithoutKing)) continue;
        return fail(PositionError::CastlingWithoutKing, 3, column);
      }
      CastlingSide side;
      int rook_file = -1;
      const Piece rook = make_piece(color, PieceType::Rook);
      if (upper == 'K' || upper == 'Q') {
        side = upper == 'K' ? CastlingSide::KingSide : CastlingSide::QueenSide;
        // X-FEN: the outermost rook on that side of the king.
        if (side == CastlingSide::KingSide) {
          for (int f = 7; f > king_file && rook_file < 0; --f)
            if (s.board[back + f] == rook) rook_file = f;
        } else {
          for (int f = 0; f < king_file && rook_file < 0; ++f)
            if (s.board[back + f] == rook) rook_file = f;
        }
        if (rook_file < 0) {
          if (drop(PositionError::CastlingWithoutRook)) continue;
          return fail(PositionError::CastlingWithoutRook, 3, column);
        }
      } else {
        rook_file = upper - 'A';
        if (rook_file == king_file) {
          if (drop(PositionError::CastlingWithoutRook)) continue;
          return fail(PositionError::CastlingWithoutRook, 3, column);
        }
        side = rook_file > king_file ? CastlingSide::KingSide : CastlingSide::QueenSide;
      }
      const int right = Setup::right_index(color, side);
      if (s.castling.has(color, side)) return fail(PositionError::CastlingSyntax, 3, column);
      s.castling.set(color, side);
      s.castling_rooks[right] = Square(back + rook_file);
      castling_column[right] = column;
      as_letter[right] = upper != 'K' && upper != 'Q';
    }
    if (options.castling == CastlingMode::Standard ||
        (options.castling == CastlingMode::AsWritten &&
         !detail::reads_as_chess960(s, options.castling, as_letter))) {
      // Standard chess: every right needs the king on e1/e8 and its rook in the corner. A
      // right that does not fit is an error naming the right and the square, never a
      // silent switch to Chess960 (issue 9, defect 3); lenient mode drops it, as the
      // impossible right it is in standard chess, and reports that.
      for (int right = 0; right < 4; ++right) {
        if (!(s.castling.bits() & (1 << right)) || detail::is_standard_right(s, right)) continue;
        const Color color = Color(right / 2);
        const Square king = relative_square(color, Square::E1);
        const bool king_off = s.board[index(king)] != make_piece(color, PieceType::King);
        FenError e{
            king_off ? PositionError::CastlingWithoutKing : PositionError::CastlingWithoutRook, 3,
            castling_column[right]};
        e.right = fen[std::size_t(castling_column[right])];
        e.square = king_off ? king : relative_square(color, right % 2 ? Square::A1 : Square::H1);
        if (!options.lenient) return arbiter::fail(e);
        repairs.push_back(e);
        s.castling = CastlingRights(std::uint8_t(s.castling.bits() & ~(1u << right)));
      }
    }
  }
  s.chess960 = detail::reads_as_chess960(s, options.castling, as_letter);

  // 4. En passant square.
  const auto [etext, estart] = fields[3];
  if (etext != "-") {
    if (etext.size() != 2 || etext[0] < 'a' || etext[0] > 'h' || etext[1] < '1' || etext[1] > '8')
      return fail(PositionError::EnPassantSyntax, 4, estart);
    s.en_passant = make_square(etext[0] - 'a', etext[1] - '1');
  }

  // 5, 6. Counters.
  if (count >= 5) {
    if (!detail::parse_counter(fields[4].text, 0, s.halfmove_clock))
      return fail(PositionError::HalfmoveClock, 5, fields[4].column);
  } else {
    repairs.push_back({PositionError::HalfmoveClock, 5, int(fen.size())});
  }
  if (count >= 6) {
    if (!detail::parse_counter(fields[5].text, 1, s.fullmove_number)) {
      if (options.lenient && fields[5].text == "0") {
        repairs.push_back({PositionError::FullmoveNumber, 6, fields[5].column});
      } else {
        return fail(PositionError::FullmoveNumber, 6, fields[5].column);
      }
    }
  } else {
    repairs.push_back({PositionError::FullmoveNumber, 6, int(fen.size())});
  }

  // The position itself.
  for (;;) {
    auto made = Position::from_setup(s, options.ignore_impossible_check);
    if (made) return ParsedFen{std::move(made).value(), std::move(repairs)};
    const SetupError& issue = made.error();
    FenError error{issue.error, 1, fields[0].column};
    switch (issue.error) {
      case PositionError::CastlingWithoutKing:
      case PositionError::CastlingWithoutRook:
        error = {issue.error, 3, castling_column[issue.castling_right]};
        if (options.lenient) {
          s.castling =
              CastlingRights(std::uint8_t(s.castling.bits() & ~(1u << issue.castling_right)));
          s.chess960 = detail::reads_as_chess960(s, options.castling, as_letter);
          repairs.push_back(error);
          continue;
        }
        break;
      case PositionError::EnPassantWrongRank:
      case PositionError::EnPassantNoPawn:
      case PositionError::EnPassantSquaresOccupied:
      case PositionError::EnPassantWithHalfmoveClock:
        error = {issue.error, 4, estart};
        if (options.lenient) {
          s.en_passant = Square::None;
          repairs.push_back(error);
          continue;
        }
        break;
      default:
        if (issue.square != Square::None && s.board[index(issue.square)] != Piece::None)
          error.column = square_column[index(issue.square)];
        break;
    }
    return arbiter::fail(error);
  }
}

/// How castling rights are written.
enum class FenCastling : std::uint8_t {
  Auto,  ///< KQkq in standard chess; X-FEN in Chess960 (KQkq for the outermost rook, else the file)
  Shredder,  ///< always rook file letters (HAha)
};

namespace detail {

/// Room enough for any FEN write_fen() writes: 71 bytes of placement (8 ranks of at most 8,
/// 7 slashes), " w ", 4 castling letters, " ", an en passant square, and the two counters
/// (ints: at most 11 characters each) with their spaces.
inline constexpr std::size_t max_fen = 71 + 3 + 4 + 1 + 2 + 2 * (1 + 11);

/// Writes the FEN of a position into `p` (room for max_fen bytes) and returns its end: the
/// characters stored one by one, with no string to grow and terminate at each (append_fen()
/// writes a FEN at every ply of a trace).
inline char* write_fen(char* p, const Position& pos, FenCastling castling) noexcept {
  // Each rank from its pieces (a bit each), the empty squares between them counted from
  // their files: a step a piece instead of a test a square.
  const Bitboard occupied = pos.occupied();
  for (int rank = 7; rank >= 0; --rank) {
    int file = 0;  // the first file not yet written
    for (Bitboard row = occupied & rank_bb(rank); row;) {
      const Square s = pop_lsb(row);
      if (file_of(s) > file) *p++ = char('0' + file_of(s) - file);
      *p++ = piece_to_char(pos.piece_on(s));
      file = file_of(s) + 1;
    }
    if (file < 8) *p++ = char('0' + 8 - file);
    if (rank) *p++ = '/';
  }
  *p++ = ' ';
  *p++ = pos.side_to_move() == Color::White ? 'w' : 'b';
  *p++ = ' ';
  const CastlingRights rights = pos.castling_rights();
  if (!rights.any()) *p++ = '-';
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::KingSide, CastlingSide::QueenSide}) {
      if (!rights.has(c, side)) continue;
      const Square rook = pos.castling_rook(c, side);
      bool outermost = true;
      const Square king = pos.king_square(c);
      for (Bitboard others = pos.pieces(c, PieceType::Rook) & rank_bb(rank_of(rook)); others;) {
        const Square o = pop_lsb(others);
        const bool same_side = (file_of(o) > file_of(king)) == (side == CastlingSide::KingSide);
        if (same_side && (side == CastlingSide::KingSide ? file_of(o) > file_of(rook)
                                                         : file_of(o) < file_of(rook)))
          outermost = false;
      }
      char letter;
      if (castling == FenCastling::Shredder || (pos.is_chess960() && !outermost))
        letter = char('A' + file_of(rook));
      else
        letter = side == CastlingSide::KingSide ? 'K' : 'Q';
      *p++ = c == Color::White ? letter : char(letter - 'A' + 'a');
    }
  }
  *p++ = ' ';
  if (pos.en_passant_square() == Square::None) {
    *p++ = '-';
  } else {
    *p++ = char('a' + file_of(pos.en_passant_square()));
    *p++ = char('1' + rank_of(pos.en_passant_square()));
  }
  for (const int n : {pos.halfmove_clock(), pos.fullmove_number()}) {
    *p++ = ' ';
    p = std::to_chars(p, p + 11, n).ptr;
  }
  return p;
}

}  // namespace detail

/// Appends the FEN of a position to `fen` (to_fen() without a string of its own: a caller
/// writing many positions reuses its buffer).
inline void append_fen(std::string& fen, const Position& pos,
                       FenCastling castling = FenCastling::Auto) {
  char text[detail::max_fen];
  fen.append(text, detail::write_fen(text, pos, castling));
}

/// The FEN of a position. The en passant square is written whenever a pawn has just
/// advanced two squares, as standard FEN records it.
inline std::string to_fen(const Position& pos, FenCastling castling = FenCastling::Auto) {
  std::string fen;
  fen.reserve(90);
  append_fen(fen, pos, castling);
  return fen;
}

}  // namespace arbiter
