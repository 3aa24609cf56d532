// Demangling of the names Clang 15 gives OpenCL C built-ins (spir64, -finclude-default-header):
// the parameter types, with the signedness and address spaces LLVM types do not carry.
#include <gtest/gtest.h>

#include "clvet/interp/builtin_abi.h"

using namespace clvet::interp;

namespace {

Demangled parse(const char* symbol) {
  Demangled d;
  EXPECT_TRUE(demangle(symbol, d)) << symbol;
  return d;
}

}  // namespace

TEST(Demangle, ScalarParameters) {
  Demangled d = parse("_Z5clampiii");
  EXPECT_EQ(d.name, "clamp");
  ASSERT_EQ(d.params.size(), 3u);
  EXPECT_EQ(d.params[0].scalar, Scalar::Int);
  EXPECT_EQ(parse("_Z13get_global_idj").params[0].scalar, Scalar::UInt);
  EXPECT_EQ(parse("_Z3absh").params[0].scalar, Scalar::UChar);
  EXPECT_EQ(parse("_Z3absc").params[0].scalar, Scalar::Char);
}

TEST(Demangle, VectorsAndSubstitutions) {
  // float4 fract(float4, float4*): the pointer's pointee is substitution S_ (the vector).
  Demangled d = parse("_Z5fractDv4_fPS_");
  ASSERT_EQ(d.params.size(), 2u);
  EXPECT_EQ(d.params[0], (ParamType{Scalar::Float, 4}));
  EXPECT_TRUE(d.params[1].pointer);
  EXPECT_EQ(d.params[1].width, 4);
  EXPECT_EQ(d.params[1].address_space, kPrivate);
  // __global float4*: the address-space-qualified vector is its own substitution.
  Demangled g = parse("_Z5fractDv4_fPU3AS1S_");
  EXPECT_EQ(g.params[1].address_space, kGlobal);
  EXPECT_EQ(g.params[1].width, 4);
}

TEST(Demangle, QualifiedPointers) {
  Demangled d = parse("_Z10atomic_addPU3AS1Vii");
  ASSERT_EQ(d.params.size(), 2u);
  EXPECT_TRUE(d.params[0].pointer);
  EXPECT_TRUE(d.params[0].is_volatile);
  EXPECT_EQ(d.params[0].address_space, kGlobal);
  EXPECT_EQ(d.params[0].scalar, Scalar::Int);
  Demangled v = parse("_Z16vstore_half4_rtzDv4_fmPU3AS1Dh");
  ASSERT_EQ(v.params.size(), 3u);
  EXPECT_EQ(v.params[1].scalar, Scalar::ULong);
  EXPECT_EQ(v.params[2].scalar, Scalar::Half);
  Demangled c = parse("_Z6vload4mPU3AS2Kf");
  EXPECT_TRUE(c.params[1].is_const);
  EXPECT_EQ(c.params[1].address_space, kConstant);
}

TEST(Demangle, EventsAndUnmangledNames) {
  Demangled e = parse("_Z17wait_group_eventsiP9ocl_event");
  ASSERT_EQ(e.params.size(), 2u);
  EXPECT_TRUE(e.params[1].pointer);
  EXPECT_EQ(e.params[1].scalar, Scalar::Event);
  Demangled p = parse("printf");
  EXPECT_FALSE(p.mangled);
  EXPECT_EQ(p.name, "printf");
  Demangled none = parse("_Z12get_work_dimv");
  EXPECT_TRUE(none.params.empty());
}

TEST(Demangle, GarbageIsRefused) {
  Demangled d;
  EXPECT_FALSE(demangle("_Z", d));
  EXPECT_FALSE(demangle("_Z99abc", d));
  EXPECT_FALSE(demangle("_Z3fooDv4_", d));
  EXPECT_FALSE(demangle("_Z3fooS3_", d));
}
