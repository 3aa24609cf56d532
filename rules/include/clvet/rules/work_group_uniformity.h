// When an NDRange's work-groups must be uniform (OpenCL 3.0 API §5.10, clEnqueueNDRangeKernel):
// the rules judge launches by it and the reference device keeps it for each program build.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "clvet/rules/world.h"

namespace clvet::rules::uniformity {

// Why a program built with `options` must run uniform work-groups, "" when it may run
// non-uniform ones. 3.0 §5.10: "If the program was created with clCreateProgramWithSource, the
// program must be compiled or built using the -cl-std=CL2.0 or -cl-std=CL3.0 build option and
// without the -cl-uniform-work-group-size build option"; created with clCreateProgramWithIL or
// clCreateProgramWithBinary, "without the -cl-uniform-work-group-size build options". (A linked
// program needs every input to allow them: World::linked_uniform_reason().)
inline std::string program_reason(bool from_source, std::string_view options) {
  std::istringstream in{std::string(options)};
  std::string standard;  // the last -cl-std= wins, as in Clang
  for (std::string word; in >> word;) {
    if (word == "-cl-uniform-work-group-size")
      return "the program was built with -cl-uniform-work-group-size";
    if (word.rfind("-cl-std=", 0) == 0) standard = word.substr(8);
  }
  if (!from_source || standard == "CL2.0" || standard == "CL3.0") return {};
  return standard.empty()
             ? "the program was built from source without -cl-std=CL2.0 or -cl-std=CL3.0 "
               "(OpenCL C 1.x, whose work-groups are uniform)"
             : "the program was built from source with -cl-std=" + standard +
                   " (OpenCL C 1.x, whose work-groups are uniform)";
}

// Whether `device` supports non-uniform work-groups: CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT
// from 3.0 on; every 2.x device does (2.0 made them core), no 1.x device.
inline bool device_supports(const World& w, cl_device_id device) {
  if (auto answer = get<cl_bool>(w, InfoQuery::Device, device, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT))
    return *answer == CL_TRUE;
  return w.version() >= Version{2, 0} && w.version() < Version{3, 0};
}

// The work-group size a launch divides its global size by: local_work_size, or the kernel's
// reqd_work_group_size when local_work_size is NULL; nullopt when neither is given (the
// implementation then picks a uniform size itself where it must).
inline std::optional<std::array<std::size_t, 3>> launch_local_size(
    const World& w, cl_device_id device, cl_kernel kernel, cl_uint work_dim,
    const std::size_t* local) {
  std::array<std::size_t, 3> size{1, 1, 1};
  if (local != nullptr) {
    for (cl_uint d = 0; d < work_dim && d < 3; ++d) size[d] = local[d];
    return size;
  }
  auto reqd = get<std::array<std::size_t, 3>>(w, InfoQuery::KernelWorkGroup, kernel,
                                              CL_KERNEL_COMPILE_WORK_GROUP_SIZE, device);
  if (!reqd || (*reqd)[0] == 0) return std::nullopt;
  return *reqd;
}

// The first dimension whose global size is not a multiple of `local` (a zero local size is
// another clause's), or -1.
inline int first_remainder(cl_uint work_dim, const std::size_t* global,
                           const std::array<std::size_t, 3>& local) {
  for (cl_uint d = 0; global != nullptr && d < work_dim && d < 3; ++d)
    if (local[d] != 0 && global[d] % local[d] != 0) return static_cast<int>(d);
  return -1;
}

// Why the launch's work-groups must be uniform, as the API tells: the device or the kernel's
// program (its source and its build options for the device); "" when they may be non-uniform.
inline std::string launch_reason(const World& w, cl_device_id device, cl_kernel kernel) {
  if (!device_supports(w, device))
    return "the device does not support non-uniform work-groups "
           "(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT is CL_FALSE)";
  auto program = get<cl_program>(w, InfoQuery::Kernel, kernel, CL_KERNEL_PROGRAM);
  if (!program || !valid(w, *program)) return {};
  std::vector<char> source = get_array<char>(w, InfoQuery::Program, *program, CL_PROGRAM_SOURCE);
  const bool from_source = std::find_if(source.begin(), source.end(),
                                        [](char c) { return c != '\0'; }) != source.end();
  std::vector<char> options =
      get_array<char>(w, InfoQuery::ProgramBuild, *program, CL_PROGRAM_BUILD_OPTIONS, device);
  std::string reason = program_reason(
      from_source, std::string_view(options.data(), std::find(options.begin(), options.end(), '\0') -
                                                        options.begin()));
  if (!reason.empty() || from_source) return reason;
  // A linked program: its link options above, its inputs here.
  return w.linked_uniform_reason(*program, device);
}

// The 3.0 clause: "the work-group size must be uniform and ... the global_work_size is not
// evenly divisible by the local_work_size" (or by the required work-group size, 2.2 §5.10).
// The cheap test first: a launch whose sizes divide asks nothing of the World.
inline bool violated(const World& w, cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
                     const std::size_t* global, const std::size_t* local) {
  if (global == nullptr) return false;
  if (local != nullptr) {
    std::array<std::size_t, 3> given{1, 1, 1};
    for (cl_uint d = 0; d < work_dim && d < 3; ++d) given[d] = local[d];
    if (first_remainder(work_dim, global, given) < 0) return false;
  }
  const cl_device_id device = device_of(w, queue);
  auto size = launch_local_size(w, device, kernel, work_dim, local);
  if (!size || first_remainder(work_dim, global, *size) < 0) return false;
  return !launch_reason(w, device, kernel).empty();
}

}  // namespace clvet::rules::uniformity
