// Kernel signatures read from OpenCL C source (§6.7.1: a __kernel function's arguments), and the
// programs' signatures kept for the layer's judgement of kernel argument values.
#include "kernel_signatures.h"

#include <cctype>
#include <mutex>
#include <unordered_map>

namespace clvet::layer {
namespace {

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The source without comments: what a word search must not find inside them.
std::string without_comments(std::string_view source) {
  std::string out;
  out.reserve(source.size());
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source.compare(i, 2, "//") == 0) {
      while (i < source.size() && source[i] != '\n') ++i;
      out += '\n';
      continue;
    }
    if (source.compare(i, 2, "/*") == 0) {
      const std::size_t end = source.find("*/", i + 2);
      if (end == std::string_view::npos) break;
      i = end + 1;
      out += ' ';
      continue;
    }
    out += source[i];
  }
  return out;
}

void skip_space(std::string_view s, std::size_t& at) {
  while (at < s.size() && std::isspace(static_cast<unsigned char>(s[at]))) ++at;
}

std::string_view word_at(std::string_view s, std::size_t at) {
  std::size_t end = at;
  while (end < s.size() && identifier_char(s[end])) ++end;
  return s.substr(at, end - at);
}

// The position after the parenthesis that closes the one at `open`; npos when none does.
std::size_t after_closing(std::string_view s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return i + 1;
  }
  return std::string_view::npos;
}

bool has_word(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !identifier_char(text[at - 1]);
    const bool ends = at + word.size() == text.size() || !identifier_char(text[at + word.size()]);
    if (starts && ends) return true;
  }
  return false;
}

Declared declaration(std::string_view parameter) {
  if (has_word(parameter, "__local") || has_word(parameter, "local")) return Declared::Local;
  for (std::string_view image : {"image1d_t", "image1d_buffer_t", "image1d_array_t", "image2d_t",
                                 "image2d_array_t", "image2d_depth_t", "image2d_array_depth_t",
                                 "image3d_t"})
    if (has_word(parameter, image)) return Declared::Image;
  if (has_word(parameter, "sampler_t")) return Declared::Sampler;
  if (has_word(parameter, "queue_t")) return Declared::Queue;
  if (has_word(parameter, "pipe") || parameter.find('*') != std::string_view::npos)
    return Declared::Buffer;
  return Declared::Value;
}

struct Programs {
  std::mutex mutex;
  std::unordered_map<std::uint64_t, std::vector<KernelSignature>> by_id;
};

Programs& programs() {
  static auto* kept = new Programs;  // never destroyed: calls may arrive during exit
  return *kept;
}

}  // namespace

std::vector<KernelSignature> kernel_signatures(std::string_view raw) {
  const std::string text = without_comments(raw);
  const std::string_view s = text;
  std::vector<KernelSignature> found;
  for (std::size_t at = 0; at < s.size(); ++at) {
    if (!identifier_char(s[at]) || (at > 0 && identifier_char(s[at - 1]))) continue;
    const std::string_view keyword = word_at(s, at);
    if (keyword != "__kernel" && keyword != "kernel") {
      at += keyword.size();
      continue;
    }
    std::size_t i = at + keyword.size();
    // __attribute__((...)) may stand between __kernel and void, or after void.
    std::string_view word;
    for (;;) {
      skip_space(s, i);
      word = word_at(s, i);
      if (word != "__attribute__") break;
      i += word.size();
      skip_space(s, i);
      if (i >= s.size() || s[i] != '(') break;
      i = after_closing(s, i);
      if (i == std::string_view::npos) return found;
    }
    if (word != "void") continue;
    i += word.size();
    skip_space(s, i);
    KernelSignature kernel;
    kernel.name = std::string(word_at(s, i));
    i += kernel.name.size();
    skip_space(s, i);
    if (kernel.name.empty() || i >= s.size() || s[i] != '(') continue;
    const std::size_t end = after_closing(s, i);
    if (end == std::string_view::npos) return found;
    const std::string_view list = s.substr(i + 1, end - i - 2);
    // Split at the commas outside parentheses (an attribute's arguments).
    int depth = 0;
    std::size_t from = 0;
    for (std::size_t k = 0; k <= list.size(); ++k) {
      if (k < list.size() && list[k] == '(') ++depth;
      if (k < list.size() && list[k] == ')') --depth;
      if (k < list.size() && (list[k] != ',' || depth != 0)) continue;
      const std::string_view parameter = list.substr(from, k - from);
      from = k + 1;
      if (parameter.find_first_not_of(" \t\r\n") == std::string_view::npos) continue;
      if (has_word(parameter, "void") && parameter.find('*') == std::string_view::npos) continue;
      kernel.arguments.push_back(declaration(parameter));
    }
    found.push_back(std::move(kernel));
    at = end;
  }
  return found;
}

void learn_program_source(std::uint64_t program_id, std::string_view source) {
  std::vector<KernelSignature> signatures = kernel_signatures(source);
  Programs& p = programs();
  std::lock_guard lock(p.mutex);
  if (signatures.empty())
    p.by_id.erase(program_id);
  else
    p.by_id[program_id] = std::move(signatures);
}

std::optional<Declared> declared_in_source(std::uint64_t program_id, std::string_view name,
                                           std::uint32_t index) {
  Programs& p = programs();
  std::lock_guard lock(p.mutex);
  auto found = p.by_id.find(program_id);
  if (found == p.by_id.end()) return std::nullopt;
  for (const KernelSignature& kernel : found->second)
    if (kernel.name == name)
      return index < kernel.arguments.size() ? std::optional(kernel.arguments[index]) : std::nullopt;
  return std::nullopt;
}

}  // namespace clvet::layer
