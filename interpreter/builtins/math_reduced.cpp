// The half_ and native_ math built-ins (OpenCL 1.2 §6.12.2 table 6.9), float only: glibc's
// float functions, within 2 ulp, well inside half_'s 8192 ulp and with C99's edge cases (§7.5.1);
// native_ accuracy is implementation-defined and clvet defines it as half_'s.
#include <cmath>

#include "math_lanes.h"

namespace clvet::interp::math {
namespace {

struct Cos { static float eval(float x) { return std::cos(x); } };
struct Sin { static float eval(float x) { return std::sin(x); } };
struct Tan { static float eval(float x) { return std::tan(x); } };
struct Exp { static float eval(float x) { return std::exp(x); } };
struct Exp2 { static float eval(float x) { return std::exp2(x); } };
struct Exp10 { static float eval(float x) { return ::exp10f(x); } };
struct Log { static float eval(float x) { return std::log(x); } };
struct Log2 { static float eval(float x) { return std::log2(x); } };
struct Log10 { static float eval(float x) { return std::log10(x); } };
struct Sqrt { static float eval(float x) { return std::sqrt(x); } };
struct Rsqrt { static float eval(float x) { return 1.0f / std::sqrt(x); } };
struct Recip { static float eval(float x) { return 1.0f / x; } };
struct Divide { static float eval(float x, float y) { return x / y; } };

BuiltinFn resolve_float_powr(const Signature& sig) {
  if (sig.params.empty() || sig.params[0].scalar != Scalar::Float) return nullptr;
  return resolve_powr(sig);
}

template <class F>
constexpr Resolver kUnary = &resolve_unary<F, true>;

}  // namespace

void register_math_reduced(BuiltinRegistry& r) {
  for (const char* prefix : {"half_", "native_"}) {
    const std::string p = prefix;
    r.add(p + "cos", kUnary<Cos>);
    r.add(p + "divide", &resolve_binary<Divide, true>);
    r.add(p + "exp", kUnary<Exp>);
    r.add(p + "exp10", kUnary<Exp10>);
    r.add(p + "exp2", kUnary<Exp2>);
    r.add(p + "log", kUnary<Log>);
    r.add(p + "log10", kUnary<Log10>);
    r.add(p + "log2", kUnary<Log2>);
    r.add(p + "powr", &resolve_float_powr);
    r.add(p + "recip", kUnary<Recip>);
    r.add(p + "rsqrt", kUnary<Rsqrt>);
    r.add(p + "sin", kUnary<Sin>);
    r.add(p + "sqrt", kUnary<Sqrt>);
    r.add(p + "tan", kUnary<Tan>);
  }
}

}  // namespace clvet::interp::math
