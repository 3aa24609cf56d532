// Choosing the C++ type an instruction computes with from its register element type, once per
// instruction: f(Tag<T>{}) is called with T the unsigned integer, floating or any type of `t`.
#pragma once

#include <cstdint>

#include "decode/program_ir.h"
#include "exec/frame.h"

namespace clvet::interp {

template <class T>
struct Tag {
  using type = T;
};

// Integers (and pointers) as unsigned types of their container's size.
template <class F>
decltype(auto) with_int(ir::Ty t, F&& f) {
  switch (t) {
    case ir::Ty::I1: case ir::Ty::I8: return f(Tag<std::uint8_t>{});
    case ir::Ty::I16: case ir::Ty::F16: return f(Tag<std::uint16_t>{});
    case ir::Ty::I32: case ir::Ty::F32: return f(Tag<std::uint32_t>{});
    default: return f(Tag<std::uint64_t>{});
  }
}

template <class F>
decltype(auto) with_float(ir::Ty t, F&& f) {
  if (t == ir::Ty::F64) return f(Tag<double>{});
  return f(Tag<float>{});
}

// Any element type, as the C++ type it computes with.
template <class F>
decltype(auto) with_any(ir::Ty t, F&& f) {
  switch (t) {
    case ir::Ty::F32: return f(Tag<float>{});
    case ir::Ty::F64: return f(Tag<double>{});
    default: return with_int(t, f);
  }
}

// A register's lane values as an array of T.
template <class T>
T* reg(WorkGroupRunner::Frame& f, std::uint32_t r) {
  return reinterpret_cast<T*>(f.base[r]);
}

}  // namespace clvet::interp
