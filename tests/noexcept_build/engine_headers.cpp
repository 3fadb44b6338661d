// Compiled with -fno-exceptions -fno-rtti (tests/CMakeLists.txt): the engine-facing
// headers must build and work without exceptions.
#include <arbiter/explain.hpp>
#include <arbiter/halfmove.hpp>
#include <arbiter/key.hpp>
#include <arbiter/movegen.hpp>
#include <arbiter/notation/pgn.hpp>
#include <arbiter/outcome.hpp>
#include <arbiter/perft.hpp>
#include <arbiter/position.hpp>
#include <arbiter/repetition.hpp>
#include <arbiter/unwinnable.hpp>

int arbiter_noexcept_check() {
  arbiter::RepetitionTracker<> tracker;
  if (!tracker.reserve(256)) return -1;
  arbiter::Position pos = arbiter::Position::startpos();
  if (!tracker.push(pos.key(), true)) return -1;
  for (arbiter::Move m : arbiter::legal_moves(pos)) {
    if (!tracker.push(pos.play_unchecked(m).key(), pos.is_irreversible(m))) return -1;
    tracker.pop();
  }
  // The quick helpmate analysis in memory the caller reserved.
  static arbiter::WinWorkspace workspace = arbiter::WinWorkspace::for_quick();
  static arbiter::WinAnswer answer;
  arbiter::analyze_win(pos, arbiter::Color::White, arbiter::WinMode::Quick,
                       arbiter::quick_node_budget, workspace, answer);
  // The three-valued can_checkmate (6.9) and its material-only form.
  const arbiter::MateQuestion question = arbiter::can_checkmate(
      pos, arbiter::Color::Black, workspace, arbiter::WinMode::Quick, arbiter::quick_node_budget);
  const bool material = arbiter::material_can_checkmate(pos, arbiter::Color::Black);
  return int(answer.verdict) + int(question.verdict) + int(material) + int(arbiter::perft(pos, 2)) +
         int(tracker.count()) + int(arbiter::polyglot_key(pos).value() & 1);
}
