// Build-time tool of the kernel tests: LLVM bitcode that Clang compiled from OpenCL C for a SPIR
// target (clang-15 -c -target spir64 -emit-llvm, with typed pointers) to a SPIR-V module by the
// LLVM/SPIR-V translator, the way an application makes one offline, for the tests that give
// clCreateProgramWithIL a module of image built-ins.
//   spirv_of_bitcode IN.bc OUT.spv
#include <LLVMSPIRVLib/LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include <cstdio>
#include <fstream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: spirv_of_bitcode IN.bc OUT.spv\n");
    return 2;
  }
  auto buffer = llvm::MemoryBuffer::getFile(argv[1]);
  if (!buffer) {
    std::fprintf(stderr, "%s: cannot be read\n", argv[1]);
    return 1;
  }
  llvm::LLVMContext context;
  // This translator (15.0) asks pointers for their element types: the image and sampler types
  // are pointers to opaque structs, which it reads from typed pointers only.
  context.setOpaquePointers(false);
  auto module = llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), context);
  if (!module) {
    std::fprintf(stderr, "%s: not bitcode: %s\n", argv[1], llvm::toString(module.takeError()).c_str());
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  std::string error;
  // SPIR-V 1.0, which every OpenCL 2.1+ device's CL_DEVICE_IL_VERSION includes; without a
  // version the translator writes its newest (1.4), beyond the OpenCL environment's 1.2.
  const SPIRV::TranslatorOpts options(SPIRV::VersionNumber::SPIRV_1_0);
  if (!llvm::writeSpirv(module->get(), options, out, error) || !out) {
    std::fprintf(stderr, "%s: SPIR-V translation failed: %s\n", argv[1], error.c_str());
    return 1;
  }
  return 0;
}
