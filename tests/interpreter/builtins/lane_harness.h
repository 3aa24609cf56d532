// Running a resolved built-in over synthetic lanes: operands with padded strides, a fake
// work-group context that records (and can refuse) memory accesses, and signatures built from
// the mangled names Clang 15 emits.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp::test {

inline Signature signature_of(const std::string& mangled) {
  Demangled d;
  EXPECT_TRUE(demangle(mangled, d)) << mangled;
  Signature s;
  s.name = d.name;
  s.params = d.params;
  return s;
}

inline BuiltinFn resolve_mangled(const std::string& mangled) {
  return BuiltinRegistry::instance().resolve(signature_of(mangled));
}

class FakeContext : public BuiltinContext {
 public:
  struct Record {
    std::uint32_t lane;
    const void* address;
    std::size_t size;
    Access kind;
    std::uint8_t address_space;
  };
  std::vector<Record> accesses;
  bool record = true;
  std::function<bool(const Record&)> allow;  // empty: every access is allowed

  const NDRangeGeometry& geometry() const override { return geometry_; }
  const std::uint64_t* group_id() const override { return group_id_; }
  std::uint32_t local_id(std::uint32_t lane, unsigned dim) const override {
    return dim == 0 ? lane : 0;
  }
  std::uint32_t lane_count() const override { return 1024; }
  bool access(std::uint32_t lane, const void* address, std::size_t size, Access kind,
              std::uint8_t address_space) override {
    const Record r{lane, address, size, kind, address_space};
    if (record) accesses.push_back(r);
    return !allow || allow(r);
  }
  void print(std::uint32_t, std::string_view) override {}

 private:
  NDRangeGeometry geometry_;
  std::uint64_t group_id_[3] = {0, 0, 0};
};

// Storage for one operand across `lanes` lanes, each value followed by kPad bytes of a canary
// so that a write past a lane's value is seen.
class LaneValues {
 public:
  static constexpr std::uint32_t kPad = 8;
  static constexpr std::byte kCanary{0xa5};

  LaneValues(Scalar scalar, unsigned width, std::uint32_t lanes, bool pointer = false,
             std::uint8_t address_space = kPrivate)
      : element_(pointer ? 8 : scalar_size(scalar)) {
    op_.scalar = scalar;
    op_.width = std::uint8_t(width);
    op_.pointer = pointer;
    op_.address_space = address_space;
    op_.stride = std::uint32_t(element_ * width + kPad);
    bytes_.assign(std::size_t(op_.stride) * lanes, kCanary);
    op_.base = bytes_.data();
  }
  const Operand& operand() const { return op_; }

  template <class T>
  T get(std::uint32_t lane, unsigned component = 0) const {
    return op_.get<T>(lane, component);
  }
  template <class T>
  void set(std::uint32_t lane, unsigned component, T v) {
    op_.set<T>(lane, component, v);
  }
  void set_pointer(std::uint32_t lane, const void* p) {
    op_.set<std::uint64_t>(lane, 0, std::uint64_t(reinterpret_cast<std::uintptr_t>(p)));
  }
  // Whether lane's canary bytes (and, when untouched_value, its value bytes) are intact.
  bool intact(std::uint32_t lane, bool untouched_value = false) const {
    const std::byte* p = bytes_.data() + std::size_t(lane) * op_.stride;
    const std::size_t from = untouched_value ? 0 : element_ * op_.width;
    for (std::size_t i = from; i < op_.stride; ++i)
      if (p[i] != kCanary) return false;
    return true;
  }

 private:
  std::size_t element_;
  Operand op_;
  std::vector<std::byte> bytes_;
};

// A call over the given active lanes (all of 0..count when `ids` is empty).
struct Call {
  std::vector<Operand> args;
  std::vector<std::uint32_t> ids;
  FakeContext context;

  void run(BuiltinFn fn, const Operand* result) {
    BuiltinCall call;
    if (result) call.result = *result;
    call.args = args.data();
    call.arg_count = std::uint32_t(args.size());
    call.lanes = Lanes{ids.data(), std::uint32_t(ids.size())};
    call.context = &context;
    fn(call);
  }
  static std::vector<std::uint32_t> all(std::uint32_t count) {
    std::vector<std::uint32_t> ids(count);
    std::iota(ids.begin(), ids.end(), 0u);
    return ids;
  }
};

}  // namespace clvet::interp::test
