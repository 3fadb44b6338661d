#include "reading.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include <fmt/core.h>

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

GameReader::GameReader(std::vector<std::string> files, const Reading& reading)
    : files_(std::move(files)) {
  options_.strict = reading.strict;
  options_.comments = reading.comments;
  options_.chess960 = reading.chess960;
  options_.variations = true;  // always read and checked: see the top of reading.hpp
  for (const std::string& name : files_) labels_.push_back(name == "-" ? "<stdin>" : name);
}

GameReader::~GameReader() = default;

bool GameReader::next(ReadGame& item) {
  for (;;) {
    if (!open_) {
      if (file_ == files_.size()) return false;
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
    Input& input = *open_->input;
    // A slot that held an exceptionally long game gives its memory back (see reuse()).
    if (item.game.main_line.moves.capacity() > 2048) item.game = arbiter::PgnGame();
    const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status =
        open_->reader.next(item.game);
    if (arbiter::is_end(status)) {
      bytes_done_ += input.bytes_read();
      open_.reset();
      ++file_;
      continue;
    }
    item.label = &labels_[file_];
    item.number = ++totals_.games;
    item.bytes = bytes_done_ + input.bytes_read();
    item.bad = !status;
    if (item.bad) {
      ++totals_.bad;
      item.error = status.error();
      // A file that cannot be read is an input/output error (exit status 2); a truncated
      // or corrupt compressed stream is a bad game like any other (exit status 1).
      if (item.error.kind == arbiter::PgnErrorKind::ReadError && input.io_failed())
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
