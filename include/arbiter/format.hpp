#pragma once
// fmt formatters for arbiter's chess types. With format_rulings.hpp, the only arbiter
// headers that include fmt (link arbiter::format); they work with fmt 9, 10 and 11. This
// one needs only the chess core and notation, so that formatting a Square does not cost
// the whole library; the formatters of rulings, endings, editions and languages, whose
// text comes from explain.hpp, are in format_rulings.hpp (which includes this one).
//
//   fmt::format("{}", Square::E4)                   "e4"
//   fmt::format("{}", Move(Square::G1, Square::F3)) "g1f3" (UCI; castling as king takes rook)
//   fmt::format("{}", pos)                          the FEN
//   fmt::format("{:d}", pos), "{:board}"            a board diagram in letters, side to move, FEN
//   fmt::format("{:u}", pos)                        the same with Unicode figurines
//   fmt::format("{}", Piece::WhiteKnight)           "N" ("{:u}" "♘", "{:l}" "white knight")
//   fmt::format("{}", GameResult::Draw)             "1/2-1/2"
//
// Types shown as a word or a short string (Color, PieceType, Square, Move, CastlingRights,
// GameResult and the error types) take the standard string specifications ("{:>8}",
// "{:^10}").

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>  // std::pair

#include "notation/fen.hpp"
#include "notation/san.hpp"
#include "notation/uci.hpp"
#include "termination.hpp"

namespace arbiter {
namespace detail {

inline const char* color_word(Color c) noexcept { return c == Color::White ? "white" : "black"; }

inline const char* piece_type_word(PieceType t) noexcept {
  constexpr const char* words[] = {"pawn", "knight", "bishop", "rook", "queen", "king", "none"};
  return int(t) <= int(PieceType::None) ? words[int(t)] : "none";
}

/// The FEN letter of a piece ("N", "n"), "." for an empty square.
inline const char* piece_letter(Piece p) noexcept {
  constexpr const char* letters[] = {"P", "N", "B", "R", "Q", "K", ".",
                                     ".", "p", "n", "b", "r", "q", "k"};
  return int(p) < 14 ? letters[int(p)] : ".";
}

/// The Unicode figurine of a piece ("♘", "♞"), "·" for an empty square.
inline const char* piece_figurine(Piece p) noexcept {
  constexpr const char* figurines[] = {"♙", "♘", "♗", "♖", "♕", "♔", "·",
                                       "·", "♟", "♞", "♝", "♜", "♛", "♚"};
  return int(p) < 14 ? figurines[int(p)] : "·";
}

/// UCI without a position: from, to, promotion letter; castling as king takes rook.
inline std::string move_uci(Move m) {
  if (m == Move::none()) return "0000";
  std::string s = to_string(m.from()) + to_string(m.to());
  if (m.is_promotion()) s += "pnbrqk"[index(m.promotion_type())];
  return s;
}

/// Castling rights as FEN writes them for standard chess: "KQkq", "-" if none.
inline std::string castling_text(CastlingRights r) {
  std::string s;
  if (r.has(Color::White, CastlingSide::KingSide)) s += 'K';
  if (r.has(Color::White, CastlingSide::QueenSide)) s += 'Q';
  if (r.has(Color::Black, CastlingSide::KingSide)) s += 'k';
  if (r.has(Color::Black, CastlingSide::QueenSide)) s += 'q';
  return s.empty() ? "-" : s;
}

}  // namespace detail

/// A board diagram, rank 8 at the top, with rank and file labels, the side to move and
/// the FEN below, appended to `s` (allocates only where `s` must grow); lines end in '\n'
/// except the last.
inline void append_board_diagram(std::string& s, const Position& pos, bool figurines = false) {
  s += "  +-----------------+\n";
  for (int rank = 7; rank >= 0; --rank) {
    s += char('1' + rank);
    s += " |";
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      s += ' ';
      s += figurines ? detail::piece_figurine(p) : detail::piece_letter(p);
    }
    s += " |\n";
  }
  s += "  +-----------------+\n    a b c d e f g h\n";
  s += pos.side_to_move() == Color::White ? "White to move\n" : "Black to move\n";
  s += "FEN: ";
  append_fen(s, pos);
}

namespace detail {

/// append_board_diagram() into a new string.
inline std::string board_diagram(const Position& pos, bool figurines) {
  std::string s;
  append_board_diagram(s, pos, figurines);
  return s;
}

/// Base of the formatters that write a string: the standard string specifications
/// (fill, alignment, width, precision).
struct text_formatter : fmt::formatter<fmt::string_view> {
  template <typename FormatContext>
  auto write(std::string_view text, FormatContext& ctx) const -> decltype(ctx.out()) {
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(text.data(), text.size()),
                                                    ctx);
  }
};

/// Base of the formatters with presentation letters of their own ("{:d}", "{:u}").
struct spec_formatter {
  enum class Style : std::uint8_t { Default, Diagram, Unicode, Long };
  Style style = Style::Default;

  /// Reads one of `accepted` (pairs of spec text and style) up to the closing brace.
  template <std::size_t N>
  constexpr auto parse_style(fmt::format_parse_context& ctx,
                             const std::pair<std::string_view, Style> (&accepted)[N])
      -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    const auto end = ctx.end();
    auto stop = it;
    while (stop != end && *stop != '}') ++stop;
    if (stop == it) return it;
    const std::string_view spec(&*it, std::size_t(stop - it));
    for (const auto& [text, s] : accepted) {
      if (spec == text) {
        style = s;
        return stop;
      }
    }
    FMT_THROW(fmt::format_error("invalid format specifier for an arbiter type"));
    return stop;
  }
};

}  // namespace detail
}  // namespace arbiter

// The fmt::formatter specializations below are fmt's extension points, described in
// the file comment; Doxygen leaves them out of the reference.
/// \cond
template <>
struct fmt::formatter<arbiter::Color> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Color& c, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::detail::color_word(c), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::PieceType> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::PieceType& t, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::detail::piece_type_word(t), ctx);
  }
};

/// "{}" the FEN letter ("N", "n", "." for none), "{:u}" the figurine, "{:l}" "white knight".
template <>
struct fmt::formatter<arbiter::Piece> : arbiter::detail::spec_formatter {
  constexpr auto parse(fmt::format_parse_context& ctx) -> decltype(ctx.begin()) {
    constexpr std::pair<std::string_view, Style> accepted[] = {{"u", Style::Unicode},
                                                               {"l", Style::Long}};
    return parse_style(ctx, accepted);
  }
  template <typename FormatContext>
  auto format(const arbiter::Piece& p, FormatContext& ctx) const -> decltype(ctx.out()) {
    namespace ad = arbiter::detail;
    if (style == Style::Unicode) return fmt::format_to(ctx.out(), "{}", ad::piece_figurine(p));
    if (style == Style::Long) {
      if (p == arbiter::Piece::None || arbiter::type_of(p) == arbiter::PieceType::None)
        return fmt::format_to(ctx.out(), "none");
      return fmt::format_to(ctx.out(), "{} {}", ad::color_word(arbiter::color_of(p)),
                            ad::piece_type_word(arbiter::type_of(p)));
    }
    return fmt::format_to(ctx.out(), "{}", ad::piece_letter(p));
  }
};

template <>
struct fmt::formatter<arbiter::Square> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Square& s, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::is_ok(s) ? arbiter::to_string(s) : std::string("-"), ctx);
  }
};

/// UCI without a position ("g1f3", "e7e8q", "0000" for Move::none()); castling is written
/// as king takes rook ("e1h1"): to_uci(pos, m) gives the king's two-square move.
template <>
struct fmt::formatter<arbiter::Move> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::Move& m, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::detail::move_uci(m), ctx);
  }
};

/// "KQkq" (standard letters; the rooks' files are in the Position), "-" if none.
template <>
struct fmt::formatter<arbiter::CastlingRights> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::CastlingRights& r, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::detail::castling_text(r), ctx);
  }
};

/// "{}" (or "{:fen}") the FEN; "{:d}" (or "{:board}") a diagram in letters; "{:u}" (or
/// "{:unicode}") a diagram in figurines. A diagram shows rank 8 at the top, rank and file
/// labels, the side to move and the FEN below it.
template <>
struct fmt::formatter<arbiter::Position> : arbiter::detail::spec_formatter {
  constexpr auto parse(fmt::format_parse_context& ctx) -> decltype(ctx.begin()) {
    constexpr std::pair<std::string_view, Style> accepted[] = {{"fen", Style::Default},
                                                               {"d", Style::Diagram},
                                                               {"board", Style::Diagram},
                                                               {"u", Style::Unicode},
                                                               {"unicode", Style::Unicode}};
    return parse_style(ctx, accepted);
  }
  template <typename FormatContext>
  auto format(const arbiter::Position& pos, FormatContext& ctx) const -> decltype(ctx.out()) {
    if (style == Style::Default) return fmt::format_to(ctx.out(), "{}", arbiter::to_fen(pos));
    return fmt::format_to(ctx.out(), "{}",
                          arbiter::detail::board_diagram(pos, style == Style::Unicode));
  }
};

template <>
struct fmt::formatter<arbiter::GameResult> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::GameResult& r, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::to_pgn(r), ctx);
  }
};

/// "field 2 (side to move), character 10: side to move must be 'w' or 'b'".
template <>
struct fmt::formatter<arbiter::FenError> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::FenError& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(e.message(), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::PositionError> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::PositionError& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::describe(e), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::SanErrorKind> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::SanErrorKind& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::describe(e), ctx);
  }
};

template <>
struct fmt::formatter<arbiter::UciError> : arbiter::detail::text_formatter {
  template <typename FormatContext>
  auto format(const arbiter::UciError& e, FormatContext& ctx) const -> decltype(ctx.out()) {
    return write(arbiter::describe(e), ctx);
  }
};
/// \endcond
