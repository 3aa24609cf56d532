// Every function of OpenCL C 1.2 §6.12.3 to §6.12.6 resolves through the registry for
// representative types (char, uint4, long16, float3, double2), with the mixed scalar/vector
// overloads, and resolves to the family that owns the element type.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clvet/interp/builtin_abi.h"

using namespace clvet::interp;

namespace {

ParamType P(Scalar s, unsigned width = 1) {
  return ParamType{s, std::uint8_t(width)};
}

struct Case {
  std::string name;
  std::vector<ParamType> params;
};

std::string describe(const Case& c) {
  std::string s = c.name + "(";
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    if (i) s += ", ";
    s += std::string(scalar_name(c.params[i].scalar));
    if (c.params[i].width > 1) s += std::to_string(c.params[i].width);
  }
  return s + ")";
}

BuiltinFn resolve(const Case& c) {
  Signature s;
  s.name = c.name;
  s.params = c.params;
  return BuiltinRegistry::instance().resolve(s);
}

const ParamType kIntegerTypes[] = {P(Scalar::Char), P(Scalar::UInt, 4), P(Scalar::Long, 16)};
const ParamType kFloatTypes[] = {P(Scalar::Float, 3), P(Scalar::Double, 2)};

Scalar unsigned_of(Scalar s) {
  switch (s) {
    case Scalar::Char:
      return Scalar::UChar;
    case Scalar::Short:
      return Scalar::UShort;
    case Scalar::Int:
    case Scalar::Float:
      return Scalar::UInt;
    case Scalar::Long:
    case Scalar::Double:
      return Scalar::ULong;
    default:
      return s;
  }
}
Scalar signed_of(Scalar s) {
  switch (s) {
    case Scalar::UChar:
      return Scalar::Char;
    case Scalar::UShort:
      return Scalar::Short;
    case Scalar::UInt:
    case Scalar::Float:
      return Scalar::Int;
    case Scalar::ULong:
    case Scalar::Double:
      return Scalar::Long;
    default:
      return s;
  }
}

std::vector<Case> cases() {
  std::vector<Case> all;
  // §6.12.3, table 6.10: every gentype.
  for (const ParamType& t : kIntegerTypes) {
    const ParamType s = P(t.scalar);
    for (const char* unary : {"abs", "clz", "ctz", "popcount"}) all.push_back({unary, {t}});
    for (const char* binary :
         {"abs_diff", "add_sat", "hadd", "rhadd", "max", "min", "mul_hi", "rotate", "sub_sat"})
      all.push_back({binary, {t, t}});
    for (const char* ternary : {"clamp", "mad_hi", "mad_sat"}) all.push_back({ternary, {t, t, t}});
    all.push_back({"clamp", {t, s, s}});
    all.push_back({"max", {t, s}});
    all.push_back({"min", {t, s}});
  }
  all.push_back({"upsample", {P(Scalar::Char), P(Scalar::UChar)}});
  all.push_back({"upsample", {P(Scalar::UInt, 4), P(Scalar::UInt, 4)}});
  all.push_back({"upsample", {P(Scalar::Short, 16), P(Scalar::UShort, 16)}});
  // Table 6.11: int and uint only.
  for (const ParamType& t : {P(Scalar::Int), P(Scalar::UInt, 4), P(Scalar::Int, 16)}) {
    all.push_back({"mad24", {t, t, t}});
    all.push_back({"mul24", {t, t}});
  }
  // §6.12.4, with the scalar overloads.
  for (const ParamType& t : kFloatTypes) {
    const ParamType s = P(t.scalar);
    for (const char* unary : {"degrees", "radians", "sign"}) all.push_back({unary, {t}});
    for (const char* binary : {"max", "min", "step"}) all.push_back({binary, {t, t}});
    for (const char* ternary : {"clamp", "mix", "smoothstep"}) all.push_back({ternary, {t, t, t}});
    all.push_back({"clamp", {t, s, s}});
    all.push_back({"max", {t, s}});
    all.push_back({"min", {t, s}});
    all.push_back({"mix", {t, t, s}});
    all.push_back({"step", {s, t}});
    all.push_back({"smoothstep", {s, s, t}});
  }
  // §6.12.5: widths 1 to 4; cross for 3 and 4; the fast variants for float.
  for (const ParamType& t : kFloatTypes) {
    for (const char* binary : {"dot", "distance"}) all.push_back({binary, {t, t}});
    for (const char* unary : {"length", "normalize"}) all.push_back({unary, {t}});
  }
  all.push_back({"dot", {P(Scalar::Double), P(Scalar::Double)}});
  all.push_back({"length", {P(Scalar::Float, 4)}});
  for (const ParamType& t :
       {P(Scalar::Float, 3), P(Scalar::Float, 4), P(Scalar::Double, 3), P(Scalar::Double, 4)})
    all.push_back({"cross", {t, t}});
  all.push_back({"fast_distance", {P(Scalar::Float, 3), P(Scalar::Float, 3)}});
  all.push_back({"fast_length", {P(Scalar::Float, 3)}});
  all.push_back({"fast_normalize", {P(Scalar::Float, 3)}});
  all.push_back({"fast_length", {P(Scalar::Float)}});
  // §6.12.6
  for (const ParamType& t : {P(Scalar::Float, 3), P(Scalar::Double, 2), P(Scalar::Double)}) {
    for (const char* binary : {"isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                               "islessequal", "islessgreater", "isordered", "isunordered"})
      all.push_back({binary, {t, t}});
    for (const char* unary : {"isfinite", "isinf", "isnan", "isnormal", "signbit"})
      all.push_back({unary, {t}});
  }
  for (const ParamType& t : {P(Scalar::Char), P(Scalar::Int, 4), P(Scalar::Long, 16)}) {
    all.push_back({"any", {t}});
    all.push_back({"all", {t}});
  }
  for (const ParamType& t : {P(Scalar::Char), P(Scalar::UInt, 4), P(Scalar::Long, 16),
                             P(Scalar::Float, 3), P(Scalar::Double, 2)}) {
    all.push_back({"bitselect", {t, t, t}});
    all.push_back({"select", {t, t, P(signed_of(t.scalar), t.width)}});
    all.push_back({"select", {t, t, P(unsigned_of(t.scalar), t.width)}});
  }
  return all;
}

}  // namespace

TEST(ComponentwiseResolution, EveryFunctionOfSections_6_12_3_to_6_12_6_Resolves) {
  const std::vector<Case> all = cases();
  EXPECT_GT(all.size(), 170u);
  for (const Case& c : all) EXPECT_NE(resolve(c), nullptr) << describe(c);
}

TEST(ComponentwiseResolution, SharedNamesGoToTheFamilyOfTheElementType_6_12_3_and_6_12_4) {
  // min, max and clamp are both integer and common functions; each instantiation is distinct.
  const BuiltinFn int_min = resolve({"min", {P(Scalar::Int), P(Scalar::Int)}});
  const BuiltinFn uint_min = resolve({"min", {P(Scalar::UInt), P(Scalar::UInt)}});
  const BuiltinFn float_min = resolve({"min", {P(Scalar::Float), P(Scalar::Float)}});
  ASSERT_NE(int_min, nullptr);
  ASSERT_NE(float_min, nullptr);
  EXPECT_NE(int_min, uint_min);  // signedness matters to min
  EXPECT_NE(int_min, float_min);
  // Mismatched operand types resolve to nothing rather than to a wrong instantiation.
  EXPECT_EQ(resolve({"min", {P(Scalar::Int), P(Scalar::Float)}}), nullptr);
  EXPECT_EQ(resolve({"clamp", {P(Scalar::Float, 4), P(Scalar::Float), P(Scalar::Float, 4)}}),
            nullptr);
  EXPECT_EQ(resolve({"step", {P(Scalar::Float, 4), P(Scalar::Float)}}), nullptr);
  EXPECT_EQ(resolve({"mix", {P(Scalar::Float), P(Scalar::Float, 4), P(Scalar::Float, 4)}}),
            nullptr);
  EXPECT_EQ(resolve({"abs", {P(Scalar::Half)}}), nullptr);
  EXPECT_EQ(resolve({"popcount", {P(Scalar::Int), P(Scalar::Int)}}), nullptr);
  ParamType pointer = P(Scalar::Int, 4);
  pointer.pointer = true;
  EXPECT_EQ(resolve({"clz", {pointer}}), nullptr);
}
