// The cl_khr_subgroup_* extensions (OpenCL Extension Specification, "Extended Sub-group
// Functions") on the reference device's sub-groups of 32 work-items in linear local id order,
// against the same functions computed on the host from the work-items' inputs: ballots and
// masks, shuffles, votes, the non-uniform reductions and scans of every operator and type,
// clustered reductions, rotations (cl_khr_subgroup_rotate), the extended types of broadcast,
// reduce and scan, and half (cl_khr_fp16) throughout. The non-uniform
// functions are also called in a branch taken by part of each sub-group, where they compute over
// the work-items that took it. Each as written and with -cl-opt-disable.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "reference_device.h"
#include "sub_group_geometry.h"

using namespace clvet::test;

namespace {

// The work-items of i's sub-group that take the branch (`keep`), in order.
std::vector<std::size_t> active_of(std::size_t i, const Geometry& g, const std::vector<cl_int>& keep) {
  const SubGroup s = sub_group_of(i, g);
  std::vector<std::size_t> active;
  for (std::size_t j = s.first; j < s.first + s.size; ++j)
    if (keep[j]) active.push_back(j);
  return active;
}

// About two of each three work-items take the branch, never all of a sub-group of 32.
std::vector<cl_int> keep_pattern(std::size_t n, std::mt19937& random) {
  std::vector<cl_int> keep(n);
  for (cl_int& k : keep) k = random() % 3 != 0;
  for (std::size_t i = 0; i < n; i += kSub) keep[i + 1 < n ? i + 1 : i] = 0;
  return keep;
}

class SubGroupExtensions : public ::testing::TestWithParam<const char*> {
 protected:
  ReferenceDevice dev;
  std::string options() const { return std::string("-cl-std=CL3.0 ") + GetParam(); }

  // Builds `source` and runs kernel `name` over each geometry with (in, keep, out) buffers;
  // `check(g, out)` judges the output.
  template <class In, class Out>
  void run_each(const std::string& source, const char* name, const std::vector<In>& in_all,
                const std::vector<cl_int>& keep_all, std::size_t per_item,
                const std::function<void(const Geometry&, const std::vector<In>&,
                                         const std::vector<cl_int>&, const std::vector<Out>&)>& check) {
    cl_program p = dev.build(source, options());
    ASSERT_NE(p, nullptr) << source;
    for (const Geometry& g : kGeometries) {
      std::vector<In> in(in_all.begin(), in_all.begin() + g.global);
      std::vector<cl_int> keep(keep_all.begin(), keep_all.begin() + g.global);
      std::vector<Out> out(per_item * g.global, Out{});
      cl_mem bin = dev.buffer(in), bkeep = dev.buffer(keep), bout = dev.buffer(out);
      cl_kernel k = dev.kernel(p, name);
      ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
      check(g, in, keep, dev.read<Out>(bout, out.size()));
    }
  }
};

std::uint32_t bits_below(std::uint32_t bits, std::size_t n) {
  return n >= 32 ? bits : bits & ((1u << n) - 1);
}

// cl_khr_subgroup_ballot, "Ballots".
TEST_P(SubGroupExtensions, Ballots) {
  ASSERT_TRUE(dev.available());
  const std::string source =
      "kernel void ballots(global const int* in, global const int* keep, global uint* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  int x = in[i];\n"
      "  uint lid = get_sub_group_local_id();\n"
      "  global uint* o = out + 19 * i;\n"
      "  uint4 b = sub_group_ballot(x > 20);\n"
      "  o[0] = b.x;\n"
      "  o[1] = b.y | b.z | b.w;\n"
      "  o[2] = sub_group_inverse_ballot(b);\n"
      "  o[3] = sub_group_ballot_bit_extract(b, (uint)x % get_sub_group_size());\n"
      "  o[4] = sub_group_ballot_bit_count(b);\n"
      "  o[5] = sub_group_ballot_inclusive_scan(b);\n"
      "  o[6] = sub_group_ballot_exclusive_scan(b);\n"
      "  uint4 c = sub_group_ballot(x > 20 || lid == 0);\n"
      "  o[7] = sub_group_ballot_find_lsb(c);\n"
      "  o[8] = sub_group_ballot_find_msb(c);\n"
      "  o[9] = get_sub_group_eq_mask().x;\n"
      "  o[10] = get_sub_group_ge_mask().x;\n"
      "  o[11] = get_sub_group_gt_mask().x;\n"
      "  o[12] = get_sub_group_le_mask().x;\n"
      "  o[13] = get_sub_group_lt_mask().x;\n"
      "  int4 v = sub_group_non_uniform_broadcast((int4)(x, x + 1, 2 * x, -x), 1);\n"
      "  o[14] = v.x;\n"
      "  o[15] = v.w;\n"
      "  if (keep[i]) {\n"
      "    uint4 p = sub_group_ballot(1);\n"
      "    o[16] = p.x;\n"
      "    o[17] = sub_group_non_uniform_broadcast(x, sub_group_ballot_find_msb(p));\n"
      "    o[18] = sub_group_broadcast_first(x);\n"
      "  }\n"
      "}\n";
  std::mt19937 random(11);
  std::vector<cl_int> in(200);
  for (cl_int& v : in) v = static_cast<cl_int>(random() % 41);
  const std::vector<cl_int> keep = keep_pattern(in.size(), random);
  run_each<cl_int, cl_uint>(source, "ballots", in, keep, 19,
      [&](const Geometry& g, const std::vector<cl_int>& in, const std::vector<cl_int>& keep,
          const std::vector<cl_uint>& out) {
        for (std::size_t i = 0; i < g.global; ++i) {
          const SubGroup s = sub_group_of(i, g);
          const cl_uint* o = &out[19 * i];
          std::uint32_t bits = 0;
          for (std::size_t j = 0; j < s.size; ++j) bits |= std::uint32_t(in[s.first + j] > 20) << j;
          const std::uint32_t c = bits | 1u;
          const std::uint32_t eq = 1u << s.local_id;
          EXPECT_EQ(o[0], bits) << i;
          EXPECT_EQ(o[1], 0u) << i;
          EXPECT_EQ(o[2], bits >> s.local_id & 1) << i;
          EXPECT_EQ(o[3], bits >> (in[i] % s.size) & 1) << i;
          EXPECT_EQ(o[4], static_cast<cl_uint>(std::popcount(bits))) << i;
          EXPECT_EQ(o[5], static_cast<cl_uint>(std::popcount(bits_below(bits, s.local_id + 1)))) << i;
          EXPECT_EQ(o[6], static_cast<cl_uint>(std::popcount(bits_below(bits, s.local_id)))) << i;
          EXPECT_EQ(o[7], static_cast<cl_uint>(std::countr_zero(c))) << i;
          EXPECT_EQ(o[8], 31u - std::countl_zero(c)) << i;
          EXPECT_EQ(o[9], eq) << i;
          EXPECT_EQ(o[10], bits_below(~(eq - 1), s.max)) << i;
          EXPECT_EQ(o[11], bits_below(~(eq - 1) & ~eq, s.max)) << i;
          EXPECT_EQ(o[12], (eq - 1) | eq) << i;
          EXPECT_EQ(o[13], eq - 1) << i;
          EXPECT_EQ(static_cast<cl_int>(o[14]), in[s.first + 1]) << i;
          EXPECT_EQ(static_cast<cl_int>(o[15]), -in[s.first + 1]) << i;
          if (!keep[i]) {
            EXPECT_EQ(o[16], 0u) << i;
            continue;
          }
          const std::vector<std::size_t> active = active_of(i, g, keep);
          std::uint32_t p = 0;
          for (std::size_t j : active) p |= 1u << (j - s.first);
          EXPECT_EQ(o[16], p) << i;
          EXPECT_EQ(static_cast<cl_int>(o[17]), in[active.back()]) << i;
          EXPECT_EQ(static_cast<cl_int>(o[18]), in[active.front()]) << i;
        }
      });
}

// cl_khr_subgroup_shuffle and cl_khr_subgroup_shuffle_relative over one type.
template <class T>
void check_shuffles(ReferenceDevice& dev, const std::string& options,
                    const std::string& type) {
  const std::string source =
      "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
      "kernel void shuffles(global const " + type + "* in, global const int* keep, global " +
      type + "* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  " + type + " x = in[i];\n"
      "  uint lid = get_sub_group_local_id(), size = get_sub_group_size();\n"
      "  global " + type + "* o = out + 5 * i;\n"
      "  o[0] = sub_group_shuffle(x, (lid * 7 + 3) % size);\n"
      "  o[1] = sub_group_shuffle_xor(x, (lid & 1) + 1);\n"
      "  " + type + " up = sub_group_shuffle_up(x, 1);\n"
      "  if (lid >= 1) o[2] = up;\n"
      "  " + type + " down = sub_group_shuffle_down(x, 2);\n"
      "  if (lid + 2 < size) o[3] = down;\n"
      "  if (lid % 2 == 0) o[4] = sub_group_shuffle_xor(x, 2);\n"
      "}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(5);
  for (const Geometry& g : kGeometries) {
    std::vector<T> in(g.global);
    for (T& v : in) v = static_cast<T>(static_cast<int>(random() % 100) - (std::is_signed_v<T> ? 50 : 0));
    std::vector<T> out(5 * g.global, T{});
    cl_mem bin = dev.buffer(in), bout = dev.buffer(out);
    std::vector<cl_int> keep(g.global, 1);
    cl_mem bkeep = dev.buffer(keep);
    cl_kernel k = dev.kernel(p, "shuffles");
    ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup s = sub_group_of(i, g);
      const std::size_t lid = s.local_id;
      const T* o = &out[5 * i];
      EXPECT_EQ(o[0], in[s.first + (lid * 7 + 3) % s.size]) << type << " " << i;
      EXPECT_EQ(o[1], in[s.first + (lid ^ ((lid & 1) + 1))]) << type << " " << i;
      EXPECT_EQ(o[2], lid >= 1 ? in[i - 1] : T{}) << type << " " << i;
      EXPECT_EQ(o[3], lid + 2 < s.size ? in[i + 2] : T{}) << type << " " << i;
      EXPECT_EQ(o[4], lid % 2 == 0 ? in[s.first + (lid ^ 2)] : T{}) << type << " " << i;
    }
  }
}

TEST_P(SubGroupExtensions, ShufflesOfEachType) {
  ASSERT_TRUE(dev.available());
  check_shuffles<cl_int>(dev, options(), "int");
  check_shuffles<cl_char>(dev, options(), "char");
  check_shuffles<cl_ushort>(dev, options(), "ushort");
  check_shuffles<cl_ulong>(dev, options(), "ulong");
  check_shuffles<cl_float>(dev, options(), "float");
  check_shuffles<cl_double>(dev, options(), "double");
}

// cl_khr_subgroup_rotate over one type: sub_group_rotate reads the work-item (sub-group local id
// + delta) modulo the maximum sub-group size, the sum in 32 bits (delta -1 is the one before
// where that size is a power of two), sub_group_clustered_rotate the same within clusters of
// `clustersize`; a source past the sub-group (the last one of a group of 100) or inactive (in
// the branch) gives an undefined result, which is not compared.
template <class T>
void check_rotations(ReferenceDevice& dev, const std::string& options, const std::string& type) {
  const std::string source =
      "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
      "kernel void rotations(global const " + type + "* in, global const int* keep, global " +
      type + "* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  " + type + " x = in[i];\n"
      "  global " + type + "* o = out + 6 * i;\n"
      "  o[0] = sub_group_rotate(x, 3);\n"
      "  o[1] = sub_group_rotate(x, -1);\n"
      "  o[2] = sub_group_clustered_rotate(x, 1, 4);\n"
      "  o[3] = sub_group_clustered_rotate(x, 5, 8);\n"
      "  o[4] = sub_group_rotate(x, (int)get_sub_group_id() * 2 + 1);\n"
      "  if (keep[i]) o[5] = sub_group_rotate(x, 1);\n"
      "}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(9);
  for (const Geometry& g : kGeometries) {
    std::vector<T> in(g.global);
    for (T& v : in) v = static_cast<T>(static_cast<int>(random() % 100) - (std::is_signed_v<T> ? 50 : 0));
    std::vector<cl_int> keep = keep_pattern(g.global, random);
    std::vector<T> out(6 * g.global, T{});
    cl_mem bin = dev.buffer(in), bkeep = dev.buffer(keep), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "rotations");
    ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup s = sub_group_of(i, g);
      const std::uint32_t lid = static_cast<std::uint32_t>(s.local_id);
      const std::uint32_t max = static_cast<std::uint32_t>(s.max);
      const std::uint32_t sg = static_cast<std::uint32_t>((i % g.local) / kSub);
      // The source's local id for each output; compared where it is in the sub-group.
      const std::uint32_t from[5] = {(lid + 3u) % max, (lid + 0xffffffffu) % max,
                                     (lid & ~3u) + (lid + 1u) % 4u, (lid & ~7u) + (lid + 5u) % 8u,
                                     (lid + sg * 2u + 1u) % max};
      for (int c = 0; c < 5; ++c)
        if (from[c] < s.size) {
          EXPECT_EQ(out[6 * i + c], in[s.first + from[c]]) << type << " " << i << " " << c;
        }
      const std::uint32_t next = (lid + 1u) % max;
      if (keep[i] && next < s.size && keep[s.first + next]) {
        EXPECT_EQ(out[6 * i + 5], in[s.first + next]) << type << " " << i;
      }
      if (!keep[i]) {
        EXPECT_EQ(out[6 * i + 5], T{}) << type << " " << i;
      }
    }
  }
}

TEST_P(SubGroupExtensions, RotationsOfEachType) {
  ASSERT_TRUE(dev.available());
  check_rotations<cl_int>(dev, options(), "int");
  check_rotations<cl_uchar>(dev, options(), "uchar");
  check_rotations<cl_short>(dev, options(), "short");
  check_rotations<cl_ulong>(dev, options(), "ulong");
  check_rotations<cl_float>(dev, options(), "float");
  check_rotations<cl_double>(dev, options(), "double");
}

// cl_khr_subgroup_non_uniform_vote, "Votes and Elections".
TEST_P(SubGroupExtensions, VotesAndElections) {
  ASSERT_TRUE(dev.available());
  const std::string source =
      "kernel void votes(global const int* in, global const int* keep, global int* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  int x = in[i];\n"
      "  global int* o = out + 10 * i;\n"
      "  o[0] = sub_group_elect();\n"
      "  o[1] = sub_group_non_uniform_all(x > 2);\n"
      "  o[2] = sub_group_non_uniform_any(x == 7);\n"
      "  o[3] = sub_group_non_uniform_all_equal((short)(x / 64));\n"
      "  o[4] = sub_group_non_uniform_all_equal(x);\n"
      "  o[5] = sub_group_non_uniform_all_equal(x >= 0 ? NAN : 1.0f);\n"
      "  if (keep[i]) {\n"
      "    o[6] = sub_group_elect();\n"
      "    o[7] = sub_group_non_uniform_all(x > 2);\n"
      "    o[8] = sub_group_non_uniform_any(x == 7);\n"
      "    o[9] = sub_group_non_uniform_all_equal((double)(x % 2));\n"
      "  }\n"
      "}\n";
  std::mt19937 random(3);
  std::vector<cl_int> in(200);
  for (cl_int& v : in) v = static_cast<cl_int>(random() % 9);
  // A sub-group whose values are all above 2, and one whose kept values are all even.
  for (std::size_t i = 0; i < kSub; ++i) in[i] = 3 + static_cast<cl_int>(i % 4);
  std::vector<cl_int> keep = keep_pattern(in.size(), random);
  for (std::size_t i = 64; i < 96; ++i) in[i] = keep[i] ? 2 * static_cast<cl_int>(i % 3) : 1;
  run_each<cl_int, cl_int>(source, "votes", in, keep, 10,
      [&](const Geometry& g, const std::vector<cl_int>& in, const std::vector<cl_int>& keep,
          const std::vector<cl_int>& out) {
        for (std::size_t i = 0; i < g.global; ++i) {
          const SubGroup s = sub_group_of(i, g);
          const cl_int* o = &out[10 * i];
          bool all = true, any = false, equal = true;
          for (std::size_t j = s.first; j < s.first + s.size; ++j) {
            all = all && in[j] > 2;
            any = any || in[j] == 7;
            equal = equal && in[j] == in[s.first];
          }
          EXPECT_EQ(o[0] != 0, i == s.first) << i;
          EXPECT_EQ(o[1] != 0, all) << i;
          EXPECT_EQ(o[2] != 0, any) << i;
          EXPECT_NE(o[3], 0) << i;  // every x / 64 is 0
          EXPECT_EQ(o[4] != 0, equal) << i;
          EXPECT_EQ(o[5], 0) << i;  // NaN is equal to nothing
          if (!keep[i]) continue;
          const std::vector<std::size_t> active = active_of(i, g, keep);
          bool kall = true, kany = false, kequal = true;
          for (std::size_t j : active) {
            kall = kall && in[j] > 2;
            kany = kany || in[j] == 7;
            kequal = kequal && in[j] % 2 == in[active.front()] % 2;
          }
          EXPECT_EQ(o[6] != 0, i == active.front()) << i;
          EXPECT_EQ(o[7] != 0, kall) << i;
          EXPECT_EQ(o[8] != 0, kany) << i;
          EXPECT_EQ(o[9] != 0, kequal) << i;
        }
      });
}

// The host's operators, written from the extension's definitions.
enum class HostOp { Add, Mul, Min, Max, And, Or, Xor, LogicalAnd, LogicalOr, LogicalXor };
constexpr const char* kOpNames[] = {"add", "mul", "min", "max", "and",
                                    "or",  "xor", "logical_and", "logical_or", "logical_xor"};

template <class T>
T host_combine(HostOp op, T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case HostOp::Add: return a + b;
      case HostOp::Mul: return a * b;
      case HostOp::Min: return std::min(a, b);
      default: return std::max(a, b);
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (op) {
      case HostOp::Add: return static_cast<T>(static_cast<U>(static_cast<std::uint64_t>(U(a)) + U(b)));
      case HostOp::Mul: return static_cast<T>(static_cast<U>(static_cast<std::uint64_t>(U(a)) * U(b)));
      case HostOp::Min: return std::min(a, b);
      case HostOp::Max: return std::max(a, b);
      case HostOp::And: return static_cast<T>(a & b);
      case HostOp::Or: return static_cast<T>(a | b);
      case HostOp::Xor: return static_cast<T>(a ^ b);
      case HostOp::LogicalAnd: return (a != 0) && (b != 0);
      case HostOp::LogicalOr: return (a != 0) || (b != 0);
      case HostOp::LogicalXor: return (a != 0) != (b != 0);
    }
    return a;
  }
}

// The identities of the extension's exclusive scans.
template <class T>
T host_identity(HostOp op) {
  switch (op) {
    case HostOp::Mul: case HostOp::LogicalAnd: return T(1);
    case HostOp::Min:
      return std::is_floating_point_v<T> ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
    case HostOp::Max:
      return std::is_floating_point_v<T> ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
    case HostOp::And:
      if constexpr (std::is_integral_v<T>) return static_cast<T>(~std::make_unsigned_t<T>(0));
      return T(0);
    default: return T(0);
  }
}

// What the kernels pass for `op`: x, or its low bit for the logical operators.
template <class T>
T operand(HostOp op, T x) {
  if constexpr (std::is_integral_v<T>)
    if (op >= HostOp::LogicalAnd) return static_cast<T>(x & 1);
  return x;
}

std::vector<HostOp> ops_of(const std::string& type) {
  if (type == "float" || type == "double") return {HostOp::Add, HostOp::Mul, HostOp::Min, HostOp::Max};
  std::vector<HostOp> ops = {HostOp::Add, HostOp::Mul, HostOp::Min, HostOp::Max,
                             HostOp::And, HostOp::Or,  HostOp::Xor};
  if (type == "int")
    for (HostOp op : {HostOp::LogicalAnd, HostOp::LogicalOr, HostOp::LogicalXor}) ops.push_back(op);
  return ops;
}

// Values whose sums and products are exact in floating point (powers of two), small integers
// otherwise (some negative for the signed types).
template <class T>
std::vector<T> values(std::size_t n, std::mt19937& random) {
  std::vector<T> v(n);
  for (T& x : v) {
    if constexpr (std::is_floating_point_v<T>) {
      constexpr T kChoices[] = {-2, -1, -0.5, 0.5, 1, 2};
      x = kChoices[random() % 6];
    } else {
      const int r = static_cast<int>(random() % 41);
      x = static_cast<T>(std::is_signed_v<T> ? r - 20 : r);
    }
  }
  return v;
}

// cl_khr_subgroup_non_uniform_arithmetic: reduce and both scans of each operator, by the whole
// sub-group and in a branch taken by part of it.
template <class T>
void check_non_uniform(ReferenceDevice& dev, const std::string& options, const std::string& type) {
  const std::vector<HostOp> ops = ops_of(type);
  const std::size_t per_item = 6 * ops.size();
  std::string source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                       "kernel void arithmetic(global const " + type +
                       "* in, global const int* keep, global " + type + "* out) {\n"
                       "  size_t i = get_global_id(0);\n  " + type + " x = in[i];\n"
                       "  global " + type + "* o = out + " + std::to_string(per_item) + " * i;\n";
  std::string kept;
  std::size_t slot = 0;
  for (HostOp op : ops) {
    const std::string name = kOpNames[static_cast<int>(op)];
    const bool logical = op >= HostOp::LogicalAnd;
    const std::string arg = logical ? "(x & 1)" : "x";
    for (const char* form : {"reduce_", "scan_inclusive_", "scan_exclusive_"}) {
      source += "  o[" + std::to_string(slot++) + "] = sub_group_non_uniform_" + form + name + "(" + arg + ");\n";
      kept += "    o[" + std::to_string(slot + 2) + "] = sub_group_non_uniform_" + form + name + "(" + arg + ");\n";
    }
    slot += 3;
  }
  source += "  if (keep[i]) {\n" + kept + "  }\n}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(29);
  for (const Geometry& g : kGeometries) {
    const std::vector<T> in = values<T>(g.global, random);
    const std::vector<cl_int> keep = keep_pattern(g.global, random);
    std::vector<T> out(per_item * g.global, T{});
    cl_mem bin = dev.buffer(in), bkeep = dev.buffer(keep), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "arithmetic");
    ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup s = sub_group_of(i, g);
      std::vector<std::size_t> everyone;
      for (std::size_t j = s.first; j < s.first + s.size; ++j) everyone.push_back(j);
      const std::vector<std::size_t> active = active_of(i, g, keep);
      for (std::size_t o = 0; o < ops.size(); ++o) {
        const HostOp op = ops[o];
        auto x = [&](std::size_t j) { return operand(op, in[j]); };
        for (int part = 0; part < 2; ++part) {
          if (part == 1 && !keep[i]) continue;
          const std::vector<std::size_t>& over = part == 0 ? everyone : active;
          T total = x(over.front()), inclusive = host_identity<T>(op), exclusive = host_identity<T>(op);
          for (std::size_t k = 1; k < over.size(); ++k) total = host_combine(op, total, x(over[k]));
          for (std::size_t j : over) {
            if (j < i) exclusive = host_combine(op, exclusive, x(j));
            if (j <= i) inclusive = host_combine(op, inclusive, x(j));
          }
          const T* got = &out[per_item * i + 6 * o + 3 * part];
          EXPECT_EQ(got[0], total) << type << " " << kOpNames[o] << " reduce part " << part << " at " << i;
          EXPECT_EQ(got[1], inclusive) << type << " " << kOpNames[o] << " inclusive part " << part << " at " << i;
          EXPECT_EQ(got[2], exclusive) << type << " " << kOpNames[o] << " exclusive part " << part << " at " << i;
        }
      }
    }
  }
}

TEST_P(SubGroupExtensions, NonUniformArithmeticOfEachType) {
  ASSERT_TRUE(dev.available());
  check_non_uniform<cl_int>(dev, options(), "int");
  check_non_uniform<cl_uint>(dev, options(), "uint");
  check_non_uniform<cl_long>(dev, options(), "long");
  check_non_uniform<cl_ulong>(dev, options(), "ulong");
  check_non_uniform<cl_char>(dev, options(), "char");
  check_non_uniform<cl_uchar>(dev, options(), "uchar");
  check_non_uniform<cl_short>(dev, options(), "short");
  check_non_uniform<cl_ushort>(dev, options(), "ushort");
  check_non_uniform<cl_float>(dev, options(), "float");
  check_non_uniform<cl_double>(dev, options(), "double");
}

// cl_khr_subgroup_clustered_reduce: clusters of 1 to 16 work-items (and 32 where the maximum
// sub-group size allows), by the whole sub-group and in a branch taken by part of it.
template <class T>
void check_clustered(ReferenceDevice& dev, const std::string& options, const std::string& type) {
  const std::vector<HostOp> ops = ops_of(type);
  constexpr unsigned kSizes[] = {1, 2, 4, 8, 16, 32};
  const std::size_t per_item = 2 * 6 * ops.size();
  std::string source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                       "kernel void clusters(global const " + type +
                       "* in, global const int* keep, global " + type + "* out) {\n"
                       "  size_t i = get_global_id(0);\n  " + type + " x = in[i];\n"
                       "  global " + type + "* o = out + " + std::to_string(per_item) + " * i;\n";
  std::size_t slot = 0;
  for (int part = 0; part < 2; ++part) {
    source += part == 0 ? "  {\n" : "  if (keep[i]) {\n";
    for (HostOp op : ops) {
      const bool logical = op >= HostOp::LogicalAnd;
      for (unsigned n : kSizes) {
        const std::string call = "sub_group_clustered_reduce_" + std::string(kOpNames[static_cast<int>(op)]) +
                                 "(" + (logical ? "(x & 1)" : "x") + ", " + std::to_string(n) + ")";
        source += n == 32 ? "    if (get_max_sub_group_size() >= 32) o[" + std::to_string(slot++) + "] = " + call + ";\n"
                          : "    o[" + std::to_string(slot++) + "] = " + call + ";\n";
      }
    }
    source += "  }\n";
  }
  source += "}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(31);
  for (const Geometry& g : kGeometries) {
    const std::vector<T> in = values<T>(g.global, random);
    const std::vector<cl_int> keep = keep_pattern(g.global, random);
    std::vector<T> out(per_item * g.global, T{});
    cl_mem bin = dev.buffer(in), bkeep = dev.buffer(keep), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "clusters");
    ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup s = sub_group_of(i, g);
      std::size_t slot = 0;
      for (int part = 0; part < 2; ++part)
        for (HostOp op : ops)
          for (unsigned n : kSizes) {
            const T got = out[per_item * i + slot++];
            if ((part == 1 && !keep[i]) || (n == 32 && s.max < 32)) {
              EXPECT_EQ(got, T{}) << type << " at " << i;
              continue;
            }
            auto x = [&](std::size_t j) { return operand(op, in[j]); };
            const std::size_t cluster_first = s.first + s.local_id / n * n;
            bool any = false;
            T total{};
            for (std::size_t j = cluster_first; j < std::min(cluster_first + n, s.first + s.size); ++j) {
              if (part == 1 && !keep[j]) continue;
              total = any ? host_combine(op, total, x(j)) : x(j);
              any = true;
            }
            EXPECT_EQ(got, total) << type << " " << kOpNames[static_cast<int>(op)] << " cluster " << n
                                  << " part " << part << " at " << i;
          }
    }
  }
}

TEST_P(SubGroupExtensions, ClusteredReductionsOfEachType) {
  ASSERT_TRUE(dev.available());
  check_clustered<cl_int>(dev, options(), "int");
  check_clustered<cl_uchar>(dev, options(), "uchar");
  check_clustered<cl_short>(dev, options(), "short");
  check_clustered<cl_ulong>(dev, options(), "ulong");
  check_clustered<cl_float>(dev, options(), "float");
  check_clustered<cl_double>(dev, options(), "double");
}

// cl_khr_subgroup_extended_types: broadcast, reduce and scans of char, uchar, short and ushort,
// and broadcast of vectors.
template <class T>
void check_extended(ReferenceDevice& dev, const std::string& options, const std::string& type) {
  std::string source = "kernel void extended(global const " + type + "* in, global const int* keep, global " +
                       type + "* out) {\n  size_t i = get_global_id(0);\n  " + type + " x = in[i];\n"
                       "  global " + type + "* o = out + 14 * i;\n"
                       "  o[0] = sub_group_broadcast(x, 2);\n";
  int slot = 1;
  for (const char* op : {"add", "min", "max"})
    for (const char* form : {"reduce_", "scan_inclusive_", "scan_exclusive_"})
      source += "  o[" + std::to_string(slot++) + "] = sub_group_" + form + op + "(x);\n";
  source += "  " + type + "4 v = sub_group_broadcast((" + type + "4)(x, x + 1, x + 2, x + 3), 3);\n"
            "  o[10] = v.x; o[11] = v.y; o[12] = v.z; o[13] = v.w;\n}\n";
  cl_program p = dev.build(source, options);
  ASSERT_NE(p, nullptr) << type;
  std::mt19937 random(37);
  for (const Geometry& g : kGeometries) {
    const std::vector<T> in = values<T>(g.global, random);
    std::vector<T> out(14 * g.global, T{});
    std::vector<cl_int> keep(g.global, 1);
    cl_mem bin = dev.buffer(in), bkeep = dev.buffer(keep), bout = dev.buffer(out);
    cl_kernel k = dev.kernel(p, "extended");
    ASSERT_EQ(dev.run(k, {g.global}, {g.local}, bin, bkeep, bout), CL_SUCCESS);
    out = dev.read<T>(bout, out.size());
    for (std::size_t i = 0; i < g.global; ++i) {
      const SubGroup s = sub_group_of(i, g);
      const T* o = &out[14 * i];
      EXPECT_EQ(o[0], in[s.first + 2]) << type << " at " << i;
      int k = 1;
      for (HostOp op : {HostOp::Add, HostOp::Min, HostOp::Max}) {
        T total = in[s.first], inclusive = host_identity<T>(op), exclusive = host_identity<T>(op);
        for (std::size_t j = s.first + 1; j < s.first + s.size; ++j) total = host_combine(op, total, in[j]);
        for (std::size_t j = s.first; j <= i; ++j) {
          if (j < i) exclusive = host_combine(op, exclusive, in[j]);
          inclusive = host_combine(op, inclusive, in[j]);
        }
        EXPECT_EQ(o[k++], total) << type << " " << kOpNames[static_cast<int>(op)] << " at " << i;
        EXPECT_EQ(o[k++], inclusive) << type << " " << kOpNames[static_cast<int>(op)] << " at " << i;
        EXPECT_EQ(o[k++], exclusive) << type << " " << kOpNames[static_cast<int>(op)] << " at " << i;
      }
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(o[10 + c], static_cast<T>(in[s.first + 3] + c)) << type << " vector at " << i;
    }
  }
}

TEST_P(SubGroupExtensions, ExtendedTypes) {
  ASSERT_TRUE(dev.available());
  check_extended<cl_char>(dev, options(), "char");
  check_extended<cl_uchar>(dev, options(), "uchar");
  check_extended<cl_short>(dev, options(), "short");
  check_extended<cl_ushort>(dev, options(), "ushort");
  check_extended<cl_int>(dev, options(), "int");
  check_extended<cl_float>(dev, options(), "float");
}

// Half (cl_khr_fp16, which the device has): the core functions and the extensions' take it as
// gentype. Values of a few powers of two keep every sum and product exact in half; results are
// stored as float.
TEST_P(SubGroupExtensions, HalfPrecision) {
  ASSERT_TRUE(dev.available());
  const std::string source =
      "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
      "kernel void halves(global const float* in, global const int* keep, global float* out) {\n"
      "  size_t i = get_global_id(0);\n"
      "  half x = (half)in[i];\n"
      "  half s = in[i] > 0 ? (half)1 : (half)-1;\n"
      "  global float* o = out + 12 * i;\n"
      "  o[0] = sub_group_reduce_add(x);\n"
      "  o[1] = sub_group_scan_inclusive_min(x);\n"
      "  o[2] = sub_group_scan_exclusive_max(x);\n"
      "  o[3] = sub_group_broadcast(x, 1);\n"
      "  o[4] = sub_group_non_uniform_reduce_mul(s);\n"
      "  o[5] = sub_group_shuffle_xor(x, 1);\n"
      "  o[6] = sub_group_non_uniform_all_equal(x);\n"
      "  o[7] = sub_group_clustered_reduce_add(x, 4);\n"
      "  if (keep[i]) {\n"
      "    o[8] = sub_group_non_uniform_scan_inclusive_add(x);\n"
      "    o[9] = sub_group_non_uniform_scan_exclusive_mul(s);\n"
      "    o[10] = sub_group_broadcast_first(x);\n"
      "    o[11] = sub_group_non_uniform_reduce_max(x);\n"
      "  }\n"
      "}\n";
  std::mt19937 random(41);
  const std::vector<cl_float> in = values<cl_float>(200, random);
  const std::vector<cl_int> keep = keep_pattern(in.size(), random);
  run_each<cl_float, cl_float>(source, "halves", in, keep, 12,
      [&](const Geometry& g, const std::vector<cl_float>& in, const std::vector<cl_int>& keep,
          const std::vector<cl_float>& out) {
        const float inf = std::numeric_limits<float>::infinity();
        auto sign = [&](std::size_t j) { return in[j] > 0 ? 1.0f : -1.0f; };
        for (std::size_t i = 0; i < g.global; ++i) {
          const SubGroup s = sub_group_of(i, g);
          const cl_float* o = &out[12 * i];
          float sum = 0, inclusive_min = inf, exclusive_max = -inf, product = 1, cluster = 0;
          bool equal = true;
          for (std::size_t j = s.first; j < s.first + s.size; ++j) {
            sum += in[j];
            product *= sign(j);
            equal = equal && in[j] == in[s.first];
            if (j <= i) inclusive_min = std::min(inclusive_min, in[j]);
            if (j < i) exclusive_max = std::max(exclusive_max, in[j]);
            if ((j - s.first) / 4 == s.local_id / 4) cluster += in[j];
          }
          EXPECT_EQ(o[0], sum) << i;
          EXPECT_EQ(o[1], inclusive_min) << i;
          EXPECT_EQ(o[2], exclusive_max) << i;
          EXPECT_EQ(o[3], in[s.first + 1]) << i;
          EXPECT_EQ(o[4], product) << i;
          EXPECT_EQ(o[5], in[s.first + (s.local_id ^ 1)]) << i;
          EXPECT_EQ(o[6] != 0, equal) << i;
          EXPECT_EQ(o[7], cluster) << i;
          if (!keep[i]) continue;
          const std::vector<std::size_t> active = active_of(i, g, keep);
          float kept_sum = 0, kept_product = 1, kept_max = -inf;
          for (std::size_t j : active) {
            if (j <= i) kept_sum += in[j];
            if (j < i) kept_product *= sign(j);
            kept_max = std::max(kept_max, in[j]);
          }
          EXPECT_EQ(o[8], kept_sum) << i;
          EXPECT_EQ(o[9], kept_product) << i;
          EXPECT_EQ(o[10], in[active.front()]) << i;
          EXPECT_EQ(o[11], kept_max) << i;
        }
      });
}

// Each extension is advertised, and its macro defined, exactly with the others.
TEST_P(SubGroupExtensions, AdvertisedAndDefined) {
  ASSERT_TRUE(dev.available());
  std::size_t size = 0;
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS, 0, nullptr, &size), CL_SUCCESS);
  std::string extensions(size, '\0');
  ASSERT_EQ(clGetDeviceInfo(dev.device, CL_DEVICE_EXTENSIONS, size, extensions.data(), nullptr), CL_SUCCESS);
  extensions = " " + extensions.substr(0, extensions.find('\0')) + " ";
  std::string source;
  for (const char* name : {"cl_khr_subgroup_ballot", "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative",
                           "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_arithmetic",
                           "cl_khr_subgroup_clustered_reduce", "cl_khr_subgroup_non_uniform_vote",
                           "cl_khr_subgroup_rotate"}) {
    EXPECT_NE(extensions.find(" " + std::string(name) + " "), std::string::npos) << name;
    source += "#ifndef " + std::string(name) + "\n#error " + name + " missing\n#endif\n";
  }
  source += "kernel void k(global int* o) { *o = 1; }\n";
  EXPECT_NE(dev.build(source, options()), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Kernels, SubGroupExtensions, ::testing::Values("", "-cl-opt-disable"),
                         [](const auto& info) { return info.param[0] ? std::string("OptDisable") : std::string("AsWritten"); });

}  // namespace
