#pragma once
// HalfmoveClock: the number of consecutive moves (counted in plies) made by both
// players without a pawn move or a capture, for the fifty-move claim (FIDE 9.3: 100
// plies) and the automatic seventy-five-move draw (9.6.2: 150 plies).
//
// A promotion is a pawn move, an en passant capture is both a pawn move and a
// capture; castling and checks do not reset the clock. Position::resets_halfmove_clock()
// classifies a move; this header itself depends on nothing chess-specific, so an
// engine can use it alone.

#include <cstdint>

#include "result.hpp"

namespace arbiter {

/// Why HalfmoveClock::start() refused its arguments.
enum class HalfmoveClockError : std::uint8_t {
  NegativeCount = 1,  ///< a count of plies below zero
  NegativePly,        ///< a start ply below zero
};

/// The error in words (English).
constexpr const char* describe(HalfmoveClockError e) noexcept {
  switch (e) {
    case HalfmoveClockError::NegativeCount:
      return "the halfmove count is negative";
    case HalfmoveClockError::NegativePly:
      return "the start ply is negative";
  }
  return "unknown error";
}

/// The halfmove count of Articles 9.3 and 9.6.2: plies since the last pawn move or capture,
/// with the ply of that reset. No chess inside, so an engine can take it alone.
class HalfmoveClock {
 public:
  /// "No reset yet": the last reset is before the start of the record.
  static constexpr std::int32_t none = -1;
  /// 9.3: the last 50 moves by each player without pawn move or capture.
  static constexpr std::int32_t claim_threshold = 100;
  /// 9.6.2 (2014 onward): 75 moves by each player; the game is drawn automatically
  /// (unless the last move gave checkmate).
  static constexpr std::int32_t automatic_threshold = 150;

  /// Zero plies at ply 0.
  constexpr HalfmoveClock() noexcept : HalfmoveClock(0, 0, Checked{}) {}
  /// Starts at `initial` plies (a FEN's halfmove clock, or 0) at ply `start_ply`. A
  /// negative count or ply is an error, never clamped (issue 9, defect 6).
  static Result<HalfmoveClock, HalfmoveClockError> start(std::int32_t initial,
                                                         std::int32_t start_ply = 0) noexcept {
    if (initial < 0) return fail(HalfmoveClockError::NegativeCount);
    if (start_ply < 0) return fail(HalfmoveClockError::NegativePly);
    return HalfmoveClock(initial, start_ply, Checked{});
  }

  /// One more ply; `resets` if it was a pawn move or a capture.
  constexpr void advance(bool resets) noexcept {
    ++ply_;
    if (resets) {
      value_ = 0;
      last_reset_ = ply_;
    } else {
      ++value_;
    }
  }

  /// Plies since the last pawn move or capture.
  constexpr std::int32_t value() const noexcept { return value_; }
  /// The ply of the current position.
  constexpr std::int32_t ply() const noexcept { return ply_; }
  /// The ply at which the count last started from zero (the position after the last
  /// pawn move or capture), or `none` if that lies before the start (a FEN's clock).
  constexpr std::int32_t last_reset_ply() const noexcept { return last_reset_; }
  /// The count would allow a fifty-move claim (9.3).
  constexpr bool reached_claim() const noexcept { return value_ >= claim_threshold; }
  /// The count has reached the automatic seventy-five-move draw (9.6.2).
  constexpr bool reached_automatic() const noexcept { return value_ >= automatic_threshold; }

 private:
  struct Checked {};
  constexpr HalfmoveClock(std::int32_t initial, std::int32_t start_ply, Checked) noexcept
      : value_(initial), ply_(start_ply), last_reset_(initial == 0 ? start_ply : none) {}

  std::int32_t value_;
  std::int32_t ply_;
  std::int32_t last_reset_;
};

}  // namespace arbiter
