// The keys of kept calls (kept_verdicts.h): what identifies a call for its verdict, written once
// when the call is judged and compared, word by word, on each later call. One template per entry
// point writes and compares (kept_key(args, key)), so the two cannot drift. The keys of the
// entry points whose every argument is a value (a handle, an enumerant, a size, an output
// pointer nobody reads) are generated with the wrappers (layer_wrappers.gen.cpp); those below
// also read through a pointer what the rules read there.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "clvet/rules/args.gen.h"
#include "kept_verdicts.h"

namespace clvet::layer::kept_verdicts {

// One word of a key: an integer or a pointer's address (a handle, an output pointer).
template <class T>
inline std::uint64_t key_word(T value) {
  static_assert(std::is_integral_v<T> || std::is_pointer_v<T>,
                "a key holds integers and pointers' addresses");
  if constexpr (std::is_pointer_v<T>)
    return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(value));
  else
    return static_cast<std::uint64_t>(value);
}

// Builds a key from words, in a verdict.
class KeyWriter {
 public:
  explicit KeyWriter(Verdict& verdict) : verdict_(verdict) { verdict_.key_words = 0; }
  template <class T>
  [[gnu::always_inline]] void add(T value) {
    if (verdict_.key_words < Verdict::kKeyWords) verdict_.key[verdict_.key_words] = key_word(value);
    ++verdict_.key_words;
  }
  bool fits() const { return verdict_.key_words <= Verdict::kKeyWords; }

 private:
  Verdict& verdict_;
};

// Compares a call's key, word by word as kept_key() makes it, with a verdict's: the same words
// in the same order, without writing them. The differences are gathered without a branch (a
// word past the verdict's key is compared with whatever its array holds there, and then the
// count of words differs).
class KeyMatcher {
 public:
  explicit KeyMatcher(const Verdict& verdict) : verdict_(verdict) {}
  template <class T>
  [[gnu::always_inline]] void add(T value) {
    differs_ |= verdict_.key[words_ % Verdict::kKeyWords] ^ key_word(value);
    ++words_;
  }
  bool fits() const { return differs_ == 0 && words_ == verdict_.key_words; }

 private:
  const Verdict& verdict_;
  std::uint64_t differs_ = 0;
  std::size_t words_ = 0;
};

// `count` sizes read through `sizes` (none when it is NULL).
template <class Key>
[[gnu::always_inline]] inline void add_sizes(Key& key, const size_t* sizes, cl_uint count) {
  key.add(sizes);
  for (cl_uint i = 0; sizes != nullptr && i < count; ++i) key.add(sizes[i]);
}

template <class Key>
[[gnu::always_inline]] inline bool kept_key(const args::SetKernelArg& a, Key& key) {
  key.add(a.kernel);
  key.add(a.arg_index);
  key.add(a.arg_size);
  key.add(a.arg_value);
  // A pointer-sized value may be a handle, which the argument's judgement reads
  // (argument_values.h); it reads nothing else of the value.
  if (a.arg_value != nullptr && a.arg_size == sizeof(void*)) {
    std::uint64_t value = 0;
    std::memcpy(&value, a.arg_value, sizeof(void*));
    key.add(value);
  }
  return key.fits();
}

// Calls with a wait list are not kept: an event's state is not a lasting answer.
template <class Key>
[[gnu::always_inline]] inline bool kept_key(const args::EnqueueNDRangeKernel& a, Key& key) {
  if (a.num_events_in_wait_list != 0 || a.event_wait_list != nullptr) return false;
  if (a.work_dim < 1 || a.work_dim > 3) return false;
  key.add(a.command_queue);
  key.add(a.kernel);
  key.add(a.work_dim);
  add_sizes(key, a.global_work_offset, a.work_dim);
  add_sizes(key, a.global_work_size, a.work_dim);
  add_sizes(key, a.local_work_size, a.work_dim);
  key.add(a.event);
  return key.fits();
}

// clEnqueueWriteBuffer and clEnqueueReadBuffer have the same arguments (the blocking flag's
// name aside).
template <class Key, class Transfer>
[[gnu::always_inline]] inline bool transfer_key(const Transfer& a, cl_bool blocking, Key& key) {
  if (a.num_events_in_wait_list != 0 || a.event_wait_list != nullptr) return false;
  key.add(a.command_queue);
  key.add(a.buffer);
  key.add(blocking);
  key.add(a.offset);
  key.add(a.size);
  key.add(a.ptr);
  key.add(a.event);
  return key.fits();
}
template <class Key>
[[gnu::always_inline]] inline bool kept_key(const args::EnqueueWriteBuffer& a, Key& key) {
  return transfer_key(a, a.blocking_write, key);
}
template <class Key>
[[gnu::always_inline]] inline bool kept_key(const args::EnqueueReadBuffer& a, Key& key) {
  return transfer_key(a, a.blocking_read, key);
}

// The two ways a call of `Args` meets its key, as a kept verdict's search calls them.
template <class Args>
bool write_key(const void* args, Verdict& verdict) {
  KeyWriter writer(verdict);
  return kept_key(*static_cast<const Args*>(args), writer);
}
template <class Args>
bool key_matches(const void* args, const Verdict& verdict) {
  KeyMatcher matcher(verdict);
  return kept_key(*static_cast<const Args*>(args), matcher);
}
template <class Args>
inline constexpr KeyFunctions kKeyFunctions{&write_key<Args>, &key_matches<Args>};

}  // namespace clvet::layer::kept_verdicts
