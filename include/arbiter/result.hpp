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
  E error;
};

template <class E>
constexpr Failure<std::decay_t<E>> fail(E&& error) {
  return Failure<std::decay_t<E>>{std::forward<E>(error)};
}

template <class T, class E>
class [[nodiscard]] Result {
  static_assert(!std::is_reference_v<T> && !std::is_reference_v<E>, "Result holds values");

 public:
  using value_type = T;
  using error_type = E;

  // Implicit from a value and from a Failure, so that functions can `return value;` and
  // `return fail(error);`.
  Result(const T& value) noexcept(std::is_nothrow_copy_constructible_v<T>) : ok_(true) {
    ::new (static_cast<void*>(&value_)) T(value);
  }
  Result(T&& value) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(true) {
    ::new (static_cast<void*>(&value_)) T(std::move(value));
  }
  template <class F, class = std::enable_if_t<std::is_constructible_v<E, F&&>>>
  Result(Failure<F> failure) noexcept(std::is_nothrow_constructible_v<E, F&&>) : ok_(false) {
    ::new (static_cast<void*>(&error_)) E(std::move(failure.error));
  }

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
  ~Result() { destroy(); }

  bool ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  /// The value; precondition: ok().
  T& value() & noexcept {
    ARBITER_ASSERT(ok_);
    return value_;
  }
  const T& value() const& noexcept {
    ARBITER_ASSERT(ok_);
    return value_;
  }
  T&& value() && noexcept {
    ARBITER_ASSERT(ok_);
    return std::move(value_);
  }
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }

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
  using value_type = void;
  using error_type = E;

  Result() noexcept : ok_(true), error_() {}
  template <class F, class = std::enable_if_t<std::is_constructible_v<E, F&&>>>
  Result(Failure<F> failure) noexcept(std::is_nothrow_constructible_v<E, F&&>)
      : ok_(false), error_(std::move(failure.error)) {}

  bool ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

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
