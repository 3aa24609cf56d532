// A rule: one error clause of the OpenCL specification, with the condition that triggers it.
#pragma once

#include <span>
#include <string_view>

#include "clvet/rules/opencl.h"

namespace clvet::rules {

class World;

struct Version {
  int major = 0;
  int minor = 0;
  friend constexpr auto operator<=>(Version, Version) = default;
};

// Which document a rule's section number refers to.
enum class Spec {
  OpenCL12,         // ../shared/spec/opencl-1.2-full-spec.txt
  Runtime22,        // ../shared/spec/opencl-2.2-runtime-chapter.adoc
  DeviceInfo30,     // ../shared/spec/clGetDeviceInfo-3.0.txt
  Api30,            // the OpenCL 3.0 API specification (clauses added by 3.0's optional features)
  Extension,        // a Khronos extension specification, named in the section
};

std::string_view to_string(Spec spec);

// Decides, before the call does anything, whether its arguments trigger the clause.
// `args` points to the call's clvet::args::<Entry> struct.
using Check = bool (*)(const void* args, const World& world);

struct Rule {
  std::string_view id;         // C++-identifier-like name, e.g. CreateBufferSizeZero
  std::string_view entry;      // the entry point, e.g. clCreateBuffer
  cl_int code;                 // the error code the spec demands
  Spec spec;
  std::string_view section;    // e.g. "5.2.1"
  std::string_view clause;     // the clause as the spec words it
  Version since;               // first OpenCL version the clause applies to
  Version until;               // first version it no longer applies to; {0,0}: still applies
  Check check;                 // nullptr: the implementation raises it where it detects it
  std::string_view condition;  // for runtime rules, when the implementation raises it

  bool applies_to(Version version) const {
    return version >= since && (until == Version{} || version < until);
  }
  bool is_precheck() const { return check != nullptr; }
};

// All rules, in registration order (per family: spec order).
std::span<const Rule* const> all_rules();
const Rule* find_rule(std::string_view id);
// The rules of one entry point, in the order they are checked.
std::span<const Rule* const> rules_for(std::string_view entry);

// Collects rules defined with CLVET_RULE into the registry.
struct Registration {
  explicit Registration(const Rule& rule);
};

}  // namespace clvet::rules
