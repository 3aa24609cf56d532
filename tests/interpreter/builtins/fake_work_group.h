// A stand-in for the engine's work-group in built-in tests: a geometry, local ids per lane, a
// record of every access() a built-in asks for (with a fence to refuse some), printf's output
// per lane; and per-lane operand storage with built-ins resolved from real mangled names.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp::testing {

class FakeWorkGroup : public BuiltinContext {
 public:
  struct Recorded {
    std::uint32_t lane;
    const void* address;
    std::size_t size;
    Access kind;
    std::uint8_t address_space;
  };

  NDRangeGeometry geometry_;
  std::uint64_t group_[3] = {0, 0, 0};
  std::vector<std::array<std::uint32_t, 3>> local_ids;  // per lane
  std::vector<Recorded> accesses;
  // Accesses this returns false for are refused (default: all allowed).
  std::function<bool(const void*, std::size_t)> allow;
  // Says access() only bounds-checks (as the engine does with no checker and no taint): the
  // atomics may then make a run of lanes on one object one host atomic.
  bool unobserved = false;
  std::vector<std::string> printed;  // per lane
  std::vector<std::uint32_t> print_order;

  // Lanes laid out in the usual order: x fastest, then y, then z.
  explicit FakeWorkGroup(std::uint32_t lanes = 1) : local_ids(lanes), printed(lanes) {
    for (std::uint32_t l = 0; l < lanes; ++l) local_ids[l] = {l, 0, 0};
    geometry_.local_size[0] = geometry_.enqueued_local_size[0] = geometry_.global_size[0] = lanes;
  }

  const NDRangeGeometry& geometry() const override { return geometry_; }
  const std::uint64_t* group_id() const override { return group_; }
  std::uint32_t local_id(std::uint32_t lane, unsigned dim) const override {
    return local_ids.at(lane).at(dim);
  }
  std::uint32_t lane_count() const override { return std::uint32_t(local_ids.size()); }
  bool access(std::uint32_t lane, const void* address, std::size_t size, Access kind,
              std::uint8_t address_space) override {
    accesses.push_back({lane, address, size, kind, address_space});
    return !allow || allow(address, size);
  }
  bool accesses_unobserved() const override { return unobserved; }
  bool reachable(const void* address, std::size_t size) override {
    return !allow || allow(address, size);
  }
  void print(std::uint32_t lane, std::string_view text) override {
    printed.at(lane) += text;
    print_order.push_back(lane);
  }
};

// One value (of `width` components of T) per lane, as an Operand sees it.
template <class T>
struct LaneValues {
  std::vector<T> values;
  std::uint8_t width = 1;
  Scalar scalar = Scalar::Void;

  LaneValues(std::uint32_t lanes, Scalar s, std::uint8_t w = 1)
      : values(std::size_t(lanes) * (w == 3 ? 4 : w)), width(w), scalar(s) {}
  T& at(std::uint32_t lane, unsigned component = 0) {
    return values[std::size_t(lane) * (width == 3 ? 4 : width) + component];
  }
  void fill(T v) {
    for (T& x : values) x = v;
  }
  Operand operand() {
    Operand op;
    op.base = reinterpret_cast<std::byte*>(values.data());
    op.stride = std::uint32_t(sizeof(T) * (width == 3 ? 4 : width));
    op.width = width;
    op.scalar = scalar;
    return op;
  }
};

// A pointer per lane (a host address in 8 bytes), pointing into `address_space`.
struct LanePointers {
  std::vector<std::uint64_t> values;
  std::uint8_t address_space;
  LanePointers(std::uint32_t lanes, const void* p, std::uint8_t as)
      : values(lanes, reinterpret_cast<std::uint64_t>(p)), address_space(as) {}
  void set(std::uint32_t lane, const void* p) { values[lane] = reinterpret_cast<std::uint64_t>(p); }
  Operand operand() {
    Operand op;
    op.base = reinterpret_cast<std::byte*>(values.data());
    op.stride = 8;
    op.scalar = Scalar::ULong;
    op.pointer = true;
    op.address_space = address_space;
    return op;
  }
};

inline std::vector<std::uint32_t> all_lanes(std::uint32_t n) {
  std::vector<std::uint32_t> ids(n);
  for (std::uint32_t i = 0; i < n; ++i) ids[i] = i;
  return ids;
}

// The Signature the decoder would build for a call to `mangled` with an LLVM result of
// `result_width` x `result_size` bytes.
inline Signature signature(const char* mangled, std::uint8_t result_size, bool result_float = false,
                           std::uint8_t result_width = 1) {
  Demangled d;
  EXPECT_TRUE(demangle(mangled, d)) << mangled;
  Signature s;
  s.name = d.name;
  s.params = d.params;
  s.result_width = result_width;
  s.result_element_size = result_size;
  s.result_is_float = result_float;
  return s;
}

inline BuiltinFn resolve(const char* mangled, std::uint8_t result_size, bool result_float = false,
                         std::uint8_t result_width = 1) {
  BuiltinFn fn = BuiltinRegistry::instance().resolve(
      signature(mangled, result_size, result_float, result_width));
  EXPECT_NE(fn, nullptr) << mangled << " does not resolve";
  return fn;
}

// Calls `fn` over `lanes` with `args`, writing into `result` (nullptr: void).
inline void call(BuiltinFn fn, BuiltinContext& context, const std::vector<std::uint32_t>& lanes,
                 const Operand* result, std::vector<Operand> args) {
  ASSERT_NE(fn, nullptr);
  BuiltinCall c;
  if (result) c.result = *result;
  c.args = args.data();
  c.arg_count = std::uint32_t(args.size());
  c.lanes = Lanes{lanes.data(), std::uint32_t(lanes.size())};
  c.context = &context;
  fn(c);
}

}  // namespace clvet::interp::testing
