#pragma once
// PGN (Portable Game Notation): a streaming reader for multi-game files of any size.
//
// Reading
//   PgnReader reads from a FILE*, a std::istream, a PgnSource (a decompressor, say) or a
//   memory buffer (not copied), all but the last in chunks of PgnOptions::buffer_size
//   bytes (64 KiB): memory use does not
//   grow with the file (about 5 MB resident for `arbiter pgn` on any input). Each call to
//   next() reads one game and reports it to a PgnVisitor as events (begin_game, tag,
//   begin_movetext, move, played, nag, comment, begin_variation, end_variation, result, end_game;
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
//     the position after them is made by Position::play_null(); a null move by a side in check
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
//     (composed studies); Chess960 castling only when asked for: the Variant tag says
//     Chess960 ("chess 960", "Fischerandom", "Fischer Random", ...), PgnOptions::chess960,
//     or the FEN tag's castling letters are Shredder-FEN ones no standard right has (G for
//     a rook on g1). A FEN tag of a standard game whose rights do not fit the standard
//     squares (K with the rook on g1) is an error, never a silent switch to Chess960.
//     Variant "Standard", "chess", "normal", "From Position" are standard chess; any
//     other variant is an error.
//   - A game whose movetext ends without a result is read, with a MissingResult warning
//     and no result (with PgnOptions::require_result it is an error). The movetext
//     ends at the end of the input, at a `[`, and after a blank line at `1.` (once the
//     game is past move 1) or at a character that cannot begin a movetext token. After a
//     blank line, an Event tag or a tag already seen ends a game that has tags and no
//     movetext (a blank line among the tags of one game does not).
//   - A Result tag that differs from the termination marker gives a warning.
//   - A move that cannot be played inside a variation makes the game bad (PGN 8.2.5: a
//     variation holds moves that could legally replace the move before it), and so do a
//     variation before any move and variations nested too deeply; the message names the
//     innermost variation, where it starts and the move it replaces ("..., in the
//     variation at line 3, column 8 (depth 1), in place of 1.e4"). With
//     PgnOptions::drop_bad_variations the rest of a variation with a bad move is dropped
//     instead, with a warning. Skipped variations (PgnOptions::variations off) are not
//     checked.
//
//   next() returns Result<PgnRead, PgnError>: PgnRead::Game or PgnRead::End, or the error
//   of a bad game. Errors carry the game number (1-based within the stream), line and column
//   (1-based) and say what was expected, e.g.
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
// Reading in pieces
//   resume_point() says where the next game begins (offset, line, the games before);
//   restart() reads a piece of the input from such a point in memory, exactly as the
//   reader of the whole input goes on there; starts_game() finds, by a byte scan, points
//   where every reader of the whole input begins a game, whatever came before. Together
//   they let one thread cut an input and others read the pieces (the arbiter tool's -j).
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
#include <type_traits>
#include <vector>

#include "../detail/byte_words.hpp"
#include "../movegen.hpp"
#include "detail/utf8.hpp"
#include "fen.hpp"
#include "pgn_game.hpp"
#include "san.hpp"

namespace arbiter {

/// How PgnReader reads.
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
  /// The deepest nesting of variations read (deeper is an error, not a stack overflow).
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
  /// Read every game as Chess960 (as a Variant "Chess960" tag does for one game). Off: a
  /// game is Chess960 only by its Variant tag or a FEN tag in Shredder-FEN letters that no
  /// standard right has; a FEN tag whose rights do not fit standard chess is an error.
  bool chess960 = false;
};

namespace detail {

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

// `s` in single quotes, cut to `max` bytes with "..." (for messages).
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

/// Bytes for PgnReader::from_source(): a decompressor, a socket, anything that is not a
/// FILE* or a std::istream. When the source fails, the game being read when the bytes ran
/// out is a ReadError game whose message ends with error(); every game complete before
/// that point has been delivered first.
class PgnSource {
 public:
  virtual ~PgnSource() = default;
  /// Fills `buffer` with up to `size` bytes and returns how many: fewer than `size` only
  /// at the end of the input or on an error (then failed() is true).
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  /// Whether the source stopped on an error rather than at the end of its input.
  virtual bool failed() const noexcept = 0;
  /// What went wrong and where (for example "the zstd stream is truncated after byte
  /// 1200 of the compressed input"), when failed().
  virtual std::string error() const = 0;
};

/// What PgnReader::next() found, when it did not find a bad game.
enum class PgnRead : std::uint8_t {
  Game,  ///< a game was read
  End,   ///< no more input
};

/// A point between two games of an input: the byte offset where the next game begins (its
/// blanks skipped), the line there (1-based) with the offset of that line's first byte, and
/// the games before it. PgnReader::resume_point() gives it; PgnReader::restart() reads on
/// from it over a piece of the input that begins there, exactly as the reader of the whole
/// input would (what the arbiter tool's -j does: one thread cuts the input at such points,
/// the others read the pieces).
struct PgnPoint {
  std::uint64_t offset = 0;      ///< bytes of the input before the point
  std::uint64_t line = 1;        ///< the line of the point
  std::uint64_t line_start = 0;  ///< the offset of that line's first byte
  std::uint64_t games = 0;       ///< games begun before it (the next one is games + 1)
};

/// Whether next() reached the end of the input: `while (!is_end(reader.next(game))) ...`.
inline bool is_end(const Result<PgnRead, PgnError>& r) noexcept { return r && *r == PgnRead::End; }

/// A streaming PGN reader: one game at a time from a file, a stream or memory, with the
/// moves resolved and played, errors with game, line and column, and resynchronization
/// at the next game after a bad one.
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
  /// Reads from a PgnSource (not owned: it must outlive the reader).
  static PgnReader from_source(PgnSource& source, PgnOptions options = {}) {
    PgnReader reader(Kind::Source, nullptr, nullptr, {}, options);
    reader.source_ = &source;
    return reader;
  }
  /// Reads a buffer in memory, without copying it: it must outlive the reader.
  static PgnReader from_memory(std::string_view text, PgnOptions options = {}) {
    return PgnReader(Kind::Memory, nullptr, nullptr, text, options);
  }
  /// A temporary string would be destroyed while the reader still reads it (its text is
  /// not copied): keep the text in a variable that outlives the reader.
  template <class String, std::enable_if_t<std::is_same_v<String, std::string>, int> = 0>
  static PgnReader from_memory(String&& text, PgnOptions options = {}) = delete;

  /** @{ */
  /// Movable, not copyable (it owns its buffer).
  PgnReader(PgnReader&&) noexcept = default;
  PgnReader& operator=(PgnReader&&) noexcept = default;
  /** @} */
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  /// Reads `text` from memory (not copied: it must outlive the reading), the piece of a larger
  /// input that begins at `at` (a point resume_point() gave), in place of what the reader
  /// read before; its buffers are kept (no allocation once warmed up). Offsets, lines,
  /// columns and game numbers go on from `at`. `read_error` (not empty): the input broke off
  /// where `text` ends, as its source's error() said (the game cut short there is a
  /// ReadError game, as from_source() makes it).
  void restart(std::string_view text, const PgnPoint& at, std::string_view read_error = {}) {
    kind_ = Kind::Memory;
    file_ = nullptr;
    stream_ = nullptr;
    source_ = nullptr;
    begin_ = cur_ = text.data();
    end_ = text.data() + text.size();
    base_ = at.offset;
    line_ = at.line;
    line_start_ = at.line_start;
    source_done_ = true;
    read_error_ = !read_error.empty();
    read_error_reported_ = false;
    failure_.assign(read_error.data(), read_error.size());
    blank_line_ = false;
    games_ = at.games;
    bad_games_ = plies_ = 0;
  }
  /// Skips the blanks (and `%` escape lines) before the next game and says where it begins:
  /// a point to restart() from.
  PgnPoint resume_point() {
    skip_space();
    return PgnPoint{offset(cur_), line_, line_start_, games_};
  }
  /// Whether, in `text` (a piece of an input), the byte at `at` begins a game whatever came
  /// before it: a reader of the whole input that reaches this byte, inside a game or not,
  /// in a comment or not, after a good game or a bad one, begins a game there. That is a
  /// tag pair `[Name "` starting its line after a blank line, which follows a line that ends
  /// with a result token standing alone, holds no `"` and no `;` and is no `%` escape line.
  /// Why nothing can run over it: a game that ends with that result ends there; a variation
  /// left open is an error at it, and so is a tag; a `{` comment left open is an error at
  /// the blank line before a tag section (looked for within a window that reaches the
  /// `"`); a `;` comment or a tag value would have to begin on that line; and after any error
  /// the reader resynchronizes at a `[` that starts a line after a blank line. `text` must
  /// begin at the start of a line and hold the tag pair's line. False is always safe (fewer
  /// points to cut at).
  static bool starts_game(std::string_view text, std::size_t at) noexcept {
    // First (the cheapest test for a tag pair after another, inline where it is asked at
    // every line): a blank line, or white space on the line, right before.
    return at >= 2 && at < text.size() && text[at] == '[' && text[at - 1] == '\n' &&
           detail::pgn_is(text[at - 2], detail::pgn_space) && starts_game_after_space(text, at);
  }
  /// The most bytes the reader looks ahead of where it stands: a piece of an input cut at a
  /// point must reach this far past where its last game ends, for that game to read as in
  /// the whole input.
  static constexpr std::size_t lookahead() noexcept { return tag_window; }

  /// Reads the next game, reporting it to `visitor`: PgnRead::Game, PgnRead::End at the
  /// end of the input, or the error of a bad game (the reader has then moved on to the
  /// next game, so calling next() again goes on reading).
  Result<PgnRead, PgnError> next(PgnVisitor& visitor);
  /// Reads the next game into `game` (cleared first; after an error it holds what was read).
  Result<PgnRead, PgnError> next(PgnGame& game);
  /// The options it reads with.
  const PgnOptions& options() const noexcept { return options_; }
  /// Games begun so far (read and bad).
  std::uint64_t games() const noexcept { return games_; }
  /// Games that could not be read so far.
  std::uint64_t bad_games() const noexcept { return bad_games_; }
  /// Moves played on the main lines of the games read (not of bad games), null moves included.
  std::uint64_t plies() const noexcept { return plies_; }
  /// The current line of the input (1-based).
  std::uint64_t line() const noexcept { return line_; }

 private:
  // starts_game() past its first test.
  ARBITER_NOINLINE static bool starts_game_after_space(std::string_view text,
                                                       std::size_t at) noexcept {
    const std::size_t n = text.size();
    // Back over the blank lines to the end of the line before them.
    std::size_t s = at;
    int newlines = 0;
    while (s > 0 && detail::pgn_is(text[s - 1], detail::pgn_space)) {
      newlines += text[s - 1] == '\n';
      --s;
    }
    if (newlines < 2 || s == 0) return false;
    std::size_t q = at + 1;
    while (q < n && detail::pgn_is(text[q], detail::pgn_name)) ++q;
    if (q == at + 1) return false;
    while (q < n && (text[q] == ' ' || text[q] == '\t')) ++q;
    if (q >= n || text[q] != '"') return false;
    // The window of tag_section_follows() from just after that line's newline reaches the quote.
    std::size_t nl = s;
    while (text[nl] != '\n') ++nl;
    if (q >= nl + 1 + tag_window) return false;
    // The line: its first byte, then its last token (a result standing alone).
    std::size_t first = s;
    while (first > 0 && text[first - 1] != '\n') --first;
    if (text[first] == '%') return false;
    for (std::size_t i = first; i < s; ++i)
      if (text[i] == '"' || text[i] == ';') return false;
    std::size_t t = s;
    while (t > first && !detail::pgn_is(text[t - 1], detail::pgn_space)) --t;
    const std::string_view last = text.substr(t, s - t);
    return last == "1-0" || last == "0-1" || last == "1/2-1/2" || last == "*";
  }

  enum class Kind : std::uint8_t { Memory, File, Stream, Source };

  // A variation being read: the line it varies (to return to), and where it began.
  struct Frame {
    Position cur, prev;
    bool has_prev;
    std::uint64_t line, column;
    Move varied;  // the move the variation is an alternative to (Move::none(): a null move)
  };

  PgnReader(Kind kind, std::FILE* file, std::istream* stream, std::string_view text,
            const PgnOptions& options)
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
    common_san_ = detail::reads_common_san(san_options_);
    Setup s = startpos_.to_setup();
    s.chess960 = true;
    startpos960_ = std::move(Position::from_setup(s)).value();
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
      } else if (kind_ == Kind::Source) {
        got = source_->read(data + have, want);
        if (got < want) {
          source_done_ = true;
          if (source_->failed()) read_error_ = true;
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
  ARBITER_FORCE_INLINE std::string_view read_symbol() {
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
    if (n >= 2 && (t[n - 1] == '8' || t[n - 1] == '1') && t[n - 2] >= 'a' && t[n - 2] <= 'h' &&
        cur_ != end_ && *cur_ == '(') {
      if (t.data() != tok_.data()) tok_.assign(t.data(), n);  // ensure() may move the buffer
      if (ensure(3) && cur_[2] == ')' && cur_[1] != '\0' && std::strchr("QRBNqrbn", cur_[1])) {
        tok_.append(cur_, 3);
        cur_ += 3;
        while (more() && detail::pgn_is(*cur_, detail::pgn_symbol) && tok_.size() < 255)
          tok_ += *cur_++;
      }
      t = tok_;
    }
    return t;
  }

  // Whether, from cur_ (just after a newline), the input holds a blank line and then a
  // line that starts like a tag pair: `[Name "`. Returns the number of lines from here
  // to that line (0 if there is none). Looks at most 256 bytes ahead.
  static constexpr std::size_t tag_window = 256;
  int tag_section_follows() {
    ensure(tag_window);
    const char* p = cur_;
    const char* e = std::size_t(end_ - cur_) > tag_window ? cur_ + tag_window : end_;
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
    error_.san.reset();
    error_.san_error.reset();
    error_.position.reset();
    error_.variation_depth = depth_;
    error_.game = games_;
    error_.line = line;
    error_.column = column;
    error_.message = std::move(message);
    return false;
  }
  bool fail_here(PgnErrorKind kind, std::string message) {
    return fail(kind, line_, column(cur_), std::move(message));
  }
  // Where a fault inside a variation is: ", in the variation at line 3, column 8 (depth 1),
  // in place of 1.e4" (the innermost one, and the move it is an alternative to); "" on a
  // main line. A bad variation makes the whole game bad, so the message must say which.
  std::string in_variation() const {
    if (depth_ == 0) return {};
    const Frame& f = frames_[depth_ - 1];
    std::string where = ", in the variation at line " + std::to_string(f.line) + ", column " +
                        std::to_string(f.column) + " (depth " + std::to_string(depth_) +
                        "), in place of " + std::to_string(f.prev.fullmove_number()) +
                        (f.prev.side_to_move() == Color::White ? "." : "...");
    return where + (f.varied ? to_san(f.prev, f.varied) : std::string("--"));
  }
  void warn(PgnVisitor& v, PgnErrorKind kind, std::uint64_t line, std::uint64_t column,
            std::string message) {
    PgnError w;
    w.kind = kind;
    w.warning = true;
    w.game = games_;
    w.line = line;
    w.column = column;
    w.variation_depth = depth_;
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
                    "unterminated comment started at line " + std::to_string(start_line) +
                        ", column " + std::to_string(start_column) +
                        " (expected '}' before the end of the input)");
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
        if (text_.size() < cap)
          text_ += '\n';
        else
          full = true;
      }
      newline_at(cur_);
      ++cur_;
      if (const int lines = tag_section_follows()) {
        // Leave cur_ at the blank line: the next game starts after it.
        resume_here_ = true;
        return fail(PgnErrorKind::UnterminatedComment, start_line, start_column,
                    "unterminated comment started at line " + std::to_string(start_line) +
                        ", column " + std::to_string(start_column) +
                        " (expected '}' before the tag pairs at line " +
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
      warn(
          v, PgnErrorKind::CommentTruncated, line, column,
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

  // The end of the run of a tag value's ordinary characters from `p`: the first '"', '\\'
  // or newline before `limit`, else `limit`. Eight bytes at a time while none of them ends
  // the run, then byte by byte.
  static const char* ordinary_run_end(const char* p, const char* limit) noexcept {
    while (limit - p >= 8) {
      const std::uint64_t w = detail::load_word(p);
      if (detail::has_byte(w, '"') | detail::has_byte(w, '\\') | detail::has_byte(w, '\n')) break;
      p += 8;
    }
    while (p != limit && *p != '"' && *p != '\\' && *p != '\n') ++p;
    return p;
  }

  // Reads a tag pair of the form nearly every tag has, `[Name "value"]`, whole in the
  // buffer (cur_ on '['), in place: the name and the value go to the visitor as views into
  // the buffer, with no copy. False, having read nothing, for anything else (blanks other
  // than the one space, an escape, a name or value too long, a value with bytes above 0x7F
  // that Latin-1 reading would convert, the tag beyond the buffer): read_tag() then reads
  // it the general way, with what it says about errors.
  bool read_plain_tag(PgnVisitor& v, std::uint64_t line, std::uint64_t col) {
    const char* p = cur_ + 1;
    const char* const e = end_;
    const char* const name = p;
    while (p != e && detail::pgn_is(*p, detail::pgn_name)) ++p;
    const std::size_t name_size = std::size_t(p - name);
    if (name_size == 0 || name_size > 255 || e - p < 2 || p[0] != ' ' || p[1] != '"') return false;
    p += 2;
    const char* const value = p;
    p = ordinary_run_end(p, e);
    const std::size_t value_size = std::size_t(p - value);
    if (e - p < 2 || p[0] != '"' || p[1] != ']' || value_size > options_.max_tag_bytes)
      return false;
    const std::string_view value_text(value, value_size);
    if (options_.latin1_to_utf8 && detail::is_latin1_to_convert(value_text)) return false;
    cur_ = p + 2;
    accept_tag(v, std::string_view(name, name_size), value_text, line, col);
    return true;
  }

  // What a tag read tells the reader, and the visitor.
  void accept_tag(PgnVisitor& v, std::string_view name, std::string_view value, std::uint64_t line,
                  std::uint64_t col) {
    if (seen_tags_ == tag_names_.size()) tag_names_.emplace_back();
    tag_names_[seen_tags_++].assign(name.data(), name.size());
    if (name == "FEN") {
      fen_.assign(value.data(), value.size());
      has_fen_ = true;
      fen_line_ = line;
      fen_column_ = col;
    } else if (name == "SetUp") {
      setup_.assign(value.data(), value.size());
      setup_line_ = line;
      setup_column_ = col;
    } else if (name == "Variant") {
      variant_.assign(value.data(), value.size());
      variant_line_ = line;
      variant_column_ = col;
    } else if (name == "Result") {
      result_tag_ = parse_pgn_result(detail::trim(value));
    }
    v.tag(name, value);
  }

  // Reads one tag pair (cur_ on '['). False on error.
  bool read_tag(PgnVisitor& v) {
    const std::uint64_t line = line_, col = column(cur_);
    if (read_plain_tag(v, line, col)) return true;
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
      if (name_.size() > 255)
        return fail_here(PgnErrorKind::TooLong, "bad tag: tag name longer than 255 characters");
      if (p != end_) break;
    }
    if (name_.empty()) {
      if (!more())
        return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends after '['");
      return fail_here(PgnErrorKind::BadTag,
                       "bad tag: expected a tag name after '[', found " + found());
    }
    skip_blanks();
    if (!more())
      return fail_here(PgnErrorKind::UnexpectedEnd, "bad tag: the input ends inside tag " + name_);
    if (*cur_ != '"')
      return fail_here(PgnErrorKind::BadTag, "bad tag: expected a string after the tag name " +
                                                 name_ + ", found " + found());
    const std::uint64_t value_line = line_, value_col = column(cur_);
    ++cur_;
    value_.clear();
    for (;;) {
      if (cur_ == end_ && !ensure(1))
        return fail_here(PgnErrorKind::UnexpectedEnd,
                         "bad tag: the input ends inside the value of tag " + name_);
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
        p = ordinary_run_end(p, limit);
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
    if (!more())
      return fail_here(PgnErrorKind::UnexpectedEnd,
                       "bad tag: the input ends before ']' of tag " + name_);
    if (*cur_ != ']')
      return fail_here(PgnErrorKind::BadTag,
                       "bad tag: expected ']' to close tag " + name_ + ", found " + found());
    ++cur_;
    if (options_.latin1_to_utf8) detail::latin1_to_utf8_if_needed(value_, scratch_);
    accept_tag(v, name_, value_, line, col);
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
      return fail(
          PgnErrorKind::UnsupportedVariant, variant_line_, variant_column_,
          "unsupported variant " + detail::quote(variant_) + " (only standard chess and Chess960)");
    // Chess960 only when asked for: by the Variant tag, by the option, or (AsWritten) by a
    // FEN tag whose castling letters only Chess960 writes; never guessed (issue 9, defect 3).
    const bool chess960 = variant == detail::PgnVariant::Chess960 || options_.chess960;
    if (has_fen_) {
      FenOptions fo;
      fo.lenient = !options_.strict;
      fo.castling = chess960 ? CastlingMode::Chess960 : CastlingMode::AsWritten;
      fo.ignore_impossible_check = true;
      const Result<ParsedFen, FenError> r = parse_fen(fen_, fo);
      if (!r)
        return fail(PgnErrorKind::BadSetUp, fen_line_, fen_column_,
                    "bad FEN tag " + detail::quote(fen_, 100) + ": " + r.error().message());
      for (const FenError& d : r->repairs) {
        // Counters filled in are not worth a warning; dropped rights or squares are.
        if (d.field == 5 || d.field == 6) continue;
        const bool dropped =
            d.error != PositionError::FieldSeparator && d.error != PositionError::AdjacentDigits;
        warn(v, PgnErrorKind::RepairedSetUp, fen_line_, fen_column_,
             std::string("FEN tag repaired: ") + (dropped ? "dropped " : "") + d.message());
      }
      pos_ = r->position;
    } else if (detail::trim(setup_) == "1") {
      return fail(PgnErrorKind::BadSetUp, setup_line_, setup_column_,
                  "SetUp tag is \"1\" but there is no FEN tag");
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
          return fail(PgnErrorKind::Syntax, line, col + n,
                      "unknown annotation " + detail::quote(suffix));
        nag = detail::suffix_nag(suffix.substr(0, 2));
        if (!nag) nag = detail::suffix_nag(suffix.substr(0, 1));
      }
    }
    if (tok_too_long_)
      return fail(PgnErrorKind::TooLong, line, col, "not a move: token longer than 255 characters");
    if (san.empty())
      return fail(PgnErrorKind::Syntax, line, col,
                  "annotation " + detail::quote(t) + " without a move");

    if (n == 2 && ((san[0] == '-' && san[1] == '-') || (san[0] == 'Z' && san[1] == '0'))) {
      if (!options_.allow_null_moves)
        return fail(
            PgnErrorKind::NullMove, line, col,
            "null move " + detail::quote(san) + " (null moves are not allowed)" + in_variation());
      if (pos_.in_check())
        return fail(PgnErrorKind::NullMove, line, col,
                    "null move " + detail::quote(san) + " while in check" + in_variation());
      v.move(pos_, Move::none(), san);
      keep_previous(Move::none());
      pos_ = *pos_.play_null();  // not in check: checked above
      count_move();
    } else {
      const Move m = resolve(san, line, col);
      if (!m) return false;
      play_resolved(v, m, san);
    }
    if (nag) v.nag(nag);
    return true;
  }

  // Delivers and plays `m`, resolved from the move token `san`.
  ARBITER_FORCE_INLINE void play_resolved(PgnVisitor& v, Move m, std::string_view san) {
    v.move(pos_, m, san);
    keep_previous(m);
    pos_.play_in_place(m);
    v.played(pos_);
    count_move();
  }
  // Before the move `m` (Move::none(): a null move) is played: the position it is played in
  // and the move, where a variation after it starts (kept only when variations are read).
  // A main-line move's position is left to a visitor that keeps the main line
  // (keeps_main_line()): a copy of the position a move saved (about 1.4% of an audit's
  // instructions), asked back only where a variation starts (previous_position()). A null
  // move ends what the visitor keeps (PgnRecorder stops there): kept here from then on.
  ARBITER_FORCE_INLINE void keep_previous(Move m) noexcept {
    if (!options_.variations) return;
    has_prev_ = true;
    last_move_ = m;
    if (depth_ == 0 && visitor_keeps_ && m) {
      prev_in_visitor_ = true;
      return;
    }
    if (depth_ == 0 && !m) visitor_keeps_ = false;
    prev_ = pos_;
    prev_in_visitor_ = false;
  }
  // prev_ made good where the visitor keeps it (keep_previous()); false, with the game's
  // error set, if the visitor does not have it after all.
  bool previous_position(PgnVisitor& v, std::uint64_t line, std::uint64_t col) {
    if (!prev_in_visitor_) return true;
    const Position* kept = v.main_line_before_last();
    if (!kept)
      return fail(PgnErrorKind::VariationWithoutMove, line, col,
                  "the position before the move this variation varies was not kept by the "
                  "visitor (keeps_main_line() without main_line_before_last())");
    prev_ = *kept;
    prev_in_visitor_ = false;
    return true;
  }
  // After a move is played: one more ply of the game (a variation's moves are not counted).
  ARBITER_FORCE_INLINE void count_move() noexcept {
    if (depth_ == 0) ++game_plies_;
    has_move_ = true;
  }

  // The movetext's common case, read without the general path of parse_game(): one space
  // or line break, then a move number ("12.", "12..."), a move without a suffix
  // annotation ("Nf3", "exd8=Q+") that resolves in the position, or the two glued
  // ("12.Nf3"), and the byte after it in the buffer. True if it read them; false, having read
  // nothing, for anything else, which the general path then reads (and reports, if need be) as it
  // always has. The other tokens that path reads otherwise than as a move (a result, dots, a null
  // move, "e.p.") do not resolve. About half the instructions of the general path: no line and
  // column kept for a message, no tests for the tokens it leaves alone.
  ARBITER_FORCE_INLINE bool read_plain_token(PgnVisitor& v, bool& number_pending) {
    constexpr std::ptrdiff_t longest = 15;  // longer tokens: the general path
    if (end_ - cur_ < longest + 2) return false;
    const char sep = cur_[0];
    if (sep != ' ' && sep != '\n') return false;
    const char* const s = cur_ + 1;
    const char* p = s;
    while (p != s + longest && detail::pgn_is(*p, detail::pgn_symbol)) ++p;
    // Too long, or a promotion perhaps written "e8(Q)" (the parenthesis read with it).
    if (p == s + longest || *p == '(') return false;
    const char* move = s;          // where the move starts
    if (*s >= '0' && *s <= '9') {  // a move number: digits, then dots or none
      const char* q = s;
      while (*q >= '0' && *q <= '9') ++q;  // both loops stop at p at the latest
      const char* const digits_end = q;
      while (*q == '.') ++q;
      if (q == p) {  // the number alone
        // Taking the token is written out here and below: a helper shared by both cost
        // 1.4% more instructions in the audit (GCC merged the two paths into one).
        if (sep == '\n') newline_at(cur_);
        cur_ = p;
        blank_line_ = false;
        number_pending = true;
        return true;
      }
      if (q == digits_end) return false;  // digits and no dot: a result, "0-0", ...
      move = q;                           // "12.e4": the move glued to its number
    }
    if (p[-1] == '!' || p[-1] == '?') return false;  // a suffix annotation, or one alone
    const std::string_view san(move, std::size_t(p - move));
    // What resolve_san() tries first, called straight: a plain token has no white space to
    // strip, and its options were looked at once (common_san_). About 2.5% of an audit's
    // instructions went to those checks and the call. The rest, and a failure, as before.
    Move m = common_san_ && detail::ends_without_suffix(san) ? detail::resolve_common_san(pos_, san)
                                                             : Move::none();
    if (!m) m = resolve_san(pos_, san, san_options_);
    if (!m) return false;
    if (sep == '\n') newline_at(cur_);
    cur_ = p;
    blank_line_ = false;
    number_pending = false;
    play_resolved(v, m, san);
    return true;
  }

  // Resolves a move with parse_san() (whose lenient reading also takes UCI moves:
  // e2e4, e1g1 or e1h1 for castling, e7e8q); Move::none() on error, with error_ set.
  Move resolve(std::string_view san, std::uint64_t line, std::uint64_t col) {
    if (const Move m = resolve_san(pos_, san, san_options_)) return m;
    return diagnose(san, line, col);
  }
  // The error path of resolve(), kept out of line so that the common path stays small
  // enough to be inlined into play_token().
  ARBITER_COLD Move diagnose(std::string_view san, std::uint64_t line, std::uint64_t col) {
    const Result<Move, SanError> r = parse_san(pos_, san, san_options_);  // only for its diagnosis
    if (r) return *r;  // cannot happen: resolve_san() reads as parse_san() does
    fail(PgnErrorKind::BadMove, line, col,
         r.error().message(pos_, options_.language) + in_variation());
    error_.san = r.error().kind;
    error_.san_error = r.error();
    error_.position = pos_;
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
      warn(
          v, PgnErrorKind::CommentTruncated, line, col,
          "comment longer than " + std::to_string(options_.max_comment_bytes) + " bytes truncated");
    pending_comments_.emplace_back(detail::trim(text_));
    if (options_.latin1_to_utf8)
      detail::latin1_to_utf8_if_needed(pending_comments_.back(), scratch_);
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
    result_tag_.reset();
    depth_ = 0;
    has_prev_ = false;
    prev_in_visitor_ = false;
    visitor_keeps_ = false;
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
    visitor_keeps_ = !skip && v.keeps_main_line();
    if (!skip)
      for (const std::string& c : pending_comments_) v.comment(c, false);
    pending_comments_.clear();

    if (tags_end_game_)
      return end_without_result(v, line_, column(cur_), "the tag pairs of the next game");

    std::optional<GameResult> result;
    bool number_pending = false;  // a move number was read, its move not yet
    for (;;) {
      if (!skip && read_plain_token(v, number_pending)) continue;
      // One space and then a token (the common case): all that skip_space() would do.
      if (end_ - cur_ >= 2 && cur_[0] == ' ' && detail::pgn_is(cur_[1], detail::pgn_start) &&
          cur_[1] != '\xEF') {
        ++cur_;
        blank_line_ = false;
      } else {
        skip_space();
      }
      if (!more()) {
        if (read_error_) {
          read_error_reported_ = true;
          return fail_here(PgnErrorKind::ReadError, read_error_message());
        }
        if (depth_ > 0) return unterminated_variation("the end of the input");
        break;
      }
      const char c = *cur_;
      const std::uint64_t line = line_, col = column(cur_);
      if (detail::pgn_is(c, detail::pgn_start)) {
        // After a blank line, "1." in a game already under way begins the next game.
        if (c == '1' && blank_line_ && depth_ == 0 && has_move_ && pos_.fullmove_number() > 1 &&
            ensure(2) && cur_[1] == '.')
          return end_without_result(v, line, col, "move 1 of the next game");
        std::string_view t = read_symbol();
        const char c0 = t[0];
        std::size_t from = 0;
        if ((c0 >= '0' && c0 <= '9') || c0 == '\xC2') {
          const std::optional<GameResult> r = parse_pgn_result(t);
          if (r) {
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
                          "unexpected " + detail::quote(t) +
                              " (expected a move number, a move or a result)");
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
          if (!nag && options_.strict)
            return fail(PgnErrorKind::Syntax, line, col, "unknown annotation " + detail::quote(t));
          if (!nag) nag = detail::suffix_nag(t.substr(0, 1));
          v.nag(nag);
          continue;
        }
        if (t[0] == 'e' && (t == "e.p." || t == "ep")) {
          if (options_.strict || !has_move_)
            return fail(PgnErrorKind::Syntax, line, col,
                        "unexpected " + detail::quote(t) + " (expected a move)");
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
          result = GameResult::Ongoing;
          break;
        case '$': {
          ++cur_;
          int nag = 0, digits = 0;
          while (more() && *cur_ >= '0' && *cur_ <= '9') {
            if (nag < 100000) nag = nag * 10 + (*cur_ - '0');
            ++digits;
            ++cur_;
          }
          if (!digits)
            return fail(PgnErrorKind::Syntax, line, col,
                        "expected digits after '$' (a NAG such as $1)");
          if (nag > 255)
            return fail(PgnErrorKind::Syntax, line, col,
                        "NAG $" + std::to_string(nag) + " out of range (0 to 255)");
          if (!skip) v.nag(nag);
          continue;
        }
        case '(':
          if (!begin_variation(v, skip, line, col)) return false;
          continue;
        case ')':
          if (depth_ == 0)
            return fail(PgnErrorKind::UnmatchedParenthesis, line, col,
                        "')' without a matching '('");
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
          if (blank_line_ && depth_ == 0 && (has_move_ || game_has_tags_))
            return end_without_result(v, line, col, found());
          return fail(
              PgnErrorKind::Syntax, line, col,
              "unexpected " + found() +
                  " (expected a move, a move number, a comment, a NAG, a variation or a result)");
      }
      break;  // '*'
    }
    if (number_pending && !result && !more())
      return fail_here(PgnErrorKind::UnexpectedEnd,
                       "the input ends after a move number (truncated?)");
    if (!result) {
      if (!more()) return end_without_result(v, line_, column(cur_), "the end of the input");
    }
    finish_game(v, result);
    return true;
  }

  bool end_without_result(PgnVisitor& v, std::uint64_t line, std::uint64_t col,
                          const std::string& what) {
    std::string message = "missing result (expected 1-0, 0-1, 1/2-1/2 or * before " + what + ")";
    if (options_.require_result) {
      resume_here_ = true;
      return fail(PgnErrorKind::MissingResult, line, col, std::move(message));
    }
    warn(v, PgnErrorKind::MissingResult, line, col, std::move(message));
    finish_game(v, std::nullopt);
    return true;
  }

  void finish_game(PgnVisitor& v, std::optional<GameResult> result) {
    if (result && result_tag_ && result != result_tag_)
      warn(v, PgnErrorKind::ResultMismatch, line_, column(cur_),
           std::string("termination marker ") + to_pgn(result) + " differs from the Result tag " +
               to_pgn(result_tag_));
    if (result) v.result(*result);
    plies_ += game_plies_;
  }

  bool unterminated_variation(const std::string& what) {
    const Frame& f = frames_[depth_ - 1];
    return fail_here(PgnErrorKind::UnterminatedVariation,
                     "unterminated variation started at line " + std::to_string(f.line) +
                         ", column " + std::to_string(f.column) + " (expected ')' before " + what +
                         ")");
  }

  bool begin_variation(PgnVisitor& v, bool skip, std::uint64_t line, std::uint64_t col) {
    if (!skip && !options_.variations) {
      // Skipped unread: match the parentheses, step over comments.
      return skip_variation(line, col);
    }
    if (!skip && !has_prev_)
      return fail(
          PgnErrorKind::VariationWithoutMove, line, col,
          "variation before any move of the line it would vary (expected a move before '(')" +
              in_variation());
    if (depth_ >= options_.max_variation_depth)
      return fail(PgnErrorKind::TooDeep, line, col,
                  "variations nested more than " + std::to_string(options_.max_variation_depth) +
                      " deep" + in_variation());
    if (!skip && !previous_position(v, line, col)) return false;
    ++cur_;
    if (frames_.size() <= depth_) frames_.push_back({pos_, prev_, false, 0, 0, Move::none()});
    Frame& f = frames_[depth_++];
    f.line = line;
    f.column = col;
    if (!skip) {
      f.cur = pos_;
      f.prev = prev_;
      f.has_prev = has_prev_;
      f.varied = last_move_;
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
      last_move_ = f.varied;  // the move from prev_ to pos_ again, for a next variation
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
                         "unterminated variation started at line " + std::to_string(line) +
                             ", column " + std::to_string(col) +
                             " (expected ')' before the end of the input)");
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
                         "unterminated variation started at line " + std::to_string(line) +
                             ", column " + std::to_string(col) +
                             " (expected ')' before the tag pairs of the next game)");
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
    std::uint64_t tail = 0;        // the last bytes of the current token
    std::uint64_t last_token = 0;  // the last bytes of the last token on this line
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
          if (own_movetext_ahead)
            own_movetext_ahead = false;
          else
            return;
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

  // The message of a ReadError: the source's own account of it when it has one, with the
  // offset in the text read so far.
  std::string read_error_message() const {
    if (kind_ != Kind::Source && failure_.empty())
      return "read error: the input could not be read to its end";
    return "read error after byte " + std::to_string(offset(cur_)) +
           " of the PGN text: " + (kind_ == Kind::Source ? source_->error() : failure_);
  }

  Result<PgnRead, PgnError> read_next(PgnVisitor& v) {
    skip_space();
    if (!more() && (!read_error_ || read_error_reported_)) return PgnRead::End;
    reset_game();
    ++games_;
    game_start_ = offset(cur_);
    v.begin_game(games_, line_);
    if (parse_game(v)) {
      v.end_game();
      return PgnRead::Game;
    }
    ++bad_games_;
    // The input broke off inside this game (a token cut short reads as a bad move, say):
    // the game is bad because it is incomplete, and that is what its error says.
    if (read_error_ && !read_error_reported_ && !more()) {
      read_error_reported_ = true;
      fail_here(PgnErrorKind::ReadError, read_error_message());
    }
    error_.game = games_;
    v.game_error(error_);
    resync();
    return arbiter::fail(error_);
  }

  // ---- state -------------------------------------------------------------------------

  Kind kind_;
  std::FILE* file_ = nullptr;
  std::istream* stream_ = nullptr;
  PgnSource* source_ = nullptr;
  PgnOptions options_;
  SanOptions san_options_;
  bool common_san_ = true;  // detail::reads_common_san(san_options_)
  std::vector<char> storage_;
  const char* begin_ = nullptr;
  const char* cur_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t base_ = 0;  // offset of begin_ in the input
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // offset of the current line's first byte
  bool source_done_ = false;
  bool read_error_ = false;
  bool read_error_reported_ = false;
  std::string failure_;  // restart(): how the input broke off where the text ends
  bool blank_line_ = false;

  std::uint64_t games_ = 0, bad_games_ = 0, plies_ = 0;
  PgnError error_;

  // The game being read.
  std::uint64_t game_start_ = 0;
  std::string fen_, setup_, variant_;
  bool has_fen_ = false;
  std::uint64_t fen_line_ = 0, fen_column_ = 0, setup_line_ = 0, setup_column_ = 0;
  std::uint64_t variant_line_ = 0, variant_column_ = 0;
  std::optional<GameResult> result_tag_;
  Position pos_ = Position::startpos(), prev_ = Position::startpos();
  bool has_prev_ = false;
  bool prev_in_visitor_ = false;   // prev_ is the visitor's main_line_before_last()
  bool visitor_keeps_ = false;     // the visitor keeps the main line (keeps_main_line())
  Move last_move_ = Move::none();  // the move from prev_ to pos_, when has_prev_
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
  Position startpos_ = Position::startpos(), startpos960_ = Position::startpos();

  // Reused buffers.
  std::string tok_, name_, value_, text_, scratch_;
  bool tok_too_long_ = false;
};

inline Result<PgnRead, PgnError> PgnReader::next(PgnVisitor& visitor) { return read_next(visitor); }

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
    if (line_->moves.empty())
      line_->nags_before.push_back(nag);
    else
      line_->moves.back().nags.push_back(nag);
  }
  void comment(std::string_view text, bool) override {
    if (line_->moves.empty())
      line_->comments_before.emplace_back(text);
    else
      line_->moves.back().comments.emplace_back(text);
  }
  void begin_variation() override {
    stack_.push_back(line_);
    line_ = &line_->moves.back().variations.emplace_back();
  }
  void end_variation() override {
    line_ = stack_.back();
    stack_.pop_back();
  }
  void result(GameResult result) override { game_.result = result; }
  void warning(const PgnError& w) override { game_.warnings.push_back(w); }

 private:
  PgnGame& game_;
  PgnLine* line_ = nullptr;
  std::vector<PgnLine*> stack_;
};

}  // namespace detail

inline Result<PgnRead, PgnError> PgnReader::next(PgnGame& game) {
  detail::PgnGameBuilder builder(game);
  return read_next(builder);
}

}  // namespace arbiter
