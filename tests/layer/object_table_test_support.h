// What the object table's tests give it: distinct fake handles (the table never dereferences a
// handle) and the creation of an object of a kind by a call.
#pragma once

#include <cstdint>
#include <string_view>

#include "clvet/checker/object_table.h"

namespace clvet::checker::testing {

inline const void* handle(std::uintptr_t n) {
  return reinterpret_cast<const void*>(0x100000 + n * 16);
}

inline ObjectTable::Creation creation(api::ObjectKind kind, std::string_view entry,
                                      std::uint64_t call) {
  ObjectTable::Creation c;
  c.kind = kind;
  c.call = call;
  c.entry = entry;
  return c;
}

}  // namespace clvet::checker::testing
