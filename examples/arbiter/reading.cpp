#include "reading.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>
#include <type_traits>

#include <fmt/core.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "game_rules.hpp"
#include "input.hpp"
#include "output.hpp"

namespace arbiter_cli {

bool inputs_readable(const std::vector<std::string>& files) {
  int stdin_count = 0;
  for (const std::string& name : files) {
    if (name == "-") {
      if (++stdin_count > 1) {
        fmt::print(stderr, "arbiter: standard input (-) can be read only once\n");
        return false;
      }
      continue;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) {
      fmt::print(stderr, "arbiter: {}: is a directory\n", name);
      return false;
    }
    std::FILE* f = std::fopen(name.c_str(), "rb");
    if (!f) {
      fmt::print(stderr, "arbiter: {}: {}\n", name, std::strerror(errno));
      return false;
    }
    std::fclose(f);
  }
  return true;
}

// The file being cut into pieces: its text in a block (the piece not yet handed out, then
// what has been read after it), scanned line by line for points where a game begins.
struct GameReader::Open {
  std::unique_ptr<Input> input;  // none: reading from memory
  std::shared_ptr<std::string> block;
  const char* data = nullptr;        // the block's text (or the memory read)
  std::size_t size = 0;              // bytes of it
  std::uint64_t base = 0;            // the offset in the file of data[0]
  bool end = false;                  // the file's text ends at data[size)
  std::size_t start = 0;             // the piece being cut begins at data[start] (a line's start)
  arbiter::PgnPoint at;              // its point
  std::size_t scan = 0;              // the newlines before data[scan] have been looked at
  bool done = false;                 // the last piece was handed out
  std::uint64_t first_sequence = 0;  // the sequence of the file's first piece
  std::vector<std::shared_ptr<std::string>> pool;  // blocks, reused once no piece holds them
};

namespace {

// Blocks of this many bytes are read at a time (in reads of input_read bytes, the size the
// reader read in before the input was cut, so that a decoder meets the same calls); a piece
// is cut only this far before the end of what has been read, for its last game's lookahead.
constexpr std::size_t block_bytes = std::size_t(1) << 18;
constexpr std::size_t input_read = std::size_t(1) << 16;
constexpr std::size_t margin = 2 * arbiter::PgnReader::lookahead();

// Calls look(p) at each line start p that begins with '[' (data[p - 1] is a newline and
// data[p] is '['), for the newlines at i in [from, to), in order, until look returns true;
// returns that p, or `to` where it never does. Where SSE2 is there (every x86-64), 64 bytes
// a step are asked for a '[' at once, a byte at a time elsewhere: a call to memchr a line,
// and a look at every line's first byte, took about 3% of `audit --json -j 1`. The caller
// makes sure data[to] can be read.
template <class Look>
std::size_t find_bracket_line(const char* data, std::size_t from, std::size_t to, Look&& look) {
  std::size_t i = from;
#if defined(__SSE2__)
  // The brackets of data[i + 1, i + 65) first (one test for 64 bytes: most hold none),
  // then, for a block that holds some, which follow a newline.
  const __m128i newline = _mm_set1_epi8('\n'), bracket = _mm_set1_epi8('[');
  auto load = [&](std::size_t at) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
  };
  for (; i + 64 <= to; i += 64) {
    const __m128i b0 = _mm_cmpeq_epi8(load(i + 1), bracket);
    const __m128i b1 = _mm_cmpeq_epi8(load(i + 17), bracket);
    const __m128i b2 = _mm_cmpeq_epi8(load(i + 33), bracket);
    const __m128i b3 = _mm_cmpeq_epi8(load(i + 49), bracket);
    if (!_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(b0, b1), _mm_or_si128(b2, b3)))) continue;
    const __m128i brackets[4] = {b0, b1, b2, b3};
    for (std::size_t k = 0; k < 4; ++k) {
      // Bit j: data[at + j] is a newline and data[at + j + 1] is '['.
      const std::size_t at = i + 16 * k;
      unsigned hits = unsigned(_mm_movemask_epi8(brackets[k]));
      if (!hits) continue;
      hits &= unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(load(at), newline)));
      for (; hits; hits &= hits - 1) {
        const std::size_t p = at + std::size_t(__builtin_ctz(hits)) + 1;
        if (look(p)) return p;
      }
    }
  }
#endif
  for (; i < to; ++i)
    if (data[i] == '\n' && data[i + 1] == '[' && look(i + 1)) return i + 1;
  return to;
}

// How many bytes of data[0, n) are newlines, sixteen bytes a step where SSE2 is there.
std::size_t count_newlines(const char* data, std::size_t n) {
  std::size_t count = 0, i = 0;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  while (n - i >= 16) {
    // Each byte lane counts up to 255 steps (a match is -1), then the lanes are summed.
    __m128i lanes = _mm_setzero_si128();
    const std::size_t steps = std::min<std::size_t>((n - i) / 16, 255);
    for (std::size_t k = 0; k < steps; ++k, i += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(bytes, newline));
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    count += std::size_t(_mm_cvtsi128_si32(sums)) +
             std::size_t(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
  }
#endif
  for (; i < n; ++i) count += data[i] == '\n';
  return count;
}

}  // namespace

GameReader::GameReader(std::vector<std::string> files, const Reading& reading,
                       const arbiter::Rules& rules, unsigned workers)
    : rules_(rules), files_(std::move(files)) {
  options_.strict = reading.strict;
  options_.comments = reading.comments;
  options_.chess960 = reading.chess960;
  by_date_ = reading.rules_by_date;
  options_.variations = true;  // always read and checked: see the top of reading.hpp
  for (const std::string& name : files_) labels_.push_back(name == "-" ? "<stdin>" : name);
  for (unsigned w = 0; w < std::max(1u, workers); ++w)
    readers_.push_back(WorkerReader{arbiter::PgnReader::from_memory({}, options_)});
  written_ = reading.written;
  writers_.resize(readers_.size());
  audit_ = reading.audit;
  mate_nodes_ = reading.mate_nodes;
  records_.resize(readers_.size());
  auditors_.resize(readers_.size());
}

GameReader::GameReader(std::string label, std::string_view text, const Reading& reading,
                       const arbiter::Rules& rules)
    : GameReader(std::vector<std::string>{std::move(label)}, reading, rules) {
  text_ = text;
  from_memory_ = true;
}

GameReader::~GameReader() = default;

bool GameReader::open_next() {
  while (file_ < files_.size()) {
    auto open = std::make_unique<Open>();
    if (from_memory_) {
      open->data = text_.data();
      open->size = text_.size();
      open->end = true;
      open->first_sequence = pieces_cut_;
      open_ = std::move(open);
      return true;
    }
    arbiter::Result<std::unique_ptr<Input>, std::string> opened = Input::open(files_[file_]);
    if (!opened) {  // checked before; gone since
      fmt::print(stderr, "arbiter: {}\n", opened.error());
      unreadable_file_ = true;
      ++file_;
      continue;
    }
    open->input = std::move(opened).value();
    open->first_sequence = pieces_cut_;
    open_ = std::move(open);
    return true;
  }
  return false;
}

// Reads on: a block holding the piece being cut (moved to its front) and what follows it.
bool GameReader::refill() {
  Open& o = *open_;
  if (o.end) return false;
  const std::size_t keep = o.size - o.start;
  std::shared_ptr<std::string> block;
  for (std::shared_ptr<std::string>& b : o.pool)
    if (b.use_count() == 1 && b != o.block) {
      block = b;
      break;
    }
  if (block) {
    // No piece holds it any more: what the judges did with it happened before.
    std::atomic_thread_fence(std::memory_order_acquire);
  } else {
    block = std::make_shared<std::string>();
    if (o.pool.size() < 64) o.pool.push_back(block);
  }
  // A piece longer than a block (a huge game) makes the block as long as it needs.
  const std::size_t size = std::max(block_bytes, 2 * keep + input_read);
  if (block->capacity() > 4 * size) std::string().swap(*block);
  block->resize(size);
  if (keep) std::memcpy(&(*block)[0], o.data + o.start, keep);
  o.base += o.start;
  o.scan -= o.start;
  o.start = 0;
  o.size = keep;
  o.block = block;
  o.data = block->data();
  while (block->size() - o.size >= input_read) {
    const std::size_t got = o.input->read(&(*block)[o.size], input_read);
    o.size += got;
    if (got < input_read) {
      o.end = true;
      break;
    }
  }
  return true;
}

bool GameReader::cut(GameText& piece) {
  for (;;) {
    if (!open_ && !open_next()) return false;
    Open& o = *open_;
    if (o.done) {
      bytes_done_ += o.input ? o.input->bytes_read() : std::uint64_t(text_.size());
      open_.reset();
      ++file_;
      continue;
    }
    // Look at each line's start for a game that begins there whatever came before, far
    // enough from the end of what has been read for the piece's last game to read as it
    // would in the whole input.
    const std::size_t limit = o.end ? o.size : (o.size > margin ? o.size - margin : 0);
    const std::string_view text(o.data, o.size);
    // Newlines at i < to are looked at: a line start i + 1 <= limit that can be read.
    const std::size_t to = o.size ? std::min(limit, o.size - 1) : 0;
    bool found = false;
    if (o.scan < to) {
      o.scan = find_bracket_line(o.data, o.scan, to, [&](std::size_t p) {
        return found = arbiter::PgnReader::starts_game(text, p);
      });
    }
    if (!found && !o.end) {
      refill();
      continue;
    }
    piece.keep = o.block;
    piece.data = o.data;
    piece.begin = o.start;
    piece.end = found ? o.scan : o.size;
    piece.limit = o.size;
    piece.at = o.at;
    piece.file = file_;
    piece.last = !found;
    piece.to_end = o.end;
    piece.read_error.clear();
    piece.io_failed = false;
    if (o.end && o.input && o.input->failed()) {
      piece.read_error = o.input->error();
      piece.io_failed = o.input->io_failed();
    }
    piece.bytes = bytes_done_ + (o.input ? o.input->bytes_read() : std::uint64_t(text_.size()));
    piece.sequence = pieces_cut_++;
    piece.file_sequence = o.first_sequence;
    if (found) {
      const std::uint64_t line = o.at.line + count_newlines(o.data + o.start, o.scan - o.start);
      o.start = o.scan;
      o.at = arbiter::PgnPoint{o.base + o.scan, line, o.base + o.scan, 0};
    } else {
      o.done = true;
    }
    return true;
  }
}

namespace {

// Gives back a buffer that an exceptionally long tag value made large (a slot keeping the
// largest value it ever saw would make memory grow with the input's largest tags).
void reuse_small(std::string& s) {
  if (s.capacity() > 1024) std::string().swap(s);
  s.clear();
}

// Records a game into a RecordedGame: its main line (PgnRecorder) and the tags named.
// With `workspaces` (Reading::audit), audits it too, each position as soon as it is
// recorded (arbiter::GameAuditor::advance()), with a workspace of the pool lent for the
// helpmate analysis where the game asks it: by `auditor`, an auditor of item.record kept
// from game to game (its buffers reused), or one of its own.
class Recorder final : public arbiter::PgnRecorder {
 public:
  Recorder(RecordedGame& item, const arbiter::Rules& rules, bool by_date,
           WorkspacePool* workspaces = nullptr, std::uint64_t mate_nodes = 0,
           arbiter::GameAuditor* auditor = nullptr)
      : PgnRecorder(item.record, rules),
        item_(item),
        base_(rules),
        by_date_(by_date),
        workspaces_(workspaces),
        auditor_(workspaces ? auditor : nullptr) {
    if (workspaces && !auditor_)
      auditor_ = &own_auditor_.emplace(item.record, 8, nullptr, mate_nodes);
  }

  // --rules auto: the record starts again under the Laws in force on the game's date (the
  // Date tag comes before the movetext).
  arbiter::PgnAction begin_movetext(const arbiter::Position& start) override {
    if (by_date_) use_rules(rules_for(item_.date, true, base_).rules);
    const arbiter::PgnAction action = PgnRecorder::begin_movetext(start);
    if (auditor_) {
      auditor_->begin();
      auditor_->advance();
    }
    return action;
  }
  void played(const arbiter::Position& after) override {
    PgnRecorder::played(after);
    if (auditor_) auditor_->advance();
  }
  // The audit of the game read whole, with its result and Termination tag (when auditing).
  void finish_audit() {
    if (!auditor_) return;
    const arbiter::GameResult recorded = item_.result.value_or(arbiter::GameResult::Ongoing);
    const arbiter::RecordedEnding ending = arbiter::recorded_ending(item_.termination);
    arbiter::WinWorkspace* lent = nullptr;
    if (auditor_->asks_mate(recorded, ending)) {
      lent = workspaces_->take();
      auditor_->use_workspace(lent);
    }
    auditor_->finish(item_.audit, recorded, ending);  // its buffers reused from game to game
    if (lent) {
      auditor_->use_workspace(nullptr);  // the next game gets one lent again where it asks
      workspaces_->give_back(lent);
    }
  }

  void begin_game(std::uint64_t number, std::uint64_t line) override {
    PgnRecorder::begin_game(number, line);
    for (std::string* s : {&item_.white, &item_.black, &item_.event, &item_.date, &item_.site,
                           &item_.round, &item_.termination})
      reuse_small(*s);
    seen_ = 0;
  }
  void tag(std::string_view name, std::string_view value) override {
    // The first tag of each name, as PgnGame::tag() reads it.
    static constexpr std::string_view names[] = {"White", "Black", "Event",      "Date",
                                                 "Site",  "Round", "Termination"};
    std::string* const values[] = {&item_.white, &item_.black, &item_.event,      &item_.date,
                                   &item_.site,  &item_.round, &item_.termination};
    for (unsigned i = 0; i < 7; ++i)
      if (name == names[i] && !(seen_ >> i & 1)) {
        values[i]->assign(value.data(), value.size());
        seen_ |= 1u << i;
      }
  }

 private:
  RecordedGame& item_;
  const arbiter::Rules& base_;  // the command's rules (the edition forced, or the base)
  bool by_date_;
  WorkspacePool* workspaces_;
  unsigned seen_ = 0;
  arbiter::GameAuditor* auditor_;                    // when auditing
  std::optional<arbiter::GameAuditor> own_auditor_;  // where none was given
};

}  // namespace

// What read_games() does after a game read, where nothing is to be done.
constexpr auto nothing = [](const GameSource&) {};

// Reads the games of a piece: from its point to where the next piece begins, or to the end
// of its file for the last. Should a game run over the end of the piece (a point that was
// no game's start, which PgnReader::starts_game() rules out), the reading goes on to the
// next point where a game begins and number() leaves out the pieces it ran over; a game
// that would need more text than the block holds is an internal error, never a guess.
template <class Item, class ReadOne, class Then>
void GameReader::read_games(GamePiece<Item>& piece, unsigned worker, ReadOne&& read_one,
                            Then&& then) {
  const GameText& t = piece.text;
  arbiter::PgnReader& reader = readers_[worker].reader;
  reader.restart(std::string_view(t.data + t.begin, t.limit - t.begin), t.at, t.read_error);
  const std::uint64_t end = t.at.offset + (t.end - t.begin);
  const std::uint64_t limit = t.at.offset + (t.limit - t.begin);
  piece.count = 0;
  for (;;) {
    const std::uint64_t here = reader.resume_point().offset;
    if (!t.last) {
      if (!t.to_end && here + arbiter::PgnReader::lookahead() > limit) {
        fmt::print(stderr,
                   "arbiter: internal error: {}: the game at byte {} reads past the text cut for "
                   "it; please report this with the input\n",
                   labels_[t.file], here);
        std::abort();
      }
      if (here == end || (here > end && arbiter::PgnReader::starts_game(
                                            std::string_view(t.data, t.limit),
                                            t.begin + std::size_t(here - t.at.offset))))
        break;
    }
    if (piece.games.size() == piece.count) piece.games.emplace_back();
    Item& item = piece.games[piece.count];
    const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status = read_one(reader, item);
    if (arbiter::is_end(status)) break;
    item.bad = !status;
    if (item.bad) item.error = status.error();
    then(item);
    ++piece.count;
  }
  piece.next_game = reader.resume_point().offset;
}

void GameReader::read(GamePiece<ReadGame>& piece, unsigned worker) {
  read_games(
      piece, worker,
      [](arbiter::PgnReader& reader, ReadGame& item) {
        // A slot that held an exceptionally long game gives its memory back (see reuse()).
        if (item.game.main_line.moves.capacity() > 2048) item.game = arbiter::PgnGame();
        return reader.next(item.game);
      },
      nothing);
}

void GameReader::read(GamePiece<WrittenGame>& piece, unsigned worker) {
  std::unique_ptr<arbiter::PgnExportWriter>& writer = writers_[worker];
  if (!writer) writer = std::make_unique<arbiter::PgnExportWriter>(written_);
  read_games(
      piece, worker,
      [&](arbiter::PgnReader& reader, WrittenGame& item) {
        // A slot that held an exceptionally long game gives its memory back (see reuse()).
        if (item.text.capacity() > (std::size_t(1) << 16)) std::string().swap(item.text);
        item.text.clear();
        const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status = reader.next(*writer);
        if (status && !arbiter::is_end(status)) writer->write(item.text);
        item.warnings = writer->warnings();
        return status;
      },
      nothing);
}

// Reads the next game into `item`'s record (and audits it with Reading::audit); its
// numbers are those within the piece, from 1.
arbiter::Result<arbiter::PgnRead, arbiter::PgnError> GameReader::read_recorded(
    arbiter::PgnReader& reader, RecordedGame& item, std::size_t keep,
    arbiter::GameAuditor* auditor) {
  // A record's room is `keep` positions, taken at once (one allocation) before its first
  // game: grown from one position, it copied its positions at each doubling into new memory
  // (a dozen allocations, and about 80 page faults a -j worker on the TCEC file; memory
  // reserved and not yet written costs no fault). A record that held a game longer than
  // that gives its memory back, so that memory stays bounded whatever the input and is
  // reached soon rather than after many games, and the next long game grows from `keep`.
  if (item.record.capacity() != keep) {
    item.record = arbiter::GameRecord();
    item.record.reserve(keep - 1);
  }
  Recorder recorder(item, rules_, by_date_, audit_ ? &workspaces_ : nullptr, mate_nodes_, auditor);
  const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status = reader.next(recorder);
  item.result = recorder.result();
  item.number_in_file = recorder.number();
  if (status && !arbiter::is_end(status)) recorder.finish_audit();
  return status;
}

void GameReader::read(GamePiece<RecordedGame>& piece, unsigned worker) {
  // The slots of next()'s one piece (watch), each keeping room for 256 positions (about
  // 48 KB; most games are shorter, longer ones allocate theirs); -j reads records
  // into each worker's one record instead (read_judged()).
  read_games(
      piece, worker,
      [&](arbiter::PgnReader& reader, RecordedGame& item) {
        return read_recorded(reader, item, 256);
      },
      nothing);
}

// The positions a worker's one record keeps room for (about 380 KB): the longest games of
// real play (TCEC's reach 1,061 plies) are read without allocating.
constexpr std::size_t record_room = 2048;

void GameReader::read_judged(JudgedPiece& piece, unsigned worker, Numbers numbers,
                             void (*judge)(void*, const RecordedGame&, std::size_t),
                             void* context) {
  const GameText& t = piece.text;
  if (numbers == Numbers::Guessed) {
    // One game a piece after the last piece counted: a piece is cut where a game begins,
    // and most hold one game. Only a guess, which number() checks: nothing here needs to
    // hold for the output to be right (a difference that wraps round is a wrong guess).
    const Guess g = read_guess();
    const std::uint64_t ahead = t.sequence - g.sequence;
    piece.games_before = g.games + ahead;
    piece.in_file_before = g.file == t.file ? g.in_file + ahead : t.sequence - t.file_sequence;
  }
  piece.misnumbered = false;
  if (!records_[worker]) {
    records_[worker] = std::make_unique<RecordedGame>();
    // Bound to the worker's record, which stays where it is (a unique_ptr's object).
    if (audit_)
      auditors_[worker] =
          std::make_unique<arbiter::GameAuditor>(records_[worker]->record, 8, nullptr, mate_nodes_);
  }
  RecordedGame& game = *records_[worker];
  read_games(
      piece, worker,
      [&](arbiter::PgnReader& reader, GameSource&) {
        return read_recorded(reader, game, record_room, auditors_[worker].get());
      },
      [&](GameSource& item) {
        number_game(t, item, piece.games_before + piece.count + 1, piece.in_file_before);
        game.label = item.label;
        game.number = item.number;
        game.bytes = item.bytes;
        game.bad = item.bad;
        if (game.bad) game.error = item.error;  // only then: a PgnError holds a position
        game.number_in_file += piece.in_file_before;
        judge(context, game, piece.count);
      });
}

// A game's numbers: `number` in all the inputs, and in its file (`in_file` games before
// its piece; the reader numbered it from 1 within its piece).
void GameReader::number_game(const GameText& text, GameSource& item, std::uint64_t number,
                             std::uint64_t in_file) {
  item.label = &labels_[text.file];
  item.number = number;
  item.bytes = text.bytes;
  if (item.bad) item.error.game += in_file;
}

// Counts a game in the totals, in input order.
void GameReader::count_game(const GameText& text, const GameSource& item) {
  ++totals_.games;
  if (item.bad) {
    ++totals_.bad;
    // A file that cannot be read is an input/output error (exit status 2); a truncated
    // or corrupt compressed stream is a bad game like any other (exit status 1).
    if (item.error.kind == arbiter::PgnErrorKind::ReadError && text.io_failed)
      totals_.unreadable = true;
  }
}

// Where `piece` comes in input order, after every piece before it: false (and no games)
// where the games before ran over it; else true, with the games of its file before it.
template <class Item>
bool GameReader::place(GamePiece<Item>& piece, std::uint64_t& in_file_before) {
  const GameText& t = piece.text;
  if (t.file != numbered_file_) {
    numbered_file_ = t.file;
    numbered_in_file_ = numbered_next_ = 0;
  }
  if (t.at.offset < numbered_next_) {
    piece.count = 0;  // the games before ran over this piece (see read_games())
    return false;
  }
  if (t.at.offset != numbered_next_) {
    fmt::print(stderr,
               "arbiter: internal error: {}: no game begins at byte {}, where a piece was cut; "
               "please report this with the input\n",
               labels_[t.file], t.at.offset);
    std::abort();
  }
  in_file_before = numbered_in_file_;
  numbered_in_file_ += piece.count;
  numbered_next_ = piece.next_game;
  return true;
}

template <class Item>
void GameReader::number(GamePiece<Item>& piece) {
  const GameText& t = piece.text;
  std::uint64_t before = 0;
  if (!place(piece, before)) return;
  for (std::size_t i = 0; i < piece.count; ++i) {
    Item& item = piece.games[i];
    count_game(t, item);
    number_game(t, item, totals_.games, before);
    if constexpr (std::is_same_v<Item, ReadGame>) {
      item.game.number += before;
      for (arbiter::PgnError& w : item.game.warnings) w.game += before;
    } else if constexpr (std::is_same_v<Item, WrittenGame>) {
      for (arbiter::PgnError& w : item.warnings) w.game += before;
    } else {
      item.number_in_file += before;
    }
  }
}

void GameReader::number(JudgedPiece& piece) {
  const GameText& t = piece.text;
  const std::uint64_t games_before = totals_.games;
  std::uint64_t in_file_before = 0;
  if (place(piece, in_file_before)) {
    for (std::size_t i = 0; i < piece.count; ++i) count_game(t, piece.games[i]);
    piece.misnumbered =
        piece.games_before != games_before || piece.in_file_before != in_file_before;
    piece.games_before = games_before;
    piece.in_file_before = in_file_before;
  }
  write_guess(Guess{t.sequence + 1, t.file, totals_.games, numbered_in_file_});
}

GameReader::Guess GameReader::read_guess() const noexcept {
  for (;;) {
    const std::uint64_t version = guess_.version.load(std::memory_order_acquire);
    if (version & 1) {  // number() is writing it: four stores (unless it was descheduled)
      std::this_thread::yield();
      continue;
    }
    const Guess g{guess_.sequence.load(std::memory_order_relaxed),
                  std::size_t(guess_.file.load(std::memory_order_relaxed)),
                  guess_.games.load(std::memory_order_relaxed),
                  guess_.in_file.load(std::memory_order_relaxed)};
    std::atomic_thread_fence(std::memory_order_acquire);
    if (guess_.version.load(std::memory_order_relaxed) == version) return g;
  }
}

void GameReader::write_guess(const Guess& g) noexcept {
  const std::uint64_t version = guess_.version.load(std::memory_order_relaxed);
  guess_.version.store(version + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  guess_.sequence.store(g.sequence, std::memory_order_relaxed);
  guess_.file.store(std::uint64_t(g.file), std::memory_order_relaxed);
  guess_.games.store(g.games, std::memory_order_relaxed);
  guess_.in_file.store(g.in_file, std::memory_order_relaxed);
  guess_.version.store(version + 2, std::memory_order_release);
}

template void GameReader::number(GamePiece<ReadGame>&);
template void GameReader::number(GamePiece<RecordedGame>&);
template void GameReader::number(GamePiece<WrittenGame>&);

template <class Item>
bool GameReader::next_game(GamePiece<Item>& piece, Item& item) {
  while (handed_ == piece.count) {
    handed_ = 0;
    if (!cut(piece.text)) return false;
    read(piece, 0);
    number(piece);
  }
  std::swap(item, piece.games[handed_++]);
  return true;
}

bool GameReader::next(ReadGame& item) { return next_game(read_piece_, item); }

bool GameReader::next(RecordedGame& item) { return next_game(recorded_piece_, item); }

ReadTotals for_each_game(
    const std::vector<std::string>& files, const Reading& reading,
    const std::function<void(const std::string&, const arbiter::PgnGame&)>& on_game,
    const std::function<void(const std::string&, const arbiter::PgnGame&,
                             const arbiter::PgnError&)>& on_error,
    const std::function<void(std::uint64_t games)>& on_progress) {
  GameReader reader(files, reading);
  ReadGame item;
  while (!standard_output().failed() && reader.next(item)) {
    if (item.number % 1024 == 0 && on_progress) on_progress(item.number);
    if (item.bad)
      on_error(*item.label, item.game, item.error);
    else
      on_game(*item.label, item.game);
  }
  return reader.totals();
}

}  // namespace arbiter_cli
