// The clGet*Info answers a replay compares: each follows from the application's own
// arguments by the specification's words (OpenCL 1.2 §5.4.5 memory objects, §5.3.7 images, §5.5.2 samplers, §5.6.7 programs, §5.7.3 kernels, §5.9 events).
#include "info_answers.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "clvet/rules/opencl.h"
#include "clvet/trace/cl_names.h"

namespace clvet::replay::info_answers {
namespace {

struct Answer {
  std::string_view entry;
  std::string_view family;
  std::uint32_t param;
};

// Each answer is the object's own description as the application gave it.
constexpr std::array kIndependent = {
    Answer{"clGetMemObjectInfo", "cl_mem_info", CL_MEM_TYPE},        // §5.4.5: the kind created
    Answer{"clGetMemObjectInfo", "cl_mem_info", CL_MEM_FLAGS},       // the flags argument
    Answer{"clGetMemObjectInfo", "cl_mem_info", CL_MEM_SIZE},        // the size argument
    Answer{"clGetMemObjectInfo", "cl_mem_info", CL_MEM_OFFSET},      // a sub-buffer's origin
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_FORMAT},      // §5.3.7: the format argument
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_ELEMENT_SIZE},
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_WIDTH},
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_HEIGHT},
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_DEPTH},
    Answer{"clGetImageInfo", "cl_image_info", CL_IMAGE_ARRAY_SIZE},
    Answer{"clGetSamplerInfo", "cl_sampler_info", CL_SAMPLER_NORMALIZED_COORDS},  // §5.5.2
    Answer{"clGetSamplerInfo", "cl_sampler_info", CL_SAMPLER_ADDRESSING_MODE},
    Answer{"clGetSamplerInfo", "cl_sampler_info", CL_SAMPLER_FILTER_MODE},
    Answer{"clGetKernelInfo", "cl_kernel_info", CL_KERNEL_FUNCTION_NAME},  // §5.7.3: the source's
    Answer{"clGetKernelInfo", "cl_kernel_info", CL_KERNEL_NUM_ARGS},
    Answer{"clGetKernelArgInfo", "cl_kernel_arg_info", CL_KERNEL_ARG_ADDRESS_QUALIFIER},  // §5.7.3
    Answer{"clGetKernelArgInfo", "cl_kernel_arg_info", CL_KERNEL_ARG_ACCESS_QUALIFIER},
    Answer{"clGetKernelArgInfo", "cl_kernel_arg_info", CL_KERNEL_ARG_TYPE_NAME},
    Answer{"clGetKernelArgInfo", "cl_kernel_arg_info", CL_KERNEL_ARG_NAME},
    Answer{"clGetProgramInfo", "cl_program_info", CL_PROGRAM_NUM_KERNELS},  // §5.6.7
    Answer{"clGetProgramInfo", "cl_program_info", CL_PROGRAM_SOURCE},
    Answer{"clGetEventInfo", "cl_event_info", CL_EVENT_COMMAND_TYPE},  // §5.9: the command
};

const Answer* find(std::string_view entry, std::uint32_t param) {
  for (const Answer& a : kIndependent)
    if (a.entry == entry && a.param == param) return &a;
  return nullptr;
}

}  // namespace

bool platform_independent(std::string_view entry, std::uint32_t param_name) {
  return find(entry, param_name) != nullptr;
}

std::string name(std::string_view entry, std::uint32_t param_name) {
  if (const Answer* a = find(entry, param_name))
    if (auto known = trace::constant_name(a->family, param_name)) return std::string(*known);
  return fmt::format("0x{:x}", param_name);
}

std::string show(std::string_view bytes) {
  const bool text = !bytes.empty() && bytes.back() == '\0' &&
                    std::all_of(bytes.begin(), bytes.end() - 1,
                                [](char c) { return c >= 32 || c == '\n' || c == '\t'; });
  if (text) return fmt::format("\"{}\"", bytes.substr(0, bytes.size() - 1));
  if (bytes.size() == 4 || bytes.size() == 8) {
    std::uint64_t v = 0;
    std::memcpy(&v, bytes.data(), bytes.size());
    return fmt::format("{}", v);
  }
  std::string out;
  for (unsigned char c : bytes) out += fmt::format("{:02x}", c);
  return out;
}

}  // namespace clvet::replay::info_answers
