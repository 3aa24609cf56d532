// The engine's taint shadow as a checker configures it (LaunchRequest::taint): the sources say
// which bytes start tainted and the sinks which uses are reported; the engine only carries taint
// and says where a configured sink took tainted bytes. One kernel, whose private variable `x`
// holds no value in the work-items that skip its assignment (OpenCL C gives private variables
// no initial value), runs under each configuration, at -O2 and with -cl-opt-disable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "frontend_test_support.h"

namespace {

using namespace clvet::interp;

// Line 4 compares a buffer's bytes, line 5 `x` (a condition); line 6 stores `x` to global
// memory; line 7 passes it to a built-in whose result line 8 stores.
const char* kSource = R"(kernel void k(global int* out, global const int* in) {
  int i = get_global_id(0);
  int x;
  if (in[i] > 0) x = in[i];
  if (x > 2) out[i] = 1;
  out[8 + i] = x;
  int bits = popcount(x);
  out[16 + i] = bits;
}
)";
constexpr std::size_t kItems = 8;

enum class Family { Condition, Address, GlobalStore, BuiltinValue, Other };

Family family_of(TaintSink sink) {
  switch (sink) {
    case TaintSink::BranchCondition: case TaintSink::SwitchCondition: case TaintSink::Comparison:
    case TaintSink::SelectCondition: return Family::Condition;
    case TaintSink::LoadAddress: case TaintSink::StoreAddress: case TaintSink::AtomicAddress:
    case TaintSink::CopyAddress: case TaintSink::BuiltinPointer: return Family::Address;
    case TaintSink::GlobalStore: case TaintSink::AtomicGlobalStore:
    case TaintSink::BuiltinGlobalStore: return Family::GlobalStore;
    case TaintSink::BuiltinValue: return Family::BuiltinValue;
    case TaintSink::None: break;
  }
  return Family::Other;
}

struct Uses {
  std::set<std::uint32_t> lines;
  std::set<Family> families;
  std::size_t others = 0;  // engine events that are no TaintedUse
};

// Runs the kernel with `in` = {0, 5, 0, 5, ...}: the odd work-items write `x`, the even ones do
// not. `in_tainted`: every byte of `in` marked tainted (as if nothing had written the buffer).
Uses run(const TaintConfig& taint, const std::string& options, bool in_tainted = false) {
  Uses uses;
  std::string error;
  auto exe = Executable::load(clvet::interp::testing::build(kSource, options), error);
  EXPECT_TRUE(exe) << error;
  if (!exe) return uses;
  std::vector<std::int32_t> out(3 * kItems, 0), in(kItems);
  for (std::size_t i = 0; i < kItems; ++i) in[i] = i % 2 ? 5 : 0;
  std::vector<std::uint8_t> out_marks(out.size() * 4, 0), in_marks(in.size() * 4, 1);
  LaunchRequest r;
  r.kernel = "k";
  r.global_size[0] = r.local_size[0] = kItems;
  LaunchArg a;
  a.kind = LaunchArg::Kind::Buffer;
  a.pointer = out.data();
  a.size = out.size() * 4;
  a.taint = out_marks.data();
  r.args.push_back(a);
  a.pointer = in.data();
  a.size = in.size() * 4;
  a.taint = in_tainted ? in_marks.data() : nullptr;
  r.args.push_back(a);
  r.taint = taint;
  LaunchResult result = exe->launch(r);
  EXPECT_TRUE(result.ok) << result.error;
  EXPECT_EQ(result.more_problems, 0u);
  for (const EngineProblem& p : result.problems) {
    if (p.event != EngineEvent::TaintedUse) {
      ++uses.others;
      continue;
    }
    uses.lines.insert(p.site.line);
    uses.families.insert(family_of(p.sink));
  }
  // Whatever is reported, the kernel computed what it computes.
  for (std::size_t i = 1; i < kItems; i += 2) EXPECT_EQ(out[8 + i], 5) << i;
  return uses;
}

TaintConfig config(bool private_memory, bool conditions, bool global_stores,
                   bool builtin_values = false) {
  TaintConfig c;
  c.sources.private_memory = private_memory;
  c.sinks.conditions = conditions;
  c.sinks.global_stores = global_stores;
  c.sinks.builtin_values = builtin_values;
  return c;
}

class Taint : public ::testing::TestWithParam<const char*> {};

TEST_P(Taint, OffMeansNoShadowAndNoReport) {
  // Sinks without a source, a source without a sink, neither: the shadow is off.
  for (const TaintConfig& c : {config(false, true, true, true), config(true, false, false),
                               TaintConfig{}}) {
    EXPECT_FALSE(c.on());
    Uses u = run(c, GetParam());
    EXPECT_TRUE(u.lines.empty());
    EXPECT_EQ(u.others, 0u);
  }
}

TEST_P(Taint, OnlyConfiguredConditionsAreReported) {
  Uses u = run(config(true, true, false), GetParam());
  EXPECT_EQ(u.lines, (std::set<std::uint32_t>{5}));
  EXPECT_EQ(u.families, (std::set<Family>{Family::Condition}));
}

TEST_P(Taint, OnlyConfiguredGlobalStoresAreReported) {
  // Line 8 stores popcount's result, which carries its argument's taint.
  Uses u = run(config(true, false, true), GetParam());
  EXPECT_EQ(u.lines, (std::set<std::uint32_t>{6, 8}));
  EXPECT_EQ(u.families, (std::set<Family>{Family::GlobalStore}));
}

TEST_P(Taint, BuiltinValuesAreASinkOnlyWhenConfigured) {
  Uses u = run(config(true, false, false, true), GetParam());
  EXPECT_EQ(u.lines, (std::set<std::uint32_t>{7}));
  EXPECT_EQ(u.families, (std::set<Family>{Family::BuiltinValue}));
}

TEST_P(Taint, EverySinkFamilyTogether) {
  Uses u = run(config(true, true, true, true), GetParam());
  EXPECT_EQ(u.lines, (std::set<std::uint32_t>{5, 6, 7, 8}));
}

TEST_P(Taint, BufferMarksAreASourceOnlyWhenConfigured) {
  // The buffer's marks alone: the comparison of line 4 reads them, and `x` copied from the
  // buffer decides line 5 in the odd work-items; the private variable is clean.
  TaintConfig c = config(false, true, false);
  c.sources.buffer_marks = true;
  Uses u = run(c, GetParam(), true);
  EXPECT_EQ(u.lines, (std::set<std::uint32_t>{4, 5}));
  c.sources.buffer_marks = false;
  c.sources.local_memory = true;  // on, but nothing of this kernel is tainted
  EXPECT_TRUE(run(c, GetParam(), true).lines.empty());
}

INSTANTIATE_TEST_SUITE_P(Options, Taint, ::testing::Values("", "-cl-opt-disable"),
                         [](const auto& info) {
                           return std::string(info.param[0] ? "opt_disable" : "default");
                         });

}  // namespace
