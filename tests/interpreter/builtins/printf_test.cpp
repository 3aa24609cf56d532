// printf (OpenCL C 1.2 §6.12.13): the spec's own examples, scalars against the host's snprintf,
// vectors, literal strings, and malformed formats, which make printf return -1 and print nothing.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "fake_work_group.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

// One argument as the engine passes it: the LLVM type's scalar and width, one lane.
struct Arg {
  std::array<std::byte, 128> bytes{};
  Scalar scalar = Scalar::Int;
  std::uint8_t width = 1;
  bool pointer = false;
  std::uint8_t address_space = kPrivate;
};

template <class T>
Arg value(T v, Scalar s) {
  Arg a;
  std::memcpy(a.bytes.data(), &v, sizeof v);
  a.scalar = s;
  return a;
}

template <class T, std::size_t N>
Arg vector(std::array<T, N> v, Scalar s) {
  Arg a = value(v, s);
  a.width = std::uint8_t(N);
  return a;
}

// A string literal: a pointer into constant memory.
Arg literal(const char* s, std::uint8_t as = kConstant) {
  Arg a = value(reinterpret_cast<std::uint64_t>(s), Scalar::ULong);
  a.pointer = true;
  a.address_space = as;
  return a;
}

struct Printed {
  std::int32_t result;
  std::string text;
};

Printed run(FakeWorkGroup& g, const char* format, std::vector<Arg> args) {
  args.insert(args.begin(), literal(format));
  std::vector<Operand> ops;
  for (Arg& a : args) {
    Operand op;
    op.base = a.bytes.data();
    op.stride = 0;  // the same value for every lane
    op.scalar = a.scalar;
    op.width = a.width;
    op.pointer = a.pointer;
    op.address_space = a.address_space;
    ops.push_back(op);
  }
  LaneValues<std::int32_t> r(1, Scalar::Int);
  r.fill(12345);
  Operand result = r.operand();
  call(resolve("printf", 4), g, {0}, &result, ops);
  return {r.values[0], g.printed[0]};
}

Printed run(const char* format, std::vector<Arg> args = {}) {
  FakeWorkGroup g(1);
  return run(g, format, std::move(args));
}

template <class T>
std::string host(const char* format, T v) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, v);
  return buffer;
}

void expect_refused(const char* format, std::vector<Arg> args = {}) {
  Printed p = run(format, std::move(args));
  EXPECT_EQ(p.result, -1) << format;
  EXPECT_EQ(p.text, "") << format;
}

}  // namespace

// §6.12.13.2's examples, with the separator the rule gives: "value1 C value2 C ... valuen
// where C is a separator character. The value for this separator character is a comma."
TEST(Printf, SpecExamples_6_12_13_2) {
  Printed f4 = run("f4 = %2.2v4hlf\n", {vector<float, 4>({1, 2, 3, 4}, Scalar::Float)});
  EXPECT_EQ(f4.result, 0);
  EXPECT_EQ(f4.text, "f4 = 1.00,2.00,3.00,4.00\n");
  Printed uc =
      run("uc = %#v4hhx\n", {vector<std::uint8_t, 4>({0xFA, 0xFB, 0xFC, 0xFD}, Scalar::UChar)});
  EXPECT_EQ(uc.result, 0);
  EXPECT_EQ(uc.text, "uc = 0xfa,0xfb,0xfc,0xfd\n");
  EXPECT_EQ(run("%v4hlf\n", {vector<float, 4>({1, 2, 3, 4}, Scalar::Float)}).text,
            "1.000000,2.000000,3.000000,4.000000\n");
}

// Scalar integers: d/i signed, o/u/x/X unsigned, whatever the LLVM type; flags, width and
// precision as C99's printf has them.
TEST(Printf, ScalarIntegersMatchSnprintf_6_12_13_2) {
  const char* signed_formats[] = {"%d",  "%i",   "%5d",  "%-5d|", "%+d",
                                  "% d", "%05d", "%.3d", "%8.3d", "%+.0d"};
  const char* unsigned_formats[] = {"%x", "%#x", "%X", "%#o", "%u", "%-#10X|", "%.0u", "%08o"};
  for (std::int32_t v : {0, 7, -42, 255, 2147483647, -2147483647 - 1}) {
    for (const char* f : signed_formats) {
      Printed p = run(f, {value(v, Scalar::Int)});
      EXPECT_EQ(p.result, 0) << f;
      EXPECT_EQ(p.text, host(f, v)) << f << " " << v;
    }
    for (const char* f : unsigned_formats)
      EXPECT_EQ(run(f, {value(v, Scalar::Int)}).text, host(f, std::uint32_t(v))) << f << " " << v;
  }
  // l: long and ulong arguments.
  for (std::int64_t v : {std::int64_t(-1), std::int64_t(1) << 40, INT64_MIN}) {
    EXPECT_EQ(run("%ld", {value(v, Scalar::Long)}).text, host("%lld", (long long)v));
    EXPECT_EQ(run("%lu", {value(v, Scalar::Long)}).text, host("%llu", (unsigned long long)v));
    EXPECT_EQ(run("%#lx", {value(v, Scalar::Long)}).text, host("%#llx", (unsigned long long)v));
  }
}

// "hh ... the argument will have been promoted according to the integer promotions, but its
// value shall be converted to char or uchar before printing" (h: short, ushort).
TEST(Printf, HhAndHConvertPromotedArguments_6_12_13_2) {
  EXPECT_EQ(run("%hhd", {value(std::int32_t(0x1ff), Scalar::Int)}).text, "-1");
  EXPECT_EQ(run("%hhu", {value(std::int32_t(-1), Scalar::Int)}).text, "255");
  EXPECT_EQ(run("%hd", {value(std::int32_t(0x18000), Scalar::Int)}).text, "-32768");
  EXPECT_EQ(run("%hx", {value(std::int32_t(0x12345), Scalar::Int)}).text, "2345");
}

// Scalar floats arrive as double (default argument promotion); a float argument (as SPIR-V
// passes it) is promoted here.
TEST(Printf, ScalarFloatsMatchSnprintf_6_12_13_2) {
  const char* formats[] = {"%f",    "%.2f", "%10.3f|", "%-10.1e|", "%E", "%g",     "%G",  "%#g",
                           "%+.3g", "%a",   "%A",      "%.1a",     "%F", "%08.2f", "% e", "%lf"};
  for (double v : {0.0, -0.0, 1.5, -123456.789, 1e-300, 3.0e38, 1.0 / 0.0, -1.0 / 0.0})
    for (const char* f : formats) {
      EXPECT_EQ(run(f, {value(v, Scalar::Double)}).text, host(f, v)) << f << " " << v;
      EXPECT_EQ(run(f, {value(float(v), Scalar::Float)}).text, host(f, double(float(v))))
          << f << " " << v;
    }
  Printed nan = run("%f", {value(__builtin_nan(""), Scalar::Double)});
  EXPECT_EQ(nan.result, 0);
  EXPECT_NE(nan.text.find("nan"), std::string::npos);
}

// C99's * takes the width or precision from an int argument; a negative width left-justifies,
// a negative precision is as if none were given.
TEST(Printf, StarWidthAndPrecision_6_12_13_2) {
  EXPECT_EQ(run("[%*d]", {value(6, Scalar::Int), value(42, Scalar::Int)}).text, "[    42]");
  EXPECT_EQ(run("[%*d]", {value(-6, Scalar::Int), value(42, Scalar::Int)}).text, "[42    ]");
  EXPECT_EQ(run("[%.*f]", {value(2, Scalar::Int), value(3.14159, Scalar::Double)}).text, "[3.14]");
  EXPECT_EQ(run("[%.*f]", {value(-2, Scalar::Int), value(3.14159, Scalar::Double)}).text,
            "[3.141590]");
  EXPECT_EQ(run("[%-*.*e]",
                {value(12, Scalar::Int), value(1, Scalar::Int), value(2500.0, Scalar::Double)})
                .text,
            "[2.5e+03     ]");
}

TEST(Printf, VectorsOfEveryLength_6_12_13_2) {
  EXPECT_EQ(run("%v2hd", {vector<std::int16_t, 2>({-1, 300}, Scalar::Short)}).text, "-1,300");
  // A ushort3 is stored as 4 components but its LLVM type is <3 x i16>: widths must match.
  expect_refused("%v3hu", {vector<std::uint16_t, 4>({1, 65535, 3, 99}, Scalar::UShort)});
  Arg three = vector<std::uint16_t, 4>({1, 65535, 3, 99}, Scalar::UShort);
  three.width = 3;
  EXPECT_EQ(run("%v3hu", {three}).text, "1,65535,3");
  EXPECT_EQ(run("%v2hld", {vector<std::int32_t, 2>({-5, 5}, Scalar::Int)}).text, "-5,5");
  EXPECT_EQ(run("%v2lx", {vector<std::uint64_t, 2>({0x123456789ull, 1}, Scalar::ULong)}).text,
            "123456789,1");
  // The precision comes before the vector specifier.
  expect_refused("%v2.1lf", {vector<double, 2>({0.25, -2}, Scalar::Double)});
  EXPECT_EQ(run("%.1v2lf", {vector<double, 2>({0.25, -2}, Scalar::Double)}).text, "0.2,-2.0");
  // half2 (1.0, -2.0) with h and a floating conversion (cl_khr_fp16).
  EXPECT_EQ(run("%v2hf", {vector<std::uint16_t, 2>({0x3c00, 0xc000}, Scalar::Half)}).text,
            "1.000000,-2.000000");
  std::array<std::int8_t, 16> sixteen;
  for (int i = 0; i < 16; ++i) sixteen[i] = std::int8_t(i - 8);
  EXPECT_EQ(run("%v16hhd", {vector(sixteen, Scalar::Char)}).text,
            "-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7");
  EXPECT_EQ(run("%5v2hhd|", {vector<std::int8_t, 2>({1, 2}, Scalar::Char)}).text, "    1,    2|");
}

// "The argument shall be a literal string"; "if the precision is specified, no more than that
// many bytes are written."
TEST(Printf, LiteralStrings_6_12_13_2) {
  EXPECT_EQ(run("<%s>", {literal("this is a test string")}).text, "<this is a test string>");
  EXPECT_EQ(run("<%.4s>", {literal("abcdefgh")}).text, "<abcd>");
  EXPECT_EQ(run("<%-6s>", {literal("ab")}).text, "<ab    >");
  EXPECT_EQ(run("<%6s>", {literal("ab")}).text, "<    ab>");
  // §6.12.13.3: "the conversion specifier s can only be used for arguments that are literal
  // strings" (in constant memory).
  expect_refused("%s", {literal("global", kGlobal)});
  expect_refused("%s", {value(7, Scalar::Int)});
}

TEST(Printf, CharPercentAndPointer_6_12_13_2) {
  EXPECT_EQ(run("%c%c", {value('O', Scalar::Int), value(0x100 + 'K', Scalar::Int)}).text, "OK");
  EXPECT_EQ(run("[%-3c]", {value('x', Scalar::Int)}).text, "[x  ]");
  EXPECT_EQ(run("100%%").text, "100%");
  int object = 0;
  EXPECT_EQ(run("%p", {literal(reinterpret_cast<const char*>(&object), kGlobal)}).text,
            host("%p", static_cast<const void*>(&object)));
}

// "If the format is exhausted while arguments remain, the excess arguments are evaluated (as
// always) but are otherwise ignored."
TEST(Printf, ExcessArgumentsIgnored_6_12_13) {
  Printed p = run("plain\n", {value(1, Scalar::Int), value(2.0, Scalar::Double)});
  EXPECT_EQ(p.result, 0);
  EXPECT_EQ(p.text, "plain\n");
}

// Invalid specifications, reserved modifiers and mismatched vector types: printf "returns 0 if
// it was executed successfully and -1 otherwise".
TEST(Printf, MalformedFormatsReturnMinusOne_6_12_13_3) {
  expect_refused("%");
  expect_refused("50%");
  expect_refused("%q", {value(1, Scalar::Int)});
  expect_refused("%n", {value(1, Scalar::Int)});
  expect_refused("%lld", {value(std::int64_t(1), Scalar::Long)});           // reserved
  expect_refused("%Lf", {value(1.0, Scalar::Double)});                      // reserved
  expect_refused("%zu", {value(std::uint64_t(1), Scalar::ULong)});          // reserved
  expect_refused("%5%");                                                    // "shall be %%"
  expect_refused("%hlf", {value(1.0, Scalar::Double)});                     // hl only with a vector
  expect_refused("%v4f", {vector<float, 4>({1, 2, 3, 4}, Scalar::Float)});  // no length
  expect_refused("%v5hld", {vector<std::int32_t, 4>({1, 2, 3, 4}, Scalar::Int)});
  expect_refused("%v4hld", {vector<std::int32_t, 2>({1, 2}, Scalar::Int)});  // uint2 for int4
  // §6.12.13.2's own invalid example: a uint2 printed as ushort2 / uchar2.
  expect_refused("(%#v2hx)", {vector<std::uint32_t, 2>({0x12345678, 0x87654321}, Scalar::UInt)});
  expect_refused("(%#v2hhx)", {vector<std::uint32_t, 2>({0x12345678, 0x87654321}, Scalar::UInt)});
  expect_refused("%v2lf", {vector<float, 2>({1, 2}, Scalar::Float)});  // float2 for double2
  expect_refused("%d %d", {value(1, Scalar::Int)});                    // too few arguments
  expect_refused("%f", {value(1, Scalar::Int)});                       // int for a double
  expect_refused("%d", {value(1.0, Scalar::Double)});
}

// The format is read from constant memory a byte at a time through access(), up to its NUL;
// a refused byte fails the call.
TEST(Printf, FormatReadThroughAccess_6_12_13_2) {
  const char* format = "hi %d\n";
  FakeWorkGroup g(1);
  Printed p = run(g, format, {value(3, Scalar::Int)});
  EXPECT_EQ(p.text, "hi 3\n");
  ASSERT_EQ(g.accesses.size(), std::strlen(format) + 1);
  for (std::size_t i = 0; i < g.accesses.size(); ++i) {
    EXPECT_EQ(g.accesses[i].address, format + i);
    EXPECT_EQ(g.accesses[i].size, 1u);
    EXPECT_EQ(g.accesses[i].kind, Access::Read);
    EXPECT_EQ(g.accesses[i].address_space, kConstant);
  }
  FakeWorkGroup refusing(1);
  refusing.allow = [&](const void* a, std::size_t) { return a != format + 3; };
  Printed q = run(refusing, format, {value(3, Scalar::Int)});
  EXPECT_EQ(q.result, -1);
  EXPECT_EQ(q.text, "");
}

// Each lane prints its own values, in lane order.
TEST(Printf, PerLaneInLaneOrder_6_12_13_1) {
  FakeWorkGroup g(3);
  const char* format = "lane %d\n";
  LanePointers f(3, format, kConstant);
  LaneValues<std::int32_t> v(3, Scalar::Int), r(3, Scalar::Int);
  v.values = {10, 11, 12};
  Operand result = r.operand();
  call(resolve("printf", 4), g, {0, 2}, &result, {f.operand(), v.operand()});
  EXPECT_EQ(g.printed[0], "lane 10\n");
  EXPECT_EQ(g.printed[1], "");
  EXPECT_EQ(g.printed[2], "lane 12\n");
  EXPECT_EQ(g.print_order, (std::vector<std::uint32_t>{0, 2}));
  EXPECT_EQ(r.values[0], 0);
  EXPECT_EQ(r.values[2], 0);
}
