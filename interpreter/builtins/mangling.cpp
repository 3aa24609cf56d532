// Demangling of OpenCL built-in names: the Itanium C++ ABI subset Clang produces for
// overloadable OpenCL C functions (builtin types, Dv vectors, pointers with address-space
// vendor qualifiers, cv-qualifiers, substitutions). Only the parameter types are needed: they
// carry the signedness LLVM types lose.
#include <cctype>

#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {
namespace {

class Demangler {
 public:
  explicit Demangler(std::string_view s) : s_(s) {}

  bool run(Demangled& out) {
    if (!eat("_Z")) return false;
    std::string_view name;
    if (!source_name(name)) return false;
    out.name = std::string(name);
    out.mangled = true;
    // A function without parameters is mangled with a single 'v'.
    if (eat('v') && pos_ == s_.size()) return true;
    while (pos_ < s_.size()) {
      ParamType t;
      if (!type(t)) return false;
      out.params.push_back(t);
    }
    return true;
  }

 private:
  bool eat(char c) {
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool eat(std::string_view p) {
    if (s_.substr(pos_, p.size()) != p) return false;
    pos_ += p.size();
    return true;
  }
  bool number(unsigned& n) {
    if (pos_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[pos_]))) return false;
    n = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_])))
      n = n * 10 + unsigned(s_[pos_++] - '0');
    return true;
  }
  bool source_name(std::string_view& name) {
    unsigned length = 0;
    if (!number(length) || pos_ + length > s_.size()) return false;
    name = s_.substr(pos_, length);
    pos_ += length;
    return true;
  }

  static bool builtin(char c, Scalar& s) {
    switch (c) {
      case 'v': s = Scalar::Void; return true;
      case 'b': s = Scalar::Bool; return true;
      case 'c': case 'a': s = Scalar::Char; return true;  // char is signed in OpenCL C
      case 'h': s = Scalar::UChar; return true;
      case 's': s = Scalar::Short; return true;
      case 't': s = Scalar::UShort; return true;
      case 'i': s = Scalar::Int; return true;
      case 'j': s = Scalar::UInt; return true;
      case 'l': case 'x': s = Scalar::Long; return true;
      case 'm': case 'y': s = Scalar::ULong; return true;
      case 'f': s = Scalar::Float; return true;
      case 'd': s = Scalar::Double; return true;
      default: return false;
    }
  }

  static Scalar named(std::string_view name) {
    if (name == "ocl_event") return Scalar::Event;
    if (name == "ocl_sampler") return Scalar::Sampler;
    return Scalar::Other;
  }

  bool type(ParamType& t) {
    if (pos_ >= s_.size()) return false;
    Scalar s;
    if (builtin(s_[pos_], s)) {
      ++pos_;
      t = ParamType{s};
      return true;
    }
    if (eat("Dh")) {
      t = ParamType{Scalar::Half};
      return true;
    }
    if (eat("Dv")) {
      unsigned width = 0;
      if (!number(width) || !eat('_')) return false;
      ParamType element;
      if (!type(element) || element.pointer || element.width != 1) return false;
      t = element;
      t.width = static_cast<std::uint8_t>(width);
      substitutions_.push_back(t);
      return true;
    }
    if (eat('P')) {
      // A pointee without visible qualifiers is implicitly __private: Clang still counts the
      // __private-qualified pointee as a substitution (its AS0 qualifier mangles as nothing).
      const bool implicitly_private =
          pos_ < s_.size() && s_[pos_] != 'U' && s_[pos_] != 'V' && s_[pos_] != 'K' && s_[pos_] != 'r';
      ParamType pointee;
      if (!type(pointee) || pointee.pointer) return false;
      if (implicitly_private && pointee.address_space == kPrivate && !pointee.is_const &&
          !pointee.is_volatile)
        substitutions_.push_back(pointee);
      t = pointee;
      t.pointer = true;
      substitutions_.push_back(t);
      return true;
    }
    if (s_[pos_] == 'U' || s_[pos_] == 'r' || s_[pos_] == 'V' || s_[pos_] == 'K') {
      std::uint8_t address_space = kPrivate;
      bool is_const = false, is_volatile = false, qualified = false, atomic = false;
      while (pos_ < s_.size()) {
        if (eat('U')) {
          std::string_view qualifier;
          if (!source_name(qualifier)) return false;
          // _Atomic T is a type of its own (and its own substitution) that the other
          // qualifiers then apply to; it comes last, right before T.
          if (qualifier == "_Atomic") {
            atomic = true;
            break;
          }
          qualified = true;
          if (qualifier.substr(0, 2) == "AS" && qualifier.size() > 2)
            address_space = static_cast<std::uint8_t>(std::stoul(std::string(qualifier.substr(2))));
        } else if (eat('r')) {
          qualified = true;
        } else if (eat('V')) {
          is_volatile = qualified = true;
        } else if (eat('K')) {
          is_const = qualified = true;
        } else {
          break;
        }
      }
      ParamType inner;
      if (!type(inner)) return false;
      if (atomic) substitutions_.push_back(inner);
      if (atomic && !qualified) {
        t = inner;
        return true;
      }
      t = inner;
      t.address_space = address_space;
      t.is_const = is_const;
      t.is_volatile = is_volatile;
      substitutions_.push_back(t);
      return true;
    }
    if (s_[pos_] == 'S') {
      ++pos_;
      unsigned index = 0;
      if (!eat('_')) {
        unsigned seq = 0;
        while (pos_ < s_.size() && s_[pos_] != '_') {
          char c = s_[pos_++];
          if (std::isdigit(static_cast<unsigned char>(c))) seq = seq * 36 + unsigned(c - '0');
          else if (c >= 'A' && c <= 'Z') seq = seq * 36 + unsigned(c - 'A' + 10);
          else return false;
        }
        if (!eat('_')) return false;
        index = seq + 1;
      }
      if (index >= substitutions_.size()) return false;
      t = substitutions_[index];
      return true;
    }
    if (std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      std::string_view name;
      if (!source_name(name)) return false;
      t = ParamType{named(name)};
      substitutions_.push_back(t);
      return true;
    }
    return false;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  std::vector<ParamType> substitutions_;
};

}  // namespace

bool demangle(std::string_view symbol, Demangled& out) {
  out = Demangled{};
  if (symbol.substr(0, 2) != "_Z") {
    out.name = std::string(symbol);
    return true;
  }
  return Demangler(symbol).run(out);
}

std::size_t scalar_size(Scalar s) {
  switch (s) {
    case Scalar::Void: return 0;
    case Scalar::Bool: case Scalar::Char: case Scalar::UChar: return 1;
    case Scalar::Short: case Scalar::UShort: case Scalar::Half: return 2;
    case Scalar::Int: case Scalar::UInt: case Scalar::Float: return 4;
    default: return 8;
  }
}

bool is_float(Scalar s) { return s == Scalar::Half || s == Scalar::Float || s == Scalar::Double; }

bool is_signed(Scalar s) {
  return s == Scalar::Char || s == Scalar::Short || s == Scalar::Int || s == Scalar::Long ||
         is_float(s);
}

std::string_view scalar_name(Scalar s) {
  static constexpr std::string_view kNames[] = {
      "void", "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
      "half", "float", "double", "event_t", "sampler_t", "opaque"};
  return kNames[static_cast<int>(s)];
}

}  // namespace clvet::interp
