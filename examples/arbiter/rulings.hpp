#pragma once
// The commands of the arbiter tool that rule on games: trace, audit, claim
// (rulings.cpp). main.cpp parses the options and calls them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <arbiter/arbiter.hpp>

#include "reading.hpp"

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
  bool progress = true;  // the progress line on a terminal (progress.hpp)
  unsigned jobs = 1;     // -j: threads judging games (the output is the same for any number)
};

struct AuditCommand {
  std::vector<std::string> files;  // empty: the bundled sample
  RulingOptions options;
  bool boards = true;        // board diagrams at automatic endings (text output)
  bool detail = false;       // --detail: one finding per ply (text output), no windows
  bool progress = true;      // the progress line on a terminal (progress.hpp)
  unsigned jobs = 1;         // -j: threads judging games (the output is the same for any number)
  long long first_game = 1;  // --first-game: the number of the first game read
  std::string html;          // --html FILE: also the report as one HTML page (empty: none)
  long long mate_nodes = arbiter::full_node_budget;  // --nodes: the helpmate budget per question
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

// ---- shared by the ruling commands (rulings.cpp, watch.cpp) ----------------------------

/// Whether each game is judged by the Laws of its date (--rules auto, the default).
bool by_date(const RulingOptions& options);
/// How the ruling commands read PGN: the default reading, Chess960 only with --chess960,
/// each game under the Laws of its date with --rules auto.
Reading chess960_reading(const RulingOptions& options);
/// The rules, time control and language of a command; false (with a message on standard
/// error) if one is unknown.
bool resolve(const RulingOptions& options, arbiter::Rules& rules, arbiter::Language& lang);
/// "12.Nf3" / "12...Nf6" for the move that led to `ply`, in the piece letters of `notation`
/// (the text report: the language's; JSON: English); "start" for ply 0. MoveLabel: the same
/// text in a buffer of its own, without allocating (what the JSON lines write).
class MoveLabel {
 public:
  MoveLabel(const arbiter::GameRecord& record, arbiter::GameRecord::Ply ply,
            arbiter::SanLanguage notation = arbiter::SanLanguage::English) noexcept {
    if (ply == 0) {
      constexpr std::string_view start = "start";
      size_ = start.copy(text_, start.size());
    } else {
      size_ = std::size_t(arbiter::write_numbered_move(text_, record, ply, notation) - text_);
    }
  }
  std::string_view view() const noexcept { return {text_, size_}; }

 private:
  char text_[arbiter::max_numbered_move];
  std::size_t size_;
};
inline std::string move_label(const arbiter::GameRecord& record, arbiter::GameRecord::Ply ply,
                              arbiter::SanLanguage notation = arbiter::SanLanguage::English) {
  return std::string(MoveLabel(record, ply, notation).view());
}
/// A game that cannot be read, in the language: where, and what is wrong. English: the
/// reader's own message (PgnError::to_string()); another language: where and the kind of
/// fault in that language, then the reader's detail as it words it.
std::string pgn_error_text(const arbiter::PgnError& e, arbiter::Language lang);
/// The audit's name of a finding, in its JSON and its summary ("threefold_claim", ...):
/// every Termination named, those no audit reports (arbiter::is_audit_finding) as nullptr.
const char* finding_name(arbiter::Termination t) noexcept;

int run_trace(const TraceCommand& command);
int run_audit(const AuditCommand& command);
int run_claim(const ClaimCommand& command);
/// Merges the JSON Lines of `audit --json` runs on shards of one input into the summary
/// a single run would give (summarize.cpp).
int run_summarize(const SummarizeCommand& command);

}  // namespace arbiter_cli
