// The names of the OpenCL C built-in functions, read once from Clang's own opencl-c.h and
// opencl-c-base.h (the headers every program is compiled with).
#include "frontend/opencl_builtins.h"

#include <llvm/Demangle/Demangle.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "frontend/clang_headers.h"

namespace clvet::interp {

namespace {

// Every identifier written directly before "(" outside preprocessor lines: function
// declarations, plus a few keywords (__attribute__, sizeof...) that never name a call.
void collect_called_names(const std::string& path, std::unordered_set<std::string>& names) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '(') continue;
      std::size_t end = i;
      while (end > 0 && line[end - 1] == ' ') --end;
      std::size_t begin = end;
      while (begin > 0 && (std::isalnum(static_cast<unsigned char>(line[begin - 1])) ||
                           line[begin - 1] == '_'))
        --begin;
      if (begin < end && !std::isdigit(static_cast<unsigned char>(line[begin])))
        names.insert(line.substr(begin, end - begin));
    }
  }
}

const std::unordered_set<std::string>& builtin_names() {
  static const std::unordered_set<std::string> names = [] {
    std::unordered_set<std::string> set;
    collect_called_names(clang_resource_dir() + "/include/opencl-c.h", set);
    collect_called_names(clang_resource_dir() + "/include/opencl-c-base.h", set);
    set.insert("printf");
    return set;
  }();
  return names;
}

}  // namespace

// The <source-name> of a plain function's mangled name (_Z<length><name>...), read without the
// rest: LLVM's demangler refuses some names Clang gives OpenCL C built-ins, where a pointer to
// __private counts as a substitution for Clang and not for the demangler (the S4_ of
// atomic_compare_exchange_strong_explicit(volatile __local atomic_int*, int*, int,
// memory_order, memory_order, memory_scope) then names nothing).
namespace {
std::string source_name(std::string_view symbol) {
  std::size_t at = 2, length = 0;
  while (at < symbol.size() && std::isdigit(static_cast<unsigned char>(symbol[at])))
    length = length * 10 + static_cast<std::size_t>(symbol[at++] - '0');
  if (at == 2 || length == 0 || at + length > symbol.size()) return std::string(symbol);
  return std::string(symbol.substr(at, length));
}
}  // namespace

std::string base_name(std::string_view symbol) {
  if (!symbol.starts_with("_Z")) return std::string(symbol);
  llvm::ItaniumPartialDemangler demangler;
  std::string mangled(symbol);
  if (demangler.partialDemangle(mangled.c_str())) return source_name(symbol);
  std::size_t size = 0;
  char* name = demangler.getFunctionBaseName(nullptr, &size);
  if (name == nullptr) return mangled;
  std::string result(name);
  std::free(name);
  return result;
}

bool is_opencl_builtin(std::string_view symbol) {
  if (symbol.starts_with("llvm.")) return true;
  std::string name = base_name(symbol);
  // Names with "__" are the implementation's (Clang's sampler initializer, the translator's
  // __spirv_* forms); an application cannot define them.
  if (name.starts_with("__")) return true;
  return builtin_names().count(name) != 0;
}

}  // namespace clvet::interp
