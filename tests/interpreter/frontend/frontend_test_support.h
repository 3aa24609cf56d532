// Helpers of the front-end tests: compile and link OpenCL C in one step, read bitcode as IR.
#pragma once

#include <gtest/gtest.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MemoryBuffer.h>

#include <memory>
#include <string>

#include "clvet/interp/executable.h"
#include "clvet/interp/frontend.h"

namespace clvet::interp::testing {

inline FrontEndResult compile(const std::string& source, const std::string& options = "",
                              const std::vector<EmbeddedHeader>& headers = {}) {
  return compile_opencl_c(source, options, headers);
}

// Compile and link into an executable; fails the test when either step fails.
inline Bytes build(const std::string& source, const std::string& options = "") {
  FrontEndResult compiled = compile_opencl_c(source, options, {});
  EXPECT_TRUE(compiled.ok()) << compiled.log;
  if (!compiled.ok()) return {};
  FrontEndResult linked = link_bitcode({compiled.bitcode}, "");
  EXPECT_TRUE(linked.ok()) << linked.log;
  return linked.bitcode;
}

inline std::unique_ptr<llvm::Module> read(const Bytes& bitcode, llvm::LLVMContext& context) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(reinterpret_cast<const char*>(bitcode.data()), bitcode.size()), "", false);
  auto module = llvm::parseBitcodeFile(buffer->getMemBufferRef(), context);
  if (!module) {
    llvm::consumeError(module.takeError());
    return nullptr;
  }
  return std::move(*module);
}

inline std::vector<KernelInfo> kernels_of(const Bytes& bitcode) {
  std::vector<KernelInfo> kernels;
  std::string error;
  EXPECT_TRUE(kernel_infos(bitcode, kernels, error)) << error;
  return kernels;
}

}  // namespace clvet::interp::testing
