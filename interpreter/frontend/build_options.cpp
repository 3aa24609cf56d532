// Parsing the option strings of clBuildProgram, clCompileProgram and clLinkProgram.
#include "frontend/build_options.h"

#include <algorithm>
#include <array>

namespace clvet::interp {

bool split_options(std::string_view options, std::vector<std::string>& words, std::string& error) {
  words.clear();
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < options.size(); ++i) {
    char c = options[i];
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < options.size()) {
        word += options[++i];
      } else {
        word += c;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '\\' && i + 1 < options.size()) {
      word += options[++i];
    } else {
      word += c;
    }
  }
  if (quote != 0) {
    error = std::string("options: unterminated ") + quote + " quote";
    return false;
  }
  if (in_word) words.push_back(std::move(word));
  return true;
}

namespace {

// Options that Clang's cc1 takes under the same name (1.2 §5.6.4.2-4.4, 2.2 §5.8.6).
constexpr std::array<std::string_view, 10> kClangFlags = {
    "-cl-single-precision-constant",
    "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-mad-enable", "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math",
    "-w", "-Werror", "-cl-uniform-work-group-size"};

// Math options a link accepts (§5.6.5.2; 1.2 spells one "-cl-no-signed-zeroes").
constexpr std::array<std::string_view, 7> kLinkMathFlags = {
    "-cl-denorms-are-zero", "-cl-no-signed-zeros", "-cl-no-signed-zeroes",
    "-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math",
    "-cl-no-subgroup-ifp"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

}  // namespace

bool parse_compile_options(std::string_view options, CompileOptions& out, std::string& error) {
  std::vector<std::string> words;
  if (!split_options(options, words, error)) return false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "-D" || w == "-I") {  // the operand is the next word
      if (i + 1 == words.size()) {
        error = "option '" + w + "' needs an operand";
        return false;
      }
      out.clang_args.push_back(w);
      out.clang_args.push_back(words[++i]);
      continue;
    }
    if ((w.starts_with("-D") || w.starts_with("-I")) && w.size() > 2) {
      out.clang_args.push_back(w);
      continue;
    }
    if (w.starts_with("-cl-std=")) {
      std::string_view version = std::string_view(w).substr(8);
      if (version != "CL1.0" && version != "CL1.1" && version != "CL1.2" && version != "CL2.0" &&
          version != "CL3.0") {
        error = "option '" + w + "' names no OpenCL C version";
        return false;
      }
      out.language = std::string(version);
      continue;
    }
    if (listed(kClangFlags, w)) {
      out.clang_args.push_back(w);
      continue;
    }
    if (w == "-cl-opt-disable") {
      out.opt_disable = true;
      continue;
    }
    if (w == "-g") {
      out.full_debug_info = true;
      continue;
    }
    if (w == "-cl-kernel-arg-info") {
      out.kernel_arg_info = true;
      out.clang_args.push_back(w);
      continue;
    }
    // Accepted with no effect: no sub-groups (-cl-no-subgroup-ifp), the deprecated
    // -cl-strict-aliasing, and cl_khr_spir's -spir-std / -x spir (the input is never SPIR 1.2
    // here: binaries are clvet's own format).
    // -cl-denorms-are-zero is a permission, not an obligation (§5.6.4.2): the interpreter keeps
    // denormals, and the option stays in the recorded compile options.
    if (w == "-cl-no-subgroup-ifp" || w == "-cl-strict-aliasing" || w.starts_with("-spir-std=") ||
        w == "-cl-denorms-are-zero") {
      continue;
    }
    if (w == "-x" && i + 1 < words.size() && words[i + 1] == "spir") {
      ++i;
      continue;
    }
    error = "unknown compiler option '" + w + "'";
    return false;
  }
  return true;
}

bool parse_link_options(std::string_view options, LinkOptions& out, std::string& error) {
  std::vector<std::string> words;
  if (!split_options(options, words, error)) return false;
  for (const std::string& w : words) {
    if (w == "-create-library") {
      out.create_library = true;
    } else if (w == "-enable-link-options") {
      out.enable_link_options = true;
    } else if (w == "-cl-opt-disable") {
      out.opt_disable = true;  // clBuildProgram's options reach the link too
    } else if (listed(kLinkMathFlags, w)) {
      out.math.push_back(w);
    } else {
      error = "unknown linker option '" + w + "'";
      return false;
    }
  }
  // §5.6.5.1: "-enable-link-options ... must be specified with the -create-library option".
  if (out.enable_link_options && !out.create_library) {
    error = "option '-enable-link-options' needs '-create-library'";
    return false;
  }
  return true;
}

}  // namespace clvet::interp
