#include "reading.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include <fmt/core.h>

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

struct GameReader::Open {
  std::unique_ptr<Input> input;
  arbiter::PgnReader reader;
};

GameReader::GameReader(std::vector<std::string> files, const Reading& reading,
                       const arbiter::Rules& rules)
    : rules_(rules), files_(std::move(files)) {
  options_.strict = reading.strict;
  options_.comments = reading.comments;
  options_.chess960 = reading.chess960;
  by_date_ = reading.rules_by_date;
  options_.variations = true;  // always read and checked: see the top of reading.hpp
  for (const std::string& name : files_) labels_.push_back(name == "-" ? "<stdin>" : name);
}

GameReader::GameReader(std::string label, std::string_view text, const Reading& reading,
                       const arbiter::Rules& rules)
    : GameReader(std::vector<std::string>{std::move(label)}, reading, rules) {
  text_ = text;
  from_memory_ = true;
}

GameReader::~GameReader() = default;

namespace {

// Gives back a buffer that an exceptionally long tag value made large (a slot keeping the
// largest value it ever saw would make memory grow with the input's largest tags).
void reuse_small(std::string& s) {
  if (s.capacity() > 1024) std::string().swap(s);
  s.clear();
}

// Records a game into a RecordedGame: its main line (PgnRecorder) and the tags named.
class Recorder final : public arbiter::PgnRecorder {
 public:
  Recorder(RecordedGame& item, const arbiter::Rules& rules, bool by_date)
      : PgnRecorder(item.record, rules), item_(item), base_(rules), by_date_(by_date) {}

  // --rules auto: the record starts again under the Laws in force on the game's date (the
  // Date tag comes before the movetext).
  arbiter::PgnAction begin_movetext(const arbiter::Position& start) override {
    const arbiter::PgnAction action = PgnRecorder::begin_movetext(start);
    if (by_date_) item_.record.reset(start, rules_for(item_.date, true, base_).rules);
    return action;
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
  unsigned seen_ = 0;
};

}  // namespace

bool GameReader::next(ReadGame& item) {
  // A slot that held an exceptionally long game gives its memory back (see reuse()).
  if (item.game.main_line.moves.capacity() > 2048) item.game = arbiter::PgnGame();
  return advance(item, [&](arbiter::PgnReader& reader) { return reader.next(item.game); });
}

bool GameReader::next(RecordedGame& item) {
  // A slot that held a long game gives its memory back (see reuse()): with 2N + 2 batches
  // of 8 slots, each keeping room for 256 positions at most (about 47 KB; most games are
  // shorter, longer ones allocate theirs), memory stays bounded whatever the input, and
  // is reached soon rather than after many games.
  if (item.record.capacity() > 256) item.record = arbiter::GameRecord();
  Recorder recorder(item, rules_, by_date_);
  const bool more =
      advance(item, [&](arbiter::PgnReader& reader) { return reader.next(recorder); });
  item.result = recorder.result();
  item.number_in_file = recorder.number();
  return more;
}

template <class ReadOne>
bool GameReader::advance(GameSource& item, ReadOne&& read_one) {
  for (;;) {
    if (!open_) {
      if (file_ == files_.size()) return false;
      if (from_memory_) {
        open_.reset(new Open{nullptr, arbiter::PgnReader::from_memory(text_, options_)});
        continue;
      }
      arbiter::Result<std::unique_ptr<Input>, std::string> opened = Input::open(files_[file_]);
      if (!opened) {  // checked before; gone since
        fmt::print(stderr, "arbiter: {}\n", opened.error());
        totals_.unreadable = true;
        ++file_;
        continue;
      }
      std::unique_ptr<Input> input = std::move(opened).value();
      arbiter::PgnReader reader = arbiter::PgnReader::from_source(*input, options_);
      open_.reset(new Open{std::move(input), std::move(reader)});
    }
    const Input* input = open_->input.get();  // none: reading from memory
    const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status = read_one(open_->reader);
    if (arbiter::is_end(status)) {
      bytes_done_ += input ? input->bytes_read() : std::uint64_t(text_.size());
      open_.reset();
      ++file_;
      continue;
    }
    item.label = &labels_[file_];
    item.number = ++totals_.games;
    // From memory, the bytes of the text (its position within it is not followed).
    item.bytes = bytes_done_ + (input ? input->bytes_read() : std::uint64_t(text_.size()));
    item.bad = !status;
    if (item.bad) {
      ++totals_.bad;
      item.error = status.error();
      // A file that cannot be read is an input/output error (exit status 2); a truncated
      // or corrupt compressed stream is a bad game like any other (exit status 1).
      if (item.error.kind == arbiter::PgnErrorKind::ReadError && input && input->io_failed())
        totals_.unreadable = true;
    }
    return true;
  }
}

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
