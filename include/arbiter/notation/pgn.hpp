#pragma once
// PGN (Portable Game Notation): a streaming reader for multi-game files of any size, a
// game record built on it, and a writer of the export format.
//
// Reading
//   PgnReader reads from a FILE*, a std::istream or a memory buffer (not copied), the
//   first two in chunks of PgnOptions::buffer_size bytes (64 KiB): memory use does not
//   grow with the file (about 5 MB resident for `arbiter pgn` on any input). Each call to
//   next() reads one game and reports it to a PgnVisitor as events (begin_game, tag,
//   begin_movetext, move, nag, comment, begin_variation, end_variation, result, end_game;
//   or game_error instead of end_game; warnings in between), or fills a PgnGame. Moves are
//   resolved against the position with parse_san(), lenient by default
//   (PgnOptions::strict: the export form only), and replayed with
//   Position::play_in_place(); the position before each move goes with it. No heap
//   allocation per move: tokens are read in place or into reused buffers (parse_san()
//   resolves the everyday forms from attack sets and explains every error).
//
//   What the reader accepts, and what it decides where the standard leaves room:
//   - Tags `[Name "value"]` (escapes \" and \\; a lenient reading takes a quote that is
//     not followed by `]` as part of the value), comments `{...}` and `;` to the end of
//     the line, NAGs `$n` and the suffixes ! ? !! ?? !? ?! (read as $1 to $6), variations
//     `( ... )` nested up to PgnOptions::max_variation_depth (64), `%` escape lines
//     (skipped), move numbers `12.`, `12...`, glued or not (not checked against the
//     position), the results 1-0 0-1 1/2-1/2 * (and ½-½). Comments among the tags are
//     given to the movetext; a NAG before the first move of a line (Informant's
//     "($142 ...") is kept with the line.
//   - Moves: lenient SAN as parse_san() reads it (0-0, e8Q, Ng1-f3, e2e4, ...), and also
//     UCI castling (e1g1) through parse_uci(); `e8(Q)` is a promotion, not a variation;
//     an `e.p.` token after a move is skipped. Other languages and figurines need
//     PgnOptions::language.
//   - Null moves `--` and `Z0` pass the turn (PgnOptions::allow_null_moves, on by
//     default): they are delivered as Move::none() with the position before them, and
//     the position after them is made by play_null_move(); a null move by a side in check
//     is an error. With the option off every null move is an error.
//   - Encodings: a UTF-8 byte order mark is skipped wherever one starts a token. Tag
//     values and comments that are not valid UTF-8 are taken as Latin-1 and converted to
//     UTF-8 (PgnOptions::latin1_to_utf8; off: kept byte for byte). Columns count bytes.
//   - Comments: delivered up to PgnOptions::max_comment_bytes (64 KiB, counted on the
//     input; a UTF-8 character is never cut). A longer comment is read past without being
//     held, flagged as truncated, with a warning: at most that much of any comment (and
//     PgnOptions::max_tag_bytes of a tag value) is ever in memory. With
//     PgnOptions::comments off, comments are skipped unread.
//   - Start position: the FEN tag (whether or not SetUp is "1"; SetUp "1" without FEN is
//     an error), read leniently with a RepairedSetUp warning for what was dropped
//     (strictly with PgnOptions::strict), checks no last move could give allowed
//     (composed studies); Chess960 castling when the Variant tag says Chess960,
//     "chess 960", "Fischerandom" or "Fischer Random". Variant "Standard", "chess",
//     "normal", "From Position" are standard chess; any other variant is an error.
//   - A game whose movetext ends without a result is read, with a MissingResult warning
//     and PgnResult::None (with PgnOptions::require_result it is an error). The movetext
//     ends at the end of the input, at a `[`, and after a blank line at `1.` (once the
//     game is past move 1) or at a character that cannot begin a movetext token. After a
//     blank line, an Event tag or a tag already seen ends a game that has tags and no
//     movetext (a blank line among the tags of one game does not).
//   - A Result tag that differs from the termination marker gives a warning.
//   - A move that cannot be played inside a variation makes the game bad; with
//     PgnOptions::drop_bad_variations the rest of that variation is dropped instead,
//     with a warning. Skipped variations (PgnOptions::variations off) are not checked.
//
//   Errors carry the game number (1-based within the stream), line and column (1-based)
//   and say what was expected, e.g.
//     game 17, line 2034, column 12: illegal move 'Nxe5'; legal moves of that piece: Nc3, Nf3
//     game 2, line 9, column 7: unterminated comment started at line 9, column 7 (expected
//       '}' before the tag pairs at line 12)
//   After a bad game the reader resynchronizes: it goes on at the next `[` (or `1.`, for a
//   game without tags) that starts a line after a blank line or after a line ending with
//   a result, so no game before or after the bad one is lost. A `{` comment that runs
//   into a blank line followed by a line that starts like a tag pair (`[Name "`) is
//   reported as unterminated there, so it does not swallow the games after it. Nothing
//   in the input can make the reader crash, hang, or hold more than the limits above; the
//   same input gives the same events from any source and at any buffer size (lookahead
//   is a fixed window of at most 256 bytes).
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

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>   // FILE
#include <cstring>  // memchr
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "../movegen.hpp"
#include "fen.hpp"
#include "san.hpp"

namespace arbiter {

// ---------------------------------------------------------------------------------------
// Results, errors, options
// ---------------------------------------------------------------------------------------

/// A game termination marker (or Result tag value).
enum class PgnResult : std::uint8_t {
  None,       ///< no termination marker
  WhiteWins,  ///< 1-0
  BlackWins,  ///< 0-1
  Draw,       ///< 1/2-1/2
  Unknown,    ///< * (game in progress, abandoned, or result unknown)
};

/// "1-0", "0-1", "1/2-1/2", "*", or "" for PgnResult::None.
constexpr const char* to_string(PgnResult r) noexcept {
  switch (r) {
    case PgnResult::WhiteWins: return "1-0";
    case PgnResult::BlackWins: return "0-1";
    case PgnResult::Draw: return "1/2-1/2";
    case PgnResult::Unknown: return "*";
    case PgnResult::None: return "";
  }
  return "";
}

/// Reads a result as written in a termination marker or a Result tag ("1-0", "0-1",
/// "1/2-1/2", "½-½", "*"); anything else is PgnResult::None.
inline PgnResult parse_pgn_result(std::string_view s) noexcept {
  if (s == "1-0") return PgnResult::WhiteWins;
  if (s == "0-1") return PgnResult::BlackWins;
  if (s == "1/2-1/2" || s == "\xC2\xBD-\xC2\xBD") return PgnResult::Draw;
  if (s == "*") return PgnResult::Unknown;
  return PgnResult::None;
}

enum class PgnErrorKind : std::uint8_t {
  None,
  Syntax,                 ///< a character or token that has no place there
  BadTag,                 ///< a malformed tag pair
  BadSetUp,               ///< FEN / SetUp tags that give no legal start position
  UnsupportedVariant,     ///< a Variant tag naming something other than chess or Chess960
  BadMove,                ///< a move that cannot be played: illegal, ambiguous, malformed (see PgnError::san)
  NullMove,               ///< a null move where none may be (option off, or in check)
  UnterminatedComment,    ///< a `{` without its `}`
  UnterminatedVariation,  ///< a `(` without its `)`
  UnmatchedParenthesis,   ///< a `)` without its `(`
  VariationWithoutMove,   ///< a `(` before any move of the line it would vary
  TooDeep,                ///< variations nested deeper than PgnOptions::max_variation_depth
  MissingResult,          ///< the movetext ends without 1-0, 0-1, 1/2-1/2 or *
  UnexpectedEnd,          ///< the input ends inside a tag pair or a move
  TooLong,                ///< a tag value or a token longer than the limits
  ReadError,              ///< the FILE* or stream reported an error
  // Kinds that are only ever warnings (MissingResult and BadMove can be either):
  CommentTruncated,   ///< a comment longer than PgnOptions::max_comment_bytes was cut
  ResultMismatch,     ///< the Result tag and the termination marker differ
  RepairedSetUp,      ///< the FEN tag was read leniently and something was dropped
};

constexpr const char* describe(PgnErrorKind k) noexcept {
  switch (k) {
    case PgnErrorKind::None: return "no error";
    case PgnErrorKind::Syntax: return "syntax error";
    case PgnErrorKind::BadTag: return "bad tag";
    case PgnErrorKind::BadSetUp: return "bad start position";
    case PgnErrorKind::UnsupportedVariant: return "unsupported variant";
    case PgnErrorKind::BadMove: return "bad move";
    case PgnErrorKind::NullMove: return "null move not allowed";
    case PgnErrorKind::UnterminatedComment: return "unterminated comment";
    case PgnErrorKind::UnterminatedVariation: return "unterminated variation";
    case PgnErrorKind::UnmatchedParenthesis: return "unmatched ')'";
    case PgnErrorKind::VariationWithoutMove: return "variation before any move";
    case PgnErrorKind::TooDeep: return "variations nested too deeply";
    case PgnErrorKind::MissingResult: return "missing result";
    case PgnErrorKind::UnexpectedEnd: return "unexpected end of input";
    case PgnErrorKind::TooLong: return "token too long";
    case PgnErrorKind::ReadError: return "read error";
    case PgnErrorKind::CommentTruncated: return "comment truncated";
    case PgnErrorKind::ResultMismatch: return "Result tag and termination marker differ";
    case PgnErrorKind::RepairedSetUp: return "FEN tag repaired";
  }
  return "unknown error";
}

/// An error (the game is bad) or a warning (the game is read), with where it is.
struct PgnError {
  PgnErrorKind kind = PgnErrorKind::None;
  bool warning = false;
  /// BadMove: how parse_san() failed.
  SanError san = SanError::None;
  std::uint64_t game = 0;    ///< 1-based game number within the stream
  std::uint64_t line = 0;    ///< 1-based line
  std::uint64_t column = 0;  ///< 1-based column, in bytes
  /// What went wrong and what was expected, e.g. "illegal move 'Nxe5'; legal moves of
  /// that piece: Nc3, Nf3" or "unterminated comment started at line 12, column 5".
  std::string message;

  explicit operator bool() const noexcept { return kind != PgnErrorKind::None; }
  /// "game 17, line 2034, column 12: illegal move 'Nxe5'; ..."
  std::string to_string() const {
    return "game " + std::to_string(game) + ", line " + std::to_string(line) + ", column " +
           std::to_string(column) + ": " + message;
  }
};

struct PgnOptions {
  /// Moves must be in the export form of SAN (parse_san strict), FEN tags must be valid
  /// as written, and unknown suffix annotations are errors.
  bool strict = false;
  /// The language of piece letters in the movetext (see notation/san.hpp).
  SanLanguage language = SanLanguage::English;
  /// Deliver comments (off: skipped without being read into memory).
  bool comments = true;
  /// The longest comment delivered, in bytes; longer ones are truncated (at a UTF-8
  /// character boundary) and flagged.
  std::size_t max_comment_bytes = std::size_t(1) << 16;
  /// Read variations, resolving their moves (off: skipped, only their parentheses are
  /// matched, and their moves are not checked).
  bool variations = true;
  std::size_t max_variation_depth = 64;
  /// Accept `--` and `Z0` as null moves.
  bool allow_null_moves = true;
  /// A move that cannot be played in a variation drops the rest of that variation (with
  /// a warning) instead of making the game bad. Main-line moves are always checked.
  bool drop_bad_variations = false;
  /// A game without a termination marker is an error rather than a warning.
  bool require_result = false;
  /// Tag values and comments that are not valid UTF-8 are read as Latin-1 and converted.
  bool latin1_to_utf8 = true;
  /// The longest tag value, in bytes (a longer one is a TooLong error).
  std::size_t max_tag_bytes = std::size_t(1) << 16;
  /// Bytes read from a FILE* or stream at a time (at least 512).
  std::size_t buffer_size = std::size_t(1) << 16;
};

/// What begin_movetext() asks of the reader.
enum class PgnAction : std::uint8_t {
  Continue,  ///< read the movetext, resolving moves
  Skip,      ///< skip to the end of this game without resolving moves (fast filtering)
};

/// Receives the events of each game. Every begin_game() is followed by exactly one of
/// end_game() (the game was read) or game_error() (it was not; the events delivered
/// before it are not to be trusted as a whole). Warnings may come at any point between.
class PgnVisitor {
 public:
  virtual ~PgnVisitor() = default;
  /// `number`: 1-based within the stream; `line`: where the game starts.
  virtual void begin_game(std::uint64_t /*number*/, std::uint64_t /*line*/) {}
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  /// After the tags, with the start position they give.
  virtual PgnAction begin_movetext(const Position& /*start*/) { return PgnAction::Continue; }
  /// A move as written (`san`, without annotation suffixes), resolved (`move`;
  /// Move::none() for a null move) in the position `before` it.
  virtual void move(const Position& /*before*/, Move /*move*/, std::string_view /*san*/) {}
  /// A NAG after the last move ($1 to $6 also for the suffixes ! ? !! ?? !? ?!), or
  /// before the first move of a line (Informant style: "($142 12... Nf6)").
  virtual void nag(int /*nag*/) {}
  virtual void comment(std::string_view /*text*/, bool /*truncated*/) {}
  /// A variation: an alternative to the last move delivered.
  virtual void begin_variation() {}
  virtual void end_variation() {}
  virtual void result(PgnResult /*result*/) {}
  virtual void end_game() {}
  virtual void game_error(const PgnError& /*error*/) {}
  virtual void warning(const PgnError& /*warning*/) {}
};

// ---------------------------------------------------------------------------------------
// The game record
// ---------------------------------------------------------------------------------------

struct PgnTag {
  std::string name;
  std::string value;
};

struct PgnMove;

/// A line of moves: the main line, or a variation.
struct PgnLine {
  std::vector<int> nags_before;              ///< NAGs before the first move (e.g. "($142 ...)")
  std::vector<std::string> comments_before;  ///< comments before the first move
  std::vector<PgnMove> moves;
};

struct PgnMove {
  Move move = Move::none();           ///< Move::none() for a null move
  std::string san;                    ///< as written, without annotation suffixes
  std::vector<int> nags;              ///< after the move, in order
  std::vector<std::string> comments;  ///< after the move, in order
  std::vector<PgnLine> variations;    ///< alternatives to this move, in order
};

/// One game as read by PgnReader::next(PgnGame&), or built by hand for write_pgn().
struct PgnGame {
  std::uint64_t number = 0;  ///< 1-based within the stream
  std::uint64_t line = 0;    ///< the line where the game starts
  std::vector<PgnTag> tags;  ///< in the order read
  Position start = Position::startpos();
  PgnLine main_line;
  PgnResult result = PgnResult::None;  ///< the termination marker
  std::vector<PgnError> warnings;

  /// The first tag of that name, or nullptr.
  const PgnTag* find_tag(std::string_view name) const noexcept {
    for (const PgnTag& t : tags)
      if (t.name == name) return &t;
    return nullptr;
  }
  /// The value of the first tag of that name, or "" if there is none.
  std::string_view tag(std::string_view name) const noexcept {
    const PgnTag* t = find_tag(name);
    return t ? std::string_view(t->value) : std::string_view();
  }
  /// Sets a tag (replacing the first of that name, else appending it).
  void set_tag(std::string_view name, std::string_view value) {
    for (PgnTag& t : tags)
      if (t.name == name) {
        t.value = std::string(value);
        return;
      }
    tags.push_back({std::string(name), std::string(value)});
  }
  /// The main line's moves.
  std::vector<Move> moves() const {
    std::vector<Move> out;
    out.reserve(main_line.moves.size());
    for (const PgnMove& m : main_line.moves) out.push_back(m.move);
    return out;
  }
  /// The position at the end of the main line.
  Position end_position() const noexcept;
  void clear() {
    number = line = 0;
    tags.clear();
    start = Position::startpos();
    main_line.nags_before.clear();
    main_line.comments_before.clear();
    main_line.moves.clear();
    result = PgnResult::None;
    warnings.clear();
  }
};

/// Passes the turn (a null move): the other side to move, no en passant square, the
/// counters advanced. Returns false, leaving `pos` as it is, if the side to move is in
/// check (the king would stay attacked).
inline bool play_null_move(Position& pos) noexcept {
  if (pos.in_check()) return false;
  Setup s = pos.to_setup();
  s.side_to_move = ~s.side_to_move;
  s.en_passant = Square::None;
  if (s.halfmove_clock < Position::max_counter) ++s.halfmove_clock;
  if (pos.side_to_move() == Color::Black && s.fullmove_number < Position::max_counter) ++s.fullmove_number;
  Position next;
  if (Position::from_setup(s, next, true)) return false;
  pos = next;
  return true;
}

inline Position PgnGame::end_position() const noexcept {
  Position pos = start;
  for (const PgnMove& m : main_line.moves) {
    if (m.move) pos.play_in_place(m.move);
    else play_null_move(pos);
  }
  return pos;
}

// ---------------------------------------------------------------------------------------
// Details: character classes, text encoding, variants
// ---------------------------------------------------------------------------------------

namespace detail {

enum : std::uint8_t {
  pgn_space = 1,   // whitespace
  pgn_symbol = 2,  // may be part of a move, move number or result token
  pgn_name = 4,    // may be part of a tag name
  pgn_start = 8,   // may start a move, move number or result token
};

struct PgnCharTable {
  std::uint8_t c[256];
};

constexpr PgnCharTable make_pgn_char_table() noexcept {
  PgnCharTable t{};
  for (int i = 0; i < 256; ++i) {
    std::uint8_t v = 0;
    const bool alnum = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z') || (i >= '0' && i <= '9');
    if (i == ' ' || i == '\t' || i == '\r' || i == '\n' || i == '\f' || i == '\v') v |= pgn_space;
    if (alnum || i == '_' || i == '+' || i == '#' || i == '=' || i == ':' || i == '-' || i == '/' || i == '.' ||
        i == '!' || i == '?' || i >= 0x80)
      v |= pgn_symbol;
    if (alnum || i == '_') v |= pgn_name;
    if (alnum || i == '-' || i == '.' || i == '!' || i == '?' || i >= 0x80) v |= pgn_start;
    t.c[i] = v;
  }
  return t;
}

inline constexpr PgnCharTable pgn_chars = make_pgn_char_table();

inline bool pgn_is(char c, std::uint8_t cls) noexcept { return pgn_chars.c[static_cast<unsigned char>(c)] & cls; }

/// Whether `s` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
inline bool valid_utf8(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* e = p + s.size();
  while (p < e) {
    const unsigned c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    std::size_t n;
    unsigned min;
    if ((c & 0xE0) == 0xC0) n = 1, min = 0x80;
    else if ((c & 0xF0) == 0xE0) n = 2, min = 0x800;
    else if ((c & 0xF8) == 0xF0) n = 3, min = 0x10000;
    else return false;
    if (std::size_t(e - p) <= n) return false;
    unsigned cp = c & (0x3F >> n);
    for (std::size_t i = 1; i <= n; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    p += n + 1;
  }
  return true;
}

inline bool has_high_bytes(std::string_view s) noexcept {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

/// Converts `s` in place from Latin-1 to UTF-8 if it has bytes >= 0x80 and is not
/// already valid UTF-8.
inline void latin1_to_utf8_if_needed(std::string& s, std::string& scratch) {
  if (!has_high_bytes(s) || valid_utf8(s)) return;
  scratch.clear();
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      scratch += ch;
    } else {
      scratch += char(0xC0 | (c >> 6));
      scratch += char(0x80 | (c & 0x3F));
    }
  }
  s.swap(scratch);
}

/// Cuts `s` to at most `max` bytes without splitting a UTF-8 sequence.
inline void utf8_truncate(std::string& s, std::size_t max) {
  if (s.size() <= max) return;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  s.resize(n);
}

inline std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && pgn_is(s.front(), pgn_space)) s.remove_prefix(1);
  while (!s.empty() && pgn_is(s.back(), pgn_space)) s.remove_suffix(1);
  return s;
}

inline bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

enum class PgnVariant : std::uint8_t { Standard, Chess960, Other };

inline PgnVariant pgn_variant(std::string_view v) noexcept {
  v = trim(v);
  for (std::string_view s : {"", "standard", "chess", "normal", "from position", "fromposition"})
    if (iequals(v, s)) return PgnVariant::Standard;
  for (std::string_view s : {"chess960", "chess 960", "chess-960", "960", "fischerandom", "fischer random",
                             "fischerrandom", "fischer-random", "frc"})
    if (iequals(v, s)) return PgnVariant::Chess960;
  return PgnVariant::Other;
}

/// The NAG of a suffix annotation (! ? !! ?? !? ?!), or 0.
inline int suffix_nag(std::string_view s) noexcept {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return 0;
}

// Whether the move from `from` to `to` (capturing what stands on `captured`, a square
// bitboard or 0) leaves the mover's king unattacked.
inline std::string quote(std::string_view s, std::size_t max = 40) {
  std::string q = "'";
  if (s.size() > max) {
    q.append(s.substr(0, max));
    q += "...";
  } else {
    q.append(s);
  }
  return q + "'";
}

}  // namespace detail

// ---------------------------------------------------------------------------------------
// The reader
// ---------------------------------------------------------------------------------------

enum class PgnStatus : std::uint8_t {
  Game,   ///< a game was read
  Error,  ///< a bad game: error() says why; the reader has moved on to the next game
  End,    ///< no more input
};

class PgnReader {
 public:
  /// Reads from an open FILE* (not closed by the reader).
  static PgnReader from_file(std::FILE* file, PgnOptions options = {}) {
    return PgnReader(Kind::File, file, nullptr, {}, options);
  }
  /// Reads from a stream.
  static PgnReader from_stream(std::istream& in, PgnOptions options = {}) {
    return PgnReader(Kind::Stream, nullptr, &in, {}, options);
  }
  /// Reads a buffer in memory, without copying it: it must outlive the reader.
  static PgnReader from_memory(std::string_view text, PgnOptions options = {}) {
    return PgnReader(Kind::Memory, nullptr, nullptr, text, options);
  }

  PgnReader(PgnReader&&) noexcept = default;
  PgnReader& operator=(PgnReader&&) noexcept = default;
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  /// Reads the next game, reporting it to `visitor`.
  PgnStatus next(PgnVisitor& visitor);
  /// Reads the next game into `game` (cleared first; on Error it holds what was read).
  PgnStatus next(PgnGame& game);

  /// The error of the last bad game.
  const PgnError& error() const noexcept { return error_; }
  const PgnOptions& options() const noexcept { return options_; }
  /// Games begun so far (read and bad).
  std::uint64_t games() const noexcept { return games_; }
  std::uint64_t bad_games() const noexcept { return bad_games_; }
  /// Moves played on the main lines of the games read (not of bad games), null moves included.
  std::uint64_t plies() const noexcept { return plies_; }
  /// The current line of the input (1-based).
  std::uint64_t line() const noexcept { return line_; }

 private:
  enum class Kind : std::uint8_t { Memory, File, Stream };

  // A variation being read: the line it varies (to return to), and where it began.
  struct Frame {
    Position cur, prev;
    bool has_prev;
    std::uint64_t line, column;
  };

  PgnReader(Kind kind, std::FILE* file, std::istream* stream, std::string_view text, const PgnOptions& options)
      : kind_(kind), file_(file), stream_(stream), options_(options) {
    if (kind == Kind::Memory) {
      begin_ = cur_ = text.data();
      end_ = text.data() + text.size();
      source_done_ = true;
    } else {
      options_.buffer_size = std::max<std::size_t>(options_.buffer_size, 512);
      storage_.resize(options_.buffer_size);
      begin_ = cur_ = end_ = storage_.data();
    }
    san_options_.strict = options_.strict;
    san_options_.language = options_.language;
    startpos_ = Position::startpos();
    Setup s = startpos_.to_setup();
    s.chess960 = true;
    Position::from_setup(s, startpos960_);
  }

  // ---- input -------------------------------------------------------------------------

  std::uint64_t offset(const char* p) const noexcept { return base_ + std::uint64_t(p - begin_); }
  std::uint64_t column(const char* p) const noexcept { return offset(p) - line_start_ + 1; }
  bool at_line_start() const noexcept { return offset(cur_) == line_start_; }
  void newline_at(const char* p) noexcept {
    ++line_;
    line_start_ = offset(p) + 1;
  }

  // Makes at least `n` bytes available from cur_ if the input has them (moving the
  // unread bytes to the front of the buffer). Pointers into the buffer are invalidated.
  bool ensure(std::size_t n) {
    if (std::size_t(end_ - cur_) >= n) return true;
    if (source_done_) return false;
    n = std::min(n, storage_.size());
    const std::size_t keep = std::size_t(end_ - cur_);
    char* data = storage_.data();
    if (cur_ != data) {
      if (keep) std::memmove(data, cur_, keep);
      base_ += std::uint64_t(cur_ - begin_);
    }
    begin_ = cur_ = data;
    std::size_t have = keep;
    while (have < n && !source_done_) {
      const std::size_t want = storage_.size() - have;
      std::size_t got = 0;
      if (kind_ == Kind::File) {
        got = std::fread(data + have, 1, want, file_);
        if (got < want) {
          source_done_ = true;
          if (std::ferror(file_)) read_error_ = true;
        }
      } else {
        stream_->read(data + have, std::streamsize(want));
        got = std::size_t(stream_->gcount());
        if (got < want) {
          source_done_ = true;
          if (stream_->bad()) read_error_ = true;
        }
      }
      have += got;
    }
    end_ = data + have;
    return have >= n;
  }
  bool more() { return cur_ != end_ || ensure(1); }

  // Skips whitespace, `%` escape lines and byte order marks. Sets blank_line_ if a
  // blank line was crossed.
  void skip_space() {
    int newlines = 0;
    blank_line_ = false;
    for (;;) {
      if (cur_ == end_ && !ensure(1)) return;
      const char c = *cur_;
      if (c == '\n') {
        newline_at(cur_);
        ++cur_;
        if (++newlines >= 2) blank_line_ = true;
      } else if (detail::pgn_is(c, detail::pgn_space)) {
        ++cur_;
      } else if (c == '%' && at_line_start()) {
        skip_to_line_end();
      } else if (c == '\xEF' && ensure(3) && cur_[1] == '\xBB' && cur_[2] == '\xBF') {
        cur_ += 3;
      } else {
        return;
      }
    }
  }

  // Leaves cur_ on the next '\n' (or at the end).
  void skip_to_line_end() {
    for (;;) {
      if (cur_ == end_ && !ensure(1)) return;
      const void* nl = std::memchr(cur_, '\n', std::size_t(end_ - cur_));
      if (nl) {
        cur_ = static_cast<const char*>(nl);
        return;
      }
      cur_ = end_;
    }
  }

  // Reads a symbol token (move, move number, result) and returns it: a view into the
  // buffer when the token lies in it (valid until the buffer is next refilled), else
  // into tok_. At most 255 bytes are kept (tok_too_long_ says whether there were more).
  std::string_view read_symbol() {
    tok_too_long_ = false;
    const char* start = cur_;
    const char* p = cur_;
    while (p != end_ && detail::pgn_is(*p, detail::pgn_symbol)) ++p;
    cur_ = p;
    std::string_view t;
    if (p != end_ || source_done_) {
      // The whole token is in the buffer.
      t = std::string_view(start, std::size_t(p - start));
      if (t.size() > 255) {
        tok_too_long_ = true;
        t = t.substr(0, 255);
      }
    } else {
      tok_.assign(start, std::size_t(p - start));
      while (ensure(1)) {
        const char* q = cur_;
        while (q != end_ && detail::pgn_is(*q, detail::pgn_symbol)) ++q;
        const std::size_t room = 255 - std::min<std::size_t>(255, tok_.size());
        const std::size_t len = std::size_t(q - cur_);
        tok_.append(cur_, std::min(len, room));
        if (len > room) tok_too_long_ = true;
        cur_ = q;
        if (q != end_) break;
      }
      if (tok_.size() > 255) {
        tok_too_long_ = true;
        tok_.resize(255);
      }
      t = tok_;
    }
    // A promotion written e8(Q): the parenthesis is not a variation.
    const std::size_t n = t.size();
    if (n >= 2 && (t[n - 1] == '8' || t[n - 1] == '1') && t[n - 2] >= 'a' && t[n - 2] <= 'h' && cur_ != end_ &&
        *cur_ == '(') {
      if (t.data() != tok_.data()) tok_.assign(t.data(), n);  // ensure() may move the buffer
      if (ensure(3) && cur_[2] == ')' && cur_[1] != '\0' && std::strchr("QRBNqrbn", cur_[1])) {
        tok_.append(cur_, 3);
        cur_ += 3;
        while (more() && detail::pgn_is(*cur_, detail::pgn_symbol) && tok_.size() < 255) tok_ += *cur_++;
      }
      t = tok_;
    }
    return t;
  }

  // Whether, from cur_ (just after a newline), the input holds a blank line and then a
  // line that starts like a tag pair: `[Name "`. Returns the number of lines from here
  // to that line (0 if there is none). Looks at most 256 bytes ahead.
  int tag_section_follows() {
    ensure(256);
    const char* p = cur_;
    const char* e = std::size_t(end_ - cur_) > 256 ? cur_ + 256 : end_;
    int newlines = 0;
    while (p != e && detail::pgn_is(*p, detail::pgn_space)) {
      if (*p == '\n') ++newlines;
      ++p;
    }
    // The '[' must start its line, after at least one blank line.
    if (!newlines || p == e || *p != '[' || p[-1] != '\n') return 0;
    ++p;
    const char* name = p;
    while (p != e && detail::pgn_is(*p, detail::pgn_name)) ++p;
    if (p == name) return 0;
    while (p != e && (*p == ' ' || *p == '\t')) ++p;
    return p != e && *p == '"' ? newlines : 0;
  }

  // ---- errors ------------------------------------------------------------------------

  bool fail(PgnErrorKind kind, std::uint64_t line, std::uint64_t column, std::string message) {
    error_.kind = kind;
    error_.warning = false;
    error_.san = SanError::None;
    error_.game = games_;
    error_.line = line;
    error_.column = column;
    error_.message = std::move(message);
    return false;
  }
  bool fail_here(PgnErrorKind kind, std::string message) {
    return fail(kind, line_, column(cur_), std::move(message));
  }
  void warn(PgnVisitor& v, PgnErrorKind kind, std::uint64_t line, std::uint64_t column, std::string message) {
    PgnError w;
    w.kind = kind;
    w.warning = true;
    w.game = games_;
    w.line = line;
    w.column = column;
    w.message = std::move(message);
    v.warning(w);
  }

  // ---- comments ----------------------------------------------------------------------

  // Reads a `{` comment (cur_ on the brace) into text_ if `keep`. False on error.
  bool read_brace_comment(bool keep, bool& truncated) {
    const std::uint64_t start_line = line_, start_column = column(cur_);
    ++cur_;
    text_.clear();
    truncated = false;
    const std::size_t max = options_.max_comment_bytes;
    // text_ holds a prefix of the comment, a few bytes longer than `max` at most, so that a
    // UTF-8 character at the limit can be cut cleanly; once full, nothing more is kept.
    const std::size_t cap = max > std::size_t(-1) - 4 ? std::size_t(-1) : max + 4;
    bool full = !keep;
    for (;;) {
      if (cur_ == end_ && !ensure(1)) {
        return fail(PgnErrorKind::UnterminatedComment, line_, column(cur_),
                    "unterminated comment started at line " + std::to_string(start_line) + ", column " +
                        std::to_string(start_column) + " (expected '}' before the end of the input)");
      }
      const char* p = cur_;
      while (p != end_ && *p != '}' && *p != '\n') ++p;
      if (!full) {
        const std::size_t len = std::size_t(p - cur_), room = cap - text_.size();
        text_.append(cur_, std::min(len, room));
        full = len > room;
      }
      cur_ = p;
      if (p == end_) continue;
      if (*p == '}') {
        ++cur_;
        if (keep && text_.size() > max) {
          truncated = true;
          detail::utf8_truncate(text_, max);
        }
        return true;
      }
      // A newline (CR LF kept as LF).
      if (!full) {
        if (!text_.empty() && text_.back() == '\r') text_.pop_back();
        if (text_.size() < cap) text_ += '\n';
        else full = true;
      }
      newline_at(cur_);
      ++cur_;
      if (const int lines = tag_section_follows()) {
        // Leave cur_ at the blank line: the next game starts after it.
        resume_here_ = true;
        return fail(PgnErrorKind::UnterminatedComment, start_line, start_column,
                    "unterminated comment started at line " + std::to_string(start_line) + ", column " +
                        std::to_string(start_column) + " (expected '}' before the tag pairs at line " +
                        std::to_string(line_ + std::uint64_t(lines)) + ")");
      }
    }
  }

  // Reads a `;` comment (cur_ on the semicolon) to the end of its line.
  void read_line_comment(bool keep, bool& truncated) {
    ++cur_;
    text_.clear();
    truncated = false;
    const std::size_t max = options_.max_comment_bytes;
    const std::size_t cap = max > std::size_t(-1) - 4 ? std::size_t(-1) : max + 4;
    for (;;) {
      if (cur_ == end_ && !ensure(1)) return;
      const char* p = cur_;
      while (p != end_ && *p != '\n') ++p;
      if (keep) {
        const std::size_t len = std::size_t(p - cur_), room = cap - text_.size();
        text_.append(cur_, std::min(len, room));
      }
      cur_ = p;
      if (p != end_) break;
    }
    if (text_.size() > max) {
      truncated = true;
      detail::utf8_truncate(text_, max);
    }
  }

  // Delivers text_ as a comment (trimmed, converted from Latin-1 if needed).
  void deliver_comment(PgnVisitor& v, bool truncated, std::uint64_t line, std::uint64_t column) {
    std::string_view t = detail::trim(text_);
    if (t.size() != text_.size()) text_ = std::string(t);
    if (options_.latin1_to_utf8) detail::latin1_to_utf8_if_needed(text_, scratch_);
    if (truncated)
      warn(v, PgnErrorKind::CommentTruncated, line, column,
           "comment longer than " + std::to_string(options_.max_comment_bytes) + " bytes truncated");
    v.comment(text_, truncated);
  }

  // Reads a comment at cur_ ('{' or ';') and delivers it if `deliver`. False on error.
  bool comment(PgnVisitor& v, bool deliver) {
    const std::uint64_t line = line_, col = column(cur_);
    const bool keep = deliver && options_.comments;
    bool truncated = false;
    if (*cur_ == '{') {
      if (!read_brace_comment(keep, truncated)) return false;
    } else {
      read_line_comment(keep, truncated);
    }
    if (keep) deliver_comment(v, truncated, line, col);
    return true;
  }

  // ---- tags --------------------------------------------------------------------------

  // Reads one tag pair (cur_ on '['). False on error.
  bool read_tag(PgnVisitor& v) {
    const std::uint64_t line = line_, col = column(cur_);
    ++cur_;
    auto skip_blanks = [&] {
      while ((cur_ != end_ || ensure(1)) && detail::pgn_is(*cur_, detail::pgn_space)) {
        if (*cur_ == '\n') newline_at(cur_);
        ++cur_;
      }
    };
    skip_blanks();
    name_.clear();
    while (cur_ != end_ || ensure(1)) {
      const char* p = cur_;
      while (p != end_ && detail::pgn_is(*p, detail::pgn_name)) ++p;
      name_.append(cur_, std::size_t(p - cur_));
      cur_ = p;
      if (name_.size() > 255) return fail_here(PgnErrorKind::TooLong, "bad tag: tag name longer than 255 characters");
      if (p != end_) break;
    }
    if (name_.empty()) {
      if (!more()) return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends after '['");
      return fail_here(PgnErrorKind::BadTag, "bad tag: expected a tag name after '[', found " + found());
    }
    skip_blanks();
    if (!more()) return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends inside tag " + name_);
    if (*cur_ != '"')
      return fail_here(PgnErrorKind::BadTag, "bad tag: expected a string after the tag name " + name_ + ", found " + found());
    const std::uint64_t value_line = line_, value_col = column(cur_);
    ++cur_;
    value_.clear();
    for (;;) {
      if (cur_ == end_ && !ensure(1))
        return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends inside the value of tag " + name_);
      const char c = *cur_;
      if (c == '\n')
        return fail(PgnErrorKind::BadTag, value_line, value_col,
                    "bad tag: the value of tag " + name_ + " has no closing '\"' on its line");
      if (c != '"' && value_.size() >= options_.max_tag_bytes)
        return fail(PgnErrorKind::TooLong, value_line, value_col,
                    "bad tag: the value of tag " + name_ + " is longer than " +
                        std::to_string(options_.max_tag_bytes) + " bytes");
      if (c != '"' && c != '\\') {
        // A run of ordinary characters.
        const char* p = cur_;
        const std::size_t room = options_.max_tag_bytes - value_.size();
        const char* limit = std::size_t(end_ - cur_) > room ? cur_ + room : end_;
        while (p != limit && *p != '"' && *p != '\\' && *p != '\n') ++p;
        value_.append(cur_, std::size_t(p - cur_));
        cur_ = p;
        continue;
      }
      ++cur_;
      if (c == '\\') {
        if (!more()) continue;
        const char e = *cur_;
        if (e == '"' || e == '\\') {
          value_ += e;
          ++cur_;
        } else {
          value_ += '\\';  // not an escape: kept as written
        }
      } else if (c == '"') {
        // The closing quote is followed by ']' (after blanks). Lenient reading takes a
        // quote followed by anything else on the line as part of the value.
        if (options_.strict) break;
        // (The lookahead is a fixed window, so that the result never depends on how the
        // input happens to be buffered.)
        ensure(64);
        const char* window = std::size_t(end_ - cur_) > 64 ? cur_ + 64 : end_;
        const char* p = cur_;
        while (p != window && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
        if (p == window || *p == ']' || *p == '\n') break;
        // Another quote later on the line, followed by ']'?
        bool later = false;
        for (const char* q = p; q != window && *q != '\n'; ++q)
          if (*q == '"') {
            const char* r = q + 1;
            while (r != window && (*r == ' ' || *r == '\t')) ++r;
            if (r != window && *r == ']') later = true;
          }
        if (!later) break;
        value_ += '"';
      } else {
        value_ += c;
      }
    }
    skip_blanks();
    if (!more()) return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends before ']' of tag " + name_);
    if (*cur_ != ']')
      return fail_here(PgnErrorKind::BadTag, "bad tag: expected ']' to close tag " + name_ + ", found " + found());
    ++cur_;
    if (seen_tags_ == tag_names_.size()) tag_names_.emplace_back();
    tag_names_[seen_tags_++] = name_;
    if (options_.latin1_to_utf8) detail::latin1_to_utf8_if_needed(value_, scratch_);
    if (name_ == "FEN") {
      fen_ = value_;
      has_fen_ = true;
      fen_line_ = line;
      fen_column_ = col;
    } else if (name_ == "SetUp") {
      setup_ = value_;
      setup_line_ = line;
      setup_column_ = col;
    } else if (name_ == "Variant") {
      variant_ = value_;
      variant_line_ = line;
      variant_column_ = col;
    } else if (name_ == "Result") {
      result_tag_ = parse_pgn_result(detail::trim(value_));
    }
    v.tag(name_, value_);
    return true;
  }

  // A description of what is at cur_ for messages: the printable text up to the next
  // blank (at most 20 bytes), or the byte in hex.
  std::string found() {
    if (!more()) return "the end of the input";
    const unsigned char c = static_cast<unsigned char>(*cur_);
    if (c >= 0x21 && c < 0x7F) {
      ensure(20);
      std::string t;
      for (const char* p = cur_; p != end_ && t.size() < 20 && *p > 0x20 && *p < 0x7F; ++p) t += *p;
      return "'" + t + "'";
    }
    static const char hex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
  }

  // ---- the start position --------------------------------------------------------------

  bool start_position(PgnVisitor& v) {
    const detail::PgnVariant variant = detail::pgn_variant(variant_);
    if (variant == detail::PgnVariant::Other)
      return fail(PgnErrorKind::UnsupportedVariant, variant_line_, variant_column_,
                  "unsupported variant " + detail::quote(variant_) + " (only standard chess and Chess960)");
    const bool chess960 = variant == detail::PgnVariant::Chess960;
    if (has_fen_) {
      FenOptions fo;
      fo.lenient = !options_.strict;
      fo.castling = chess960 ? CastlingMode::Chess960 : CastlingMode::Auto;
      fo.ignore_impossible_check = true;
      const FenResult r = parse_fen(fen_, fo);
      if (!r)
        return fail(PgnErrorKind::BadSetUp, fen_line_, fen_column_,
                    "bad FEN tag " + detail::quote(fen_, 100) + ": " + r.error.message());
      for (const FenError& d : r.dropped) {
        // Counters filled in are not worth a warning; dropped rights or squares are.
        if (d.field == 5 || d.field == 6) continue;
        warn(v, PgnErrorKind::RepairedSetUp, fen_line_, fen_column_, "FEN tag repaired: dropped " + d.message());
      }
      pos_ = r.position;
    } else if (detail::trim(setup_) == "1") {
      return fail(PgnErrorKind::BadSetUp, setup_line_, setup_column_, "SetUp tag is \"1\" but there is no FEN tag");
    } else {
      pos_ = chess960 ? startpos960_ : startpos_;
    }
    return true;
  }

  // ---- moves -------------------------------------------------------------------------

  // Resolves and plays a move token, delivering it. False on error.
  bool play_token(PgnVisitor& v, std::string_view t, std::uint64_t line, std::uint64_t col) {
    // Split the suffix annotation off.
    std::size_t n = t.size();
    while (n > 0 && (t[n - 1] == '!' || t[n - 1] == '?')) --n;
    const std::string_view suffix(t.data() + n, t.size() - n);
    const std::string_view san(t.data(), n);
    int nag = 0;
    if (n != t.size()) {
      nag = detail::suffix_nag(suffix);
      if (!nag) {
        if (options_.strict)
          return fail(PgnErrorKind::Syntax, line, col + n, "unknown annotation " + detail::quote(suffix));
        nag = detail::suffix_nag(suffix.substr(0, 2));
        if (!nag) nag = detail::suffix_nag(suffix.substr(0, 1));
      }
    }
    if (tok_too_long_) return fail(PgnErrorKind::TooLong, line, col, "not a move: token longer than 255 characters");
    if (san.empty()) return fail(PgnErrorKind::Syntax, line, col, "annotation " + detail::quote(t) + " without a move");

    if (n == 2 && ((san[0] == '-' && san[1] == '-') || (san[0] == 'Z' && san[1] == '0'))) {
      if (!options_.allow_null_moves)
        return fail(PgnErrorKind::NullMove, line, col, "null move " + detail::quote(san) + " (null moves are not allowed)");
      if (pos_.in_check())
        return fail(PgnErrorKind::NullMove, line, col, "null move " + detail::quote(san) + " while in check");
      v.move(pos_, Move::none(), san);
      if (options_.variations) {
        prev_ = pos_;
        has_prev_ = true;
      }
      play_null_move(pos_);
    } else {
      const Move m = resolve(san, line, col);
      if (!m) return false;
      v.move(pos_, m, san);
      if (options_.variations) {
        prev_ = pos_;
        has_prev_ = true;
      }
      pos_.play_in_place(m);
    }
    if (depth_ == 0) ++game_plies_;
    has_move_ = true;
    if (nag) v.nag(nag);
    return true;
  }

  // Resolves a move with parse_san() (whose lenient reading also takes UCI moves:
  // e2e4, e1g1 or e1h1 for castling, e7e8q); Move::none() on error, with error_ set.
  Move resolve(std::string_view san, std::uint64_t line, std::uint64_t col) {
    if (const Move m = resolve_san(pos_, san, san_options_)) return m;
    const SanResult r = parse_san(pos_, san, san_options_);  // only for its diagnosis
    fail(PgnErrorKind::BadMove, line, col, san_error_message(pos_, r, options_.language));
    error_.san = r.error;
    return Move::none();
  }

  // ---- the game ----------------------------------------------------------------------

  // Reads a comment at cur_ ('{' or ';') into pending_comments_ (if comments are
  // kept), to be delivered after begin_movetext(). False on error.
  bool collect_comment(PgnVisitor& v) {
    const std::uint64_t line = line_, col = column(cur_);
    bool truncated = false;
    if (*cur_ == '{') {
      if (!read_brace_comment(options_.comments, truncated)) return false;
    } else {
      read_line_comment(options_.comments, truncated);
    }
    if (!options_.comments) return true;
    if (truncated)
      warn(v, PgnErrorKind::CommentTruncated, line, col,
           "comment longer than " + std::to_string(options_.max_comment_bytes) + " bytes truncated");
    pending_comments_.emplace_back(detail::trim(text_));
    if (options_.latin1_to_utf8) detail::latin1_to_utf8_if_needed(pending_comments_.back(), scratch_);
    return true;
  }

  // Whether the tag pair at cur_ (after a blank line) begins another game: an Event tag,
  // or a tag already seen in this game.
  bool next_game_tag() {
    ensure(64);
    const char* e = std::size_t(end_ - cur_) > 64 ? cur_ + 64 : end_;
    const char* p = cur_ + 1;
    while (p != e && (*p == ' ' || *p == '\t')) ++p;
    const char* name = p;
    while (p != e && detail::pgn_is(*p, detail::pgn_name)) ++p;
    const std::string_view n(name, std::size_t(p - name));
    if (n == "Event") return true;
    for (std::size_t i = 0; i < seen_tags_; ++i)
      if (tag_names_[i] == n) return true;
    return false;
  }

  // The tag section; comments among the tags (or just after them) are kept for the
  // movetext.
  bool read_tags(PgnVisitor& v) {
    for (;;) {
      skip_space();
      if (!more()) return true;
      if (*cur_ == '{' || *cur_ == ';') {
        if (!collect_comment(v)) return false;
        continue;
      }
      if (*cur_ != '[') return true;
      if (blank_line_ && game_has_tags_ && next_game_tag()) {
        // A game with tags and no movetext: the tags after the blank line are the next game's.
        tags_end_game_ = true;
        return true;
      }
      game_has_tags_ = true;
      if (!read_tag(v)) return false;
    }
  }

  void reset_game() {
    fen_.clear();
    setup_.clear();
    variant_.clear();
    has_fen_ = false;
    result_tag_ = PgnResult::None;
    depth_ = 0;
    has_prev_ = false;
    has_move_ = false;
    game_plies_ = 0;
    resume_here_ = false;
    game_has_tags_ = false;
    in_movetext_ = false;
    tags_end_game_ = false;
    seen_tags_ = 0;
    pending_comments_.clear();
  }

  // Reads one game after begin_game(). False on error (error_ set).
  bool parse_game(PgnVisitor& v) {
    if (!read_tags(v)) return false;
    if (!start_position(v)) return false;
    in_movetext_ = true;
    const bool skip = v.begin_movetext(pos_) == PgnAction::Skip;
    if (!skip)
      for (const std::string& c : pending_comments_) v.comment(c, false);
    pending_comments_.clear();

    if (tags_end_game_) return end_without_result(v, line_, column(cur_), "the tag pairs of the next game");

    PgnResult result = PgnResult::None;
    bool number_pending = false;  // a move number was read, its move not yet
    for (;;) {
      skip_space();
      if (!more()) {
        if (read_error_) {
          read_error_reported_ = true;
          return fail_here(PgnErrorKind::ReadError, "read error: the input could not be read to its end");
        }
        if (depth_ > 0) return unterminated_variation("the end of the input");
        break;
      }
      const char c = *cur_;
      const std::uint64_t line = line_, col = column(cur_);
      if (detail::pgn_is(c, detail::pgn_start)) {
        // After a blank line, "1." in a game already under way begins the next game.
        if (c == '1' && blank_line_ && depth_ == 0 && has_move_ && pos_.fullmove_number() > 1 && ensure(2) &&
            cur_[1] == '.')
          return end_without_result(v, line, col, "move 1 of the next game");
        std::string_view t = read_symbol();
        const char c0 = t[0];
        std::size_t from = 0;
        if ((c0 >= '0' && c0 <= '9') || c0 == '\xC2') {
          const PgnResult r = parse_pgn_result(t);
          if (r != PgnResult::None) {
            if (depth_ > 0) return unterminated_variation("the result " + std::string(t));
            result = r;
            break;
          }
          if (c0 != '\xC2' && !(t.size() >= 3 && t[0] == '0' && t[1] == '-' && t[2] == '0')) {
            // A move number: digits and dots, perhaps glued to the move ("12.e4").
            while (from < t.size() && t[from] >= '0' && t[from] <= '9') ++from;
            const std::size_t digits = from;
            while (from < t.size() && t[from] == '.') ++from;
            if (from < t.size() && from == digits)
              return fail(PgnErrorKind::Syntax, line, col,
                          "unexpected " + detail::quote(t) + " (expected a move number, a move or a result)");
            number_pending = from == t.size();
            if (number_pending) continue;
          }
        } else if (c0 == '.') {
          while (from < t.size() && t[from] == '.') ++from;
          if (from == t.size()) continue;
        }
        if (skip) continue;
        t.remove_prefix(from);
        if (t[0] == '!' || t[0] == '?') {
          // A suffix annotation standing apart from its move.
          int nag = detail::suffix_nag(t);
          if (!nag && options_.strict) return fail(PgnErrorKind::Syntax, line, col, "unknown annotation " + detail::quote(t));
          if (!nag) nag = detail::suffix_nag(t.substr(0, 1));
          v.nag(nag);
          continue;
        }
        if (t[0] == 'e' && (t == "e.p." || t == "ep")) {
          if (options_.strict || !has_move_)
            return fail(PgnErrorKind::Syntax, line, col, "unexpected " + detail::quote(t) + " (expected a move)");
          continue;
        }
        number_pending = false;
        if (!play_token(v, t, line, col + from)) {
          if (!options_.drop_bad_variations || depth_ == 0 ||
              (error_.kind != PgnErrorKind::BadMove && error_.kind != PgnErrorKind::NullMove))
            return false;
          // Drop the rest of the variation.
          PgnError w = error_;
          w.warning = true;
          w.game = games_;
          w.message += " (the rest of the variation is dropped)";
          v.warning(w);
          const Frame& f = frames_[depth_ - 1];
          if (!skip_variation(f.line, f.column, 1)) return false;
          end_variation(v, false);
        }
        continue;
      }
      switch (c) {
        case '{':
        case ';':
          if (!comment(v, !skip)) return false;
          continue;
        case '*':
          ++cur_;
          if (depth_ > 0) return unterminated_variation("the result *");
          result = PgnResult::Unknown;
          break;
        case '$': {
          ++cur_;
          int nag = 0, digits = 0;
          while (more() && *cur_ >= '0' && *cur_ <= '9') {
            if (nag < 100000) nag = nag * 10 + (*cur_ - '0');
            ++digits;
            ++cur_;
          }
          if (!digits) return fail(PgnErrorKind::Syntax, line, col, "expected digits after '$' (a NAG such as $1)");
          if (nag > 255) return fail(PgnErrorKind::Syntax, line, col, "NAG $" + std::to_string(nag) + " out of range (0 to 255)");
          if (!skip) v.nag(nag);
          continue;
        }
        case '(':
          if (!begin_variation(v, skip, line, col)) return false;
          continue;
        case ')':
          if (depth_ == 0) return fail(PgnErrorKind::UnmatchedParenthesis, line, col, "')' without a matching '('");
          ++cur_;
          end_variation(v, skip);
          continue;
        case '[':
          if (depth_ > 0) {
            resume_here_ = true;
            return unterminated_variation("the tag pairs of the next game");
          }
          return end_without_result(v, line, col, "a tag pair (the next game)");
        default:
          // After a blank line, text that cannot continue the movetext begins something
          // else: the game ends there without a result.
          if (blank_line_ && depth_ == 0 && (has_move_ || game_has_tags_)) return end_without_result(v, line, col, found());
          return fail(PgnErrorKind::Syntax, line, col,
                      "unexpected " + found() + " (expected a move, a move number, a comment, a NAG, a variation or a result)");
      }
      break;  // '*'
    }
    if (number_pending && result == PgnResult::None && !more())
      return fail_here(PgnErrorKind::UnexpectedEnd, "the input ends after a move number (truncated?)");
    if (result == PgnResult::None) {
      if (!more()) return end_without_result(v, line_, column(cur_), "the end of the input");
    }
    finish_game(v, result);
    return true;
  }

  bool end_without_result(PgnVisitor& v, std::uint64_t line, std::uint64_t col, const std::string& what) {
    std::string message = "missing result (expected 1-0, 0-1, 1/2-1/2 or * before " + what + ")";
    if (options_.require_result) {
      resume_here_ = true;
      return fail(PgnErrorKind::MissingResult, line, col, std::move(message));
    }
    warn(v, PgnErrorKind::MissingResult, line, col, std::move(message));
    finish_game(v, PgnResult::None);
    return true;
  }

  void finish_game(PgnVisitor& v, PgnResult result) {
    if (result != PgnResult::None && result_tag_ != PgnResult::None && result != result_tag_)
      warn(v, PgnErrorKind::ResultMismatch, line_, column(cur_),
           std::string("termination marker ") + to_string(result) + " differs from the Result tag " +
               to_string(result_tag_));
    if (result != PgnResult::None) v.result(result);
    plies_ += game_plies_;
  }

  bool unterminated_variation(const std::string& what) {
    const Frame& f = frames_[depth_ - 1];
    return fail_here(PgnErrorKind::UnterminatedVariation,
                     "unterminated variation started at line " + std::to_string(f.line) + ", column " +
                         std::to_string(f.column) + " (expected ')' before " + what + ")");
  }

  bool begin_variation(PgnVisitor& v, bool skip, std::uint64_t line, std::uint64_t col) {
    if (!skip && !options_.variations) {
      // Skipped unread: match the parentheses, step over comments.
      return skip_variation(line, col);
    }
    if (!skip && !has_prev_)
      return fail(PgnErrorKind::VariationWithoutMove, line, col,
                  "variation before any move of the line it would vary (expected a move before '(')");
    if (depth_ >= options_.max_variation_depth)
      return fail(PgnErrorKind::TooDeep, line, col,
                  "variations nested more than " + std::to_string(options_.max_variation_depth) + " deep");
    ++cur_;
    if (frames_.size() <= depth_) frames_.emplace_back();
    Frame& f = frames_[depth_++];
    f.line = line;
    f.column = col;
    if (!skip) {
      f.cur = pos_;
      f.prev = prev_;
      f.has_prev = has_prev_;
      pos_ = prev_;
      has_prev_ = false;
      v.begin_variation();
    }
    return true;
  }

  void end_variation(PgnVisitor& v, bool skip) {
    Frame& f = frames_[--depth_];
    if (!skip) {
      pos_ = f.cur;
      prev_ = f.prev;
      has_prev_ = f.has_prev;
      v.end_variation();
    }
  }

  // Skips a variation without reading its moves: from its '(' (depth 0), or from inside
  // it (depth 1) to just after its ')'.
  bool skip_variation(std::uint64_t line, std::uint64_t col, std::size_t depth = 0) {
    for (;;) {
      skip_space();
      if (!more())
        return fail_here(PgnErrorKind::UnterminatedVariation,
                         "unterminated variation started at line " + std::to_string(line) + ", column " +
                             std::to_string(col) + " (expected ')' before the end of the input)");
      const char c = *cur_;
      if (c == '(') {
        ++depth;
        ++cur_;
      } else if (c == ')') {
        ++cur_;
        if (--depth == 0) return true;
      } else if (c == '{' || c == ';') {
        bool truncated = false;
        if (c == '{') {
          if (!read_brace_comment(false, truncated)) return false;
        } else {
          read_line_comment(false, truncated);
        }
      } else if (c == '[') {
        resume_here_ = true;
        return fail_here(PgnErrorKind::UnterminatedVariation,
                         "unterminated variation started at line " + std::to_string(line) + ", column " +
                             std::to_string(col) + " (expected ')' before the tag pairs of the next game)");
      } else {
        ++cur_;
      }
    }
  }

  // After an error: skip to the next `[` that starts a line after a blank line or after
  // a line ending with a result (or stay, if the error says the next game starts here).
  void resync() {
    if (resume_here_ && offset(cur_) > game_start_) return;
    bool line_blank = at_line_start();  // the current line has had nothing but blanks
    bool own_movetext_ahead = !in_movetext_;
    bool prev_blank = false;
    bool prev_result = false;
    std::uint64_t tail = 0;       // the last bytes of the current token
    std::uint64_t last_token = 0; // the last bytes of the last token on this line
    auto is_result_tail = [](std::uint64_t t) {
      return (t & 0xFFFFFF) == 0x312D30 /* 1-0 */ || (t & 0xFFFFFF) == 0x302D31 /* 0-1 */ ||
             (t & 0xFFFFFFFFFFFFFFull) == 0x312F322D312F32ull /* 1/2-1/2 */ || (t & 0xFF) == '*';
    };
    for (;;) {
      if (cur_ == end_ && !ensure(1)) return;
      const char c = *cur_;
      if (c == '\n') {
        if (tail) last_token = tail;
        prev_blank = line_blank;
        prev_result = !line_blank && is_result_tail(last_token);
        newline_at(cur_);
        ++cur_;
        line_blank = true;
        tail = last_token = 0;
        continue;
      }
      // A game starts with its tags, or (without tags) with move 1; after an error in the
      // tags, the first move 1 is the bad game's own.
      if (at_line_start() && (prev_blank || prev_result) && offset(cur_) > game_start_) {
        if (c == '[') return;
        if (c == '1' && ensure(2) && cur_[1] == '.') {
          if (own_movetext_ahead) own_movetext_ahead = false;
          else return;
        }
      }
      if (detail::pgn_is(c, detail::pgn_space)) {
        if (tail) last_token = tail;
        tail = 0;
        ++cur_;
        continue;
      }
      line_blank = false;
      if (c == '{') {
        bool truncated = false;
        const PgnError saved = error_;
        resume_here_ = false;
        const bool ok = read_brace_comment(false, truncated);
        error_ = saved;
        if (!ok && !resume_here_) return;  // the input ended inside the comment
        if (!ok) {
          // Stopped before a tag section: the blank line comes next.
          line_blank = at_line_start();
          prev_blank = false;
        }
        tail = last_token = 0;
        continue;
      }
      tail = (tail << 8) | static_cast<unsigned char>(c);
      ++cur_;
    }
  }

  PgnStatus read_next(PgnVisitor& v) {
    skip_space();
    if (!more() && (!read_error_ || read_error_reported_)) return PgnStatus::End;
    reset_game();
    ++games_;
    game_start_ = offset(cur_);
    v.begin_game(games_, line_);
    if (parse_game(v)) {
      v.end_game();
      return PgnStatus::Game;
    }
    ++bad_games_;
    error_.game = games_;
    v.game_error(error_);
    resync();
    return PgnStatus::Error;
  }

  // ---- state -------------------------------------------------------------------------

  Kind kind_;
  std::FILE* file_ = nullptr;
  std::istream* stream_ = nullptr;
  PgnOptions options_;
  SanOptions san_options_;
  std::vector<char> storage_;
  const char* begin_ = nullptr;
  const char* cur_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t base_ = 0;        // offset of begin_ in the input
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // offset of the current line's first byte
  bool source_done_ = false;
  bool read_error_ = false;
  bool read_error_reported_ = false;
  bool blank_line_ = false;

  std::uint64_t games_ = 0, bad_games_ = 0, plies_ = 0;
  PgnError error_;

  // The game being read.
  std::uint64_t game_start_ = 0;
  std::string fen_, setup_, variant_;
  bool has_fen_ = false;
  std::uint64_t fen_line_ = 0, fen_column_ = 0, setup_line_ = 0, setup_column_ = 0;
  std::uint64_t variant_line_ = 0, variant_column_ = 0;
  PgnResult result_tag_ = PgnResult::None;
  Position pos_, prev_;
  bool has_prev_ = false;
  bool has_move_ = false;
  bool game_has_tags_ = false;
  bool in_movetext_ = false;
  bool tags_end_game_ = false;
  std::vector<std::string> tag_names_;  // the tag names of this game (the first seen_tags_)
  std::size_t seen_tags_ = 0;
  bool resume_here_ = false;
  std::uint64_t game_plies_ = 0;
  std::size_t depth_ = 0;
  std::vector<Frame> frames_;
  std::vector<std::string> pending_comments_;
  Position startpos_, startpos960_;

  // Reused buffers.
  std::string tok_, name_, value_, text_, scratch_;
  bool tok_too_long_ = false;
};

inline PgnStatus PgnReader::next(PgnVisitor& visitor) { return read_next(visitor); }

namespace detail {

// Builds a PgnGame from the reader's events.
class PgnGameBuilder final : public PgnVisitor {
 public:
  explicit PgnGameBuilder(PgnGame& game) : game_(game) {}

  void begin_game(std::uint64_t number, std::uint64_t line) override {
    game_.clear();
    game_.number = number;
    game_.line = line;
    line_ = &game_.main_line;
    stack_.clear();
  }
  void tag(std::string_view name, std::string_view value) override {
    game_.tags.push_back({std::string(name), std::string(value)});
  }
  PgnAction begin_movetext(const Position& start) override {
    game_.start = start;
    return PgnAction::Continue;
  }
  void move(const Position&, Move move, std::string_view san) override {
    PgnMove& m = line_->moves.emplace_back();
    m.move = move;
    m.san.assign(san.data(), san.size());
  }
  void nag(int nag) override {
    if (line_->moves.empty()) line_->nags_before.push_back(nag);
    else line_->moves.back().nags.push_back(nag);
  }
  void comment(std::string_view text, bool) override {
    if (line_->moves.empty()) line_->comments_before.emplace_back(text);
    else line_->moves.back().comments.emplace_back(text);
  }
  void begin_variation() override {
    stack_.push_back(line_);
    line_ = &line_->moves.back().variations.emplace_back();
  }
  void end_variation() override {
    line_ = stack_.back();
    stack_.pop_back();
  }
  void result(PgnResult result) override { game_.result = result; }
  void warning(const PgnError& w) override { game_.warnings.push_back(w); }

 private:
  PgnGame& game_;
  PgnLine* line_ = nullptr;
  std::vector<PgnLine*> stack_;
};

}  // namespace detail

inline PgnStatus PgnReader::next(PgnGame& game) {
  detail::PgnGameBuilder builder(game);
  return read_next(builder);
}

// ---------------------------------------------------------------------------------------
// The writer
// ---------------------------------------------------------------------------------------

struct PgnWriteOptions {
  bool comments = true;
  bool nags = true;
  bool variations = true;
  /// The longest movetext line (a comment word longer than this stands alone).
  std::size_t line_length = 80;
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

inline bool write_pgn_line(PgnLineWriter& w, const PgnLine& line, Position pos, const PgnWriteOptions& options,
                           std::string& scratch) {
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
    if (m.move) {
      if (pos.piece_on(m.move.from()) == Piece::None) return false;
      MoveList candidates;
      generate_legal_moves(pos, candidates,
                           MoveFilter{square_bb(m.move.to()), MoveFilter::type_bit(type_of(pos.piece_on(m.move.from())))});
      if (!candidates.contains(m.move)) return false;
      w.token(to_san(pos, m.move));
      next.play_in_place(m.move);
    } else {
      if (!play_null_move(next)) return false;
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
        if (!write_pgn_line(w, v, pos, options, scratch)) return false;
        w.close(")");
        number = true;
      }
    pos = next;
  }
  return true;
}

}  // namespace detail

/// Appends `game` to `out` in PGN export format (see the top of this header). Returns
/// false if a move is not legal in its position (`out` then holds the game up to it).
inline bool write_pgn(const PgnGame& game, std::string& out, const PgnWriteOptions& options = {}) {
  // The result: the termination marker, else the Result tag, else "*".
  PgnResult marker = game.result;
  const PgnResult tag_result = parse_pgn_result(detail::trim(game.tag("Result")));
  if (marker == PgnResult::None) marker = tag_result != PgnResult::None ? tag_result : PgnResult::Unknown;
  const PgnResult tag_value = tag_result != PgnResult::None ? tag_result : marker;

  static constexpr const char* roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  for (const char* name : roster) {
    out += '[';
    out += name;
    out += ' ';
    if (std::string_view(name) == "Result") {
      detail::append_pgn_string(out, to_string(tag_value));
    } else if (const PgnTag* t = game.find_tag(name)) {
      detail::append_pgn_string(out, t->value);
    } else {
      detail::append_pgn_string(out, std::string_view(name) == "Date" ? "????.??.??" : "?");
    }
    out += "]\n";
  }
  const Position standard = Position::startpos();
  const bool setup = game.find_tag("FEN") || !(game.start == standard) || game.start.is_chess960();
  const std::string fen = to_fen(game.start);
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
  const bool ok = detail::write_pgn_line(w, game.main_line, game.start, options, scratch);
  w.token(to_string(marker));
  w.end();
  out += '\n';
  return ok;
}

/// The game in PGN export format (empty if a move is not legal in its position).
inline std::string to_pgn(const PgnGame& game, const PgnWriteOptions& options = {}) {
  std::string out;
  if (!write_pgn(game, out, options)) out.clear();
  return out;
}

}  // namespace arbiter
