// The built-in registry: every family's names, sorted once, looked up by name at decode time.
#include <algorithm>

#include "sub_group_lanes.h"
#include "clvet/interp/builtin_abi.h"

namespace clvet::interp {

void BuiltinRegistry::add(std::string_view name, Resolver resolver) {
  entries_.push_back({std::string(name), resolver});
}

BuiltinFn BuiltinRegistry::resolve(const Signature& signature) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), signature.name,
                             [](const Entry& e, const std::string& n) { return e.name < n; });
  // Several families may register one name (min: integer and common); the first that accepts
  // the types wins.
  for (; it != entries_.end() && it->name == signature.name; ++it)
    if (BuiltinFn fn = it->resolver(signature)) return fn;
  return nullptr;
}

struct RegistryBuilder {
  static BuiltinRegistry build() {
    BuiltinRegistry r;
    register_work_item_builtins(r);
    register_math_builtins(r);
    register_integer_builtins(r);
    register_common_builtins(r);
    register_geometric_builtins(r);
    register_relational_builtins(r);
    register_conversion_builtins(r);
    register_vector_data_builtins(r);
    register_atomic_builtins(r);
    register_async_copy_builtins(r);
    register_printf_builtins(r);
    register_image_builtins(r);
    register_work_group_builtins(r);
    register_address_space_builtins(r);
    register_sub_group_builtins(r);
    register_sub_group_ballot_builtins(r);
    register_sub_group_shuffle_builtins(r);
    register_sub_group_non_uniform_builtins(r);
    register_integer_dot_product_builtins(r);
    std::stable_sort(r.entries_.begin(), r.entries_.end(),
                     [](const BuiltinRegistry::Entry& a, const BuiltinRegistry::Entry& b) {
                       return a.name < b.name;
                     });
    return r;
  }
};

const BuiltinRegistry& BuiltinRegistry::instance() {
  static const BuiltinRegistry registry = RegistryBuilder::build();
  return registry;
}

}  // namespace clvet::interp
