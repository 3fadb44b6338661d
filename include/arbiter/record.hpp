#pragma once
// GameRecord: the positions of one game, from its start position (occurrence 1, spec
// 3.3 and E14) through every move played, with what an arbiter needs to rule on
// repetition and the move count: the repetition count of each position (FIDE 9.2.3,
// confirmed on exact signatures, so a hash collision can never make a repetition),
// the plies of every earlier occurrence, and the halfmove count with the ply of its
// last reset (9.3, 9.6.2).
//
// It also knows, in O(1), whether any position that occurred twice since the last
// irreversible move has the opponent to move: only then can some intended move make a
// threefold claim correct, so the search over legal moves runs only where it can succeed.
//
// Every query takes a ply and answers as the record stood then (what a claim at that
// moment is judged on), so one record serves a live game (Game), an audit of a finished
// game (GameAuditor) and the tool's reports: a game is replayed once. How positions are
// compared and whether a set-up position's halfmove clock counts are read from the Rules
// the record is built with (Interpretation::castling_identity, trust_fen_halfmove_clock):
// the record keeps them, and everything that rules on it reads them there.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "halfmove.hpp"
#include "key.hpp"
#include "laws.hpp"
#include "movegen.hpp"
#include "outcome.hpp"  // can_checkmate
#include "repetition.hpp"

namespace arbiter {

/// The record of one game: every position from the start with the move that led to it,
/// the repetition count and evidence of each (9.2), and the halfmove count (9.3, 9.6.2).
class GameRecord {
 public:
  /// The index of a position in the record: 0 is the start, ply N follows the Nth move.
  using Ply = std::uint32_t;

  /// One position of the record.
  struct Entry {
    /// The position.
    Position position;
    Move move;                 ///< the move that led here (none for the start position)
    HalfmoveClock clock;       ///< plies since the last pawn move or capture, and its ply (9.3)
    std::uint16_t twofold[2];  ///< positions seen twice or more since the last irreversible move,
                               ///< by side to move

    /// An entry: the position `at`, reached by `led_by`, with its clock and its counts of
    /// positions seen twice (White to move, Black to move).
    Entry(const Position& at, Move led_by, HalfmoveClock halfmoves, std::uint16_t white_twofold,
          std::uint16_t black_twofold) noexcept
        : position(at), move(led_by), clock(halfmoves), twofold{white_twofold, black_twofold} {}
  };

  /// The rules decide how positions are compared (Interpretation::castling_identity,
  /// E12) and whether the start position's halfmove clock counts as plies already played
  /// (Interpretation::trust_fen_halfmove_clock, E13 trust mode; otherwise only recorded
  /// plies count, strict mode).
  explicit GameRecord(const Position& start = Position::startpos(), const Rules& rules = Rules{})
      : rules_(rules) {
    reset(start);
  }

  /// Starts again from `start`, under `rules` (its buffers kept: a record reused from game
  /// to game allocates nothing once it has held the longest game).
  void reset(const Position& start, const Rules& rules) {
    rules_ = rules;
    reset(start);
  }

  /// Starts again from `start`, under the same rules.
  void reset(const Position& start) {
    entries_.clear();
    ply_ = 0;
    tracker_.clear();
    twofold_plies_.clear();
    const std::int32_t clock =
        rules_.interpretation.trust_fen_halfmove_clock ? start.halfmove_clock() : 0;
    // A Position's clock is never negative, so the clock always starts.
    entries_.emplace_back(start, Move::none(),
                          HalfmoveClock::start(clock).value_or(HalfmoveClock()), 0, 0);
    // A record must hold every position: a tracker that cannot grow fails loudly, as the
    // vector of entries would.
    if (!tracker_.push(identity_key(start, castling_identity()), true)) detail::tracker_exhausted();
  }

  /// Makes room for `plies` more moves without reallocating.
  void reserve(std::size_t plies) {
    entries_.reserve(plies + 1);
    twofold_plies_.reserve(plies + 1);  // a second occurrence at every ply, at the most
    if (!tracker_.reserve(plies + 1)) detail::tracker_exhausted();
  }

  /// How many positions the record holds without allocating (what a reused record keeps).
  std::size_t capacity() const noexcept { return entries_.capacity(); }

  /// Plays a legal move (precondition: is_legal(position(), m), asserted in debug builds).
  void play(Move m) {
    ARBITER_ASSERT(is_legal(position(), m));
    append(m, nullptr);
  }

  /// Records a legal move that the caller has already played: `after` is the position it
  /// leads to (precondition: after == position().play_unchecked(m), asserted in debug
  /// builds). A PGN reader plays each move to read the next one; this way the move is
  /// played once (PgnRecorder in record_pgn.hpp).
  void play(Move m, const Position& after) {
    ARBITER_ASSERT(is_legal(position(), m) && after == position().play_unchecked(m));
    if (ply_ + std::size_t(1) < entries_.capacity()) return append(m, &after);
    const Position copy = after;  // growing moves the entries, and `after` may be one of them
    append(m, &copy);
  }

  /// Takes the last move back.
  void undo() {
    if (ply_ == 0) return;
    if (!twofold_plies_.empty() && twofold_plies_.back() == ply()) twofold_plies_.pop_back();
    entries_.pop_back();
    --ply_;
    tracker_.pop();
  }

  /// The ply of the current (last) position.
  Ply ply() const noexcept { return ply_; }
  /// The current position.
  const Position& position() const noexcept { return entries_.back().position; }
  /// The position at `ply`.
  const Position& position(Ply ply) const noexcept { return entries_[ply].position; }
  /// The start position.
  const Position& start() const noexcept { return entries_.front().position; }
  /// The whole entry at `ply`.
  const Entry& entry(Ply ply) const noexcept { return entries_[ply]; }
  /// The move that led to `ply` (Move::none() at the start).
  Move move(Ply ply) const noexcept { return entries_[ply].move; }
  /// The exact signature of the position at `ply` (computed on demand).
  PositionSignature signature(Ply ply) const {
    return identity_signature(entries_[ply].position, castling_identity());
  }
  /// Whether the positions at `a` and `b` are the same for repetition (9.2.2 / 9.2.3)
  /// under the record's castling identity: signature(a) == signature(b), without the
  /// signatures where the castling rights alone decide (same_position()).
  bool same(Ply a, Ply b) const {
    if (castling_identity() == CastlingIdentity::Rights)
      return same_position(entries_[a].position, entries_[b].position);
    return signature(a) == signature(b);
  }
  /// The rules the record was built under (how it compares positions and counts moves).
  const Rules& rules() const noexcept { return rules_; }
  /// How positions are compared for repetition (E12: castling rights or possible moves).
  CastlingIdentity castling_identity() const noexcept {
    return rules_.interpretation.castling_identity;
  }

  /// How many times the position at `ply` had occurred by then, itself included.
  unsigned count(Ply ply) const noexcept { return tracker_.count_at(ply); }
  /// How many times the current position has occurred, itself included.
  unsigned count() const noexcept { return tracker_.count(); }

  /// The plies of every occurrence of the position at `ply` up to it, earliest first.
  std::vector<Ply> occurrences(Ply ply) const {
    std::vector<Ply> plies;
    occurrences(ply, plies);
    return plies;
  }
  /// occurrences(ply) written over `plies` (its buffer reused: no allocation where it has
  /// held as many).
  void occurrences(Ply ply, std::vector<Ply>& plies) const {
    plies.clear();
    tracker_.for_each_earlier_occurrence(
        ply, [&](Ply p) { plies.push_back(p); }, [&](Ply p) { return same(p, ply); });
    // Found latest first.
    std::reverse(plies.begin(), plies.end());
    plies.push_back(ply);
  }

  /// Plies since the last pawn move or capture, at `ply` (per the clock policy).
  std::int32_t halfmoves(Ply ply) const noexcept { return entries_[ply].clock.value(); }
  /// Plies since the last pawn move or capture, now.
  std::int32_t halfmoves() const noexcept { return entries_.back().clock.value(); }
  /// The ply of the last pawn move or capture at or before `ply`, or HalfmoveClock::none
  /// if it lies before the start (a trusted FEN clock).
  std::int32_t last_reset(Ply ply) const noexcept { return entries_[ply].clock.last_reset_ply(); }

  /// The count the position after a legal move at `ply` would have (1 if the move is
  /// irreversible): what an intended-move threefold claim needs (9.2.1).
  unsigned count_after(Ply ply, Move m) const {
    const Position& pos = position(ply);
    if (is_irreversible(pos, m)) return 1;
    const Position next = pos.play_unchecked(m);
    const PositionSignature sig = identity_signature(next, castling_identity());
    return tracker_.count_if_pushed_at(ply, identity_key(next, castling_identity()), false,
                                       [&](Ply earlier) { return signature(earlier) == sig; });
  }
  /// count_after() at the current ply.
  unsigned count_after(Move m) const { return count_after(ply(), m); }

  /// False when no legal move at `ply` can lead to a position that already occurred twice
  /// since the last irreversible move: then no intended-move threefold claim can be correct.
  bool threefold_within_one_move(Ply ply) const noexcept {
    return entries_[ply].twofold[index(~position(ply).side_to_move())] != 0;
  }
  /// threefold_within_one_move() at the current ply.
  bool threefold_within_one_move() const noexcept { return threefold_within_one_move(ply()); }

  /// Calls `f(move)` for every legal move at `ply` after which the position would occur
  /// for the third time or more (what an intended-move threefold claim needs, 9.2.1).
  /// Such a move is reversible, so it leads to a position seen twice since the last
  /// irreversible move, differing from this one by one piece moved: only those are tried.
  template <class F>
  void for_each_threefold_move(Ply ply, F&& f) const {
    if (!threefold_within_one_move(ply)) return;
    const Position& pos = position(ply);
    if (castling_identity() == CastlingIdentity::PossibleMoves) {
      for (Move m : legal_moves(pos))
        if (count_after(ply, m) >= 3) f(m);
      return;
    }
    const Color us = pos.side_to_move();
    const Ply window = tracker_.last_irreversible_at(ply);
    // The second occurrences up to `ply`, latest first, back to the window's start.
    auto it = std::upper_bound(twofold_plies_.begin(), twofold_plies_.end(), ply);
    while (it != twofold_plies_.begin() && *(it - 1) >= window) {
      --it;
      const Position& target = entries_[*it].position;
      if (target.side_to_move() == us) continue;
      const Bitboard diff = pos.occupied() ^ target.occupied();
      const Bitboard from = diff & pos.pieces(us), to = diff & target.occupied();
      if (popcount(diff) != 2 || !from || !to) continue;
      const Piece piece = pos.piece_on(lsb(from));
      if (piece != target.piece_on(lsb(to))) continue;
      MoveList moves;
      generate_legal_moves(pos, moves, MoveFilter{to, MoveFilter::type_bit(type_of(piece))});
      for (Move m : moves)
        if (m.from() == lsb(from) && !m.is_castling() && count_after(ply, m) >= 3) f(m);
    }
  }
  /// for_each_threefold_move() at the current ply.
  template <class F>
  void for_each_threefold_move(F&& f) const {
    for_each_threefold_move(ply(), std::forward<F>(f));
  }

  /// The move number and side of the move that led to the position at `ply` (ply >= 1).
  int move_number(Ply ply) const noexcept {
    const int start_index = 2 * (start().fullmove_number() - 1) + int(start().side_to_move());
    return (start_index + int(ply) - 1) / 2 + 1;
  }

 private:
  // Appends the entry of the legal move `m`: the position `*after` if the caller has it,
  // else the move played here.
  void append(Move m, const Position* after) {
    const Ply ply = ply_ + 1;
    // One copy of a position per ply: the new entry is made from `*after`, or as a copy
    // of the last (emplace_back copes with its own element) with the move played in place.
    const Entry& last = entries_.back();
    if (after)
      entries_.emplace_back(*after, m, last.clock, last.twofold[0], last.twofold[1]);
    else
      entries_.emplace_back(last.position, m, last.clock, last.twofold[0], last.twofold[1]);
    ply_ = ply;
    Entry& e = entries_.back();
    if (!after) e.position.play_in_place(m);
    // Read from the two positions, which the move's own tests would only repeat: the move
    // reset the position's halfmove count exactly when it was a pawn move or a capture
    // (9.3), and lost a castling right exactly when the rights differ (is_irreversible()).
    const Position& before = entries_[ply - 1].position;
    const bool resets = e.position.halfmove_clock() == 0;
    const bool irreversible = resets || (castling_identity() != CastlingIdentity::PossibleMoves &&
                                         e.position.castling_rights() != before.castling_rights());
    ARBITER_ASSERT(resets == before.resets_halfmove_clock(m) &&
                   irreversible == is_irreversible(before, m));
    e.clock.advance(resets);
    if (irreversible) e.twofold[0] = e.twofold[1] = 0;
    // A key seen before is confirmed on exact signatures (computed only then), so that a
    // hash collision can never make a repetition.
    const Result<void, TrackerError> pushed =
        tracker_.push(identity_key(entries_.back().position, castling_identity()), irreversible,
                      [this](Ply earlier) { return same(earlier, ply_); });
    if (!pushed) detail::tracker_exhausted();
    if (tracker_.count() == 2) {
      ++entries_.back().twofold[index(entries_.back().position.side_to_move())];
      twofold_plies_.push_back(ply);
    }
  }

  /// Whether no position before `m` can recur after it. Under the "possible moves"
  /// reading (E12) losing a castling right that could not be exercised changes nothing,
  /// so only a pawn move or a capture (9.3) closes the window there.
  bool is_irreversible(const Position& pos, Move m) const noexcept {
    return castling_identity() == CastlingIdentity::PossibleMoves ? pos.resets_halfmove_clock(m)
                                                                  : pos.is_irreversible(m);
  }

  std::vector<Entry> entries_;
  Ply ply_ = 0;  // entries_.size() - 1, kept: the size is a division (entries of 192 bytes)
  std::vector<Ply> twofold_plies_;  // plies where a position occurred for the second time
  RepetitionTracker<> tracker_;
  Rules rules_;
};

}  // namespace arbiter
