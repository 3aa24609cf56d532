// Helpers of the SPIR-V tests: assemble a module's text, and run one of its kernels over
// buffers of uint on the reference device's engine.
#pragma once

#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "clvet/interp/executable.h"
#include "clvet/interp/frontend.h"

namespace clvet::interp::testing {

inline Bytes assemble(const char* text, spv_target_env env = SPV_ENV_OPENCL_1_2) {
  spvtools::SpirvTools tools(env);
  std::vector<std::uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words));
  Bytes bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

// Translates, links and loads `il`, then runs kernel `name` over `n` work-items in one group
// with the buffers `args` (each a vector of uint); the launch's printf output.
inline std::string run_spirv(const Bytes& il, const char* name, std::size_t n,
                             std::vector<std::vector<std::uint32_t>*> args) {
  FrontEndResult translated = translate_spirv(il, {});
  EXPECT_TRUE(translated.ok()) << translated.log;
  if (!translated.ok()) return {};
  FrontEndResult linked = link_bitcode({translated.bitcode}, "");
  EXPECT_TRUE(linked.ok()) << linked.log;
  std::string error;
  auto exe = Executable::load(linked.bitcode, error);
  EXPECT_TRUE(exe) << error;
  if (!exe) return {};
  LaunchRequest r;
  r.kernel = name;
  r.global_size[0] = n;
  r.local_size[0] = n;
  for (std::vector<std::uint32_t>* buffer : args) {
    LaunchArg arg;
    arg.kind = LaunchArg::Kind::Buffer;
    arg.pointer = buffer->data();
    arg.size = buffer->size() * sizeof(std::uint32_t);
    r.args.push_back(arg);
  }
  LaunchResult result = exe->launch(r);
  EXPECT_TRUE(result.ok) << result.error;
  EXPECT_TRUE(result.problems.empty()) << result.problems.front().message;
  return result.printf_output;
}

}  // namespace clvet::interp::testing
