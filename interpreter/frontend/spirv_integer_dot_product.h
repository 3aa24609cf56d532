// spirv_integer_dot_product: what a SPIR-V module may use of SPV_KHR_integer_dot_product (SPIR-V
// 1.6's integer dot products) on a device, by the OpenCL SPIR-V environment's §5.2.24
// (cl_khr_integer_dot_product), checked before the translator reads the module.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clvet/interp/language_features.h"

namespace clvet::interp {

// The environment's §5.2.24: a device that lists cl_khr_integer_dot_product accepts modules that
// declare DotProduct, DotProductInput4x8BitPacked, and DotProductInput4x8Bit where
// CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR is reported (kIntegerDotProductInputs), under
// SPV_KHR_integer_dot_product before SPIR-V 1.6 and as core capabilities in 1.6. Nothing else:
// DotProductInputAll, which no OpenCL query reports, is refused, as is every one of them on a
// device without the extension. Each OpSDot, OpUDot, OpSUDot and their AccSat forms must take
// what the module's capabilities allow (SPIR-V §3.32.13, which SPIRV-Tools 2023.1 does not
// check): 32-bit scalars with PackedVectorFormat4x8Bit under DotProductInput4x8BitPacked, or
// vectors of four 8-bit integers under DotProductInput4x8Bit. One log line for each thing
// refused; empty when the module may be built. `words`: a module SPIRV-Tools validated, in host
// byte order.
std::string integer_dot_product_problems(const std::vector<std::uint32_t>& words,
                                         const TargetDevice& device);

}  // namespace clvet::interp
