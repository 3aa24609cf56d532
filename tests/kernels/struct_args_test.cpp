// Structs passed by value as kernel arguments (OpenCL C 1.2 §6.9 k: a kernel argument may be a
// struct; the host passes its bytes with clSetKernelArg, §5.7.2): every shape (one byte, eight
// bytes, vectors, padding, nesting, hundreds of bytes, several at once), as written and with
// -cl-opt-disable, on the reference device against a host computation and against PoCL.
#include <cstddef>
#include <cstring>
#include <functional>

#include "reference_device.h"

using clvet::test::ReferenceDevice;

namespace {

constexpr std::size_t kGlobal = 64, kLocal = 16;  // four work-groups: each starts from the bytes
                                                   // the host set, whatever the last one changed

// The host's structs, laid out as OpenCL C lays out the kernels' (§6.1.5: each member aligned
// to its size, a 3-component vector as a 4-component one; cl_float4 and kin carry it).
struct IntFloat {
  cl_int i;
  cl_float f;
};
struct OneChar {
  cl_char c;
};
struct OneLong {
  cl_long l;
};
struct Vectors {
  cl_float4 v;
  cl_int3 w;
  cl_char2 c;
};
struct Padded {
  cl_char c;
  cl_double d;
  cl_short s;
};
struct Inner {
  cl_short s;
  cl_float2 v;
};
struct Outer {
  cl_uchar tag;
  Inner in[2];
  cl_long l;
  cl_float8 w;
};
struct Large {
  cl_int a[100];
  cl_uint n;
};
struct CharLong {
  cl_char c;
  cl_long l;
};
static_assert(sizeof(IntFloat) == 8 && sizeof(OneChar) == 1 && sizeof(OneLong) == 8);
static_assert(sizeof(Vectors) == 48 && offsetof(Vectors, c) == 32);
static_assert(sizeof(Padded) == 24 && offsetof(Padded, s) == 16);
static_assert(sizeof(Inner) == 16 && offsetof(Outer, l) == 40 && offsetof(Outer, w) == 64 &&
              sizeof(Outer) == 96);
static_assert(sizeof(Large) == 404 && sizeof(CharLong) == 16);

// The host's bytes of a struct, its padding filled with 0xa5 (what the kernel must not read).
template <class T>
std::vector<std::uint8_t> bytes_of(const std::function<void(T&)>& fill) {
  alignas(T) std::uint8_t raw[sizeof(T)];
  std::memset(raw, 0xa5, sizeof raw);
  T* t = reinterpret_cast<T*>(raw);
  fill(*t);
  return {raw, raw + sizeof raw};
}

struct Case {
  const char* name;
  const char* source;  // kernel `k`, its first argument `global long* out`
  std::size_t width;   // longs each work-item writes
  std::vector<std::vector<std::uint8_t>> args;  // arguments 1..n, each value's bytes
  std::function<std::vector<cl_long>()> expected;
  // The kernel changes its copy. PoCL 3.1 is not asked: it shares one copy between work-items
  // (in changed_copy_large a work-item's `s.in[1].s += g` is seen by the next: 12, 13, 15, 18
  // where each work-item's own copy gives 12, 13, 14, 15), against §6.9's by-value argument.
  bool changes_copy = false;
};

template <class F>
std::vector<cl_long> per_work_item(std::size_t width, F row) {
  std::vector<cl_long> out(kGlobal * width);
  for (std::size_t g = 0; g < kGlobal; ++g) row(static_cast<cl_long>(g), &out[g * width]);
  return out;
}

std::vector<Case> cases() {
  std::vector<Case> c;
  c.push_back({"int_float_8_bytes", R"(
      typedef struct { int i; float f; } S;
      __attribute__((noinline)) long scaled(S s) { return (long)(s.f * 4.0f); }
      kernel void k(global long* out, S s) {
        size_t g = get_global_id(0);
        out[2 * g] = s.i + (int)g;
        out[2 * g + 1] = scaled(s);
      })",
               2, {bytes_of<IntFloat>([](IntFloat& s) { s = {-7, 2.5f}; })}, [] {
                 return per_work_item(2, [](cl_long g, cl_long* o) {
                   o[0] = -7 + g;
                   o[1] = 10;
                 });
               }});
  c.push_back({"one_char", R"(
      typedef struct { char c; } S;
      kernel void k(global long* out, S s) { out[get_global_id(0)] = s.c * (long)get_global_id(0); })",
               1, {bytes_of<OneChar>([](OneChar& s) { s.c = -3; })}, [] {
                 return per_work_item(1, [](cl_long g, cl_long* o) { o[0] = -3 * g; });
               }});
  c.push_back({"one_long", R"(
      typedef struct { long l; } S;
      kernel void k(global long* out, S s) { out[get_global_id(0)] = s.l + get_global_id(0); })",
               1, {bytes_of<OneLong>([](OneLong& s) { s.l = 0x123456789abLL; })}, [] {
                 return per_work_item(1, [](cl_long g, cl_long* o) { o[0] = 0x123456789abLL + g; });
               }});
  c.push_back({"vectors", R"(
      typedef struct { float4 v; int3 w; char2 c; } S;
      kernel void k(global long* out, S s) {
        size_t g = get_global_id(0);
        global long* o = out + 9 * g;
        o[0] = (long)((s.v.x + (float)g) * 2); o[1] = (long)(s.v.y * 2); o[2] = (long)(s.v.z * 2);
        o[3] = (long)(s.v.w * 2);
        o[4] = s.w.x; o[5] = s.w.y; o[6] = s.w.z; o[7] = s.c.x; o[8] = s.c.y;
      })",
               9,
               {bytes_of<Vectors>([](Vectors& s) {
                 s.v = {{1.5f, -2.0f, 3.5f, 100.0f}};
                 s.w = {{7, -8, 9, 0}};
                 s.c = {{-1, 127}};
               })},
               [] {
                 return per_work_item(9, [](cl_long g, cl_long* o) {
                   cl_long want[9] = {3 + 2 * g, -4, 7, 200, 7, -8, 9, -1, 127};
                   std::memcpy(o, want, sizeof want);
                 });
               }});
  c.push_back({"padded", R"(
      #pragma OPENCL EXTENSION cl_khr_fp64 : enable
      typedef struct { char c; double d; short s; } S;
      kernel void k(global long* out, S s) {
        size_t g = get_global_id(0);
        out[3 * g] = s.c; out[3 * g + 1] = (long)(s.d * 8); out[3 * g + 2] = s.s + (long)g;
      })",
               3, {bytes_of<Padded>([](Padded& s) { s.c = 5; s.d = -0.375; s.s = -30000; })}, [] {
                 return per_work_item(3, [](cl_long g, cl_long* o) {
                   o[0] = 5;
                   o[1] = -3;
                   o[2] = -30000 + g;
                 });
               }});
  c.push_back({"nested", R"(
      typedef struct { short s; float2 v; } Inner;
      typedef struct { uchar tag; Inner in[2]; long l; float8 w; } Outer;
      kernel void k(global long* out, Outer s) {
        size_t g = get_global_id(0);
        global long* o = out + 8 * g;
        o[0] = s.tag; o[1] = s.in[0].s; o[2] = (long)(s.in[0].v.y * 4); o[3] = s.in[1].s + (long)g;
        o[4] = (long)(s.in[1].v.x * 4); o[5] = s.l; o[6] = (long)(s.w.s7 * 2);
        o[7] = (long)(s.w.s0 * 2);
      })",
               8,
               {bytes_of<Outer>([](Outer& s) {
                 s.tag = 200;
                 s.in[0].s = -11;
                 s.in[0].v = {{0.0f, 1.25f}};
                 s.in[1].s = 12;
                 s.in[1].v = {{-0.75f, 9.0f}};
                 s.l = -(1LL << 40);
                 for (int i = 0; i < 8; ++i) s.w.s[i] = 0.5f * static_cast<float>(i + 1);
               })},
               [] {
                 return per_work_item(8, [](cl_long g, cl_long* o) {
                   cl_long want[8] = {200, -11, 5, 12 + g, -3, -(1LL << 40), 8, 1};
                   std::memcpy(o, want, sizeof want);
                 });
               }});
  c.push_back({"large", R"(
      typedef struct { int a[100]; uint n; } S;
      kernel void k(global long* out, S s) {
        size_t g = get_global_id(0);
        out[2 * g] = s.a[g % 100] - s.a[(g * 7 + 1) % 100];
        out[2 * g + 1] = s.n;
      })",
               2,
               {bytes_of<Large>([](Large& s) {
                 for (int i = 0; i < 100; ++i) s.a[i] = i * i - 50;
                 s.n = 4000000000u;
               })},
               [] {
                 return per_work_item(2, [](cl_long g, cl_long* o) {
                   auto a = [](cl_long i) { return i * i - 50; };
                   o[0] = a(g % 100) - a((g * 7 + 1) % 100);
                   o[1] = 4000000000LL;
                 });
               }});
  // A kernel may change its argument: each work-item changes its own copy, and each work-group
  // starts from the bytes the host set.
  c.push_back({"changed_copy_small", R"(
      typedef struct { int i; float f; } S;
      kernel void k(global long* out, S s) {
        size_t g = get_global_id(0);
        s.i += (int)g;
        s.f *= 2.0f;
        out[2 * g] = s.i;
        out[2 * g + 1] = (long)s.f;
      })",
               2, {bytes_of<IntFloat>([](IntFloat& s) { s = {-7, 2.5f}; })}, [] {
                 return per_work_item(2, [](cl_long g, cl_long* o) {
                   o[0] = -7 + g;
                   o[1] = 5;
                 });
               }, true});
  c.push_back({"changed_copy_large", R"(
      typedef struct { short s; float2 v; } Inner;
      typedef struct { uchar tag; Inner in[2]; long l; float8 w; } Outer;
      kernel void k(global long* out, Outer s) {
        size_t g = get_global_id(0);
        s.in[1].s += (short)g;
        s.w.s3 = -s.w.s3;
        out[2 * g] = s.in[1].s;
        out[2 * g + 1] = (long)(s.w.s3 * 2);
      })",
               2,
               {bytes_of<Outer>([](Outer& s) {
                 s = {};
                 s.in[1].s = 12;
                 s.w.s[3] = 1.5f;
               })},
               [] {
                 return per_work_item(2, [](cl_long g, cl_long* o) {
                   o[0] = 12 + g;
                   o[1] = -3;
                 });
               }, true});
  cl_int x = 1000;
  c.push_back({"several", R"(
      typedef struct { int i; float f; } A;
      typedef struct { char c; long l; } B;
      __attribute__((noinline)) long mix(A a, B b) { return a.i * b.c + b.l; }
      kernel void k(global long* out, A a, int x, B b, A a2) {
        size_t g = get_global_id(0);
        out[4 * g] = a.i + x + (long)g;
        out[4 * g + 1] = mix(a, b);
        out[4 * g + 2] = (long)(a2.f * 2) + a2.i;
        out[4 * g + 3] = mix(a2, b);
      })",
               4,
               {bytes_of<IntFloat>([](IntFloat& s) { s = {3, 0.5f}; }),
                std::vector<std::uint8_t>(reinterpret_cast<std::uint8_t*>(&x),
                                          reinterpret_cast<std::uint8_t*>(&x) + sizeof x),
                bytes_of<CharLong>([](CharLong& s) { s.c = -2; s.l = 1LL << 33; }),
                bytes_of<IntFloat>([](IntFloat& s) { s = {-9, 10.5f}; })},
               [] {
                 return per_work_item(4, [](cl_long g, cl_long* o) {
                   o[0] = 3 + 1000 + g;
                   o[1] = 3 * -2 + (1LL << 33);
                   o[2] = 21 - 9;
                   o[3] = -9 * -2 + (1LL << 33);
                 });
               }});
  return c;
}

// Runs a case on `dev` built with `options`: what the kernel wrote, or empty on failure.
std::vector<cl_long> run(ReferenceDevice& dev, const Case& c, const std::string& options) {
  cl_program p = dev.build(c.source, options);
  if (!p) return {};
  cl_kernel k = dev.kernel(p, "k");
  if (!k) return {};
  std::vector<cl_long> out(kGlobal * c.width, 0x5a5a5a5a);
  cl_mem m = dev.buffer(out);
  EXPECT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  for (std::size_t i = 0; i < c.args.size(); ++i)
    EXPECT_EQ(clSetKernelArg(k, static_cast<cl_uint>(i + 1), c.args[i].size(), c.args[i].data()),
              CL_SUCCESS)
        << "argument " << i + 1;
  EXPECT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 1, nullptr, &kGlobal, &kLocal, 0, nullptr, nullptr),
            CL_SUCCESS);
  return dev.read<cl_long>(m, out.size());
}

class StructArguments : public testing::TestWithParam<std::string> {};

TEST_P(StructArguments, AsTheHostComputesAndAsPoCL) {
  ReferenceDevice clvet;
  ASSERT_TRUE(clvet.available()) << "the clvet platform is not visible through the loader";
  ReferenceDevice pocl("Portable Computing Language");
  ASSERT_TRUE(pocl.available()) << "PoCL is not visible through the loader";
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::vector<cl_long> want = c.expected();
    std::vector<cl_long> got = run(clvet, c, GetParam());
    EXPECT_EQ(got, want) << "reference device against the host";
    if (!c.changes_copy) {
      EXPECT_EQ(run(pocl, c, GetParam()), got) << "reference device against PoCL";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, StructArguments, testing::Values("", "-cl-opt-disable"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param.empty() ? std::string("as_written") : std::string("opt_disable");
                         });

// §5.7.2 clSetKernelArg: CL_INVALID_ARG_SIZE if arg_size does not match the size of the data
// type for an argument that is not a memory object: one byte short or over, zero, and the size
// of a pointer for a struct of 24 bytes. The right size is then accepted.
TEST(StructArgumentSize, MismatchIsInvalidArgSize) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(R"(
      typedef struct { char c; double d; short s; } S;
      typedef struct { int i; float f; } T;
      kernel void k(global long* out, S s, T t) { out[0] = s.c + t.i; })");
  ASSERT_TRUE(p);
  cl_kernel k = dev.kernel(p, "k");
  ASSERT_TRUE(k);
  Padded s{};
  IntFloat t{};
  for (std::size_t size : {sizeof s - 1, sizeof s + 1, std::size_t{0}, sizeof(cl_mem)})
    EXPECT_EQ(clSetKernelArg(k, 1, size, &s), CL_INVALID_ARG_SIZE) << "arg_size " << size;
  for (std::size_t size : {sizeof t - 1, sizeof t + 1, std::size_t{4}, std::size_t{16}})
    EXPECT_EQ(clSetKernelArg(k, 2, size, &t), CL_INVALID_ARG_SIZE) << "arg_size " << size;
  EXPECT_EQ(clSetKernelArg(k, 1, sizeof s, &s), CL_SUCCESS);
  EXPECT_EQ(clSetKernelArg(k, 2, sizeof t, &t), CL_SUCCESS);
}

}  // namespace
