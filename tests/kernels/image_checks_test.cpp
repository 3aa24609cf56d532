// The kernel checkers on images: a write_image outside the image, a sampler-less read outside
// it and a layer outside an array are undefined (1.2 §6.12.14.4, SPIR-V environment §7.5) and
// each a finding naming the image and the coordinates; texels nothing wrote, read and stored,
// are uninitialised; two work-items writing one texel race; read_imagef of an integer image is
// undefined (§6.12.14.2). A clean kernel with samplers has no finding at all. Each scenario runs
// in a child process whose JSON report (written at exit) is read back.
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference_device.h"

namespace {

namespace fs = std::filesystem;

const char* const kSource =
    "kernel void write_past(write_only image2d_t dst) {\n"                           // 1
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 2
    "  write_imagef(dst, (int2)(x + 1, y), (float4)(1.0f));\n"                       // 3
    "}\n"                                                                            // 4
    "kernel void read_before(read_only image2d_t src, global float4* out) {\n"       // 5
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 6
    "  out[y * 4 + x] = read_imagef(src, (int2)(x, y - 1));\n"                       // 7
    "}\n"                                                                            // 8
    "kernel void layer_past(read_only image2d_array_t src, global float4* out) {\n"  // 9
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 10
    "  out[y * 4 + x] = read_imagef(src, (int4)(x, y, 2, 0));\n"                     // 11
    "}\n"                                                                            // 12
    "kernel void copy(read_only image2d_t src, global float4* out) {\n"              // 13
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 14
    "  out[y * 4 + x] = read_imagef(src, (int2)(x, y));\n"                           // 15
    "}\n"                                                                            // 16
    "kernel void collide(write_only image2d_t dst) {\n"                              // 17
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 18
    "  write_imagef(dst, (int2)(x / 2, y), (float4)((float)x));\n"                   // 19
    "}\n"                                                                            // 20
    "kernel void blur(read_only image2d_t src, write_only image2d_t dst,\n"          // 21
    "                 sampler_t s) {\n"                                              // 22
    "  int x = get_global_id(0), y = get_global_id(1);\n"                            // 23
    "  float2 c = (float2)(x + 0.5f, y + 0.5f);\n"                                   // 24
    "  float4 v = read_imagef(src, s, c - 1.0f) + read_imagef(src, s, c + 1.0f);\n"  // 25
    "  write_imagef(dst, (int2)(x, y), v * 0.5f);\n"                                 // 26
    "}\n";                                                                           // 27

struct Finding {
  std::string kind, detail;
  int line = 0;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

cl_mem image(clvet::test::ReferenceDevice& dev, cl_mem_object_type type, cl_image_format format,
             bool initialised, std::size_t layers = 0) {
  cl_image_desc d{};
  d.image_type = type;
  d.image_width = 4;
  d.image_height = 4;
  d.image_array_size = layers;
  std::vector<float> pixels(4 * 4 * 4 * std::max<std::size_t>(1, layers), 0.25f);
  cl_int err = CL_SUCCESS;
  cl_mem m = clCreateImage(dev.context, CL_MEM_READ_WRITE | (initialised ? CL_MEM_COPY_HOST_PTR : 0),
                           &format, &d, initialised ? pixels.data() : nullptr, &err);
  EXPECT_EQ(err, CL_SUCCESS);
  return m;
}

// Runs `kernel` over 4 x 4 work-items with `args` made in a child process; its findings.
template <class MakeArgs>
std::vector<Finding> findings_of(const char* kernel, MakeArgs make_args) {
  const fs::path report =
      fs::temp_directory_path() / ("clvet-image-checks-" + std::to_string(getpid()) + ".json");
  fs::remove(report);
  pid_t child = fork();
  if (child == 0) {
    setenv("CLVET_REPORT", report.c_str(), 1);
    setenv("CLVET_REPORT_FORMAT", "json", 1);
    int failures = 0;
    {
      clvet::test::ReferenceDevice dev;
      if (!dev.available()) std::_Exit(2);
      cl_program p = dev.build(kSource);
      if (!p) std::_Exit(3);
      cl_kernel k = dev.kernel(p, kernel);
      std::vector<cl_mem> args = make_args(dev);
      for (cl_uint i = 0; i < args.size(); ++i) clSetKernelArg(k, i, sizeof(cl_mem), &args[i]);
      if (std::string(kernel) == "blur") {
        cl_int err;
        cl_sampler s = clCreateSampler(dev.context, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, &err);
        clSetKernelArg(k, 2, sizeof s, &s);
      }
      const std::size_t global[2] = {4, 4};
      EXPECT_EQ(clEnqueueNDRangeKernel(dev.queue, k, 2, nullptr, global, nullptr, 0, nullptr, nullptr),
                CL_SUCCESS);
      EXPECT_EQ(clFinish(dev.queue), CL_SUCCESS);
      for (cl_mem m : args) {  // the images (the device helper releases its buffers)
        cl_mem_object_type type = 0;
        clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof type, &type, nullptr);
        if (type != CL_MEM_OBJECT_BUFFER) clReleaseMemObject(m);
      }
      failures = testing::Test::HasFailure() ? 4 : 0;
    }
    std::exit(failures);  // exit, not _exit: the report is written at exit
  }
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child failed";
  std::vector<Finding> out;
  const std::string text = read_text(report);
  fs::remove(report);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return out;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded());
  if (j.is_discarded() || !j.contains("findings")) return out;
  for (const nlohmann::json& f : j["findings"])
    out.push_back({f.value("kind", std::string()), f.value("detail", std::string()), f.value("line", 0)});
  return out;
}

std::string all(const std::vector<Finding>& findings) {
  std::string s;
  for (const Finding& f : findings) s += f.kind + " line " + std::to_string(f.line) + ": " + f.detail + "\n";
  return s;
}

const cl_image_format kRGBAF{CL_RGBA, CL_FLOAT};

class ImageChecks : public testing::Test {
 protected:
  // Only asks whether the platform is there: no queue before fork() (see uninit_host_writes).
  void SetUp() override {
    cl_uint n = 0;
    if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) GTEST_SKIP() << "no platform";
  }
};

TEST_F(ImageChecks, WriteOutsideTheImageNamesImageAndCoordinates) {
  auto f = findings_of("write_past", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, true)};
  });
  ASSERT_EQ(f.size(), 1u) << all(f);
  EXPECT_EQ(f[0].kind, "undefined-behaviour");
  EXPECT_EQ(f[0].line, 3);
  EXPECT_NE(f[0].detail.find("write_imagef of image argument 0 'dst'"), std::string::npos) << f[0].detail;
  EXPECT_NE(f[0].detail.find("at (4, "), std::string::npos) << f[0].detail;
  EXPECT_NE(f[0].detail.find("clCreateImage"), std::string::npos) << f[0].detail;
}

TEST_F(ImageChecks, SamplerlessReadOutsideTheImage) {
  auto f = findings_of("read_before", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, true),
                               dev.buffer(std::vector<float>(64, 0.0f))};
  });
  ASSERT_EQ(f.size(), 1u) << all(f);
  EXPECT_EQ(f[0].line, 7);
  EXPECT_NE(f[0].detail.find("at (0, -1): y = -1 is outside the image's height of 4"),
            std::string::npos)
      << f[0].detail;
}

TEST_F(ImageChecks, LayerOutsideTheArray) {
  auto f = findings_of("layer_past", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D_ARRAY, kRGBAF, true, 2),
                               dev.buffer(std::vector<float>(64, 0.0f))};
  });
  ASSERT_EQ(f.size(), 1u) << all(f);
  EXPECT_EQ(f[0].line, 11);
  EXPECT_NE(f[0].detail.find("layer 2)"), std::string::npos) << f[0].detail;
  EXPECT_NE(f[0].detail.find("layer 2 is outside the array's 2 layers"), std::string::npos)
      << f[0].detail;
}

TEST_F(ImageChecks, TexelsNothingWroteAreUninitialised) {
  auto f = findings_of("copy", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, false),
                               dev.buffer(std::vector<float>(64, 0.0f))};
  });
  ASSERT_EQ(f.size(), 1u) << all(f);
  EXPECT_EQ(f[0].kind, "uninitialised");
  EXPECT_EQ(f[0].line, 15);
  // The same kernel over an image created with host data is silent.
  auto clean = findings_of("copy", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, true),
                               dev.buffer(std::vector<float>(64, 0.0f))};
  });
  EXPECT_TRUE(clean.empty()) << all(clean);
}

TEST_F(ImageChecks, TwoWorkItemsWritingOneTexelRace) {
  auto f = findings_of("collide", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, true)};
  });
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].kind, "race-write-write") << all(f);
  EXPECT_EQ(f[0].line, 19);
}

TEST_F(ImageChecks, ReadImagefOfAnIntegerImage) {
  auto f = findings_of("copy", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, {CL_RGBA, CL_SIGNED_INT32}, true),
                               dev.buffer(std::vector<float>(64, 0.0f))};
  });
  ASSERT_EQ(f.size(), 1u) << all(f);
  EXPECT_EQ(f[0].kind, "undefined-behaviour");
  EXPECT_NE(f[0].detail.find("read_imagef"), std::string::npos) << f[0].detail;
}

// A clean filter: linear sampling outside the image (CLAMP gives the border colour, defined) and
// one write per work-item: nothing to report.
TEST_F(ImageChecks, CleanSampledFilterHasNoFinding) {
  auto f = findings_of("blur", [](auto& dev) {
    return std::vector<cl_mem>{image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, true),
                               image(dev, CL_MEM_OBJECT_IMAGE2D, kRGBAF, false)};
  });
  EXPECT_TRUE(f.empty()) << all(f);
}

}  // namespace
