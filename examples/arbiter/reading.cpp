#include "reading.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/core.h>

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

ReadTotals for_each_game(
    const std::vector<std::string>& files, const Reading& reading,
    const std::function<void(const std::string&, const arbiter::PgnGame&)>& on_game,
    const std::function<void(const std::string&, const arbiter::PgnGame&,
                             const arbiter::PgnError&)>& on_error,
    const std::function<void(std::uint64_t games)>& on_progress) {
  arbiter::PgnOptions options;
  options.strict = reading.strict;
  options.comments = reading.comments;
  options.chess960 = reading.chess960;
  options.variations = true;  // always read and checked: see the top of reading.hpp
  ReadTotals totals;
  arbiter::PgnGame game;
  for (const std::string& name : files) {
    const bool is_stdin = name == "-";
    std::FILE* in = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
    if (!in) {  // checked before; gone since
      fmt::print(stderr, "arbiter: {}: {}\n", name, std::strerror(errno));
      totals.unreadable = true;
      continue;
    }
    const std::string label = is_stdin ? "<stdin>" : name;
    arbiter::PgnReader reader = arbiter::PgnReader::from_file(in, options);
    while (!standard_output().failed()) {
      const arbiter::Result<arbiter::PgnRead, arbiter::PgnError> status = reader.next(game);
      if (arbiter::is_end(status)) break;
      if (++totals.games % 1024 == 0 && on_progress) on_progress(totals.games);
      if (!status) {
        ++totals.bad;
        if (status.error().kind == arbiter::PgnErrorKind::ReadError) totals.unreadable = true;
        on_error(label, game, status.error());
        continue;
      }
      on_game(label, game);
    }
    if (!is_stdin) std::fclose(in);
  }
  return totals;
}

}  // namespace arbiter_cli
