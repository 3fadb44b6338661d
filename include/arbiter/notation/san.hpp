#pragma once
// Standard Algebraic Notation (SAN), as in the PGN standard, in the languages of
// scoresheets: English (K Q R B N), Portuguese (R D T B C), Spanish (R D T A C),
// Russian (Кр Ф Л С К) and figurines (♔♕♖♗♘, either colour).
//
// parse_san() reads strictly (the PGN export form, annotations allowed after it) or
// leniently: missing or wrong +/#, 0-0 and 0-0-0, e8Q / e8=Q / e8(Q) / e8/Q, "exd6 e.p.",
// long algebraic (Ng1-f3, e2-e4, e2e4, Ng1xf3), ':' as capture sign, a pawn letter,
// and glued annotations (!, ?, !?, ?!, !!, ??). Ambiguous and illegal moves are errors
// that list the candidate moves. to_san() writes minimal disambiguation and the right
// check or mate suffix.

#include <cstdint>
#include <string>
#include <string_view>

#include "../movegen.hpp"
#include "uci.hpp"  // to_string(Square)

namespace arbiter {

enum class SanLanguage : std::uint8_t { English, Portuguese, Spanish, Russian, Figurine };

struct SanOptions {
  bool strict = false;
  SanLanguage language = SanLanguage::English;
};

enum class SanError : std::uint8_t {
  None,
  Empty,             ///< nothing but spaces or annotations
  Syntax,            ///< not a move in algebraic notation
  UnknownPiece,      ///< a piece letter that the selected language does not have
  Truncated,         ///< the move stops before its destination square
  MissingPromotion,  ///< a pawn reaches the last rank but no piece is named
  Illegal,           ///< no legal move matches
  Ambiguous,         ///< more than one legal move matches
  NotStandard,       ///< strict mode: legal, but not written as the PGN standard writes it
};

constexpr const char* describe(SanError e) noexcept {
  switch (e) {
    case SanError::None: return "no error";
    case SanError::Empty: return "empty move";
    case SanError::Syntax: return "not a move in algebraic notation";
    case SanError::UnknownPiece: return "unknown piece letter";
    case SanError::Truncated: return "move ends before its destination square";
    case SanError::MissingPromotion: return "promotion piece missing";
    case SanError::Illegal: return "illegal move";
    case SanError::Ambiguous: return "ambiguous move";
    case SanError::NotStandard: return "not in standard SAN";
  }
  return "unknown error";
}

struct SanResult {
  Move move{};
  SanError error = SanError::None;
  /// Ambiguous: the matching moves. Illegal: the legal moves of the named piece type
  /// (to any square), or that reach the named square. NotStandard: the move.
  MoveList candidates;
  /// NotStandard: the standard form. UnknownPiece/Syntax: the offending text.
  std::string detail;

  bool ok() const noexcept { return error == SanError::None; }
  explicit operator bool() const noexcept { return ok(); }
};

namespace detail {

struct PieceLetters {
  const char* king;
  const char* queen;
  const char* rook;
  const char* bishop;
  const char* knight;
};

inline const PieceLetters& letters(SanLanguage language) noexcept {
  static constexpr PieceLetters table[] = {
      {"K", "Q", "R", "B", "N"},
      {"R", "D", "T", "B", "C"},
      {"R", "D", "T", "A", "C"},
      {"\xD0\x9A\xD1\x80", "\xD0\xA4", "\xD0\x9B", "\xD0\xA1", "\xD0\x9A"},  // Кр Ф Л С К
      {"\xE2\x99\x94", "\xE2\x99\x95", "\xE2\x99\x96", "\xE2\x99\x97", "\xE2\x99\x98"},  // ♔ ♕ ♖ ♗ ♘
  };
  return table[int(language)];
}

inline const char* letter_of(PieceType t, SanLanguage language) noexcept {
  const PieceLetters& l = letters(language);
  switch (t) {
    case PieceType::King: return l.king;
    case PieceType::Queen: return l.queen;
    case PieceType::Rook: return l.rook;
    case PieceType::Bishop: return l.bishop;
    case PieceType::Knight: return l.knight;
    default: return "";
  }
}

inline bool starts_with(std::string_view s, std::string_view prefix) noexcept {
  return s.substr(0, prefix.size()) == prefix;
}

// Reads a piece letter of the language at the start of `s` (longest match first, so
// Russian Кр is the king and К the knight). Figurines of both colours are accepted in
// the Figurine language; ♙/♟ name a pawn. Returns the bytes consumed, or 0.
inline std::size_t read_piece(std::string_view s, SanLanguage language, PieceType& type) noexcept {
  const PieceLetters& l = letters(language);
  const std::pair<const char*, PieceType> order[] = {{l.king, PieceType::King},     {l.queen, PieceType::Queen},
                                                     {l.rook, PieceType::Rook},     {l.bishop, PieceType::Bishop},
                                                     {l.knight, PieceType::Knight}};
  std::size_t best = 0;
  for (const auto& [text, t] : order) {
    const std::string_view letter(text);
    if (letter.size() > best && starts_with(s, letter)) {
      best = letter.size();
      type = t;
    }
  }
  if (best) return best;
  if (language == SanLanguage::Figurine && s.size() >= 3 && s[0] == '\xE2' && s[1] == '\x99') {
    const unsigned char c = static_cast<unsigned char>(s[2]);
    if (c >= 0x94 && c <= 0x9F) {
      static constexpr PieceType by_offset[6] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                                 PieceType::Bishop, PieceType::Knight, PieceType::Pawn};
      type = by_offset[(c - 0x94) % 6];
      return 3;
    }
  }
  return 0;
}

inline bool is_file(char c) noexcept { return c >= 'a' && c <= 'h'; }
inline bool is_rank(char c) noexcept { return c >= '1' && c <= '8'; }

// Strips annotation glyphs, check signs and an "e.p." marker from the end.
inline std::string_view strip_suffixes(std::string_view s, int& checks, bool& mate, bool& annotated, bool& ep) noexcept {
  for (;;) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.empty()) return s;
    const char c = s.back();
    if (c == '!' || c == '?') {
      annotated = true;
      s.remove_suffix(1);
    } else if (c == '+') {
      ++checks;
      s.remove_suffix(1);
    } else if (c == '#') {
      mate = true;
      s.remove_suffix(1);
    } else if (s.size() >= 4 && s.substr(s.size() - 4) == "e.p.") {
      ep = true;
      s.remove_suffix(4);
    } else if (s.size() >= 3 && s.substr(s.size() - 3) == "e.p") {
      ep = true;
      s.remove_suffix(3);
    } else if (s.size() >= 4 && (s.substr(s.size() - 2) == "ep") && is_rank(s[s.size() - 3])) {
      ep = true;
      s.remove_suffix(2);
    } else {
      return s;
    }
  }
}

}  // namespace detail

/// Writes a legal move of `pos` in SAN: piece letter, the least disambiguation (file,
/// else rank, else both), 'x' for captures, "=Q" for promotions, O-O / O-O-O, and '+'
/// or '#'.
inline std::string to_san(const Position& pos, Move m, SanLanguage language = SanLanguage::English) {
  std::string s;
  if (m.is_castling()) {
    s = index(m.to()) > index(m.from()) ? "O-O" : "O-O-O";
  } else {
    const PieceType type = type_of(pos.piece_on(m.from()));
    const bool capture = m.is_en_passant() || pos.piece_on(m.to()) != Piece::None;
    if (type == PieceType::Pawn) {
      if (capture) {
        s += char('a' + file_of(m.from()));
        s += 'x';
      }
    } else {
      s += detail::letter_of(type, language);
      bool others = false, same_file = false, same_rank = false;
      MoveList rivals;
      generate_legal_moves(pos, rivals, MoveFilter{square_bb(m.to()), MoveFilter::type_bit(type)});
      for (Move o : rivals) {
        if (o == m || o.to() != m.to() || o.is_castling()) continue;
        others = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (others) {
        if (!same_file) s += char('a' + file_of(m.from()));
        else if (!same_rank) s += char('1' + rank_of(m.from()));
        else s += to_string(m.from());
      }
      if (capture) s += 'x';
    }
    s += to_string(m.to());
    if (m.is_promotion()) {
      s += '=';
      s += detail::letter_of(m.promotion_type(), language);
    }
  }
  const Position next = pos.play(m);
  if (next.in_check()) s += any_legal_move(next) ? "+" : "#";
  return s;
}

/// Reads a move in SAN (see the top of this header for what lenient mode accepts).
inline SanResult parse_san(const Position& pos, std::string_view text, SanOptions options = {}) {
  SanResult r;
  auto fail = [&](SanError e, std::string_view detail = {}) {
    r.error = e;
    r.detail = std::string(detail);
    return r;
  };
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  int checks = 0;
  bool mate = false, annotated = false, ep_marker = false;
  std::string_view s = detail::strip_suffixes(text, checks, mate, annotated, ep_marker);
  if (s.empty()) return fail(SanError::Empty);

  // The move is found among the legal moves (only those of the named piece type to the
  // named square are generated); the written form only selects it.
  auto finish = [&](Move m) -> SanResult& {
    r.move = m;
    if (options.strict) {
      const std::string standard = to_san(pos, m, options.language);
      std::string written(s);
      if (checks) written += '+';
      if (mate) written += '#';
      if (written != standard || checks > 1 || ep_marker) {
        r.error = SanError::NotStandard;
        r.detail = standard;
        r.candidates.push_back(m);
      }
    }
    return r;
  };

  // Castling: O-O, O-O-O, and 0-0, 0-0-0 in lenient mode.
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0") {
    const bool king_side = s.size() == 3;
    MoveList king_moves;
    generate_legal_moves(pos, king_moves, MoveFilter{~Bitboard(0), MoveFilter::type_bit(PieceType::King)});
    for (Move m : king_moves)
      if (m.is_castling() && (index(m.to()) > index(m.from())) == king_side) return finish(m);
    r.candidates = king_moves;
    return fail(SanError::Illegal, s);
  }

  PieceType type = PieceType::Pawn;
  std::size_t i = detail::read_piece(s, options.language, type);
  if (i == 0 && !options.strict && (s[0] == 'P' || (options.language == SanLanguage::Russian &&
                                                     detail::starts_with(s, "\xD0\xBF")))) {
    i = s[0] == 'P' ? 1 : 2;  // an explicit pawn letter (Russian п)
  }
  if (i == 0 && !detail::is_file(s[0])) {
    // Name the whole (UTF-8) character that is not a piece letter.
    const unsigned char lead = static_cast<unsigned char>(s[0]);
    const std::size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return fail(SanError::UnknownPiece, s.substr(0, len));
  }

  // What follows: [file][rank][x|:|-][file rank][promotion]
  int from_file = -1, from_rank = -1, to_file = -1, to_rank = -1;
  PieceType promotion = PieceType::None;
  std::string_view rest = s.substr(i);
  // Collect up to two squares' worth of coordinates, with an optional separator.
  int coords[4];
  int n = 0;
  std::size_t j = 0;
  while (j < rest.size() && n < 4) {
    const char c = rest[j];
    if (detail::is_file(c) || detail::is_rank(c)) {
      coords[n++] = c;
      ++j;
    } else if (c == 'x' || c == 'X' || c == ':' || c == '-') {
      if (c != 'x' && options.strict) return fail(SanError::NotStandard, rest.substr(j, 1));
      ++j;
    } else if (j + 1 < rest.size() && c == '\xC3' && rest[j + 1] == '\x97') {  // × (U+00D7)
      if (options.strict) return fail(SanError::NotStandard, rest.substr(j, 2));
      j += 2;
    } else {
      break;
    }
  }
  // The destination is the last file+rank pair; anything before it disambiguates.
  if (n < 2 || !detail::is_file(char(coords[n - 2])) || !detail::is_rank(char(coords[n - 1]))) {
    if (j == rest.size() || n < 2) return fail(SanError::Truncated, s);
    return fail(SanError::Syntax, s);
  }
  to_file = coords[n - 2] - 'a';
  to_rank = coords[n - 1] - '1';
  for (int k = 0; k < n - 2; ++k) {
    if (detail::is_file(char(coords[k]))) from_file = coords[k] - 'a';
    else from_rank = coords[k] - '1';
  }
  if (n - 2 > 2) return fail(SanError::Syntax, s);

  // Promotion: =Q, Q, (Q), /Q, and lowercase in lenient mode.
  std::string_view promo = rest.substr(j);
  if (!promo.empty()) {
    bool bracket = false;
    if (promo[0] == '=' || promo[0] == '/' || promo[0] == '(') {
      if (promo[0] != '=' && options.strict) return fail(SanError::NotStandard, promo);
      bracket = promo[0] == '(';
      promo.remove_prefix(1);
    } else if (options.strict) {
      return fail(SanError::NotStandard, promo);
    }
    PieceType p = PieceType::None;
    std::size_t len = detail::read_piece(promo, options.language, p);
    if (!len && !options.strict && !promo.empty() && options.language == SanLanguage::English) {
      const char c = promo[0];
      p = c == 'q' ? PieceType::Queen : c == 'r' ? PieceType::Rook : c == 'b' ? PieceType::Bishop
        : c == 'n' ? PieceType::Knight : PieceType::None;
      len = p == PieceType::None ? 0 : 1;
    }
    if (!len || p == PieceType::King || p == PieceType::Pawn) return fail(SanError::UnknownPiece, promo);
    promo.remove_prefix(len);
    if (bracket) {
      if (promo.empty() || promo[0] != ')') return fail(SanError::Syntax, s);
      promo.remove_prefix(1);
    }
    if (!promo.empty()) return fail(SanError::Syntax, s);
    promotion = p;
  }

  const Square to = make_square(to_file, to_rank);
  // Long algebraic without a piece letter (e.g. g1f3): the piece is the one on the square.
  if (i == 0 && !options.strict && from_file >= 0 && from_rank >= 0) {
    const Piece on = pos.piece_on(make_square(from_file, from_rank));
    if (on != Piece::None) type = type_of(on);
  }
  MoveList to_square;
  generate_legal_moves(pos, to_square, MoveFilter{square_bb(to), MoveFilter::type_bit(type)});
  MoveList matches;
  bool promotion_needed = false;
  for (Move m : to_square) {
    if (m.is_castling()) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.is_promotion()) {
      if (promotion == PieceType::None) {
        promotion_needed = true;
        continue;
      }
      if (m.promotion_type() != promotion) continue;
    } else if (promotion != PieceType::None) {
      continue;
    }
    matches.push_back(m);
  }
  if (matches.size() == 1) return finish(matches[0]);
  if (matches.size() > 1) {
    r.candidates = matches;
    return fail(SanError::Ambiguous, s);
  }
  if (promotion_needed) return fail(SanError::MissingPromotion, s);
  // Illegal: offer the moves of that piece type to that square, else all its moves.
  for (Move m : to_square)
    if (!m.is_castling()) r.candidates.push_back(m);
  if (r.candidates.empty()) {
    MoveList all;
    generate_legal_moves(pos, all, MoveFilter{~Bitboard(0), MoveFilter::type_bit(type)});
    for (Move m : all)
      if (!m.is_castling()) r.candidates.push_back(m);
  }
  return fail(SanError::Illegal, s);
}

/// A one-line description of a SAN error, with the candidate moves in SAN.
inline std::string san_error_message(const Position& pos, const SanResult& r, SanLanguage language = SanLanguage::English) {
  std::string m = describe(r.error);
  if (!r.detail.empty()) m += r.error == SanError::NotStandard ? " (standard form: " + r.detail + ")" : " '" + r.detail + "'";
  if (!r.candidates.empty() && r.error != SanError::NotStandard) {
    m += r.error == SanError::Ambiguous ? "; candidates: " : "; legal moves of that piece: ";
    for (std::size_t i = 0; i < r.candidates.size(); ++i) {
      if (i) m += ", ";
      m += to_san(pos, r.candidates[i], language);
    }
  }
  return m;
}

}  // namespace arbiter
