// The kernel corpus's file format (tests/kernels/corpus/README.md): how a case is run and which
// findings it expects, read from the comment lines of its .cl file. Shared by corpus_runner,
// which runs a case, and corpus_test, which judges the findings.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "clvet/reports/kernel_kinds.h"

namespace clvet::corpus {

// One `// run:` line: a kernel enqueued over an NDRange.
struct Launch {
  std::string kernel;
  unsigned dims = 1;
  std::size_t global[3] = {1, 1, 1};
  std::size_t local[3] = {1, 1, 1};
  std::vector<std::size_t> args;  // the case's arguments this kernel takes, in order
  std::string options;            // build options
};

// One `// arg N:` line.
struct Arg {
  enum class Kind { Buffer, SubBuffer, Local, Value, Null, Svm } kind = Kind::Buffer;
  std::string type;          // element type of a buffer, type of a value
  std::size_t count = 0;     // elements of a buffer or sub-buffer, bytes of __local memory
  std::string init = "none"; // iota, zero, random, wide or none (created without host data)
  std::string access;        // "", "read_only" or "write_only"
  std::size_t origin = 0;    // sub-buffer: first element inside its parent
  std::size_t parent = 0;    // sub-buffer: elements of the parent buffer
  bool fine_grain = false;   // svm: CL_MEM_SVM_FINE_GRAIN_BUFFER (else coarse grain)
  std::vector<std::uint8_t> bytes;  // a value's (or a struct's) bytes
};

// `// expect: kind` on a line: a finding of that kind must be reported on that line.
struct Expectation {
  int line = 0;
  std::string kind;
  bool operator<(const Expectation& o) const {
    return line != o.line ? line < o.line : kind < o.kind;
  }
  bool operator==(const Expectation& o) const { return line == o.line && kind == o.kind; }
};

struct Case {
  std::string source;
  std::vector<Launch> launches;
  std::vector<Arg> args;
  std::vector<std::pair<std::string, std::string>> env;  // `// env: NAME=value`
  // `// compare: pocl`: after the last launch every buffer must hold, byte for byte, what
  // PoCL computes from the same inputs.
  bool compare_with_pocl = false;
  std::set<Expectation> expected;
  std::string error;  // what is wrong with the file; empty when it parsed
};

// Bytes of an OpenCL C scalar or vector type (3-component vectors take four), 0 if unknown.
inline std::size_t type_size(const std::string& type) {
  static const std::pair<const char*, std::size_t> scalars[] = {
      {"char", 1}, {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"int", 4},
      {"uint", 4}, {"float", 4}, {"long", 8},  {"ulong", 8},  {"double", 8}};
  std::size_t digits = type.find_first_of("0123456789");
  std::string base = type.substr(0, digits);
  std::size_t lanes = 1;
  if (digits != std::string::npos) {
    lanes = std::stoul(type.substr(digits));
    if (lanes != 2 && lanes != 3 && lanes != 4 && lanes != 8 && lanes != 16) return 0;
    if (lanes == 3) lanes = 4;
  }
  for (const auto& [name, bytes] : scalars)
    if (base == name) return bytes * lanes;
  return 0;
}

inline std::string scalar_type(const std::string& type) {
  return type.substr(0, type.find_first_of("0123456789"));
}

// Writes `value` as a scalar of type `scalar` at `out` (little-endian host and device).
inline void encode(const std::string& scalar, double value, std::uint8_t* out) {
  if (scalar == "float") {
    float f = static_cast<float>(value);
    std::memcpy(out, &f, 4);
  } else if (scalar == "double") {
    std::memcpy(out, &value, 8);
  } else {
    std::int64_t i = static_cast<std::int64_t>(value);
    std::memcpy(out, &i, type_size(scalar));
  }
}

// A buffer's initial contents: iota counts up per scalar component (0, 1, 2, ...), random is
// the same on every run (integers in [0, 256), floats in [0, 1)), wide too but over every bit
// of an integer (negative values included) and floats in [-100, 100), zero is zeros.
inline std::vector<std::uint8_t> initial_contents(const Arg& arg) {
  const std::size_t element = type_size(arg.type);
  const std::string scalar = scalar_type(arg.type);
  const std::size_t scalar_bytes = type_size(scalar);
  const std::size_t count = arg.kind == Arg::Kind::SubBuffer ? arg.parent : arg.count;
  std::vector<std::uint8_t> data(element * count, 0);
  std::mt19937 random(20240917u);
  const bool is_float = scalar == "float" || scalar == "double";
  if (arg.init == "wide") {
    std::uint64_t state = 0x2545F4914F6CDD1Dull ^ count;  // xorshift64
    for (std::size_t i = 0; i * scalar_bytes < data.size(); ++i) {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      std::uint8_t* at = data.data() + i * scalar_bytes;
      if (is_float) encode(scalar, static_cast<double>((state >> 40) % 20000) / 100.0 - 100.0, at);
      else std::memcpy(at, &state, scalar_bytes);
    }
    return data;
  }
  for (std::size_t i = 0; i * scalar_bytes < data.size(); ++i) {
    double v = 0;
    if (arg.init == "iota") v = static_cast<double>(i);
    if (arg.init == "random") v = is_float ? (random() % 65536) / 65536.0 : random() % 256;
    encode(scalar, v, data.data() + i * scalar_bytes);
  }
  return data;
}

namespace detail {

inline std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

inline bool sizes(const std::string& text, std::size_t* out, unsigned* dims) {
  std::istringstream in(text);
  unsigned n = 0;
  for (std::string part; std::getline(in, part, ',');) {
    if (n == 3 || part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out[n++] = std::stoul(part);
  }
  *dims = n;
  return n > 0;
}

// `key=value` from a list of words, or "" when absent.
inline std::string option(const std::vector<std::string>& w, const std::string& key) {
  for (const std::string& s : w)
    if (s.rfind(key + "=", 0) == 0) return s.substr(key.size() + 1);
  return "";
}

inline std::string run_line(const std::string& text, Launch& launch) {
  std::string body = text;
  std::size_t options_at = body.find("options=");
  if (options_at != std::string::npos) {
    launch.options = body.substr(options_at + 8);
    body = body.substr(0, options_at);
  }
  std::vector<std::string> w = words(body);
  launch.kernel = option(w, "kernel");
  if (launch.kernel.empty()) return "run: needs kernel=<name>";
  unsigned global_dims = 0, local_dims = 0;
  if (!sizes(option(w, "global"), launch.global, &global_dims))
    return "run: needs global=<x[,y[,z]]>";
  if (!sizes(option(w, "local"), launch.local, &local_dims) || local_dims != global_dims)
    return "run: needs local=<sizes> with as many dimensions as global";
  launch.dims = global_dims;
  // A last, smaller work-group needs a program that allows non-uniform ones (3.0 §5.10).
  const bool non_uniform = (launch.options.find("-cl-std=CL2.0") != std::string::npos ||
                            launch.options.find("-cl-std=CL3.0") != std::string::npos) &&
                           launch.options.find("-cl-uniform-work-group-size") == std::string::npos;
  for (unsigned d = 0; d < launch.dims; ++d)
    if (launch.local[d] == 0 || (launch.global[d] % launch.local[d] != 0 && !non_uniform))
      return "run: the global size must be a multiple of the local size (unless options= has "
             "-cl-std=CL2.0 or CL3.0)";
  std::string args = option(w, "args");
  if (!args.empty()) {
    std::istringstream in(args);
    for (std::string part; std::getline(in, part, ',');) launch.args.push_back(std::stoul(part));
  }
  return "";
}

inline std::string arg_line(const std::vector<std::string>& w, Arg& arg) {
  if (w.empty()) return "arg: needs a kind (buffer, sub-buffer, svm, local, value, struct, null)";
  const std::string& kind = w[0];
  if (kind == "null") {
    arg.kind = Arg::Kind::Null;
    return "";
  }
  if (kind == "local") {
    arg.kind = Arg::Kind::Local;
    if (w.size() != 2) return "arg: local <bytes>";
    arg.count = std::stoul(w[1]);
    return "";
  }
  if (kind == "struct") {
    // Fields `type=value` in order, each at the next multiple of its size, the whole padded
    // to its largest field (natural alignment, as OpenCL C lays out a struct of scalars).
    arg.kind = Arg::Kind::Value;
    arg.type = "struct";
    std::size_t align = 1;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::size_t eq = w[i].find('=');
      const std::string field = w[i].substr(0, eq);
      const std::size_t size = eq == std::string::npos ? 0 : type_size(field);
      if (size == 0 || scalar_type(field) != field) return "arg: struct <type>=<number> ...";
      const std::size_t offset = (arg.bytes.size() + size - 1) / size * size;
      arg.bytes.resize(offset + size, 0);
      encode(field, std::stod(w[i].substr(eq + 1)), arg.bytes.data() + offset);
      align = std::max(align, size);
    }
    if (arg.bytes.empty()) return "arg: struct <type>=<number> ...";
    arg.bytes.resize((arg.bytes.size() + align - 1) / align * align, 0);
    return "";
  }
  if (kind == "value") {
    arg.kind = Arg::Kind::Value;
    if (w.size() != 3 || type_size(w[1]) == 0 || scalar_type(w[1]) != w[1])
      return "arg: value <scalar type> <number>";
    arg.type = w[1];
    arg.bytes.resize(type_size(w[1]));
    encode(w[1], std::stod(w[2]), arg.bytes.data());
    return "";
  }
  if (kind != "buffer" && kind != "sub-buffer" && kind != "svm")
    return "arg: unknown kind '" + kind + "'";
  arg.kind = kind == "buffer" ? Arg::Kind::Buffer
             : kind == "svm"  ? Arg::Kind::Svm
                              : Arg::Kind::SubBuffer;
  if (w.size() < 3 || type_size(w[1]) == 0) return "arg: " + kind + " <type> <count> ...";
  arg.type = w[1];
  arg.count = std::stoul(w[2]);
  for (std::size_t i = 3; i < w.size(); ++i) {
    if (w[i] == "read_only" || w[i] == "write_only") {
      arg.access = w[i];
    } else if (w[i].rfind("init=", 0) == 0) {
      arg.init = w[i].substr(5);
      if (arg.init != "iota" && arg.init != "zero" && arg.init != "random" && arg.init != "wide" &&
          arg.init != "none")
        return "arg: init is one of iota, zero, random, wide, none";
    } else if (w[i] == "fine" && arg.kind == Arg::Kind::Svm) {
      arg.fine_grain = true;
    } else if (w[i].rfind("at=", 0) == 0 && arg.kind == Arg::Kind::SubBuffer) {
      arg.origin = std::stoul(w[i].substr(3));
    } else if (w[i].rfind("of=", 0) == 0 && arg.kind == Arg::Kind::SubBuffer) {
      arg.parent = std::stoul(w[i].substr(3));
    } else {
      return "arg: unknown word '" + w[i] + "'";
    }
  }
  if (arg.kind == Arg::Kind::SubBuffer && arg.origin + arg.count > arg.parent)
    return "arg: a sub-buffer needs at=<first element> of=<parent elements> inside the parent";
  return "";
}

// The text after `// key:` on a line, if the line is such a comment.
inline bool comment(const std::string& line, const std::string& key, std::string* rest) {
  std::size_t at = line.find_first_not_of(" \t");
  if (at == std::string::npos || line.compare(at, 3 + key.size(), "// " + key) != 0) return false;
  *rest = line.substr(at + 3 + key.size());
  return true;
}

}  // namespace detail

// Reads a case from the text of its file.
inline Case parse_case_text(const std::string& text) {
  Case c;
  c.source = text;
  std::istringstream lines(text);
  std::string line, rest;
  int number = 0;
  auto fail = [&](const std::string& what) {
    if (c.error.empty()) c.error = "line " + std::to_string(number) + ": " + what;
  };
  while (std::getline(lines, line)) {
    ++number;
    try {
      if (detail::comment(line, "run:", &rest)) {
        Launch launch;
        std::string error = detail::run_line(rest, launch);
        if (!error.empty()) fail(error);
        c.launches.push_back(launch);
      } else if (detail::comment(line, "arg ", &rest)) {
        std::size_t colon = rest.find(':');
        if (colon == std::string::npos || std::stoul(rest.substr(0, colon)) != c.args.size()) {
          fail("arg lines number the arguments 0, 1, 2, ... in order");
          continue;
        }
        Arg arg;
        std::string error = detail::arg_line(detail::words(rest.substr(colon + 1)), arg);
        if (!error.empty()) fail(error);
        c.args.push_back(arg);
      } else if (detail::comment(line, "compare:", &rest)) {
        if (detail::words(rest) != std::vector<std::string>{"pocl"}) fail("compare: pocl");
        c.compare_with_pocl = true;
      } else if (detail::comment(line, "env:", &rest)) {
        std::vector<std::string> w = detail::words(rest);
        std::size_t eq = w.size() == 1 ? w[0].find('=') : std::string::npos;
        if (eq == std::string::npos) fail("env: NAME=value");
        else c.env.emplace_back(w[0].substr(0, eq), w[0].substr(eq + 1));
      }
    } catch (const std::exception&) {
      fail("a number is malformed");
    }
    // Expectations trail code: `... // expect: kind[, kind]`.
    for (std::size_t at = line.find("// expect:"); at != std::string::npos;
         at = line.find("// expect:", at + 1)) {
      std::istringstream kinds(line.substr(at + 10));
      for (std::string kind; std::getline(kinds, kind, ',');) {
        std::vector<std::string> w = detail::words(kind);
        if (w.size() != 1) {
          fail("expect: one kind, or kinds separated by commas");
          continue;
        }
        // The kinds a case may expect are the JSON report's `kind` words.
        if (!reports::kernel_kind(w[0])) fail("expect: unknown kind '" + w[0] + "'");
        c.expected.insert({number, w[0]});
      }
    }
  }
  if (c.launches.empty()) fail("the file has no `// run:` line");
  for (Launch& launch : c.launches) {
    if (launch.args.empty())
      for (std::size_t i = 0; i < c.args.size(); ++i) launch.args.push_back(i);
    for (std::size_t i : launch.args)
      if (i >= c.args.size()) fail("run: args= names an argument that no arg line gives");
  }
  return c;
}

inline Case parse_case(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Case c;
    c.error = "cannot read the file";
    return c;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_case_text(text.str());
}

}  // namespace clvet::corpus
