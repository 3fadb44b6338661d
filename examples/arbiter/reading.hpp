#pragma once
// How every command of the arbiter tool reads PGN: one reader, one set of options, one
// loop, so that one file gets one verdict from pgn, trace, audit and claim alike.
//
// The verdict: a game is bad when any part of its movetext cannot be read, its variations
// included. PGN (standard, 8.2.5) defines a variation (RAV) as moves that may legally be
// played in place of the move before it; a variation with an illegal move, a variation
// before any move, or variations nested deeper than the reader's limit make the game's PGN
// invalid. Every command reports such a game with the place (line, column, the move) and
// leaves it out: none rules on, or writes back, a game it could read only in part, so no
// part of the input is ever dropped silently. What a command writes (pgn --no-comments,
// --no-variations) never changes what is read and checked.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <arbiter/audit.hpp>
#include <arbiter/notation/pgn.hpp>
#include <arbiter/record_pgn.hpp>

#include "in_order.hpp"
#include "workspace_pool.hpp"

namespace arbiter_cli {

/// Checks that every input file (`-`: standard input, at most once) can be opened;
/// false, with a message on standard error, if one cannot.
bool inputs_readable(const std::vector<std::string>& files);

/// What a command may choose about reading; neither changes which games are bad, except
/// `strict`, a stricter standard asked for by name (pgn --strict).
struct Reading {
  bool strict = false;  ///< SAN in export form only, FEN tags valid as written
  bool comments =
      false;  ///< keep comments (to write them back); skipped comments are still checked
  bool chess960 =
      false;  ///< read every game as Chess960 (--chess960); else only by its Variant tag
  bool rules_by_date =
      false;  ///< record each game under the edition in force on its Date tag (--rules auto)
  /// How games read as WrittenGame are written back (pgn --no-comments, ...).
  arbiter::PgnWriteOptions written;
  /// Audit each game read as a RecordedGame while it is read (RecordedGame::audit; what
  /// `audit` reports), each position judged as soon as it is recorded.
  bool audit = false;
  /// The node budget of the helpmate analysis the audit asks of a decisive result.
  std::uint64_t mate_nodes = arbiter::full_node_budget;
};

struct ReadTotals {
  std::uint64_t games = 0;  ///< games read, good and bad
  std::uint64_t bad = 0;    ///< games that could not be read
  bool unreadable =
      false;  ///< a file could not be opened or read (an input/output error): exit status 2
};

/// Where a game comes from and whether it could be read: what every report names.
struct GameSource {
  const std::string* label = nullptr;  ///< the file's name, or <stdin>
  std::uint64_t number = 0;            ///< 1-based over all the inputs, bad games included
  bool bad = false;                    ///< the game could not be read: `error` says why
  arbiter::PgnError error;
  std::uint64_t bytes = 0;  ///< bytes taken from the inputs so far (compressed bytes)
};

/// One game read whole, as a PgnGame: what pgn (which writes it back) and claim need.
struct ReadGame : GameSource {
  arbiter::PgnGame game;  ///< the game (a bad one: what was read, with its warnings)
};

/// One game streamed into its record (arbiter::PgnRecorder) with no PgnGame: each move
/// resolved once and played once, by the reader; what audit and trace need. Its buffers
/// are reused from game to game (no heap allocation per game once warmed up).
struct RecordedGame : GameSource {
  arbiter::GameRecord record;  ///< the main line, up to the first null move
  /// The tags the reports name, as read (the first of each name; "" when absent).
  std::string white, black, event, date, site, round;
  std::string termination;  ///< the Termination tag (how a decisive game ended off the board)
  std::optional<arbiter::GameResult> result;  ///< the termination marker (none: missing)
  std::uint64_t number_in_file = 0;           ///< 1-based within its file
  /// The audit of a good game under the rules of its record (Reading::audit; else empty):
  /// arbiter::GameAuditor over the record, with the result and the Termination tag read.
  arbiter::GameAudit audit;
};

/// One game written back in export format as it is read (arbiter::PgnExportWriter), with
/// no PgnGame: each move resolved once and played once, by the reader; what pgn needs.
/// Its buffers are reused from game to game.
struct WrittenGame : GameSource {
  std::string text;                         ///< the game in export format (a bad game: empty)
  std::vector<arbiter::PgnError> warnings;  ///< what reading it noted
};

/// A piece of an input, cut where a game begins whatever came before it
/// (arbiter::PgnReader::starts_game), with what reading its games needs: the reader thread
/// of -j only cuts the input into pieces (a byte scan), the judges read them.
struct GameText {
  std::shared_ptr<const std::string> keep;  ///< holds the text (none: the caller's memory)
  const char* data = nullptr;      ///< the block of text the piece lies in, from a line's start
  std::size_t begin = 0, end = 0;  ///< the piece: data[begin, end)
  std::size_t limit = 0;       ///< the block's text reaches data[limit) (the lookahead past `end`)
  arbiter::PgnPoint at;        ///< where the piece begins in its file (games: 0)
  std::size_t file = 0;        ///< which input
  bool last = false;           ///< the piece reaches the end of its file (limit == end)
  bool to_end = false;         ///< the block reaches the end of the file (limit: its end)
  std::string read_error;      ///< when to_end: how the input broke off (empty: it ended)
  bool io_failed = false;      ///< the input could not be read (exit status 2), not a bad stream
  std::uint64_t bytes = 0;     ///< bytes taken from the inputs when the piece was cut
  std::uint64_t sequence = 0;  ///< the piece's place among all the pieces cut, from 0
  std::uint64_t file_sequence = 0;  ///< that of the first piece of its file
  /// Lets go of the text once its games are read and numbered, so that the block it lies
  /// in can be read into again: a slot of a batch that later batches leave unused would
  /// hold its block, and new blocks be made (at -j 2 on the TCEC file, about 1,100 page
  /// faults of fresh blocks).
  void release() noexcept {
    keep.reset();
    data = nullptr;
  }
};

/// A piece and the games read from it, in their slots (reused from piece to piece).
template <class Item>
struct GamePiece {
  GameText text;
  std::vector<Item> games;
  std::size_t count = 0;        ///< games read from the piece
  std::uint64_t next_game = 0;  ///< the offset in its file where the game after them begins
};

/// A piece whose games are judged as they are read (audit, trace): each game is recorded
/// into the one RecordedGame of the thread reading it and judged at once, while its
/// positions are still in the cache, and the piece keeps only where each game comes from.
/// (Recording each game into a slot of its own, judged once the piece is numbered, wrote
/// the positions of about 90 games in flight at -j 2 to memory out of the cache: a fifth
/// more CPU time.) A game's number is known only after every piece before it has been read,
/// so its games are judged under the numbers GameReader guesses, each piece holding one game
/// unless number() has found otherwise; where number() finds the guess wrong, the piece is
/// read and judged again under the right ones.
struct JudgedPiece : GamePiece<GameSource> {
  std::uint64_t games_before = 0;    ///< the games of all the inputs before it, as judged
  std::uint64_t in_file_before = 0;  ///< the games of its file before it, as judged
  bool misnumbered = false;          ///< number(): judged under a wrong guess; read again
};

/// A piece's bytes of input, which close a batch of -j early (in_order.hpp).
template <class Item>
std::size_t batch_bytes(const GamePiece<Item>& piece) noexcept {
  return piece.text.end - piece.text.begin;
}
inline std::size_t batch_bytes(const JudgedPiece& piece) noexcept {
  return batch_bytes(static_cast<const GamePiece<GameSource>&>(piece));
}

/// The one reading loop: every game of every file (`-`: standard input) in order, each
/// file plain or compressed (input.hpp). Games streamed into records are recorded under
/// `rules` (how positions are compared, whether a FEN clock counts). Reading goes in three
/// steps, one piece of code whether one thread runs them all (-j 1, next()) or not
/// (judge_games()): cut() the input into pieces, read() each piece's games (any thread),
/// number() them in input order.
class GameReader {
 public:
  GameReader(std::vector<std::string> files, const Reading& reading,
             const arbiter::Rules& rules = arbiter::Rules{}, unsigned workers = 1);
  /// Reads the games of `text`, one input called `label` (a file's name), which the caller
  /// keeps alive while it is read: what `watch` reads, a snapshot of a file being written.
  GameReader(std::string label, std::string_view text, const Reading& reading,
             const arbiter::Rules& rules = arbiter::Rules{});
  ~GameReader();
  GameReader(const GameReader&) = delete;
  GameReader& operator=(const GameReader&) = delete;

  /// Reads the next game into `item` (its buffers reused); false after the last one.
  bool next(ReadGame& item);
  /// Reads the next game into `item`'s record (its buffers reused); false after the last one.
  bool next(RecordedGame& item);
  ReadTotals totals() const noexcept {
    ReadTotals t = totals_;
    t.unreadable = t.unreadable || unreadable_file_;
    return t;
  }

  /// The next piece of the input; false after the last one. One thread at a time.
  bool cut(GameText& piece);
  /// Reads the games of `piece` with the reader of `worker` (0 to workers - 1), numbered
  /// from 1 within the piece; any thread, one per worker.
  void read(GamePiece<ReadGame>& piece, unsigned worker);
  void read(GamePiece<RecordedGame>& piece, unsigned worker);
  void read(GamePiece<WrittenGame>& piece, unsigned worker);
  /// Numbers the games of `piece` (in all the inputs, in the file) and counts them, after
  /// every piece before it; leaves out the games of a piece the games before ran over.
  template <class Item>
  void number(GamePiece<Item>& piece);

  /// How read() numbers the games of a JudgedPiece: by the guess (before number()), or as
  /// number() found them (to judge them again).
  enum class Numbers { Guessed, Found };
  /// Reads the games of `piece` (numbered from its games_before and in_file_before, which
  /// a guess sets first) with the reader and the record of `worker`, and calls
  /// `judge(const RecordedGame&, std::size_t index)` on each as soon as it is read; any
  /// thread, one per worker.
  template <class Judge>
  void read(JudgedPiece& piece, unsigned worker, Numbers numbers, Judge&& judge) {
    read_judged(
        piece, worker, numbers,
        [](void* f, const RecordedGame& game, std::size_t i) {
          (*static_cast<Judge*>(f))(game, i);
        },
        &judge);
  }
  /// Counts the games of `piece` after every piece before it, as number() does, and checks
  /// the numbers they were judged under: where they were wrong, sets piece.misnumbered and
  /// the right ones. Leaves out the games of a piece the games before ran over.
  void number(JudgedPiece& piece);

 private:
  struct Open;  // the file being cut
  template <class Item, class ReadOne, class Then>
  void read_games(GamePiece<Item>& piece, unsigned worker, ReadOne&& read_one, Then&& then);
  template <class Item>
  bool next_game(GamePiece<Item>& piece, Item& item);
  void read_judged(JudgedPiece& piece, unsigned worker, Numbers numbers,
                   void (*judge)(void*, const RecordedGame&, std::size_t), void* context);
  arbiter::Result<arbiter::PgnRead, arbiter::PgnError> read_recorded(
      arbiter::PgnReader& reader, RecordedGame& item, std::size_t keep,
      arbiter::GameAuditor* auditor = nullptr);
  template <class Item>
  bool place(GamePiece<Item>& piece, std::uint64_t& in_file_before);
  void count_game(const GameText& text, const GameSource& item);
  void number_game(const GameText& text, GameSource& item, std::uint64_t number,
                   std::uint64_t in_file);
  bool open_next();
  bool refill();
  arbiter::Rules rules_;
  bool by_date_ = false;  // Reading::rules_by_date
  std::vector<std::string> files_, labels_;
  std::string_view text_;  // the input read from memory (second constructor)
  bool from_memory_ = false;
  arbiter::PgnOptions options_;
  // One reader per worker, each on cache lines of its own: readers side by side in a vector
  // share a line (one's last fields, the next one's first), which both threads write with
  // every token.
  struct alignas(64) WorkerReader {
    arbiter::PgnReader reader;
  };
  std::vector<WorkerReader> readers_;
  arbiter::PgnWriteOptions written_;  // Reading::written
  std::vector<std::unique_ptr<arbiter::PgnExportWriter>>
      writers_;         // one per worker, made when used
  bool audit_ = false;  // Reading::audit
  std::uint64_t mate_nodes_ = 0;
  WorkspacePool workspaces_;  // the audit's helpmate analysis
  std::vector<std::unique_ptr<RecordedGame>>
      records_;  // the record of the games each worker judges as it reads (JudgedPiece)
  // The auditor of each worker's record (Reading::audit), kept from game to game for its
  // buffers (GameAuditor::finish(GameAudit&)).
  std::vector<std::unique_ptr<arbiter::GameAuditor>> auditors_;
  // The numbers a JudgedPiece's games are guessed to have: those that follow the last piece
  // number() has counted, one game a piece after it. number() writes it, read() reads it.
  struct Guess {
    std::uint64_t sequence = 0;            // the piece after the last counted
    std::size_t file = std::size_t(-1);    // the last counted's file
    std::uint64_t games = 0, in_file = 0;  // games counted, in all the inputs and in that file
  };
  // From here on, what changes while the games are read, on cache lines apart from what
  // the workers only read above (a line both hold would go back and forth between cores).
  // The guess behind a sequence lock: number() is its one writer (in input order), and a
  // judge reading it retries while a write is under way (its version odd) or if one came
  // between, instead of taking a lock twice a game (about 1% of the CPU time of -j 2).
  struct alignas(64) GuessCell {  // a line of its own: the cutter writes what follows
    std::atomic<std::uint64_t> version{0};
    std::atomic<std::uint64_t> sequence{0}, file{std::uint64_t(-1)}, games{0}, in_file{0};
  };
  Guess read_guess() const noexcept;
  void write_guess(const Guess& g) noexcept;
  GuessCell guess_;
  std::uint64_t pieces_cut_ = 0;  // cut(): the pieces handed out
  std::size_t file_ = 0;
  std::unique_ptr<Open> open_;
  std::uint64_t bytes_done_ = 0;  // bytes of the files finished
  // number(): the file being numbered, its games so far, where its next game begins.
  std::size_t numbered_file_ = std::size_t(-1);
  std::uint64_t numbered_in_file_ = 0, numbered_next_ = 0;
  std::atomic<bool> unreadable_file_{false};  // cut(): a file could not be opened
  ReadTotals totals_;
  // next(): the piece being handed out, game by game.
  GamePiece<ReadGame> read_piece_;
  GamePiece<RecordedGame> recorded_piece_;
  std::size_t handed_ = 0;
};

/// Reads every game of every file (`-`: standard input) in order: on_game(label, game)
/// for each good one, on_error(label, game, error) for each bad one (the game holds the
/// warnings met before the error), on_progress(games) every 1024 games. The label is the
/// file's name, or <stdin>. Stops once standard output has failed (nothing more could be
/// reported).
ReadTotals for_each_game(
    const std::vector<std::string>& files, const Reading& reading,
    const std::function<void(const std::string&, const arbiter::PgnGame&)>& on_game,
    const std::function<void(const std::string&, const arbiter::PgnGame&,
                             const arbiter::PgnError&)>& on_error,
    const std::function<void(std::uint64_t games)>& on_progress = {});

/// Reads every game like for_each_game, as an `Item` (ReadGame: whole; WrittenGame:
/// written back; RecordedGame: streamed into its record under `rules`), has `judge(const
/// Item&, Verdict&, unsigned worker)` rule on each in `jobs` threads (-j), and hands each
/// verdict to `emit(const Item&, Verdict&)` (for a RecordedGame, `emit(const GameSource&,
/// Verdict&)`: the record is gone by then, see JudgedPiece) in input order, one at a time,
/// in any of the threads (in_order.hpp); `emit` returns false to stop (the output has
/// failed). A ReadGame or WrittenGame is judged in input order too, once numbered (its
/// messages name its number in its file): the costly part, reading it, is done by then,
/// and such a `judge` should be cheap. `judge` may be called more than once for a game,
/// and for a game then left out (a RecordedGame's guessed number): it must leave all it
/// finds in its verdict, which it starts afresh.
template <class Verdict, class Item = ReadGame, class Judge, class Emit>
ReadTotals judge_games(const std::vector<std::string>& files, const Reading& reading, unsigned jobs,
                       Judge&& judge, Emit&& emit, const arbiter::Rules& rules = arbiter::Rules{}) {
  GameReader reader(files, reading, rules, std::max(1u, jobs));
  auto cut = [&](auto& piece) { return reader.cut(piece.text); };
  auto emit_piece = [&](const auto& piece, std::vector<Verdict>& verdicts) {
    for (std::size_t i = 0; i < piece.count; ++i)
      if (!emit(piece.games[i], verdicts[i])) return false;
    return true;
  };
  if constexpr (std::is_same_v<Item, RecordedGame>) {
    // Each game judged as soon as it is read (JudgedPiece); again, where the guess of its
    // number was wrong, once the piece is numbered.
    auto judge_piece = [&](JudgedPiece& piece, std::vector<Verdict>& verdicts, unsigned worker,
                           GameReader::Numbers numbers) {
      reader.read(piece, worker, numbers, [&](const RecordedGame& game, std::size_t i) {
        if (verdicts.size() <= i) verdicts.resize(i + 1);
        judge(game, verdicts[i], worker);
      });
    };
    judge_in_order<JudgedPiece, std::vector<Verdict>>(
        jobs, cut,
        [&](JudgedPiece& piece, std::vector<Verdict>& verdicts, unsigned worker) {
          judge_piece(piece, verdicts, worker, GameReader::Numbers::Guessed);
        },
        [&](JudgedPiece& piece, std::vector<Verdict>& verdicts, unsigned worker) {
          reader.number(piece);
          if (piece.misnumbered) judge_piece(piece, verdicts, worker, GameReader::Numbers::Found);
          piece.text.release();
        },
        emit_piece);
  } else {
    judge_in_order<GamePiece<Item>, std::vector<Verdict>>(
        jobs, cut,
        [&](GamePiece<Item>& piece, std::vector<Verdict>&, unsigned worker) {
          reader.read(piece, worker);
        },
        [&](GamePiece<Item>& piece, std::vector<Verdict>& verdicts, unsigned worker) {
          reader.number(piece);
          if (verdicts.size() < piece.count) verdicts.resize(piece.count);
          for (std::size_t i = 0; i < piece.count; ++i)
            judge(static_cast<const Item&>(piece.games[i]), verdicts[i], worker);
          piece.text.release();
        },
        emit_piece);
  }
  return reader.totals();
}

}  // namespace arbiter_cli
