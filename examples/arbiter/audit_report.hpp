#pragma once
// One game's audit report in words (arbiter audit): its parts as the text report and the
// HTML report (audit_html.hpp) both lay them out, so that the two say the same thing.
// rulings.cpp fills it in the chosen language; each output only arranges it.

#include <string>
#include <vector>

#include <arbiter/audit.hpp>

namespace arbiter_cli {

/// The parts of one game's audit report, in the chosen language.
struct GameReport {
  using Ply = arbiter::GameRecord::Ply;

  /// A finding explained on its own: an automatic ending (--detail: any finding).
  struct Paragraph {
    Ply ply = 0;                                             ///< where it was found
    arbiter::Termination kind = arbiter::Termination::None;  ///< what was found
    std::string where;                                       ///< "After 29.Qh5+ (ply 57)"
    std::string text;                                        ///< the explanation
    bool board = false;  ///< the text report draws the board here (the game's end)
  };
  /// One line of a claim window: who could claim at a ply (or a run of plies), and how.
  struct Entry {
    Ply ply = 0;        ///< the (first) ply of the line
    std::string where;  ///< "After 24...Kf7 (ply 48)", empty when `text` names its range
    std::string text;   ///< "Black, on the board or by writing Kf8"
  };
  /// A run of plies where the same draw claim stayed open (claim_windows.hpp).
  struct Window {
    arbiter::Termination kind = arbiter::Termination::ThreefoldClaim;  ///< or FiftyMoveClaim
    Ply first_ply = 0;                                                 ///< where the window opens
    std::string heading;         ///< "A draw by threefold repetition could be claimed ..."
    std::vector<Entry> entries;  ///< who could claim at each ply
  };

  std::string heading;  ///< "Game 2: white - black (event, date), result, 84 plies"
  std::string laws;     ///< the Laws applied, and why those
  std::string verdict;  ///< the one-line verdict (empty with --detail)
  std::vector<Paragraph> paragraphs;
  std::string played_on;  ///< that the game was played on after its end (or empty)
  std::string disagrees;  ///< that the recorded result disagrees with the Laws (or empty)
  std::string undecided;  ///< that the helpmate question was left undecided (or empty)
  std::vector<Window> windows;
  std::string how_to_claim;  ///< the claim procedure, once per game (or empty)
  std::string nothing;       ///< "Nothing to report." when there is no finding (or empty)
};

}  // namespace arbiter_cli
