// compile_opencl_c: the build options of 1.2 §5.6.4 / 2.2 §5.8.6, diagnostics with
// file:line:col, embedded headers (§5.6.3 clCompileProgram) and the predefined macros.
#include <filesystem>
#include <fstream>

#include <llvm/IR/Instructions.h>

#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

const char* kAdd = "__kernel void add(__global float* a, float b) { a[get_global_id(0)] += b; }\n";

TEST(Compile, SimpleKernelGivesBitcode) {
  FrontEndResult r = compile(kAdd);
  ASSERT_TRUE(r.ok()) << r.log;
  EXPECT_GT(r.bitcode.size(), 4u);
  EXPECT_EQ(r.bitcode[0], 'B');
}

// §5.6.4.1: -D name, -D name=definition, with or without a blank, quoted definitions.
TEST(Compile, PreprocessorDefinitions_5_6_4_1) {
  const char* source =
      "#if !defined(A) || B != 2 || C != 7\n#error macros missing\n#endif\n"
      "__kernel void k(__global int* p) { *p = B + C; }\n";
  EXPECT_TRUE(compile(source, "-D A -DB=2 -D \"C=(3 + 4)\"").ok());
  FrontEndResult missing = compile(source, "-DB=2");
  EXPECT_EQ(missing.status, FrontEndStatus::Failed);
  EXPECT_NE(missing.log.find("macros missing"), std::string::npos) << missing.log;
}

TEST(Compile, IncludeDirectory_5_6_4_1) {
  auto dir = std::filesystem::temp_directory_path() / ("clvet-fe-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "with space");
  std::ofstream(dir / "with space" / "value.h") << "#define VALUE 5\n";
  const char* source = "#include \"value.h\"\n__kernel void k(__global int* p) { *p = VALUE; }\n";
  EXPECT_EQ(compile(source).status, FrontEndStatus::Failed);
  FrontEndResult r = compile(source, "-I \"" + (dir / "with space").string() + "\"");
  EXPECT_TRUE(r.ok()) << r.log;
  std::filesystem::remove_all(dir);
}

TEST(Compile, UnknownOptionIsInvalidOptionsNamingIt) {
  FrontEndResult r = compile(kAdd, "-cl-mad-enable -fno-such-thing");
  EXPECT_EQ(r.status, FrontEndStatus::InvalidOptions);
  EXPECT_NE(r.log.find("-fno-such-thing"), std::string::npos) << r.log;
  EXPECT_EQ(compile(kAdd, "-D").status, FrontEndStatus::InvalidOptions);
  EXPECT_EQ(compile(kAdd, "-cl-std=CL9.9").status, FrontEndStatus::InvalidOptions);
  EXPECT_EQ(compile(kAdd, "-D \"unterminated").status, FrontEndStatus::InvalidOptions);
}

TEST(Compile, EveryStandardOptionIsAccepted_5_6_4) {
  for (const char* options :
       {"-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
        "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-single-precision-constant",
        "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt",
        "-cl-uniform-work-group-size", "-cl-no-subgroup-ifp", "-cl-kernel-arg-info", "-g", "-w",
        "-Werror", "-cl-std=CL1.0", "-cl-std=CL1.1", "-cl-std=CL1.2", "-cl-std=CL3.0",
        "-x spir -spir-std=1.2", "-cl-strict-aliasing"}) {
    FrontEndResult r = compile(kAdd, options);
    EXPECT_TRUE(r.ok()) << options << ": " << r.log;
  }
}

TEST(Compile, ErrorsCarryFileLineColumnSourceLineAndCaret) {
  FrontEndResult r = compile("__kernel void k(__global int* p) {\n  *p = 1;\n  *p = undeclared;\n}\n");
  ASSERT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find(".cl:3:8: error"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("  *p = undeclared;"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("^"), std::string::npos) << r.log;
}

// The program's source is named like a file, in the build log as in the debug info (and so in
// the checkers' findings and SARIF): "program-<hash of the text>.cl", the same for the same
// text, different for another.
TEST(Compile, ProgramSourceHasAStableFileName) {
  auto name_in_log = [](const std::string& source) {
    FrontEndResult r = compile(source);
    EXPECT_EQ(r.status, FrontEndStatus::Failed);
    return r.log.substr(0, r.log.find(':'));
  };
  const std::string first = name_in_log("__kernel void k() { nope; }\n");
  EXPECT_TRUE(first.starts_with("program-") && first.ends_with(".cl") && first.size() == 19)
      << first;
  EXPECT_EQ(name_in_log("__kernel void k() { nope; }\n"), first);
  EXPECT_NE(name_in_log("__kernel void k() { nope2; }\n"), first);
}

// §5.6.4.3: -w inhibits warnings, -Werror makes them errors.
TEST(Compile, WarningsWAndWerror_5_6_4_3) {
  const char* source = "#warning look here\n__kernel void k(__global int* p) { *p = 1; }\n";
  FrontEndResult plain = compile(source);
  ASSERT_TRUE(plain.ok()) << plain.log;
  EXPECT_NE(plain.log.find("warning"), std::string::npos) << plain.log;
  FrontEndResult quiet = compile(source, "-w");
  ASSERT_TRUE(quiet.ok());
  EXPECT_EQ(quiet.log.find("warning"), std::string::npos) << quiet.log;
  EXPECT_EQ(compile(source, "-Werror").status, FrontEndStatus::Failed);
}

// 2.2 §5.8.6.5: OpenCL C 2.0 "will fail to compile" on a device without it; 1.2 is the default.
TEST(Compile, LanguageVersions_5_8_6_5) {
  const char* check12 = "#if __OPENCL_C_VERSION__ != 120\n#error not 1.2\n#endif\n__kernel void k() {}\n";
  EXPECT_TRUE(compile(check12).ok());
  const char* check30 = "#if __OPENCL_C_VERSION__ != 300\n#error not 3.0\n#endif\n__kernel void k() {}\n";
  FrontEndResult r30 = compile(check30, "-cl-std=CL3.0");
  EXPECT_TRUE(r30.ok()) << r30.log;
  FrontEndResult cl20 = compile("__kernel void k() {}", "-cl-std=CL2.0");
  EXPECT_EQ(cl20.status, FrontEndStatus::Failed);
  EXPECT_NE(cl20.log.find("2.0"), std::string::npos);
}

// The feature and extension macros match exactly what the table claims for the device (a device
// without images, the compiler's default): each claimed one defined under CL3.0, each other one
// Clang or its header knows undefined, extensions under CL1.2 too, and no feature macro there.
TEST(Compile, FeatureAndExtensionMacrosMatchTheTable) {
  const TargetDevice device;
  for (const char* language : {"-cl-std=CL3.0", "-cl-std=CL1.2"}) {
    const bool c30 = std::string(language) == "-cl-std=CL3.0";
    std::string source;
    for (std::string_view macro : clang_feature_macros()) {
      const bool feature = macro.rfind("__opencl_c_", 0) == 0;
      const bool defined = claims(device, macro) && (c30 || !feature);
      source += std::string(defined ? "#ifndef " : "#ifdef ") + std::string(macro) + "\n#error " +
                std::string(macro) + (defined ? " missing" : " claimed") + "\n#endif\n";
    }
    source += "__kernel void k(__global int* d) { *d = 1; }\n";
    FrontEndResult r = compile(source.c_str(), language);
    EXPECT_TRUE(r.ok()) << language << "\n" << r.log;
  }
  // The table has the features the device reports today; a device with images claims theirs.
  EXPECT_TRUE(claims(device, "__opencl_c_fp64"));
  EXPECT_TRUE(claims(device, "__opencl_c_generic_address_space"));
  EXPECT_TRUE(claims(device, "__opencl_c_subgroups"));
  // Sub-groups without independent forward progress: the feature, never cl_khr_subgroups (3.0
  // §4.2, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS).
  EXPECT_FALSE(claims(device, "cl_khr_subgroups"));
  EXPECT_FALSE(claims(device, "__opencl_c_images"));
  TargetDevice with_images;
  with_images.image_support = true;
  EXPECT_TRUE(claims(with_images, "__opencl_c_3d_image_writes"));
  EXPECT_TRUE(claims(with_images, "cl_khr_3d_image_writes"));
}

// OpenCL C 3.0 §6.2.1: a built-in function of an extension or optional feature is there exactly
// when the device claims it; a program calling one the device does not claim fails to compile
// with a log that names the function at its line (the device profiles' devices lack some).
TEST(Compile, BuiltInOfAnUnclaimedExtensionOrFeatureFailsNamingIt_6_2_1) {
  struct Case {
    const char* lacking;
    const char* call;
  };
  const Case cases[] = {
      {"cl_khr_subgroup_ballot", "uint4 v = sub_group_ballot(d[0] > 0); d[1] = v.x;"},
      {"cl_khr_subgroup_shuffle", "d[1] = sub_group_shuffle(d[0], 1u);"},
      {"cl_khr_subgroup_rotate", "d[1] = sub_group_rotate(d[0], 1);"},
      {"__opencl_c_work_group_collective_functions", "d[1] = work_group_reduce_add(d[0]);"},
      {"__opencl_c_subgroups", "d[1] = get_sub_group_id();"},
      {"__opencl_c_integer_dot_product_input_4x8bit_packed",
       "d[1] = dot_4x8packed_ss_int((uint)d[0], 3u);"},
  };
  for (const Case& c : cases) {
    const std::string source =
        std::string("__kernel void k(__global int* d) {\n  ") + c.call + "\n}\n";
    FrontEndResult claimed = compile_opencl_c(source, "-cl-std=CL3.0", {}, TargetDevice{});
    EXPECT_TRUE(claimed.ok()) << c.call << "\n" << claimed.log;
    TargetDevice lacking;
    lacking.lacks = {c.lacking};
    FrontEndResult refused = compile_opencl_c(source, "-cl-std=CL3.0", {}, lacking);
    EXPECT_EQ(refused.status, FrontEndStatus::Failed) << c.lacking;
    const std::string name = std::string(c.call).substr(std::string(c.call).find('=') + 2);
    const std::string function = name.substr(0, name.find('('));
    EXPECT_NE(refused.log.find(":2:"), std::string::npos) << refused.log;
    EXPECT_NE(refused.log.find("error"), std::string::npos) << refused.log;
    EXPECT_NE(refused.log.find(function), std::string::npos) << function << "\n" << refused.log;
  }
  // Work-group collectives are OpenCL C 2.0's and 3.0's: under 1.2 there is none.
  FrontEndResult old = compile("__kernel void k(__global int* d) { d[1] = work_group_reduce_add(d[0]); }");
  EXPECT_EQ(old.status, FrontEndStatus::Failed);
  EXPECT_NE(old.log.find("work_group_reduce_add"), std::string::npos) << old.log;
}

// §5.6.3 clCompileProgram: input_headers found by header_include_names, in folders too.
TEST(Compile, EmbeddedHeaders_5_6_3) {
  std::vector<EmbeddedHeader> headers = {
      {"util.h", "#include \"sub/value.h\"\nint twice(int x) { return 2 * x; }\n"},
      {"sub/value.h", "#define VALUE 21\n"}};
  const char* source = "#include \"util.h\"\n__kernel void k(__global int* p) { *p = twice(VALUE); }\n";
  FrontEndResult r = compile(source, "", headers);
  EXPECT_TRUE(r.ok()) << r.log;
  FrontEndResult missing = compile(source);
  EXPECT_EQ(missing.status, FrontEndStatus::Failed);
  EXPECT_NE(missing.log.find("util.h"), std::string::npos) << missing.log;
}

// Errors inside a header name the header and its line.
TEST(Compile, ErrorInEmbeddedHeaderNamesTheHeader) {
  FrontEndResult r = compile("#include \"bad.h\"\n__kernel void k() {}\n", "",
                             {{"bad.h", "int f() {\n  return nope;\n}\n"}});
  ASSERT_EQ(r.status, FrontEndStatus::Failed);
  EXPECT_NE(r.log.find("bad.h:2:10: error"), std::string::npos) << r.log;
}

// The checkers need every instruction's source position: line tables are always there.
TEST(Compile, LineTablesAlwaysPresent) {
  Bytes bitcode = build("__kernel void k(__global int* p) {\n  p[1] = 7;\n}\n");
  llvm::LLVMContext context;
  auto module = read(bitcode, context);
  ASSERT_TRUE(module);
  bool found = false;
  for (llvm::Function& f : *module)
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b)
        if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
          ASSERT_TRUE(store->getDebugLoc());
          EXPECT_EQ(store->getDebugLoc().getLine(), 2u);
          EXPECT_EQ(store->getDebugLoc().getCol(), 8u);
          found = true;
        }
  EXPECT_TRUE(found);
}

}  // namespace
