// arbiter summarize: the summary of an audit run in shards (examples/distributed/).
//
// Each shard's `audit --json` output ends with its summary object; the merged summary adds
// up every count (games, bad_games, plies, each finding, played_on_after_end,
// results_disagreeing), so it is exactly the summary of one run over the whole input, and
// is written in the same form (one JSON line). Fields that are not counts (summary, rules)
// must agree across the shards. Checked on the way: each file has exactly one summary, as
// its last line; its game lines are as many as its summary's games; and the game numbers
// run on from one file to the next (audit --first-game), so that a game's number is its
// number in the whole input.

#include <cstdint>
#include <memory>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "input.hpp"
#include "output.hpp"
#include "reading.hpp"
#include "rulings.hpp"

namespace arbiter_cli {
namespace {

using nlohmann::json;

// Adds `shard` into `total`: counts summed, anything else equal; "" or what differs.
std::string merge(json& total, const json& shard, const std::string& path) {
  for (auto it = shard.begin(); it != shard.end(); ++it) {
    const std::string where = path.empty() ? it.key() : path + "." + it.key();
    if (!total.contains(it.key()))
      return fmt::format("'{}' is missing in the first summary", where);
    json& t = total[it.key()];
    const json& v = it.value();
    if (v.is_number_unsigned() && t.is_number_unsigned()) {
      t = t.get<std::uint64_t>() + v.get<std::uint64_t>();
    } else if (v.is_object() && t.is_object()) {
      const std::string e = merge(t, v, where);
      if (!e.empty()) return e;
    } else if (t != v) {
      return fmt::format("'{}' is {} here but {} in the first summary", where, v.dump(), t.dump());
    }
  }
  if (total.size() != shard.size())
    return fmt::format("fields of {} are missing", path.empty() ? "the summary" : path);
  return {};
}

// Reads the lines of a (perhaps compressed) file, calling on_line for each; false with a
// message if the file cannot be read to its end (a line it cuts short is left out).
template <class OnLine>
bool for_each_line(const std::string& name, OnLine&& on_line) {
  arbiter::Result<std::unique_ptr<Input>, std::string> opened = Input::open(name);
  if (!opened) {
    fmt::print(stderr, "arbiter: {}\n", opened.error());
    return false;
  }
  Input& input = **opened;
  InputLines lines(input);
  std::string line;
  while (lines.next(line)) on_line(line);
  if (input.failed()) {
    fmt::print(stderr, "arbiter: {}: {}\n", name, input.error());
    return false;
  }
  return true;
}

}  // namespace

int run_summarize(const SummarizeCommand& command) {
  if (!inputs_readable(command.files)) return exit_bad_input;
  json total;
  std::uint64_t last_game = 0;  // the number of the last game of the files before
  bool misnumbered = false;
  for (const std::string& name : command.files) {
    const std::string label = name == "-" ? "<stdin>" : name;
    json summary;
    std::uint64_t line_number = 0, games = 0, first = 0, last = 0;
    std::string error;
    const bool read = for_each_line(name, [&](const std::string& line) {
      ++line_number;
      if (!error.empty() || line.empty()) return;
      json j = json::parse(line, nullptr, false);
      if (j.is_discarded() || !j.is_object()) {
        error = fmt::format("line {}: not a JSON object", line_number);
      } else if (!summary.is_null()) {
        error =
            fmt::format("line {}: a line after the summary (two runs in one file?)", line_number);
      } else if (j.value("summary", false)) {
        summary = std::move(j);
      } else if (!j.contains("game") || !j["game"].is_number_unsigned()) {
        error = fmt::format("line {}: neither a game of audit --json nor its summary", line_number);
      } else {
        const std::uint64_t number = j["game"].get<std::uint64_t>();
        if (games++ == 0) first = number;
        if (games > 1 && number != last + 1)
          error = fmt::format("line {}: game {} follows game {}", line_number, number, last);
        last = number;
      }
    });
    if (!read) return exit_bad_input;
    if (error.empty() && summary.is_null())
      error = "no summary line at the end (was the audit cut short?)";
    if (error.empty() && summary.value("games", std::uint64_t(0)) != games)
      error = fmt::format("{} game lines, but its summary counts {} games", games,
                          summary.value("games", std::uint64_t(0)));
    if (error.empty() && total.is_null()) {
      total = summary;
    } else if (error.empty()) {
      error = merge(total, summary, "");
    }
    if (!error.empty()) {
      fmt::print(stderr, "arbiter: {}: {}\n", label, error);
      return exit_bad_input;
    }
    // A shard's games must be numbered on from the shard before (audit --first-game).
    if (games > 0 && first != last_game + 1) {
      fmt::print(stderr,
                 "arbiter: {}: its games are numbered from {}, but the files before it end at "
                 "game {} (give each shard's audit --first-game)\n",
                 label, first, last_game);
      misnumbered = true;
    }
    if (games > 0) last_game = last;
  }
  standard_output().print("{}\n", total.dump(-1, ' ', false, json::error_handler_t::replace));
  return misnumbered ? exit_bad_game : exit_ok;
}

}  // namespace arbiter_cli
