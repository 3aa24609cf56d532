// Dropping `convergent` from work-item and image queries (see query_calls.h).
#include "frontend/query_calls.h"

#include <llvm/IR/Attributes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

#include <string>

#include "frontend/opencl_builtins.h"

namespace clvet::interp {

bool is_query_builtin(std::string_view name) {
  static constexpr std::string_view kQueries[] = {
      "get_work_dim", "get_global_size", "get_global_id", "get_local_size",
      "get_enqueued_local_size", "get_local_id", "get_num_groups", "get_group_id",
      "get_global_offset", "get_global_linear_id", "get_local_linear_id", "get_sub_group_size",
      "get_max_sub_group_size", "get_num_sub_groups", "get_enqueued_num_sub_groups",
      "get_sub_group_id", "get_sub_group_local_id", "get_image_width", "get_image_height",
      "get_image_depth", "get_image_array_size", "get_image_dim", "get_image_channel_data_type",
      "get_image_channel_order"};
  for (std::string_view q : kQueries)
    if (name == q) return true;
  return false;
}

void free_query_calls(llvm::Module& module) {
  for (llvm::Function& f : module) {
    if (!f.isDeclaration() || !is_query_builtin(base_name(f.getName().str()))) continue;
    f.removeFnAttr(llvm::Attribute::Convergent);
    for (llvm::User* user : f.users())
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(user))
        if (call->getCalledFunction() == &f) call->removeFnAttr(llvm::Attribute::Convergent);
  }
}

}  // namespace clvet::interp
