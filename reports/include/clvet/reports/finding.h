// The diagnostic model: one finding, whatever found it, before it is rendered.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clvet::reports {

// Who broke the specification.
enum class Category {
  Application,  // the program called the API wrongly, leaked, raced...
  Platform,     // the OpenCL implementation answered against the spec
};

enum class Severity { Note, Warning, Error };

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
};

std::string_view to_string(Category category);
std::string_view to_string(Severity severity);
// The symbolic name of an OpenCL error code ("CL_INVALID_VALUE"), or its number.
std::string error_name(int code);

// Compiler-style text: "clCreateBuffer: error: CL_INVALID_BUFFER_SIZE [CreateBufferSizeZero] ..."
std::string render_text(const Finding& finding, bool colour = false);
std::string render_text(const std::vector<Finding>& findings, bool colour = false);

}  // namespace clvet::reports
