// Writes the answer of a clGet*Info query the way the spec asks (§4.1 et seq.): the value if
// param_value is not NULL and large enough, its size to param_value_size_ret if asked.
#pragma once

#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "clvet/rules/result.h"

namespace clvet::device {

class InfoWriter {
 public:
  // `too_small` is the query's rule for "param_value_size < size of return type".
  InfoWriter(std::size_t size, void* value, std::size_t* size_ret, const rules::Rule& too_small)
      : size_(size), value_(value), size_ret_(size_ret), too_small_(&too_small) {}

  Status bytes(const void* data, std::size_t n) const {
    if (value_ != nullptr) {
      if (size_ < n) return fail(*too_small_, "param_value_size " + std::to_string(size_) +
                                                  " is less than the " + std::to_string(n) +
                                                  " bytes of the value");
      if (n) std::memcpy(value_, data, n);
    }
    if (size_ret_ != nullptr) *size_ret_ = n;
    return {};
  }
  template <class T> Status scalar(const T& v) const { return bytes(&v, sizeof(T)); }
  template <class T> Status array(std::span<const T> values) const {
    return bytes(values.data(), values.size_bytes());
  }
  template <class T> Status array(const std::vector<T>& values) const {
    return array(std::span<const T>(values));
  }
  // A NUL-terminated string.
  Status string(std::string_view s) const {
    std::vector<char> text(s.begin(), s.end());
    text.push_back('\0');
    return bytes(text.data(), text.size());
  }

 private:
  std::size_t size_;
  void* value_;
  std::size_t* size_ret_;
  const rules::Rule* too_small_;
};

}  // namespace clvet::device
