// Issue 9, deliver 5: a FIDE key, a Polyglot key and an engine's own key cannot be mixed
// by accident. Checked at compile time (the mix must not compile) and at run time (the
// position where the two rules differ).

#include <cstdint>
#include <type_traits>
#include <utility>

#include "test_util.hpp"

using namespace arbiter;

namespace {

// Detection idiom: whether `a == b` compiles for values of types A and B.
template <class A, class B, class = void>
struct comparable : std::false_type {};
template <class A, class B>
struct comparable<A, B, std::void_t<decltype(std::declval<A>() == std::declval<B>())>>
    : std::true_type {};

// Whether tracker.push(key, irreversible) compiles for a tracker of keys T given a K.
template <class T, class K, class = void>
struct pushable : std::false_type {};
template <class T, class K>
struct pushable<
    T, K,
    std::void_t<decltype(std::declval<RepetitionTracker<T>&>().push(std::declval<K>(), false))>>
    : std::true_type {};

// An engine's own key type, as an engine might write it.
struct EngineKey {
  std::uint64_t bits;
  std::uint64_t hash() const noexcept { return bits; }
  friend bool operator==(EngineKey a, EngineKey b) noexcept { return a.bits == b.bits; }
};

}  // namespace

// The keys of the two rules are different types, with no conversion either way.
static_assert(!std::is_same_v<FideKey, PolyglotKey>);
static_assert(!std::is_convertible_v<FideKey, PolyglotKey>);
static_assert(!std::is_convertible_v<PolyglotKey, FideKey>);
static_assert(!std::is_constructible_v<FideKey, PolyglotKey>);
static_assert(!std::is_constructible_v<PolyglotKey, FideKey>);
static_assert(!comparable<FideKey, PolyglotKey>::value);
static_assert(!comparable<PolyglotKey, FideKey>::value);
// A number is a key only when said so, and a key a number only through value().
static_assert(!std::is_convertible_v<std::uint64_t, FideKey>);
static_assert(!std::is_convertible_v<FideKey, std::uint64_t>);
static_assert(!std::is_convertible_v<std::uint64_t, PolyglotKey>);
static_assert(!comparable<FideKey, std::uint64_t>::value);
static_assert(!comparable<std::uint64_t, PolyglotKey>::value);
static_assert(!comparable<FideKey, EngineKey>::value);
static_assert(std::is_constructible_v<FideKey, std::uint64_t>);  // explicitly
static_assert(comparable<FideKey, FideKey>::value);
static_assert(comparable<PolyglotKey, PolyglotKey>::value);
// What the functions return.
static_assert(std::is_same_v<decltype(std::declval<const Position&>().key()), FideKey>);
static_assert(std::is_same_v<decltype(fide_key(std::declval<const Position&>())), FideKey>);
static_assert(
    std::is_same_v<decltype(identity_key(std::declval<const Position&>(), CastlingIdentity{})),
                   FideKey>);
static_assert(std::is_same_v<decltype(polyglot_key(std::declval<const Position&>())), PolyglotKey>);
// The tracker stays generic, but one tracker takes one kind of key: the default tracker
// takes FIDE keys, not Polyglot keys nor numbers; an engine's tracker takes its own.
static_assert(std::is_same_v<RepetitionTracker<>, RepetitionTracker<FideKey>>);
static_assert(pushable<FideKey, FideKey>::value);
static_assert(!pushable<FideKey, PolyglotKey>::value);
static_assert(!pushable<FideKey, std::uint64_t>::value);
static_assert(!pushable<PolyglotKey, FideKey>::value);
static_assert(!pushable<std::uint64_t, FideKey>::value);
static_assert(!pushable<std::uint64_t, PolyglotKey>::value);
static_assert(pushable<std::uint64_t, std::uint64_t>::value);
static_assert(pushable<EngineKey, EngineKey>::value);
static_assert(!pushable<EngineKey, FideKey>::value);
// No cost over the bare number: one word, trivially copyable, noexcept throughout.
static_assert(sizeof(FideKey) == sizeof(std::uint64_t));
static_assert(std::is_trivially_copyable_v<FideKey>);
static_assert(noexcept(std::declval<const Position&>().key()));
static_assert(noexcept(std::declval<RepetitionTracker<>&>().push(FideKey(), false)));
static_assert(FideKey(5).value() == 5 && FideKey(5) == FideKey(5) && FideKey(5) != FideKey(6));

TEST_CASE("issue 9 deliver 5: FIDE and Polyglot keys are told apart where the rules differ",
          "[issue9][key]") {
  // A pawn beside the pawn that advanced two squares, pinned: Polyglot keys the en passant
  // file, FIDE 9.2.3 does not (no legal capture). Compared as numbers they differ; only
  // .value() lets a caller compare them at all.
  const Position pos = arbiter_test::position("6bk/8/8/2pP4/8/1K6/8/8 w - c6 0 1");
  CHECK(pos.key() == fide_key(pos));
  CHECK(pos.key().value() != polyglot_key(pos).value());
  // Without the pawns' en passant status in question, the numbers agree.
  const Position start = Position::startpos();
  CHECK(start.key().value() == polyglot_key(start).value());
  CHECK(start.key().value() == 0x463b96181691fc9cULL);  // Polyglot's published start key
  // A default tracker counts FIDE keys.
  RepetitionTracker<> tracker;
  REQUIRE(tracker.push(start.key(), true));
  REQUIRE(tracker.push(FideKey(start.key().value() ^ 1), false));
  REQUIRE(tracker.push(start.key(), false));
  CHECK(tracker.count() == 2);
}

TEST_CASE("issue 9 deliver 5: a tracker counts an engine's own key type", "[issue9][key]") {
  // The tracker stays generic: an engine's keys, hashed by their hash() and compared by
  // their own ==, count repetitions as FIDE keys do.
  RepetitionTracker<EngineKey> tracker;
  REQUIRE(tracker.push(EngineKey{42}, true));
  REQUIRE(tracker.push(EngineKey{7}, false));
  REQUIRE(tracker.push(EngineKey{42}, false));
  CHECK(tracker.count() == 2);
  REQUIRE(tracker.push(EngineKey{7}, false));
  REQUIRE(tracker.push(EngineKey{42}, false));
  CHECK(tracker.count() == 3);
  REQUIRE(tracker.push(EngineKey{42}, true));  // an irreversible move forgets the past
  CHECK(tracker.count() == 1);
}
