// The last launch's stores, and clvet's private extension function clvetLastStoreCLVET that
// answers which work-item last stored to bytes of a buffer in it.
#include "last_stores.h"

#include <CL/cl.h>

#include <mutex>

#include "memory.h"

namespace clvet::device {
namespace {

std::mutex mutex;
std::unique_ptr<checker::KernelChecker> last;

}  // namespace

void keep_last_stores(std::unique_ptr<checker::KernelChecker> checker) {
  checker->keep_only_last_stores();
  std::lock_guard lock(mutex);
  last = std::move(checker);
}

}  // namespace clvet::device

// clvetLastStoreCLVET: the work-item that last stored to any of the bytes [offset, offset +
// size) of `buffer` in the last launch that ran with CLVET_LAST_WRITERS=1 (the first such
// byte's): ids[0..2] its global id, ids[3..5] its work-group, ids[6..8] its local id.
// CL_INVALID_MEM_OBJECT for a buffer that is not one; CL_INVALID_VALUE when no work-item of
// that launch stored to those bytes (or there was no such launch, or ids is NULL).
extern "C" cl_int CL_API_CALL clvet_last_store(cl_mem buffer, std::size_t offset, std::size_t size,
                                               cl_ulong* ids) {
  using namespace clvet::device;
  Ref<Mem> mem = lookup<Mem>(buffer);
  if (!mem) return CL_INVALID_MEM_OBJECT;
  if (ids == nullptr || offset + size > mem->size()) return CL_INVALID_VALUE;
  std::lock_guard lock(mutex);
  if (!last) return CL_INVALID_VALUE;
  const auto base = reinterpret_cast<std::uint64_t>(mem->data());
  const auto w = last->last_store(base + offset, size);
  if (!w) return CL_INVALID_VALUE;
  for (int d = 0; d < 3; ++d) {
    ids[d] = w->global[d];
    ids[3 + d] = w->group[d];
    ids[6 + d] = w->local[d];
  }
  return CL_SUCCESS;
}
