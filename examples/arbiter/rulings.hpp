#pragma once
// The commands of the arbiter tool that rule on games: trace, audit, claim
// (rulings.cpp). main.cpp parses the options and calls them.

#include <cstdint>
#include <string>
#include <vector>

#include <arbiter/arbiter.hpp>

namespace arbiter_cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_bad_game =
    1;  // audit: some game could not be read; claim: incorrect or inadmissible
inline constexpr int exit_bad_input = 2;

/// Options shared by the ruling commands.
struct RulingOptions {
  std::string rules = "auto";  // auto: the edition in force on each game's Date tag
  std::string time_control = "standard";
  std::string lang = "en";
  bool trust_fen_clock = false;
  bool json = false;
  bool chess960 = false;  // read every game as Chess960 (else only by its Variant tag)
};

struct TraceCommand {
  std::vector<std::string> files;
  RulingOptions options;
  unsigned jobs = 1;  // -j: threads judging games (the output is the same for any number)
};

struct AuditCommand {
  std::vector<std::string> files;  // empty: the bundled sample
  RulingOptions options;
  bool boards = true;        // board diagrams at automatic endings (text output)
  bool detail = false;       // --detail: one finding per ply (text output), no windows
  bool progress = true;      // a progress bar on a terminal
  unsigned jobs = 1;         // -j: threads judging games (the output is the same for any number)
  long long first_game = 1;  // --first-game: the number of the first game read
  std::string html;          // --html FILE: also the report as one HTML page (empty: none)
};

struct SummarizeCommand {
  std::vector<std::string> files;  // audit --json outputs (JSON Lines), in input order
};

struct ClaimCommand {
  std::string pgn;
  int game = 1;
  int ply = -1;
  std::string claim;     // threefold | fifty
  std::string intended;  // a written move (SAN, or two squares for an illegal one)
  bool touched = false;
  int seconds_left = -1;
  RulingOptions options;
};

int run_trace(const TraceCommand& command);
int run_audit(const AuditCommand& command);
int run_claim(const ClaimCommand& command);
/// Merges the JSON Lines of `audit --json` runs on shards of one input into the summary
/// a single run would give (summarize.cpp).
int run_summarize(const SummarizeCommand& command);

}  // namespace arbiter_cli
