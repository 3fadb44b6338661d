#pragma once
// One game's audit report in words (arbiter audit): its parts as the text report and the
// HTML report (audit_html.hpp) both lay them out, so that the two say the same thing.
// rulings.cpp fills it in the chosen language; each output only arranges it. A report is
// kept from game to game (clear()): its texts and lists keep their buffers, so that the
// report of a game allocates nothing once an earlier one has needed as much.

#include <cstddef>
#include <string>
#include <vector>

#include <arbiter/audit.hpp>

namespace arbiter_cli {

/// A list whose elements are kept when it is cleared: add() hands back the next one,
/// cleared (its strings empty, their buffers kept), and the list reads as its added ones.
template <class T>
class ReusedList {
 public:
  /// The next element, cleared.
  T& add() {
    if (size_ == items_.size()) items_.emplace_back();
    T& item = items_[size_++];
    item.clear();
    return item;
  }
  void clear() noexcept { size_ = 0; }
  bool empty() const noexcept { return size_ == 0; }
  std::size_t size() const noexcept { return size_; }
  const T* begin() const noexcept { return items_.data(); }
  const T* end() const noexcept { return items_.data() + size_; }

 private:
  std::vector<T> items_;
  std::size_t size_ = 0;
};

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

    void clear() noexcept {
      where.clear();
      text.clear();
    }
  };
  /// One line of a claim window: who could claim at a ply (or a run of plies), and how.
  struct Entry {
    Ply ply = 0;        ///< the (first) ply of the line
    std::string where;  ///< "After 24...Kf7 (ply 48)", empty when `text` names its range
    std::string text;   ///< "Black, on the board or by writing Kf8"

    void clear() noexcept {
      where.clear();
      text.clear();
    }
  };
  /// A run of plies where the same draw claim stayed open (claim_windows.hpp).
  struct Window {
    arbiter::Termination kind = arbiter::Termination::ThreefoldClaim;  ///< or FiftyMoveClaim
    Ply first_ply = 0;                                                 ///< where the window opens
    std::string heading;        ///< "A draw by threefold repetition could be claimed ..."
    ReusedList<Entry> entries;  ///< who could claim at each ply

    void clear() noexcept {
      heading.clear();
      entries.clear();
    }
  };

  std::string heading;  ///< "Game 2: white - black (event, date), result, 84 plies"
  std::string laws;     ///< the Laws applied, and why those
  std::string verdict;  ///< the one-line verdict (empty with --detail)
  ReusedList<Paragraph> paragraphs;
  std::string played_on;  ///< that the game was played on after its end (or empty)
  std::string disagrees;  ///< that the recorded result disagrees with the Laws (or empty)
  std::string undecided;  ///< that the helpmate question was left undecided (or empty)
  ReusedList<Window> windows;
  std::string how_to_claim;  ///< the claim procedure, once per game (or empty)
  std::string nothing;       ///< "Nothing to report." when there is no finding (or empty)

  /// Empties the report for the next game (its buffers kept).
  void clear() noexcept {
    for (std::string* s :
         {&heading, &laws, &verdict, &played_on, &disagrees, &undecided, &how_to_claim, &nothing})
      s->clear();
    paragraphs.clear();
    windows.clear();
  }
};

}  // namespace arbiter_cli
