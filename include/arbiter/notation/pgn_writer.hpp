#pragma once
// PGN writer: a PgnGame (notation/pgn_game.hpp) in the export format.
//
// Writing
//   write_pgn() / to_pgn() write a PgnGame in export format: the seven-tag roster first
//   (Event, Site, Date, Round, White, Black, Result; "?", "????.??.??" and the result
//   when missing), then the other tags in their order (SetUp and FEN written from the
//   start position when the game had a FEN tag or does not start from the standard
//   position, Variant "Chess960" for a Chess960 game without one or whose Variant tag
//   reads as standard chess), a blank line,
//   the movetext in standard SAN (to_san) with move numbers, NAGs as $n, comments and
//   variations (each optional, PgnWriteOptions), and the result: the termination marker,
//   else the Result tag, else *. Strings escape \ and \"; a comment that holds a `}` is
//   written as a `;` comment. Movetext lines hold at most 80 characters, except that a
//   comment word longer than a line stands alone on its line; tag lines are never
//   broken. Null moves are written `--`. Reading what write_pgn() wrote gives the same
//   game (comments with their white space re-flowed), and writing it again the same text.
//   PgnExportWriter writes the same text while PgnReader reads a game (a visitor), with no
//   PgnGame built and no move played again; write_pgn() is that writer fed a PgnGame.
//
// Nothing here throws (allocation failure aside): errors are values.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/byte_words.hpp"
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

// Room for `n` more bytes at `out`'s end past the `used` bytes written: the writers below
// write through a pointer into room made ahead (a string grown geometrically, no call per
// piece of text), and trim `out` to what they wrote when done.
inline char* pgn_room(std::string& out, std::size_t used, std::size_t n) {
  if (out.size() - used < n) out.resize(std::max(out.size() * 2, used + n + 256));
  return &out[used];
}

// Writes `s` as a PGN string at `p` (room for 2 * s.size() + 2 bytes): quoted, \ and \"
// escaped, newlines and tabs (which strings do not hold) as spaces. Returns the end.
inline char* write_pgn_string(char* p, std::string_view s) noexcept {
  *p++ = '"';
  // The run before the first byte that may need either (a quote, a backslash, a control
  // character), eight bytes at a time, copied whole; then byte by byte.
  std::size_t i = 0;
  while (s.size() - i >= 8) {
    const std::uint64_t w = load_word(s.data() + i);
    if (bytes_below(w, 0x20) | has_byte(w, '"') | has_byte(w, '\\')) break;
    i += 8;
  }
  std::memcpy(p, s.data(), i);
  p += i;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\\') *p++ = '\\';
    *p++ = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  *p++ = '"';
  return p;
}

// Lays movetext tokens out in lines of at most `max` characters, appended to `out`; end()
// ends the last line and must be called before `out` is used again. A layout can stop
// and go on later (state()), in the same string or in another that holds its text.
class PgnLineWriter {
 public:
  /// Where a layout stands between tokens (nothing glued to the next one): the bytes
  /// written, the width of the last line, where the space before its last token is.
  struct State {
    std::size_t used = 0;
    std::size_t width = 0;
    std::size_t space_before_last = std::string::npos;
  };

  PgnLineWriter(std::string& out, std::size_t max) : out_(out), max_(max), used_(out.size()) {}
  /// Goes on from `state`, a layout of `out` (its text: the first state.used bytes).
  PgnLineWriter(std::string& out, std::size_t max, const State& state)
      : out_(out),
        max_(max),
        used_(state.used),
        width_(state.width),
        space_before_last_(state.space_before_last) {}
  /// Where the layout stands (precondition: no parenthesis opened since the last token).
  State state() const noexcept { return {used_, width_, space_before_last_}; }

  /// A token, separated from the previous one by a space or a line break.
  void token(std::string_view t) {
    char* p = place(t.size(), 0);
    std::memcpy(p, t.data(), t.size());
    used_ = std::size_t(p + t.size() - out_.data());
  }
  /// token() of the first `n` bytes of `buffer` (n <= N): the buffer is copied whole, a
  /// copy of fixed size that needs no call into the library for the few bytes of a move.
  template <std::size_t N>
  void token(const char (&buffer)[N], std::size_t n) {
    char* p = place(n, N);
    std::memcpy(p, buffer, N);
    used_ = std::size_t(p + n - out_.data());
  }
  /// An opening parenthesis, glued to the front of the next token.
  void open() noexcept { ++opened_; }
  /// Text glued to the previous token (a closing parenthesis). If it does not fit, the
  /// previous token moves to the next line with it.
  void close(std::string_view t) {
    if (opened_) {  // nothing since the opening: "()"
      token(t);
      return;
    }
    if (width_ + t.size() > max_ && space_before_last_ != std::string::npos) {
      out_[space_before_last_] = '\n';
      width_ = used_ - space_before_last_ - 1;
      space_before_last_ = std::string::npos;
    }
    write(t);
    width_ += t.size();
  }
  /// A `{...}` comment, its words spread over lines as needed (`word`: room to build each).
  void comment(std::string_view text, std::string& word) {
    std::size_t i = 0;
    auto next_word = [&]() {
      while (i < text.size() && pgn_is(text[i], pgn_space)) ++i;
      const std::size_t start = i;
      while (i < text.size() && !pgn_is(text[i], pgn_space)) ++i;
      return text.substr(start, i - start);
    };
    if (text.find('}') != std::string_view::npos) {
      // Cannot be a brace comment: a `;` comment to the end of the line.
      word.assign(1, ';');
      for (std::string_view w = next_word(); !w.empty(); w = next_word()) {
        word += ' ';
        word.append(w.data(), w.size());
      }
      token(word);
      write("\n");
      width_ = 0;
      space_before_last_ = std::string::npos;
      return;
    }
    std::string_view w = next_word();
    if (w.empty()) {
      token("{}");
      return;
    }
    for (bool first = true; !w.empty(); first = false) {
      const std::string_view after = next_word();
      word.clear();
      if (first) word += '{';
      word.append(w.data(), w.size());
      if (after.empty()) word += '}';
      token(word);
      w = after;
    }
  }
  /// Ends the last line and trims `out` to what was written.
  void end() {
    if (width_ > 0) write("\n");
    width_ = 0;
    out_.resize(used_);
  }

 private:
  // Places a token of `size` bytes (after the opening parentheses) whose copy writes
  // `extra` bytes at most: the separator (a space or a line break) and the parentheses
  // written, the width counted; returns where the token's bytes go.
  char* place(std::size_t size, std::size_t extra) {
    size += opened_;
    char* p = pgn_room(out_, used_, std::max(size, opened_ + extra) + 1);
    if (width_ > 0 && width_ + 1 + size > max_) {
      *p++ = '\n';
      width_ = 0;
      space_before_last_ = std::string::npos;
    } else if (width_ > 0) {
      space_before_last_ = used_;
      *p++ = ' ';
      ++width_;
    } else {
      space_before_last_ = std::string::npos;
    }
    if (opened_) {
      std::memset(p, '(', opened_);
      p += opened_;
      opened_ = 0;
    }
    width_ += size;
    return p;
  }
  void write(std::string_view t) {
    std::memcpy(pgn_room(out_, used_, t.size()), t.data(), t.size());
    used_ += t.size();
  }

  std::string& out_;
  std::size_t max_;
  std::size_t used_;  // the bytes of out_ written (out_ may be longer: room made ahead)
  std::size_t width_ = 0;
  std::size_t space_before_last_ = std::string::npos;  // where the last token's space is
  std::size_t opened_ = 0;  // opening parentheses glued to the next token
};

// Writes `n` in decimal at `p`; returns the end.
inline char* write_decimal(char* p, std::uint64_t n) noexcept {
  if (n < 100) {  // nearly every move number
    if (n >= 10) *p++ = char('0' + n / 10);
    *p++ = char('0' + n % 10);
    return p;
  }
  char digits[20];
  int k = 0;
  do {
    digits[k++] = char('0' + n % 10);
    n /= 10;
  } while (n);
  while (k) *p++ = digits[--k];
  return p;
}

// What write_pgn_tags() does with a tag: by its name, a place in the seven-tag roster
// (0 to 6), SetUp, FEN, Variant, or other.
enum class PgnTagRole : std::uint8_t {
  Event,
  Site,
  Date,
  Round,
  White,
  Black,
  Result,
  Other,
  SetUp,
  Fen,
  Variant
};

// The names of the roles, by PgnTagRole (none for Other): the roster's in its order.
inline constexpr std::string_view pgn_tag_names[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "", "SetUp", "FEN", "Variant"};

// The name of the role `r` (not Other).
constexpr std::string_view pgn_tag_name(PgnTagRole r) noexcept {
  return pgn_tag_names[std::size_t(r)];
}

// The role of the tag `name` (by its length first: most names are none of these).
inline PgnTagRole pgn_tag_role(std::string_view name) noexcept {
  if (name.size() < 3 || name.size() > 7) return PgnTagRole::Other;
  for (std::size_t r = 0; r < std::size(pgn_tag_names); ++r)
    if (r != std::size_t(PgnTagRole::Other) && name == pgn_tag_names[r]) return PgnTagRole(r);
  return PgnTagRole::Other;
}

// A tag as write_pgn_tags() reads it: views of its name and value.
struct PgnTagView {
  std::string_view name, value;
  PgnTagRole role;
};

// The tags in export format: the seven-tag roster first ("?", "????.??.??" and the result
// `roster_result` where missing), then the other tags in their order, with SetUp
// and FEN written from `start` when the game had a FEN tag or does not start from the
// standard position, and Variant "Chess960" for a Chess960 game without one or whose
// Variant tag reads as standard chess; then the blank line before the movetext.
inline void write_pgn_tags(std::string& out, const PgnTagView* tags, std::size_t count,
                           const Position& start, GameResult roster_result) {
  const PgnTagView* first[7] = {};  // the first tag of each roster name
  bool has_fen = false;
  for (std::size_t i = 0; i < count; ++i) {
    const PgnTagRole role = tags[i].role;
    if (role < PgnTagRole::Other && !first[int(role)]) first[int(role)] = &tags[i];
    has_fen |= role == PgnTagRole::Fen;
  }
  std::size_t used = out.size();
  auto write_tag = [&](std::string_view name, std::string_view value) {
    char* p = pgn_room(out, used, name.size() + 2 * value.size() + 6);
    *p++ = '[';
    std::memcpy(p, name.data(), name.size());
    p += name.size();
    *p++ = ' ';
    p = write_pgn_string(p, value);
    *p++ = ']';
    *p++ = '\n';
    used = std::size_t(p - out.data());
  };
  for (int r = 0; r < 7; ++r) {
    if (r == 6) {
      write_tag(pgn_tag_name(PgnTagRole(r)), to_pgn(roster_result));
    } else if (first[r]) {
      write_tag(pgn_tag_name(PgnTagRole(r)), first[r]->value);
    } else {
      write_tag(pgn_tag_name(PgnTagRole(r)), r == 2 ? "????.??.??" : "?");
    }
  }
  const bool setup = has_fen || !(start == Position::startpos()) || start.is_chess960();
  const std::string fen = setup ? to_fen(start) : std::string();  // written only then
  bool wrote_setup = false, wrote_fen = false, wrote_variant = false;
  for (std::size_t i = 0; i < count; ++i) {
    const PgnTagView& t = tags[i];
    switch (t.role) {
      case PgnTagRole::Other:
        write_tag(t.name, t.value);
        break;
      case PgnTagRole::SetUp:
        if (!setup || wrote_setup) break;
        write_tag(pgn_tag_name(PgnTagRole::SetUp), "1");
        wrote_setup = true;
        break;
      case PgnTagRole::Fen:
        if (!setup || wrote_fen) break;
        if (!wrote_setup) write_tag(pgn_tag_name(PgnTagRole::SetUp), "1");
        wrote_setup = true;
        write_tag(pgn_tag_name(PgnTagRole::Fen), fen);
        wrote_fen = true;
        break;
      case PgnTagRole::Variant: {
        wrote_variant = true;
        // A Chess960 game whose Variant tag reads as standard chess (the reader took it for
        // Chess960 by its FEN's Shredder letters, which to_fen may not write again) is
        // named Chess960, so that what is written reads as the same game.
        const bool reads_standard = detail::pgn_variant(t.value) == detail::PgnVariant::Standard;
        write_tag(pgn_tag_name(PgnTagRole::Variant),
                  start.is_chess960() && reads_standard ? std::string_view("Chess960") : t.value);
        break;
      }
      default:  // the roster's, written above
        break;
    }
  }
  if (start.is_chess960() && !wrote_variant)
    write_tag(pgn_tag_name(PgnTagRole::Variant), "Chess960");
  if (setup && !wrote_setup) write_tag(pgn_tag_name(PgnTagRole::SetUp), "1");
  if (setup && !wrote_fen) write_tag(pgn_tag_name(PgnTagRole::Fen), fen);
  *pgn_room(out, used, 1) = '\n';
  out.resize(used + 1);
}

}  // namespace detail

/// Writes each game in PGN export format (see the top of this header) as it is read: a
/// PgnVisitor for PgnReader::next(), so that a game is read and written back with each
/// move resolved and played once, by the reader, and no PgnGame built. After a game's
/// end_game(), write() appends it. Its buffers are reused from game to game (no heap
/// allocation per game once warmed up, long comments and tags aside). write_pgn() feeds
/// it a PgnGame: one writer, whichever way the game comes.
///
/// The export format orders what follows a move (its NAGs, then its comments, then its
/// variations) whatever the order it was read in, and puts the result in the tag roster
/// before the movetext that ends with the termination marker. So the movetext is written
/// apart from the tags, and from a game's first NAG, comment or variation on its events
/// are kept as they come and laid out at the end. Before that (most games have none),
/// each move is laid out as soon as the next move shows that nothing follows it, the last
/// by write().
class PgnExportWriter final : public PgnVisitor {
 public:
  /// A writer that writes what `options` asks for besides the tags and the main line.
  explicit PgnExportWriter(const PgnWriteOptions& options = {}) : options_(options) {}

  void begin_game(std::uint64_t /*number*/, std::uint64_t /*line*/) override {
    moves_ = {};
    pending_ = false;
    direct_ = true;
    tags_.clear();
    tag_bytes_ = 0;
    start_ = Position::startpos();
    events_.clear();
    open_.clear();
    text_.clear();
    result_.reset();
    warnings_.clear();
  }
  void tag(std::string_view name, std::string_view value) override {
    // Kept as places in tag_text_ (views would not survive its growth): the bytes copied
    // once, no string made per tag.
    const std::size_t at = tag_bytes_;
    char* p = detail::pgn_room(tag_text_, at, name.size() + value.size());
    std::memcpy(p, name.data(), name.size());
    std::memcpy(p + name.size(), value.data(), value.size());
    tag_bytes_ += name.size() + value.size();
    tags_.push_back({at, name.size(), value.size(), detail::pgn_tag_role(name)});
  }
  PgnAction begin_movetext(const Position& start) override {
    start_ = start;
    return PgnAction::Continue;
  }
  /// `move` must be legal in `before` (or Move::none(), a null move): the reader's
  /// moves are; write_pgn() checks the moves it feeds.
  void move(const Position& before, Move move, std::string_view /*san*/) override {
    const bool white = before.side_to_move() == Color::White;
    if (direct_) {
      // The move before, with nothing after it, laid out; this one waits for its sign.
      if (pending_) lay_out_pending();
      char* e = write_number(token_, white, first_move(), before.fullmove_number());
      token_body_ = token_size_ =
          std::uint8_t(write_move(e, before, move) - token_);  // the number included
      pending_ = true;
      return;
    }
    Event& e = events_.emplace_back();
    e.kind = Event::Moved;
    e.white = white;
    e.value = before.fullmove_number();
    e.size = e.body = std::uint8_t(write_move(e.san, before, move) - e.san);
  }
  /// Right after move(): the sign of check or mate, from the position the move led to.
  void played(const Position& after) override {
    char* san;
    std::uint8_t* size;
    if (direct_) {
      if (!pending_) return;
      san = token_;
      size = &token_size_;
      *size = token_body_;
    } else {
      if (events_.empty() || events_.back().kind != Event::Moved) return;
      Event& e = events_.back();
      san = e.san;
      size = &e.size;
      *size = e.body;
    }
    for (const char* sign = detail::san_check_sign(after); *sign; ++sign) san[(*size)++] = *sign;
  }
  void nag(int nag) override {
    direct_ = false;
    events_.push_back({Event::Nag, false, 0, 0, {}, nag, 0, 0});
  }
  void comment(std::string_view text, bool /*truncated*/) override {
    direct_ = false;
    events_.push_back({Event::Comment, false, 0, 0, {}, 0, text_.size(), text.size()});
    text_.append(text.data(), text.size());
  }
  void begin_variation() override {
    direct_ = false;
    open_.push_back(events_.size());
    events_.push_back({Event::Open, false, 0, 0, {}, 0, 0, 0});
  }
  void end_variation() override {
    if (open_.empty()) return;  // no variation open: nothing to end
    events_[open_.back()].end = events_.size();
    open_.pop_back();
  }
  void result(GameResult result) override { result_ = result; }
  void warning(const PgnError& w) override { warnings_.push_back(w); }

  /// The warnings of the last game read.
  const std::vector<PgnError>& warnings() const noexcept { return warnings_; }

  /// Appends the last game read to `out` in export format. The result: the termination
  /// marker, else the Result tag, else "*"; the roster's Result tag: the Result tag when
  /// it reads as a result, else the marker.
  void write(std::string& out) const {
    views_.clear();
    const std::string_view text(tag_text_.data(), tag_bytes_);
    std::string_view result_tag;  // the first Result tag's value
    bool has_result_tag = false;
    for (const StoredTag& t : tags_) {
      const std::string_view value = text.substr(t.at + t.name_size, t.value_size);
      views_.push_back({text.substr(t.at, t.name_size), value, t.role});
      if (t.role == detail::PgnTagRole::Result && !has_result_tag) {
        result_tag = value;
        has_result_tag = true;
      }
    }
    const std::optional<GameResult> tag_result = parse_pgn_result(detail::trim(result_tag));
    const GameResult marker = result_ ? *result_ : tag_result.value_or(GameResult::Ongoing);
    detail::write_pgn_tags(out, views_.data(), views_.size(), start_, tag_result.value_or(marker));
    // The moves laid out so far, then the layout goes on in `out` (this writer's own is left
    // as it is: write() may be called again).
    const std::size_t at = out.size();
    out.append(moves_text_.data(), moves_.used);
    detail::PgnLineWriter::State state = moves_;
    state.used += at;
    if (state.space_before_last != std::string::npos) state.space_before_last += at;
    detail::PgnLineWriter w(out, options_.line_length, state);
    if (pending_) w.token(token_, token_size_);
    write_line(w, 0, events_.size(), first_move());
    w.token(to_pgn(marker));
    w.end();
    out += '\n';
  }

 private:
  struct Event {
    enum Kind : std::uint8_t { Moved, Nag, Comment, Open };
    Kind kind;
    bool white;                          // Moved: White played it
    std::uint8_t size;                   // Moved: the bytes of san
    std::uint8_t body;                   // Moved: the bytes of san before a check or mate sign
    char san[detail::max_san_body + 2];  // Moved: its SAN with the sign; "--" for a null move
    int value;                           // Moved: the fullmove number; Nag: the NAG
    std::size_t text;                    // Comment: where its text starts in text_
    // Comment: its length; Open: the index after the variation's last event
    std::size_t end;
  };

  // Where the variation opened at `i` ends (one still open, in a game cut short, at the
  // last event read: write() is then still defined, though the game is not whole).
  std::size_t variation_end(std::size_t i) const noexcept {
    return events_[i].end > i ? events_[i].end : events_.size();
  }
  // The event after the one at `i` on the same line (over a variation whole).
  std::size_t step(std::size_t i) const noexcept {
    return events_[i].kind == Event::Open ? variation_end(i) : i + 1;
  }

  // The SAN of `move` in `before` (a null move: "--") at `p`, without the sign of check or
  // mate; returns the end.
  static char* write_move(char* p, const Position& before, Move move) noexcept {
    if (!move) {
      p[0] = p[1] = '-';
      return p + 2;
    }
    return detail::write_san_body(p, before, move, detail::san_rival_squares(before, move));
  }
  // The move number a move's token starts with, if any (White's moves, and Black's where
  // `number`: at the start of a line or after a comment or a variation), at `p`: "12. "
  // before White's move, "12... " before Black's (room for 24 bytes); returns the end.
  static char* write_number(char* p, bool white, bool number, int fullmove) noexcept {
    if (!white && !number) return p;
    static constexpr char dots[2][4] = {{'.', '.', '.', ' '}, {'.', ' ', ' ', ' '}};
    p = detail::write_decimal(p, std::uint64_t(fullmove));
    std::memcpy(p, dots[white], 4);  // a fixed-size copy: cheaper than a byte loop
    return p + (white ? 2 : 4);
  }
  // Lays the waiting move's token out after the moves laid out in moves_text_.
  ARBITER_FORCE_INLINE void lay_out_pending() {
    detail::PgnLineWriter w(moves_text_, options_.line_length, moves_);
    w.token(token_, token_size_);
    moves_ = w.state();
    pending_ = false;
  }
  // Whether no move of the game has been laid out or waits: the first is numbered even if
  // Black's.
  bool first_move() const noexcept { return moves_.used == 0 && !pending_; }

  // Writes the line of the events [begin, end): what comes before its first move (NAGs,
  // then comments), then each move with its NAGs, its comments and its variations.
  // `number`: whether its first move is numbered if Black's (a line laid out from its
  // start; false where it goes on after a move laid out already).
  void write_line(detail::PgnLineWriter& w, std::size_t begin, std::size_t end,
                  bool number = true) const {
    char buffer[48];  // a move number (at most 20 digits), "... " and a move (its whole array)
    // A move's annotations, or a line's first ones; a comment or a variation has the next
    // move numbered.
    auto annotations = [&](std::size_t from, std::size_t to) {
      if (options_.nags)
        for (std::size_t i = from; i < to; i = step(i))
          if (events_[i].kind == Event::Nag) {
            char* e = buffer;
            *e++ = '$';
            // Never negative from the reader; a game built by hand: as std::to_string writes it.
            const int nag = events_[i].value;
            if (nag < 0) *e++ = '-';
            e = detail::write_decimal(
                e, nag < 0 ? 0 - std::uint64_t(std::int64_t(nag)) : std::uint64_t(nag));
            w.token(buffer, std::size_t(e - buffer));
          }
      if (options_.comments)
        for (std::size_t i = from; i < to; i = step(i))
          if (events_[i].kind == Event::Comment) {
            w.comment(std::string_view(text_).substr(events_[i].text, events_[i].end), word_);
            number = true;
          }
      if (options_.variations)
        for (std::size_t i = from; i < to; i = step(i))
          if (events_[i].kind == Event::Open) {
            w.open();
            write_line(w, i + 1, variation_end(i));
            w.close(")");
            number = true;
          }
    };
    auto next_move = [&](std::size_t i) {
      while (i < end && events_[i].kind != Event::Moved) i = step(i);
      return i;
    };
    std::size_t i = next_move(begin);
    annotations(begin, i);  // at a line's start `number` is true already
    while (i < end) {
      const Event& m = events_[i];
      const std::size_t next = next_move(i + 1);
      // The move number and the move: one token, as open() then token() would write them.
      // A fixed-size copy (the buffer has room for it): cheaper than a byte loop.
      char* e = write_number(buffer, m.white, number, m.value);
      std::memcpy(e, m.san, sizeof m.san);
      e += m.size;
      w.token(buffer, std::size_t(e - buffer));
      number = false;
      if (next != i + 1) annotations(i + 1, next);  // nothing between two moves: common
      i = next;
    }
  }

  PgnWriteOptions options_;
  // A tag of the game: its name and value, one after the other in tag_text_.
  struct StoredTag {
    std::size_t at, name_size, value_size;
    detail::PgnTagRole role;
  };
  std::vector<StoredTag> tags_;
  std::string tag_text_;  // the tags' names and values: its first tag_bytes_ bytes
  std::size_t tag_bytes_ = 0;
  mutable std::vector<detail::PgnTagView> views_;  // write(): tags_ as views (reused)
  Position start_ = Position::startpos();
  std::vector<Event> events_;
  std::vector<std::size_t> open_;  // the variations open: their Open events
  // The moves laid out as they came (see the class comment): the text and where its
  // layout stands; whether moves are still laid out so: no NAG, comment or variation yet,
  // the game's events empty (events_.empty() says the same, at a few instructions more a
  // move). The move before the first event, if it waits, stays first: write() lays it out
  // before the events.
  std::string moves_text_;
  detail::PgnLineWriter::State moves_;
  bool direct_ = true;
  // The last move read while moves are laid out as they come: its token (number, SAN and,
  // once played() gives it, the sign; sizes with and without the sign), laid out by the
  // next move or by write().
  char token_[48] = {};
  std::uint8_t token_size_ = 0;
  std::uint8_t token_body_ = 0;
  bool pending_ = false;
  std::string text_;          // the comments' texts, one after the other
  mutable std::string word_;  // write(): a comment's word being laid out (reused)
  std::optional<GameResult> result_;
  std::vector<PgnError> warnings_;
};

namespace detail {

// Feeds the line `line`, played from `pos`, to `writer`, checking that each move is legal.
inline Result<void, PgnWriteError> feed_pgn_line(PgnExportWriter& writer, const PgnLine& line,
                                                 Position pos, int depth) {
  for (int n : line.nags_before) writer.nag(n);
  for (const std::string& c : line.comments_before) writer.comment(c, false);
  for (const PgnMove& m : line.moves) {
    Position next = pos;
    if (m.move) {
      if (!is_legal(pos, m.move))
        return fail(PgnWriteError{pos.fullmove_number(), pos.side_to_move(), m.move, m.san, depth});
      writer.move(pos, m.move, m.san);
      // No FIDE key: the writer never reads it (KeyUpdate::Skip keeps the en passant
      // square, the castling rights and the counters that the next moves need).
      next.play_in_place<Position::KeyUpdate::Skip>(m.move);
      writer.played(next);
    } else {
      Result<Position, MoveError> passed = pos.play_null();
      if (!passed)
        return fail(PgnWriteError{pos.fullmove_number(), pos.side_to_move(), m.move, m.san, depth});
      writer.move(pos, m.move, m.san);
      next = *passed;
    }
    for (int n : m.nags) writer.nag(n);
    for (const std::string& c : m.comments) writer.comment(c, false);
    for (const PgnLine& v : m.variations) {
      writer.begin_variation();
      if (auto fed = feed_pgn_line(writer, v, pos, depth + 1); !fed) return fed;
      writer.end_variation();
    }
    pos = next;
  }
  return {};
}

}  // namespace detail

/// Appends `game` to `out` in PGN export format (see the top of this header). Fails on
/// a move that is not legal in its position, a null move in check among them (`out` is
/// then left as it was: never half a game).
inline Result<void, PgnWriteError> write_pgn(const PgnGame& game, std::string& out,
                                             const PgnWriteOptions& options = {}) {
  PgnExportWriter writer(options);
  writer.begin_game(game.number, game.line);
  for (const PgnTag& t : game.tags) writer.tag(t.name, t.value);
  writer.begin_movetext(game.start);
  if (auto fed = detail::feed_pgn_line(writer, game.main_line, game.start, 0); !fed) return fed;
  if (game.result) writer.result(*game.result);
  writer.end_game();
  writer.write(out);
  return {};
}

/// The game in PGN export format, or the move that is not legal in its position.
inline Result<std::string, PgnWriteError> to_pgn(const PgnGame& game,
                                                 const PgnWriteOptions& options = {}) {
  std::string out;
  if (auto written = write_pgn(game, out, options); !written) return fail(written.error());
  return out;
}

}  // namespace arbiter
