#pragma once
// arbiter watch: alerts from a PGN file that a live broadcast keeps writing (watch.cpp).

#include <string>

#include "rulings.hpp"

namespace arbiter_cli {

struct WatchCommand {
  std::string file;       // the PGN file followed
  RulingOptions options;  // --rules, --lang, --json, ...
  double interval = 1.0;  // --interval: seconds between two reads
  bool once = false;      // --once: read the file once, write its alerts and end
};

/// Follows `command.file` until SIGINT or SIGTERM (or after one read with --once), writing
/// each alert once; exit status 0, or 1 if some game of the file could not be read.
int run_watch(const WatchCommand& command);

}  // namespace arbiter_cli
