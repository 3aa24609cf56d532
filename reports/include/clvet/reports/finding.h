// The diagnostic model: one finding, whatever found it, before it is rendered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clvet/reports/kernel_kinds.h"
#include "clvet/reports/severity.h"

namespace clvet::reports {

// One work-item: its global, local and work-group ids.
struct WorkItemIds {
  std::uint64_t global[3] = {0, 0, 0};
  std::uint64_t local[3] = {0, 0, 0};
  std::uint64_t group[3] = {0, 0, 0};
};

// Where in a kernel's source something happened, and who did it.
struct KernelSite {
  std::string file;          // the program's source, as the front end named it
  std::uint32_t line = 0;    // 0: unknown
  std::uint32_t column = 0;
  std::string source_line;   // the text of that line, when the source is known
  std::optional<WorkItemIds> work_item;
  bool atomic = false;       // races: this side is an atomic access
};

// What a kernel checker saw: its evidence (both sides of a race, the memory
// object, the offset and element of the access, the enqueue that ran the kernel).
struct KernelEvidence {
  KernelKind kind = KernelKind::UndefinedBehaviour;  // its name and checker: kernel_kinds.h
  std::string kernel;
  KernelSite at;
  std::optional<KernelSite> other;  // races: the second access
  std::string object;        // "argument 2 'out'", "__local array 'tile'", "private memory"
  std::string object_origin; // the call that created the object, if known
  std::optional<std::int64_t> offset;    // bytes from the object's start (negative: before)
  std::uint64_t size = 0;    // bytes accessed
  std::optional<std::int64_t> element;   // offset / element size
  std::uint64_t enqueue = 0; // the enqueue's call index
};

struct Finding {
  Category category = Category::Application;
  Severity severity = Severity::Error;
  std::string rule_id;     // the rule (rules/) or checker that produced it
  std::string entry;       // the API entry point, e.g. clCreateBuffer
  int error_code = 0;      // the OpenCL error code the rule demands
  std::string spec;        // e.g. "OpenCL 1.2 §5.2.1"
  std::string clause;      // the spec's words
  std::string detail;      // what exactly was wrong in this call
  std::uint64_t call_index = 0;  // the call's position in the process, from 1
  std::uint64_t count = 1;       // identical findings folded into this one
  std::optional<KernelEvidence> kernel;  // kernel checkers' findings only
};

// The identity of a kernel finding for folding: kind, kernel and both source positions.
std::string fold_key(const Finding& finding);

std::string_view to_string(Category category);
std::string_view to_string(Severity severity);
// The symbolic name of an OpenCL error code ("CL_INVALID_VALUE"), or its number.
std::string error_name(int code);

// Compiler-style text: "clCreateBuffer: error: CL_INVALID_BUFFER_SIZE [CreateBufferSizeZero] ..."
std::string render_text(const Finding& finding, bool colour = false);
std::string render_text(const std::vector<Finding>& findings, bool colour = false);

}  // namespace clvet::reports
