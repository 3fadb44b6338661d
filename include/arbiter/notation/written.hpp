#pragma once
// Moves as a scoresheet has them: a Portuguese, Spanish or Russian arbiter types what the
// player wrote, in the language's piece letters (Dh5+, Фh5+), and may also type English
// SAN or figurines (♕h5+). Read in that order, with one rule against silent
// reinterpretation: English letters are tried only where the text's piece letter means
// nothing else in the language (Portuguese and Spanish "R" is the king, rei / rey; an
// "Rf1" no king can play is an error, never an English rook move). Used by the tool's
// `claim --intended` and the GUI's moves.

#include <string_view>

#include "san.hpp"

namespace arbiter {

namespace detail {
// The letter sets a move written in `language` is read in, in order (see the top of this
// header); returns how many were written to `out`.
inline int written_languages(std::string_view text, SanLanguage language,
                             SanLanguage (&out)[3]) noexcept {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  int n = 0;
  out[n++] = language;
  PieceType own = PieceType::None, english = PieceType::None;
  const bool own_letter = read_piece(text, language, own) != 0;
  const bool english_letter = read_piece(text, SanLanguage::English, english) != 0;
  if (language != SanLanguage::English && (!own_letter || (english_letter && english == own)))
    out[n++] = SanLanguage::English;
  if (language != SanLanguage::Figurine) out[n++] = SanLanguage::Figurine;
  return n;
}
}  // namespace detail

/// Reads a move as a scoresheet in `language` may have it: in the language's piece letters,
/// else in English letters where the text's piece letter means nothing else in the
/// language, else in figurines (either colour). The errors are those of the language's
/// own reading.
inline Result<Move, SanError> parse_written_san(const Position& pos, std::string_view text,
                                                SanLanguage language, SanOptions options = {}) {
  SanLanguage order[3];
  const int n = detail::written_languages(text, language, order);
  options.language = language;
  Result<Move, SanError> first = parse_san(pos, text, options);
  for (int i = 1; i < n && !first; ++i) {
    options.language = order[i];
    if (Result<Move, SanError> r = parse_san(pos, text, options)) return r;
  }
  return first;
}

/// The piece a written move names by its first letter, read in the order of
/// parse_written_san(); PieceType::None if it names none (a pawn move, castling, or a
/// letter no set of letters knows).
inline PieceType written_piece(std::string_view text, SanLanguage language) noexcept {
  SanLanguage order[3];
  const int n = detail::written_languages(text, language, order);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  for (int i = 0; i < n; ++i) {
    PieceType type = PieceType::None;
    if (detail::read_piece(text, order[i], type) != 0 && type != PieceType::Pawn) return type;
  }
  return PieceType::None;
}

}  // namespace arbiter
