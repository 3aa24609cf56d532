// What the math built-in tests share: a mangler that spells overloads as Clang 15 does, a call
// over synthetic lanes (padded strides, a fake context that records and can refuse accesses),
// and ulp distances against a long double reference, as §7.4 defines the ulp.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp::mathtest {

// ---------------------------------------------------------------------------------------------
// Mangling (Itanium, as Clang emits it for OpenCL C overloads): vectors, address-space
// qualified pointees and pointers are substitution candidates, builtin types are not.

inline ParamType value(Scalar s, unsigned width = 1) {
  return ParamType{s, static_cast<std::uint8_t>(width)};
}
inline ParamType pointer(Scalar s, unsigned width, std::uint8_t address_space) {
  ParamType p{s, static_cast<std::uint8_t>(width)};
  p.pointer = true;
  p.address_space = address_space;
  return p;
}

inline std::string mangle(const std::string& name, const std::vector<ParamType>& params) {
  std::vector<std::string> substitutions;
  auto emit = [&](const std::string& key, const std::string& text) -> std::string {
    for (std::size_t i = 0; i < substitutions.size(); ++i) {
      if (substitutions[i] != key) continue;
      if (i == 0) return "S_";
      const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      std::string seq;
      for (std::size_t n = i - 1;; n /= 36) {
        seq.insert(seq.begin(), digits[n % 36]);
        if (n < 36) break;
      }
      return "S" + seq + "_";
    }
    substitutions.push_back(key);
    return text;
  };
  auto builtin = [](Scalar s) -> std::string {
    switch (s) {
      case Scalar::Int: return "i";
      case Scalar::UInt: return "j";
      case Scalar::Long: return "l";
      case Scalar::ULong: return "m";
      case Scalar::Half: return "Dh";
      case Scalar::Float: return "f";
      case Scalar::Double: return "d";
      default: return "v";
    }
  };
  std::string out = "_Z" + std::to_string(name.size()) + name;
  for (const ParamType& p : params) {
    std::string key = builtin(p.scalar), text = key;
    if (p.width > 1) {
      key = "Dv" + std::to_string(p.width) + "_" + key;
      text = emit(key, key);
    }
    if (p.pointer) {
      if (p.address_space != kPrivate) {
        const std::string q = "U3AS" + std::to_string(p.address_space);
        text = emit(q + key, q + text);
        key = q + key;
      }
      text = emit("P" + key, "P" + text);
    }
    out += text;
  }
  return out;
}

// The signature the decoder builds for a call of `mangled` returning `result` x `width`.
inline bool signature(const std::string& mangled, Scalar result, unsigned width, Signature& sig) {
  Demangled d;
  if (!demangle(mangled, d) || !d.mangled) return false;
  sig.name = d.name;
  sig.params = d.params;
  sig.result_width = static_cast<std::uint8_t>(width);
  sig.result_element_size = static_cast<std::uint8_t>(scalar_size(result));
  sig.result_is_float = is_float(result);
  return true;
}

inline BuiltinFn resolve(const std::string& mangled, Scalar result, unsigned width) {
  Signature sig;
  if (!signature(mangled, result, width, sig)) return nullptr;
  return BuiltinRegistry::instance().resolve(sig);
}

// ---------------------------------------------------------------------------------------------
// A call over synthetic lanes.

class RecordingContext : public BuiltinContext {
 public:
  struct Request {
    std::uint32_t lane;
    const void* address;
    std::size_t size;
    Access kind;
    std::uint8_t address_space;
  };
  std::vector<Request> requests;
  std::vector<bool> refused;  // per lane: access() answers false

  const NDRangeGeometry& geometry() const override { return geometry_; }
  const std::uint64_t* group_id() const override { return group_; }
  std::uint32_t local_id(std::uint32_t lane, unsigned) const override { return lane; }
  std::uint32_t lane_count() const override { return 0; }
  bool access(std::uint32_t lane, const void* address, std::size_t size, Access kind,
              std::uint8_t address_space) override {
    requests.push_back({lane, address, size, kind, address_space});
    return lane >= refused.size() || !refused[lane];
  }
  void print(std::uint32_t, std::string_view) override {}

 private:
  NDRangeGeometry geometry_;
  std::uint64_t group_[3] = {0, 0, 0};
};

// Each operand's lanes are `kPad` bytes further apart than its value needs, and the padding is
// filled with a sentinel, so that a built-in that ignores the stride or writes past its value
// is caught.
class LaneCall {
 public:
  static constexpr std::uint32_t kPad = 8;
  static constexpr std::byte kSentinel{0xa5};

  LaneCall(std::string mangled, Scalar result, unsigned width, std::uint32_t lanes)
      : mangled_(std::move(mangled)), lanes_(lanes) {
    fn_ = resolve(mangled_, result, width);
    result_ = add(result, width, false, kPrivate);
  }

  bool resolved() const { return fn_ != nullptr; }
  const std::string& mangled() const { return mangled_; }
  std::uint32_t lanes() const { return lanes_; }

  // A value operand: values[lane * width + component].
  template <class E>
  void value_arg(Scalar s, unsigned width, const std::vector<E>& values) {
    const std::size_t index = add(s, width, false, kPrivate);
    for (std::uint32_t l = 0; l < lanes_; ++l)
      for (unsigned c = 0; c < width; ++c) set(index, l, c, values.at(l * width + c));
  }
  // A pointer operand: each lane points at its own `width` elements of s, pre-filled with the
  // sentinel.
  void pointer_arg(Scalar s, unsigned width, std::uint8_t address_space) {
    const std::size_t index = add(Scalar::ULong, 1, true, address_space);
    const std::size_t target = add(s, width, false, address_space);
    pointees_.push_back({index, target});
    for (std::uint32_t l = 0; l < lanes_; ++l) {
      const auto address = reinterpret_cast<std::uint64_t>(lane_address(target, l));
      std::memcpy(lane_address(index, l), &address, sizeof address);
    }
  }

  // Runs the built-in over `active` lanes (every lane when empty).
  void run(std::vector<std::uint32_t> active = {}) {
    ASSERT_TRUE(fn_) << mangled_ << " does not resolve";
    if (active.empty())
      for (std::uint32_t l = 0; l < lanes_; ++l) active.push_back(l);
    std::vector<Operand> args;
    for (std::size_t i = 1; i < operands_.size(); ++i)
      if (!is_target(i)) args.push_back(operands_[i].operand);
    BuiltinCall call;
    call.result = operands_[result_].operand;
    call.args = args.data();
    call.arg_count = std::uint32_t(args.size());
    call.lanes = Lanes{active.data(), std::uint32_t(active.size())};
    call.context = &context;
    fn_(call);
  }

  template <class E>
  E result(std::uint32_t lane, unsigned component = 0) const {
    return get<E>(result_, lane, component);
  }
  // What the built-in stored through the n-th pointer argument.
  template <class E>
  E stored(std::size_t n, std::uint32_t lane, unsigned component = 0) const {
    return get<E>(pointees_.at(n).target, lane, component);
  }
  const void* target_address(std::size_t n, std::uint32_t lane) const {
    return lane_address(pointees_.at(n).target, lane);
  }
  // Bytes of the result (or of a pointer's target) that the built-in left untouched.
  bool result_untouched(std::uint32_t lane) const { return untouched(result_, lane, 0); }
  bool stored_untouched(std::size_t n, std::uint32_t lane) const {
    return untouched(pointees_.at(n).target, lane, 0);
  }
  // Whether every byte of padding (beyond each value) is still the sentinel.
  bool padding_intact() const {
    for (std::size_t i = 0; i < operands_.size(); ++i)
      for (std::uint32_t l = 0; l < lanes_; ++l)
        if (!untouched(i, l, operands_[i].value_bytes)) return false;
    return true;
  }

  RecordingContext context;

 private:
  struct Storage {
    std::unique_ptr<std::byte[]> bytes;
    Operand operand;
    std::size_t value_bytes;
  };
  struct Pointee {
    std::size_t pointer, target;
  };

  std::size_t add(Scalar s, unsigned width, bool is_pointer, std::uint8_t address_space) {
    Storage st;
    st.value_bytes = scalar_size(s) * width;
    const std::uint32_t stride = std::uint32_t(st.value_bytes) + kPad;
    st.bytes = std::make_unique<std::byte[]>(std::size_t(stride) * lanes_ + 16);
    std::byte* base = st.bytes.get();
    while (reinterpret_cast<std::uintptr_t>(base) % 16) ++base;
    std::memset(base, int(kSentinel), std::size_t(stride) * lanes_);
    st.operand.base = base;
    st.operand.stride = stride;
    st.operand.width = static_cast<std::uint8_t>(is_pointer ? 1 : width);
    st.operand.scalar = s;
    st.operand.pointer = is_pointer;
    st.operand.address_space = address_space;
    operands_.push_back(std::move(st));
    return operands_.size() - 1;
  }
  bool is_target(std::size_t i) const {
    for (const Pointee& p : pointees_)
      if (p.target == i) return true;
    return false;
  }
  std::byte* lane_address(std::size_t i, std::uint32_t l) const {
    return operands_[i].operand.base + std::size_t(l) * operands_[i].operand.stride;
  }
  template <class E>
  void set(std::size_t i, std::uint32_t l, unsigned c, E v) {
    std::memcpy(lane_address(i, l) + c * sizeof(E), &v, sizeof v);
  }
  template <class E>
  E get(std::size_t i, std::uint32_t l, unsigned c) const {
    E v;
    std::memcpy(&v, lane_address(i, l) + c * sizeof(E), sizeof v);
    return v;
  }
  bool untouched(std::size_t i, std::uint32_t l, std::size_t from) const {
    const std::byte* p = lane_address(i, l);
    for (std::size_t b = from; b < operands_[i].operand.stride; ++b)
      if (p[b] != kSentinel) return false;
    return true;
  }

  std::string mangled_;
  std::uint32_t lanes_;
  BuiltinFn fn_ = nullptr;
  std::vector<Storage> operands_;
  std::vector<Pointee> pointees_;
  std::size_t result_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Ulps (§7.4): the distance from the result to the reference, in units of the spacing of T's
// values around the reference (subnormal spacing below the normal range). An infinite result
// counts as the value one ulp above T's largest, so an overflow near the edge is not an
// infinite error. Equal NaN-ness is 0 ulp; a NaN on one side only is infinitely wrong.

template <class T>
long double ulp_of(long double x) {
  using L = std::numeric_limits<T>;
  int e = x == 0 ? L::min_exponent - 1 : std::ilogb(x);
  if (e < L::min_exponent - 1) e = L::min_exponent - 1;
  return std::ldexp(1.0L, e - (L::digits - 1));
}

template <class T>
double ulp_error(T got, long double reference) {
  constexpr double kInfinite = std::numeric_limits<double>::infinity();
  if (std::isnan(reference) || std::isnan(got))
    return std::isnan(reference) && std::isnan(got) ? 0 : kInfinite;
  if (std::isinf(reference) && std::isinf(got)) return got == reference ? 0 : kInfinite;
  if (T(reference) == got && (got != 0 || std::signbit(got) == std::signbit(reference)))
    return 0;  // the correctly rounded value (and the right signed zero)
  long double g = got;
  if (std::isinf(got)) {
    const long double max = std::numeric_limits<T>::max();
    g = std::copysign(max + ulp_of<T>(max), (long double)got);
  }
  if (std::isinf(reference)) return kInfinite;
  return double(std::fabs(g - reference) / ulp_of<T>(reference));
}

// Bitwise equality, with every NaN equal to every NaN.
template <class T>
bool same(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

}  // namespace clvet::interp::mathtest
