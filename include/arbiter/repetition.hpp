#pragma once
// RepetitionTracker: how often each position of a game (or of an engine's search
// path) has occurred, for threefold (FIDE 9.2) and fivefold (9.6.1) repetition.
//
// Generic over the key: feed arbiter's FIDE keys (FideKey, from Position::key(); the
// default), exact signatures (PositionSignature), or an engine's own keys (say
// RepetitionTracker<std::uint64_t>). A tracker takes one key type only, so keys computed
// by different rules (FIDE, Polyglot, an engine's own) cannot be mixed in one history.
// This header depends on nothing chess-specific, so an engine can take it alone.
//
//   push(key, irreversible)  O(1) expected; `irreversible` marks a move after which no
//                            earlier position can recur (pawn move, capture, loss of
//                            a castling right), which bounds every search.
//   pop()                    O(1): undo the last push (an engine's unmake).
//   count()                  O(1): occurrences of the current position, itself included.
//   count_if_pushed(key)     occurrences a candidate next position would have (the
//                            intended-move claim of 9.2.1.1 / 9.2.2.1).
//
// Memory: one 16-byte entry per ply for 64-bit keys, plus a fixed 4 KiB table. No
// allocation once capacity is reserved; no exceptions; works with -fno-exceptions.
//
// A hash collision could make two different positions look the same. Every query
// that finds an earlier occurrence can confirm it through a caller's comparison
// (e.g. of exact signatures kept beside the keys), so a collision can never produce
// a false repetition; or use exact signatures as the key.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#include "position_key.hpp"
#include "result.hpp"

namespace arbiter {

/// Why a RepetitionTracker could not take more positions.
enum class TrackerError : std::uint8_t {
  OutOfMemory = 1,   ///< the memory for more positions could not be had
  TooManyPositions,  ///< more positions than a tracker indexes (RepetitionTracker::max_size)
};

/// The error in words (English).
constexpr const char* describe(TrackerError e) noexcept {
  switch (e) {
    case TrackerError::OutOfMemory:
      return "out of memory for more positions";
    case TrackerError::TooManyPositions:
      return "more positions than a repetition tracker holds (2^31)";
  }
  return "unknown error";
}

namespace detail {
/// Where a tracker cannot be copied or grown and there is no result to report it in (a
/// copy constructor, a record that must hold every position): throws std::bad_alloc as a
/// std::vector would, or aborts when built without exceptions. Never a silent empty copy.
[[noreturn]] inline void tracker_exhausted() {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
  throw std::bad_alloc();
#else
  std::abort();
#endif
}
}  // namespace detail

/// How the tracker hashes a key: integral keys are used as they are (Zobrist keys are
/// already random), a class key through its `hash()` member.
template <class Key>
struct RepetitionHash {
  /// The 64-bit hash of a key.
  std::uint64_t operator()(const Key& k) const noexcept {
    if constexpr (std::is_integral_v<Key>)
      return static_cast<std::uint64_t>(k);
    else
      return k.hash();
  }
};

/// The default confirmation: keys that are equal are the same position.
struct TrustKeys {
  /// Every key match is a repetition: no confirmation needed.
  constexpr bool operator()(std::uint32_t) const noexcept { return true; }
};

/// Counts repetitions of positions given by keys, in O(1) per push, pop and count (see
/// the file comment): generic over the key (FideKey by default, an engine's own 64-bit
/// keys, or arbiter's PositionSignature), no chess inside, no allocation once reserved, no
/// exceptions.
template <class Key = FideKey, class Hash = RepetitionHash<Key>, unsigned SlotBits = 10>
class RepetitionTracker {
 public:
  /// The index of a position in the history (0: the first pushed).
  using Ply = std::uint32_t;
  /// "No such ply".
  static constexpr Ply none = ~Ply(0);
  /// The most positions a tracker holds: an entry keeps the start of the previous window
  /// in 31 bits (the 32nd marks an irreversible move).
  static constexpr std::size_t max_size = std::size_t(1) << 31;

  RepetitionTracker() noexcept { reset_table(); }
  ~RepetitionTracker() { ::operator delete(entries_, std::nothrow); }
  /** @{ */
  /// Moves take the other tracker's whole history without allocating (the two swap).
  RepetitionTracker(RepetitionTracker&& other) noexcept {
    reset_table();
    swap(other);
  }
  RepetitionTracker& operator=(RepetitionTracker&& other) noexcept {
    swap(other);
    return *this;
  }
  /** @} */
  /** @{ */
  /// Copies. The copy allocates: if the memory cannot be had it throws std::bad_alloc
  /// (aborts without exceptions); copy() reports that as a value instead.
  RepetitionTracker(const RepetitionTracker& other) {
    reset_table();
    if (!copy_from(other)) detail::tracker_exhausted();
  }
  RepetitionTracker& operator=(const RepetitionTracker& other) {
    if (this != &other) {
      RepetitionTracker copy(other);
      swap(copy);
    }
    return *this;
  }
  /** @} */
  /// A copy, or TrackerError::OutOfMemory: the copy constructor without exceptions.
  Result<RepetitionTracker, TrackerError> copy() const noexcept {
    RepetitionTracker c;
    if (!c.copy_from(*this)) return fail(TrackerError::OutOfMemory);
    return c;
  }

  /// Makes room for `plies` positions: fails if the memory cannot be had, or for more
  /// than max_size positions (the tracker is then as it was).
  Result<void, TrackerError> reserve(std::size_t plies) noexcept {
    if (plies <= capacity_) return {};
    if (plies > max_size) return fail(TrackerError::TooManyPositions);
    Entry* fresh = static_cast<Entry*>(::operator new(plies * sizeof(Entry), std::nothrow));
    if (!fresh) return fail(TrackerError::OutOfMemory);
    for (Ply i = 0; i < size_; ++i) {
      new (&fresh[i]) Entry(std::move(entries_[i]));
      entries_[i].~Entry();
    }
    ::operator delete(entries_, std::nothrow);
    entries_ = fresh;
    capacity_ = Ply(plies);
    return {};
  }

  /// Forgets every position (keeps the memory).
  void clear() noexcept {
    // The slots and links hold sequence numbers (base_ + ply), and every walk stops below
    // the window's start, so the slots the forgotten positions left are below every
    // window from here on: moving the base past them forgets them without a store to the
    // table (the audit clears a tracker per game). Once the numbers reach half their
    // range (base_ + size_ stays below `none`: size_ < 2^31), the table is emptied and they
    // start again from 0.
    for (Ply i = 0; i < size_; ++i) entries_[i].~Entry();
    if (base_ + size_ < rebase_at) {
      base_ += size_;
    } else {
      reset_table();
      base_ = 0;
    }
    size_ = 0;
    window_ = 0;
  }

  /// Records the next position. `irreversible`: the move that led to it can never be
  /// undone (the first position of a game is irreversible in this sense too, and is
  /// treated so whatever is passed). `same(ply)` may confirm that the position at an
  /// earlier ply with an equal key is really the same. Fails (and records nothing) only
  /// if memory was needed beyond the reserved capacity and could not be had, or beyond
  /// max_size positions; within reserved capacity it cannot fail.
  template <class Same = TrustKeys>
  [[nodiscard]] Result<void, TrackerError> push(const Key& key, bool irreversible,
                                                Same&& same = Same{}) noexcept {
    if (ARBITER_UNLIKELY(size_ == capacity_)) {
      if (size_ == max_size) return fail(TrackerError::TooManyPositions);
      const std::size_t grown = capacity_ ? std::size_t(capacity_) * 2 : 64;
      if (auto r = reserve(grown < max_size ? grown : max_size); !r) return r;
    }
    const std::size_t slot = slot_of(key);
    Entry* e = new (&entries_[size_]) Entry{key, table_[slot], 0};
    if (irreversible || size_ == 0) {
      e->info = irreversible_bit | window_;
      window_ = size_;
    } else {
      const Ply previous = find(key, same);
      e->info = previous == none ? 1 : count_at(previous) + 1;
    }
    table_[slot] = base_ + size_++;
    return {};
  }

  /// Undoes the last push.
  void pop() noexcept {
    if (size_ == 0) return;
    Entry& e = entries_[--size_];
    table_[slot_of(e.key)] = e.previous_in_slot;
    if (e.info & irreversible_bit) window_ = e.info & ~irreversible_bit;
    e.~Entry();
  }

  /** @{ */
  /// The number of positions pushed, and whether there are none.
  Ply size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  /** @} */
  /// The ply of the current position (the last pushed), counting the first as 0.
  Ply ply() const noexcept { return size_ ? size_ - 1 : none; }
  /// The key pushed at `ply` (precondition: ply < size(), asserted in debug builds).
  const Key& key_at(Ply ply) const noexcept {
    ARBITER_ASSERT(ply < size_);
    return entries_[ply].key;
  }
  /// The ply of the last irreversible move's position: nothing before it can recur.
  Ply last_irreversible() const noexcept { return window_; }

  /// How many times the position at `ply` had occurred by then, itself included.
  Ply count_at(Ply ply) const noexcept {
    ARBITER_ASSERT(ply < size_);
    const std::uint32_t info = entries_[ply].info;
    return (info & irreversible_bit) ? 1 : info;
  }
  /// How many times the current position has occurred, itself included (0 if empty).
  Ply count() const noexcept { return size_ ? count_at(size_ - 1) : 0; }
  /// True if the current position has occurred at least `n` times (3: threefold).
  bool is_repetition(Ply n) const noexcept { return count() >= n; }

  /// The count a next position with `key` would have if pushed (as for an intended
  /// move written on the scoresheet before a claim, 9.2.1.1 / 9.2.2.1).
  template <class Same = TrustKeys>
  Ply count_if_pushed(const Key& key, bool irreversible, Same&& same = Same{}) const noexcept {
    if (irreversible || size_ == 0) return 1;
    const Ply previous = find(key, same);
    return previous == none ? 1 : count_at(previous) + 1;
  }

  /// The count a position with `key` would have if pushed right after the one at `ply`
  /// (the same as count_if_pushed() at the last ply): an intended move judged on the
  /// history as it stood at `ply`.
  template <class Same = TrustKeys>
  Ply count_if_pushed_at(Ply ply, const Key& key, bool irreversible,
                         Same&& same = Same{}) const noexcept {
    if (irreversible || size_ == 0) return 1;
    ARBITER_ASSERT(ply < size_);
    const Ply window = base_ + window_at(ply);
    for (Ply s = table_[slot_of(key)]; s != none && s >= window;
         s = entries_[s - base_].previous_in_slot) {
      const Ply i = s - base_;
      if (i <= ply && entries_[i].key == key && same(i)) return count_at(i) + 1;
    }
    return 1;
  }

  /// The ply of the last irreversible move's position as of `ply`.
  Ply last_irreversible_at(Ply ply) const noexcept {
    ARBITER_ASSERT(ply < size_);
    return window_at(ply);
  }

  /// Calls `visit(ply)` for every earlier occurrence of the position at `ply`, latest
  /// first, as evidence for an arbiter. Returns the number of calls.
  template <class Visit, class Same = TrustKeys>
  Ply for_each_earlier_occurrence(Ply ply, Visit&& visit, Same&& same = Same{}) const noexcept {
    ARBITER_ASSERT(ply < size_);
    Ply n = 0;
    const Ply window = base_ + window_at(ply);
    for (Ply s = entries_[ply].previous_in_slot; s != none && s >= window && s < base_ + ply;
         s = entries_[s - base_].previous_in_slot) {
      const Ply i = s - base_;
      if (entries_[i].key == entries_[ply].key && same(i)) {
        visit(i);
        ++n;
      }
    }
    return n;
  }

 private:
  static constexpr std::size_t slots = std::size_t(1) << SlotBits;
  static constexpr std::uint32_t irreversible_bit = 0x80000000u;
  // clear() empties the table once the base reaches this: base_ + size_ < 2^31 + max_size
  // stays below `none`.
  static constexpr Ply rebase_at = Ply(1) << 31;

  // The table and the links hold sequence numbers: a ply plus base_ (see clear()).
  struct Entry {
    Key key;
    Ply previous_in_slot;  // the latest earlier position whose key fell in the same slot
    std::uint32_t info;    // irreversible: bit 31 + the previous window's start; else the count
  };

  std::size_t slot_of(const Key& key) const noexcept {
    return std::size_t((Hash{}(key)*0x9E3779B97F4A7C15ULL) >> (64 - SlotBits));
  }

  void reset_table() noexcept {
    for (std::size_t i = 0; i < slots; ++i) table_[i] = none;
  }

  // The latest ply since the last irreversible move holding `key` (confirmed by `same`).
  template <class Same>
  Ply find(const Key& key, Same& same) const noexcept {
    const Ply window = base_ + window_;
    for (Ply s = table_[slot_of(key)]; s != none && s >= window;
         s = entries_[s - base_].previous_in_slot) {
      const Ply i = s - base_;
      if (entries_[i].key == key && same(i)) return i;
    }
    return none;
  }

  // The first ply of the window that `ply` belongs to.
  Ply window_at(Ply ply) const noexcept {
    Ply w = window_;
    // Windows start at irreversible entries; walk back through them (rarely far).
    while (w > ply) w = entries_[w].info & ~irreversible_bit;
    return w;
  }

  // Makes this (empty) tracker a copy of `other`; false if the memory could not be had.
  bool copy_from(const RepetitionTracker& other) noexcept {
    if (!reserve(other.size_)) return false;
    for (Ply i = 0; i < other.size_; ++i) new (&entries_[i]) Entry(other.entries_[i]);
    size_ = other.size_;
    window_ = other.window_;
    base_ = other.base_;
    for (std::size_t i = 0; i < slots; ++i) table_[i] = other.table_[i];
    return true;
  }

  void swap(RepetitionTracker& other) noexcept {
    std::swap(entries_, other.entries_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
    std::swap(window_, other.window_);
    std::swap(base_, other.base_);
    for (std::size_t i = 0; i < slots; ++i) std::swap(table_[i], other.table_[i]);
  }

  Entry* entries_ = nullptr;
  Ply size_ = 0;
  Ply capacity_ = 0;
  Ply window_ = 0;
  Ply base_ = 0;  // the sequence number of ply 0 (see clear())
  Ply table_[slots];
};

}  // namespace arbiter
