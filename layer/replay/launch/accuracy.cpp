// The accuracy the OpenCL specification allows a program's floating-point results, from the
// built-ins its source calls: the ULP tables of the OpenCL SPIR-V environment §6.6 (the same
// numbers as OpenCL C 1.2 §7.4, Tables 7.1 and 7.2, and the half-precision column of 3.0).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "clvet/replay/launch_diff.h"

namespace clvet::replay {
namespace {

// Implementation-defined in the spec: the native_ functions (§6.6.1 "Implementation-defined")
// have no bound. clvet allows them the half_ functions' bound, and says so.
constexpr double kNative = 8192;

struct Limit {
  const char* name;
  double f64, f32, f16;  // full profile, in ULPs
};

// §6.6.1 Table 5, full profile. Functions with an absolute bound (dot, cross) are given the
// ULP distance of that bound for operands near 1 (2(n-1) and 3 FLT_EPSILON, n = 4); lgamma,
// mix and smoothstep (implementation-defined or absolute) the half_ bound.
constexpr Limit kFull[] = {
    {"acos", 4, 4, 2},       {"acosh", 4, 4, 2},     {"acospi", 5, 5, 2},   {"asin", 4, 4, 2},
    {"asinh", 4, 4, 2},      {"asinpi", 5, 5, 2},    {"atan", 5, 5, 2},     {"atanh", 5, 5, 2},
    {"atanpi", 5, 5, 2},     {"atan2", 6, 6, 2},     {"atan2pi", 6, 6, 2},  {"cbrt", 2, 2, 2},
    {"cos", 4, 4, 2},        {"cosh", 4, 4, 2},      {"cospi", 4, 4, 2},    {"degrees", 2, 2, 2},
    {"erfc", 16, 16, 4},     {"erf", 16, 16, 4},     {"exp", 3, 3, 2},      {"exp2", 3, 3, 2},
    {"exp10", 3, 3, 2},      {"expm1", 3, 3, 2},     {"hypot", 4, 4, 2},    {"log", 3, 3, 2},
    {"log2", 3, 3, 2},       {"log10", 3, 3, 2},     {"log1p", 2, 2, 2},    {"pow", 16, 16, 4},
    {"pown", 16, 16, 4},     {"powr", 16, 16, 4},    {"radians", 2, 2, 2},  {"rootn", 16, 16, 4},
    {"rsqrt", 2, 2, 1},      {"sin", 4, 4, 2},       {"sincos", 4, 4, 2},   {"sinh", 4, 4, 2},
    {"sinpi", 4, 4, 2},      {"sqrt", 0, 3, 0},      {"tan", 5, 5, 2},      {"tanh", 5, 5, 2},
    {"tanpi", 6, 6, 2},      {"tgamma", 16, 16, 4},
    // Geometric functions, for a vector width n of 4 (the widest bound of n = 1..4).
    {"length", 3, 5.5, 9.5}, {"distance", 8, 10.5, 13.5}, {"normalize", 5, 6, 8.5},
    {"fast_length", 0, 8195.5, 0}, {"fast_distance", 0, 8199.5, 0},
    {"fast_normalize", 0, 8196, 0},
    {"dot", 6, 6, 6},        {"cross", 3, 3, 3},
    {"lgamma", 8192, 8192, 8192}, {"lgamma_r", 8192, 8192, 8192},
    {"mix", 8192, 8192, 8192}, {"smoothstep", 8192, 8192, 8192},
    {"half_cos", 0, 8192, 0}, {"half_divide", 0, 8192, 0}, {"half_exp", 0, 8192, 0},
    {"half_exp2", 0, 8192, 0}, {"half_exp10", 0, 8192, 0}, {"half_log", 0, 8192, 0},
    {"half_log2", 0, 8192, 0}, {"half_log10", 0, 8192, 0}, {"half_powr", 0, 8192, 0},
    {"half_recip", 0, 8192, 0}, {"half_rsqrt", 0, 8192, 0}, {"half_sin", 0, 8192, 0},
    {"half_sqrt", 0, 8192, 0}, {"half_tan", 0, 8192, 0},
};

// §6.6.3 Table 7: with -cl-unsafe-math-optimizations (and -cl-fast-relaxed-math, which implies
// it), single precision. Where the table gives an implementation ("derived"), the bound of a
// non-derived implementation it also gives: 8192 ULPs, or 4096 for acos, asin and atan.
constexpr std::pair<const char*, double> kRelaxed[] = {
    {"acos", 4096},   {"acosh", 8192}, {"acospi", 8192}, {"asin", 4096},  {"asinh", 8192},
    {"asinpi", 8192}, {"atan", 4096},  {"atanh", 8192},  {"atanpi", 8192}, {"atan2", 8192},
    {"atan2pi", 8192}, {"cbrt", 8192}, {"cosh", 8192},   {"exp10", 8192}, {"expm1", 8192},
    {"log1p", 8192},  {"pow", 8192},   {"pown", 8192},   {"powr", 8192},  {"rootn", 8192},
    {"sinh", 8192},   {"tan", 8192},   {"tanh", 8192},   {"tanpi", 8192}, {"exp", 8192},
    {"exp2", 8192},
};

// The identifiers of a source, comments left out.
std::set<std::string> identifiers(const std::string& source) {
  static const std::regex comments(R"(//[^\n]*|/\*[\s\S]*?\*/)");
  static const std::regex word(R"([A-Za-z_][A-Za-z_0-9]*)");
  const std::string code = std::regex_replace(source, comments, " ");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), word); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

bool divides(const std::string& source) {
  static const std::regex comments(R"(//[^\n]*|/\*[\s\S]*?\*/)");
  return std::regex_replace(source, comments, " ").find('/') != std::string::npos;
}

void widen(Tolerance& t, double ulp, const std::string& why) {
  if (ulp <= t.ulp) return;
  t.ulp = ulp;
  t.why = why;
}

}  // namespace

Accuracy accuracy_of(const std::string& source, const std::string& build_options) {
  Accuracy a;
  a.half.why = a.single.why = a.double_.why =
      "correctly rounded (+, -, *; §6.6.1): no built-in with a larger limit is called";
  const std::set<std::string> names = identifiers(source);
  const bool relaxed = build_options.find("-cl-fast-relaxed-math") != std::string::npos ||
                       build_options.find("-cl-unsafe-math-optimizations") != std::string::npos;
  if (divides(source)) widen(a.single, 3, "single-precision division, ≤ 2.5 ulp (§6.6.1)");
  for (const Limit& l : kFull) {
    if (names.count(l.name) == 0) continue;
    widen(a.double_, std::ceil(l.f64), fmt::format("{}, ≤ {} ulp in double (§6.6.1)", l.name, l.f64));
    widen(a.single, std::ceil(l.f32), fmt::format("{}, ≤ {} ulp in single (§6.6.1)", l.name, l.f32));
    widen(a.half, std::ceil(l.f16), fmt::format("{}, ≤ {} ulp in half (§6.6.1)", l.name, l.f16));
  }
  for (const std::string& name : names) {
    if (name.rfind("native_", 0) != 0) continue;
    const std::string why = fmt::format(
        "{}: implementation-defined accuracy (§6.6.1); clvet allows the half_ functions' {} ulp",
        name, kNative);
    widen(a.single, kNative, why);
    widen(a.double_, kNative, why);
    widen(a.half, kNative, why);
  }
  if (relaxed) {
    for (const auto& [name, ulp] : kRelaxed)
      if (names.count(name))
        widen(a.single, ulp, fmt::format("{} with -cl-unsafe-math-optimizations, ≤ {} ulp (§6.6.3)", name, ulp));
    // sin, cos, sinpi, cospi: an absolute error of 2^-11 in [-pi, pi]; log, log2, log10:
    // 2^-21 in [0.5, 2] (§6.6.3).
    for (const char* name : {"sin", "cos", "sinpi", "cospi", "sincos"})
      if (names.count(name)) {
        a.single.abs = std::max(a.single.abs, std::ldexp(1.0, -11));
        a.single.why += fmt::format("; {} with unsafe math, absolute error ≤ 2^-11 (§6.6.3)", name);
      }
    for (const char* name : {"log", "log2", "log10"})
      if (names.count(name)) {
        a.single.abs = std::max(a.single.abs, std::ldexp(1.0, -21));
        a.single.why += fmt::format("; {} with unsafe math, absolute error ≤ 2^-21 in [0.5, 2] (§6.6.3)", name);
      }
  }
  return a;
}

}  // namespace clvet::replay
