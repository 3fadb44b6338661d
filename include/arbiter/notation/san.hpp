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

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../movegen.hpp"
#include "uci.hpp"  // to_string(Square)

namespace arbiter {

/// The piece letters of SAN: English (KQRBN), Portuguese, Spanish, Russian, or figurines.
enum class SanLanguage : std::uint8_t { English, Portuguese, Spanish, Russian, Figurine };

/// How SAN is read.
struct SanOptions {
  /// Accept only the standard form the PGN standard writes (else lenient: long algebraic, 0-0,
  /// e.p., annotations).
  bool strict = false;
  /// The piece letters expected.
  SanLanguage language = SanLanguage::English;
};

/// What is wrong with a SAN text.
enum class SanErrorKind : std::uint8_t {
  Empty = 1,         ///< nothing but spaces or annotations
  Syntax,            ///< not a move in algebraic notation
  UnknownPiece,      ///< a piece letter that the selected language does not have
  Truncated,         ///< the move stops before its destination square
  MissingPromotion,  ///< a pawn reaches the last rank but no piece is named
  Illegal,           ///< no legal move matches
  Ambiguous,         ///< more than one legal move matches
  NotStandard,       ///< strict mode: legal, but not written as the PGN standard writes it
};

/// The error in words (English).
constexpr const char* describe(SanErrorKind e) noexcept {
  switch (e) {
    case SanErrorKind::Empty:
      return "empty move";
    case SanErrorKind::Syntax:
      return "not a move in algebraic notation";
    case SanErrorKind::UnknownPiece:
      return "unknown piece letter";
    case SanErrorKind::Truncated:
      return "move ends before its destination square";
    case SanErrorKind::MissingPromotion:
      return "promotion piece missing";
    case SanErrorKind::Illegal:
      return "illegal move";
    case SanErrorKind::Ambiguous:
      return "ambiguous move";
    case SanErrorKind::NotStandard:
      return "not in standard SAN";
  }
  return "unknown error";
}

/// Why a SAN text names no legal move, with the moves it could have meant.
struct SanError {
  /// What is wrong.
  SanErrorKind kind;
  /// Ambiguous: the matching moves. Illegal: the legal moves of the named piece type
  /// (to any square), or that reach the named square. NotStandard: the move.
  MoveList candidates;
  /// NotStandard: the standard form. Otherwise the offending text.
  std::string detail;

  /// A one-line description with the candidate moves in SAN (of `pos`, the position the
  /// text was read in), e.g. "ambiguous move 'Nd2'; candidates: Nbd2, Nfd2".
  std::string message(const Position& pos, SanLanguage language = SanLanguage::English) const;
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
      {"\xE2\x99\x94", "\xE2\x99\x95", "\xE2\x99\x96", "\xE2\x99\x97",
       "\xE2\x99\x98"},  // ♔ ♕ ♖ ♗ ♘
  };
  return table[int(language)];
}

inline const char* letter_of(PieceType t, SanLanguage language) noexcept {
  const PieceLetters& l = letters(language);
  switch (t) {
    case PieceType::King:
      return l.king;
    case PieceType::Queen:
      return l.queen;
    case PieceType::Rook:
      return l.rook;
    case PieceType::Bishop:
      return l.bishop;
    case PieceType::Knight:
      return l.knight;
    default:
      return "";
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
  const std::pair<const char*, PieceType> order[] = {{l.king, PieceType::King},
                                                     {l.queen, PieceType::Queen},
                                                     {l.rook, PieceType::Rook},
                                                     {l.bishop, PieceType::Bishop},
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
      static constexpr PieceType by_offset[6] = {PieceType::King,   PieceType::Queen,
                                                 PieceType::Rook,   PieceType::Bishop,
                                                 PieceType::Knight, PieceType::Pawn};
      type = by_offset[(c - 0x94) % 6];
      return 3;
    }
  }
  return 0;
}

inline bool is_file(char c) noexcept { return c >= 'a' && c <= 'h'; }
inline bool is_rank(char c) noexcept { return c >= '1' && c <= '8'; }

// Whether `s` ends in a rank or a capital letter (a promotion's piece), as most moves do:
// no suffix to strip.
constexpr bool ends_without_suffix(std::string_view s) noexcept {
  return !s.empty() &&
         ((s.back() >= '1' && s.back() <= '8') || (s.back() >= 'A' && s.back() <= 'Z'));
}

// Strips annotation glyphs, check signs and an "e.p." marker from the end.
inline std::string_view strip_suffixes(std::string_view s, int& checks, bool& mate, bool& annotated,
                                       bool& ep) noexcept {
  if (ends_without_suffix(s)) return s;  // most moves
  for (;;) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.empty()) return s;
    const char c = s.back();
    // A square, a piece letter, castling's O or 0: no suffix ends so (most moves).
    if (c != '!' && c != '?' && c != '+' && c != '#' && c != '.' && c != 'p') return s;
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

namespace detail {

/// Of the side to move's knights, bishops, rooks or queens (`type`) on the squares
/// `candidates`, those that can move legally to `to` (not a square of its own side): a
/// piece of these kinds may move there exactly when it attacks the square and the move
/// leaves its king safe (3.9). What SAN reading and writing both ask, without generating
/// moves.
inline Bitboard legal_movers_to(const Position& pos, PieceType type, Square to,
                                Bitboard candidates) noexcept {
  const Bitboard occupied = pos.occupied();
  Bitboard from = 0;
  if (type == PieceType::Knight || type == PieceType::King) {
    from = attacks_of(type, to, occupied) & candidates;
  } else {
    // A slider attacks `to` when it stands on one of its lines from `to` with nothing
    // between: tried piece by piece (most often one piece), so that the small tables are
    // read, not the large one of the slider lookup from `to`, which misses the cache
    // (about a tenth of the audit's time went there).
    const Bitboard lines = (type != PieceType::Rook ? bishop_rays(to) : 0) |
                           (type != PieceType::Bishop ? rook_rays(to) : 0);
    for (Bitboard b = candidates & lines; b;) {
      const Square f = pop_lsb(b);
      if (!(between_bb(f, to) & occupied)) from |= square_bb(f);
    }
  }
  Bitboard movers = 0;
  const Bitboard captured = pos.pieces(~pos.side_to_move()) & square_bb(to);
  while (from) {
    const Square f = pop_lsb(from);
    if (pos.leaves_king_safe(f, to, captured)) movers |= square_bb(f);
  }
  return movers;
}

/// The squares of the other pieces of the mover's type that could move legally to the
/// destination of the legal move `m` of `pos`: what a SAN text of `m` must tell apart
/// from it (to_san() disambiguates against them). Only knights, bishops, rooks and
/// queens ever have such rivals (a pawn capture names its file, a king is alone and
/// castling is written apart); for them a move to `m.to()` is legal exactly when the
/// piece attacks the square and the move leaves its king safe (3.9), so the attack sets
/// answer without generating moves.
inline Bitboard san_rival_squares(const Position& pos, Move m) noexcept {
  if (m.is_castling()) return 0;
  const PieceType type = type_of(pos.piece_on(m.from()));
  if (type == PieceType::Pawn || type == PieceType::King) return 0;
  const Bitboard others = pos.pieces(pos.side_to_move(), type) & ~square_bb(m.from());
  if (!others) return 0;  // the only piece of its kind (most moves of a queen, often others)
  return legal_movers_to(pos, type, m.to(), others);
}

/// Room enough for any SAN text write_san_body() writes, in bytes: at most a letter of
/// 3 bytes in UTF-8 (a figurine), a square, "x", a square (9), or a pawn's "axb8=" and a
/// letter (8), or the Russian king's 4-byte "Кр", "x" and a square (7).
inline constexpr std::size_t max_san_body = 16;

/// Writes the SAN of the legal move `m` of `pos` without its check or mate sign into
/// `p` (room for max_san_body bytes), given `rivals` (san_rival_squares()); returns the
/// end. Piece letter, the least disambiguation (file, else rank, else both), 'x' for
/// captures, "=Q" for promotions, O-O / O-O-O.
inline char* write_san_body(char* p, const Position& pos, Move m, Bitboard rivals,
                            SanLanguage language = SanLanguage::English) noexcept {
  auto put = [&p](const char* s) {
    while (*s) *p++ = *s++;
  };
  auto square = [&p](Square s) {
    *p++ = char('a' + file_of(s));
    *p++ = char('1' + rank_of(s));
  };
  // English letters are one byte each: written from a table (the common case, every
  // piece move of a PGN file), the other languages' strings copied.
  auto letter = [&](PieceType t) {
    if (language == SanLanguage::English)
      *p++ = "PNBRQK"[index(t)];
    else
      put(letter_of(t, language));
  };
  if (m.is_castling()) {
    put(index(m.to()) > index(m.from()) ? "O-O" : "O-O-O");
    return p;
  }
  const PieceType type = type_of(pos.piece_on(m.from()));
  const bool capture = m.is_en_passant() || pos.piece_on(m.to()) != Piece::None;
  if (type == PieceType::Pawn) {
    if (capture) {
      *p++ = char('a' + file_of(m.from()));
      *p++ = 'x';
    }
  } else {
    letter(type);
    if (rivals) {
      if (!(rivals & file_bb(file_of(m.from()))))
        *p++ = char('a' + file_of(m.from()));
      else if (!(rivals & rank_bb(rank_of(m.from()))))
        *p++ = char('1' + rank_of(m.from()));
      else
        square(m.from());
    }
    if (capture) *p++ = 'x';
  }
  square(m.to());
  if (m.is_promotion()) {
    *p++ = '=';
    letter(m.promotion_type());
  }
  return p;
}

/// The sign SAN ends a move with, from `next`, the position the move led to: "+" for a
/// check, "#" for a checkmate, "" otherwise.
inline const char* san_check_sign(const Position& next) noexcept {
  if (!next.in_check()) return "";
  // A king step out of check settles most checks without generating the evasions.
  return legal_king_steps(next, 1) != 0 || any_legal_move(next) ? "+" : "#";
}

/// Room enough for any SAN text write_san() writes, its check or mate sign included.
inline constexpr std::size_t max_san = max_san_body + 1;

/// Writes the SAN of the legal move `m` of `pos`, its check or mate sign included, into
/// `p` (room for max_san bytes), given `next`, the position after `m` (a record has it:
/// the move is not played again); returns the end.
inline char* write_san(char* p, const Position& pos, Move m, const Position& next,
                       SanLanguage language = SanLanguage::English) noexcept {
  p = write_san_body(p, pos, m, san_rival_squares(pos, m), language);
  for (const char* sign = san_check_sign(next); *sign; ++sign) *p++ = *sign;
  return p;
}

}  // namespace detail

/// Writes a legal move of `pos` in SAN: piece letter, the least disambiguation (file,
/// else rank, else both), 'x' for captures, "=Q" for promotions, O-O / O-O-O, and '+'
/// or '#'.
inline std::string to_san(const Position& pos, Move m,
                          SanLanguage language = SanLanguage::English) {
  ARBITER_ASSERT(is_legal(pos, m));  // precondition: a legal move of `pos`
  char text[detail::max_san];
  return std::string(text, detail::write_san(text, pos, m, pos.play_unchecked(m), language));
}

namespace detail {

// O-O or O-O-O: the castling move if it is legal, else Move::none(). Castling is the king's
// move to its rook's square (3.8.2), which no other king move reaches: the moves of the king
// to that square are generated, the checks of the general path without its parsing. Out of
// line: castling is a move or two a game, and inlined its registers would lengthen the
// prologue of resolve_common_san() for every other move.
ARBITER_NOINLINE inline Move resolve_castling(const Position& pos, std::string_view s) noexcept {
  const bool king_side = s == "O-O";
  if (!king_side && s != "O-O-O") return Move::none();
  const Color us = pos.side_to_move();
  const CastlingSide side = king_side ? CastlingSide::KingSide : CastlingSide::QueenSide;
  if (!pos.castling_rights().has(us, side)) return Move::none();
  MoveList moves;
  generate_legal_moves(
      pos, moves,
      MoveFilter{square_bb(pos.castling_rook(us, side)), MoveFilter::type_bit(PieceType::King)});
  return moves.size() == 1 && moves[0].is_castling() ? moves[0] : Move::none();
}

// Resolves the everyday forms of English SAN (Nf3, Nbd7, R1e2, Qh4e1, Bxe5, e4, exd5,
// e8=Q, exd8=Q, O-O, O-O-O; check signs already stripped) straight from attack sets,
// without generating moves. Returns Move::none() for anything else (0-0, en passant, long
// algebraic, other letters, ...) and whenever not exactly one legal move matches, so
// that the general path decides and explains. Where it returns a move, it is the move
// the general path would return.
inline Move resolve_common_san(const Position& pos, std::string_view s) noexcept {
  std::size_t n = s.size();
  if (n < 2 || n > 6) return Move::none();
  const char* p = s.data();
  const Color us = pos.side_to_move();
  if (p[0] == 'O') return resolve_castling(pos, s);
  PieceType type;
  switch (p[0]) {
    case 'N':
      type = PieceType::Knight;
      break;
    case 'B':
      type = PieceType::Bishop;
      break;
    case 'R':
      type = PieceType::Rook;
      break;
    case 'Q':
      type = PieceType::Queen;
      break;
    case 'K':
      type = PieceType::King;
      break;
    default:
      type = PieceType::Pawn;
      break;
  }
  if (type != PieceType::Pawn) {
    // [file][rank][x] file rank
    if (!is_file(p[n - 2]) || !is_rank(p[n - 1])) return Move::none();
    const Square to = make_square(p[n - 2] - 'a', p[n - 1] - '1');
    std::size_t i = 1, end = n - 2;
    if (end > i && p[end - 1] == 'x') --end;
    int from_file = -1, from_rank = -1;
    if (i < end && is_file(p[i])) from_file = p[i++] - 'a';
    if (i < end && is_rank(p[i])) from_rank = p[i++] - '1';
    if (i != end || contains(pos.pieces(us), to)) return Move::none();
    Bitboard from = pos.pieces(us, type);
    if (from_file >= 0) from &= file_bb(from_file);
    if (from_rank >= 0) from &= rank_bb(from_rank);
    const Bitboard movers = legal_movers_to(pos, type, to, from);
    // None, or ambiguous: the general path explains.
    return movers && !more_than_one(movers) ? Move(lsb(movers), to) : Move::none();
  }
  // Pawns: file rank [=P] or file x file rank [=P].
  PieceType promotion = PieceType::None;
  if (n >= 4 && p[n - 2] == '=') {
    switch (p[n - 1]) {
      case 'Q':
        promotion = PieceType::Queen;
        break;
      case 'R':
        promotion = PieceType::Rook;
        break;
      case 'B':
        promotion = PieceType::Bishop;
        break;
      case 'N':
        promotion = PieceType::Knight;
        break;
      default:
        return Move::none();
    }
    n -= 2;
  }
  const int up = pawn_push(us);
  Square to, from;
  Bitboard captured = 0;
  if (n == 2 && is_file(p[0]) && is_rank(p[1])) {
    to = make_square(p[0] - 'a', p[1] - '1');
    if (contains(pos.occupied(), to)) return Move::none();  // a capture written as a push
    const int behind = index(to) - up;
    if (behind < 0 || behind > 63) return Move::none();
    from = Square(behind);
    if (pos.piece_on(from) != make_piece(us, PieceType::Pawn)) {
      if (pos.piece_on(from) != Piece::None || relative_rank(us, to) != 3) return Move::none();
      from = Square(behind - up);
      if (pos.piece_on(from) != make_piece(us, PieceType::Pawn)) return Move::none();
    }
  } else if (n == 4 && is_file(p[0]) && p[1] == 'x' && is_file(p[2]) && is_rank(p[3])) {
    const int df = p[2] - p[0];
    if (df != 1 && df != -1) return Move::none();
    to = make_square(p[2] - 'a', p[3] - '1');
    captured = pos.pieces(~us) & square_bb(to);
    if (!captured) return Move::none();  // en passant and errors: the general path
    const int from_index = index(to) - up - df;
    if (from_index < 0 || from_index > 63) return Move::none();
    from = Square(from_index);
    if (pos.piece_on(from) != make_piece(us, PieceType::Pawn)) return Move::none();
  } else {
    return Move::none();
  }
  if ((relative_rank(us, to) == 7) != (promotion != PieceType::None)) return Move::none();
  if (!pos.leaves_king_safe(from, to, captured)) return Move::none();
  return promotion != PieceType::None ? Move::promotion(from, to, promotion) : Move(from, to);
}

// parse_san() without the shortcut for the common forms: what it falls back on.
inline Result<Move, SanError> parse_san_general(const Position& pos, std::string_view text,
                                                SanOptions options) {
  SanError r;  // default-initialized: the move list is not zeroed
  r.kind = SanErrorKind::Empty;
  auto fail = [&](SanErrorKind e, std::string_view detail = {}) -> Result<Move, SanError> {
    r.kind = e;
    r.detail = std::string(detail);
    return arbiter::fail(std::move(r));
  };
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  int checks = 0;
  bool mate = false, annotated = false, ep_marker = false;
  const std::string_view s = detail::strip_suffixes(text, checks, mate, annotated, ep_marker);
  if (s.empty()) return fail(SanErrorKind::Empty);

  // A found move; strict mode then compares the written form with the standard one.
  auto finish = [&](Move m) -> Result<Move, SanError> {
    if (options.strict) {
      const std::string standard = to_san(pos, m, options.language);
      std::string written(s);
      if (checks) written += '+';
      if (mate) written += '#';
      if (written != standard || checks > 1 || ep_marker) {
        r.candidates.clear();
        r.candidates.push_back(m);
        return fail(SanErrorKind::NotStandard, standard);
      }
    }
    return m;
  };

  // Castling: O-O, O-O-O, 0-0, 0-0-0.
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0") {
    const bool king_side = s.size() == 3;
    MoveList king_moves;
    generate_legal_moves(pos, king_moves,
                         MoveFilter{~Bitboard(0), MoveFilter::type_bit(PieceType::King)});
    for (Move m : king_moves)
      if (m.is_castling() && (index(m.to()) > index(m.from())) == king_side) return finish(m);
    r.candidates = king_moves;
    return fail(SanErrorKind::Illegal, s);
  }

  PieceType type = PieceType::Pawn;
  std::size_t i = detail::read_piece(s, options.language, type);
  if (i == 0 && (s[0] == 'P' ||
                 (options.language == SanLanguage::Russian && detail::starts_with(s, "\xD0\xBF"))))
    i = s[0] == 'P' ? 1 : 2;  // an explicit pawn letter (Russian п)
  if (i == 0 && !detail::is_file(s[0])) {
    // Name the whole (UTF-8) character that is not a piece letter.
    const unsigned char lead = static_cast<unsigned char>(s[0]);
    const std::size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return fail(SanErrorKind::UnknownPiece, s.substr(0, len));
  }

  // What follows: [file][rank][x|:|×|-][file rank][promotion]
  int from_file = -1, from_rank = -1;
  PieceType promotion = PieceType::None;
  const std::string_view rest = s.substr(i);
  int coords[4];
  int n = 0;
  std::size_t j = 0;
  while (j < rest.size() && n < 4) {
    const char c = rest[j];
    if (detail::is_file(c) || detail::is_rank(c)) {
      coords[n++] = static_cast<unsigned char>(c);  // a file or rank letter: ASCII
      ++j;
    } else if (c == 'x' || c == 'X' || c == ':' || c == '-') {
      ++j;
    } else if (j + 1 < rest.size() && c == '\xC3' && rest[j + 1] == '\x97') {  // × (U+00D7)
      j += 2;
    } else {
      break;
    }
  }
  // The destination is the last file+rank pair; anything before it disambiguates.
  if (n < 2 || !detail::is_file(char(coords[n - 2])) || !detail::is_rank(char(coords[n - 1]))) {
    if (j == rest.size() || n < 2) return fail(SanErrorKind::Truncated, s);
    return fail(SanErrorKind::Syntax, s);
  }
  if (n - 2 > 2) return fail(SanErrorKind::Syntax, s);
  const int to_file = coords[n - 2] - 'a';
  const int to_rank = coords[n - 1] - '1';
  for (int k = 0; k < n - 2; ++k) {
    if (detail::is_file(char(coords[k])))
      from_file = coords[k] - 'a';
    else
      from_rank = coords[k] - '1';
  }

  // Promotion: =Q, Q, (Q), /Q, and lowercase letters in English.
  std::string_view promo = rest.substr(j);
  if (!promo.empty()) {
    bool bracket = false;
    if (promo[0] == '=' || promo[0] == '/' || promo[0] == '(') {
      bracket = promo[0] == '(';
      promo.remove_prefix(1);
    }
    PieceType p = PieceType::None;
    std::size_t len = detail::read_piece(promo, options.language, p);
    if (!len && !promo.empty() && options.language == SanLanguage::English) {
      const char c = promo[0];
      p = c == 'q'   ? PieceType::Queen
          : c == 'r' ? PieceType::Rook
          : c == 'b' ? PieceType::Bishop
          : c == 'n' ? PieceType::Knight
                     : PieceType::None;
      len = p == PieceType::None ? 0 : 1;
    }
    if (!len || p == PieceType::King || p == PieceType::Pawn)
      return fail(SanErrorKind::UnknownPiece, promo);
    promo.remove_prefix(len);
    if (bracket) {
      if (promo.empty() || promo[0] != ')') return fail(SanErrorKind::Syntax, s);
      promo.remove_prefix(1);
    }
    if (!promo.empty()) return fail(SanErrorKind::Syntax, s);
    promotion = p;
  }

  const Square to = make_square(to_file, to_rank);
  // Long algebraic without a piece letter (e.g. g1f3): the piece is the one on the square.
  if (i == 0 && from_file >= 0 && from_rank >= 0) {
    const Piece on = pos.piece_on(make_square(from_file, from_rank));
    if (on != Piece::None) type = type_of(on);
  }
  // Castling written as the king's two-square move (e1g1, Ke1-g1) in standard chess, or
  // as king takes own rook (e1h1, the UCI form of Chess960).
  if (type == PieceType::King && from_file >= 0 && from_rank >= 0 &&
      ((!pos.is_chess960() && (from_file - to_file == 2 || to_file - from_file == 2)) ||
       pos.piece_on(to) == make_piece(pos.side_to_move(), PieceType::Rook))) {
    MoveList king_moves;
    generate_legal_moves(pos, king_moves,
                         MoveFilter{~Bitboard(0), MoveFilter::type_bit(PieceType::King)});
    for (Move m : king_moves)
      if (m.is_castling() && m.from() == make_square(from_file, from_rank) &&
          (index(m.to()) > index(m.from())) == (to_file > from_file))
        return finish(m);
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
    return fail(SanErrorKind::Ambiguous, s);
  }
  if (promotion_needed) return fail(SanErrorKind::MissingPromotion, s);
  // Illegal: offer the moves of that piece type to that square, else all its moves.
  for (Move m : to_square)
    if (!m.is_castling()) r.candidates.push_back(m);
  if (r.candidates.empty()) {
    MoveList all;
    generate_legal_moves(pos, all, MoveFilter{~Bitboard(0), MoveFilter::type_bit(type)});
    for (Move m : all)
      if (!m.is_castling()) r.candidates.push_back(m);
  }
  return fail(SanErrorKind::Illegal, s);
}

// Whether parse_san() tries the shortcut for the common forms (resolve_common_san()) first:
// lenient English.
constexpr bool reads_common_san(const SanOptions& options) noexcept {
  return !options.strict && options.language == SanLanguage::English;
}

// The shortcut of parse_san(): lenient English text in one of the common forms.
inline Move try_common_san(const Position& pos, std::string_view text,
                           const SanOptions& options) noexcept {
  if (!reads_common_san(options)) return Move::none();
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  // strip_suffixes()'s first test, here inline: the reader calls this for every move.
  if (ends_without_suffix(text)) return resolve_common_san(pos, text);
  int checks = 0;
  bool mate = false, annotated = false, ep_marker = false;
  return resolve_common_san(pos, strip_suffixes(text, checks, mate, annotated, ep_marker));
}

}  // namespace detail

/// Reads a move in SAN. Lenient mode accepts every form listed at the top of this
/// header; strict mode reads the same way, then requires the exact standard form
/// (annotation glyphs after it are allowed) and reports SanErrorKind::NotStandard, with the
/// move and its standard form, otherwise. The common English forms are resolved from
/// attack sets without generating moves (about 30 ns); the rest through filtered
/// legal move generation.
inline Result<Move, SanError> parse_san(const Position& pos, std::string_view text,
                                        SanOptions options = {}) {
  if (const Move m = detail::try_common_san(pos, text, options)) return m;
  return detail::parse_san_general(pos, text, options);
}

/// The legal move a SAN text names (as parse_san() reads it), or Move::none(): for
/// readers of whole games, which need the diagnosis of parse_san() only on failure.
inline Move resolve_san(const Position& pos, std::string_view text, SanOptions options = {}) {
  if (const Move m = detail::try_common_san(pos, text, options)) return m;
  return detail::parse_san_general(pos, text, options).value_or(Move::none());
}

inline std::string SanError::message(const Position& pos, SanLanguage language) const {
  std::string m = describe(kind);
  if (!detail.empty())
    m += kind == SanErrorKind::NotStandard ? " (standard form: " + detail + ")"
                                           : " '" + detail + "'";
  if (kind == SanErrorKind::Illegal && candidates.empty()) m += " (no legal move of that piece)";
  if (!candidates.empty() && kind != SanErrorKind::NotStandard) {
    m += kind == SanErrorKind::Ambiguous ? "; candidates: " : "; legal moves of that piece: ";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (i) m += ", ";
      m += to_san(pos, candidates[i], language);
    }
  }
  return m;
}

}  // namespace arbiter
