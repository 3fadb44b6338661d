#pragma once
// Result<T, E>: the one convention for fallible operations across arbiter.
//
// A Result holds either a value of T (success) or an error of E (failure), never both and
// never neither, so a failed parse cannot hand out a half-built object. It never throws and
// never allocates by itself, so it serves the engine-facing headers built with
// -fno-exceptions. Reading the value of a failed Result (or the error of a successful one)
// is a precondition violation caught by ARBITER_ASSERT in debug builds.
//
//   Result<ParsedFen, FenError> r = parse_fen(text);
//   if (!r) return report(r.error().message());
//   Position p = r->position;
//
// Operations that succeed or fail without a value return Result<void, E>. Every E has a
// message() or a to_string() overload that names what is wrong and where.

#include <new>
#include <type_traits>
#include <utility>

#include "config.hpp"

namespace arbiter {

/// The failure side of a Result, so that `return fail(e);` converts to any Result<T, E>.
template <class E>
struct Failure {
  /// The error the failing operation reports.
  E error;
};

/// A failure carrying `error`: `return fail(err);` converts to any Result<T, E> whose E can be made
/// from it.
template <class E>
constexpr Failure<std::decay_t<E>> fail(E&& error) {
  return Failure<std::decay_t<E>>{std::forward<E>(error)};
}

/// The outcome of a fallible operation: a value of T, or an error of E (see the file comment).
template <class T, class E>
class [[nodiscard]] Result {
  static_assert(!std::is_reference_v<T> && !std::is_reference_v<E>, "Result holds values");

 public:
  /** @{ */
  /// The types of the value and of the error.
  using value_type = T;
  using error_type = E;
  /** @} */

  // Implicit from a value and from a Failure, so that functions can `return value;` and
  // `return fail(error);`.
  /** @{ */
  /// A success holding `value` (implicit, so that a function can `return value;`).
  Result(const T& value) noexcept(std::is_nothrow_copy_constructible_v<T>) : ok_(true) {
    ::new (static_cast<void*>(&value_)) T(value);
  }
  Result(T&& value) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(true) {
    ::new (static_cast<void*>(&value_)) T(std::move(value));
  }
  /** @} */
  /// A failure holding the error of `failure` (implicit, so that a function can `return fail(e);`).
  template <class F, class = std::enable_if_t<std::is_constructible_v<E, F&&>>>
  Result(Failure<F> failure) noexcept(std::is_nothrow_constructible_v<E, F&&>) : ok_(false) {
    ::new (static_cast<void*>(&error_)) E(std::move(failure.error));
  }

  /** @{ */
  /// Copies and moves keep the side (value or error) of the source.
  Result(const Result& other) : ok_(other.ok_) {
    if (ok_)
      ::new (static_cast<void*>(&value_)) T(other.value_);
    else
      ::new (static_cast<void*>(&error_)) E(other.error_);
  }
  Result(Result&& other) noexcept(
      std::is_nothrow_move_constructible_v<T>&& std::is_nothrow_move_constructible_v<E>)
      : ok_(other.ok_) {
    if (ok_)
      ::new (static_cast<void*>(&value_)) T(std::move(other.value_));
    else
      ::new (static_cast<void*>(&error_)) E(std::move(other.error_));
  }
  Result& operator=(const Result& other) {
    if (this != &other) {
      Result copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  Result& operator=(Result&& other) noexcept(
      std::is_nothrow_move_constructible_v<T>&& std::is_nothrow_move_constructible_v<E>) {
    if (this == &other) return *this;
    destroy();
    ok_ = other.ok_;
    if (ok_)
      ::new (static_cast<void*>(&value_)) T(std::move(other.value_));
    else
      ::new (static_cast<void*>(&error_)) E(std::move(other.error_));
    return *this;
  }
  /** @} */
  ~Result() { destroy(); }

  /** @{ */
  /// Whether the operation succeeded (a value is held).
  bool ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  /** @} */

  /// The value; precondition: ok().
  T& value() & noexcept {
    ARBITER_ASSERT(ok_);
    return value_;
  }
  /** @{ */
  /// The value (const and rvalue access); precondition: ok().
  const T& value() const& noexcept {
    ARBITER_ASSERT(ok_);
    return value_;
  }
  T&& value() && noexcept {
    ARBITER_ASSERT(ok_);
    return std::move(value_);
  }
  /** @} */
  /** @{ */
  /// Access to the value's members; precondition: ok().
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }
  /** @} */

  /// The value, or `fallback` on failure.
  T value_or(T fallback) const& { return ok_ ? value_ : std::move(fallback); }

  /// The error; precondition: !ok().
  const E& error() const noexcept {
    ARBITER_ASSERT(!ok_);
    return error_;
  }

 private:
  void destroy() noexcept {
    if (ok_)
      value_.~T();
    else
      error_.~E();
  }

  union {
    T value_;
    E error_;
  };
  bool ok_;
};

/// A Result with no value: success, or an error.
template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  /** @{ */
  /// `void`, and the type of the error.
  using value_type = void;
  using error_type = E;
  /** @} */

  Result() noexcept : ok_(true), error_() {}
  /// A failure holding the error of `failure`.
  template <class F, class = std::enable_if_t<std::is_constructible_v<E, F&&>>>
  Result(Failure<F> failure) noexcept(std::is_nothrow_constructible_v<E, F&&>)
      : ok_(false), error_(std::move(failure.error)) {}

  /** @{ */
  /// Whether the operation succeeded.
  bool ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  /** @} */

  /// The error; precondition: !ok().
  const E& error() const noexcept {
    ARBITER_ASSERT(!ok_);
    return error_;
  }

 private:
  bool ok_;
  E error_;  // default-constructed on success; E must be default-constructible
};

}  // namespace arbiter
