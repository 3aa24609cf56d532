// The explicit conversions convert_<type><n>[_sat][_rte|_rtz|_rtp|_rtn] (OpenCL C 1.2 §6.2.3):
// the name is parsed once at resolution and picks one instantiation per source type,
// destination type, saturation and rounding direction.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "clvet/interp/builtin_abi.h"
#include "float_rounding.h"

namespace clvet::interp {
namespace {

// A half as stored: conversions go through its bits, never through host half arithmetic.
struct Half {
  std::uint16_t bits;
};

template <class T>
constexpr bool kIsFloat = std::is_floating_point_v<T> || std::is_same_v<T, Half>;

template <class T>
struct FormatOf;
template <>
struct FormatOf<Half> {
  using type = HalfFormat;
  using Bits = std::uint16_t;
};
template <>
struct FormatOf<float> {
  using type = FloatFormat;
  using Bits = std::uint32_t;
};
template <>
struct FormatOf<double> {
  using type = DoubleFormat;
  using Bits = std::uint64_t;
};

template <class T>
std::uint64_t bits_of(T v) {
  if constexpr (std::is_same_v<T, Half>)
    return v.bits;
  else
    return std::bit_cast<typename FormatOf<T>::Bits>(v);
}
template <class T>
T from_bits(std::uint64_t bits) {
  if constexpr (std::is_same_v<T, Half>)
    return Half{std::uint16_t(bits)};
  else
    return std::bit_cast<T>(typename FormatOf<T>::Bits(bits));
}

// A float of type To exactly equal to x (To at least as wide as From).
template <class To, class From>
To widen(From x) {
  if constexpr (std::is_same_v<From, Half>) {
    float f = half_to_float(x.bits);
    if constexpr (std::is_same_v<To, Half>)
      return x;
    else
      return To(f);
  } else {
    return To(x);
  }
}

// Significant bits of a binary format, the implicit one included.
template <class T>
constexpr int kPrecision = FormatOf<T>::type::kMantissaBits + 1;

// Whether the rounding suffix can change the result: only when the destination cannot hold
// every source value exactly (§6.2.3.2 rounds to integers; to floats when precision is lost).
template <class D, class S>
constexpr bool rounding_matters() {
  if constexpr (!kIsFloat<S> && !kIsFloat<D>)
    return false;
  else if constexpr (kIsFloat<S> && !kIsFloat<D>)
    return true;
  else if constexpr (!kIsFloat<S>)
    return std::numeric_limits<S>::digits > kPrecision<D>;
  else
    return kPrecision<S> > kPrecision<D>;
}

template <class D, class S, bool Sat, Rounding R>
D convert_value(S s) {
  if constexpr (!kIsFloat<S> && !kIsFloat<D>) {
    if constexpr (Sat) {
      if (std::cmp_less(s, std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
      if (std::cmp_greater(s, std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
    }
    return static_cast<D>(s);  // modulo 2^n (§6.2.3.3 without _sat)
  } else if constexpr (kIsFloat<S> && !kIsFloat<D>) {
    using F = std::conditional_t<std::is_same_v<S, Half>, float, S>;
    const F x = widen<F>(s);
    // NaN converts to 0 with _sat (§6.2.3.3); without it the result is implementation-defined
    // and clvet gives the same 0 and saturates out-of-range values, deterministically.
    if (std::isnan(x)) return 0;
    constexpr F kTwo63 = F(9223372036854775808.0);
    if (x >= kTwo63) {
      // Integral already (no float has a fraction there): only ulong can hold some of these.
      if constexpr (std::is_same_v<D, std::uint64_t>)
        return x < F(2) * kTwo63 ? std::uint64_t(x) : std::numeric_limits<D>::max();
      else
        return std::numeric_limits<D>::max();
    }
    if (x < -kTwo63) return std::numeric_limits<D>::min();
    // Truncating conversion is exact and independent of the rounding mode; the fraction left
    // (exact too) says which way the other directions go.
    std::int64_t t = std::int64_t(x);
    if constexpr (R != Rounding::TowardZero) {
      const F fraction = x - F(t);
      if constexpr (R == Rounding::TowardPositive)
        t += fraction > 0;
      else if constexpr (R == Rounding::TowardNegative)
        t -= fraction < 0;
      else {
        const F distance = fraction < 0 ? -fraction : fraction;
        if (distance > F(0.5) || (distance == F(0.5) && (t & 1))) t += fraction < 0 ? -1 : 1;
      }
    }
    if constexpr (std::is_same_v<D, std::int64_t>) {
      return t;
    } else {
      if (std::cmp_less(t, std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
      if (std::cmp_greater(t, std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
      return static_cast<D>(t);
    }
  } else if constexpr (!kIsFloat<S>) {
    if constexpr (!rounding_matters<D, S>() && !std::is_same_v<D, Half>) {
      return static_cast<D>(s);  // exact
    } else {
      const bool negative = s < 0;
      // Two's complement in 64 bits gives the magnitude even of the most negative value.
      const std::uint64_t magnitude =
          negative ? std::uint64_t(0) - std::uint64_t(s) : std::uint64_t(s);
      if constexpr (!std::is_same_v<D, Half>) {
        // Exact below 2^precision whatever the rounding mode.
        if (magnitude < (std::uint64_t(1) << kPrecision<D>))
          return negative ? -D(magnitude) : D(magnitude);
      }
      return from_bits<D>(round_to_format<typename FormatOf<D>::type>(negative, magnitude, 0, R));
    }
  } else {
    if constexpr (std::is_same_v<D, S>)
      return s;
    else if constexpr (!rounding_matters<D, S>())
      return widen<D>(s);
    else
      return from_bits<D>(
          narrow<typename FormatOf<D>::type, typename FormatOf<S>::type>(bits_of(s), R));
  }
}

template <class D, class S, bool Sat, Rounding R>
void convert_lanes(const BuiltinCall& call) {
  // Read once: stores through the byte pointers below could alias the call's fields.
  const std::byte* const in_base = call.args[0].base;
  const std::size_t in_stride = call.args[0].stride;
  const unsigned width = call.args[0].width;
  std::byte* const out_base = call.result.base;
  const std::size_t out_stride = call.result.stride;
  const std::uint32_t* const ids = call.lanes.ids;
  const std::uint32_t count = call.lanes.count;
  if (out_base == in_base) {
    // The result in the argument's own storage: convert a lane fully before storing it.
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint32_t l = ids[i];
      D converted[16];
      for (unsigned c = 0; c < width; ++c) {
        S s;
        std::memcpy(&s, in_base + l * in_stride + c * sizeof(S), sizeof(S));
        converted[c] = convert_value<D, S, Sat, R>(s);
      }
      std::memcpy(out_base + l * out_stride, converted, width * sizeof(D));
    }
    return;
  }
  // Component by component, straight to the result: no staging copy, whose narrow stores
  // read back wide would stall store forwarding.
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t l = ids[i];
    const std::byte* source = in_base + l * in_stride;
    std::byte* destination = out_base + l * out_stride;
    for (unsigned c = 0; c < width; ++c) {
      S s;
      std::memcpy(&s, source + c * sizeof(S), sizeof(S));
      const D d = convert_value<D, S, Sat, R>(s);
      std::memcpy(destination + c * sizeof(D), &d, sizeof(D));
    }
  }
}

template <class F>
bool with_type(Scalar s, F&& f) {
  switch (s) {
    case Scalar::Char:
      f(std::type_identity<std::int8_t>{});
      return true;
    case Scalar::UChar:
      f(std::type_identity<std::uint8_t>{});
      return true;
    case Scalar::Short:
      f(std::type_identity<std::int16_t>{});
      return true;
    case Scalar::UShort:
      f(std::type_identity<std::uint16_t>{});
      return true;
    case Scalar::Int:
      f(std::type_identity<std::int32_t>{});
      return true;
    case Scalar::UInt:
      f(std::type_identity<std::uint32_t>{});
      return true;
    case Scalar::Long:
      f(std::type_identity<std::int64_t>{});
      return true;
    case Scalar::ULong:
      f(std::type_identity<std::uint64_t>{});
      return true;
    case Scalar::Half:
      f(std::type_identity<Half>{});
      return true;
    case Scalar::Float:
      f(std::type_identity<float>{});
      return true;
    case Scalar::Double:
      f(std::type_identity<double>{});
      return true;
    default:
      return false;
  }
}

template <class D, class S, bool Sat>
BuiltinFn pick_rounding(Rounding r) {
  if constexpr (!rounding_matters<D, S>()) {
    return &convert_lanes<D, S, Sat, Rounding::NearestEven>;
  } else {
    switch (r) {
      case Rounding::NearestEven:
        return &convert_lanes<D, S, Sat, Rounding::NearestEven>;
      case Rounding::TowardZero:
        return &convert_lanes<D, S, Sat, Rounding::TowardZero>;
      case Rounding::TowardPositive:
        return &convert_lanes<D, S, Sat, Rounding::TowardPositive>;
      case Rounding::TowardNegative:
        return &convert_lanes<D, S, Sat, Rounding::TowardNegative>;
    }
    return nullptr;
  }
}

// What a convert_ name asks for: destination type and width, _sat, rounding suffix.
struct ConversionName {
  Scalar destination = Scalar::Void;
  unsigned width = 1;
  bool saturate = false;
  bool has_rounding = false;
  Rounding rounding = Rounding::NearestEven;
};

constexpr std::string_view kTypeNames[] = {"char", "uchar", "short", "ushort", "int",   "uint",
                                           "long", "ulong", "half",  "float",  "double"};
constexpr Scalar kTypes[] = {Scalar::Char, Scalar::UChar, Scalar::Short, Scalar::UShort,
                             Scalar::Int,  Scalar::UInt,  Scalar::Long,  Scalar::ULong,
                             Scalar::Half, Scalar::Float, Scalar::Double};
constexpr unsigned kWidths[] = {1, 2, 3, 4, 8, 16};
constexpr std::string_view kRoundingSuffixes[] = {"_rte", "_rtz", "_rtp", "_rtn"};

bool parse_conversion(std::string_view name, ConversionName& out) {
  constexpr std::string_view kPrefix = "convert_";
  if (name.substr(0, kPrefix.size()) != kPrefix) return false;
  name.remove_prefix(kPrefix.size());
  std::size_t letters = 0;
  while (letters < name.size() && name[letters] >= 'a' && name[letters] <= 'z') ++letters;
  bool known = false;
  for (std::size_t i = 0; i < std::size(kTypeNames); ++i)
    if (name.substr(0, letters) == kTypeNames[i]) {
      out.destination = kTypes[i];
      known = true;
    }
  if (!known) return false;
  name.remove_prefix(letters);
  std::size_t digits = 0;
  unsigned width = 0;
  while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9')
    width = width * 10 + unsigned(name[digits++] - '0');
  if (digits > 0) {
    if (width == 1 || std::find(std::begin(kWidths), std::end(kWidths), width) == std::end(kWidths))
      return false;
    out.width = width;
    name.remove_prefix(digits);
  }
  if (name.substr(0, 4) == "_sat") {
    out.saturate = true;
    name.remove_prefix(4);
  }
  for (std::size_t i = 0; i < std::size(kRoundingSuffixes); ++i)
    if (name == kRoundingSuffixes[i]) {
      out.has_rounding = true;
      out.rounding = Rounding(i);
      name = {};
    }
  return name.empty();
}

BuiltinFn resolve_conversion(const Signature& sig) {
  ConversionName parsed;
  if (!parse_conversion(sig.name, parsed)) return nullptr;
  if (sig.params.size() != 1) return nullptr;
  const ParamType& source = sig.params[0];
  if (source.pointer || source.width != parsed.width) return nullptr;
  // _sat is for integer destinations only (§6.2.3.3).
  if (parsed.saturate && is_float(parsed.destination)) return nullptr;
  // Without a suffix: toward zero to integers, to nearest even to floats (§6.2.3.2).
  const Rounding rounding = parsed.has_rounding            ? parsed.rounding
                            : is_float(parsed.destination) ? Rounding::NearestEven
                                                           : Rounding::TowardZero;
  BuiltinFn fn = nullptr;
  with_type(parsed.destination, [&]<class D>(std::type_identity<D>) {
    with_type(source.scalar, [&]<class S>(std::type_identity<S>) {
      // From floats the result saturates with or without _sat (see convert_value).
      if constexpr (kIsFloat<D> || kIsFloat<S>) {
        fn = pick_rounding<D, S, false>(rounding);
      } else {
        fn = parsed.saturate ? pick_rounding<D, S, true>(rounding)
                             : pick_rounding<D, S, false>(rounding);
      }
    });
  });
  return fn;
}

}  // namespace

void register_conversion_builtins(BuiltinRegistry& registry) {
  for (std::string_view type : kTypeNames)
    for (unsigned width : kWidths)
      for (int sat = 0; sat < 2; ++sat)
        for (int r = -1; r < 4; ++r) {
          std::string name = "convert_" + std::string(type);
          if (width > 1) name += std::to_string(width);
          if (sat) name += "_sat";
          if (r >= 0) name += kRoundingSuffixes[r];
          registry.add(name, &resolve_conversion);
        }
}

}  // namespace clvet::interp
