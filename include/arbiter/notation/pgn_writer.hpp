#pragma once
// PGN writer: a PgnGame (notation/pgn_game.hpp) in the export format.
//
// Writing
//   write_pgn() / to_pgn() write a PgnGame in export format: the seven-tag roster first
//   (Event, Site, Date, Round, White, Black, Result; "?", "????.??.??" and the result
//   when missing), then the other tags in their order (SetUp and FEN written from the
//   start position when the game had a FEN tag or does not start from the standard
//   position, Variant "Chess960" added for a Chess960 game without one), a blank line,
//   the movetext in standard SAN (to_san) with move numbers, NAGs as $n, comments and
//   variations (each optional, PgnWriteOptions), and the result: the termination marker,
//   else the Result tag, else *. Strings escape \ and \"; a comment that holds a `}` is
//   written as a `;` comment. Movetext lines hold at most 80 characters, except that a
//   comment word longer than a line stands alone on its line; tag lines are never
//   broken. Null moves are written `--`. Reading what write_pgn() wrote gives the same
//   game (comments with their white space re-flowed), and writing it again the same text.
//
// Nothing here throws (allocation failure aside): errors are values.

#include <string>
#include <string_view>

#include "../movegen.hpp"
#include "fen.hpp"
#include "pgn_game.hpp"
#include "san.hpp"

namespace arbiter {

/// What write_pgn() writes besides the tags and the main line.
struct PgnWriteOptions {
  /// Write the comments.
  bool comments = true;
  /// Write the NAGs ($1, ...).
  bool nags = true;
  /// Write the variations.
  bool variations = true;
  /// The longest movetext line (a comment word longer than this stands alone).
  std::size_t line_length = 80;
};

/// A move write_pgn() cannot write: not legal (or a null move in check) in its position.
struct PgnWriteError {
  int move_number;  ///< the fullmove number of the position it was to be played in
  Color side;       ///< the side to move there
  Move move;        ///< Move::none() for a null move
  std::string san;  ///< the move as the game holds it (PgnMove::san)
  int depth;        ///< 0 on the main line, 1 in a variation, 2 in a variation of it, ...

  /// e.g. "move 12... 'Nf3' (g8f3): not legal in its position (main line)"
  std::string message() const {
    std::string m = "move " + std::to_string(move_number) + (side == Color::White ? ". " : "... ");
    m += "'" + san + "'";
    if (move) {
      m += " (";
      m += char('a' + file_of(move.from()));
      m += char('1' + rank_of(move.from()));
      m += char('a' + file_of(move.to()));
      m += char('1' + rank_of(move.to()));
      m += ")";
    }
    m += move ? ": not legal in its position" : ": a null move while in check";
    return m + (depth == 0 ? " (main line)" : " (in a variation)");
  }
};

namespace detail {

inline void append_pgn_string(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';  // strings hold no newlines or tabs
    out += c;
  }
  out += '"';
}

// Lays movetext tokens out in lines of at most `max` characters.
class PgnLineWriter {
 public:
  PgnLineWriter(std::string& out, std::size_t max) : out_(out), max_(max) {}

  /// A token, separated from the previous one by a space or a line break.
  void token(std::string_view t) {
    std::size_t size = prefix_.size() + t.size();
    if (width_ > 0 && width_ + 1 + size > max_) {
      out_ += '\n';
      width_ = 0;
      space_before_last_ = std::string::npos;
    } else if (width_ > 0) {
      space_before_last_ = out_.size();
      out_ += ' ';
      ++width_;
    } else {
      space_before_last_ = std::string::npos;
    }
    out_ += prefix_;
    out_.append(t.data(), t.size());
    width_ += size;
    prefix_.clear();
  }
  /// Text glued to the front of the next token: an opening parenthesis, a move number.
  void open(std::string_view t) { prefix_.append(t.data(), t.size()); }
  /// Text glued to the previous token (a closing parenthesis). If it does not fit, the
  /// previous token moves to the next line with it.
  void close(std::string_view t) {
    if (!prefix_.empty()) {  // nothing since the opening: "()"
      token(t);
      return;
    }
    if (width_ + t.size() > max_ && space_before_last_ != std::string::npos) {
      out_[space_before_last_] = '\n';
      width_ = out_.size() - space_before_last_ - 1;
      space_before_last_ = std::string::npos;
    }
    out_.append(t.data(), t.size());
    width_ += t.size();
  }
  /// A `{...}` comment, its words spread over lines as needed.
  void comment(std::string_view text) {
    std::vector<std::string_view> words;
    for (std::size_t i = 0; i < text.size();) {
      while (i < text.size() && pgn_is(text[i], pgn_space)) ++i;
      std::size_t j = i;
      while (j < text.size() && !pgn_is(text[j], pgn_space)) ++j;
      if (j > i) words.push_back(text.substr(i, j - i));
      i = j;
    }
    if (text.find('}') != std::string_view::npos) {
      // Cannot be a brace comment: a `;` comment to the end of the line.
      std::string line = ";";
      for (std::string_view w : words) {
        line += ' ';
        line.append(w.data(), w.size());
      }
      token(line);
      out_ += '\n';
      width_ = 0;
      space_before_last_ = std::string::npos;
      return;
    }
    if (words.empty()) {
      token("{}");
      return;
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::string w;
      if (i == 0) w += '{';
      w.append(words[i].data(), words[i].size());
      if (i + 1 == words.size()) w += '}';
      token(w);
    }
  }
  void end() {
    if (width_ > 0) out_ += '\n';
    width_ = 0;
  }

 private:
  std::string& out_;
  std::size_t max_;
  std::size_t width_ = 0;
  std::size_t space_before_last_ = std::string::npos;  // where the last token's space is
  std::string prefix_;
};

inline Result<void, PgnWriteError> write_pgn_line(PgnLineWriter& w, const PgnLine& line,
                                                  Position pos, const PgnWriteOptions& options,
                                                  std::string& scratch, int depth) {
  if (options.nags)
    for (int n : line.nags_before) w.token("$" + std::to_string(n));
  if (options.comments)
    for (const std::string& c : line.comments_before) w.comment(c);
  bool number = true;
  for (const PgnMove& m : line.moves) {
    const bool white = pos.side_to_move() == Color::White;
    if (white || number) {
      scratch = std::to_string(pos.fullmove_number());
      scratch += white ? ". " : "... ";
      w.open(scratch);
    }
    Position next = pos;
    const PgnWriteError error{pos.fullmove_number(), pos.side_to_move(), m.move, m.san, depth};
    if (m.move) {
      if (pos.piece_on(m.move.from()) == Piece::None) return fail(error);
      MoveList candidates;
      generate_legal_moves(pos, candidates,
                           MoveFilter{square_bb(m.move.to()),
                                      MoveFilter::type_bit(type_of(pos.piece_on(m.move.from())))});
      if (!candidates.contains(m.move)) return fail(error);
      // The candidates are the moves SAN disambiguates against: generated once, and the
      // move played once, for the check and mate suffix and for the next move.
      // No FIDE key: the writer never reads it (KeyUpdate::Skip keeps the en passant
      // square, the castling rights and the counters that the next moves need).
      next.play_in_place<Position::KeyUpdate::Skip>(m.move);
      std::string san;  // short enough to stay in the string itself
      append_san(san, pos, m.move, candidates, next);
      w.token(san);
    } else {
      Result<Position, MoveError> passed = pos.play_null();
      if (!passed) return fail(error);
      next = *passed;
      w.token("--");
    }
    number = false;
    if (options.nags)
      for (int n : m.nags) w.token("$" + std::to_string(n));
    if (options.comments)
      for (const std::string& c : m.comments) {
        w.comment(c);
        number = true;
      }
    if (options.variations)
      for (const PgnLine& v : m.variations) {
        w.open("(");
        if (auto written = write_pgn_line(w, v, pos, options, scratch, depth + 1); !written)
          return written;
        w.close(")");
        number = true;
      }
    pos = next;
  }
  return {};
}

}  // namespace detail

/// Appends `game` to `out` in PGN export format (see the top of this header). Fails on
/// a move that is not legal in its position (`out` then holds the game up to it).
inline Result<void, PgnWriteError> write_pgn(const PgnGame& game, std::string& out,
                                             const PgnWriteOptions& options = {}) {
  // The result: the termination marker, else the Result tag, else "*".
  const std::optional<GameResult> tag_result = parse_pgn_result(detail::trim(game.tag("Result")));
  const GameResult marker = game.result ? *game.result : tag_result.value_or(GameResult::Ongoing);
  const GameResult tag_value = tag_result.value_or(marker);

  static constexpr const char* roster[7] = {"Event", "Site",  "Date",  "Round",
                                            "White", "Black", "Result"};
  for (const char* name : roster) {
    out += '[';
    out += name;
    out += ' ';
    if (std::string_view(name) == "Result") {
      detail::append_pgn_string(out, to_pgn(tag_value));
    } else if (const PgnTag* t = game.find_tag(name)) {
      detail::append_pgn_string(out, t->value);
    } else {
      detail::append_pgn_string(out, std::string_view(name) == "Date" ? "????.??.??" : "?");
    }
    out += "]\n";
  }
  const Position standard = Position::startpos();
  const bool setup = game.find_tag("FEN") || !(game.start == standard) || game.start.is_chess960();
  const std::string fen = setup ? to_fen(game.start) : std::string();  // written only then
  auto write_tag = [&](std::string_view name, std::string_view value) {
    out += '[';
    out.append(name.data(), name.size());
    out += ' ';
    detail::append_pgn_string(out, value);
    out += "]\n";
  };
  bool wrote_setup = false, wrote_fen = false, wrote_variant = false;
  for (const PgnTag& t : game.tags) {
    bool in_roster = false;
    for (const char* name : roster) in_roster |= t.name == name;
    if (in_roster) continue;
    if (t.name == "SetUp") {
      if (!setup || wrote_setup) continue;
      write_tag("SetUp", "1");
      wrote_setup = true;
    } else if (t.name == "FEN") {
      if (!setup || wrote_fen) continue;
      if (!wrote_setup) write_tag("SetUp", "1");
      wrote_setup = true;
      write_tag("FEN", fen);
      wrote_fen = true;
    } else {
      if (t.name == "Variant") wrote_variant = true;
      write_tag(t.name, t.value);
    }
  }
  if (game.start.is_chess960() && !wrote_variant) write_tag("Variant", "Chess960");
  if (setup && !wrote_setup) write_tag("SetUp", "1");
  if (setup && !wrote_fen) write_tag("FEN", fen);
  out += '\n';

  detail::PgnLineWriter w(out, options.line_length);
  std::string scratch;
  Result<void, PgnWriteError> written =
      detail::write_pgn_line(w, game.main_line, game.start, options, scratch, 0);
  w.token(to_pgn(marker));
  w.end();
  out += '\n';
  return written;
}

/// The game in PGN export format, or the move that is not legal in its position.
inline Result<std::string, PgnWriteError> to_pgn(const PgnGame& game,
                                                 const PgnWriteOptions& options = {}) {
  std::string out;
  if (auto written = write_pgn(game, out, options); !written) return fail(written.error());
  return out;
}

}  // namespace arbiter
