// The outcome of an OpenCL call inside clvet: a value, or the rule that the call broke.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

#include "clvet/rules/rule.h"

namespace clvet {

struct Error {
  const rules::Rule* rule = nullptr;
  std::string detail;  // what exactly was wrong, for the diagnostic; may be empty
  // What the call still returns beside the error code: clLinkProgram hands back the program
  // object of a failed link so that its log can be read (§5.6.3); NULL for every other call.
  void* returned = nullptr;
  cl_int code() const { return rule->code; }
};

// Raises `rule`: the only way clvet code produces an OpenCL error code.
inline Error fail(const rules::Rule& rule, std::string detail = {}) {
  return Error{&rule, std::move(detail)};
}

template <class T> class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) { assert(std::get<Error>(state_).rule); }
  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(state_); }
  const T& value() const { return std::get<0>(state_); }
  const Error& error() const { return std::get<1>(state_); }
  T& operator*() { return value(); }
  T* operator->() { return &value(); }

 private:
  std::variant<T, Error> state_;
};

template <> class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)), failed_(true) {}
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

using Status = Result<void>;

}  // namespace clvet
