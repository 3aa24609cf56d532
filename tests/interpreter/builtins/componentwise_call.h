// One call of a component-wise built-in (integer, common, geometric, relational) over synthetic
// lanes, resolved through the registry from the mangled name Clang 15 emits: each operand has a
// per-lane stride with padding after the value, components contiguous, as the engine lays them.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp::componentwise_test {

// These built-ins compute on values only: any question to the engine is a failure.
class ValuesOnlyContext : public BuiltinContext {
 public:
  const NDRangeGeometry& geometry() const override {
    ADD_FAILURE() << "a value built-in asked for the geometry";
    return geometry_;
  }
  const std::uint64_t* group_id() const override {
    ADD_FAILURE() << "a value built-in asked for the group id";
    return group_;
  }
  std::uint32_t local_id(std::uint32_t, unsigned) const override {
    ADD_FAILURE() << "a value built-in asked for a local id";
    return 0;
  }
  std::uint32_t lane_count() const override { return 0; }
  bool access(std::uint32_t, const void*, std::size_t, Access, std::uint8_t) override {
    ADD_FAILURE() << "a value built-in accessed memory";
    return false;
  }
  void print(std::uint32_t, std::string_view) override { ADD_FAILURE() << "printed"; }

 private:
  NDRangeGeometry geometry_;
  std::uint64_t group_[3] = {0, 0, 0};
};

inline Signature signature_of(const std::string& mangled, Scalar result, unsigned result_width) {
  Demangled d;
  EXPECT_TRUE(demangle(mangled, d)) << mangled;
  Signature s;
  s.name = d.name;
  s.params = d.params;
  s.result_width = std::uint8_t(result_width);
  s.result_element_size = std::uint8_t(scalar_size(result));
  s.result_is_float = is_float(result);
  return s;
}

class Call {
 public:
  static constexpr std::uint32_t kPad = 12;
  static constexpr std::byte kCanary{0x5a};

  Call(const std::string& mangled, Scalar result, unsigned result_width, std::uint32_t lanes)
      : mangled_(mangled), lanes_(lanes) {
    const Signature s = signature_of(mangled, result, result_width);
    fn_ = BuiltinRegistry::instance().resolve(s);
    EXPECT_NE(fn_, nullptr) << mangled << " does not resolve";
    for (const ParamType& p : s.params) args_.push_back(storage(p.scalar, p.width));
    result_ = storage(result, result_width);
  }

  std::uint32_t lanes() const { return lanes_; }
  unsigned width(unsigned arg) const { return args_[arg].op.width; }

  // Component j of lane l of argument `arg` is values[l * width + j].
  template <class T>
  void set(unsigned arg, const std::vector<T>& values) {
    Storage& s = args_.at(arg);
    EXPECT_EQ(sizeof(T), scalar_size(s.op.scalar)) << mangled_ << " argument " << arg;
    EXPECT_EQ(values.size(), std::size_t(lanes_) * s.op.width) << mangled_ << " argument " << arg;
    for (std::size_t i = 0; i < values.size(); ++i)
      s.op.set<T>(std::uint32_t(i / s.op.width), unsigned(i % s.op.width), values[i]);
  }

  void run() {
    std::vector<std::uint32_t> all(lanes_);
    for (std::uint32_t l = 0; l < lanes_; ++l) all[l] = l;
    run(all);
  }
  void run(const std::vector<std::uint32_t>& active) {
    if (!fn_) return;
    std::vector<Operand> ops;
    for (const Storage& s : args_) ops.push_back(s.op);
    BuiltinCall call;
    call.result = result_.op;
    call.args = ops.data();
    call.arg_count = std::uint32_t(ops.size());
    call.lanes = Lanes{active.data(), std::uint32_t(active.size())};
    call.context = &context_;
    fn_(call);
  }

  template <class T>
  std::vector<T> result() const {
    EXPECT_EQ(sizeof(T), scalar_size(result_.op.scalar)) << mangled_;
    std::vector<T> out;
    for (std::uint32_t l = 0; l < lanes_; ++l)
      for (unsigned j = 0; j < result_.op.width; ++j) out.push_back(result_.op.get<T>(l, j));
    return out;
  }

  // Whether lane l's result bytes are all still the canary (nothing written there).
  bool lane_untouched(std::uint32_t l) const {
    for (std::uint32_t i = 0; i < result_.op.stride; ++i)
      if (result_.bytes[std::size_t(l) * result_.op.stride + i] != kCanary) return false;
    return true;
  }
  // Whether the padding after every lane's result value is still the canary.
  bool padding_untouched() const {
    const std::size_t value = scalar_size(result_.op.scalar) * result_.op.width;
    for (std::uint32_t l = 0; l < lanes_; ++l)
      for (std::size_t i = value; i < result_.op.stride; ++i)
        if (result_.bytes[std::size_t(l) * result_.op.stride + i] != kCanary) return false;
    return true;
  }

 private:
  struct Storage {
    std::vector<std::byte> bytes;
    Operand op;
  };
  // A moved vector keeps its buffer, so the operand's base stays valid in args_.
  Storage storage(Scalar scalar, unsigned width) {
    Storage s;
    s.op.scalar = scalar;
    s.op.width = std::uint8_t(width);
    s.op.stride = std::uint32_t(scalar_size(scalar) * width + kPad);
    s.bytes.assign(std::size_t(s.op.stride) * lanes_, kCanary);
    s.op.base = s.bytes.data();
    return s;
  }

  std::string mangled_;
  std::uint32_t lanes_;
  BuiltinFn fn_ = nullptr;
  std::vector<Storage> args_;
  Storage result_;
  ValuesOnlyContext context_;
};

// Runs `mangled` once over as many lanes as the first argument's values fill, and returns the
// results, component by component.
template <class R, class... A>
std::vector<R> compute(const std::string& mangled, Scalar result, unsigned result_width,
                       const std::vector<A>&... args) {
  Demangled d;
  EXPECT_TRUE(demangle(mangled, d)) << mangled;
  if (d.params.empty()) return {};
  const std::size_t first = std::get<0>(std::tie(args...)).size();
  const std::uint32_t lanes = std::uint32_t(first / d.params[0].width);
  Call call(mangled, result, result_width, lanes);
  unsigned i = 0;
  (call.set<A>(i++, args), ...);
  call.run();
  EXPECT_TRUE(call.padding_untouched()) << mangled << " wrote past its result";
  return call.result<R>();
}

// The error of `got` in ulps of T at the exact value `exact` (§7.4): the gap between the two
// floating-point numbers around it, or the smaller gap next to it where it is one.
template <class T>
long double ulp_error(T got, long double exact) {
  if (std::isnan(exact)) return std::isnan(got) ? 0 : INFINITY;
  if (std::isinf(exact)) return got == exact ? 0 : INFINITY;
  const long double x = std::fabs(exact);
  const T near = T(x);
  const T up = std::nextafter(near, T(INFINITY));
  const T down = near == 0 ? near : std::nextafter(near, T(0));
  long double gap;
  if ((long double)near < x)
    gap = (long double)up - near;
  else if ((long double)near > x)
    gap = (long double)near - down;
  else
    gap = near == 0 ? (long double)up : std::fmin((long double)up - near, (long double)near - down);
  return std::fabs((long double)got - exact) / gap;
}

}  // namespace clvet::interp::componentwise_test
