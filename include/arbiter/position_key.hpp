#pragma once
// Distinct types for the 64-bit position keys, so that keys computed by different rules
// cannot be compared, stored or fed to one RepetitionTracker by accident: a FIDE key
// (en passant only where a legal capture exists, FIDE 9.2.2 / 9.2.3), a Polyglot book key
// (pseudo-legal en passant) and an engine's own key (a plain integer or a type of its own)
// agree on most positions and differ on a few, which is the worst kind of mix-up.
//
// A key converts to and from its number only explicitly (`FideKey(n)`, `key.value()`).
// It is one 64-bit word, trivially copyable, with constexpr noexcept operations: it costs
// nothing over the bare integer in a search. This header depends on nothing.

#include <cstdint>

namespace arbiter {

/// A 64-bit position key computed by the rule that `Tag` names. Keys with different tags
/// are different types with no conversion between them; see FideKey and PolyglotKey.
template <class Tag>
class PositionKey {
 public:
  /// The zero key (no position has it in practice; a placeholder before the first).
  constexpr PositionKey() noexcept = default;
  /// A key from its number: explicit, so that a number is never taken for a key.
  constexpr explicit PositionKey(std::uint64_t value) noexcept : value_(value) {}
  /// The key's number (for printing, hashing tables, or an engine's own use).
  constexpr std::uint64_t value() const noexcept { return value_; }
  /// The hash a RepetitionTracker uses: the number itself (Zobrist keys are random).
  constexpr std::uint64_t hash() const noexcept { return value_; }

  /// Keys computed by the same rule are equal if their numbers are.
  friend constexpr bool operator==(PositionKey a, PositionKey b) noexcept {
    return a.value_ == b.value_;
  }
  /// Keys computed by the same rule differ if their numbers do.
  friend constexpr bool operator!=(PositionKey a, PositionKey b) noexcept {
    return a.value_ != b.value_;
  }

 private:
  std::uint64_t value_ = 0;
};

/// The rule of FideKey: FIDE 9.2.2 / 9.2.3 (en passant only where a legal capture exists).
struct FideKeyRule {};
/// The rule of PolyglotKey: the Polyglot opening-book format (pseudo-legal en passant).
struct PolyglotKeyRule {};

/// arbiter's repetition key (Position::key(), fide_key(), identity_key()).
using FideKey = PositionKey<FideKeyRule>;
/// The Polyglot opening-book key (polyglot_key()).
using PolyglotKey = PositionKey<PolyglotKeyRule>;

}  // namespace arbiter
