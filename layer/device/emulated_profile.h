// The device profile the reference device emulates (CLVET_DEVICE_PROFILE): read once, and what
// the device's findings say of it.
#pragma once

#include <string>
#include <vector>

#include "clvet/rules/rule.h"
#include "device_profile.h"

namespace clvet::device {

// The profile, or nullptr when none is set; one that cannot be read or found is said on stderr
// and the device keeps its own answers.
const profile::DeviceProfile* emulated_profile();

// The newest OpenCL C version a program may ask for (-cl-std): every one the compiler has, or
// under a profile of a device older than OpenCL 3.0 its CL_DEVICE_OPENCL_C_VERSION (a 3.0 device
// reports 1.2 there and may still take 3.0, 3.0 §4.2).
cl_version max_opencl_c_version();

// Whether the device offers sub-groups: always without a profile; under one, when the profiled
// device has them (CL_DEVICE_MAX_NUM_SUB_GROUPS above 0, or cl_khr_subgroups), or the profile
// names neither.
bool sub_groups_supported();

// Whether the device runs non-uniform work-groups (CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT):
// always without a profile; under one, as the profile sets it, or where it does not, as its
// device's version implies: every OpenCL 2.x device does (2.0 made them core), no 1.x device,
// and a 3.0 device only when it says so (the feature is optional there).
bool non_uniform_work_groups_supported();

// Where profiles are found by name: the share/clvet/profiles folder beside this library's
// build tree or installed tree.
std::vector<std::string> profile_folders();

// For a finding of `rule` under a profile, the limits that rule judges by as the profile sets
// them ("CL_DEVICE_MAX_WORK_GROUP_SIZE is 256 under device profile 'intel-uhd-630'"); empty
// without a profile or when the rule judges no limit the profile sets.
std::string profile_limit_note(const rules::Rule& rule);

}  // namespace clvet::device
