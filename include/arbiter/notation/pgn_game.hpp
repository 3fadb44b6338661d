#pragma once
// The PGN game model: one game as PgnReader reads it (notation/pgn_reader.hpp) and
// write_pgn() writes it (notation/pgn_writer.hpp): tags, the main line with its
// variations, NAGs and comments, the termination marker, and the warnings of reading.
// Also what the reader reports: PgnError (an error, or a warning, with where it is), and
// PgnVisitor, the events of a game as the reader delivers them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/ascii.hpp"
#include "../position.hpp"
#include "../termination.hpp"
#include "san.hpp"

namespace arbiter {

/// What is wrong in a PGN game (an error) or worth a note (a warning).
enum class PgnErrorKind : std::uint8_t {
  Syntax = 1,          ///< a character or token that has no place there
  BadTag,              ///< a malformed tag pair
  BadSetUp,            ///< FEN / SetUp tags that give no legal start position
  UnsupportedVariant,  ///< a Variant tag naming something other than chess or Chess960
  BadMove,   ///< a move that cannot be played: illegal, ambiguous, malformed (see PgnError::san)
  NullMove,  ///< a null move where none may be (option off, or in check)
  UnterminatedComment,    ///< a `{` without its `}`
  UnterminatedVariation,  ///< a `(` without its `)`
  UnmatchedParenthesis,   ///< a `)` without its `(`
  VariationWithoutMove,   ///< a `(` before any move of the line it would vary
  TooDeep,                ///< variations nested deeper than PgnOptions::max_variation_depth
  MissingResult,          ///< the movetext ends without 1-0, 0-1, 1/2-1/2 or *
  UnexpectedEnd,          ///< the input ends inside a tag pair or a move
  TooLong,                ///< a tag value or a token longer than the limits
  ReadError,              ///< the FILE*, stream or PgnSource reported an error
  // Kinds that are only ever warnings (MissingResult and BadMove can be either):
  CommentTruncated,  ///< a comment longer than PgnOptions::max_comment_bytes was cut
  ResultMismatch,    ///< the Result tag and the termination marker differ
  RepairedSetUp,     ///< the FEN tag was read leniently and something was dropped
};

/// The kind of fault in words (English).
constexpr const char* describe(PgnErrorKind k) noexcept {
  switch (k) {
    case PgnErrorKind::Syntax:
      return "syntax error";
    case PgnErrorKind::BadTag:
      return "bad tag";
    case PgnErrorKind::BadSetUp:
      return "bad start position";
    case PgnErrorKind::UnsupportedVariant:
      return "unsupported variant";
    case PgnErrorKind::BadMove:
      return "bad move";
    case PgnErrorKind::NullMove:
      return "null move not allowed";
    case PgnErrorKind::UnterminatedComment:
      return "unterminated comment";
    case PgnErrorKind::UnterminatedVariation:
      return "unterminated variation";
    case PgnErrorKind::UnmatchedParenthesis:
      return "unmatched ')'";
    case PgnErrorKind::VariationWithoutMove:
      return "variation before any move";
    case PgnErrorKind::TooDeep:
      return "variations nested too deeply";
    case PgnErrorKind::MissingResult:
      return "missing result";
    case PgnErrorKind::UnexpectedEnd:
      return "unexpected end of input";
    case PgnErrorKind::TooLong:
      return "token too long";
    case PgnErrorKind::ReadError:
      return "read error";
    case PgnErrorKind::CommentTruncated:
      return "comment truncated";
    case PgnErrorKind::ResultMismatch:
      return "Result tag and termination marker differ";
    case PgnErrorKind::RepairedSetUp:
      return "FEN tag repaired";
  }
  return "unknown error";
}

/// An error (the game is bad) or a warning (the game is read), with where it is.
struct PgnError {
  /// What is wrong.
  PgnErrorKind kind = PgnErrorKind::Syntax;
  /// Whether this is only a warning (the game is still read).
  bool warning = false;
  /// BadMove: how parse_san() failed.
  std::optional<SanErrorKind> san;
  /// BadMove: the whole of parse_san()'s answer and the position the move was read in, so
  /// that a tool can word the error in another language (SanError's parts; `message` is
  /// English).
  std::optional<SanError> san_error;
  /// BadMove: the position the move was read in (see san_error). Optional so that an
  /// error without one costs no position to build (the tool keeps one per game read).
  std::optional<Position> position;
  /// How deep in variations the fault is: 0 on the main line.
  std::size_t variation_depth = 0;
  std::uint64_t game = 0;    ///< 1-based game number within the stream
  std::uint64_t line = 0;    ///< 1-based line
  std::uint64_t column = 0;  ///< 1-based column, in bytes
  /// What went wrong and what was expected, e.g. "illegal move 'Nxe5'; legal moves of
  /// that piece: Nc3, Nf3" or "unterminated comment started at line 12, column 5".
  std::string message;

  /// "game 17, line 2034, column 12: illegal move 'Nxe5'; ..."
  std::string to_string() const {
    return "game " + std::to_string(game) + ", line " + std::to_string(line) + ", column " +
           std::to_string(column) + ": " + message;
  }
};

/// A tag pair: `[Name "value"]`.
struct PgnTag {
  /// The tag's name.
  std::string name;
  /// The tag's value, unescaped.
  std::string value;
};

/// The first of the `count` tags at `tags` named `name`, or nullptr.
inline const PgnTag* find_pgn_tag(const PgnTag* tags, std::size_t count,
                                  std::string_view name) noexcept {
  for (std::size_t i = 0; i < count; ++i)
    if (tags[i].name == name) return &tags[i];
  return nullptr;
}

struct PgnMove;

/// A line of moves: the main line, or a variation.
struct PgnLine {
  std::vector<int> nags_before;              ///< NAGs before the first move (e.g. "($142 ...)")
  std::vector<std::string> comments_before;  ///< comments before the first move
  /// The moves of the line, in order.
  std::vector<PgnMove> moves;
};

/// A move of a line with what follows it: NAGs, comments and variations.
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
  /// The position the game starts from (the SetUp/FEN tags, else the initial position).
  Position start = Position::startpos();
  /// The moves of the game.
  PgnLine main_line;
  /// The termination marker; none if the movetext ends without one ('*' is
  /// GameResult::Ongoing).
  std::optional<GameResult> result;
  /// What was read but worth a note (the game itself is good).
  std::vector<PgnError> warnings;

  /// The first tag of that name, or nullptr.
  const PgnTag* find_tag(std::string_view name) const noexcept {
    return find_pgn_tag(tags.data(), tags.size(), name);
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
  /// Empties the game for reuse (keeps its memory).
  void clear() {
    number = line = 0;
    tags.clear();
    start = Position::startpos();
    main_line.nags_before.clear();
    main_line.comments_before.clear();
    main_line.moves.clear();
    result.reset();
    warnings.clear();
  }
};

inline Position PgnGame::end_position() const noexcept {
  Position pos = start;
  for (const PgnMove& m : main_line.moves) {
    if (m.move)
      pos.play_in_place(m.move);
    else if (auto passed = pos.play_null())
      pos = *passed;
  }
  return pos;
}

// ---------------------------------------------------------------------------------------
// The events of a game, as PgnReader delivers them (and write_pgn() feeds its writer)
// ---------------------------------------------------------------------------------------

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
  /// A tag pair, unescaped. The views last for the call only (they may point into the
  /// reader's buffer): a visitor keeps a copy.
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  /// After the tags, with the start position they give.
  virtual PgnAction begin_movetext(const Position& /*start*/) { return PgnAction::Continue; }
  /// A move as written (`san`, without annotation suffixes), resolved (`move`;
  /// Move::none() for a null move) in the position `before` it.
  virtual void move(const Position& /*before*/, Move /*move*/, std::string_view /*san*/) {}
  /// Right after move(), the position that move (not a null move) led to: the reader
  /// played it once, to read the next move, and a visitor keeping the game's history takes
  /// the position from here instead of playing the move again (PgnRecorder).
  virtual void played(const Position& /*after*/) {}
  /// Whether this visitor keeps every position of the main line that played() gives it, up
  /// to the first null move (PgnRecorder does): asked once a game, after begin_movetext().
  /// Then the reader keeps no copy of its own of the position before each main-line move,
  /// and asks main_line_before_last() for it where a variation follows a main-line move.
  virtual bool keeps_main_line() const { return false; }
  /// The position before the last main-line move played() gave (see keeps_main_line());
  /// nullptr if it is not kept, which fails the game's reading with an error naming the
  /// variation, never a variation read from a wrong position.
  virtual const Position* main_line_before_last() const { return nullptr; }
  /// A NAG after the last move ($1 to $6 also for the suffixes ! ? !! ?? !? ?!), or
  /// before the first move of a line (Informant style: "($142 12... Nf6)").
  virtual void nag(int /*nag*/) {}
  /// A comment's text (`truncated`: longer than PgnOptions::max_comment_bytes).
  virtual void comment(std::string_view /*text*/, bool /*truncated*/) {}
  /// A variation: an alternative to the last move delivered.
  virtual void begin_variation() {}
  /// The end of the current variation.
  virtual void end_variation() {}
  /// The game termination marker.
  virtual void result(GameResult /*result*/) {}
  /// The game was read completely.
  virtual void end_game() {}
  /// The game could not be read (the reader skips to the next one).
  virtual void game_error(const PgnError& /*error*/) {}
  /// Something worth a note; the game is still read.
  virtual void warning(const PgnError& /*warning*/) {}
};

// ---------------------------------------------------------------------------------------
// Details: character classes and tag values, for the reader and the writer
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
    if (alnum || i == '_' || i == '+' || i == '#' || i == '=' || i == ':' || i == '-' || i == '/' ||
        i == '.' || i == '!' || i == '?' || i >= 0x80)
      v |= pgn_symbol;
    if (alnum || i == '_') v |= pgn_name;
    if (alnum || i == '-' || i == '.' || i == '!' || i == '?' || i >= 0x80) v |= pgn_start;
    t.c[i] = v;
  }
  return t;
}

inline constexpr PgnCharTable pgn_chars = make_pgn_char_table();

inline bool pgn_is(char c, std::uint8_t cls) noexcept {
  return pgn_chars.c[static_cast<unsigned char>(c)] & cls;
}

inline std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && pgn_is(s.front(), pgn_space)) s.remove_prefix(1);
  while (!s.empty() && pgn_is(s.back(), pgn_space)) s.remove_suffix(1);
  return s;
}

enum class PgnVariant : std::uint8_t { Standard, Chess960, Other };

inline PgnVariant pgn_variant(std::string_view v) noexcept {
  v = trim(v);
  for (std::string_view s : {"", "standard", "chess", "normal", "from position", "fromposition"})
    if (iequals(v, s)) return PgnVariant::Standard;
  for (std::string_view s : {"chess960", "chess 960", "chess-960", "960", "fischerandom",
                             "fischer random", "fischerrandom", "fischer-random", "frc"})
    if (iequals(v, s)) return PgnVariant::Chess960;
  return PgnVariant::Other;
}

}  // namespace detail

}  // namespace arbiter
